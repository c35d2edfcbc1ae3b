package kcc_test

import (
	"errors"
	"fmt"
	"math"
	"testing"

	"github.com/go-gl/mathgl/mgl64"
	"github.com/seedgames/motorkit/detmath"
	"github.com/seedgames/motorkit/kcc"
	"github.com/seedgames/motorkit/platforms"
)

// A living level for the state tests: a floor, a bumpy heightfield, a
// shuttle, a lift, a turntable, a rocking ramp (a mesh on a path), a
// box spinning by its own velocity (World.Step), a conveyor, a door on a
// timer and a door opened by a sensor, a trigger zone, and characters
// joining one by one, each with its capsule collider (AddCapsule) that
// the others meet, walking, riding and jumping with kcc's own caller (the
// carry, gravity, MoveWith with a ContactCache and a filter leaving out
// its own capsule, the velocity read back, the capsule placed).

const stateDt = 1.0 / 60

type stateLevel struct {
	w       *kcc.World
	set     platforms.Set
	zone    kcc.ColliderID // the sensor door's sensor
	centre  kcc.ColliderID // a trigger zone, a solid box for a while
	tracker kcc.SensorTracker
	ctrl    *kcc.Controller
	chars   []stateChar
	tick    int
	sens    []kcc.ColliderID // scratch
}

// stateChar is a character: what the test's caller keeps of it between
// ticks (its state), and its ContactCache and filter (not state: a cache
// is of one World generation, LoadState moves past it).
type stateChar struct {
	join     int // the tick it joins the level (its capsule is added)
	id       kcc.ColliderID
	shape    kcc.Capsule
	pos, vel mgl64.Vec3
	grounded bool
	ground   kcc.ColliderID
	cache    *kcc.ContactCache
	filter   *kcc.QueryFilter
}

// stateJoin is how many ticks apart the characters join.
const stateJoin = 7

