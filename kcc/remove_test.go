package kcc

import (
	"errors"
	"testing"

	"github.com/go-gl/mathgl/mgl64"
)

// A door (a box across a corridor) blocks a character walking into it;
// removed at runtime, it lets the character through on the next Move, and
// every query forgets it.
func TestRemoveColliderOpensDoor(t *testing.T) {
	w := flatWorld()
	door := w.AddBox(mgl64.Vec3{2, 1.5, 0}, mgl64.Vec3{0.1, 1.5, 2}, mgl64.Quat{})
	s := newSim(t, w, DefaultConfig(), mgl64.Vec3{0, restY(0), 0})
	for i := 0; i < 60; i++ {
		s.step(mgl64.Vec3{3, 0, 0}, 0)
	}
	// Blocked: the capsule rests against the door's face at x = 1.9.
	stop := 1.9 - testRadius - DefaultOffset
	if s.pos[0] > stop+1e-6 || s.pos[0] < stop-0.01 {
		t.Fatalf("door did not block: x %.4f, want about %.4f", s.pos[0], stop)
	}
	if err := w.RemoveCollider(door); err != nil {
		t.Fatal(err)
	}
	before := s.pos[0]
	res := s.step(mgl64.Vec3{3, 0, 0}, 0)
	if got := res.Translation[0]; got < 3*testDt-1e-9 {
		t.Fatalf("first move after opening went %.5f m, want the full %.5f", got, 3*testDt)
	}
	for i := 0; i < 60; i++ {
		s.step(mgl64.Vec3{3, 0, 0}, 0)
	}
	if s.pos[0] < before+3 {
		t.Fatalf("did not walk through the opened door: x %.3f", s.pos[0])
	}
	if _, ok := w.RayCast(mgl64.Vec3{0, 1, 0}, mgl64.Vec3{1, 0, 0}, 10); ok {
		t.Fatal("a ray still hits the removed door")
	}
	if w.OverlapCapsule(testShape, mgl64.Vec3{2, 1.5, 0}, 0) {
		t.Fatal("the removed door still overlaps")
	}
	if n := len(w.AppendTriangles(nil)); n != 12 {
		t.Fatalf("AppendTriangles draws %d triangles, want the floor's 12", n)
	}
}

func TestRemoveColliderErrors(t *testing.T) {
	w := flatWorld()
	floor := ColliderID(0)
	for _, id := range []ColliderID{-1, NoCollider, 1, 1 << 20} {
		if err := w.RemoveCollider(id); !errors.Is(err, ErrUnknownCollider) {
			t.Errorf("remove %d: %v, want ErrUnknownCollider", id, err)
		}
	}
	if err := w.RemoveCollider(floor); err != nil {
		t.Fatal(err)
	}
	if err := w.RemoveCollider(floor); !errors.Is(err, ErrColliderRemoved) {
		t.Fatalf("second remove: %v, want ErrColliderRemoved", err)
	}
	// IDs are not reused: the next collider gets a new one.
	if id := w.AddBox(mgl64.Vec3{}, mgl64.Vec3{1, 1, 1}, mgl64.Quat{}); id != 1 || w.NumColliders() != 2 {
		t.Fatalf("new id %d, %d colliders", id, w.NumColliders())
	}
	var nilWorld *World
	if err := nilWorld.RemoveCollider(0); !errors.Is(err, ErrUnknownCollider) {
		t.Fatalf("nil world: %v", err)
	}
	// A removed floor no longer holds the character up.
	c := NewController(DefaultConfig())
	res := c.Move(w, testShape, mgl64.Vec3{20, restY(0), 0}, mgl64.Vec3{0, -0.5, 0})
	if res.Grounded || res.Translation[1] > -0.5+1e-9 {
		t.Fatalf("fell %v, grounded %v: the removed floor still collides", res.Translation, res.Grounded)
	}
}
