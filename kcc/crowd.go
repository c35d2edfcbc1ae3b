package kcc

import (
	"errors"
	"fmt"
	"math"
	"slices"

	"github.com/go-gl/mathgl/mgl64"
)

// Crowds: the capsule colliders (characters) of a World are not in the
// top-level hierarchy with the level's colliders but in a uniform grid of
// their own, because they all move every tick: the hierarchy would be
// refitted by every move and degrade as the crowd walks away from where it
// was built. Each capsule sits in the grid by its bound, a box that holds
// it (the capsule's box grown by capsuleMargin on each side, or by what
// PlanCrowd was told); a move that keeps the capsule inside its bound
// changes only the capsule, one that takes it out has the grid rebuilt, in
// O(capsules), by the next query. Building the grid is a counting sort of
// the capsules by cell, so neighbour finding costs time linear in the
// crowd.
//
// PlanCrowd makes many moves at once safe: given every moving capsule and
// how far its moves this tick may reach, it sets the bounds to those
// reaches and partitions the capsules into islands, the connected groups
// of overlapping bounds, in a CrowdPlan. A query made for a member says so
// in its filter (QueryFilter.Crowd, the plan's view of the member): it
// sees only the capsules of the member's island and the capsules that are
// not members (which must not move while the plan's moves run). Capsules
// of two islands never touch while each stays inside its bound, so the
// islands can move on different goroutines, each in its own order, with
// the same results as moving every capsule in the planned order on one.
// What a query returns depends on its arguments alone: the World has no
// crowd mode, and a query without a view sees every capsule.

// capsuleMargin is how much larger than its capsule (m per side) a capsule's
// bound is outside a planned crowd: a walker at 5 m/s stays in it for six
// 60 Hz ticks before the grid is rebuilt.
const capsuleMargin = 0.5

// capsuleGrid is the grid of a World's capsule colliders: a hash of cells
// (cell[a] long along axis a, about one and a half times the average
// bound), each capsule listed in the bucket of every cell its bound
// spans, a capsule spanning more than maxSpan cells in a list of its own
// that every query looks at.
type capsuleGrid struct {
	cell, inv vec
	mask      uint32
	start     []int32      // bucket b lists items[start[b]:start[b+1]]
	items     []int32      // by bucket: indices into caps, in ID order within one
	caps      []gridItem   // one per capsule, in ID order
	big       []int32      // the capsules (indices into caps) spanning too many cells
	count     []int32      // scratch of the counting sort
	ext       [3][]float64 // scratch of the cell size: the bounds' extents on each axis
	// dense is set when the cells of the crowd's extent are few enough to
	// number them all: cell lo+(x, y, z) is bucket (x*dims[1]+y)*dims[2]+z,
	// so neighbouring cells are neighbouring buckets. Otherwise cells are
	// hashed into mask+1 buckets.
	dense bool
	lo    [3]int32
	dims  [3]int32
	// gen counts the builds (a plan's neighbour lists are of one build).
	gen uint64
	// The items made in parts (placeItems): the live capsules while the
	// parts run, the part count and the parts' function; each item's
	// first cell entry (off, by item; none for a big one), each entry's
	// bucket (eb, found in parts: bucketPart), and those functions.
	live     []int32
	parts    int
	placeFn  func(int)
	extentFn func(int)
	off      []int32
	eb       []uint32
	bucketFn func(int)
}

// gridItem is a capsule in the grid: what a query tests before it looks
// at the capsule itself, kept together in caps. The buckets list indices
// into caps rather than copies of the items: a capsule is in about four
// buckets, and 10,000 capsules' copies made 3 MB to write and read again
// every tick, where the indices make 160 KB.
type gridItem struct {
	bound  aabb
	lo, hi [3]int32 // the cells the bound spans
	idx    int32    // the capsule's index in caps
	id     int32
}

// maxSpan is the most cells a capsule is listed in; one spanning more (a
// hostile reach) is looked at by every query instead.
const maxSpan = 64

