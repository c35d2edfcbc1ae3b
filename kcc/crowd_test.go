package kcc_test

import (
	"errors"
	"fmt"
	"math"
	"sync"
	"testing"

	"github.com/go-gl/mathgl/mgl64"
	"github.com/seedgames/motorkit/kcc"
)

var walkerShape = kcc.Capsule{Radius: 0.3, HalfHeight: 0.6}

// crowdWorld is a floor (top at y = 0) with an upright walker capsule
// standing at each x of xs (z = 0).
func crowdWorld(xs ...float64) (*kcc.World, []kcc.ColliderID) {
	w := kcc.NewWorld()
	w.AddBox(mgl64.Vec3{0, -0.5, 0}, mgl64.Vec3{100, 0.5, 100}, mgl64.Quat{})
	var ids []kcc.ColliderID
	for _, x := range xs {
		ids = append(ids, w.AddCapsule(walkerShape, mgl64.Vec3{x, 0.91, 0}))
	}
	return w, ids
}

// walkCrowd moves the walker capsules ids, at pos, for ticks ticks on
// workers goroutines (a Controller each): every tick is planned with
// reach, checked by check, each member moved by step(i) with its own
// capsule left out and its capsule placed where it ended, and the crowd
// ended, failing on an escape. It returns the positions.
func walkCrowd(t *testing.T, w *kcc.World, ids []kcc.ColliderID, pos []mgl64.Vec3, workers, ticks int, reach float64,
	check func(tick int, plan *kcc.CrowdPlan), step func(i int32) mgl64.Vec3) []mgl64.Vec3 {
	ctrls := make([]*kcc.Controller, workers)
	for i := range ctrls {
		ctrls[i] = kcc.NewController(kcc.DefaultConfig())
	}
	var plan kcc.CrowdPlan
	for tick := 0; tick < ticks; tick++ {
		if err := w.PlanCrowd(members(ids, reach), &plan); err != nil {
			t.Fatal(err)
		}
		check(tick, &plan)
		movePlan(&plan, workers, func(g int, i int32) {
			f := &kcc.QueryFilter{Exclude: []kcc.ColliderID{ids[i]}, Crowd: plan.ViewOf(ids[i])}
			res := ctrls[g].MoveWith(w, walkerShape, pos[i], step(i), kcc.MoveOptions{Filter: f})
			pos[i] = pos[i].Add(res.Translation)
			if err := w.SetTransform(ids[i], pos[i], mgl64.Quat{}); err != nil {
				t.Error(err)
			}
		})
		if n := plan.Escapes(w); n != 0 {
			t.Fatalf("tick %d: %d escapes", tick, n)
		}
	}
	return pos
}

// movePlan moves the members of a planned crowd phase by phase: the
// groups of a phase on workers goroutines (group k of the phase on
// goroutine k % workers; with one worker, on the caller's), calling
// move(g, i) for member i on goroutine g, a group's members in order.
func movePlan(plan *kcc.CrowdPlan, workers int, move func(g int, i int32)) {
	run := func(lo, hi, g int) {
		for k := lo + g; k < hi; k += workers {
			for _, i := range plan.Group(k) {
				move(g, i)
			}
		}
	}
	for ph := 0; ph < plan.Phases(); ph++ {
		lo, hi := plan.PhaseGroups(ph)
		if workers == 1 {
			run(lo, hi, 0)
			continue
		}
		var wg sync.WaitGroup
		for g := 0; g < workers; g++ {
			wg.Add(1)
			go func(g int) {
				defer wg.Done()
				run(lo, hi, g)
			}(g)
		}
		wg.Wait()
	}
}

func members(ids []kcc.ColliderID, reach float64) []kcc.CrowdMember {
	var ms []kcc.CrowdMember
	for _, id := range ids {
		ms = append(ms, kcc.CrowdMember{Collider: id, Reach: mgl64.Vec3{reach, reach, reach}})
	}
	return ms
}

