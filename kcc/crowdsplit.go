package kcc

import (
	"math"
	"slices"
)

// Large islands. A dense crowd that pushes is often one island: every
// character touches its neighbours. PlanCrowd splits an island of more than
// splitMin members into cells of side cellSpan times its largest bound
// half extent h, coloured like a 3D checkerboard (8 colours, by the parity
// of each cell coordinate), and the plan runs in phases: phase p moves the
// cells of colour p, each on one goroutine, its members in ascending
// order; the islands that are not split move in phase 0, each as one
// group. Two cells of one colour are a whole cell apart, so what their
// moves touch is kept apart by construction, not by trust in the reaches:
//
//   - a member of cell X sees the capsules of its island whose home (the
//     centre of its bound when planned) lies within viewSpan*h of X, and
//   - moves (pushes, CrowdPlan.MayMove) only those whose home lies within
//     moveSpan*h of X.
//
// With cellSpan >= 2*viewSpan - moveSpan, what X may move is out of sight
// of every other cell of its colour, and what X sees is not moved by any
// other: the phases give the same bits for any number of goroutines. A
// member moves at most its reach (about h beyond its own box), pushes the
// capsules up to moveSpan*h outside its cell, which move by at most a
// reach and look around them by a capsule width more: viewSpan*h covers
// it. A capsule whose home is beyond moveSpan*h of every cell moving in a
// phase blocks like a wall in that phase and moves in its own cell's.

// splitMin is the largest island moved as one group.
const splitMin = 64

// The spans of a split island, in units of its largest bound half extent.
const (
	viewSpan = 6.0
	moveSpan = 3.0
	cellSpan = 10.0 // at least 2*viewSpan - moveSpan
)

// CrowdView is a planned crowd seen by the queries made for one of its
// members (CrowdPlan.ViewOf): what they see and which capsules the member
// may move. The zero CrowdView is no crowd: every capsule is seen.
type CrowdView struct {
	plan   *CrowdPlan
	member int32 // the member's index+1
}

// ViewOf is the plan's view of the member whose capsule is id, for the
// filter of the queries made for it (QueryFilter.Crowd): a character's
// own moves, and the moves of the characters it pushes. A collider that
// is not a member has the zero view.
func (p *CrowdPlan) ViewOf(id ColliderID) CrowdView {
	if p == nil || id < 0 || int(id) >= len(p.colMember) || p.colMember[id] == 0 {
		return CrowdView{}
	}
	return CrowdView{plan: p, member: p.colMember[id]}
}

// crowdView is what a query sees of a planned crowd: nothing special when
// island is 0; else the capsules of island (island+1 numbering) and,
// when split, only those whose home is in sees; it may move the ones whose
// home is in moves.
type crowdView struct {
	plan        *CrowdPlan
	member      int32 // the member's index+1 (0 for none)
	subject     int32 // the moving member's index+1, when not member (a push)
	island      int32
	split       bool
	sees, moves aabb // half-open: min <= home < max
}

// holdsPoint reports whether p is in b, min included, max excluded.
func (b *aabb) holdsPoint(p *vec) bool {
	return b.min[0] <= p[0] && p[0] < b.max[0] && b.min[1] <= p[1] && p[1] < b.max[1] &&
		b.min[2] <= p[2] && p[2] < b.max[2]
}

// crowdViewOf is what the queries through filter f see of a planned
// crowd (its Crowd view; the zero view for none).
func crowdViewOf(f *QueryFilter) crowdView {
	if f == nil || f.Crowd.plan == nil {
		return crowdView{}
	}
	v := f.Crowd.plan.viewOf(f.Crowd.member - 1)
	v.subject = f.Crowd.plan.excludedMember(f.Exclude, v.member)
	return v
}