// CrowdMember is one capsule collider of a crowd that PlanCrowd plans:
// its collider and how far beyond the capsule's box (m along each world
// axis, both ways) the capsule may go, and its moves may reach, while the
// plan's moves run.
type CrowdMember struct {
	Collider ColliderID
	Reach    mgl64.Vec3
}

// CrowdPlan is a partition of a crowd into islands (World.PlanCrowd):
// members whose bounds overlap, directly or through others, are in one
// island. It is reused from tick to tick without allocating once grown.
type CrowdPlan struct {
	// By collider ID: the island+1 of a member's capsule (0: not a
	// member) and its member index+1; by member: the centre of its bound
	// (its home, crowdsplit.go) and the bound planned.
	colIsl    []int32
	colMember []int32
	home      []vec
	bound     []aabb
	splits    crowdSplits
	members   []int32 // by member: its collider
	order     []int32 // member indices grouped by island, ascending within one
	starts    []int32 // island k is order[starts[k]:starts[k+1]]
	parent    []int32 // union-find over member indices
	slot      []int32 // island number by root
	cand      []int32
	// By member: the capsules whose bounds overlap its bound (grid items,
	// in ID order), found by islands; member m's are
	// nbrs[nStarts[m]:nStarts[m+1]]. Its queries inside its bound read
	// them instead of the grid (capsuleQuery). gridGen is the grid build
	// they index.
	nbrs, nStarts []int32
	gridGen       uint64
	// Run, when set, runs the parts of PlanCrowd (the members' bounds,
	// the grid's items, the neighbour search, the split cells) on the
	// caller's goroutines (see Parallel); nil runs them in turn.
	Run Parallel
	// The planning in parts: each part's neighbour list, the parts'
	// functions, and what the parts read while Run runs them.
	partNbrs [][]int32
	partFn   func(int)
	boundFn  func(int)
	partW    *World
	partM    []CrowdMember
	parts    int
	// Escapes in parts: each part's count, and the parts' function.
	escapes  []int32
	escapeFn func(int)
	// The groups and phases (crowdsplit.go).
	gOrder  []int32 // member indices by group, ascending within one
	gStarts []int32 // group g is gOrder[gStarts[g]:gStarts[g+1]]
	pStarts []int32 // phase p is groups pStarts[p] to pStarts[p+1]
	split   int     // islands split into cells
}

// Islands returns how many islands the plan has.
func (p *CrowdPlan) Islands() int {
	if len(p.starts) == 0 {
		return 0
	}
	return len(p.starts) - 1
}

// Island returns the members of island k, as indices into the members
// given to PlanCrowd, ascending. Islands are numbered in the order of their
// first member. The slice is the plan's own: it changes with the next
// PlanCrowd.
func (p *CrowdPlan) Island(k int) []int32 {
	return p.order[p.starts[k]:p.starts[k+1]]
}

// Largest returns the member count of the largest island (0 for none).
func (p *CrowdPlan) Largest() int {
	m := 0
	for k := 0; k+1 < len(p.starts); k++ {
		m = max(m, int(p.starts[k+1]-p.starts[k]))
	}
	return m
}

// ErrNotCapsule is returned by PlanCrowd for a member that is not a
// capsule collider.
var ErrNotCapsule = errors.New("kcc: not a capsule collider")