// newStateLevel builds the level for chars characters (no capsule yet:
// they join as the ticks go).
func newStateLevel(chars int) *stateLevel {
	w := kcc.NewWorld()
	l := &stateLevel{w: w, ctrl: kcc.NewController(kcc.DefaultConfig())}
	q0 := mgl64.Quat{}
	w.AddBox(mgl64.Vec3{0, -0.5, 0}, mgl64.Vec3{40, 0.5, 40}, q0)
	// A bumpy heightfield east of the centre.
	const cols, rows = 12, 12
	hs := make([]float64, cols*rows)
	for r := 0; r < rows; r++ {
		for c := 0; c < cols; c++ {
			hs[r*cols+c] = float64(0.15*detmath.Sin(float64(c)*0.9)) * detmath.Cos(float64(r)*0.7)
		}
	}
	if _, err := w.AddHeightfield(mgl64.Vec3{3, 0.01, -4}, 0.75, cols, rows, hs); err != nil {
		panic(err)
	}
	shuttle := w.AddBox(mgl64.Vec3{-4, 0.15, -3}, mgl64.Vec3{1.5, 0.25, 1.5}, q0)
	lift := w.AddBox(mgl64.Vec3{6, -0.25, 6}, mgl64.Vec3{1.5, 0.25, 1.5}, q0)
	turntable := w.AddBox(mgl64.Vec3{-5, 0.05, 5}, mgl64.Vec3{2.5, 0.25, 2.5}, q0)
	// A ramp (a small mesh) rocking on a path across the middle.
	ramp, err := w.AddTriMesh([]mgl64.Vec3{{-1.5, 0, -1}, {1.5, 0, -1}, {1.5, 0.4, 1}, {-1.5, 0.4, 1}, {-1.5, 0, 1}, {1.5, 0, 1}},
		[]uint32{0, 1, 2, 0, 2, 3, 4, 3, 2, 4, 2, 5})
	if err != nil {
		panic(err)
	}
	spinner := w.AddBox(mgl64.Vec3{0, 0.5, 8}, mgl64.Vec3{2, 0.5, 0.2}, q0)
	if err := w.SetVelocity(spinner, mgl64.Vec3{}, mgl64.Vec3{0, 1.3, 0}); err != nil {
		panic(err)
	}
	conveyor := w.AddBox(mgl64.Vec3{0, 0.05, -6}, mgl64.Vec3{3, 0.1, 1}, q0)
	if err := w.SetSurfaceVelocity(conveyor, mgl64.Vec3{1.5, 0, 0}); err != nil {
		panic(err)
	}
	wall := w.AddBox(mgl64.Vec3{-6, 1.5, -9}, mgl64.Vec3{4, 1.5, 0.25}, q0)
	if err := w.SetCollisionLayers(wall, 2, kcc.AllLayers); err != nil {
		panic(err)
	}
	w.AddBox(mgl64.Vec3{6, 1.5, -9}, mgl64.Vec3{4, 1.5, 0.25}, q0)
	gate := w.AddBox(mgl64.Vec3{0, 1.5, -9}, mgl64.Vec3{2, 1.5, 0.2}, q0)
	l.zone = w.AddBox(mgl64.Vec3{0, 1, -7.5}, mgl64.Vec3{2, 1, 1.2}, q0)
	if err := w.SetSensor(l.zone, true); err != nil {
		panic(err)
	}
	timer := w.AddBox(mgl64.Vec3{9, 1.5, 0}, mgl64.Vec3{0.2, 1.5, 2}, mgl64.QuatRotate(0.3, mgl64.Vec3{0, 1, 0}))
	l.centre = w.AddBox(mgl64.Vec3{0, 1, 0}, mgl64.Vec3{1, 1, 1}, q0)
	w.AddBox(mgl64.Vec3{12, 0.5, -12}, mgl64.Vec3{0.5, 0.5, 0.5}, q0) // removed at tick 3
	// A tiled floor, flush with the floor box: contacts of several
	// colliders at the same distance.
	for x := -6.0; x < 6; x += 3 {
		for z := -6.0; z < 6; z += 3 {
			w.AddBox(mgl64.Vec3{x + 1.5, -0.25, z + 1.5}, mgl64.Vec3{1.5, 0.25, 1.5}, q0)
		}
	}
	l.set = platforms.Set{
		Movers: []platforms.Mover{
			{Collider: shuttle, Path: platforms.Path{Waypoints: []mgl64.Vec3{{-4, 0.15, -3}, {-4, 0.15, 3}}, Wait: []float64{0.5, 0.5}, Speed: 3}},
			{Collider: lift, Path: platforms.Path{Waypoints: []mgl64.Vec3{{6, -0.25, 6}, {6, 2.75, 6}}, Wait: []float64{1, 1}, Speed: 2}},
			{Collider: turntable, Path: platforms.Path{Waypoints: []mgl64.Vec3{{-5, 0.05, 5}}, Spin: mgl64.Vec3{0, 0.6, 0}}},
			{Collider: ramp, Path: platforms.Path{Waypoints: []mgl64.Vec3{{-2, 0, 0}, {2, 0, 0}}, Speed: 1.5,
				Swing: mgl64.Vec3{0.1, 0, 0}, SwingPeriod: 2}},
		},
		Doors: []platforms.Door{
			{Collider: gate, Closed: mgl64.Vec3{0, 1.5, -9}, Open: mgl64.Vec3{0, 3.1, 0}, Speed: 3, Sensor: l.zone},
			{Collider: timer, Closed: mgl64.Vec3{9, 1.5, 0}, Rot: mgl64.QuatRotate(0.3, mgl64.Vec3{0, 1, 0}),
				Open: mgl64.Vec3{0, 0, 4.1}, Speed: 4, Sensor: kcc.NoCollider, ClosedFor: 1, OpenFor: 1.5},
		},
	}
	if err := l.set.Validate(); err != nil {
		panic(err)
	}
	for i := 0; i < chars; i++ {
		a := float64(i) * 0.8
		l.chars = append(l.chars, stateChar{
			join: i * stateJoin, id: kcc.NoCollider, ground: kcc.NoCollider,
			shape: kcc.Capsule{Radius: 0.3, HalfHeight: 0.6},
			pos:   mgl64.Vec3{float64(4 * detmath.Cos(a)), 1.2, float64(4 * detmath.Sin(a))},
		})
	}
	l.attach()
	return l
}

