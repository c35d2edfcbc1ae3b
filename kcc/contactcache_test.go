package kcc

import (
	"math"
	"testing"

	"github.com/go-gl/mathgl/mgl64"
)

// TestContactCacheSameBits walks a capsule through stairs, a ramp, a
// bumpy heightfield and a box floor, with and without a ContactCache, and
// changes the level between moves (a box moved by SetTransform, a
// kinematic box moved by Step, a collider put on another layer, made a
// sensor, removed and added): every Move's result is the same bits, and
// the cache is used on most moves of the still stretches.
func TestContactCacheSameBits(t *testing.T) {
	build := func() (*World, ColliderID, ColliderID) {
		w := stairsWorld(2, 0.2, 0.4, 6)
		w.AddBox(mgl64.Vec3{0, -0.5, -6}, mgl64.Vec3{20, 0.5, 2}, mgl64.Quat{})
		hs := make([]float64, 40*40)
		for i := range hs {
			hs[i] = 0.3 * math.Sin(float64(i%40)*0.4) * math.Cos(float64(i/40)*0.3)
		}
		if _, err := w.AddHeightfield(mgl64.Vec3{-20, -0.2, 4}, 0.5, 40, 40, hs); err != nil {
			t.Fatal(err)
		}
		mover := w.AddBox(mgl64.Vec3{6, 0.25, 0.8}, mgl64.Vec3{0.5, 0.25, 0.5}, mgl64.Quat{})
		lift := w.AddBox(mgl64.Vec3{-3, -0.4, -6}, mgl64.Vec3{1, 0.5, 1}, mgl64.Quat{})
		if err := w.SetVelocity(lift, mgl64.Vec3{0, 0.3, 0}, mgl64.Vec3{}); err != nil {
			t.Fatal(err)
		}
		return w, mover, lift
	}
	wa, moverA, _ := build()
	wb, moverB, _ := build()
	cfg := DefaultConfig()
	ca, cb := NewController(cfg), NewController(cfg)
	var cache ContactCache
	starts := []mgl64.Vec3{{-1, restY(0), 0}, {-8, restY(0), -6}, {-15, 1.5, 8}}
	hits, moves := 0, 0
	for si, start := range starts {
		pa, pb := start, start
		for tick := 0; tick < 240; tick++ {
			// Changes of the level on a few ticks, the same in both worlds.
			change := func(w *World, mover ColliderID) {
				switch tick {
				case 60:
					_ = w.SetTransform(mover, mgl64.Vec3{6, 0.25, 1.2}, mgl64.Quat{})
				case 90:
					_ = w.SetCollisionLayers(mover, 2, AllLayers)
				case 100:
					_ = w.SetCollisionLayers(mover, DefaultLayer, AllLayers)
				case 120:
					_ = w.SetSensor(mover, true)
				case 130:
					_ = w.SetSensor(mover, false)
				case 150:
					_ = w.RemoveCollider(mover)
				case 160:
					w.AddBox(mgl64.Vec3{pa[0] + 1, 0.1, pa[2]}, mgl64.Vec3{0.3, 0.1, 0.3}, mgl64.Quat{})
				}
				if si == 1 && tick >= 30 && tick < 50 {
					w.Step(testDt) // the lift rises under the capsule
				}
			}
			change(wa, moverA)
			change(wb, moverB)
			a := 3 * testDt
			d := mgl64.Vec3{a * math.Cos(float64(tick)*0.02), gravityStep, a * math.Sin(float64(tick)*0.015)}
			if tick%40 >= 30 {
				d = mgl64.Vec3{0, gravityStep, 0} // standing still
			}
			if cache.world == wa && cache.pos == pa && cache.gen == wa.gen {
				hits++
			}
			moves++
			ra := ca.MoveWith(wa, testShape, pa, d, MoveOptions{Cache: &cache})
			rb := cb.Move(wb, testShape, pb, d)
			if !sameResult(ra, rb) {
				t.Fatalf("start %d tick %d: cached %+v, uncached %+v", si, tick, ra, rb)
			}
			pa, pb = pa.Add(ra.Translation), pb.Add(rb.Translation)
		}
	}
	if hits < moves/2 {
		t.Fatalf("the cache served %d of %d moves", hits, moves)
	}
	t.Logf("the cache served %d of %d moves", hits, moves)
}

