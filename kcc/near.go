package kcc

import "slices"

// A character's colliders nearby: the top-level hierarchy of a World (one
// box per collider) answered once for a box around the character a little
// larger than its queries, then the queries of its next Moves filtered from
// that short list while they stay inside the box and the World does not
// change. A walker's Move asks the hierarchy twice (the cast, the ground at
// the end); with the list, on a static level, once in several Moves.
//
// The list holds the colliders in ID order, and a query keeps the ones
// whose box passes the same two tests the hierarchy applies to its leaves
// (overlap with the query box, the cast's corridor); a subtree the
// hierarchy skips holds only boxes that fail them, so the query gets the
// same colliders in the same order (ID order, as the hierarchy's answers
// are sorted): the same bits.

// nearMargin is how much larger than the query that fills it (m per side)
// the box of a character's list is: a walker at 4 m/s (6.7 cm a 60 Hz
// tick) leaves it after several ticks.
const nearMargin = 0.5

// nearMaxExtent bounds the queries the list answers (m along any axis): a
// long cast asks the hierarchy directly rather than filling a list with
// half the level.
const nearMaxExtent = 4.0

// nearCap is the most colliders a list holds: a box with more around the
// character sends its queries to the hierarchy. A fixed array, so that
// a character walking into a busier place allocates nothing.
const nearCap = 16

// nearColliders is a character's list (kept in its ContactCache).
type nearColliders struct {
	world *World // nil: empty
	gen   uint64
	n     int // colliders in ids; -1: more than nearCap in box
	box   aabb
	ids   [nearCap]int32
}

// topQuery returns into s.top the colliders whose box overlaps q and meets
// f: the level's from the list of the ContactCache s moves with when it
// covers q (filling it when it is stale), else from the hierarchy, then the
// capsules from their grid (crowd.go), each part in ID order.
//
// ID order, not the order the hierarchy or the grid visits them: the
// queries' results depend on the order of their colliders (which of two
// contacts at the same distance is the ground, the order of the push-out's
// projections, which of two hits at the same time is reported), and the
// hierarchy's and the grid's order depends on where the colliders were
// when they were last built (the hierarchy is refitted as colliders move,
// rebuilt when colliders are added or removed; the grid is rebuilt when a
// capsule leaves its bound). In ID order a World gives the same bits
// whenever its structures were built: one loaded from a state
// (World.LoadState) plays on as the World that never stopped.
func (w *World) topQuery(s *scratch, q *aabb, f *sweepFilter) []int32 {
	out := w.levelQuery(s, q, f)
	if s.noCaps {
		return out
	}
	return w.capsuleQuery(s, q, f, out)
}

// levelQuery is topQuery's part in the top-level hierarchy (every collider
// but the capsules).
func (w *World) levelQuery(s *scratch, q *aabb, f *sweepFilter) []int32 {
	if s.cache == nil || q.max[0]-q.min[0] > nearMaxExtent || q.max[1]-q.min[1] > nearMaxExtent ||
		q.max[2]-q.min[2] > nearMaxExtent {
		return sortIDs(w.top.query(q, f, s.top[:0]))
	}
	n := &s.cache.near
	if n.world != w || n.gen != w.gen || !n.box.holds(q) {
		for i := 0; i < 3; i++ {
			n.box.min[i], n.box.max[i] = q.min[i]-nearMargin, q.max[i]+nearMargin
		}
		var off sweepFilter // every box meets it
		n.world, n.gen = w, w.gen
		all := sortIDs(w.top.query(&n.box, &off, s.top[:0]))
		n.n = -1
		if len(all) <= nearCap {
			n.n = copy(n.ids[:], all)
		}
		s.top = all[:0]
	}
	if n.n < 0 {
		return sortIDs(w.top.query(q, f, s.top[:0]))
	}
	out := s.top[:0]
	for _, id := range n.ids[:n.n] {
		if b := &w.top.boxes[id]; b.overlaps(q) && f.meets(b) {
			out = append(out, id)
		}
	}
	return out
}

// holds reports whether o lies inside b.
func (b *aabb) holds(o *aabb) bool {
	return b.min[0] <= o.min[0] && b.min[1] <= o.min[1] && b.min[2] <= o.min[2] &&
		b.max[0] >= o.max[0] && b.max[1] >= o.max[1] && b.max[2] >= o.max[2]
}

// sortIDs sorts a query's collider IDs in increasing order, in place, and
// returns them: by insertion for the few of most queries.
func sortIDs(ids []int32) []int32 {
	if len(ids) > 24 {
		slices.Sort(ids)
		return ids
	}
	for i := 1; i < len(ids); i++ {
		for j := i; j > 0 && ids[j] < ids[j-1]; j-- {
			ids[j], ids[j-1] = ids[j-1], ids[j]
		}
	}
	return ids
}