// attach gives every character a cache and a filter of its own.
func (l *stateLevel) attach() {
	for i := range l.chars {
		c := &l.chars[i]
		c.cache = new(kcc.ContactCache)
		c.filter = &kcc.QueryFilter{Exclude: []kcc.ColliderID{c.id}}
	}
}

// step plays one tick and appends what it produced, as bits, to out.
func (l *stateLevel) step(t testing.TB, out []uint64) []uint64 {
	w, n := l.w, l.tick
	// The sensor door opens while a character was in its zone last tick.
	occupied := func(s kcc.ColliderID) bool {
		for i := range l.chars {
			if l.chars[i].id == kcc.NoCollider {
				continue
			}
			l.sens = w.Sensors(l.chars[i].shape, l.chars[i].pos, kcc.DefaultLayer, l.sens[:0])
			for _, id := range l.sens {
				if id == s {
					return true
				}
			}
		}
		return false
	}
	if err := l.set.Apply(w, uint64(n), stateDt, occupied); err != nil {
		t.Fatal(err)
	}
	switch n {
	case 3:
		if err := w.RemoveCollider(l.centre + 1); err != nil {
			t.Fatal(err)
		}
	case 60:
		if err := w.SetSensor(l.centre, true); err != nil {
			t.Fatal(err)
		}
	}
	for i := range l.chars {
		c := &l.chars[i]
		if c.id == kcc.NoCollider && n >= c.join {
			c.id = w.AddCapsule(c.shape, c.pos)
			c.filter.Exclude[0] = c.id
		}
		if c.id == kcc.NoCollider {
			continue
		}
		opts := kcc.MoveOptions{Filter: c.filter, Cache: c.cache}
		if c.grounded && c.ground != kcc.NoCollider {
			d, _ := l.ctrl.CarryWith(w, c.shape, c.pos, c.ground, opts)
			c.pos = c.pos.Add(d)
		}
		// Crouch for a while now and then.
		shape := kcc.Capsule{Radius: 0.3, HalfHeight: 0.6}
		if (n/40+i)%5 == 4 {
			shape.HalfHeight = 0.3
		}
		if shape != c.shape {
			c.pos[1] += shape.HalfHeight - c.shape.HalfHeight
			c.shape = shape
			if err := w.SetCapsuleShape(c.id, shape); err != nil {
				t.Fatal(err)
			}
		}
		// Walk towards one of the level's places, weaving.
		a := float64(float64(n)*0.011) + float64(float64(i)*1.7)
		wish := mgl64.Vec3{float64(4 * detmath.Cos(a)), 0, float64(4 * detmath.Sin(float64(a*1.3)))}
		vel := mgl64.Vec3{wish[0], c.vel[1], wish[2]}
		if c.grounded && (n+9*i)%50 == 0 {
			vel[1] = 6
		} else if !c.grounded {
			vel[1] -= float64(20 * stateDt)
		}
		desired := mgl64.Vec3{float64(vel[0] * stateDt), float64(vel[1] * stateDt), float64(vel[2] * stateDt)}
		res := l.ctrl.MoveWith(w, c.shape, c.pos, desired, opts)
		c.pos = c.pos.Add(res.Translation)
		c.vel = l.ctrl.VelocityAfter(vel, desired, res, stateDt)
		c.grounded, c.ground = res.Grounded, res.GroundCollider
		if err := w.SetTransform(c.id, c.pos, mgl64.Quat{}); err != nil {
			t.Fatal(err)
		}
		out = appendBits(out, c.pos, c.vel, res.Translation, res.GroundNormal, res.WallNormal)
		out = append(out, uint64(res.GroundState), uint64(res.GroundCollider), b2u(res.Crushed), b2u(res.OnWall), uint64(len(res.Collisions)))
		for _, h := range res.Collisions {
			out = append(out, uint64(h.Collider))
			out = appendBits(out, h.Normal, h.Point, h.TranslationApplied, h.TranslationRemaining)
		}
	}
	l.tracker.Begin()
	for i := range l.chars {
		if c := &l.chars[i]; c.id != kcc.NoCollider {
			l.sens = w.Sensors(c.shape, c.pos, kcc.DefaultLayer, l.sens[:0])
			l.tracker.Update(i, l.sens)
		}
	}
	for _, e := range l.tracker.Events {
		out = append(out, uint64(e.Character), uint64(e.Sensor), uint64(e.Kind))
	}
	for i := 0; i < w.NumColliders(); i++ {
		if p, r, err := w.Transform(kcc.ColliderID(i)); err == nil {
			out = appendBits(out, p, r.V, mgl64.Vec3{r.W})
		}
	}
	for _, d := range l.set.Doors {
		out = append(out, math.Float64bits(d.Openness()))
	}
	l.tick++
	return out
}

