package kcc

import (
	"math"
	"testing"

	"github.com/go-gl/mathgl/mgl64"
)

// Capsule colliders (other characters): a character walking into one
// stops with the two capsules' surfaces the skin apart; rays, contacts,
// overlaps and casts see it where its pose puts it, and it moves with
// SetTransform.
func TestCapsuleCollider(t *testing.T) {
	w := flatWorld()
	other := w.AddCapsule(testShape, mgl64.Vec3{2, restY(0), 0})
	s := newSim(t, w, DefaultConfig(), mgl64.Vec3{0, restY(0), 0})
	for i := 0; i < 60; i++ {
		res := s.step(mgl64.Vec3{3, 0, 0}, 0)
		if !res.Grounded {
			t.Fatalf("tick %d: not grounded", i)
		}
	}
	// Stopped with the axes 2r + offset apart (within the cast tolerance).
	if gap := 2 - s.pos[0] - 2*testRadius; math.Abs(gap-DefaultOffset) > 1e-4 {
		t.Fatalf("stopped %v from the other capsule's surface, want %v", gap, DefaultOffset)
	}
	// A ray along +x at chest height hits its side at x = 2 - r.
	if h, ok := w.RayCast(mgl64.Vec3{0, 1, 0}, mgl64.Vec3{1, 0, 0}, 10); !ok || h.Collider != other || math.Abs(h.Distance-(2-testRadius)) > 1e-9 || !h.Normal.ApproxEqualThreshold(mgl64.Vec3{-1, 0, 0}, 1e-9) {
		t.Fatalf("ray: %+v %v", h, ok)
	}
	// A ray down onto its top sphere hits at the capsule's top.
	top := restY(0) + testHalf + testRadius
	if h, ok := w.RayCast(mgl64.Vec3{2, 5, 0}, mgl64.Vec3{0, -1, 0}, 10); !ok || h.Collider != other || math.Abs(h.Distance-(5-top)) > 1e-9 {
		t.Fatalf("ray down: %+v %v", h, ok)
	}
	if !w.OverlapCapsule(testShape, mgl64.Vec3{2.5, restY(0), 0}, 0) {
		t.Fatal("no overlap half a radius into it")
	}
	// Moved away, it no longer blocks.
	if err := w.SetTransform(other, mgl64.Vec3{2, restY(0), 5}, mgl64.Quat{}); err != nil {
		t.Fatal(err)
	}
	x := s.pos[0]
	s.step(mgl64.Vec3{3, 0, 0}, 0)
	if math.Abs(s.pos[0]-x-3*testDt) > 1e-9 {
		t.Fatalf("the moved capsule still blocks: moved %v", s.pos[0]-x)
	}
	// A character can stand on another's head.
	c := NewController(DefaultConfig())
	res := c.Move(w, testShape, mgl64.Vec3{2, top + testHalf + testRadius + DefaultOffset + 0.005, 5}, mgl64.Vec3{0, -0.02, 0})
	if !res.Grounded || res.GroundCollider != other {
		t.Fatalf("not standing on the other's head: %+v", res)
	}
	if err := w.SetCapsuleShape(other, Capsule{Radius: 0.3, HalfHeight: 0.3}); err != nil {
		t.Fatal(err)
	}
	if err := w.SetCapsuleShape(other, Capsule{Radius: -1}); err == nil {
		t.Fatal("a bad shape was accepted")
	}
	bad := w.AddCapsule(Capsule{Radius: math.NaN()}, mgl64.Vec3{})
	if _, ok := w.RayCast(mgl64.Vec3{0, 5, 0}, mgl64.Vec3{0, -1, 0}, 10); ok {
		if h, _ := w.RayCast(mgl64.Vec3{0, 5, 0}, mgl64.Vec3{0, -1, 0}, 10); h.Collider == bad {
			t.Fatal("an invalid capsule was hit")
		}
	}
}
