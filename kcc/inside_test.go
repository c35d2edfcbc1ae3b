package kcc

import (
	"testing"

	"github.com/go-gl/mathgl/mgl64"
)

// TestNotGroundedInsideABlock: a block teleported onto a standing
// character (the capsule 1.19 m inside it) is climbed out of over a few
// Moves; while the capsule is still inside, it is not reported grounded on
// anything, and once out it stands on the block.
func TestNotGroundedInsideABlock(t *testing.T) {
	w := NewWorld()
	w.AddBox(mgl64.Vec3{0, -0.5, 0}, mgl64.Vec3{20, 0.5, 20}, mgl64.QuatIdent())
	// A 4 m cube whose top is 1.19 m above the capsule's top (the capsule
	// spans y 0.01 .. 1.81).
	block := w.AddBox(mgl64.Vec3{50, 0, 0}, mgl64.Vec3{2, 2, 2}, mgl64.QuatIdent())
	c := NewController(DefaultConfig())
	shape := Capsule{Radius: 0.3, HalfHeight: 0.6}
	pos := mgl64.Vec3{0, 0.91, 0}
	if err := w.SetTransform(block, mgl64.Vec3{0, 1.81 + 1.19 - 2, 0}, mgl64.QuatIdent()); err != nil {
		t.Fatal(err)
	}
	w.Step(1.0 / 60)
	out := false
	for i := 0; i < 10; i++ {
		res := c.Move(w, shape, pos, mgl64.Vec3{0, -0.01, 0})
		pos = pos.Add(res.Translation)
		inside := w.OverlapCapsule(shape, pos, -0.05)
		if inside && res.Grounded {
			t.Fatalf("move %d: grounded (%v) while still inside the block at %v", i, res.GroundState, pos)
		}
		if !inside {
			out = true
			if !res.Grounded || res.GroundCollider != block {
				t.Fatalf("move %d: out of the block at %v but not standing on it (%v, collider %v)", i, pos, res.GroundState, res.GroundCollider)
			}
			break
		}
	}
	if !out {
		t.Fatalf("still inside the block after 10 moves, at %v", pos)
	}
}