// Capsules 0.6 m wide at x = 0, 0.8, 1.6, 5 and 5.9, each reaching 0.1 m:
// bounds 0.8 m wide, so the first three touch in a chain (0.8 m apart;
// touching counts) and the last two are apart (0.9 m), so the islands are
// {0, 1, 2}, {3}, {4}, numbered by their first member, members ascending.
func TestPlanCrowdIslands(t *testing.T) {
	w, ids := crowdWorld(0, 0.8, 1.6, 5, 5.9)
	var plan kcc.CrowdPlan
	if err := w.PlanCrowd(members(ids, 0.1), &plan); err != nil {
		t.Fatal(err)
	}
	got := fmt.Sprint(islandsOf(&plan))
	if want := "[[0 1 2] [3] [4]]"; got != want {
		t.Fatalf("islands %s, want %s", got, want)
	}
	if plan.Largest() != 3 {
		t.Fatalf("largest island %d, want 3", plan.Largest())
	}
	if n := plan.Escapes(w); n != 0 {
		t.Fatalf("%d escapes without a move", n)
	}
	// A larger reach joins 3 and 4 (0.9 m apart, bounds 1 m wide).
	if err := w.PlanCrowd(members(ids, 0.2), &plan); err != nil {
		t.Fatal(err)
	}
	if got, want := fmt.Sprint(islandsOf(&plan)), "[[0 1 2] [3 4]]"; got != want {
		t.Fatalf("islands %s, want %s", got, want)
	}
}

func islandsOf(p *kcc.CrowdPlan) [][]int32 {
	var out [][]int32
	for k := 0; k < p.Islands(); k++ {
		out = append(out, append([]int32(nil), p.Island(k)...))
	}
	return out
}

// PlanCrowd refuses a collider that is not a live capsule and one listed
// twice, and plans nothing then; planning again is always allowed (the
// World keeps no crowd mode).
func TestPlanCrowdErrors(t *testing.T) {
	w, ids := crowdWorld(0, 2)
	var plan kcc.CrowdPlan
	if err := w.PlanCrowd([]kcc.CrowdMember{{Collider: 0}}, &plan); !errors.Is(err, kcc.ErrNotCapsule) {
		t.Fatalf("the floor box as a member: %v, want ErrNotCapsule", err)
	}
	if err := w.PlanCrowd([]kcc.CrowdMember{{Collider: 99}}, &plan); !errors.Is(err, kcc.ErrNotCapsule) {
		t.Fatalf("an unknown collider: %v, want ErrNotCapsule", err)
	}
	dup := []kcc.CrowdMember{{Collider: ids[0]}, {Collider: ids[1]}, {Collider: ids[0]}}
	if err := w.PlanCrowd(dup, &plan); err == nil {
		t.Fatal("a member listed twice was planned")
	}
	if err := w.PlanCrowd(members(ids, 0), &plan); err != nil {
		t.Fatalf("after the refusals: %v", err)
	}
	var other kcc.CrowdPlan
	if err := w.PlanCrowd(members(ids[:1], 0), &other); err != nil {
		t.Fatalf("a second plan on the same World: %v", err)
	}
	removed := w.AddCapsule(walkerShape, mgl64.Vec3{9, 0.91, 0})
	if err := w.RemoveCollider(removed); err != nil {
		t.Fatal(err)
	}
	if err := w.PlanCrowd([]kcc.CrowdMember{{Collider: removed}}, &plan); !errors.Is(err, kcc.ErrNotCapsule) {
		t.Fatalf("a removed capsule: %v, want ErrNotCapsule", err)
	}
	// Hostile reaches: NaN counts as 0, +Inf as the default margin.
	bad := []kcc.CrowdMember{{Collider: ids[0], Reach: mgl64.Vec3{math.NaN(), math.Inf(1), -1}}, {Collider: ids[1]}}
	if err := w.PlanCrowd(bad, &plan); err != nil || plan.Islands() != 2 {
		t.Fatalf("hostile reach: %v, %d islands", err, plan.Islands())
	}
}

