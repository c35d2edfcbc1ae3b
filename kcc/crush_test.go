package kcc

import (
	"math"
	"testing"

	"github.com/go-gl/mathgl/mgl64"
)

// A tall platform (3 m, wider than the character) pushes a character into
// a static 1 m slab and keeps pressing 0.21 m deeper than contact (more
// than half the radius: deep-overlap recovery): the character stays out of
// the slab (never more than the tolerance inside it, never beyond its far
// side, never lifted over it) and every squeezed tick reports Crushed.
func TestDeepCrushAgainstAWall(t *testing.T) {
	w := flatWorld()
	w.AddBox(mgl64.Vec3{3.5, 1, 0}, mgl64.Vec3{0.5, 1, 2}, mgl64.Quat{}) // x 3..4, 2 m tall
	pusher := w.AddBox(mgl64.Vec3{-1.5, 1.5, 0}, mgl64.Vec3{0.5, 1.5, 2}, mgl64.Quat{})
	w.SetVelocity(pusher, mgl64.Vec3{1, 0, 0}, mgl64.Vec3{})
	s := newSim(t, w, DefaultConfig(), mgl64.Vec3{1, restY(0), 0})
	s.step(mgl64.Vec3{}, 0)
	deepest := 3 - (2*testRadius - 0.21) // the pusher's face when squeezing 0.21 m
	squeezed, crushed := 0, 0
	for i := 0; i < 400; i++ {
		p, _, _ := w.Transform(pusher)
		if p[0]+0.5 >= deepest {
			// hold the squeeze: the pusher presses on, going nowhere.
			w.SetVelocity(pusher, mgl64.Vec3{1e-3, 0, 0}, mgl64.Vec3{})
		}
		res, _ := ride(s, mgl64.Vec3{})
		p, _, _ = w.Transform(pusher)
		front := p[0] + 0.5
		if s.pos[0]+testRadius > 3+1e-6 || s.pos[0] > 3 {
			t.Fatalf("tick %d: in or through the wall, x %v", i, s.pos[0])
		}
		if s.pos[1] > restY(0)+1e-6 {
			t.Fatalf("tick %d: lifted to y %v (over the wall or the pusher)", i, s.pos[1])
		}
		if front > 3-2*testRadius-DefaultOffset+1e-9 { // no room for the capsule
			squeezed++
			if res.Crushed {
				crushed++
			}
		}
	}
	if squeezed < 100 || crushed != squeezed {
		t.Fatalf("Crushed on %d of %d squeezed ticks", crushed, squeezed)
	}
}

// A lift rising under a character toward a ceiling slab and stopping with
// 1.5 m of room under it (the capsule is 1.8 m tall): carried with
// Controller.Carry, the character never goes into the slab or out on top
// of it, and is reported Crushed while the lift presses it; with the raw
// World.Carry displacement it would be pushed into the slab.
func TestLiftCrushesUnderACeiling(t *testing.T) {
	w := NewWorld()
	w.AddBox(mgl64.Vec3{0, -0.5, 0}, mgl64.Vec3{20, 0.5, 20}, mgl64.Quat{})        // floor
	w.AddBox(mgl64.Vec3{0, 4.5, 0}, mgl64.Vec3{5, 0.5, 5}, mgl64.Quat{})           // ceiling slab, y 4..5
	lift := w.AddBox(mgl64.Vec3{0, 0.25, 0}, mgl64.Vec3{2, 0.25, 2}, mgl64.Quat{}) // deck at 0.5
	w.SetVelocity(lift, mgl64.Vec3{0, 1, 0}, mgl64.Vec3{})
	s := newSim(t, w, DefaultConfig(), mgl64.Vec3{0, 0.5 + restY(0), 0})
	s.step(mgl64.Vec3{}, 0)
	crushed, maxHead := 0, 0.0
	for i := 0; i < 300; i++ {
		if p, _, _ := w.Transform(lift); p[1]+0.25 >= 4-1.5 {
			w.SetVelocity(lift, mgl64.Vec3{}, mgl64.Vec3{})
		}
		s.w.Step(testDt)
		if s.grounded && s.lastRes.GroundCollider != NoCollider {
			d, _ := s.c.CarryWith(s.w, s.shape, s.pos, s.lastRes.GroundCollider, MoveOptions{})
			s.pos = s.pos.Add(d)
		}
		res := s.step(mgl64.Vec3{}, 0)
		head := s.pos[1] + testHalf + testRadius
		maxHead = math.Max(maxHead, head)
		if head > 4-DefaultOffset+1e-6 {
			t.Fatalf("tick %d: head at %v, into the ceiling slab (bottom 4)", i, head)
		}
		if res.Crushed {
			crushed++
		}
	}
	if crushed == 0 {
		t.Fatal("pressed against the ceiling by the lift, but Crushed never reported")
	}
	t.Logf("highest head %.4f m under a ceiling at 4 m; Crushed on %d ticks", maxHead, crushed)
}
