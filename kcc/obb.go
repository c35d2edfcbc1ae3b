package kcc

import (
	"math"

	"github.com/go-gl/mathgl/mgl64"
	"github.com/seedgames/motorkit/detmath"
)

// obb is an oriented box for the analytic capsule path: centre, half
// extents and the world directions of its local axes.
type obb struct {
	c  vec
	h  vec
	ax [3]vec
	id ColliderID
	// aligned is set when ax is exactly the world axes (every unrotated
	// box): toLocal and toWorldDir then skip the rotation, with the same
	// results.
	aligned bool
}

// setAxes sets the box's axes from rotation q (unit) and whether they are
// the world axes.
func (o *obb) setAxes(q mgl64.Quat) {
	o.aligned = true
	for i := 0; i < 3; i++ {
		var e vec
		e[i] = 1
		o.ax[i] = detmath.Rotate(q, e)
		if o.ax[i] != e {
			o.aligned = false
		}
	}
}

// boxResult is the closest-point pair between a segment and a box.
type boxResult struct {
	segTriResult
	// faces holds the outward normals of the box faces that contain onTri
	// (1 inside a face, 2 on an edge, 3 at a vertex).
	faces  [3]vec
	nfaces int
}

func (o *obb) toLocal(p vec) vec {
	d := sub(p, o.c)
	if o.aligned {
		return d
	}
	return vec{dot(d, o.ax[0]), dot(d, o.ax[1]), dot(d, o.ax[2])}
}

func (o *obb) toWorldDir(l vec) vec {
	if o.aligned {
		return l
	}
	return add(add(scale(o.ax[0], l[0]), scale(o.ax[1], l[1])), scale(o.ax[2], l[2]))
}

// outside2 is the squared distance from local point p to the box.
func outside2(p, h vec) float64 {
	d := 0.0
	for i := 0; i < 3; i++ {
		if g := math.Abs(p[i]) - h[i]; g > 0 {
			d += float64(g * g)
		}
	}
	return d
}

// segBox computes the exact distance between segment p0-p1 and the box.
// The squared distance from a point moving along the segment to the box is
// a convex piecewise quadratic in the segment parameter whose pieces change
// where a coordinate crosses a slab boundary (at most 6 breakpoints); on each
// piece the minimum has a closed form. When the segment touches or enters
// the box, the normal is the face of least penetration of the deepest
// segment point.
func (o *obb) segBox(p0, p1 vec) boxResult {
	a := o.toLocal(p0)
	b := o.toLocal(p1)
	d := sub(b, a)
	h := o.h
	var bestF, bestS float64
	if k := singleAxis(d); k >= 0 && ((a[k] > h[k] && b[k] > h[k]) || (a[k] < -h[k] && b[k] < -h[k])) {
		// The common case of an upright capsule over (or under) an
		// upright box: the segment runs along one box axis, wholly beyond
		// one face's plane, so its nearer end point is the closest (the
		// general search below lands on the same s, clamped to 0 or 1).
		if math.Abs(b[k]) < math.Abs(a[k]) {
			bestS = 1
		}
		bestF = outside2(madd(a, d, bestS), h)
	} else {
		bestF, bestS = segBoxSearch(a, d, h)
	}
	return o.segBoxResult(p0, p1, a, d, bestF, bestS)
}

// singleAxis returns the only axis along which d is non-zero, or -1.
func singleAxis(d vec) int {
	switch {
	case d[1] == 0 && d[2] == 0 && d[0] != 0:
		return 0
	case d[0] == 0 && d[2] == 0 && d[1] != 0:
		return 1
	case d[0] == 0 && d[1] == 0 && d[2] != 0:
		return 2
	}
	return -1
}

