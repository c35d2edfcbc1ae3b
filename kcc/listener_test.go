package kcc

import (
	"math"

	"testing"

	"github.com/go-gl/mathgl/mgl64"
)

// oneWay ignores the platform whenever the character meets it from below
// (the contact normal, from the platform toward the capsule, points down)
// or stands inside it, and counts the calls.
type oneWay struct {
	platform ColliderID
	calls    int
}

func (o *oneWay) OnContact(ev ContactEvent) ContactAction {
	o.calls++
	if ev.Collider == o.platform && (ev.Normal[1] < 0.5 || ev.Distance < 0) {
		return ContactIgnore
	}
	return ContactAccept
}

// A one-way platform 2 m up: a character jumping from under it passes up
// through it (the listener ignores it from below), lands on top of it on
// the way down and stands there; without the listener the same jump hits
// its underside.
func TestContactListenerOneWayPlatform(t *testing.T) {
	var endFeet float64
	run := func(listen bool) (top float64, grounded bool, calls int) {
		w := flatWorld()
		plat := w.AddBox(mgl64.Vec3{0, 2.05, 0}, mgl64.Vec3{2, 0.05, 2}, mgl64.Quat{}) // top at 2.1
		s := newSim(t, w, DefaultConfig(), mgl64.Vec3{0, restY(0), 0})
		l := &oneWay{platform: plat}
		if listen {
			s.opts.Listener = l
		}
		s.step(mgl64.Vec3{}, 0)
		s.step(mgl64.Vec3{}, 11) // up 11 m/s: apex about 3 m over the floor
		for i := 0; i < 120; i++ {
			s.step(mgl64.Vec3{}, 0)
			top = max(top, s.pos[1])
		}
		endFeet = s.pos[1] - testHalf - testRadius
		return top, s.grounded, l.calls
	}
	top, grounded, calls := run(true)
	if !grounded || calls == 0 || endFeet < 2.1-1e-6 || endFeet > 2.1+2*DefaultOffset {
		t.Fatalf("with the listener: grounded %v, feet %.3f after %d calls; want standing on the platform at 2.1", grounded, endFeet, calls)
	}
	feet := func(y float64) float64 { return y - testHalf - testRadius }
	if top < 2.1+testHalf+testRadius {
		t.Fatalf("with the listener the jump peaked at feet %.2f: it did not pass up through the platform", feet(top))
	}
	topNo, _, _ := run(false)
	if feet(topNo)+2*(testHalf+testRadius) > 2.0+1e-6 {
		t.Fatalf("without the listener the head reached %.2f, through the platform's underside at 2", topNo+testHalf+testRadius)
	}
}

// Falling onto the one-way platform from above lands on it: the listener
// accepts it from above.
func TestContactListenerLandsOnOneWayPlatform(t *testing.T) {
	w := flatWorld()
	plat := w.AddBox(mgl64.Vec3{0, 2.05, 0}, mgl64.Vec3{2, 0.05, 2}, mgl64.Quat{})
	s := newSim(t, w, DefaultConfig(), mgl64.Vec3{0, 2.1 + testHalf + testRadius + 1, 0}) // 1 m above it
	s.opts.Listener = &oneWay{platform: plat}
	for i := 0; i < 60; i++ {
		s.step(mgl64.Vec3{}, 0)
	}
	if feet := s.pos[1] - testHalf - testRadius; !s.grounded || feet < 2.1-1e-6 || feet > 2.1+2*DefaultOffset {
		t.Fatalf("falling onto the one-way platform from above: feet %.4f grounded %v, want on it at 2.1", feet, s.grounded)
	}
}

// answer answers act for one collider and ContactAccept for the others.
type answer struct {
	id  ColliderID
	act ContactAction
}

func (a answer) OnContact(ev ContactEvent) ContactAction {
	if ev.Collider == a.id {
		return a.act
	}
	return ContactAccept
}

// walkThrough ignores one collider: a teammate's box is walked through.
func walkThrough(id ColliderID) answer { return answer{id, ContactIgnore} }

// A listener that ignores a box (a teammate) lets the character walk
// through it, where the same walk without the listener stops at it; and a
// Move with a listener allocates nothing.
func TestContactListenerPassThroughAndAllocs(t *testing.T) {
	w := flatWorld()
	mate := w.AddBox(mgl64.Vec3{2, 1, 0}, mgl64.Vec3{0.3, 1, 0.3}, mgl64.Quat{})
	walk := func(l ContactListener) float64 {
		s := newSim(t, w, DefaultConfig(), mgl64.Vec3{0, restY(0), 0})
		s.opts.Listener = l
		for i := 0; i < 60; i++ {
			s.step(mgl64.Vec3{4, 0, 0}, 0)
		}
		return s.pos[0]
	}
	if x := walk(nil); x > 2-0.3-testRadius+1e-3 {
		t.Fatalf("without a listener the character went to x %.3f, through the box", x)
	}
	if x := walk(walkThrough(mate)); x < 3.9 {
		t.Fatalf("with the listener ignoring the box the character stopped at x %.3f", x)
	}
	c := NewController(DefaultConfig())
	opts := MoveOptions{Listener: walkThrough(mate)}
	pos := mgl64.Vec3{1, restY(0), 0}
	c.MoveWith(w, testShape, pos, mgl64.Vec3{0.1, -0.01, 0}, opts)
	if a := testing.AllocsPerRun(100, func() { c.MoveWith(w, testShape, pos, mgl64.Vec3{0.1, -0.01, 0}, opts) }); a != 0 {
		t.Fatalf("a Move with a listener allocates %v times", a)
	}
}

