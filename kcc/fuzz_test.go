package kcc

import (
	"encoding/binary"
	"math"
	"slices"
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

// fuzzListener answers by collider, from the fuzzed bits: it accepts the
// floor (collider 0), ignores the colliders with id%5 == ignore, stops at those with id%5 == stop, and
// with oneWay ignores the odd colliders met from below or from inside (an
// answer that depends on the event); it records what it is asked.
type fuzzListener struct {
	ignore, stop ColliderID
	oneWay       bool
	events       []ContactEvent
}

func (l *fuzzListener) OnContact(ev ContactEvent) ContactAction {
	l.events = append(l.events, ev)
	switch {
	case ev.Collider == 0: // the floor
		return ContactAccept
	case ev.Collider%5 == l.ignore:
		return ContactIgnore
	case ev.Collider%5 == l.stop:
		return ContactStop
	case l.oneWay && ev.Collider%2 == 1 && (ev.Normal[1] < 0 || ev.Distance < 0):
		return ContactIgnore
	}
	return ContactAccept
}

// fuzzOptions moves a character of its own with MoveOptions drawn from
// mix, twice: with a ContactCache and without. Every Move, CarryWith and
// OverlapsWith must be the same bits both ways and ask the listeners the
// same questions in the same order. mix's bits: 0 a filter, 1 a listener,
// 2 both drawn anew each tick instead; the filter excludes one collider
// (from mix>>3&7), masks out layer 2 (where one collider, from mix>>6&7,
// is put) and rejects id%4 == mix>>9&3 by its predicate, the floor
// (collider 0) always kept; the listener
// ignores id%5 == mix>>11&3, stops at id%5 == (mix>>11&3)+1 and, with bit
// 13, lets the odd colliders be passed from below.
type fuzzOptions struct {
	mix           uint16
	cached, plain *Controller
	cache         ContactCache
	filter        QueryFilter
	lc, lp        fuzzListener
	pos           mgl64.Vec3
	res           MoveResult
	// moves and hits count the Moves, and those that started where the
	// cache was filled (TestFuzzOptionsUseTheCache).
	moves, hits int
}

func newFuzzOptions(w *World, mix uint16, pos mgl64.Vec3) *fuzzOptions {
	n := ColliderID(w.NumColliders())
	o := &fuzzOptions{mix: mix, cached: NewController(DefaultConfig()), plain: NewController(DefaultConfig()), pos: pos}
	if n > 1 { // the floor (collider 0) stays
		_ = w.SetCollisionLayers(1+ColliderID(mix>>6&7)%(n-1), 2, AllLayers)
		o.filter.Exclude = []ColliderID{1 + ColliderID(mix>>3&7)%(n-1)}
	}
	reject := ColliderID(mix >> 9 & 3)
	o.filter.Mask = DefaultLayer
	o.filter.Predicate = func(id ColliderID) bool { return id == 0 || id%4 != reject }
	ig := ColliderID(mix >> 11 & 3)
	o.lc = fuzzListener{ignore: ig, stop: ig + 1, oneWay: mix&(1<<13) != 0}
	o.lp = o.lc
	return o
}

// opts returns tick i's options for the cached (a) and the uncached (b)
// controller.
func (o *fuzzOptions) opts(i int) (a, b MoveOptions) {
	on := o.mix
	if on&4 != 0 {
		on = uint16(i*7+int(o.mix>>3)) % 4
	}
	if on&1 != 0 {
		a.Filter, b.Filter = &o.filter, &o.filter
	}
	if on&2 != 0 {
		a.Listener, b.Listener = &o.lc, &o.lp
	}
	a.Character, b.Character = uint64(o.mix)+1, uint64(o.mix)+1
	a.Cache = &o.cache
	return a, b
}

// step moves the character by d on tick i (after the carry, with ride)
// and fails t when the two ways differ.
func (o *fuzzOptions) step(t *testing.T, w *World, i int, d mgl64.Vec3, ride bool) {
	a, b := o.opts(i)
	o.lc.events, o.lp.events = o.lc.events[:0], o.lp.events[:0]
	if ride && o.res.Grounded {
		da, ya := o.cached.CarryWith(w, testShape, o.pos, o.res.GroundCollider, a)
		db, yb := o.plain.CarryWith(w, testShape, o.pos, o.res.GroundCollider, b)
		if da != db || ya != yb || !slices.Equal(o.lc.events, o.lp.events) {
			t.Fatalf("step %d: CarryWith %v %v and %v %v, asked %+v and %+v", i, da, ya, db, yb, o.lc.events, o.lp.events)
		}
		if !finiteVec(db) {
			t.Fatalf("step %d: CarryWith %v", i, db)
		}
		o.pos = o.pos.Add(db)
	}
	if o.cache.world == w && o.cache.gen == w.gen && o.cache.pos == o.pos {
		o.hits++
	}
	o.moves++
	ra := o.cached.MoveWith(w, testShape, o.pos, d, a)
	rb := o.plain.MoveWith(w, testShape, o.pos, d, b)
	if !sameResult(ra, rb) {
		t.Fatalf("step %d: options %+v: with a ContactCache %+v, without %+v", i, b, ra, rb)
	}
	if !slices.Equal(o.lc.events, o.lp.events) {
		t.Fatalf("step %d: options %+v: the listener was asked %+v with the cache, %+v without", i, b, o.lc.events, o.lp.events)
	}
	if !finiteVec(rb.Translation) || !finiteVec(rb.GroundNormal) {
		t.Fatalf("step %d: non-finite result %+v", i, rb)
	}
	o.res = rb
	o.pos = o.pos.Add(rb.Translation)
	if i%8 == 0 {
		o.lc.events, o.lp.events = o.lc.events[:0], o.lp.events[:0]
		oa, ob := o.cached.OverlapsWith(w, testShape, o.pos, a), o.plain.OverlapsWith(w, testShape, o.pos, b)
		if oa != ob || !slices.Equal(o.lc.events, o.lp.events) {
			t.Fatalf("step %d: OverlapsWith %v and %v", i, oa, ob)
		}
	}
}

// TestFuzzOptionsUseTheCache: on a fuzz world, fuzzOptions' character
// has its Moves served by the cache and its listener asked, so the fuzz
// tests compare what they mean to.
func TestFuzzOptionsUseTheCache(t *testing.T) {
	for _, mix := range []uint16{0, 1, 2, 3, 0x2a4b, 0x170e, 0x0809, 0x2803} {
		w := fuzzWorld([]byte{90, 0, 90, 30, 200, 30, 0, 170, 0, 170, 30, 200, 30, 0, 128, 60, 128, 200, 100, 20, 0})
		fo := newFuzzOptions(w, mix, mgl64.Vec3{0, 8, 0})
		asked := 0
		for i := 0; i < 120; i++ { // it falls from y = 8 in 70 Moves
			fo.lp.events = fo.lp.events[:0]
			fo.step(t, w, i, mgl64.Vec3{0.05, -0.1, 0.03}, true)
			asked += len(fo.lp.events)
		}
		if fo.hits < fo.moves/2 {
			t.Errorf("mix %#x: the cache served %d of %d Moves", mix, fo.hits, fo.moves)
		}
		if listens := mix&2 != 0 || mix&4 != 0; listens != (asked > 0) {
			t.Errorf("mix %#x: the listener was asked %d times", mix, asked)
		}
	}
}

func FuzzMove(f *testing.F) {
	f.Add([]byte{128, 60, 128, 200, 100, 20, 0}, 0.5, -0.1, 0.0, uint8(30), uint16(0))
	f.Add([]byte{10, 20, 30, 40, 50, 60, 70, 200, 10, 100, 90, 10, 250, 3}, math.NaN(), 0.0, 1e9, uint8(10), uint16(3))
	f.Add([]byte{128, 0, 128, 255, 20, 255, 128, 140, 10, 140, 10, 255, 10, 9}, math.Inf(1), -1.0, 0.3, uint8(40), uint16(0x2a4b))
	f.Add([]byte{90, 0, 90, 30, 200, 30, 0, 170, 0, 170, 30, 200, 30, 0}, 0.2, -0.3, 0.2, uint8(60), uint16(0x170e))
	f.Add([]byte{90, 0, 90, 30, 200, 30, 0, 170, 0, 170, 30, 200, 30, 0}, 0.3, -0.1, -0.2, uint8(70), uint16(0x0809))
	f.Fuzz(func(t *testing.T, layout []byte, dx, dy, dz float64, steps uint8, mix uint16) {
		w := fuzzWorld(layout)
		// A second character moves with options drawn from mix, with and
		// without a cache (fuzzOptions).
		fo := newFuzzOptions(w, mix, mgl64.Vec3{0, 8, 0})
		c := NewController(DefaultConfig())
		// cc moves with a ContactCache from the same positions: the same
		// bits on every step.
		cc := NewController(DefaultConfig())
		var cache ContactCache
		lc := NewController(DefaultConfig())
		listen := MoveOptions{Listener: contactFunc(func(ContactEvent) ContactAction { return ContactAccept })}
		shape := testShape
		// Start above every box (tops are below y = 3 + 2*sqrt3 < 7) and
		// fall in, then move with the fuzzed request, mixed with gravity
		// and turns so that the character explores the pockets.
		pos := mgl64.Vec3{0, 8, 0}
		desired := mgl64.Vec3{dx, dy, dz}
		for i := 0; i < int(steps%80)+1; i++ {
			d := fuzzRequest(i, desired)
			res := checkedMove(t, i, w, c, cc, &cache, shape, pos, d)
			pos = pos.Add(res.Translation)
			if md := minDistance(w, shape, pos); md < -DefaultOffset-1e-9 {
				t.Fatalf("step %d: capsule %v deep inside geometry at %v (request %v)", i, -md, pos, d)
			}
			// The room check agrees with the World's overlap query, with
			// and without a listener (which takes the contacts' way).
			o := w.OverlapCapsule(shape, pos, 0)
			if got := c.OverlapsWith(w, shape, pos, MoveOptions{}); got != o {
				t.Fatalf("step %d: Overlaps %v, World.OverlapCapsule %v at %v", i, got, o, pos)
			}
			if got := lc.OverlapsWith(w, shape, pos, listen); got != o {
				t.Fatalf("step %d: Overlaps with a listener %v, World.OverlapCapsule %v at %v", i, got, o, pos)
			}
			fo.step(t, w, i, d, false)
		}
	})
}

// fuzzRequest is the fuzzed walk's request on step i: the fuzzed one,
// then a fall, then the fuzzed one turned, then the fuzzed one again.
func fuzzRequest(i int, desired mgl64.Vec3) mgl64.Vec3 {
	switch i % 4 {
	case 1:
		return mgl64.Vec3{0, -0.5, 0}
	case 2:
		return mgl64.Vec3{-desired[2], desired[1], desired[0]}
	}
	return desired
}

// checkedMove is c's Move of shape at pos by d on step i of a fuzzed
// walk, checked: its result finite, the same bits from cc with the
// ContactCache cache, no longer than the move bound.
func checkedMove(t *testing.T, i int, w *World, c, cc *Controller, cache *ContactCache, shape Capsule, pos, d mgl64.Vec3) MoveResult {
	t.Helper()
	res := c.Move(w, shape, pos, d)
	if !finiteVec(res.Translation) || !finiteVec(res.GroundNormal) {
		t.Fatalf("step %d: non-finite result %+v", i, res)
	}
	if rc := cc.MoveWith(w, shape, pos, d, MoveOptions{Cache: cache}); !sameResult(rc, res) {
		t.Fatalf("step %d: with a ContactCache %+v, without %+v", i, rc, res)
	}
	if l, lim := res.Translation.Len(), moveBound(c.Config(), shape, d); l > lim {
		t.Fatalf("step %d: moved %v for a request of %v (length %v), bound %v", i, l, d, d.Len(), lim)
	}
	return res
}

// FuzzMoveBox is FuzzMove's walk for a box character (Capsule.Box) among
// the fuzzed boxes, turned any way: every result finite, the same bits
// with a ContactCache, no move beyond the bound, never deeper than the
// skin inside a collider (by the box's own gap), and OverlapsWith and
// World.OverlapCapsule true exactly when some gap is not positive.
func FuzzMoveBox(f *testing.F) {
	f.Add([]byte{128, 60, 128, 200, 100, 20, 0}, 0.5, -0.1, 0.0, uint8(30))
	f.Add([]byte{10, 20, 30, 40, 50, 60, 70, 200, 10, 100, 90, 10, 250, 3}, math.NaN(), 0.0, 1e9, uint8(10))
	f.Add([]byte{90, 0, 90, 30, 200, 30, 0, 170, 0, 170, 30, 200, 30, 0}, 0.2, -0.3, 0.2, uint8(60))
	f.Add([]byte{128, 0, 128, 255, 20, 255, 128, 140, 10, 140, 10, 255, 10, 9}, 0.3, -0.1, -0.2, uint8(70))
	f.Fuzz(func(t *testing.T, layout []byte, dx, dy, dz float64, steps uint8) {
		w := fuzzWorld(layout)
		c := NewController(DefaultConfig())
		cc := NewController(DefaultConfig())
		var cache ContactCache
		shape := boxShape
		pos := mgl64.Vec3{0, 8, 0}
		desired := mgl64.Vec3{dx, dy, dz}
		for i := 0; i < int(steps%80)+1; i++ {
			d := fuzzRequest(i, desired)
			res := checkedMove(t, i, w, c, cc, &cache, shape, pos, d)
			pos = pos.Add(res.Translation)
			g := boxGap(w, shape, pos)
			if g < -DefaultOffset-1e-9 {
				t.Fatalf("step %d: box %v deep inside geometry at %v (request %v)", i, -g, pos, d)
			}
			if got := c.OverlapsWith(w, shape, pos, MoveOptions{}); got != (g <= 0) || got != w.OverlapCapsule(shape, pos, 0) {
				t.Fatalf("step %d: Overlaps %v, World.OverlapCapsule %v, gap %v at %v", i, got, w.OverlapCapsule(shape, pos, 0), g, pos)
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
// (a capsule, or its box when mix has bit 15) walks among them: fuzzed linear and angular velocities (NaN, huge and
// ordinary), fuzzed transforms (non-unit, zero and NaN quaternions) and
// fuzzed dt for World.Step, with the documented carry. Whatever the input:
// no panic, the world's poses and the carry stay finite, and every Move
// returns a finite result within its bound plus a deep push-out.
func FuzzMoveMovingColliders(f *testing.F) {
	f.Add([]byte{128, 60, 128, 200, 100, 20, 0, 90, 0, 90, 30, 200, 30, 0}, 1.0, 0.0, 0.5, 1.0/60, uint8(40), uint16(0))
	f.Add([]byte{10, 20, 30, 40, 50, 60, 70, 200, 10, 100, 90, 10, 250, 3}, math.NaN(), 1e300, -3.0, 0.25, uint8(20), uint16(3))
	f.Add([]byte{128, 0, 128, 255, 20, 255, 128}, 0.0, 0.0, 100.0, math.Inf(1), uint8(30), uint16(0x2a4b))
	f.Add([]byte{90, 0, 90, 30, 200, 30, 0}, -2.0, 5.0, 0.0, -1.0, uint8(60), uint16(0x170e))
	f.Add([]byte{128, 60, 128, 200, 100, 20, 0, 90, 0, 90, 30, 200, 30, 0}, 0.3, 0.0, 0.2, 1.0/60, uint8(50), uint16(0x0809))
	f.Add([]byte{128, 60, 128, 200, 100, 20, 0, 90, 0, 90, 30, 200, 30, 0}, 1.0, 0.0, 0.5, 1.0/60, uint8(40), uint16(0x8000))
	f.Add([]byte{90, 0, 90, 30, 200, 30, 0}, -2.0, 5.0, 0.0, 1.0/60, uint8(60), uint16(0x970e))
	f.Fuzz(func(t *testing.T, layout []byte, vx, vy, spin, dt float64, steps uint8, mix uint16) {
		w := fuzzWorld(layout)
		n := w.NumColliders()
		// A second character moves with options drawn from mix, with and
		// without a cache, riding what it stands on with CarryWith
		// (fuzzOptions).
		fo := newFuzzOptions(w, mix, mgl64.Vec3{0, 8, 0})
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
		if mix&0x8000 != 0 {
			shape = boxShape // a box character among the moving colliders
		}
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
			if rc := cc.MoveWith(w, shape, pos, d, MoveOptions{Cache: &cache}); !sameResult(rc, res) {
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
			fo.step(t, w, i, d, true)
		}
	})
}
