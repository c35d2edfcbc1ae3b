package kcc

import (
	"math"
	"math/rand"
	"slices"
	"sync"
	"testing"

	"github.com/go-gl/mathgl/mgl64"
)

// TestNeighbourQueryIsTheGrids: a planned crowd's member asks its
// neighbour list (the capsules whose bounds overlap its bound, kept by
// PlanCrowd) instead of the grid for the queries inside its bound; the
// answer is the grid's, capsule for capsule and in the same order, for
// islands moved whole and split into cells, and a query reaching beyond
// the bound still asks the grid. 900 capsules on a jittered grid 0.9 m
// apart, with reaches from 0 to 0.4 m (one island of hundreds: split),
// and a few far apart (small islands); 20 random boxes per member, asked
// for the member itself, for it pushed by a neighbour (the pusher's view,
// the pushed one's list) and for it seen by a far member, whose view
// hides some or all of that list.
func TestNeighbourQueryIsTheGrids(t *testing.T) {
	rng := rand.New(rand.NewSource(7))
	w := NewWorld()
	var members []CrowdMember
	for i := 0; i < 900; i++ {
		p := mgl64.Vec3{float64(i%30)*0.9 + rng.Float64()*0.1, 0.9, float64(i/30)*0.9 + rng.Float64()*0.1}
		if i%50 == 0 {
			p[0] += 100 // far from the others
		}
		id := w.AddCapsule(Capsule{Radius: 0.3, HalfHeight: 0.6}, p)
		r := rng.Float64() * 0.4
		members = append(members, CrowdMember{Collider: id, Reach: mgl64.Vec3{r, r, r}})
	}
	var plan CrowdPlan
	if err := w.PlanCrowd(members, &plan); err != nil {
		t.Fatal(err)
	}
	if plan.Split() == 0 {
		t.Fatal("no island was split: the test does not cover the split views")
	}
	s := &scratch{}
	var off sweepFilter
	inside, found, pushed := 0, 0, 0
	for m := range members {
		b := plan.bound[m]
		for k := 0; k < 20; k++ {
			var q aabb
			for a := 0; a < 3; a++ {
				ext := b.max[a] - b.min[a]
				lo := b.min[a] + rng.Float64()*ext*0.8
				hi := lo + rng.Float64()*(b.max[a]-lo)
				if k%5 == 0 {
					hi += 0.5 // beyond the bound: the grid's path
				}
				q.min[a], q.max[a] = lo, hi
			}
			// The member's own query, then the same box asked for m when
			// pushed by another member of its island (m is the view's
			// subject: the pusher's view, m's neighbours).
			// A filter may also name any member's view: one far off
			// (another island, or a cell out of sight) hides m's
			// neighbours.
			for _, viewer := range []int32{int32(m), pusherOf(&plan, w, m), int32((m + 450) % len(members))} {
				s.crowd = plan.viewOf(viewer)
				if viewer != int32(m) {
					s.crowd.subject = int32(m) + 1
					pushed++
				}
				got := slices.Clone(w.capsuleQuery(s, &q, &off, nil))
				if b.holds(&q) {
					inside++
				}
				s.crowd.member, s.crowd.subject = 0, 0 // the grid's path, the same view
				want := w.capsuleQuery(s, &q, &off, nil)
				if !slices.Equal(got, want) {
					t.Fatalf("member %d seen by %d, box %v: neighbours give %v, the grid %v", m, viewer, q, got, want)
				}
				found += len(got)
			}
		}
	}
	if inside < 10000 || found == 0 || pushed < 10000 {
		t.Fatalf("%d queries inside their bounds, %d by a pusher, %d capsules found: the test does not cover the neighbour lists", inside, pushed, found)
	}
}

// pusherOf is a member of m's island other than m (m itself when alone):
// its last neighbour that is a member, the farthest in ID order.
func pusherOf(plan *CrowdPlan, w *World, m int) int32 {
	nb := plan.nbrs[plan.nStarts[m]:plan.nStarts[m+1]]
	for i := len(nb) - 1; i >= 0; i-- {
		if j := plan.colMember[w.grid.caps[nb[i]].id] - 1; j >= 0 && j != int32(m) {
			return j
		}
	}
	return int32(m)
}