// PlanCrowd prepares the capsules of members to move at the same time: it
// sets each member's bound to its capsule's box grown by its Reach (a
// negative or non-finite reach counts as 0 and capsuleMargin respectively),
// rebuilds the grid and fills plan with the islands; with plan.Run set,
// most of the planning (the bounds, the grid's items, the search for each
// member's neighbours, the split islands' cells) runs in parts on the
// caller's goroutines. While the plan's
// moves run, the World must not change except by members' SetTransform
// and SetCapsuleShape, each made by the goroutine moving that member's
// island, and every query must be made through a filter with the plan's
// view of the member it moves for (QueryFilter.Crowd: such a query never
// rebuilds the grid). A member listed twice or a collider that is not a
// capsule is an error, and nothing is planned.
func (w *World) PlanCrowd(members []CrowdMember, plan *CrowdPlan) error {
	plan.colIsl = growInt32(plan.colIsl, len(w.colliders))
	clear(plan.colIsl)
	plan.colMember = growInt32(plan.colMember, len(w.colliders))
	clear(plan.colMember)
	for i := range members {
		id := members[i].Collider
		if id < 0 || int(id) >= len(w.colliders) || w.colliders[id].kind != kindCapsule || w.colliders[id].removed {
			clear(plan.colMember)
			return fmt.Errorf("%w: %d", ErrNotCapsule, id)
		}
		if plan.colMember[id] != 0 {
			clear(plan.colMember)
			return fmt.Errorf("kcc: collider %d is listed twice in the crowd", id)
		}
		plan.colMember[id] = int32(i) + 1
	}
	// A capsule that is not a member keeps a bound that holds it: one that
	// moved out of its own since the last build gets the default again.
	for _, id := range w.caps {
		if plan.colMember[id] != 0 {
			continue // a member: its bound is set below
		}
		if c := &w.colliders[id]; c.kind == kindCapsule && !c.removed && !c.bound.holds(&c.box) {
			c.bound = marginBound(&c.box)
		}
	}
	plan.bound = growAABB(plan.bound, len(members))
	plan.parts = partsOf(len(members), neighbourPart)
	if plan.boundFn == nil {
		plan.boundFn = plan.boundPart // once: a method value allocates
	}
	plan.partW, plan.partM = w, members
	inParts(plan.Run, plan.parts, plan.boundFn)
	w.buildCapsuleGrid(false, plan.Run)
	w.islands(members, plan)
	w.split(members, plan)
	return nil
}

// boundPart sets the bounds of part k of the members: each one's
// capsule's box grown by its Reach (each part writes only its members'
// colliders and bounds).
func (p *CrowdPlan) boundPart(k int) {
	w, members := p.partW, p.partM
	n := len(members)
	lo, hi := partRange(k, n, p.parts)
	for i := lo; i < hi; i++ {
		c := &w.colliders[members[i].Collider]
		r := members[i].Reach
		for a := 0; a < 3; a++ {
			g := r[a]
			if !(g >= 0) {
				g = 0
			}
			if g > 1e6 {
				g = capsuleMargin
			}
			c.bound.min[a], c.bound.max[a] = c.box.min[a]-g, c.box.max[a]+g
		}
		p.bound[i] = c.bound
	}
}

// Escapes returns how many of the plan's members went further than their
// reach (their capsule left its planned bound: the plan's islands may then
// have missed a contact). Ask it once the plan's moves are made. It reads
// the members in parts, on Run's goroutines when set.
func (p *CrowdPlan) Escapes(w *World) int {
	if p.escapeFn == nil {
		p.escapeFn = p.escapePart // once: a method value allocates
	}
	parts := p.parts
	if len(p.members) == 0 {
		parts = 0
	}
	p.escapes = growInt32(p.escapes, parts)
	p.partW = w
	inParts(p.Run, parts, p.escapeFn)
	p.partW = nil
	n := 0
	for _, e := range p.escapes {
		n += int(e)
	}
	return n
}

// escapePart counts the members of part k whose capsule left its bound.
func (p *CrowdPlan) escapePart(k int) {
	w := p.partW
	lo, hi := partRange(k, len(p.members), p.parts)
	n := int32(0)
	for i := lo; i < hi; i++ {
		if !p.bound[i].holds(&w.colliders[p.members[i]].box) {
			n++
		}
	}
	p.escapes[k] = n
}

// growAABB returns s with length n, reusing its storage when it can.
func growAABB(s []aabb, n int) []aabb {
	if cap(s) < n {
		return make([]aabb, n, n+n/4)
	}
	return s[:n]
}

// Parallel runs part(0) to part(n-1), each once, on the caller's
// goroutines (any number of them, in any order) and returns when all have
// returned. A game with a pool of workers gives one to CrowdPlan.Run; the
// plan is the same bits however the parts are run.
type Parallel func(n int, part func(i int))

// neighbourPart is the members a part of the neighbour search takes.
const neighbourPart = 128

// partsOf is how many parts n items make at about per items a part: 1 to
// 64.
func partsOf(n, per int) int { return max(1, min(64, n/per)) }

