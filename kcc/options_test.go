package kcc

import (
	"math"
	"slices"
	"testing"

	"github.com/go-gl/mathgl/mgl64"
)

// recorder is a ContactListener that answers by collider and records
// every event it is asked about: it ignores mate, stops at wall, lets a
// one-way platform plat be passed from below or inside, and (when gate is
// set) ignores gate for the character pass only.
type recorder struct {
	mate, wall, plat, gate ColliderID
	pass                   uint64
	events                 []ContactEvent
}

func (r *recorder) OnContact(ev ContactEvent) ContactAction {
	r.events = append(r.events, ev)
	switch {
	case ev.Collider == r.mate:
		return ContactIgnore
	case ev.Collider == r.wall:
		return ContactStop
	case ev.Collider == r.plat && (ev.Normal[1] < 0.5 || ev.Distance < 0):
		return ContactIgnore
	case ev.Collider == r.gate && ev.Character == r.pass:
		return ContactIgnore
	}
	return ContactAccept
}

// optionsLevel is a level for the options: stairs, a bumpy heightfield, a
// lift, and a collider for each option to act on: a post the filter
// excludes, a ghost its predicate rejects and a box on layer 2 its mask
// leaves out; a teammate the listener ignores, a slanted wall it stops at
// and a one-way platform. A walker (walker) goes round a loop that meets
// each of them.
type optionsLevel struct {
	w                                           *World
	post, ghost, layer2, mate, wall, plat, lift ColliderID
}

// loop is the walker's round: the corners it heads for in turn, on the
// floor and on the second step of the stairs (x > 2.4).
var loop = [...]mgl64.Vec3{{-1.5, 0, 0.5}, {2.6, 0, 0.5}, {2.6, 0, 4}, {-1.5, 0, 4}}

func newOptionsLevel(t testing.TB) *optionsLevel {
	w := stairsWorld(2, 0.2, 0.4, 6)
	hs := make([]float64, 30*30)
	for i := range hs {
		hs[i] = 0.3 * math.Sin(float64(i%30)*0.4) * math.Cos(float64(i/30)*0.3)
	}
	if _, err := w.AddHeightfield(mgl64.Vec3{-10, -0.25, 2.8}, 0.5, 30, 30, hs); err != nil {
		t.Fatal(err)
	}
	l := &optionsLevel{w: w}
	l.post = w.AddBox(mgl64.Vec3{-0.5, 1, 0.5}, mgl64.Vec3{0.15, 1, 0.15}, mgl64.Quat{})
	l.layer2 = w.AddBox(mgl64.Vec3{0.7, 1, 0.6}, mgl64.Vec3{0.2, 1, 0.2}, mgl64.Quat{})
	if err := w.SetCollisionLayers(l.layer2, 2, AllLayers); err != nil {
		t.Fatal(err)
	}
	l.ghost = w.AddBox(mgl64.Vec3{2.6, 1.4, 1.4}, mgl64.Vec3{0.2, 1, 0.2}, mgl64.Quat{})
	l.plat = w.AddBox(mgl64.Vec3{2.6, 2.55, 2.6}, mgl64.Vec3{1.2, 0.05, 0.7}, mgl64.Quat{})
	l.mate = w.AddBox(mgl64.Vec3{0.3, 1, 4}, mgl64.Vec3{0.3, 1, 0.3}, mgl64.Quat{})
	l.wall = w.AddBox(mgl64.Vec3{-1.5, 1, 2.2}, mgl64.Vec3{0.9, 1, 0.1}, mgl64.QuatRotate(0.5, mgl64.Vec3{0, 1, 0}))
	l.lift = w.AddBox(mgl64.Vec3{-1.2, -0.45, 0.5}, mgl64.Vec3{0.4, 0.5, 0.4}, mgl64.Quat{})
	if err := w.SetVelocity(l.lift, mgl64.Vec3{0, 0.25, 0}, mgl64.Vec3{}); err != nil {
		t.Fatal(err)
	}
	return l
}

// filter is the level's QueryFilter: the post excluded, the ghost
// rejected by the predicate, layer 2 masked out.
func (l *optionsLevel) filter() *QueryFilter {
	ghost := l.ghost
	return &QueryFilter{Mask: DefaultLayer, Exclude: []ColliderID{l.post}, Predicate: func(id ColliderID) bool { return id != ghost }}
}

