package kcc

// sweepFilter narrows a cast's broad phase from the bounding box of the
// whole move to the boxes near its path. A capsule segment p0-p1 of radius
// target moved by v stays within target + |p1-p0|/2 of the path of the
// segment's midpoint, c0 to c0+v, so a box farther than that from the path
// cannot be hit: the box, inflated by that distance, must meet the path.
// For a long diagonal move this keeps the triangles gathered to a corridor
// along the move, linear in its length, instead of the move's bounding box,
// which grows with the square of the length.
type sweepFilter struct {
	on     bool
	origin vec     // c0
	dir    vec     // v
	inv    vec     // 1/v per axis (0 where v is 0)
	reach  float64 // target + |p1-p0|/2 + castTol
}

func newSweepFilter(p0, p1, v vec, target float64) sweepFilter {
	f := sweepFilter{on: true, origin: scale(add(p0, p1), 0.5), dir: v,
		reach: target + 0.5*length(sub(p1, p0)) + castTol}
	for i := 0; i < 3; i++ {
		if v[i] != 0 {
			f.inv[i] = 1 / v[i]
		}
	}
	return f
}

// meets reports whether the path from origin to origin+dir meets b
// inflated by reach (a slab test); always true when the filter is off.
func (f *sweepFilter) meets(b aabb) bool {
	if !f.on {
		return true
	}
	t0, t1 := 0.0, 1.0
	for i := 0; i < 3; i++ {
		lo, hi := b.min[i]-f.reach, b.max[i]+f.reach
		if f.inv[i] == 0 {
			if f.origin[i] < lo || f.origin[i] > hi {
				return false
			}
			continue
		}
		a := (lo - f.origin[i]) * f.inv[i]
		c := (hi - f.origin[i]) * f.inv[i]
		if a > c {
			a, c = c, a
		}
		if a > t0 {
			t0 = a
		}
		if c < t1 {
			t1 = c
		}
		if t0 > t1 {
			return false
		}
	}
	return true
}