// partRange is the items [lo, hi) of part k of n items in parts parts.
func partRange(k, n, parts int) (lo, hi int) { return k * n / parts, (k + 1) * n / parts }

// inParts runs part(0) to part(n-1) through run, or in turn when there is
// no run or one part.
func inParts(run Parallel, n int, part func(int)) {
	if run != nil && n > 1 {
		run(n, part)
		return
	}
	for k := 0; k < n; k++ {
		part(k)
	}
}

// islands fills plan with the connected groups of overlapping member
// bounds, found through the grid, and marks each member's island. Each
// member's neighbours (the capsules whose bounds overlap its bound) are
// found first, in parts (plan.Run), and kept for its queries; the unions
// follow, in member order.
func (w *World) islands(members []CrowdMember, plan *CrowdPlan) {
	n := len(members)
	plan.parent = growInt32(plan.parent, n)
	for i := range plan.parent {
		plan.parent[i] = int32(i)
	}
	plan.nStarts = growInt32(plan.nStarts, n+1)
	plan.nStarts[0] = 0
	for len(plan.partNbrs) < plan.parts {
		plan.partNbrs = append(plan.partNbrs, nil)
	}
	if cap(plan.home) < n {
		plan.home = make([]vec, n, n+n/4)
	}
	plan.home = plan.home[:n]
	plan.members = growInt32(plan.members, n)
	if plan.partFn == nil {
		plan.partFn = plan.neighbourSearch
	}
	plan.partW, plan.partM = w, members
	inParts(plan.Run, plan.parts, plan.partFn)
	plan.partW, plan.partM = nil, nil
	// The parts' lists, end to end; nStarts held each member's count.
	plan.nbrs = plan.nbrs[:0]
	for k := 0; k < plan.parts; k++ {
		plan.nbrs = append(plan.nbrs, plan.partNbrs[k]...)
	}
	for i := 0; i < n; i++ {
		plan.nStarts[i+1] += plan.nStarts[i]
	}
	plan.gridGen = w.grid.gen
	for i := 0; i < n; i++ {
		for _, it := range plan.nbrs[plan.nStarts[i]:plan.nStarts[i+1]] {
			if j := plan.colMember[w.grid.caps[it].id] - 1; j > int32(i) {
				union(plan.parent, int32(i), j)
			}
		}
	}
	plan.number(members)
}

// neighbourSearch is part k of the neighbour search: the neighbours of
// its members, each list in ID order, into its own list, and their counts
// into nStarts; and each member's home and collider (each part writes
// only its members' entries).
func (p *CrowdPlan) neighbourSearch(k int) {
	w, members := p.partW, p.partM
	n := len(members)
	lo, hi := partRange(k, n, p.parts)
	for i := lo; i < hi; i++ {
		p.home[i] = p.bound[i].center()
		p.members[i] = int32(members[i].Collider)
	}
	buf := p.partNbrs[k][:0]
	for i := lo; i < hi; i++ {
		c := &w.colliders[members[i].Collider]
		start := len(buf)
		buf = w.capsulesNear(nil, &c.bound, buf)
		sortIDs(buf[start:]) // items are in ID order
		p.nStarts[i+1] = int32(len(buf) - start)
	}
	p.partNbrs[k] = buf
}

// number numbers the islands by their first member and sorts the members
// by island (a counting sort: ascending within an island).
func (p *CrowdPlan) number(members []CrowdMember) {
	n := len(members)
	p.slot = growInt32(p.slot, n)
	for i := range p.slot {
		p.slot[i] = -1
	}
	k := int32(0)
	for i := 0; i < n; i++ {
		r := find(p.parent, int32(i))
		if p.slot[r] < 0 {
			p.slot[r] = k
			k++
		}
	}
	p.starts = growInt32(p.starts, int(k)+1)
	clear(p.starts)
	for i := 0; i < n; i++ {
		isl := p.slot[find(p.parent, int32(i))]
		p.colIsl[members[i].Collider] = isl + 1
		p.starts[isl+1]++
	}
	for i := 1; i <= int(k); i++ {
		p.starts[i] += p.starts[i-1]
	}
	p.order = growInt32(p.order, n)
	fill := p.cand[:0]
	fill = append(fill, p.starts[:k]...)
	for i := 0; i < n; i++ {
		isl := p.colIsl[members[i].Collider] - 1
		p.order[fill[isl]] = int32(i)
		fill[isl]++
	}
	p.cand = fill[:0]
}

