package kcc

import (
	"errors"
	"math"
	"testing"

	"github.com/go-gl/mathgl/mgl64"
)

// TestSurfaceVelocity: a conveyor stays put, carries a point on it by
// v·dt per Step (0.2 m for 2 m/s over 0.1 s) and reports v as its point velocity; a moving conveyor
// adds both; bad input is refused; removing it or zeroing v ends it.
func TestSurfaceVelocity(t *testing.T) {
	w := NewWorld()
	id := w.AddBox(mgl64.Vec3{0, -0.1, 0}, mgl64.Vec3{2, 0.1, 5}, mgl64.QuatIdent())
	if w.HasConveyors() {
		t.Fatal("no conveyor yet")
	}
	if err := w.SetSurfaceVelocity(id, mgl64.Vec3{0, 0, 2}); err != nil {
		t.Fatal(err)
	}
	if !w.HasConveyors() {
		t.Fatal("HasConveyors false")
	}
	w.Step(0.1)
	p := mgl64.Vec3{0, 0.9, 0}
	if d, yaw := w.Carry(id, p, mgl64.Vec3{0, 1, 0}); math.Abs(d[2]-0.2) > 1e-12 || d[0] != 0 || d[1] != 0 || yaw != 0 {
		t.Fatalf("carry %v %v, want (0, 0, 0.2)", d, yaw)
	}
	if v := w.PointVelocity(id, p); v != (mgl64.Vec3{0, 0, 2}) {
		t.Fatalf("point velocity %v", v)
	}
	if pos, _, _ := w.Transform(id); pos != (mgl64.Vec3{0, -0.1, 0}) {
		t.Fatalf("the conveyor moved to %v", pos)
	}
	// Moving too: both add up.
	if err := w.SetVelocity(id, mgl64.Vec3{1, 0, 0}, mgl64.Vec3{}); err != nil {
		t.Fatal(err)
	}
	w.Step(0.1)
	if d, _ := w.Carry(id, p, mgl64.Vec3{0, 1, 0}); math.Abs(d[0]-0.1) > 1e-12 || math.Abs(d[2]-0.2) > 1e-12 {
		t.Fatalf("moving conveyor carry %v, want (0.1, 0, 0.2)", d)
	}
	if err := w.SetSurfaceVelocity(id, mgl64.Vec3{math.NaN(), 0, 0}); !errors.Is(err, ErrBadVelocity) {
		t.Fatalf("NaN surface velocity: %v", err)
	}
	if err := w.SetSurfaceVelocity(id, mgl64.Vec3{}); err != nil || w.HasConveyors() {
		t.Fatalf("zeroed: %v, HasConveyors %v", err, w.HasConveyors())
	}
	w.SetSurfaceVelocity(id, mgl64.Vec3{1, 0, 0})
	if err := w.RemoveCollider(id); err != nil || w.HasConveyors() {
		t.Fatalf("removed: %v, HasConveyors %v", err, w.HasConveyors())
	}
}
