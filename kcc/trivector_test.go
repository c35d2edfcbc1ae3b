package kcc

import "math"

// The vector forms of the segment-triangle query as they were before
// the scalar rewrite (trifast.go). They are the reference of
// TestSegTriIntoSameBits and of geom_test's ternary-search reference, not
// used by the package.

// segTri is segTriInto returning its result: the tests' convenient form.
func segTri(p0, p1 vec, t *tri) segTriResult {
	var r segTriResult
	segTriInto(&r, &p0, &p1, t)
	return r
}

// segTriVector computes the distance between segment p0-p1 and triangle t. When
// they touch or intersect, normal is the face normal turned towards the
// segment midpoint.
func segTriVector(p0, p1 vec, t *tri) segTriResult {
	s0 := dot(sub(p0, t.a), t.n)
	s1 := dot(sub(p1, t.a), t.n)
	if (s0 > 0 && s1 > 0) || (s0 < 0 && s1 < 0) {
		// Same side: if the endpoint nearest to the plane projects inside the
		// face, the distance is its plane distance.
		e, se := p0, s0
		if math.Abs(s1) < math.Abs(s0) {
			e, se = p1, s1
		}
		if r, ok := faceProjection(e, se, t); ok {
			return r
		}
	} else if s0 != s1 {
		// Crosses (or touches) the plane: intersecting inside the face means
		// distance zero.
		u := s0 / (s0 - s1)
		x := madd(p0, sub(p1, p0), u)
		if insideTri(x, t) {
			return segTriResult{dist: 0, onTri: x, onSeg: x, normal: faceTowards(t, p0, p1), onFace: true}
		}
	}
	if math.Abs(s0-s1) < 1e-12*(1+math.Abs(s0)) && s0 != 0 {
		// Parallel to the plane: the other end point may project inside.
		e, se := p1, s1
		if math.Abs(s1) < math.Abs(s0) {
			e, se = p0, s0
		}
		if r, ok := faceProjection(e, se, t); ok {
			return r
		}
	}
	// When the whole triangle projects onto the segment's line at or
	// before p0 (or at or after p1), the closest point of the segment to
	// every triangle point is that end point: one point-triangle query.
	axis := sub(p1, p0)
	al := dot(axis, axis)
	ka, kb, kc := dot(sub(t.a, p0), axis), dot(sub(t.b, p0), axis), dot(sub(t.c, p0), axis)
	if ka <= 0 && kb <= 0 && kc <= 0 {
		return pointTriResult(p0, t, p0, p1)
	}
	if ka >= al && kb >= al && kc >= al {
		return pointTriResult(p1, t, p0, p1)
	}
	return segTriEdges(p0, p1, t, s0, s1)
}

// pointTriResult is segTri's answer when the segment's closest point is
// its end point e.
func pointTriResult(e vec, t *tri, p0, p1 vec) segTriResult {
	q, f := closestPointTri(e, t.a, t.b, t.c)
	d := math.Sqrt(dist2(q, e))
	r := segTriResult{dist: d, onTri: q, onSeg: e, onFace: f}
	if d > 1e-12 {
		r.normal = scale(sub(e, q), 1/d)
	} else {
		r.dist = 0
		r.normal = faceTowards(t, p0, p1)
	}
	return r
}

// faceProjection is the closest-point result for segment end point e at
// signed plane distance se from triangle t, when e projects inside the face:
// the distance is |se| and the normal is the face normal turned toward e.
func faceProjection(e vec, se float64, t *tri) (segTriResult, bool) {
	q := madd(e, t.n, -se)
	if !insideTri(q, t) {
		return segTriResult{}, false
	}
	n := t.n
	if se < 0 {
		n = scale(n, -1)
	}
	return segTriResult{dist: math.Abs(se), onTri: q, onSeg: e, normal: n, onFace: true}, true
}

// closestPointTri returns the point of triangle abc closest to p, and whether
// it lies strictly inside the face (not on an edge or vertex). Ericson,
// Real-Time Collision Detection, 5.1.5.
func closestPointTri(p, a, b, c vec) (vec, bool) {
	ab := sub(b, a)
	ac := sub(c, a)
	ap := sub(p, a)
	d1 := dot(ab, ap)
	d2 := dot(ac, ap)
	if d1 <= 0 && d2 <= 0 {
		return a, false
	}
	bp := sub(p, b)
	d3 := dot(ab, bp)
	d4 := dot(ac, bp)
	if d3 >= 0 && d4 <= d3 {
		return b, false
	}
	vc := d1*d4 - d3*d2
	if vc <= 0 && d1 >= 0 && d3 <= 0 {
		v := d1 / (d1 - d3)
		return madd(a, ab, v), false
	}
	cp := sub(p, c)
	d5 := dot(ab, cp)
	d6 := dot(ac, cp)
	if d6 >= 0 && d5 <= d6 {
		return c, false
	}
	vb := d5*d2 - d1*d6
	if vb <= 0 && d2 >= 0 && d6 <= 0 {
		w := d2 / (d2 - d6)
		return madd(a, ac, w), false
	}
	va := d3*d6 - d5*d4
	if va <= 0 && (d4-d3) >= 0 && (d5-d6) >= 0 {
		w := (d4 - d3) / ((d4 - d3) + (d5 - d6))
		return madd(b, sub(c, b), w), false
	}
	den := 1 / (va + vb + vc)
	v := vb * den
	w := vc * den
	return add(a, add(scale(ab, v), scale(ac, w))), true
}