// walker is a character going round the loop at 3.5 m/s, jumping (10
// m/s: feet up to 2.5 m) every 45 ticks when grounded: it heads for the
// next corner when within 0.3 m of one, or after 150 ticks (held by a
// wall).
type walker struct {
	pos      mgl64.Vec3
	vy       float64
	grounded bool
	corner   int
	since    int
}

// desired is the walker's request on tick.
func (k *walker) desired(tick int) mgl64.Vec3 {
	to := loop[k.corner].Sub(k.pos)
	to[1] = 0
	if k.since++; to.Len() < 0.3 || k.since > 150 {
		k.corner, k.since = (k.corner+1)%len(loop), 0
		to = loop[k.corner].Sub(k.pos)
		to[1] = 0
	}
	k.vy -= testG * testDt
	if tick%45 == 10 && k.grounded {
		k.vy = 10
	}
	h := to.Normalize().Mul(3.5 * testDt)
	return mgl64.Vec3{h[0], k.vy * testDt, h[2]}
}

// moved takes the result of the walker's Move.
func (k *walker) moved(res MoveResult) {
	k.pos = k.pos.Add(res.Translation)
	k.grounded = res.Grounded
	if res.Grounded && k.vy < 0 {
		k.vy = 0
	}
}

// TestMoveWithCacheSameBits walks a character for 600 ticks with every
// combination of a filter and a listener, with and without a ContactCache
// (and a run that changes the options every tick, one cache for all):
// every Move is the same bits with the cache as without, the listener is
// asked the same questions in the same order, and the cache serves many
// Moves. The level has a lift that rises on some ticks (the cache then
// misses), and a collider for every option to act on.
func TestMoveWithCacheSameBits(t *testing.T) {
	for _, tc := range []struct {
		name             string
		filter, listener bool
		mixed            bool
	}{
		{"plain", false, false, false},
		{"filter", true, false, false},
		{"listener", false, true, false},
		{"filter+listener", true, true, false},
		{"mixed", false, false, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			l := newOptionsLevel(t)
			ca, cb := NewController(DefaultConfig()), NewController(DefaultConfig())
			la := &recorder{mate: l.mate, wall: l.wall, plat: l.plat, gate: NoCollider}
			lb := &recorder{mate: l.mate, wall: l.wall, plat: l.plat, gate: NoCollider}
			f := l.filter()
			var cache ContactCache
			k := walker{pos: mgl64.Vec3{-1.5, restY(0), 0.5}}
			hits := 0
			const ticks = 600
			for tick := 0; tick < ticks; tick++ {
				if tick%100 >= 80 {
					l.w.Step(testDt) // the lift rises
				}
				filter, listener := tc.filter, tc.listener
				if tc.mixed {
					filter, listener = tick*7%4&1 != 0, tick*7%4&2 != 0
				}
				var opts MoveOptions
				if filter {
					opts.Filter = f
				}
				opts.Character = uint64(tick % 3)
				d := k.desired(tick)
				if cache.world == l.w && cache.pos == k.pos && cache.gen == l.w.gen {
					hits++
				}
				la.events, lb.events = la.events[:0], lb.events[:0]
				oa, ob := opts, opts
				if listener {
					oa.Listener, ob.Listener = la, lb
				}
				oa.Cache = &cache
				ra := ca.MoveWith(l.w, testShape, k.pos, d, oa)
				rb := cb.MoveWith(l.w, testShape, k.pos, d, ob)
				if !sameResult(ra, rb) {
					t.Fatalf("tick %d at %v: cached %+v, uncached %+v", tick, k.pos, ra, rb)
				}
				if !slices.Equal(la.events, lb.events) {
					t.Fatalf("tick %d: the listener was asked %+v with the cache, %+v without", tick, la.events, lb.events)
				}
				for _, ev := range la.events {
					if ev.Character != opts.Character {
						t.Fatalf("tick %d: event for character %d, moving %d", tick, ev.Character, opts.Character)
					}
				}
				k.moved(rb)
			}
			if hits < ticks/3 {
				t.Fatalf("the cache served %d of %d moves", hits, ticks)
			}
			t.Logf("the cache served %d of %d moves", hits, ticks)
		})
	}
}

