package kcc_test

import (
	"math"
	"testing"

	"github.com/go-gl/mathgl/mgl64"
	"github.com/seedgames/motorkit/kcc"
)

// acceptAll is a listener that accepts every contact: a Move with a
// listener takes every collider through its casts, so it is the reference
// the shortcut of TestTouchingCharacterClipsAtOnce is held to.
type acceptAll struct{}

func (acceptAll) OnContact(kcc.ContactEvent) kcc.ContactAction { return kcc.ContactAccept }

// TestTouchingCharacterClipsAtOnce: a character that starts its move
// touching another character (within Offset, as a crowd's walkers pressed
// together are on every tick) is clipped by it at once, as a cast would
// clip it at time zero, and saves that cast. The result is the cast's: a
// walker on the floor pressed against one or two others, from 24
// directions, asked to walk into them at 5 m/s with a sideways weave, ends
// where the same Move taken through its casts ends (within 1e-9 m), never
// closer to them than the skin, with the same first collision and wall
// flag; and it slides along them (the weave's part is kept).
func TestTouchingCharacterClipsAtOnce(t *testing.T) {
	const dt = 1.0 / 60
	cfg := kcc.DefaultConfig()
	off := cfg.Offset
	for _, pair := range []bool{false, true} {
		for k := 0; k < 24; k++ {
			a := 2 * math.Pi * float64(k) / 24
			dir := mgl64.Vec3{math.Cos(a), 0, math.Sin(a)} // from the mover to the one ahead
			side := mgl64.Vec3{-dir[2], 0, dir[0]}
			w := kcc.NewWorld()
			w.AddBox(mgl64.Vec3{0, -0.5, 0}, mgl64.Vec3{20, 0.5, 20}, mgl64.Quat{})
			pos := mgl64.Vec3{0, walkerShape.HalfHeight + walkerShape.Radius + off, 0}
			gap := 2*walkerShape.Radius + off*0.5 // touching, within Offset
			ahead := []mgl64.Vec3{pos.Add(dir.Mul(gap))}
			if pair {
				// A second one ahead on the other side: the mover is in
				// their crease.
				d2 := mgl64.Vec3{math.Cos(a + 1.2), 0, math.Sin(a + 1.2)}
				ahead = append(ahead, pos.Add(d2.Mul(gap)))
			}
			var ids []kcc.ColliderID
			for _, p := range ahead {
				ids = append(ids, w.AddCapsule(walkerShape, p))
			}
			desired := dir.Mul(5 * dt).Add(side.Mul(2 * dt)).Add(mgl64.Vec3{0, -20 * dt * dt, 0})
			fast := kcc.NewController(cfg).MoveWith(w, walkerShape, pos, desired, kcc.MoveOptions{})
			ref := kcc.NewController(cfg).MoveWith(w, walkerShape, pos, desired, kcc.MoveOptions{Listener: acceptAll{}})
			if d := fast.Translation.Sub(ref.Translation).Len(); d > 1e-9 {
				t.Fatalf("pair %v, direction %d: moved %v, through the casts %v (%.3g m apart)", pair, k, fast.Translation, ref.Translation, d)
			}
			if len(fast.Collisions) == 0 || len(ref.Collisions) == 0 || fast.Collisions[0].Collider != ref.Collisions[0].Collider {
				t.Fatalf("pair %v, direction %d: first collisions %v and %v", pair, k, fast.Collisions, ref.Collisions)
			}
			if fast.OnWall != ref.OnWall || !fast.Grounded {
				t.Fatalf("pair %v, direction %d: on a wall %v (through the casts %v), grounded %v", pair, k, fast.OnWall, ref.OnWall, fast.Grounded)
			}
			end := pos.Add(fast.Translation)
			for i, p := range ahead {
				if d := (mgl64.Vec2{end[0] - p[0], end[2] - p[2]}).Len(); d < 2*walkerShape.Radius+off-1e-6 {
					t.Fatalf("pair %v, direction %d: %.5f m from character %d's axis, inside the skin", pair, k, d, ids[i])
				}
			}
			if !pair && fast.Translation.Dot(side) < 1.9*dt {
				t.Fatalf("direction %d: slid %.4f m along the one ahead, want about %.4f", k, fast.Translation.Dot(side), 2*dt)
			}
		}
	}
}

// TestStillMoveReadsItsStartContacts: a Move that ends where it started
// (a walker pressed against another, on flat ground and on a 20° slope) takes its ground at the end from the contacts it read at
// the start instead of probing again. The ground is the probe's: the same
// state, normal and collider as the same Move with a listener (which
// probes), with and without a ContactCache, on the Move that fills the
// cache and on the next, which starts from it.
func TestStillMoveReadsItsStartContacts(t *testing.T) {
	const dt = 1.0 / 60
	cfg := kcc.DefaultConfig()
	cfg.SnapToGround = 0 // no snap: the end's ground is the probe's alone
	off := cfg.Offset
	for _, slope := range []float64{0, 20} {
		rot := mgl64.QuatRotate(mgl64.DegToRad(slope), mgl64.Vec3{0, 0, 1})
		n := rot.Rotate(mgl64.Vec3{0, 1, 0})
		w := kcc.NewWorld()
		floor := w.AddBox(n.Mul(-0.5), mgl64.Vec3{20, 0.5, 20}, rot) // its top through the origin
		// The lowest point of the capsule rests Offset above the plane.
		pos := n.Mul(walkerShape.Radius + off).Add(mgl64.Vec3{0, walkerShape.HalfHeight, 0})
		gap := 2*walkerShape.Radius + off + 1e-9 // touching, at the skin
		// Across the slope (it rises along x): the other stands as high.
		w.AddCapsule(walkerShape, pos.Add(mgl64.Vec3{0, 0, gap}))
		desired := mgl64.Vec3{0, -20 * dt * dt, 5 * dt} // into it
		ref := kcc.NewController(cfg).MoveWith(w, walkerShape, pos, desired, kcc.MoveOptions{Listener: acceptAll{}})
		var cache kcc.ContactCache
		for i, opts := range []kcc.MoveOptions{{}, {Cache: &cache}, {Cache: &cache}} {
			got := kcc.NewController(cfg).MoveWith(w, walkerShape, pos, desired, opts)
			if got.Translation != (mgl64.Vec3{}) {
				t.Fatalf("slope %v°, move %d: moved %v: the walker is not held still", slope, i, got.Translation)
			}
			if got.GroundState != ref.GroundState || got.GroundNormal != ref.GroundNormal || got.GroundCollider != ref.GroundCollider {
				t.Fatalf("slope %v°, move %d: ground %v %v %v, probed %v %v %v", slope, i,
					got.GroundState, got.GroundNormal, got.GroundCollider, ref.GroundState, ref.GroundNormal, ref.GroundCollider)
			}
		}
		if !ref.Grounded || ref.GroundCollider != floor || ref.GroundNormal.Sub(n).Len() > 1e-9 {
			t.Fatalf("slope %v°: probed ground %v %v on %v, want the floor's normal %v", slope, ref.GroundState, ref.GroundNormal, ref.GroundCollider, n)
		}
	}
}