func appendBits(out []uint64, vs ...mgl64.Vec3) []uint64 {
	for _, v := range vs {
		out = append(out, math.Float64bits(v[0]), math.Float64bits(v[1]), math.Float64bits(v[2]))
	}
	return out
}

func b2u(b bool) uint64 {
	if b {
		return 1
	}
	return 0
}

// stateSave is everything the test saves at a tick.
type stateSave struct {
	tick                int
	world, set, tracker []byte
	chars               []stateChar
}

func (l *stateLevel) save() stateSave {
	s := stateSave{tick: l.tick, chars: append([]stateChar(nil), l.chars...)}
	s.world = l.w.AppendState(nil)
	s.set = l.set.AppendState(nil)
	s.tracker = l.tracker.AppendState(nil)
	return s
}

// load restores s into l (its World as it is, or a fresh one).
func (l *stateLevel) load(t testing.TB, s stateSave) {
	t.Helper()
	if err := l.w.LoadState(s.world); err != nil {
		t.Fatal(err)
	}
	if err := l.set.LoadState(s.set); err != nil {
		t.Fatal(err)
	}
	if err := l.tracker.LoadState(s.tracker); err != nil {
		t.Fatal(err)
	}
	l.tick = s.tick
	caches := l.chars
	l.chars = append(l.chars[:0:0], s.chars...)
	for i := range l.chars {
		// Keep the caches of the World's timeline (stale now) and fresh
		// filters.
		l.chars[i].cache = caches[i].cache
		l.chars[i].filter = &kcc.QueryFilter{Exclude: []kcc.ColliderID{l.chars[i].id}}
	}
}