// find is union-find's root of i, halving the path on the way.
func find(parent []int32, i int32) int32 {
	for parent[i] != i {
		parent[i] = parent[parent[i]]
		i = parent[i]
	}
	return i
}

// union joins the sets of i and j under the smaller root (so the result
// does not depend on the order the pairs are met in).
func union(parent []int32, i, j int32) {
	a, b := find(parent, i), find(parent, j)
	if a == b {
		return
	}
	if a < b {
		parent[b] = a
	} else {
		parent[a] = b
	}
}

// growInt32 returns s with length n, reusing its storage when it can.
func growInt32(s []int32, n int) []int32 {
	if cap(s) < n {
		return make([]int32, n, n+n/4)
	}
	return s[:n]
}

// buildCapsuleGrid rebuilds the grid of the live capsules (dropping the
// removed ones from the list); reset sets every bound to the capsule's box
// grown by capsuleMargin first. With run set, the items are made in parts
// on the caller's goroutines.
func (w *World) buildCapsuleGrid(reset bool, run Parallel) {
	live := w.caps[:0]
	for _, id := range w.caps {
		c := &w.colliders[id]
		if c.kind != kindCapsule || c.removed {
			continue
		}
		live = append(live, id)
		if reset {
			c.bound = marginBound(&c.box)
		}
	}
	w.caps = live
	g := &w.grid
	g.gen++
	w.sizeCells(live, run)
	lo, hi, entries, spread := w.placeItems(live, run)
	nb := 1
	for nb < 2*entries {
		nb *= 2
	}
	g.mask = uint32(nb - 1)
	g.dense = false
	if spread {
		cells := 1.0
		for a := 0; a < 3; a++ {
			g.dims[a] = hi[a] - lo[a] + 1
			cells = float64(cells * float64(g.dims[a]))
		}
		if cells <= float64(4*entries+64) {
			g.dense, g.lo, nb = true, lo, int(cells)
		}
	}
	g.bucketItems(nb, entries, run)
	w.capsDirty.Store(false)
}

// sizeCells sets the grid's cells to two and a half times the median
// bound of the live capsules on each axis (planning 1,000 to 10,000
// capsules took 10% less than at one and a half: a bound spans fewer
// cells): a few large bounds (characters falling fast) span more cells
// rather than make every cell crowded. The extents are read in parts
// (run, when set, runs them on the caller's goroutines).
func (w *World) sizeCells(live []int32, run Parallel) {
	g := &w.grid
	n := len(live)
	for a := 0; a < 3; a++ {
		g.ext[a] = slices.Grow(g.ext[a][:0], n)[:n]
	}
	// The extents in one pass over the bounds, in parts (run).
	g.live, g.parts = live, partsOf(n, placePart)
	if g.extentFn == nil {
		g.extentFn = w.extentPart // once: a method value allocates
	}
	inParts(run, g.parts, g.extentFn)
	g.live = nil
	for a := 0; a < 3; a++ {
		g.cell[a] = 1
		if n > 0 {
			if m := medianOf(g.ext[a]); m < 1e3 {
				g.cell[a] = max(float64(2.5*m), 0.25)
			}
		}
		g.inv[a] = 1 / g.cell[a]
	}
}

// extentPart writes the bound extents of part k of the live capsules.
func (w *World) extentPart(k int) {
	g := &w.grid
	n := len(g.live)
	lo, hi := partRange(k, n, g.parts)
	for i := lo; i < hi; i++ {
		b := &w.colliders[g.live[i]].bound
		for a := 0; a < 3; a++ {
			g.ext[a][i] = b.max[a] - b.min[a]
		}
	}
}

