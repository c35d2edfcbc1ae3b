package platforms

import (
	"errors"
	"math"
	"slices"
	"testing"

	"github.com/go-gl/mathgl/mgl64"
	"github.com/seedgames/motorkit/kcc"
)

func near(a, b mgl64.Vec3) bool { return a.Sub(b).Len() < 1e-9 }

// A ping-pong elevator between y = 0 and y = 6 at 3 m/s waiting 1 s at
// each end: 2 s up, 1 s wait, 2 s down, 1 s wait — a 6 s period.
func TestPathPingPong(t *testing.T) {
	p := Path{Waypoints: []mgl64.Vec3{{0, 0, 0}, {0, 6, 0}}, Wait: []float64{1, 1}, Speed: 3}
	if err := p.Validate(); err != nil {
		t.Fatal(err)
	}
	if p.Period() != 6 {
		t.Fatalf("period %v, want 6", p.Period())
	}
	for _, c := range []struct{ t, y float64 }{
		{0, 0}, {0.5, 0}, {1, 0}, {2, 3}, {3, 6}, {3.5, 6}, {4, 6}, {5, 3}, {6, 0}, {6.5, 0}, {8, 3}, {602, 3},
	} {
		if pos, _ := p.PoseAt(c.t); !near(pos, mgl64.Vec3{0, c.y, 0}) {
			t.Errorf("t %v: %v, want y %v", c.t, pos, c.y)
		}
	}
}

// A looped square of 4 m sides at 2 m/s: 8 s around, corners at 2 s
// intervals; a constant spin of pi/2 rad/s turns it a quarter per second.
func TestPathLoopAndSpin(t *testing.T) {
	sq := []mgl64.Vec3{{0, 1, 0}, {4, 1, 0}, {4, 1, 4}, {0, 1, 4}}
	p := Path{Waypoints: sq, Speed: 2, Loop: true, Spin: mgl64.Vec3{0, math.Pi / 2, 0}}
	if p.Period() != 8 {
		t.Fatalf("period %v", p.Period())
	}
	for k := 0; k < 4; k++ {
		if pos, _ := p.PoseAt(float64(2 * k)); !near(pos, sq[k]) {
			t.Errorf("corner %d: %v", k, pos)
		}
	}
	if pos, _ := p.PoseAt(7); !near(pos, mgl64.Vec3{0, 1, 2}) {
		t.Errorf("t 7: %v, want halfway from the last corner back to the first", pos)
	}
	_, rot := p.PoseAt(1)
	if x := rot.Rotate(mgl64.Vec3{1, 0, 0}); !near(x, mgl64.Vec3{0, 0, -1}) {
		t.Errorf("a quarter turn about +Y takes +X to %v, want -Z", x)
	}
}

// The pose at a tick is the same whatever ticks came before: it is
// computed from the tick number, so replays and late joins agree bit for
// bit and a long run does not drift (after 100,000 ticks at 60 Hz the
// elevator is exactly where the period says).
func TestPathNoDrift(t *testing.T) {
	p := Path{Waypoints: []mgl64.Vec3{{0, 0, 0}, {0, 6, 0}}, Wait: []float64{1, 1}, Speed: 3}
	const dt = 1.0 / 60
	a, _ := p.PoseAt(float64(100000) * dt)
	b, _ := p.PoseAt(float64(100000) * dt)
	if a != b {
		t.Fatal("PoseAt is not a function of t")
	}
	// 100000/60 s = 1666.67 s = 277 periods + 4.67 s: going down, 0.67 s
	// into the descent from 6 m at 3 m/s: y = 6 - 2 = 4.
	if math.Abs(a[1]-4) > 1e-6 {
		t.Fatalf("after 100000 ticks y = %v, want 4", a[1])
	}
}

func TestPathValidate(t *testing.T) {
	nan := math.NaN()
	for _, p := range []Path{
		{},
		{Waypoints: []mgl64.Vec3{{0, 0, 0}, {1, 0, 0}}},                               // no speed
		{Waypoints: []mgl64.Vec3{{nan, 0, 0}}},                                        // NaN point
		{Waypoints: []mgl64.Vec3{{0, 0, 0}, {1, 0, 0}}, Speed: 1, Wait: []float64{1}}, // wait count
		{Waypoints: []mgl64.Vec3{{0, 0, 0}}, Wait: []float64{-1}},                     // negative wait
		{Waypoints: []mgl64.Vec3{{0, 0, 0}}, Spin: mgl64.Vec3{0, 1e9, 0}},             // spin
		{Waypoints: []mgl64.Vec3{{0, 0, 0}, {1, 0, 0}}, Speed: math.Inf(1)},
	} {
		if err := p.Validate(); !errors.Is(err, ErrBadPath) {
			t.Errorf("%+v: %v", p, err)
		}
	}
	// One waypoint needs no speed: it only spins (a turntable).
	p := Path{Waypoints: []mgl64.Vec3{{0, 0, 0}}, Spin: mgl64.Vec3{0, 1, 0}}
	if err := p.Validate(); err != nil {
		t.Fatal(err)
	}
}