// A query made for a member of a planned crowd (its filter carries the
// plan's view of it, QueryFilter.Crowd) sees the capsules of its island
// and those that are not members, never another island's. What a query
// returns depends on its arguments alone: the same query without the view
// sees every capsule, before, during and after the plan, and a view of
// another plan of the same World sees that plan's islands.
func TestCrowdQueriesSeeTheirIsland(t *testing.T) {
	w, ids := crowdWorld(0, 3, 6)
	cast := func(f *kcc.QueryFilter) kcc.ColliderID {
		hit, ok := w.Filtered(f).CastCapsule(walkerShape, mgl64.Vec3{0, 0.91, 0}, mgl64.Vec3{0, 1, 0}, mgl64.Vec3{10, 0, 0}, 0.01)
		if !ok {
			return kcc.NoCollider
		}
		return hit.Collider
	}
	self := &kcc.QueryFilter{Exclude: []kcc.ColliderID{ids[0]}}
	if got := cast(self); got != ids[1] {
		t.Fatalf("before any plan the cast hit %d, want %d", got, ids[1])
	}
	// Plan a: 0 and 1 are members of two islands; 2 is not a member.
	// Plan b: 0, 1 and 2 are one island (a long reach).
	var a, b kcc.CrowdPlan
	if err := w.PlanCrowd(members(ids[:2], 0.1), &a); err != nil {
		t.Fatal(err)
	}
	if err := w.PlanCrowd(members(ids, 2), &b); err != nil {
		t.Fatal(err)
	}
	if b.Islands() != 1 {
		t.Fatalf("plan b has %d islands, want 1", b.Islands())
	}
	inA := &kcc.QueryFilter{Exclude: []kcc.ColliderID{ids[0]}, Crowd: a.ViewOf(ids[0])}
	inB := &kcc.QueryFilter{Exclude: []kcc.ColliderID{ids[0]}, Crowd: b.ViewOf(ids[0])}
	if got := cast(inA); got != ids[2] {
		t.Fatalf("member 0's cast through plan a hit %d, want the non-member %d (member 1 is another island)", got, ids[2])
	}
	if got := cast(inB); got != ids[1] {
		t.Fatalf("member 0's cast through plan b hit %d, want %d (one island)", got, ids[1])
	}
	if got := cast(self); got != ids[1] {
		t.Fatalf("with plans made, the cast without a view hit %d, want %d", got, ids[1])
	}
	if got := w.Filtered(nil).OverlapCapsuleAxis(walkerShape, mgl64.Vec3{3, 0.91, 0}, mgl64.Vec3{0, 1, 0}, 0); !got {
		t.Fatal("a query for no member does not see member 1")
	}
	if v := a.ViewOf(ids[2]); v != (kcc.CrowdView{}) {
		t.Fatal("plan a has a view of a capsule that is not its member")
	}
	// The same query again gives the same answer: nothing was switched.
	if got := cast(inA); got != ids[2] {
		t.Fatalf("member 0's cast through plan a again hit %d, want %d", got, ids[2])
	}
}

// A member moved further than its reach is an escape (CrowdPlan.Escapes
// counts it), and a query made without a view rebuilds the grid so it
// finds the capsule where it went.
func TestCrowdEscape(t *testing.T) {
	w, ids := crowdWorld(0, 10)
	var plan kcc.CrowdPlan
	if err := w.PlanCrowd(members(ids, 0.1), &plan); err != nil {
		t.Fatal(err)
	}
	if err := w.SetTransform(ids[0], mgl64.Vec3{0.05, 0.91, 0}, mgl64.Quat{}); err != nil {
		t.Fatal(err)
	}
	if err := w.SetTransform(ids[1], mgl64.Vec3{20, 0.91, 0}, mgl64.Quat{}); err != nil {
		t.Fatal(err)
	}
	if n := plan.Escapes(w); n != 1 {
		t.Fatalf("%d escapes, want 1 (the capsule moved 10 m with a 0.1 m reach)", n)
	}
	if !w.OverlapCapsuleAxis(walkerShape, mgl64.Vec3{20.3, 0.91, 0}, mgl64.Vec3{0, 1, 0}, 0) {
		t.Fatal("the escaped capsule is not found where it went")
	}
	if w.OverlapCapsuleAxis(walkerShape, mgl64.Vec3{10, 0.91, 0}, mgl64.Vec3{0, 1, 0}, 0) {
		t.Fatal("the escaped capsule is still found where it was")
	}
}