// placeItems makes the grid's item of each live capsule (the cells its
// bound spans; one spanning more than maxSpan cells is a big one), in
// parts (run, when set, runs them on the caller's goroutines), and returns
// the cells all the others span, how many cell entries they make, and
// whether there is any.
func (w *World) placeItems(live []int32, run Parallel) (lo, hi [3]int32, entries int, spread bool) {
	g := &w.grid
	if cap(g.caps) < len(live) {
		g.caps = make([]gridItem, len(live), len(live)+len(live)/4)
	}
	g.caps = g.caps[:len(live)]
	g.big = g.big[:0]
	g.live, g.parts = live, partsOf(len(live), placePart)
	if g.placeFn == nil {
		g.placeFn = w.placePart // once: a method value allocates
	}
	inParts(run, g.parts, g.placeFn)
	g.live = nil
	g.off = growInt32(g.off, len(g.caps)+1)
	g.off[0] = 0
	for i := range g.caps {
		it := &g.caps[i]
		g.off[i+1] = int32(entries)
		span := 1
		for a := 0; a < 3; a++ {
			span *= int(it.hi[a]-it.lo[a]) + 1
			if span > maxSpan || span < 0 {
				span = maxSpan + 1
				break
			}
		}
		if span > maxSpan {
			g.big = append(g.big, int32(i))
			continue
		}
		entries += span
		g.off[i+1] = int32(entries)
		for a := 0; a < 3; a++ {
			if !spread || it.lo[a] < lo[a] {
				lo[a] = it.lo[a]
			}
			if !spread || it.hi[a] > hi[a] {
				hi[a] = it.hi[a]
			}
		}
		spread = true
	}
	return lo, hi, entries, spread
}

// placePart is how many capsules a part of placeItems takes.
const placePart = 256

// placePart makes the items of part k of the live capsules (each part
// writes only its own items and colliders).
func (w *World) placePart(k int) {
	g := &w.grid
	n := len(g.live)
	lo, hi := partRange(k, n, g.parts)
	for i := lo; i < hi; i++ {
		id := g.live[i]
		c := &w.colliders[id]
		c.item = int32(i)
		it := &g.caps[i]
		it.bound, it.idx, it.id = c.bound, int32(i), id
		it.lo, it.hi = g.cellOf(c.bound.min), g.cellOf(c.bound.max)
	}
}

// bucketItems lists each item (its index in caps) in the bucket of every
// cell it spans (nb buckets, entries entries): a counting sort, items in
// ID order within a bucket. The buckets of the entries are found first, in
// parts (run, when set, runs them on the caller's goroutines: each part
// writes only its items' entries).
func (g *capsuleGrid) bucketItems(nb, entries int, run Parallel) {
	if cap(g.eb) < entries {
		g.eb = make([]uint32, entries, entries+entries/4)
	}
	g.eb = g.eb[:entries]
	if g.bucketFn == nil {
		g.bucketFn = g.bucketPart // once: a method value allocates
	}
	inParts(run, g.parts, g.bucketFn)
	g.count = growInt32(g.count, nb)
	clear(g.count)
	g.start = growInt32(g.start, nb+1)
	g.items = growInt32(g.items, entries)
	for _, b := range g.eb {
		g.count[b]++
	}
	g.start[0] = 0
	for b := 0; b < nb; b++ {
		g.start[b+1] = g.start[b] + g.count[b]
		g.count[b] = g.start[b]
	}
	// Each item listed in its entries' buckets, in item (ID) order.
	for i := range g.caps {
		for _, b := range g.eb[g.off[i]:g.off[i+1]] {
			g.items[g.count[b]] = int32(i)
			g.count[b]++
		}
	}
}

// bucketPart finds the bucket of every cell entry of part k of the items
// (a big one has none), in the order of its cells.
func (g *capsuleGrid) bucketPart(k int) {
	n := len(g.caps)
	lo, hi := partRange(k, n, g.parts)
	for i := lo; i < hi; i++ {
		it := &g.caps[i]
		e := g.off[i]
		if e == g.off[i+1] {
			continue
		}
		for x := it.lo[0]; x <= it.hi[0]; x++ {
			for y := it.lo[1]; y <= it.hi[1]; y++ {
				for z := it.lo[2]; z <= it.hi[2]; z++ {
					g.eb[e] = g.bucket([3]int32{x, y, z})
					e++
				}
			}
		}
	}
}