// segBoxSearch minimises the squared distance from a+s*d (s in [0, 1]) to
// the box of half extents h, piece by piece, and returns it and s.
func segBoxSearch(a, d, h vec) (bestF, bestS float64) {
	var br [8]float64
	br[0], br[1] = 0, 1
	n := 2
	for i := 0; i < 3; i++ {
		if d[i] == 0 {
			continue
		}
		for _, c := range [2]float64{-h[i], h[i]} {
			if s := (c - a[i]) / d[i]; s > 0 && s < 1 {
				br[n] = s
				n++
			}
		}
	}
	for i := 1; i < n; i++ { // insertion sort, n <= 8
		for j := i; j > 0 && br[j] < br[j-1]; j-- {
			br[j], br[j-1] = br[j-1], br[j]
		}
	}
	bestF, bestS = math.Inf(1), 0.0
	for k := 0; k+1 < n; k++ {
		s0, s1 := br[k], br[k+1]
		if s1 < s0 {
			continue
		}
		mid := madd(a, d, float64(0.5*(s0+s1)))
		num, den := 0.0, 0.0
		for i := 0; i < 3; i++ {
			var c float64
			switch {
			case mid[i] > h[i]:
				c = h[i]
			case mid[i] < -h[i]:
				c = -h[i]
			default:
				continue
			}
			num += float64(d[i] * (c - a[i]))
			den += float64(d[i] * d[i])
		}
		s := s0
		if den > 0 {
			s = min(max(num/den, s0), s1)
		}
		if f := outside2(madd(a, d, s), h); f < bestF {
			bestF, bestS = f, s
		}
	}
	return bestF, bestS
}

// segBoxResult completes segBox from the closest segment parameter bestS
// (squared distance bestF) in the box's frame.
func (o *obb) segBoxResult(p0, p1, a, d vec, bestF, bestS float64) boxResult {
	h := o.h
	p := madd(a, d, bestS)
	var r boxResult
	r.onSeg = madd(p0, sub(p1, p0), bestS)
	dist := math.Sqrt(bestF)
	if dist > 1e-12 {
		var q, nl vec
		for i := 0; i < 3; i++ {
			q[i] = max(-h[i], min(h[i], p[i]))
			if p[i] > h[i] {
				r.faces[r.nfaces] = o.ax[i]
				r.nfaces++
			} else if p[i] < -h[i] {
				r.faces[r.nfaces] = scale(o.ax[i], -1)
				r.nfaces++
			}
			nl[i] = p[i] - q[i]
		}
		r.dist = dist
		r.onTri = add(o.c, o.toWorldDir(q))
		r.normal = scale(o.toWorldDir(nl), 1/dist)
		r.onFace = r.nfaces == 1
		return r
	}
	// Touching or inside: push out through the face nearest to p.
	axis, sign, pen := 0, 1.0, math.Inf(1)
	for i := 0; i < 3; i++ {
		if g := h[i] - math.Abs(p[i]); g < pen {
			pen = g
			axis = i
			sign = 1
			if p[i] < 0 {
				sign = -1
			}
		}
	}
	q := p
	q[axis] = float64(sign * h[axis])
	r.dist = 0
	r.onTri = add(o.c, o.toWorldDir(q))
	r.normal = scale(o.ax[axis], sign)
	r.onFace = true
	r.faces[0] = r.normal
	r.nfaces = 1
	return r
}

// faceOpposing returns the face normal among r's faces that opposes v
// most (for cast tie-breaks: a downward cast onto a ledge reports the top
// face).
func (r *boxResult) faceOpposing(v vec) vec {
	best := r.faces[0]
	for i := 1; i < r.nfaces; i++ {
		if dot(r.faces[i], v) < dot(best, v) {
			best = r.faces[i]
		}
	}
	return best
}

// faceTop returns the highest point (along up) of the box face with
// outward normal fn on the vertical line through q (a point of that face),
// or -Inf when fn is not one of the box's face normals.
func (o *obb) faceTop(fn, q, up vec) float64 {
	axis := -1
	for i := 0; i < 3; i++ {
		if math.Abs(dot(fn, o.ax[i])) > 1-1e-9 {
			axis = i
		}
	}
	if axis < 0 {
		return math.Inf(-1)
	}
	l := o.toLocal(q)
	tmax := math.Inf(1)
	for i := 0; i < 3; i++ {
		if i == axis {
			continue
		}
		rate := dot(up, o.ax[i])
		switch {
		case rate > 1e-12:
			tmax = min(tmax, (o.h[i]-l[i])/rate)
		case rate < -1e-12:
			tmax = min(tmax, (-o.h[i]-l[i])/rate)
		}
	}
	if math.IsInf(tmax, 1) {
		return math.Inf(-1)
	}
	return dot(q, up) + tmax
}