// TestPlanCrowdRunSameBits: a plan whose neighbour search runs in parts
// on several goroutines (CrowdPlan.Run) is the plan made in turn: the
// same neighbour lists, islands, homes, split cells, groups and phases
// (with islands split into cells).
func TestPlanCrowdRunSameBits(t *testing.T) {
	rng := rand.New(rand.NewSource(3))
	w := NewWorld()
	var members []CrowdMember
	for i := 0; i < 2000; i++ {
		p := mgl64.Vec3{float64(i%40) + rng.Float64()*0.3, 0.9, float64(i/40) + rng.Float64()*0.3}
		id := w.AddCapsule(Capsule{Radius: 0.3, HalfHeight: 0.6}, p)
		r := rng.Float64() * 0.3
		members = append(members, CrowdMember{Collider: id, Reach: mgl64.Vec3{r, r, r}})
	}
	goroutines := func(n int, part func(int)) {
		var wg sync.WaitGroup
		for g := 0; g < 3; g++ {
			wg.Add(1)
			go func(g int) {
				defer wg.Done()
				for i := g; i < n; i += 3 {
					part(i)
				}
			}(g)
		}
		wg.Wait()
	}
	var inTurn, run CrowdPlan
	run.Run = goroutines
	if err := w.PlanCrowd(members, &inTurn); err != nil {
		t.Fatal(err)
	}
	if err := w.PlanCrowd(members, &run); err != nil {
		t.Fatal(err)
	}
	if run.parts < 2 {
		t.Fatalf("%d parts: the test does not run the search in parts", run.parts)
	}
	for name, pair := range map[string][2][]int32{
		"neighbours": {inTurn.nbrs, run.nbrs}, "their starts": {inTurn.nStarts, run.nStarts},
		"islands": {inTurn.order, run.order}, "island starts": {inTurn.starts, run.starts},
		"groups": {inTurn.gOrder, run.gOrder}, "phases": {inTurn.pStarts, run.pStarts},
	} {
		if !slices.Equal(pair[0], pair[1]) {
			t.Fatalf("the %s differ", name)
		}
	}
	if inTurn.Islands() < 2 || len(inTurn.nbrs) <= len(members) || inTurn.Split() == 0 {
		t.Fatalf("%d islands (%d split), %d neighbour entries: the crowd is not a test", inTurn.Islands(), inTurn.Split(), len(inTurn.nbrs))
	}
	if !slices.Equal(inTurn.home, run.home) || inTurn.splits.cell != run.splits.cell {
		t.Fatal("the homes or the split cells differ")
	}
}

// TestCarryKeepsTheCrowdView: CarryWith sweeps with the Move's filter,
// the planned crowd's view included, so a carry during a plan's moves
// never rebuilds the capsule grid the plan's other moves read (it did when
// a character stood on another's head while some capsule had left its
// bound: the grid rebuilt under a neighbour query on another goroutine).
func TestCarryKeepsTheCrowdView(t *testing.T) {
	w := NewWorld()
	w.AddBox(mgl64.Vec3{0, -0.5, 0}, mgl64.Vec3{20, 0.5, 20}, mgl64.Quat{})
	shape := Capsule{Radius: 0.3, HalfHeight: 0.6}
	below := mgl64.Vec3{0, 0.91, 0}
	above := mgl64.Vec3{0, 0.91 + 1.8 + 0.01, 0}
	a, b := w.AddCapsule(shape, below), w.AddCapsule(shape, above)
	c := w.AddCapsule(shape, mgl64.Vec3{5, 0.91, 0})
	reach := mgl64.Vec3{0.1, 0.1, 0.1}
	var plan CrowdPlan
	if err := w.PlanCrowd([]CrowdMember{{a, reach}, {b, reach}, {c, reach}}, &plan); err != nil {
		t.Fatal(err)
	}
	// The one below moves (it carries the one above); another capsule
	// leaves its bound, so a query without a crowd view would rebuild.
	if err := w.SetTransform(a, below.Add(mgl64.Vec3{0.05, 0, 0}), mgl64.Quat{}); err != nil {
		t.Fatal(err)
	}
	if err := w.SetTransform(c, mgl64.Vec3{9, 0.91, 0}, mgl64.Quat{}); err != nil {
		t.Fatal(err)
	}
	if !w.capsDirty.Load() {
		t.Fatal("no capsule left its bound: the test does not cover the rebuild")
	}
	gen := w.grid.gen
	f := QueryFilter{Exclude: []ColliderID{b}, Crowd: plan.ViewOf(b)}
	d, _ := NewController(DefaultConfig()).CarryWith(w, shape, above, a, MoveOptions{Filter: &f})
	if w.grid.gen != gen {
		t.Fatal("the carry rebuilt the capsule grid during the plan's moves")
	}
	if math.Abs(d[0]-0.05) > 1e-9 || math.Abs(d[1]) > 1e-9 || math.Abs(d[2]) > 1e-9 {
		t.Fatalf("carried by %v, want the 5 cm the one below moved", d)
	}
}