// excludedMember is the first member (index+1) in exclude other than
// member, 0 for none: the capsule of a character pushed by member's,
// left out of the queries of its own move (QueryFilter.Crowd).
func (p *CrowdPlan) excludedMember(exclude []ColliderID, member int32) int32 {
	for _, id := range exclude {
		if id >= 0 && int(id) < len(p.colMember) {
			if m := p.colMember[id]; m != 0 && m != member {
				return m
			}
		}
	}
	return 0
}

// viewOf is the view of member m.
func (p *CrowdPlan) viewOf(m int32) crowdView {
	id := p.memberCollider(m)
	v := crowdView{plan: p, member: m + 1, island: p.colIsl[id]}
	if sp := &p.splits; int(v.island) <= len(sp.of) && sp.of[v.island-1] {
		v.split = true
		cell := &sp.xyz[m] // its home's cell (splitCells)
		for a := 0; a < 3; a++ {
			lo := float64(float64(cell[a]) * sp.cell[a])
			hi := lo + sp.cell[a]
			v.sees.min[a], v.sees.max[a] = lo-sp.view[a], hi+sp.view[a]
			v.moves.min[a], v.moves.max[a] = lo-sp.move[a], hi+sp.move[a]
		}
	}
	return v
}

// memberCollider is member m's capsule collider.
func (p *CrowdPlan) memberCollider(m int32) ColliderID { return ColliderID(p.members[m]) }

// MayMove reports whether, in the plan, the member mover may move the
// capsule other (push it): other is in mover's island and, when the island
// is split into cells, its home is within reach of mover's cell. A capsule
// that is not a member may be moved by anyone; one that is, by no one who
// is not.
func (p *CrowdPlan) MayMove(mover, other ColliderID) bool {
	o := p.ViewOf(other)
	if o.plan == nil {
		return true
	}
	mv := p.ViewOf(mover)
	if mv.plan == nil {
		return false
	}
	v := p.viewOf(mv.member - 1)
	if v.island != p.colIsl[other] {
		return false
	}
	return !v.split || v.moves.holdsPoint(&p.home[o.member-1])
}

// crowdSplits is how the islands of a plan are split (crowdsplit.go): of
// tells the split islands (by island number); cell, view and move are the
// cell sides and the spans in metres on each axis, from the largest bound
// of the split islands.
type crowdSplits struct {
	of               []bool
	cell, view, move vec
	inv              vec
	cells            []int32 // scratch: each split member's cell, dense index
	count            []int32 // scratch of the counting sort
	lo, dims         [3]int32
	// The parts' scratch (halfExtentPart, cellPart): each member's cell (xyz),
	// each part's largest half extent, extent of cells and whether it has
	// any split member; the parts' functions.
	xyz            [][3]int32
	partHV         []vec
	partLo, partHi [][3]int32
	partAny        []bool
	hvFn, cellFn   func(int)
}

// cellOf is the cell of a home point.
func (sp *crowdSplits) cellOf(p *vec) [3]int32 {
	var c [3]int32
	for a := 0; a < 3; a++ {
		c[a] = int32(max(-1e9, min(1e9, math.Floor(float64(p[a]*sp.inv[a])))))
	}
	return c
}

// Phases returns how many phases the plan runs in: 1 when no island was
// split, 8 when one was, one per colour of cells (phase 0 also has the
// islands moved whole).
func (p *CrowdPlan) Phases() int { return max(len(p.pStarts)-1, 0) }

// PhaseGroups returns the range [lo, hi) of the groups of phase ph: the
// groups of one phase may move at the same time, each on one goroutine.
func (p *CrowdPlan) PhaseGroups(ph int) (lo, hi int) {
	return int(p.pStarts[ph]), int(p.pStarts[ph+1])
}

// Group returns the members of group g, as indices into the members given
// to PlanCrowd, ascending: they move one after the other, in this order.
func (p *CrowdPlan) Group(g int) []int32 {
	return p.gOrder[p.gStarts[g]:p.gStarts[g+1]]
}

// Split returns how many islands were split into cells.
func (p *CrowdPlan) Split() int { return p.split }