// medianOf returns the median of xs (the upper one of an even count),
// reordering xs: a quickselect with the middle element as pivot, O(len)
// on average. NaN counts as larger than any number.
func medianOf(xs []float64) float64 {
	k := len(xs) / 2
	lo, hi := 0, len(xs)-1
	less := func(a, b float64) bool { return a < b || (b != b && a == a) }
	for lo < hi {
		p := xs[(lo+hi)/2]
		i, j := lo, hi
		for i <= j {
			for less(xs[i], p) {
				i++
			}
			for less(p, xs[j]) {
				j--
			}
			if i <= j {
				xs[i], xs[j] = xs[j], xs[i]
				i++
				j--
			}
		}
		switch {
		case k <= j:
			hi = j
		case k >= i:
			lo = i
		default:
			return xs[k]
		}
	}
	return xs[k]
}

// marginBound is the default bound of a capsule whose box is b.
func marginBound(b *aabb) aabb {
	var o aabb
	for a := 0; a < 3; a++ {
		o.min[a], o.max[a] = b.min[a]-capsuleMargin, b.max[a]+capsuleMargin
	}
	return o
}

// cellOf is the cell holding p (coordinates clamped so that a far-away
// capsule still has a cell).
func (g *capsuleGrid) cellOf(p vec) [3]int32 {
	var c [3]int32
	for a := 0; a < 3; a++ {
		c[a] = int32(max(-1e9, min(1e9, math.Floor(float64(p[a]*g.inv[a])))))
	}
	return c
}

// bucket is the bucket of a cell (in range, when dense).
func (g *capsuleGrid) bucket(c [3]int32) uint32 {
	if g.dense {
		return uint32((int(c[0]-g.lo[0])*int(g.dims[1])+int(c[1]-g.lo[1]))*int(g.dims[2]) + int(c[2]-g.lo[2]))
	}
	h := uint32(c[0])*73856093 ^ uint32(c[1])*19349663 ^ uint32(c[2])*83492791
	return h & g.mask
}

// maxCellScan bounds the cells a capsule query visits one by one; a
// larger query scans the capsule list instead.
const maxCellScan = 64

// capsulesNear appends to out the grid items (indices into caps, which
// is in ID order) of the capsules whose bound
// overlaps q and that a query with scratch s (nil: any) may see, each once,
// in a deterministic order (by cell, then by ID, then the big ones),
// without looking at where they are now.
func (w *World) capsulesNear(s *scratch, q *aabb, out []int32) []int32 {
	g := &w.grid
	if len(g.caps) == 0 {
		return out
	}
	var lo, hi [3]int32
	cells := 1
	for a := 0; a < 3; a++ {
		l := math.Floor(float64(q.min[a] * g.inv[a]))
		h := math.Floor(float64(q.max[a] * g.inv[a]))
		if !(h-l < maxCellScan) {
			cells = maxCellScan + 1
			break
		}
		lo[a], hi[a] = int32(max(-1e9, l)), int32(min(1e9, h))
		if g.dense {
			lo[a], hi[a] = max(lo[a], g.lo[a]), min(hi[a], g.lo[a]+g.dims[a]-1)
		}
		if lo[a] > hi[a] {
			cells = 0 // no listed capsule's cell is in range
		}
		cells *= int(hi[a]-lo[a]) + 1
	}
	if cells > maxCellScan || cells > len(g.caps) {
		for i := range g.caps {
			if it := &g.caps[i]; it.bound.overlaps(q) && g.visible(it, s) {
				out = append(out, it.idx)
			}
		}
		return out
	}
	for x := lo[0]; x <= hi[0] && cells > 0; x++ {
		for y := lo[1]; y <= hi[1]; y++ {
			for z := lo[2]; z <= hi[2]; z++ {
				b := g.bucket([3]int32{x, y, z})
				for _, i := range g.items[g.start[b]:g.start[b+1]] {
					it := &g.caps[i]
					// A capsule listed in several cells of the query is
					// taken in the first of them (the corner of their
					// overlap), only there.
					if x != max(it.lo[0], lo[0]) || y != max(it.lo[1], lo[1]) || z != max(it.lo[2], lo[2]) ||
						x > it.hi[0] || y > it.hi[1] || z > it.hi[2] {
						continue
					}
					if it.bound.overlaps(q) && g.visible(it, s) {
						out = append(out, it.idx)
					}
				}
			}
		}
	}
	for _, i := range g.big {
		if it := &g.caps[i]; it.bound.overlaps(q) && g.visible(it, s) {
			out = append(out, it.idx)
		}
	}
	return out
}

