package kcc

// A Move asks about the same few heightfield cells several times (the
// push-out's contacts, each slide's cast, the ground probe, the snap), and
// a heightfield's triangles are built from its samples on demand. The cell
// cache keeps the triangles of the cells built during the current Move, so
// each is built once per Move: a small direct-mapped table invalidated in
// O(1) at the start of every Move (the world may change between Moves,
// never during one). Only a Controller's scratch has one; the World's own
// queries build cells as before.

const cellCacheSize = 64 // a power of two

type cellEntry struct {
	gen uint32
	key uint64
	n   uint8
	t   [2]tri
}

type cellCache struct {
	gen  uint32
	ents [cellCacheSize]cellEntry
}

func cellKey(id ColliderID, c, r int) uint64 {
	return uint64(uint32(id))<<42 | uint64(r)<<21 | uint64(c)
}

// cellCache returns the Controller scratch's cell cache during a Move,
// nil otherwise.
func (s *scratch) cellCache() *cellCache {
	if !s.cellsOn {
		return nil
	}
	if s.cells == nil {
		s.cells = &cellCache{gen: 1}
	}
	return s.cells
}

// beginCells starts a Move's use of the cell cache.
func (s *scratch) beginCells() {
	if s.noCells {
		return
	}
	s.cellsOn = true
	if s.cells != nil {
		s.cells.gen++
		if s.cells.gen == 0 { // wrapped: forget everything
			s.cells.ents = [cellCacheSize]cellEntry{}
			s.cells.gen = 1
		}
	}
}

// cellTrisCached is cellTris through cache (nil: no cache).
func (h *heightfield) cellTrisCached(c, r int, id ColliderID, out []tri, cache *cellCache) []tri {
	if cache == nil {
		return h.cellTris(c, r, id, out)
	}
	key := cellKey(id, c, r)
	e := &cache.ents[(key*0x9E3779B97F4A7C15)>>(64-6)]
	if e.gen != cache.gen || e.key != key {
		n0 := len(out)
		out = h.cellTris(c, r, id, out)
		e.gen, e.key, e.n = cache.gen, key, uint8(copy(e.t[:], out[n0:]))
		return out
	}
	return append(out, e.t[:e.n]...)
}