// split groups the plan's members: the islands of at most splitMin
// members as one group each in phase 0, the others' members by cell and
// colour, and records each member's home for the views.
func (w *World) split(members []CrowdMember, plan *CrowdPlan) {
	sp := &plan.splits
	n := len(members)
	k := plan.Islands()
	if cap(sp.of) < k {
		sp.of = make([]bool, k, k+k/4)
	}
	sp.of = sp.of[:k]
	plan.split = 0
	for isl := 0; isl < k; isl++ {
		sp.of[isl] = len(plan.Island(isl)) > splitMin
		if sp.of[isl] {
			plan.split++
		}
	}
	var hv vec // the largest bound half extent on each axis
	if plan.split > 0 {
		hv = plan.splitExtent()
	}
	plan.gOrder = growInt32(plan.gOrder, n)
	plan.gStarts = append(plan.gStarts[:0], 0)
	plan.pStarts = append(plan.pStarts[:0], 0)
	// Phase 0: the islands moved whole, one group each.
	at := int32(0)
	for isl := 0; isl < k; isl++ {
		if sp.of[isl] {
			continue
		}
		at += int32(copy(plan.gOrder[at:], plan.Island(isl)))
		plan.gStarts = append(plan.gStarts, at)
	}
	usable := plan.split > 0
	for a := 0; a < 3; a++ {
		h := hv[a]
		usable = usable && h > 0 && h <= 1e3
		sp.cell[a], sp.view[a], sp.move[a] = float64(cellSpan*h), float64(viewSpan*h), float64(moveSpan*h)
		sp.inv[a] = 1 / sp.cell[a]
	}
	// Numbering the cells densely must be affordable (else, and with a
	// hostile reach, the split islands move whole after all).
	usable = usable && plan.splitCells(members)
	if !usable {
		plan.pStarts = append(plan.pStarts, int32(len(plan.gStarts)-1))
		if plan.split > 0 {
			for isl := 0; isl < k; isl++ {
				if sp.of[isl] {
					sp.of[isl] = false
					at += int32(copy(plan.gOrder[at:], plan.Island(isl)))
					plan.gStarts = append(plan.gStarts, at)
				}
			}
			plan.pStarts[1] = int32(len(plan.gStarts) - 1)
			plan.split = 0
		}
		return
	}
	plan.groupCells(members, at)
}

// splitExtent is the largest bound half extent of the split islands'
// members on each axis, found in parts on the plan's goroutines (Run).
func (plan *CrowdPlan) splitExtent() vec {
	sp := &plan.splits
	sp.partHV = slices.Grow(sp.partHV[:0], plan.parts)[:plan.parts]
	if sp.hvFn == nil {
		sp.hvFn, sp.cellFn = plan.halfExtentPart, plan.cellPart // once: a method value allocates
	}
	inParts(plan.Run, plan.parts, sp.hvFn)
	var hv vec
	for _, h := range sp.partHV {
		for a := 0; a < 3; a++ {
			hv[a] = max(hv[a], h[a])
		}
	}
	return hv
}

// halfExtentPart is part k of splitExtent.
func (plan *CrowdPlan) halfExtentPart(k int) {
	sp := &plan.splits
	n := len(plan.members)
	var hv vec
	lo, hi := partRange(k, n, plan.parts)
	for i := lo; i < hi; i++ {
		if !sp.of[plan.colIsl[plan.members[i]]-1] {
			continue
		}
		b := &plan.bound[i]
		for a := 0; a < 3; a++ {
			hv[a] = max(hv[a], (b.max[a]-b.min[a])/2)
		}
	}
	sp.partHV[k] = hv
}

