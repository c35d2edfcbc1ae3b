package kcc

import (
	"testing"

	"github.com/go-gl/mathgl/mgl64"
)

// A character placed deep inside another character's capsule (a spawn or
// a teleport onto it: the axes 0.05-0.25 m apart, more than half a radius
// deep) is taken out of it, not left inside, and not through the floor
// or a wall next to them.
func TestDeepRecoveryFromAnotherCapsule(t *testing.T) {
	for _, gap := range []float64{0.05, 0.15, 0.25} {
		for _, wall := range []bool{false, true} {
			w := flatWorld()
			if wall {
				// a wall just behind the other character, on the far side
				w.AddBox(mgl64.Vec3{3 + 0.4, 1, 0}, mgl64.Vec3{0.1, 1, 2}, mgl64.QuatIdent())
			}
			other := mgl64.Vec3{3, restY(0), 0}
			w.AddCapsule(testShape, other)
			c := NewController(DefaultConfig())
			pos := mgl64.Vec3{3 - gap, restY(0), 0}
			for i := 0; i < 3; i++ {
				res := c.Move(w, testShape, pos, mgl64.Vec3{0, -0.01, 0})
				pos = pos.Add(res.Translation)
			}
			if w.OverlapCapsule(testShape, pos, -1e-6) {
				t.Fatalf("gap %v wall %v: still overlapping at %v", gap, wall, pos)
			}
			if d := pos.Sub(other); d[0]*d[0]+d[2]*d[2] < (2*testRadius-1e-3)*(2*testRadius-1e-3) {
				t.Fatalf("gap %v wall %v: axes %v apart at %v", gap, wall, mgl64.Vec2{d[0], d[2]}.Len(), pos)
			}
			if pos[1] < restY(0)-1e-3 || pos[1] > restY(0)+2 {
				t.Fatalf("gap %v wall %v: height %v", gap, wall, pos[1])
			}
		}
	}
}

// Deep between two characters standing side by side (axes 0.6 m apart):
// the capsule takes the short way out of both, across their axes (at most
// 2r + skin = 0.61 m), not a long detour (the contact push-out alone
// takes 0.91-1.48 m from these places).
func TestDeepRecoveryBetweenTwoCapsules(t *testing.T) {
	for _, at := range []mgl64.Vec3{{3, 0, 0.3}, {3.05, 0, 0.2}, {3, 0, 0}, {2.9, 0, 0.1}} {
		w := flatWorld()
		a, b := mgl64.Vec3{3, restY(0), 0}, mgl64.Vec3{3, restY(0), 0.6}
		w.AddCapsule(testShape, a)
		w.AddCapsule(testShape, b)
		c := NewController(DefaultConfig())
		pos := mgl64.Vec3{at[0], restY(0), at[2]}
		start := pos
		for i := 0; i < 3; i++ {
			pos = pos.Add(c.Move(w, testShape, pos, mgl64.Vec3{0, -0.01, 0}).Translation)
		}
		if w.OverlapCapsule(testShape, pos, -1e-6) {
			t.Fatalf("from %v: still overlapping at %v", at, pos)
		}
		if l := pos.Sub(start).Len(); l > 2*testRadius+DefaultOffset+1e-3 {
			t.Fatalf("from %v: left by %.3f m to %v, want the short way (at most %.2f)", at, l, pos, 2*testRadius+DefaultOffset)
		}
	}
}
