package platforms

import (
	"errors"
	"fmt"
	"math"

	"github.com/go-gl/mathgl/mgl64"
	"github.com/seedgames/motorkit/detmath"
	"github.com/seedgames/motorkit/kcc"
)

// Mover is a collider that follows a Path.
type Mover struct {
	Collider kcc.ColliderID
	Path     Path
}

// Door is a collider that slides between its closed position and its
// closed position plus Open, at Speed m/s: a full swing takes |Open|/Speed
// seconds, its travel time. Each tick of Set.Apply moves it Speed·dt
// towards open or towards closed, stopping at either end; which way is
// given by Sensor (towards open while it is occupied) or, without a
// sensor, by the schedule of ClosedFor and OpenFor. A new Door is closed.
type Door struct {
	Collider kcc.ColliderID
	Closed   mgl64.Vec3 // the closed position
	Rot      mgl64.Quat
	Open     mgl64.Vec3 // displacement from closed to open
	Speed    float64
	// Sensor moves the door towards open while a character overlaps it,
	// towards closed otherwise; NoCollider means the schedule instead.
	Sensor kcc.ColliderID
	// ClosedFor and OpenFor are the schedule of a door without a sensor,
	// in seconds. It repeats every ClosedFor+OpenFor seconds from time 0:
	// in each period the door moves towards closed during the first
	// ClosedFor seconds and towards open during the last OpenFor seconds
	// (a tick follows the phase its end time, (tick+1)·dt, falls in). The
	// travel is inside those phases, not added to them: starting closed,
	// the door starts opening in the tick that ends at ClosedFor and is
	// fully open one travel time later, from the tick that ends at
	// ClosedFor + travel - dt; it stays open until the period ends, then
	// closes the same way. So it rests fully open for OpenFor - travel
	// seconds and, after the first period, fully closed for ClosedFor -
	// travel; a phase shorter than the travel turns it back part way. A
	// period of 0 keeps it closed.
	ClosedFor, OpenFor float64
	openness           float64 // 0 closed .. 1 open
}

// Openness returns how open the door is: 0 closed, 1 open.
func (d *Door) Openness() float64 { return d.openness }

// Set is a level's moving colliders, moved once per tick by Apply.
type Set struct {
	Movers []Mover
	Doors  []Door
}

// Errors of Set.Validate.
var ErrBadDoor = errors.New("platforms: invalid door")

// Validate checks every path and door.
func (s *Set) Validate() error {
	for i := range s.Movers {
		if err := s.Movers[i].Path.Validate(); err != nil {
			return fmt.Errorf("mover %d: %w", i, err)
		}
	}
	for i, d := range s.Doors {
		if !finite3(d.Closed) || !finite3(d.Open) || !(d.Speed > 0) || math.IsInf(d.Speed, 0) || detmath.Len(d.Open) == 0 {
			return fmt.Errorf("%w %d: need finite closed and open, open != 0, speed > 0", ErrBadDoor, i)
		}
		if d.Sensor == kcc.NoCollider && (!(d.ClosedFor >= 0) || !(d.OpenFor >= 0) || math.IsInf(d.ClosedFor+d.OpenFor, 0)) {
			return fmt.Errorf("%w %d: schedule needs closed_for and open_for >= 0", ErrBadDoor, i)
		}
	}
	return nil
}

// Occupied tells a Set which sensors have a character in them this tick.
type Occupied func(sensor kcc.ColliderID) bool

// Apply runs tick number tick (tick 0 is the first) of length dt: it
// starts the world's motion tick (w.Step) and places every mover at its
// path's pose for the end of the tick, (tick+1)·dt, and every door by one
// tick of its motion towards open or closed. occupied may be nil (no
// sensor is occupied). Errors from the world (a collider removed by the
// game) are returned after every other collider has been placed.
func (s *Set) Apply(w *kcc.World, tick uint64, dt float64, occupied Occupied) error {
	w.Step(dt)
	t := float64(float64(tick+1) * dt)
	var first error
	for i := range s.Movers {
		m := &s.Movers[i]
		pos, rot := m.Path.PoseAt(t)
		if err := w.SetTransform(m.Collider, pos, rot); err != nil && first == nil {
			first = err
		}
	}
	for i := range s.Doors {
		d := &s.Doors[i]
		open := false
		if d.Sensor != kcc.NoCollider {
			open = occupied != nil && occupied(d.Sensor)
		} else {
			open = d.scheduledOpen(t)
		}
		step := d.Speed * dt / detmath.Len(d.Open)
		if open {
			d.openness = math.Min(1, d.openness+step)
		} else {
			d.openness = math.Max(0, d.openness-step)
		}
		if err := w.SetTransform(d.Collider, d.Closed.Add(detmath.Scale(d.Open, d.openness)), d.Rot); err != nil && first == nil {
			first = err
		}
	}
	return first
}

// scheduledOpen is whether a scheduled door moves towards open at time t:
// in the last OpenFor seconds of each ClosedFor+OpenFor period (see Door).
func (d *Door) scheduledOpen(t float64) bool {
	period := d.ClosedFor + d.OpenFor
	if period <= 0 {
		return false
	}
	return math.Mod(t, period) >= d.ClosedFor
}
