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

// Door is a collider that slides between its closed pose and its closed
// pose plus Open, at Speed m/s. It opens while Sensor is occupied (when
// Sensor is a collider) or, without a sensor, on a schedule: ClosedFor
// seconds closed, then open, OpenFor seconds open, then closing, and so on.
type Door struct {
	Collider kcc.ColliderID
	Closed   mgl64.Vec3 // the closed position
	Rot      mgl64.Quat
	Open     mgl64.Vec3 // displacement from closed to open
	Speed    float64
	// Sensor opens the door while a character overlaps it; NoCollider
	// means the schedule instead.
	Sensor             kcc.ColliderID
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

// scheduledOpen is whether a scheduled door wants to be open at time t:
// closed for ClosedFor seconds, then open for OpenFor seconds (each
// including the travel), repeating.
func (d *Door) scheduledOpen(t float64) bool {
	period := d.ClosedFor + d.OpenFor
	if period <= 0 {
		return false
	}
	return math.Mod(t, period) >= d.ClosedFor
}