// A character walking at 45° into a wall slides along it (the part of the
// move along the wall is kept: 3 m/s * cos 45° = 2.121 m/s); with the
// listener answering ContactStop for the wall it sticks where it hits,
// while the floor it walks on (also ContactStop-able, but walkable) does
// not stop it: before the wall it walks at the full 3 m/s.
func TestContactListenerStopSticks(t *testing.T) {
	run := func(sticky bool) (x, z float64, before float64) {
		w := flatWorld()
		wall := w.AddBox(mgl64.Vec3{1.5, 1, 0}, mgl64.Vec3{0.1, 1, 10}, mgl64.QuatIdent())
		s := newSim(t, w, DefaultConfig(), mgl64.Vec3{0, restY(0), 0})
		if sticky {
			s.opts.Listener = answer{wall, ContactStop}
		}
		v := mgl64.Vec3{3 / math.Sqrt2, 0, 3 / math.Sqrt2}
		for i := 0; i < 60; i++ {
			p0 := s.pos
			s.step(v, 0)
			if i == 5 {
				before = s.pos.Sub(p0).Len() / testDt
			}
		}
		return s.pos[0], s.pos[2], before
	}
	x, z, before := run(false)
	// 1 s: 0.4 m of x to the wall face (1.4 - r - skin = 1.09 m), then
	// along it: z = 3/√2 = 2.121 m.
	if math.Abs(z-3/math.Sqrt2) > 1e-3 || x > 1.4-testRadius {
		t.Fatalf("sliding: at x %.4f z %.4f, want z %.4f", x, z, 3/math.Sqrt2)
	}
	xs, zs, beforeS := run(true)
	// Sticky: stops where it first touches the wall, x = 1.09 at z = 1.09.
	if math.Abs(xs-zs) > 1e-6 || math.Abs(xs-(1.4-testRadius-DefaultOffset)) > 1e-3 {
		t.Fatalf("sticky: at x %.4f z %.4f, want stuck at %.4f, %.4f", xs, zs, 1.4-testRadius-DefaultOffset, 1.4-testRadius-DefaultOffset)
	}
	if math.Abs(before-3) > 1e-9 || math.Abs(beforeS-3) > 1e-9 {
		t.Fatalf("before the wall: %v and %v m/s, want 3", before, beforeS)
	}
}

// Controller.Overlaps is the room check of a crouched character standing
// up: a standing capsule (1.8 m) under a beam from 1.2 m up overlaps it
// through the World's query and the controller alike; the controller
// leaves out what its Moves leave out — the collision mask, a query filter,
// a collider its listener ignores (asked once, not sweeping, at a negative
// distance) — and invalid input reports an overlap.
func TestControllerOverlaps(t *testing.T) {
	w := flatWorld()
	beam := w.AddBox(mgl64.Vec3{0, 1.35, 0}, mgl64.Vec3{1, 0.15, 1}, mgl64.Quat{})
	tall := Capsule{Radius: 0.3, HalfHeight: 0.6}
	at := mgl64.Vec3{0, 0.91, 0}
	c := NewController(DefaultConfig())
	if !w.OverlapCapsule(tall, at, 0) || !c.OverlapsWith(w, tall, at, MoveOptions{}) {
		t.Fatal("the standing capsule does not overlap the beam")
	}
	if c.OverlapsWith(w, tall, mgl64.Vec3{3, 0.91, 0}, MoveOptions{}) {
		t.Error("overlap 3 m from the beam (the floor is 0.01 m below the feet)")
	}
	if c.OverlapsWith(w, tall, at, MoveOptions{Filter: &QueryFilter{Exclude: []ColliderID{beam}}}) {
		t.Error("the filter excludes the beam and it still overlaps")
	}
	if err := w.SetCollisionLayers(beam, 2, AllLayers); err != nil {
		t.Fatal(err)
	}
	cfg := DefaultConfig()
	cfg.CollisionMask = 1
	if NewController(cfg).OverlapsWith(w, tall, at, MoveOptions{}) {
		t.Error("the mask leaves the beam's layer out and it still overlaps")
	}
	if !c.OverlapsWith(w, tall, at, MoveOptions{}) {
		t.Error("the default mask collides with layer 2: overlap expected")
	}
	var asked []ContactEvent
	listen := MoveOptions{Listener: contactFunc(func(ev ContactEvent) ContactAction {
		asked = append(asked, ev)
		if ev.Collider == beam {
			return ContactIgnore
		}
		return ContactAccept
	})}
	if c.OverlapsWith(w, tall, at, listen) {
		t.Error("the listener ignores the beam and it still overlaps")
	}
	if len(asked) != 1 || asked[0].Collider != beam || asked[0].Sweep || !(asked[0].Distance < 0) {
		t.Errorf("the listener was asked %+v, want once about the beam, not sweeping, overlapping", asked)
	}
	for _, bad := range []struct {
		w     *World
		shape Capsule
		pos   mgl64.Vec3
	}{{nil, tall, at}, {w, Capsule{Radius: 0, HalfHeight: 0.6}, at}, {w, tall, mgl64.Vec3{math.NaN(), 0, 0}}} {
		if !c.OverlapsWith(bad.w, bad.shape, bad.pos, MoveOptions{}) {
			t.Errorf("invalid input %+v reports room", bad)
		}
	}
}

// contactFunc is a ContactListener of one function.
type contactFunc func(ContactEvent) ContactAction

func (f contactFunc) OnContact(ev ContactEvent) ContactAction { return f(ev) }