// TestWorldStateSameBits: a living level is played for stateTicks ticks,
// recording every character's results, every collider's pose and every
// sensor event bit for bit, and saved at several ticks. Each save is then
// loaded back (a) into the same World, at the end of the run, and (b)
// into a fresh World built from the level with no capsule, and the ticks
// from the save on are played again: they give the same bits.
func TestWorldStateSameBits(t *testing.T) {
	const ticks = 300
	saveAt := []int{0, 1, 20, 37, 64, 121, 200, 263}
	ref := newStateLevel(8)
	var trace [][]uint64
	var saves []stateSave
	for n := 0; n < ticks; n++ {
		if len(saves) < len(saveAt) && saveAt[len(saves)] == n {
			saves = append(saves, ref.save())
		}
		trace = append(trace, ref.step(t, nil))
	}
	replay := func(t *testing.T, l *stateLevel, from int, what string) {
		t.Helper()
		var got []uint64
		for n := from; n < ticks; n++ {
			got = l.step(t, got[:0])
			if d := firstDiff(got, trace[n]); d >= 0 {
				t.Fatalf("%s: tick %d (from %d): value %d differs: %x, want %x", what, n, from, d, at(got, d), at(trace[n], d))
			}
		}
	}
	for _, s := range saves {
		t.Run(fmt.Sprintf("tick%d", s.tick), func(t *testing.T) {
			// (a) the same World, now at the end of the run (or of the
			// last replay), twice. A state saved before tick 3 has a
			// box the World has removed since: it cannot be restored,
			// and the World is left as it was.
			if s.tick <= 3 {
				before := ref.w.AppendState(nil)
				if err := ref.w.LoadState(s.world); err == nil || errors.Is(err, kcc.ErrForeignState) {
					t.Fatalf("a state with a box removed since: %v", err)
				}
				if after := ref.w.AppendState(nil); string(after) != string(before) {
					t.Fatal("a refused LoadState changed the World")
				}
			}
			for k := 0; k < 2 && s.tick > 3; k++ {
				ref.load(t, s)
				replay(t, ref, s.tick, "the same World")
			}
			// (b) a World built from the level, no capsule added.
			fresh := newStateLevel(8)
			fresh.load(t, s)
			replay(t, fresh, s.tick, "a fresh World")
		})
	}
}

func firstDiff(a, b []uint64) int {
	for i := range max(len(a), len(b)) {
		if i >= len(a) || i >= len(b) || a[i] != b[i] {
			return i
		}
	}
	return -1
}

func at(a []uint64, i int) uint64 {
	if i < len(a) {
		return a[i]
	}
	return 0xdead
}

// playedLevel is the living level with chars characters after ticks ticks.
func playedLevel(t testing.TB, chars, ticks int) *stateLevel {
	l := newStateLevel(chars)
	for n := 0; n < ticks; n++ {
		l.step(t, nil)
	}
	return l
}

// AppendState into room allocates nothing; LoadState of a state with as
// many colliders as the World has allocates nothing; so for the
// SensorTracker's and the platforms.Set's.
func TestWorldStateAllocatesNothing(t *testing.T) {
	l := playedLevel(t, 8, 8*stateJoin)
	s := l.save()
	for n := 0; n < 30; n++ {
		l.step(t, nil)
	}
	buf := make([]byte, 0, 2*len(s.world))
	if a := testing.AllocsPerRun(20, func() { buf = l.w.AppendState(buf[:0]) }); a != 0 {
		t.Errorf("World.AppendState: %v allocations", a)
	}
	if a := testing.AllocsPerRun(20, func() {
		if err := l.w.LoadState(s.world); err != nil {
			t.Fatal(err)
		}
	}); a != 0 {
		t.Errorf("World.LoadState: %v allocations", a)
	}
	if a := testing.AllocsPerRun(20, func() { buf = l.tracker.AppendState(buf[:0]) }); a != 0 {
		t.Errorf("SensorTracker.AppendState: %v allocations", a)
	}
	if a := testing.AllocsPerRun(20, func() {
		if err := l.tracker.LoadState(s.tracker); err != nil {
			t.Fatal(err)
		}
	}); a != 0 {
		t.Errorf("SensorTracker.LoadState: %v allocations", a)
	}
	if a := testing.AllocsPerRun(20, func() { buf = l.set.AppendState(buf[:0]) }); a != 0 {
		t.Errorf("platforms.Set.AppendState: %v allocations", a)
	}
	if a := testing.AllocsPerRun(20, func() {
		if err := l.set.LoadState(s.set); err != nil {
			t.Fatal(err)
		}
	}); a != 0 {
		t.Errorf("platforms.Set.LoadState: %v allocations", a)
	}
}

