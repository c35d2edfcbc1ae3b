package kcc

import (
	"encoding/binary"
	"math"
	"testing"

	"github.com/go-gl/mathgl/mgl64"
)

// fuzzWorld builds up to 12 boxes from layout: 7 bytes per box give the
// centre (x, z in [-3, 3], y in [-1, 3]), half extents in [0.02, 2] and a
// rotation about a tilted axis, so boxes overlap, form pockets and creases.
func fuzzWorld(layout []byte) *World {
	w := NewWorld()
	w.AddBox(mgl64.Vec3{0, -0.5, 0}, mgl64.Vec3{20, 0.5, 20}, mgl64.Quat{})
	for i := 0; i+7 <= len(layout) && i < 7*12; i += 7 {
		b := layout[i : i+7]
		u := func(k int) float64 { return float64(b[k]) / 255 }
		c := mgl64.Vec3{u(0)*6 - 3, u(1)*4 - 1, u(2)*6 - 3}
		h := mgl64.Vec3{0.02 + u(3)*2, 0.02 + u(4)*2, 0.02 + u(5)*2}
		axis := mgl64.Vec3{u(6) - 0.5, 1, 0.3}.Normalize()
		w.AddBox(c, h, mgl64.QuatRotate(u(6)*math.Pi, axis))
	}
	return w
}

// minDistance returns the smallest gap between the capsule and the world
// (negative when overlapping), or +Inf when nothing is within 1 m.
func minDistance(w *World, shape Capsule, pos mgl64.Vec3) float64 {
	d := math.Inf(1)
	for _, c := range w.Contacts(shape, pos, mgl64.Vec3{0, 1, 0}, 1, nil) {
		d = math.Min(d, c.Distance)
	}
	return d
}

// moveBound is the longest translation a Move may return for the request
// d (docs/kcc.md, "How far a Move goes"): tightBound, the request lifted
// onto a walkable slope plus one step up or a snap down and the skin; a
// step's sloped face is climbed over several Moves, never skipped in one.
func moveBound(cfg Config, _ Capsule, d mgl64.Vec3) float64 {
	if l := d.Len(); !finite(l) {
		d = mgl64.Vec3{}
	}
	return tightBound(cfg, d)
}

func FuzzMove(f *testing.F) {
	f.Add([]byte{128, 60, 128, 200, 100, 20, 0}, 0.5, -0.1, 0.0, uint8(30))
	f.Add([]byte{10, 20, 30, 40, 50, 60, 70, 200, 10, 100, 90, 10, 250, 3}, math.NaN(), 0.0, 1e9, uint8(10))
	f.Add([]byte{128, 0, 128, 255, 20, 255, 128, 140, 10, 140, 10, 255, 10, 9}, math.Inf(1), -1.0, 0.3, uint8(40))
	f.Add([]byte{90, 0, 90, 30, 200, 30, 0, 170, 0, 170, 30, 200, 30, 0}, 0.2, -0.3, 0.2, uint8(60))
	f.Fuzz(func(t *testing.T, layout []byte, dx, dy, dz float64, steps uint8) {
		w := fuzzWorld(layout)
		c := NewController(DefaultConfig())
		// cc moves with a ContactCache from the same positions: the same
		// bits on every step.
		cc := NewController(DefaultConfig())
		var cache ContactCache
		lc := NewController(DefaultConfig())
		lc.SetContactListener(contactFunc(func(ContactEvent) ContactAction { return ContactAccept }))
		shape := testShape
		// Start above every box (tops are below y = 3 + 2*sqrt3 < 7) and
		// fall in, then move with the fuzzed request, mixed with gravity
		// and turns so that the character explores the pockets.
		pos := mgl64.Vec3{0, 8, 0}
		desired := mgl64.Vec3{dx, dy, dz}
		for i := 0; i < int(steps%80)+1; i++ {
			d := desired
			switch i % 4 {
			case 1:
				d = mgl64.Vec3{0, -0.5, 0}
			case 2:
				d = mgl64.Vec3{-dz, dy, dx}
			}
			res := c.Move(w, shape, pos, d)
			if !finiteVec(res.Translation) || !finiteVec(res.GroundNormal) {
				t.Fatalf("step %d: non-finite result %+v", i, res)
			}
			if rc := cc.MoveCached(w, shape, pos, d, &cache); !sameResult(rc, res) {
				t.Fatalf("step %d: with a ContactCache %+v, without %+v", i, rc, res)
			}
			if l, lim := res.Translation.Len(), moveBound(c.Config(), shape, d); l > lim {
				t.Fatalf("step %d: moved %v for a request of %v (length %v), bound %v", i, l, d, d.Len(), lim)
			}
			pos = pos.Add(res.Translation)
			if md := minDistance(w, shape, pos); md < -DefaultOffset-1e-9 {
				t.Fatalf("step %d: capsule %v deep inside geometry at %v (request %v)", i, -md, pos, d)
			}
			// The room check agrees with the World's overlap query, with
			// and without a listener (which takes the contacts' way).
			o := w.OverlapCapsule(shape, pos, 0)
			if got := c.Overlaps(w, shape, pos, nil); got != o {
				t.Fatalf("step %d: Overlaps %v, World.OverlapCapsule %v at %v", i, got, o, pos)
			}
			if got := lc.Overlaps(w, shape, pos, nil); got != o {
				t.Fatalf("step %d: Overlaps with a listener %v, World.OverlapCapsule %v at %v", i, got, o, pos)
			}
		}
	})
}