// TestMoveWithOptionsAct: each option does what it says, in a cached
// Move: the filter walks through the post it excludes, the ghost its
// predicate rejects and the box on layer 2 it masks out; the listener
// walks through the teammate it ignores and sticks to the wall it stops
// at. A plain cached Move stops at each.
func TestMoveWithOptionsAct(t *testing.T) {
	w := flatWorld()
	// One lane along +x per collider, from x = -2 to 1.
	post := w.AddBox(mgl64.Vec3{-0.5, 1, -4}, mgl64.Vec3{0.15, 1, 0.15}, mgl64.Quat{})
	ghost := w.AddBox(mgl64.Vec3{-0.5, 1, -5}, mgl64.Vec3{0.2, 1, 0.2}, mgl64.Quat{})
	layer2 := w.AddBox(mgl64.Vec3{-0.5, 1, -6}, mgl64.Vec3{0.2, 1, 0.2}, mgl64.Quat{})
	if err := w.SetCollisionLayers(layer2, 2, AllLayers); err != nil {
		t.Fatal(err)
	}
	mate := w.AddBox(mgl64.Vec3{-0.5, 1, -7}, mgl64.Vec3{0.3, 1, 0.3}, mgl64.Quat{})
	wall := w.AddBox(mgl64.Vec3{0, 1, -9.2}, mgl64.Vec3{3, 1, 0.1}, mgl64.Quat{})
	f := &QueryFilter{Mask: DefaultLayer, Exclude: []ColliderID{post}, Predicate: func(id ColliderID) bool { return id != ghost }}
	rec := &recorder{mate: mate, wall: wall, plat: NoCollider, gate: NoCollider}
	c := NewController(DefaultConfig())
	// walk returns where a character starting at (-2, z) gets in 1 s at
	// velocity (vx, vz), with opts and a cache of its own.
	walk := func(z, vx, vz float64, opts MoveOptions) mgl64.Vec3 {
		var cache ContactCache
		opts.Cache = &cache
		pos := mgl64.Vec3{-2, restY(0), z}
		for i := 0; i < 60; i++ {
			pos = pos.Add(c.MoveWith(w, testShape, pos, mgl64.Vec3{vx * testDt, gravityStep, vz * testDt}, opts).Translation)
		}
		return pos
	}
	for _, b := range []struct {
		name string
		z    float64
		opts MoveOptions
	}{
		{"post", -4, MoveOptions{Filter: f}},
		{"ghost", -5, MoveOptions{Filter: f}},
		{"layer 2", -6, MoveOptions{Filter: f}},
		{"teammate", -7, MoveOptions{Listener: rec}},
	} {
		if x := walk(b.z, 3, 0, MoveOptions{})[0]; x > -0.9 {
			t.Errorf("%s: a plain Move walked to x %.3f, through it", b.name, x)
		}
		if x := walk(b.z, 3, 0, b.opts)[0]; math.Abs(x-1) > 1e-9 {
			t.Errorf("%s: with its option the character walked to x %.3f, want 1", b.name, x)
		}
	}
	// Diagonally into the wall (its face at z = -9.1): the character
	// slides along it without the listener and sticks with it.
	if x := walk(-8.5, 2, -2, MoveOptions{})[0]; x < -0.1 {
		t.Errorf("without the listener the character did not slide along the wall: x %.3f", x)
	}
	if x := walk(-8.5, 2, -2, MoveOptions{Listener: rec})[0]; x > -1.5 {
		t.Errorf("with the listener stopping at the wall the character slid along it: x %.3f", x)
	}
}