// Islands moved on several goroutines give the same bits as the same
// moves one after the other: 400 walkers in pairs walking into each other
// (each island is a pair, moved whole: the plan's one phase has a group per
// island), moved through a Controller per goroutine.
func TestCrowdIslandsInParallel(t *testing.T) {
	run := func(workers int) []mgl64.Vec3 {
		var xs []float64
		for i := 0; i < 400; i++ {
			xs = append(xs, float64(i/2)*3+float64(i%2)*0.9)
		}
		w, ids := crowdWorld(xs...)
		pos := make([]mgl64.Vec3, len(ids))
		for i, x := range xs {
			pos[i] = mgl64.Vec3{x, 0.91, 0}
		}
		return walkCrowd(t, w, ids, pos, workers, 60, 0.12, func(tick int, plan *kcc.CrowdPlan) {
			if plan.Phases() != 1 {
				t.Fatalf("tick %d: %d phases: the pairs' islands should move whole, in one phase", tick, plan.Phases())
			}
		}, func(i int32) mgl64.Vec3 {
			dir := 1.0 - 2*float64(i%2) // pairs face each other
			return mgl64.Vec3{dir * 0.1, -0.01, 0}
		})
	}
	one, three := run(1), run(3)
	for i := range one {
		if one[i] != three[i] {
			t.Fatalf("walker %d: %v on one goroutine, %v on three", i, one[i], three[i])
		}
		if i%2 == 1 {
			if gap := one[i][0] - one[i-1][0]; gap < 0.6 {
				t.Fatalf("pair %d overlaps: axes %.4f m apart", i/2, gap)
			}
		}
	}
}

// FuzzPlanCrowd plans crowds of capsules at fuzzed places with fuzzed
// reaches (NaN, infinite, negative and huge included): no panic, every
// member in exactly one island, members ascending within an island, and
// two members whose bounds overlap in the same island.
func FuzzPlanCrowd(f *testing.F) {
	f.Add([]byte{0, 10, 20, 30, 40, 50}, 0.1)
	f.Add([]byte{0, 1, 2, 3, 255, 128, 7}, 2.0)
	f.Add([]byte{}, math.NaN())
	f.Fuzz(func(t *testing.T, places []byte, reach float64) {
		if len(places) > 300 {
			places = places[:300]
		}
		w := kcc.NewWorld()
		var ids []kcc.ColliderID
		var xs []float64
		for i, b := range places {
			x := float64(b) * 0.25
			z := float64(i%7) * 0.5
			ids = append(ids, w.AddCapsule(walkerShape, mgl64.Vec3{x, 0.91, z}))
			xs = append(xs, x)
		}
		ms := members(ids, reach)
		for i := range ms {
			if i%3 == 0 {
				ms[i].Reach[1] = -reach * float64(i)
			}
		}
		var plan kcc.CrowdPlan
		if err := w.PlanCrowd(ms, &plan); err != nil {
			t.Fatal(err)
		}
		island := make([]int, len(ms))
		for i := range island {
			island[i] = -1
		}
		for k := 0; k < plan.Islands(); k++ {
			prev := int32(-1)
			for _, m := range plan.Island(k) {
				if m <= prev || island[m] >= 0 {
					t.Fatalf("member %d listed again or out of order in island %d", m, k)
				}
				island[m], prev = k, m
			}
		}
		for i, k := range island {
			if k < 0 {
				t.Fatalf("member %d in no island", i)
			}
		}
		// Capsules of two islands never meet (with a reach of at least 0,
		// overlapping capsules have overlapping bounds).
		for i := range ids {
			for j := i + 1; j < len(ids); j++ {
				if island[i] != island[j] && math.Hypot(xs[i]-xs[j], float64(i%7-j%7)*0.5) < 0.6-1e-9 {
					t.Fatalf("capsules %d and %d overlap but are in islands %d and %d", i, j, island[i], island[j])
				}
			}
		}
	})
}

