package kcc

import "math"

// The aligned-box segment query in scalar form: float64 locals, the result
// written through a pointer (the hot-path convention of
// docs/architecture.md#how-the-characters-stages-run).

// segBoxInto is segBox writing into r. Rotated boxes take segBox's path.
func (o *obb) segBoxInto(r *boxResult, p0, p1 *vec) {
	if !o.aligned {
		*r = o.segBox(*p0, *p1)
		return
	}
	*r = boxResult{}
	cx, cy, cz := o.c[0], o.c[1], o.c[2]
	ax, ay, az := p0[0]-cx, p0[1]-cy, p0[2]-cz
	bx, by, bz := p1[0]-cx, p1[1]-cy, p1[2]-cz
	dx, dy, dz := bx-ax, by-ay, bz-az
	hx, hy, hz := o.h[0], o.h[1], o.h[2]
	var bestF, bestS float64
	fast := false
	switch {
	case dx == 0 && dz == 0 && dy != 0:
		if (ay > hy && by > hy) || (ay < -hy && by < -hy) {
			fast = true
			if math.Abs(by) < math.Abs(ay) {
				bestS = 1
			}
		}
	case dy == 0 && dz == 0 && dx != 0:
		if (ax > hx && bx > hx) || (ax < -hx && bx < -hx) {
			fast = true
			if math.Abs(bx) < math.Abs(ax) {
				bestS = 1
			}
		}
	case dx == 0 && dy == 0 && dz != 0:
		if (az > hz && bz > hz) || (az < -hz && bz < -hz) {
			fast = true
			if math.Abs(bz) < math.Abs(az) {
				bestS = 1
			}
		}
	}
	if fast {
		bestF = outside2s(ax+float64(dx*bestS), ay+float64(dy*bestS), az+float64(dz*bestS), hx, hy, hz)
	} else {
		bestF, bestS = segBoxSearch(vec{ax, ay, az}, vec{dx, dy, dz}, o.h)
	}

	px, py, pz := ax+float64(dx*bestS), ay+float64(dy*bestS), az+float64(dz*bestS)
	r.onSeg[0] = p0[0] + float64((p1[0]-p0[0])*bestS)
	r.onSeg[1] = p0[1] + float64((p1[1]-p0[1])*bestS)
	r.onSeg[2] = p0[2] + float64((p1[2]-p0[2])*bestS)
	dist := math.Sqrt(bestF)
	if dist > 1e-12 {
		r.nfaces = 0
		qx, nx := o.clampFace(r, px, hx, 0)
		qy, ny := o.clampFace(r, py, hy, 1)
		qz, nz := o.clampFace(r, pz, hz, 2)
		r.dist = dist
		r.onTri[0], r.onTri[1], r.onTri[2] = cx+qx, cy+qy, cz+qz
		inv := 1 / dist
		r.normal[0], r.normal[1], r.normal[2] = float64(nx*inv), float64(ny*inv), float64(nz*inv)
		r.onFace = r.nfaces == 1
		return
	}
	o.insideInto(r, [3]float64{px, py, pz})
}

// insideInto is segBoxInto's result for a segment touching or inside the
// aligned box, its closest point p (relative to the centre): out through
// the face nearest to p.
func (o *obb) insideInto(r *boxResult, p [3]float64) {
	axis, sign, pen := 0, 1.0, math.Inf(1)
	for i := 0; i < 3; i++ {
		if g := o.h[i] - math.Abs(p[i]); g < pen {
			pen = g
			axis = i
			sign = 1
			if p[i] < 0 {
				sign = -1
			}
		}
	}
	p[axis] = float64(sign * o.h[axis])
	r.dist = 0
	r.onTri[0], r.onTri[1], r.onTri[2] = o.c[0]+p[0], o.c[1]+p[1], o.c[2]+p[2]
	n := &o.ax[axis]
	r.normal[0], r.normal[1], r.normal[2] = float64(n[0]*sign), float64(n[1]*sign), float64(n[2]*sign)
	r.onFace = true
	r.faces[0] = r.normal
	r.nfaces = 1
}

// clampFace clamps local coordinate p of axis i to [-h, h], records the
// face crossed (if any) in r, and returns the clamped value and p minus it.
func (o *obb) clampFace(r *boxResult, p, h float64, i int) (q, n float64) {
	// max(-h, min(h, p)) without the calls: the same value for
	// h > 0 (and NaN stays NaN).
	q = p
	if p > h {
		q = h
	} else if p < -h {
		q = -h
	}
	if p > h || p < -h {
		a, f := &o.ax[i], &r.faces[r.nfaces]
		if p > h {
			f[0], f[1], f[2] = a[0], a[1], a[2]
		} else {
			f[0], f[1], f[2] = float64(a[0]*-1), float64(a[1]*-1), float64(a[2]*-1)
		}
		r.nfaces++
	}
	return q, p - q
}

// outside2s is outside2 on scalars.
func outside2s(px, py, pz, hx, hy, hz float64) float64 {
	d := 0.0
	if g := math.Abs(px) - hx; g > 0 {
		d += float64(g * g)
	}
	if g := math.Abs(py) - hy; g > 0 {
		d += float64(g * g)
	}
	if g := math.Abs(pz) - hz; g > 0 {
		d += float64(g * g)
	}
	return d
}

// segBoxDist is segBox(p0, p1).dist.
func (o *obb) segBoxDist(p0, p1 *vec) float64 {
	var r boxResult
	o.segBoxInto(&r, p0, p1)
	return r.dist
}