// TestMoveWithCharacters moves two characters with one Controller and one
// listener, each with its options: its own capsule left out by its filter,
// its ContactCache, its id. The listener lets character 1 through a gate
// and holds character 2: every event names the character moving, in
// MoveWith, OverlapsWith and CarryWith alike, and nothing is bound to the
// Controller between them.
func TestMoveWithCharacters(t *testing.T) {
	w := flatWorld()
	gate := w.AddBox(mgl64.Vec3{2, 1, 0}, mgl64.Vec3{0.1, 1, 3}, mgl64.Quat{})
	rec := &recorder{mate: NoCollider, wall: NoCollider, plat: NoCollider, gate: gate, pass: 1}
	c := NewController(DefaultConfig())
	type char struct {
		id    uint64
		pos   mgl64.Vec3
		self  ColliderID
		cache ContactCache
		f     QueryFilter
	}
	chars := []*char{{id: 1, pos: mgl64.Vec3{0, restY(0), -1}}, {id: 2, pos: mgl64.Vec3{0, restY(0), 1}}}
	for _, ch := range chars {
		ch.self = w.AddCapsule(testShape, ch.pos)
		ch.f.Exclude = []ColliderID{ch.self}
	}
	opts := func(ch *char) MoveOptions {
		return MoveOptions{Filter: &ch.f, Cache: &ch.cache, Listener: rec, Character: ch.id}
	}
	for tick := 0; tick < 90; tick++ {
		for _, ch := range chars {
			rec.events = rec.events[:0]
			res := c.MoveWith(w, testShape, ch.pos, mgl64.Vec3{3 * testDt, gravityStep, 0}, opts(ch))
			for _, ev := range rec.events {
				if ev.Character != ch.id || ev.Collider == ch.self {
					t.Fatalf("tick %d: moving character %d (capsule %d), the listener was told %+v", tick, ch.id, ch.self, ev)
				}
			}
			ch.pos = ch.pos.Add(res.Translation)
			if err := w.SetTransform(ch.self, ch.pos, mgl64.Quat{}); err != nil {
				t.Fatal(err)
			}
		}
	}
	if x := chars[0].pos[0]; x < 4 {
		t.Errorf("character 1 stopped at x %.3f: the listener lets it through the gate", x)
	}
	if x := chars[1].pos[0]; x > 1.9-testRadius {
		t.Errorf("character 2 went to x %.3f, through the gate", x)
	}
	// The room check in the gate: free for character 1, not for 2.
	in := mgl64.Vec3{2, restY(0), 0}
	for _, ch := range chars {
		rec.events = rec.events[:0]
		got := c.OverlapsWith(w, testShape, in, opts(ch))
		if got != (ch.id == 2) || len(rec.events) == 0 {
			t.Errorf("OverlapsWith for character %d in the gate: %v after %d events", ch.id, got, len(rec.events))
		}
		for _, ev := range rec.events {
			if ev.Character != ch.id || ev.Sweep {
				t.Errorf("OverlapsWith for character %d: event %+v", ch.id, ev)
			}
		}
	}
	// A platform carrying the characters into the gate: character 1 is
	// carried the whole way, character 2 stops at the gate.
	pad := w.AddBox(mgl64.Vec3{1, -0.4, 0}, mgl64.Vec3{0.5, 0.5, 3}, mgl64.Quat{})
	if err := w.SetVelocity(pad, mgl64.Vec3{30, 0, 0}, mgl64.Vec3{}); err != nil {
		t.Fatal(err)
	}
	w.Step(testDt) // 0.5 m along +x
	on := mgl64.Vec3{1.3, restY(0.1), 0}
	for _, ch := range chars {
		rec.events = rec.events[:0]
		d, _ := c.CarryWith(w, testShape, on, pad, opts(ch))
		want := ch.id == 1
		if full := math.Abs(d[0]-0.5) < 1e-12; full != want || len(rec.events) == 0 {
			t.Errorf("CarryWith for character %d: carried %v after %d events", ch.id, d, len(rec.events))
		}
		for _, ev := range rec.events {
			if ev.Character != ch.id || !ev.Sweep {
				t.Errorf("CarryWith for character %d: event %+v", ch.id, ev)
			}
		}
	}
}

// TestMoveWithAllocatesNothing: a Move with every option (a filter with a
// predicate, a cache, a listener that ignores a teammate) allocates
// nothing once its buffers have grown.
func TestMoveWithAllocatesNothing(t *testing.T) {
	w := flatWorld()
	mate := w.AddBox(mgl64.Vec3{1.2, 1, 0}, mgl64.Vec3{0.3, 1, 0.3}, mgl64.Quat{})
	post := w.AddBox(mgl64.Vec3{-1, 1, 0}, mgl64.Vec3{0.1, 1, 0.1}, mgl64.Quat{})
	c := NewController(DefaultConfig())
	var cache ContactCache
	rec := &recorder{mate: mate, wall: NoCollider, plat: NoCollider, gate: NoCollider}
	opts := MoveOptions{
		Filter:    &QueryFilter{Exclude: []ColliderID{post}, Predicate: func(ColliderID) bool { return true }},
		Cache:     &cache,
		Listener:  rec,
		Character: 3,
	}
	pos := mgl64.Vec3{0, restY(0), 0}
	move := func() {
		rec.events = rec.events[:0]
		res := c.MoveWith(w, testShape, pos, mgl64.Vec3{0.02, gravityStep, 0}, opts)
		pos = pos.Add(res.Translation)
		if pos[0] > 2 {
			pos[0] = 0
		}
	}
	for i := 0; i < 200; i++ {
		move()
	}
	if a := testing.AllocsPerRun(200, move); a != 0 {
		t.Fatalf("a Move with every option allocates %v times", a)
	}
}