// TestContactCacheSeesEveryChange stands a capsule on a pad above a
// lower floor, with and without a ContactCache, and changes the pad under
// it between moves while it stands still (the cache would be used): moved
// down by SetTransform, moved by Step with a velocity, put on another
// layer and back, made a sensor and back, removed; then a box is added
// around the capsule. Every change reaches the cached Move as it does the
// uncached one: the same bits on every tick.
func TestContactCacheSeesEveryChange(t *testing.T) {
	build := func() (*World, ColliderID) {
		w := NewWorld()
		w.AddBox(mgl64.Vec3{0, -1.5, 0}, mgl64.Vec3{20, 0.5, 20}, mgl64.Quat{}) // the floor, top at y = -1
		pad := w.AddBox(mgl64.Vec3{0, -0.5, 0}, mgl64.Vec3{2, 0.5, 2}, mgl64.Quat{})
		return w, pad
	}
	wa, padA := build()
	wb, padB := build()
	ca, cb := NewController(DefaultConfig()), NewController(DefaultConfig())
	var cache ContactCache
	pa, pb := mgl64.Vec3{0, restY(0), 0}, mgl64.Vec3{0, restY(0), 0}
	changes := []func(w *World, pad ColliderID){
		func(w *World, pad ColliderID) { _ = w.SetTransform(pad, mgl64.Vec3{0, -0.55, 0}, mgl64.Quat{}) },
		func(w *World, pad ColliderID) {
			_ = w.SetVelocity(pad, mgl64.Vec3{0, -0.5, 0}, mgl64.Vec3{})
			w.Step(testDt)
			_ = w.SetVelocity(pad, mgl64.Vec3{}, mgl64.Vec3{})
			w.Step(testDt)
		},
		func(w *World, pad ColliderID) { _ = w.SetCollisionLayers(pad, 0, AllLayers) },
		func(w *World, pad ColliderID) { _ = w.SetCollisionLayers(pad, DefaultLayer, AllLayers) },
		func(w *World, pad ColliderID) { _ = w.SetSensor(pad, true) },
		func(w *World, pad ColliderID) { _ = w.SetSensor(pad, false) },
		func(w *World, pad ColliderID) { _ = w.RemoveCollider(pad) },
		func(w *World, pad ColliderID) {
			w.AddBox(mgl64.Vec3{0.5, -0.9, 0}, mgl64.Vec3{0.3, 0.3, 0.3}, mgl64.Quat{})
		},
	}
	hits := 0
	for tick := 0; tick < 12*len(changes); tick++ {
		if tick%12 == 11 {
			k := tick / 12
			changes[k](wa, padA)
			changes[k](wb, padB)
		}
		if cache.world == wa && cache.pos == pa && cache.gen == wa.gen {
			hits++
		}
		d := mgl64.Vec3{0, gravityStep, 0}
		ra := ca.MoveWith(wa, testShape, pa, d, MoveOptions{Cache: &cache})
		rb := cb.Move(wb, testShape, pb, d)
		if !sameResult(ra, rb) {
			t.Fatalf("tick %d (after change %d): cached %+v, uncached %+v", tick, tick/12, ra, rb)
		}
		pa, pb = pa.Add(ra.Translation), pb.Add(rb.Translation)
	}
	if hits < 6*len(changes) {
		t.Fatalf("the cache served only %d moves", hits)
	}
	if pa[1] > restY(0)-0.1 {
		t.Fatalf("the capsule did not fall when the pad went away: y = %v", pa[1])
	}
}

// sameResult compares two MoveResults field by field, the collisions
// included, bit for bit.
func sameResult(a, b MoveResult) bool {
	if a.Translation != b.Translation || a.Grounded != b.Grounded || a.GroundState != b.GroundState ||
		a.GroundNormal != b.GroundNormal || a.GroundCollider != b.GroundCollider || a.OnWall != b.OnWall ||
		a.WallNormal != b.WallNormal || a.OnCeiling != b.OnCeiling || a.Crushed != b.Crushed ||
		a.SlidingDownSlope != b.SlidingDownSlope || len(a.Collisions) != len(b.Collisions) {
		return false
	}
	for i := range a.Collisions {
		if a.Collisions[i] != b.Collisions[i] {
			return false
		}
	}
	return true
}