// BenchmarkPlanCrowd plans 1,000 and 10,000 walkers 1 m apart on a square
// grid (bounds reaching 0.15 m: every walker its own island), reporting ns
// per walker: planning is linear in the crowd. The run2 cases plan with
// CrowdPlan.Run on the calling goroutine and one other (a pool kept for
// the benchmark, as a game's workers are).
func BenchmarkPlanCrowd(b *testing.B) {
	for _, n := range []int{1000, 10000} {
		for _, two := range []bool{false, true} {
			name := fmt.Sprint(n)
			if two {
				name += "-run2"
			}
			b.Run(name, func(b *testing.B) {
				w := kcc.NewWorld()
				side := int(math.Sqrt(float64(n)))
				var ids []kcc.ColliderID
				for i := 0; i < n; i++ {
					ids = append(ids, w.AddCapsule(walkerShape, mgl64.Vec3{float64(i % side), 0.91, float64(i / side)}))
				}
				ms := members(ids, 0.15)
				var plan kcc.CrowdPlan
				if two {
					pool := newPairPool()
					defer pool.close()
					plan.Run = pool.run
				}
				b.ReportAllocs()
				b.ResetTimer()
				for i := 0; i < b.N; i++ {
					if err := w.PlanCrowd(ms, &plan); err != nil {
						b.Fatal(err)
					}
				}
				b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(n), "ns/walker")
			})
		}
	}
}

// pairPool is a kcc.Parallel on the calling goroutine and one other: the
// caller runs the even parts, the other the odd ones.
type pairPool struct {
	jobs chan pairJob
	done chan struct{}
}

type pairJob struct {
	n    int
	part func(int)
}

func newPairPool() *pairPool {
	p := &pairPool{jobs: make(chan pairJob), done: make(chan struct{})}
	go func() {
		for j := range p.jobs {
			for i := 1; i < j.n; i += 2 {
				j.part(i)
			}
			p.done <- struct{}{}
		}
	}()
	return p
}

func (p *pairPool) run(n int, part func(int)) {
	p.jobs <- pairJob{n, part}
	for i := 0; i < n; i += 2 {
		part(i)
	}
	<-p.done
}

func (p *pairPool) close() { close(p.jobs) }

// A packed crowd is one island; PlanCrowd splits an island of more than
// 64 members into cells moved in phases. 900 walkers 0.62 m apart on a
// 30 x 30 grid, each pair of columns walking into each other, moved phase
// by phase (the groups of a phase on 1 or 3 goroutines, each member
// through its own filter, pushing nobody): the island is split, the
// results are the same bits on one goroutine and on three, no two capsules
// overlap deeper than the skin, and no move leaves its bound.
func TestCrowdSplitPhases(t *testing.T) {
	const side, gap = 30, 0.62
	run := func(workers int) []mgl64.Vec3 {
		w := kcc.NewWorld()
		w.AddBox(mgl64.Vec3{0, -0.5, 0}, mgl64.Vec3{100, 0.5, 100}, mgl64.Quat{})
		var ids []kcc.ColliderID
		var pos []mgl64.Vec3
		for i := 0; i < side*side; i++ {
			p := mgl64.Vec3{float64(i%side) * gap, 0.91, float64(i/side) * gap}
			ids = append(ids, w.AddCapsule(walkerShape, p))
			pos = append(pos, p)
		}
		return walkCrowd(t, w, ids, pos, workers, 40, 0.1, func(tick int, plan *kcc.CrowdPlan) {
			if plan.Split() == 0 || plan.Phases() != 8 {
				t.Fatalf("tick %d: %d islands split, %d phases: want the packed island split in 8 phases", tick, plan.Split(), plan.Phases())
			}
		}, func(i int32) mgl64.Vec3 {
			dir := 1.0 - 2*float64(i%2)
			return mgl64.Vec3{dir * 0.08, -0.01, 0.02}
		})
	}
	one, three := run(1), run(3)
	for i := range one {
		if one[i] != three[i] {
			t.Fatalf("walker %d: %v on one goroutine, %v on three", i, one[i], three[i])
		}
		for j := i + 1; j < len(one); j++ {
			if d := math.Hypot(one[i][0]-one[j][0], one[i][2]-one[j][2]); d < 0.6-0.01-1e-9 {
				t.Fatalf("walkers %d and %d overlap: axes %.4f m apart", i, j, d)
			}
		}
	}
}