// FuzzAddTriMesh feeds arbitrary vertex and index data: AddTriMesh must
// return an error or a usable mesh, never panic, and queries on an accepted
// mesh must stay finite.
func FuzzAddTriMesh(f *testing.F) {
	f.Add([]byte{0, 0, 0, 0, 0, 0, 0, 0}, []byte{0, 1, 2})
	f.Add(make([]byte, 8*9), []byte{0, 1, 2, 2, 1, 0})
	f.Add([]byte{0, 0, 0, 0, 0, 0, 0xf8, 0x7f}, []byte{0, 0, 0, 9, 9, 9})
	f.Fuzz(func(t *testing.T, vdata, idata []byte) {
		var vs []mgl64.Vec3
		for i := 0; i+24 <= len(vdata) && len(vs) < 64; i += 24 {
			var v mgl64.Vec3
			for k := 0; k < 3; k++ {
				v[k] = math.Float64frombits(binary.LittleEndian.Uint64(vdata[i+8*k:]))
			}
			vs = append(vs, v)
		}
		// Short vertex data: build a small fan from the bytes instead.
		if len(vs) == 0 {
			for i, b := range vdata {
				vs = append(vs, mgl64.Vec3{float64(i), float64(b) / 16, float64(i * i % 7)})
			}
		}
		idx := make([]uint32, len(idata))
		for i, b := range idata {
			idx[i] = uint32(b)
		}
		w := NewWorld()
		id, err := w.AddTriMesh(vs, idx)
		if err != nil {
			if id != NoCollider || w.NumColliders() != 0 {
				t.Fatalf("error %v but id %v, %d colliders", err, id, w.NumColliders())
			}
			return
		}
		c := NewController(DefaultConfig())
		res := c.Move(w, testShape, mgl64.Vec3{0.5, 3, 0.5}, mgl64.Vec3{0.3, -5, 0.2})
		if !finiteVec(res.Translation) {
			t.Fatalf("non-finite move on accepted mesh: %+v", res)
		}
		if h, ok := w.RayCast(mgl64.Vec3{0.5, 100, 0.5}, mgl64.Vec3{0, -1, 0}, 1e9); ok && !finiteVec(h.Point) {
			t.Fatalf("non-finite ray hit %+v", h)
		}
	})
}