// LoadState refuses what is not a state of this World's level, and
// what it cannot restore, and changes nothing then.
func TestWorldLoadStateErrors(t *testing.T) {
	l := playedLevel(t, 3, 40)
	good := l.w.AppendState(nil)
	refused := func(t *testing.T, w *kcc.World, src []byte, foreign bool) {
		t.Helper()
		before := w.AppendState(nil)
		err := w.LoadState(src)
		if err == nil {
			t.Fatal("accepted")
		}
		t.Log(err)
		if errors.Is(err, kcc.ErrForeignState) != foreign {
			t.Errorf("%v: ErrForeignState %v, want %v", err, !foreign, foreign)
		}
		if after := w.AppendState(nil); string(after) != string(before) {
			t.Fatalf("%v: the World changed", err)
		}
	}
	t.Run("truncated", func(t *testing.T) {
		for _, n := range []int{0, 1, 5, 13, 21, len(good) / 2, len(good) - 1} {
			refused(t, l.w, good[:n], false)
		}
		refused(t, l.w, append(append([]byte(nil), good...), 0), false)
	})
	t.Run("version", func(t *testing.T) {
		bad := append([]byte(nil), good...)
		bad[0]++
		refused(t, l.w, bad, false)
	})
	t.Run("NaN", func(t *testing.T) {
		// The first collider's pose's x (after the 21-byte header, kind
		// and flags).
		bad := append([]byte(nil), good...)
		copy(bad[23:], []byte{0, 0, 0, 0, 0, 0, 0xf8, 0x7f})
		refused(t, l.w, bad, false)
	})
	t.Run("another level", func(t *testing.T) {
		w := kcc.NewWorld()
		w.AddBox(mgl64.Vec3{0, -0.5, 0}, mgl64.Vec3{40, 0.5, 40}, mgl64.Quat{})
		refused(t, w, good, true) // its colliders missing
		other := newStateLevel(0)
		other.w.AddBox(mgl64.Vec3{}, mgl64.Vec3{1, 1, 1}, mgl64.Quat{})
		refused(t, other.w, good, true) // a box where the state has a capsule
		// The same kinds, another size of floor.
		floor := func(half float64) *kcc.World {
			w := kcc.NewWorld()
			w.AddBox(mgl64.Vec3{0, -0.5, 0}, mgl64.Vec3{half, 0.5, half}, mgl64.Quat{})
			w.AddCapsule(kcc.Capsule{Radius: 0.3, HalfHeight: 0.6}, mgl64.Vec3{0, 1, 0})
			return w
		}
		refused(t, floor(41), floor(40).AppendState(nil), true)
		if err := floor(40).LoadState(floor(40).AppendState(nil)); err != nil {
			t.Fatal(err)
		}
	})
	t.Run("box added since", func(t *testing.T) {
		w := newStateLevel(0).w
		state := w.AppendState(nil)
		w.AddBox(mgl64.Vec3{}, mgl64.Vec3{1, 1, 1}, mgl64.Quat{})
		refused(t, w, state, false)
	})
	t.Run("removed since", func(t *testing.T) {
		l := playedLevel(t, 3, 40)
		state := l.w.AppendState(nil)
		if err := l.w.RemoveCollider(0); err != nil {
			t.Fatal(err)
		}
		refused(t, l.w, state, false)
	})
	t.Run("crowd planned", func(t *testing.T) {
		// A plan is the caller's value, not a mode of the World: a load
		// after one is a load like any other.
		var plan kcc.CrowdPlan
		if err := l.w.PlanCrowd([]kcc.CrowdMember{{Collider: l.chars[0].id}}, &plan); err != nil {
			t.Fatal(err)
		}
		if err := l.w.LoadState(good); err != nil {
			t.Fatal(err)
		}
	})
}

