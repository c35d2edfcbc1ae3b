package kcc

import (
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