// FuzzMoveMovingColliders moves the fuzz world's boxes while a character
// walks among them: fuzzed linear and angular velocities (NaN, huge and
// ordinary), fuzzed transforms (non-unit, zero and NaN quaternions) and
// fuzzed dt for World.Step, with the documented carry. Whatever the input:
// no panic, the world's poses and the carry stay finite, and every Move
// returns a finite result within its bound plus a deep push-out.
func FuzzMoveMovingColliders(f *testing.F) {
	f.Add([]byte{128, 60, 128, 200, 100, 20, 0, 90, 0, 90, 30, 200, 30, 0}, 1.0, 0.0, 0.5, 1.0/60, uint8(40))
	f.Add([]byte{10, 20, 30, 40, 50, 60, 70, 200, 10, 100, 90, 10, 250, 3}, math.NaN(), 1e300, -3.0, 0.25, uint8(20))
	f.Add([]byte{128, 0, 128, 255, 20, 255, 128}, 0.0, 0.0, 100.0, math.Inf(1), uint8(30))
	f.Add([]byte{90, 0, 90, 30, 200, 30, 0}, -2.0, 5.0, 0.0, -1.0, uint8(60))
	f.Fuzz(func(t *testing.T, layout []byte, vx, vy, spin, dt float64, steps uint8) {
		w := fuzzWorld(layout)
		n := w.NumColliders()
		for id := 1; id < n; id++ {
			k := float64(id)
			w.SetVelocity(ColliderID(id), mgl64.Vec3{vx * k / 3, vy, -vx}, mgl64.Vec3{0, spin, spin / k})
		}
		// Some fuzzed transforms, valid or not: errors are fine, panics
		// and NaN are not.
		if n > 1 {
			w.SetTransform(1, mgl64.Vec3{vx, vy, spin}, mgl64.Quat{W: dt, V: mgl64.Vec3{vx, 0, spin}})
		}
		c := NewController(DefaultConfig())
		cc := NewController(DefaultConfig()) // with a ContactCache: the same bits
		var cache ContactCache
		shape := testShape
		pos := mgl64.Vec3{0, 8, 0}
		var res MoveResult
		for i := 0; i < int(steps%60)+1; i++ {
			w.Step(dt)
			for id := 0; id < n; id++ {
				if p, q, err := w.Transform(ColliderID(id)); err == nil && (!finiteVec(p) || !finite(q.W) || !finiteVec(q.V)) {
					t.Fatalf("step %d: collider %d pose %v %v", i, id, p, q)
				}
			}
			var carry mgl64.Vec3
			if res.Grounded {
				carry, _ = w.Carry(res.GroundCollider, pos, mgl64.Vec3{0, 1, 0})
				if !finiteVec(carry) {
					t.Fatalf("step %d: carry %v", i, carry)
				}
				pos = pos.Add(carry)
			}
			d := mgl64.Vec3{0.05, -0.02, 0.03}
			res = c.Move(w, shape, pos, d)
			if !finiteVec(res.Translation) || !finiteVec(res.GroundNormal) {
				t.Fatalf("step %d: non-finite result %+v", i, res)
			}
			if rc := cc.MoveCached(w, shape, pos, d, &cache); !sameResult(rc, res) {
				t.Fatalf("step %d: with a ContactCache %+v, without %+v", i, rc, res)
			}
			// Moving boxes may push the capsule before the Move starts: the
			// push-out (a deep exit included) comes on top of the bound.
			lim := moveBound(c.Config(), shape, d) + 2*(shape.Radius+shape.HalfHeight) + 1
			if l := res.Translation.Len(); l > lim {
				t.Fatalf("step %d: moved %v, bound %v", i, l, lim)
			}
			pos = pos.Add(res.Translation)
			if !finiteVec(pos) {
				t.Fatalf("step %d: position %v", i, pos)
			}
		}
	})
}