// A capsule removed after the save comes back whole; the World's colliders
// beyond the state's count (capsules) are dropped.
func TestWorldLoadStateCapsules(t *testing.T) {
	l := playedLevel(t, 3, 40)
	s := l.save()
	want := l.w.AppendState(nil)
	if err := l.w.RemoveCollider(l.chars[1].id); err != nil {
		t.Fatal(err)
	}
	l.w.AddCapsule(kcc.Capsule{Radius: 0.4, HalfHeight: 0.2}, mgl64.Vec3{1, 1, 1})
	if err := l.w.LoadState(s.world); err != nil {
		t.Fatal(err)
	}
	if got := l.w.AppendState(nil); string(got) != string(want) {
		t.Fatal("the state read back differs from the one loaded")
	}
	if l.w.NumColliders() != int(l.chars[2].id)+1 {
		t.Fatalf("%d colliders, want %d", l.w.NumColliders(), l.chars[2].id+1)
	}
	if id := l.w.AddCapsule(kcc.Capsule{Radius: 0.3}, mgl64.Vec3{}); id != l.chars[2].id+1 {
		t.Fatalf("next capsule %d, want %d", id, l.chars[2].id+1)
	}
}

// FuzzWorldLoadState: LoadState of any bytes, into a World playing the
// living level, never panics; when it refuses, the World is unchanged;
// when it accepts, every pose and velocity is finite, the World answers
// queries and its state reads back and loads again to the same bytes.
func FuzzWorldLoadState(f *testing.F) {
	l := playedLevel(f, 4, 60)
	f.Add(l.w.AppendState(nil))
	for n := 0; n < 25; n++ {
		l.step(f, nil)
	}
	f.Add(l.w.AppendState(nil))
	f.Add(newStateLevel(0).w.AppendState(nil))
	base := l.w.AppendState(nil)
	f.Fuzz(func(t *testing.T, src []byte) {
		w := newStateLevel(0).w
		if err := w.LoadState(base); err != nil {
			t.Fatal(err)
		}
		if err := w.LoadState(src); err != nil {
			if got := w.AppendState(nil); string(got) != string(base) {
				t.Fatalf("refused (%v), but the World changed", err)
			}
			return
		}
		for i := 0; i < w.NumColliders(); i++ {
			p, r, err := w.Transform(kcc.ColliderID(i))
			lin, ang, _ := w.Velocity(kcc.ColliderID(i))
			if err == nil && !finiteAll(p, r.V, mgl64.Vec3{r.W}, lin, ang) {
				t.Fatalf("collider %d: pose %v %v, velocity %v %v", i, p, r, lin, ang)
			}
		}
		c := kcc.NewController(kcc.DefaultConfig())
		shape := kcc.Capsule{Radius: 0.3, HalfHeight: 0.6}
		res := c.Move(w, shape, mgl64.Vec3{0, 1, 0}, mgl64.Vec3{0.1, -0.05, 0.1})
		if !finiteAll(res.Translation) {
			t.Fatalf("move: %v", res.Translation)
		}
		w.Step(stateDt)
		s1 := w.AppendState(nil)
		if err := w.LoadState(s1); err != nil {
			t.Fatalf("its own state: %v", err)
		}
		if s2 := w.AppendState(nil); string(s2) != string(s1) {
			t.Fatal("the state loaded reads back otherwise")
		}
	})
}

func finiteAll(vs ...mgl64.Vec3) bool {
	for _, v := range vs {
		for _, x := range v {
			if math.IsNaN(x) || math.IsInf(x, 0) {
				return false
			}
		}
	}
	return true
}

// BenchmarkWorldState: AppendState and LoadState of the living level with
// 16 characters (16 capsules among 47 colliders, a 4.6 kB state), into the
// same World.
func BenchmarkWorldState(b *testing.B) {
	l := playedLevel(b, 16, 16*stateJoin)
	buf := l.w.AppendState(nil)
	b.SetBytes(int64(len(buf)))
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		buf = l.w.AppendState(buf[:0])
		if err := l.w.LoadState(buf); err != nil {
			b.Fatal(err)
		}
	}
}