// CrowdPlan.MayMove: in a split island a member may move only the
// capsules whose home is within reach of its cell; a capsule that is not
// a member may be moved by anyone.
func TestCrowdMayMove(t *testing.T) {
	var xs []float64
	for i := 0; i < 100; i++ {
		xs = append(xs, float64(i)*0.62) // one island, 61 m long
	}
	w, ids := crowdWorld(xs...)
	var plan kcc.CrowdPlan
	if err := w.PlanCrowd(members(ids[:99], 0.1), &plan); err != nil {
		t.Fatal(err)
	}
	if plan.Split() != 1 {
		t.Fatalf("%d islands split, want 1", plan.Split())
	}
	if !plan.MayMove(ids[10], ids[11]) {
		t.Fatal("a member may not move its neighbour")
	}
	if plan.MayMove(ids[0], ids[98]) {
		t.Fatal("a member may move a capsule 61 m away")
	}
	if !plan.MayMove(ids[0], ids[99]) {
		t.Fatal("a member may not move a capsule that is not a member")
	}
	if plan.MayMove(ids[99], ids[0]) {
		t.Fatal("a capsule that is not a member may move a member")
	}
}

// TestCrowdEscapesInParts: a crowd of 600 capsules 2 m apart is planned in
// parts (600/128 = 4 parts) on goroutines (Run); three members, one in each
// of three parts, moved 50 m with a 0.1 m reach are the three escapes, and
// with no Run the count is the same.
func TestCrowdEscapesInParts(t *testing.T) {
	xs := make([]float64, 600)
	for i := range xs {
		xs[i] = float64(2*i) - 600
	}
	w, ids := crowdWorld(xs...)
	for _, run := range []kcc.Parallel{nil, goroutineParts} {
		plan := kcc.CrowdPlan{Run: run}
		if err := w.PlanCrowd(members(ids, 0.1), &plan); err != nil {
			t.Fatal(err)
		}
		if n := plan.Escapes(w); n != 0 {
			t.Fatalf("%d escapes before any move, want 0", n)
		}
		for _, i := range []int{10, 300, 590} {
			if err := w.SetTransform(ids[i], mgl64.Vec3{xs[i], 50.91, 0}, mgl64.Quat{}); err != nil {
				t.Fatal(err)
			}
		}
		if n := plan.Escapes(w); n != 3 {
			t.Fatalf("run %v: %d escapes, want 3", run != nil, n)
		}
		for _, i := range []int{10, 300, 590} {
			if err := w.SetTransform(ids[i], mgl64.Vec3{xs[i], 0.91, 0}, mgl64.Quat{}); err != nil {
				t.Fatal(err)
			}
		}
	}
}

// goroutineParts is a kcc.Parallel running each part on a goroutine of its
// own and waiting for them all.
func goroutineParts(n int, part func(int)) {
	var wg sync.WaitGroup
	for i := 0; i < n; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			part(i)
		}()
	}
	wg.Wait()
}
