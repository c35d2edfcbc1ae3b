package kcc

import (
	"math"
	"testing"

	"github.com/go-gl/mathgl/mgl64"
)

// TestHugeValuesKeepDirection: a collider velocity or a move request whose
// squared length overflows float64 is clamped with its direction kept, as
// the documentation promises (it used to become zero).
func TestHugeValuesKeepDirection(t *testing.T) {
	w := NewWorld()
	id := w.AddBox(mgl64.Vec3{0, -0.5, 0}, mgl64.Vec3{10, 0.5, 10}, mgl64.QuatIdent())
	if err := w.SetVelocity(id, mgl64.Vec3{3e300, 0, 4e300}, mgl64.Vec3{0, 1e300, 0}); err != nil {
		t.Fatal(err)
	}
	lin, ang, _ := w.Velocity(id)
	want := mgl64.Vec3{0.6 * MaxColliderSpeed, 0, 0.8 * MaxColliderSpeed}
	if math.Abs(lin[0]-want[0]) > 1e-9*MaxColliderSpeed || math.Abs(lin[2]-want[2]) > 1e-9*MaxColliderSpeed || lin[1] != 0 {
		t.Fatalf("linear %v, want %v", lin, want)
	}
	if math.Abs(ang[1]-MaxColliderSpin) > 1e-9*MaxColliderSpin {
		t.Fatalf("angular %v, want (0, %v, 0)", ang, MaxColliderSpin)
	}

	c := NewController(DefaultConfig())
	shape := Capsule{Radius: 0.3, HalfHeight: 0.6}
	start := mgl64.Vec3{0, 0.91, 0}
	var prev float64
	for _, s := range []float64{1e150, 1e200, 1e300} {
		res := c.Move(w, shape, start, mgl64.Vec3{s, 0, 0})
		d := res.Translation[0]
		if !(d > 1) || math.Abs(res.Translation[2]) > 1e-9 {
			t.Fatalf("request %g along +X moved %v", s, res.Translation)
		}
		if prev != 0 && math.Abs(d-prev) > 1e-9*prev {
			t.Fatalf("request %g moved %v, %g moved %v: both should be capped alike", s, d, 1e150, prev)
		}
		prev = d
	}
}
