package kcc

// bvh is a binary bounding-volume hierarchy over a set of items given by
// their boxes. It is built once (top-down, median split on the longest axis
// of the item centres) and then only queried, so concurrent queries are safe.
type bvh struct {
	nodes []bvhNode
	items []int32 // item indices, leaves reference ranges of this slice
	boxes []aabb  // item boxes (shared with the caller, not copied)
	// parent of each node (-1 for the root) and the leaf holding each
	// item: refitItem walks from an item's leaf up to the root.
	parent []int32
	leafOf []int32
}

// bvhNode is an inner node (count == 0: children left and left+1) or a leaf
// (items[first:first+count]).
type bvhNode struct {
	box   aabb
	left  int32 // first child index for inner nodes
	first int32 // first item for leaves
	count int32
}

const bvhLeafSize = 4

// bvhStackSize bounds the traversal stack; the median split keeps the depth
// below log2(n)+1, so 64 covers any item count that fits in memory.
const bvhStackSize = 64

// buildBVH builds a hierarchy over boxes. It allocates; queries do not.
func buildBVH(boxes []aabb) bvh {
	n := len(boxes)
	b := bvh{items: make([]int32, n), boxes: boxes}
	if n == 0 {
		return b
	}
	for i := range b.items {
		b.items[i] = int32(i)
	}
	centres := make([]vec, n)
	for i, bx := range boxes {
		centres[i] = bx.center()
	}
	b.nodes = make([]bvhNode, 1, 2*n/bvhLeafSize+2)
	b.build(0, 0, n, boxes, centres)
	b.parent = make([]int32, len(b.nodes))
	b.parent[0] = -1
	b.leafOf = make([]int32, n)
	for i := range b.nodes {
		nd := &b.nodes[i]
		if nd.count > 0 {
			for _, it := range b.items[nd.first : nd.first+nd.count] {
				b.leafOf[it] = int32(i)
			}
			continue
		}
		b.parent[nd.left], b.parent[nd.left+1] = int32(i), int32(i)
	}
	return b
}

// refitItem updates the boxes from item's leaf up to the root after the
// item's box changed, stopping where a node's box comes out unchanged.
func (b *bvh) refitItem(item int32) {
	if int(item) >= len(b.leafOf) {
		return
	}
	for n := b.leafOf[item]; n >= 0; n = b.parent[n] {
		nd := &b.nodes[n]
		box := emptyAABB()
		if nd.count > 0 {
			for _, it := range b.items[nd.first : nd.first+nd.count] {
				box = box.union(b.boxes[it])
			}
		} else {
			box = b.nodes[nd.left].box.union(b.nodes[nd.left+1].box)
		}
		if box == nd.box {
			return
		}
		nd.box = box
	}
}

func (b *bvh) build(node int, lo, hi int, boxes []aabb, centres []vec) {
	box := emptyAABB()
	cb := emptyAABB()
	for _, it := range b.items[lo:hi] {
		box = box.union(boxes[it])
		cb = cb.grow(centres[it])
	}
	b.nodes[node].box = box
	if hi-lo <= bvhLeafSize {
		b.nodes[node].first = int32(lo)
		b.nodes[node].count = int32(hi - lo)
		return
	}
	axis := 0
	ext := sub(cb.max, cb.min)
	if ext[1] > ext[axis] {
		axis = 1
	}
	if ext[2] > ext[axis] {
		axis = 2
	}
	mid := (lo + hi) / 2
	selectNth(b.items[lo:hi], mid-lo, centres, axis)
	left := len(b.nodes)
	b.nodes = append(b.nodes, bvhNode{}, bvhNode{})
	b.nodes[node].left = int32(left)
	b.build(left, lo, mid, boxes, centres)
	b.build(left+1, mid, hi, boxes, centres)
}

// selectNth partially orders items so that items[k] has the k-th smallest
// centre along axis, smaller ones before it and larger ones after it
// (Hoare quickselect with a median-of-three pivot, ties broken by index so
// the result is deterministic).
func selectNth(items []int32, k int, centres []vec, axis int) {
	less := func(a, b int32) bool {
		ca, cb := centres[a][axis], centres[b][axis]
		return ca < cb || (ca == cb && a < b)
	}
	lo, hi := 0, len(items)-1
	for hi > lo {
		mid := lo + (hi-lo)/2
		// median of three into items[mid]
		if less(items[mid], items[lo]) {
			items[mid], items[lo] = items[lo], items[mid]
		}
		if less(items[hi], items[lo]) {
			items[hi], items[lo] = items[lo], items[hi]
		}
		if less(items[hi], items[mid]) {
			items[hi], items[mid] = items[mid], items[hi]
		}
		pivot := items[mid]
		pc := centres[pivot][axis]
		i, j := lo, hi
		for i <= j {
			for {
				c := centres[items[i]][axis]
				if c < pc || (c == pc && items[i] < pivot) {
					i++
					continue
				}
				break
			}
			for {
				c := centres[items[j]][axis]
				if pc < c || (c == pc && pivot < items[j]) {
					j--
					continue
				}
				break
			}
			if i <= j {
				items[i], items[j] = items[j], items[i]
				i++
				j--
			}
		}
		if k <= j {
			hi = j
		} else if k >= i {
			lo = i
		} else {
			return
		}
	}
}

// query appends to out the indices of the items whose box overlaps q and
// meets the sweep filter f (and only those) and returns the extended slice.
// It does not allocate when out has capacity.
func (b *bvh) query(q *aabb, f *sweepFilter, out []int32) []int32 {
	if len(b.nodes) == 0 {
		return out
	}
	var stack [bvhStackSize]int32
	sp := 0
	stack[sp] = 0
	sp++
	for sp > 0 {
		sp--
		nd := &b.nodes[stack[sp]]
		if !nd.box.overlaps(q) || !f.meets(&nd.box) {
			continue
		}
		if nd.count > 0 {
			for _, it := range b.items[nd.first : nd.first+nd.count] {
				if b.boxes[it].overlaps(q) && f.meets(&b.boxes[it]) {
					out = append(out, it)
				}
			}
			continue
		}
		if sp+2 > bvhStackSize {
			// Unreachable for balanced trees; fall back to visiting the
			// left child only would lose items, so scan this subtree's
			// leaves linearly instead.
			out = b.scan(nd.left, q, f, out)
			out = b.scan(nd.left+1, q, f, out)
			continue
		}
		stack[sp] = nd.left
		stack[sp+1] = nd.left + 1
		sp += 2
	}
	return out
}

// scan is the recursive fallback of query for pathological depths.
func (b *bvh) scan(node int32, q *aabb, f *sweepFilter, out []int32) []int32 {
	nd := &b.nodes[node]
	if !nd.box.overlaps(q) || !f.meets(&nd.box) {
		return out
	}
	if nd.count > 0 {
		for _, it := range b.items[nd.first : nd.first+nd.count] {
			if b.boxes[it].overlaps(q) {
				out = append(out, it)
			}
		}
		return out
	}
	out = b.scan(nd.left, q, f, out)
	return b.scan(nd.left+1, q, f, out)
}
