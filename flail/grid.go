package flail

import (
	"math"

	"github.com/go-gl/mathgl/mgl64"
)

// Grid is a uniform spatial grid over a square on the XZ plane, rebuilt
// each tick with a counting sort (no allocation once its buffers have grown
// to the item count). Points outside the square fall in the border cells,
// so queries stay correct for them. Items within a cell keep increasing
// index order, so queries are deterministic.
type Grid struct {
	min, cell, inv float64
	n              int // cells per side
	start          []int32
	items          []int32
	cellOf         []int32
	count          int
}

// NewGrid covers [-half, half]^2 (m) with square cells of side cell (m).
// The cell count per side is clamped to [1, 1024].
func NewGrid(half, cell float64) *Grid {
	if !(half > 0) || math.IsInf(half, 0) {
		half = 1
	}
	if !(cell > 0) || math.IsInf(cell, 0) {
		cell = half
	}
	n := int(math.Ceil(2 * half / cell))
	if n < 1 {
		n = 1
	}
	if n > 1024 {
		n = 1024
		cell = 2 * half / float64(n)
	}
	return &Grid{min: -half, cell: cell, inv: 1 / cell, n: n, start: make([]int32, n*n+1)}
}

// CellSize returns the cell side in meters.
func (g *Grid) CellSize() float64 { return g.cell }

func (g *Grid) coord(v float64) int {
	f := float64((v - g.min) * g.inv)
	if !(f >= 0) { // also NaN
		return 0
	}
	if f >= float64(g.n) {
		return g.n - 1
	}
	return int(f)
}

// Build indexes pos[i] (X and Z) for every i with keep == nil or keep[i].
func (g *Grid) Build(pos []mgl64.Vec3, keep []bool) {
	n := len(pos)
	if cap(g.cellOf) < n {
		g.cellOf = make([]int32, n, n+n/2)
		g.items = make([]int32, n, n+n/2)
	}
	g.cellOf = g.cellOf[:n]
	g.items = g.items[:n]
	for i := range g.start {
		g.start[i] = 0
	}
	cnt := 0
	for i, p := range pos {
		if keep != nil && !keep[i] {
			g.cellOf[i] = -1
			continue
		}
		c := g.coord(p[2])*g.n + g.coord(p[0])
		g.cellOf[i] = int32(c)
		g.start[c+1]++
		cnt++
	}
	for c := 1; c < len(g.start); c++ {
		g.start[c] += g.start[c-1]
	}
	// place items; start[c] is advanced while placing and restored after.
	for i := 0; i < n; i++ {
		c := g.cellOf[i]
		if c < 0 {
			continue
		}
		g.items[g.start[c]] = int32(i)
		g.start[c]++
	}
	for c := len(g.start) - 1; c > 0; c-- {
		g.start[c] = g.start[c-1]
	}
	g.start[0] = 0
	g.count = cnt
}

// Len returns how many items the last Build indexed.
func (g *Grid) Len() int { return g.count }

// Query appends to dst the indices of items in every cell overlapping the
// square [x-r, x+r] x [z-r, z+r] and returns it. Callers test the exact
// distance. Order is by cell row, cell column, then index.
func (g *Grid) Query(x, z, r float64, dst []int32) []int32 {
	if !(r >= 0) || !Finite(x) || !Finite(z) {
		return dst
	}
	x0, x1 := g.coord(x-r), g.coord(x+r)
	z0, z1 := g.coord(z-r), g.coord(z+r)
	for cz := z0; cz <= z1; cz++ {
		row := cz * g.n
		for cx := x0; cx <= x1; cx++ {
			c := row + cx
			dst = append(dst, g.items[g.start[c]:g.start[c+1]]...)
		}
	}
	return dst
}