// visible reports whether a query with scratch s (nil: any) may see the
// capsule it: a query made for a member of a planned crowd sees only its
// own island and the capsules that are not members, and in an island
// split into cells only the capsules whose home is in view of its cell
// (crowdsplit.go).
func (g *capsuleGrid) visible(it *gridItem, s *scratch) bool {
	if s == nil || s.crowd.island == 0 {
		return true
	}
	p := s.crowd.plan
	if int(it.id) >= len(p.colIsl) {
		return true // a capsule added after the plan
	}
	isl := p.colIsl[it.id]
	if isl == 0 {
		return true
	}
	if isl != s.crowd.island {
		return false
	}
	return !s.crowd.split || s.crowd.sees.holdsPoint(&p.home[p.colMember[it.id]-1])
}

// capsuleQuery appends to out the capsules a query with scratch s sees
// whose box overlaps q and meets f, in ID order (not the grid's, which
// depends on where the capsules were when it was built: see topQuery):
// during a planned crowd, a member's query sees only its own island and
// the capsules that are not members.
func (w *World) capsuleQuery(s *scratch, q *aabb, f *sweepFilter, out []int32) []int32 {
	if s != nil && s.crowd.member > 0 && s.crowd.plan.gridGen == w.grid.gen {
		p := s.crowd.plan
		if m := s.crowd.member; p.bound[m-1].holds(q) {
			return w.neighbourQuery(p.nbrs[p.nStarts[m-1]:p.nStarts[m]], q, f, nil, out)
		}
		if m := s.crowd.subject; m > 0 && p.bound[m-1].holds(q) {
			return w.neighbourQuery(p.nbrs[p.nStarts[m-1]:p.nStarts[m]], q, f, s, out)
		}
	}
	n0 := len(out)
	out = w.capsulesNear(s, q, out)
	k := n0
	for _, it := range out[n0:] {
		id := w.grid.caps[it].id
		c := &w.colliders[id]
		if c.box.overlaps(q) && f.meets(&c.box) {
			out[k] = id
			k++
		}
	}
	sortIDs(out[n0:k])
	return out[:k]
}

// neighbourQuery is capsuleQuery for a query of a planned crowd's member
// that lies inside the bound of the member or of the one it pushes (its
// view's subject): what the grid would give is among that member's
// neighbours (the capsules whose bounds overlap its bound, found when
// planning), tested as the grid's would be, already in ID order. A
// member's own neighbour is always visible (capsuleGrid.visible): it is
// in the member's island, and in a split island its home is within two
// largest half extents of the member's, well inside its view; a pushed
// member's neighbours are tested with the view's scratch s (nil: none).
func (w *World) neighbourQuery(nbrs []int32, q *aabb, f *sweepFilter, s *scratch, out []int32) []int32 {
	g := &w.grid
	for _, i := range nbrs {
		it := &g.caps[i]
		if !it.bound.overlaps(q) || (s != nil && !g.visible(it, s)) {
			continue
		}
		if c := &w.colliders[it.id]; c.box.overlaps(q) && f.meets(&c.box) {
			out = append(out, it.id)
		}
	}
	return out
}

// placedCapsule records that capsule c moved: a capsule that left its
// bound has the grid rebuilt by the next query made without a crowd's view
// (a planned crowd's queries never rebuild it: their moves may run on
// several goroutines; CrowdPlan.Escapes counts such members).
func (w *World) placedCapsule(c *collider) {
	if !c.bound.holds(&c.box) {
		w.capsDirty.Store(true)
	}
}