// Apply places movers at their path's pose for the end of the tick and
// moves doors: a scheduled door opens after ClosedFor and a sensor door
// opens while its sensor is occupied, each at its speed.
func TestSetApply(t *testing.T) {
	w := kcc.NewWorld()
	lift := w.AddBox(mgl64.Vec3{}, mgl64.Vec3{1, 0.1, 1}, mgl64.Quat{})
	door := w.AddBox(mgl64.Vec3{5, 1, 0}, mgl64.Vec3{0.1, 1, 1}, mgl64.Quat{})
	gate := w.AddBox(mgl64.Vec3{9, 1, 0}, mgl64.Vec3{0.1, 1, 1}, mgl64.Quat{})
	zone := w.AddBox(mgl64.Vec3{8, 1, 0}, mgl64.Vec3{0.5, 1, 1}, mgl64.Quat{})
	w.SetSensor(zone, true)
	s := Set{
		Movers: []Mover{{Collider: lift, Path: Path{Waypoints: []mgl64.Vec3{{0, 0, 0}, {0, 6, 0}}, Speed: 3}}},
		Doors: []Door{
			{Collider: door, Closed: mgl64.Vec3{5, 1, 0}, Open: mgl64.Vec3{0, 2, 0}, Speed: 2, Sensor: kcc.NoCollider, ClosedFor: 1, OpenFor: 2},
			{Collider: gate, Closed: mgl64.Vec3{9, 1, 0}, Open: mgl64.Vec3{0, 2, 0}, Speed: 4, Sensor: zone},
		},
	}
	if err := s.Validate(); err != nil {
		t.Fatal(err)
	}
	const dt = 0.1
	occupied := false
	occ := func(id kcc.ColliderID) bool { return id == zone && occupied }
	for tick := uint64(0); tick < 30; tick++ {
		occupied = tick >= 10 && tick < 20
		if err := s.Apply(w, tick, dt, occ); err != nil {
			t.Fatal(err)
		}
		tEnd := float64(tick+1) * dt
		if p, _, _ := w.Transform(lift); math.Abs(p[1]-math.Min(3*tEnd, 6-3*(tEnd-2))) > 1e-9 {
			t.Fatalf("tick %d: lift at %v", tick, p)
		}
	}
	// Scheduled door (period 3 s): it wants to be open for tick ends
	// t in [1, 3), opening 0.1 per tick (2 m/s over 2 m at 0.1 s): fully
	// open after 10 of those 20 ticks; the last tick ends at t = 3, the
	// start of the next closed phase, and closes it by 0.1.
	// Sensor gate: opened during ticks 10..19 (1 s at 4 m/s: open after
	// 0.5 s), closing from tick 20 on (0.5 s): closed at the end.
	if o := s.Doors[1].Openness(); o != 0 {
		t.Fatalf("gate openness %v after its sensor emptied, want 0", o)
	}
	if o := s.Doors[0].Openness(); math.Abs(o-0.9) > 1e-12 {
		t.Fatalf("door openness %v at t = 3, want 0.9", o)
	}
	// A removed mover is reported, the rest still placed.
	w.RemoveCollider(lift)
	if err := s.Apply(w, 30, dt, occ); !errors.Is(err, kcc.ErrColliderRemoved) {
		t.Fatalf("removed mover: %v", err)
	}
}

// TestDoorScheduleTiming checks the schedule as Door documents it, tick by
// tick (dt = 1/32 s, so every time is exact): ClosedFor 1 s, OpenFor 2 s,
// travel 1 s (2 m at 2 m/s). Closed until the tick that ends at ClosedFor
// starts opening it; fully open from the tick that ends at ClosedFor +
// travel - dt until the period's end (3 s); closing from the tick that
// ends at 3 s, fully closed travel later; opening again in the tick that
// ends at 3 + ClosedFor. A phase shorter than the travel turns it back part
// way, and a zero period keeps it closed.
func TestDoorScheduleTiming(t *testing.T) {
	const dt = 1.0 / 32
	run := func(closedFor, openFor float64, ticks int) []float64 {
		w := kcc.NewWorld()
		door := w.AddBox(mgl64.Vec3{}, mgl64.Vec3{0.1, 1, 1}, mgl64.Quat{})
		s := Set{Doors: []Door{{Collider: door, Open: mgl64.Vec3{0, 2, 0}, Speed: 2,
			Sensor: kcc.NoCollider, ClosedFor: closedFor, OpenFor: openFor}}}
		if err := s.Validate(); err != nil {
			t.Fatal(err)
		}
		out := make([]float64, ticks) // openness at the end of each tick
		for tick := range out {
			if err := s.Apply(w, uint64(tick), dt, nil); err != nil {
				t.Fatal(err)
			}
			out[tick] = s.Doors[0].Openness()
		}
		return out
	}
	// tickEnding is the tick whose end time is sec.
	tickEnding := func(sec float64) int { return int(sec/dt) - 1 }
	o := run(1, 2, tickEnding(4.5)+1)
	want := func(tick int, v float64) {
		t.Helper()
		if o[tick] != v {
			t.Errorf("tick ending at %v s: openness %v, want %v", float64(tick+1)*dt, o[tick], v)
		}
	}
	want(tickEnding(1)-1, 0)       // closed through the closed phase...
	want(tickEnding(1), dt)        // ...until the tick ending at ClosedFor moves it (dt/travel a tick)
	want(tickEnding(2-dt)-1, 1-dt) // travel 1 s: one step short
	want(tickEnding(2-dt), 1)      // fully open at ClosedFor + travel - dt
	want(tickEnding(3-dt), 1)      // open to the end of the period
	want(tickEnding(3), 1-dt)      // the tick ending at 3 s starts closing it
	want(tickEnding(4-dt), 0)      // fully closed one travel later
	want(tickEnding(4), dt)        // and opening again at 3 + ClosedFor
	// OpenFor 0.5 s < travel: it gets half open, then turns back.
	short := run(1, 0.5, tickEnding(3)+1)
	if m := slices.Max(short); m != 0.5 {
		t.Errorf("OpenFor 0.5 s with a 1 s travel: opened to %v, want 0.5", m)
	}
	if m := slices.Max(run(0, 0, 40)); m != 0 {
		t.Errorf("a zero period opened the door to %v", m)
	}
}