// TestContactCacheFilledWithOptions: a Move with a listener and a filter
// reads and fills the cache (with the contacts before them: the collider
// the filter leaves out is in it), a plain Move reuses it, and a new
// controller configuration does not reuse contacts found with another.
func TestContactCacheFilledWithOptions(t *testing.T) {
	w := flatWorld()
	pos := mgl64.Vec3{0, restY(0), 0}
	post := w.AddBox(mgl64.Vec3{0.46, 1, 0}, mgl64.Vec3{0.15, 1, 0.15}, mgl64.Quat{}) // Offset from the capsule
	var cache ContactCache
	c := NewController(DefaultConfig())
	opts := MoveOptions{Cache: &cache, Listener: answer{}, Filter: &QueryFilter{Exclude: []ColliderID{post}}}
	res := c.MoveWith(w, testShape, pos, mgl64.Vec3{0, gravityStep, 0}, opts)
	if cache.world != w || !res.Grounded {
		t.Fatalf("a Move with a listener and a filter did not fill the cache (grounded %v)", res.Grounded)
	}
	seen := false
	for _, k := range cache.list() {
		seen = seen || k.Collider == post
	}
	if !seen {
		t.Fatal("the cache holds the contacts after the filter, not before")
	}
	end := pos.Add(res.Translation)
	plain := NewController(DefaultConfig())
	if _, ok := plain.cachedFor(&cache, w, end); !ok {
		t.Fatal("another controller of the same configuration would not reuse the cache where the Move ended")
	}
	cfg := DefaultConfig()
	cfg.GroundTolerance += 0.05
	other := NewController(cfg)
	if _, ok := other.cachedFor(&cache, w, end); ok {
		t.Fatal("a controller with another ground tolerance would reuse the contacts")
	}
	w.AddBox(mgl64.Vec3{30, 1, 30}, mgl64.Vec3{1, 1, 1}, mgl64.Quat{})
	if _, ok := plain.cachedFor(&cache, w, end); ok {
		t.Fatal("the cache survived a collider added to the World")
	}
}

// cachedFor is cached for a given cache, outside a Move.
func (c *Controller) cachedFor(cc *ContactCache, w *World, p mgl64.Vec3) ([]Contact, bool) {
	c.s.cache = cc
	defer func() { c.s.cache = nil }()
	return c.cached(w, &p, testShape.Radius, testShape.HalfHeight)
}

// BenchmarkWalkCache walks a capsule across a box floor and a bumpy
// heightfield, each Move starting where the last ended, with and without
// a ContactCache (a walker's steady state: the cache saves the first
// query of every Move); the options runs add a filter (an excluded
// collider and a predicate) and a listener that accepts everything, the
// cost of applying them on top of the cache's contacts (the filter
// excludes no collider of the world, so every run walks the same one).
func BenchmarkWalkCache(b *testing.B) {
	hf := func() *World {
		hs := make([]float64, 200*200)
		for i := range hs {
			hs[i] = 0.1 * math.Sin(float64(i%200)*0.3) * math.Cos(float64(i/200)*0.2)
		}
		w := NewWorld()
		if _, err := w.AddHeightfield(mgl64.Vec3{-50, 0, -50}, 0.5, 200, 200, hs); err != nil {
			b.Fatal(err)
		}
		return w
	}
	for _, sc := range []struct {
		name  string
		world func() *World
		start mgl64.Vec3
	}{{"FlatBox", flatWorld, mgl64.Vec3{-40, restY(0), 0}}, {"Heightfield", hf, mgl64.Vec3{-40, 1.2, 0}}} {
		for _, mode := range []string{"uncached", "cached", "options", "options+cached"} {
			b.Run(sc.name+"/"+mode, func(b *testing.B) {
				w := sc.world()
				const far = ColliderID(99) // none: the filter's work, the same world
				c := NewController(DefaultConfig())
				var cache ContactCache
				var opts MoveOptions
				if mode == "options" || mode == "options+cached" {
					opts.Filter = &QueryFilter{Exclude: []ColliderID{far}, Predicate: func(id ColliderID) bool { return id != far }}
					opts.Listener = &recorder{mate: NoCollider, wall: NoCollider, plat: NoCollider, gate: NoCollider}
				}
				if mode == "cached" || mode == "options+cached" {
					opts.Cache = &cache
				}
				pos := sc.start
				d := mgl64.Vec3{5 * testDt, gravityStep, 0}
				b.ReportAllocs()
				b.ResetTimer()
				for i := 0; i < b.N; i++ {
					if i%2000 == 0 {
						pos = sc.start // back to the start before the far edge
					}
					if r, ok := opts.Listener.(*recorder); ok {
						r.events = r.events[:0]
					}
					var res MoveResult
					if mode == "uncached" {
						res = c.Move(w, testShape, pos, d)
					} else {
						res = c.MoveWith(w, testShape, pos, d, opts)
					}
					pos = pos.Add(res.Translation)
				}
			})
		}
	}
}
