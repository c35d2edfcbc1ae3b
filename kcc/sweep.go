package kcc

import "math"

// sweepFilter narrows a cast's broad phase from the bounding box of the
// whole move to the boxes near its path. A capsule segment p0-p1 of radius
// target moved by v stays inside the path of the segment's midpoint, c0 to
// c0+v, widened by the segment's half extent |p1-p0|/2 per axis plus
// target, so a box that, inflated by that per-axis reach, does not meet the
// path cannot be hit.
// For a long diagonal move this keeps the triangles gathered to a corridor
// along the move, linear in its length, instead of the move's bounding box,
// which grows with the square of the length.
type sweepFilter struct {
	on     bool
	origin vec // c0
	dir    vec // v
	inv    vec // 1/v per axis (0 where v is 0)
	reach  vec // per axis: |p1-p0|/2 + target + castTol
	// w0, w1 is the window of path times meets accepts (0, 1 by default;
	// a chunked cast narrows it to the chunk it gathers).
	w0, w1 float64
}

// init sets f up for a cast of the capsule segment p0-p1 (radius target)
// by v: the midpoint's path, its inverse per axis and the per-axis reach.
func (f *sweepFilter) init(p0, p1, v *vec, target float64) {
	f.on, f.w0, f.w1 = true, 0, 1
	for i := 0; i < 3; i++ {
		f.origin[i] = float64((p0[i] + p1[i]) * 0.5)
		f.dir[i] = v[i]
		f.reach[i] = float64(0.5*math.Abs(p1[i]-p0[i])) + target + castTol
		f.inv[i] = 0
		if v[i] != 0 {
			f.inv[i] = 1 / v[i]
		}
	}
}

// meets reports whether the path from origin to origin+dir meets b
// inflated by reach (a slab test); always true when the filter is off.
func (f *sweepFilter) meets(b *aabb) bool {
	if !f.on {
		return true
	}
	t0, t1 := f.w0, f.w1
	for i := 0; i < 3; i++ {
		lo, hi := b.min[i]-f.reach[i], b.max[i]+f.reach[i]
		if f.inv[i] == 0 {
			if f.origin[i] < lo || f.origin[i] > hi {
				return false
			}
			continue
		}
		a := float64((lo - f.origin[i]) * f.inv[i])
		c := float64((hi - f.origin[i]) * f.inv[i])
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

// spanX returns the x range, widened by the x reach, that the path covers
// while its z is within [z0, z1] widened by the z reach; ok is false when it
// never is. It lets a grid walk visit only the cells of a row that the
// corridor crosses.
func (f *sweepFilter) spanX(z0, z1 float64) (lo, hi float64, ok bool) {
	zlo, zhi := z0-f.reach[2], z1+f.reach[2]
	ta, tb := 0.0, 1.0
	if f.inv[2] == 0 {
		if f.origin[2] < zlo || f.origin[2] > zhi {
			return 0, 0, false
		}
	} else {
		a := float64((zlo - f.origin[2]) * f.inv[2])
		b := float64((zhi - f.origin[2]) * f.inv[2])
		if a > b {
			a, b = b, a
		}
		ta, tb = max(ta, a), min(tb, b)
		if ta > tb {
			return 0, 0, false
		}
	}
	xa := f.origin[0] + float64(f.dir[0]*ta)
	xb := f.origin[0] + float64(f.dir[0]*tb)
	if xa > xb {
		xa, xb = xb, xa
	}
	return xa - f.reach[0], xb + f.reach[0], true
}

// entry returns the time in [0, 1] at which the path first meets b
// inflated by reach, the window aside: a lower bound of the time at which
// the swept capsule can touch anything inside b. It returns +Inf when the
// path never meets it.
func (f *sweepFilter) entry(b *aabb) float64 {
	t0, t1 := 0.0, 1.0
	for i := 0; i < 3; i++ {
		lo, hi := b.min[i]-f.reach[i], b.max[i]+f.reach[i]
		if f.inv[i] == 0 {
			if f.origin[i] < lo || f.origin[i] > hi {
				return math.Inf(1)
			}
			continue
		}
		a := float64((lo - f.origin[i]) * f.inv[i])
		c := float64((hi - f.origin[i]) * f.inv[i])
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
			return math.Inf(1)
		}
	}
	return t0
}