// splitCells finds each split member's cell and the extent of those
// cells (sp.lo, sp.dims), in parts on the plan's goroutines (Run), and
// reports whether numbering them densely is affordable.
func (plan *CrowdPlan) splitCells(members []CrowdMember) bool {
	sp := &plan.splits
	n := len(members)
	if cap(sp.xyz) < n {
		sp.xyz = make([][3]int32, n, n+n/4)
	}
	sp.xyz = sp.xyz[:n]
	sp.cells = growInt32(sp.cells, n)
	sp.partLo = slices.Grow(sp.partLo[:0], plan.parts)[:plan.parts]
	sp.partHi = slices.Grow(sp.partHi[:0], plan.parts)[:plan.parts]
	sp.partAny = slices.Grow(sp.partAny[:0], plan.parts)[:plan.parts]
	inParts(plan.Run, plan.parts, sp.cellFn)
	first := true
	for k := range sp.partAny {
		if !sp.partAny[k] {
			continue
		}
		for a := 0; a < 3; a++ {
			if first || sp.partLo[k][a] < sp.lo[a] {
				sp.lo[a] = sp.partLo[k][a]
			}
			if first || sp.partHi[k][a] > sp.dims[a] {
				sp.dims[a] = sp.partHi[k][a] // the highest, for now
			}
		}
		first = false
	}
	cells := 1.0
	for a := 0; a < 3; a++ {
		sp.dims[a] = sp.dims[a] - sp.lo[a] + 1
		cells = float64(cells * float64(sp.dims[a]))
	}
	return cells <= float64(4*n+1024)
}

// cellPart is part k of splitCells: the cell of each split member (cells
// marks it 0, the others -1) and the part's extent of them.
func (plan *CrowdPlan) cellPart(k int) {
	sp := &plan.splits
	n := len(plan.members)
	var lo, hi [3]int32
	first := true
	from, to := partRange(k, n, plan.parts)
	for i := from; i < to; i++ {
		sp.cells[i] = -1
		if !sp.of[plan.colIsl[plan.members[i]]-1] {
			continue
		}
		sp.cells[i] = 0
		cell := sp.cellOf(&plan.home[i])
		sp.xyz[i] = cell
		for a := 0; a < 3; a++ {
			if first || cell[a] < lo[a] {
				lo[a] = cell[a]
			}
			if first || cell[a] > hi[a] {
				hi[a] = cell[a]
			}
		}
		first = false
	}
	sp.partLo[k], sp.partHi[k], sp.partAny[k] = lo, hi, !first
}

// groupCells appends the split members' groups to plan, from gOrder[at:]:
// by colour (a phase each), then by cell.
func (plan *CrowdPlan) groupCells(members []CrowdMember, at int32) {
	sp := &plan.splits
	n := len(members)
	cells := int(sp.dims[0]) * int(sp.dims[1]) * int(sp.dims[2])
	// Buckets: colour-major, then cell: phase p's cells are contiguous.
	per := cells
	sp.count = growInt32(sp.count, 8*per+1)
	clear(sp.count)
	for i := 0; i < n; i++ {
		if sp.cells[i] < 0 {
			continue // not split (splitCells)
		}
		cell := &sp.xyz[i]
		colour := int(cell[0]&1) | int(cell[1]&1)<<1 | int(cell[2]&1)<<2
		x, y, z := int(cell[0]-sp.lo[0]), int(cell[1]-sp.lo[1]), int(cell[2]-sp.lo[2])
		b := colour*per + (x*int(sp.dims[1])+y)*int(sp.dims[2]) + z
		sp.cells[i] = int32(b)
		sp.count[b+1]++
	}
	for b := 1; b <= 8*per; b++ {
		sp.count[b] += sp.count[b-1]
	}
	base := at
	// Groups: each non-empty bucket, in bucket order; phases by colour.
	for colour := 0; colour < 8; colour++ {
		for b := colour * per; b < (colour+1)*per; b++ {
			if sp.count[b+1] > sp.count[b] {
				plan.gStarts = append(plan.gStarts, base+sp.count[b+1])
			}
		}
		plan.pStarts = append(plan.pStarts, int32(len(plan.gStarts)-1))
	}
	for i := 0; i < n; i++ {
		if b := sp.cells[i]; b >= 0 {
			plan.gOrder[base+sp.count[b]] = int32(i)
			sp.count[b]++
		}
	}
}
