package kcc

import "math"

// segTriInto computes the distance between segment p0-p1 and triangle t
// into r. When they touch or intersect, normal is the face normal turned
// towards the segment midpoint. Its common cases (the segment beside the
// face, crossing it, or nearest at an end point) run on float64 locals (it
// runs for every triangle near a character); the edge case is segTriEdges.
func segTriInto(r *segTriResult, p0, p1 *vec, t *tri) {
	ax, ay, az := t.a[0], t.a[1], t.a[2]
	nx, ny, nz := t.n[0], t.n[1], t.n[2]
	s0 := (p0[0]-ax)*nx + (p0[1]-ay)*ny + (p0[2]-az)*nz
	s1 := (p1[0]-ax)*nx + (p1[1]-ay)*ny + (p1[2]-az)*nz
	if (s0 > 0 && s1 > 0) || (s0 < 0 && s1 < 0) {
		e, se := p0, s0
		if math.Abs(s1) < math.Abs(s0) {
			e, se = p1, s1
		}
		if faceProjectionInto(r, e, se, t) {
			return
		}
	} else if s0 != s1 {
		u := s0 / (s0 - s1)
		x := p0[0] + (p1[0]-p0[0])*u
		y := p0[1] + (p1[1]-p0[1])*u
		z := p0[2] + (p1[2]-p0[2])*u
		if insideTriS(x, y, z, t) {
			r.dist = 0
			r.onTri[0], r.onTri[1], r.onTri[2] = x, y, z
			r.onSeg[0], r.onSeg[1], r.onSeg[2] = x, y, z
			faceTowardsInto(&r.normal, t, p0, p1)
			r.onFace = true
			return
		}
	}
	if math.Abs(s0-s1) < 1e-12*(1+math.Abs(s0)) && s0 != 0 {
		e, se := p1, s1
		if math.Abs(s1) < math.Abs(s0) {
			e, se = p0, s0
		}
		if faceProjectionInto(r, e, se, t) {
			return
		}
	}
	kx, ky, kz := p1[0]-p0[0], p1[1]-p0[1], p1[2]-p0[2]
	al := kx*kx + ky*ky + kz*kz
	ka := (t.a[0]-p0[0])*kx + (t.a[1]-p0[1])*ky + (t.a[2]-p0[2])*kz
	kb := (t.b[0]-p0[0])*kx + (t.b[1]-p0[1])*ky + (t.b[2]-p0[2])*kz
	kc := (t.c[0]-p0[0])*kx + (t.c[1]-p0[1])*ky + (t.c[2]-p0[2])*kz
	if ka <= 0 && kb <= 0 && kc <= 0 {
		pointTriInto(r, p0, t, p0, p1)
		return
	}
	if ka >= al && kb >= al && kc >= al {
		pointTriInto(r, p1, t, p0, p1)
		return
	}
	*r = segTriEdges(*p0, *p1, t, s0, s1)
}

// segTriDist is the distance segTriInto computes.
func segTriDist(p0, p1 *vec, t *tri) float64 {
	var r segTriResult
	segTriInto(&r, p0, p1, t)
	return r.dist
}

// insideTriS is insideTri on scalars.
func insideTriS(x, y, z float64, t *tri) bool {
	e := &t.en
	return (x-t.a[0])*e[0][0]+(y-t.a[1])*e[0][1]+(z-t.a[2])*e[0][2] >= 0 &&
		(x-t.b[0])*e[1][0]+(y-t.b[1])*e[1][1]+(z-t.b[2])*e[1][2] >= 0 &&
		(x-t.c[0])*e[2][0]+(y-t.c[1])*e[2][1]+(z-t.c[2])*e[2][2] >= 0
}

// faceProjectionInto writes the closest-point result for segment end point
// e at signed plane distance se from t into r when e projects inside the
// face (the distance is |se|, the normal the face normal turned toward e),
// and reports whether it did.
func faceProjectionInto(r *segTriResult, e *vec, se float64, t *tri) bool {
	n := &t.n
	x, y, z := e[0]+n[0]*-se, e[1]+n[1]*-se, e[2]+n[2]*-se
	if !insideTriS(x, y, z, t) {
		return false
	}
	r.dist = math.Abs(se)
	r.onTri[0], r.onTri[1], r.onTri[2] = x, y, z
	r.onSeg[0], r.onSeg[1], r.onSeg[2] = e[0], e[1], e[2]
	if se < 0 {
		r.normal[0], r.normal[1], r.normal[2] = n[0]*-1, n[1]*-1, n[2]*-1
	} else {
		r.normal[0], r.normal[1], r.normal[2] = n[0], n[1], n[2]
	}
	r.onFace = true
	return true
}

// faceTowardsInto writes faceTowards(t, p0, p1) into o.
func faceTowardsInto(o *vec, t *tri, p0, p1 *vec) {
	mx, my, mz := (p0[0]+p1[0])*0.5, (p0[1]+p1[1])*0.5, (p0[2]+p1[2])*0.5
	n := &t.n
	if (mx-t.a[0])*n[0]+(my-t.a[1])*n[1]+(mz-t.a[2])*n[2] < 0 {
		o[0], o[1], o[2] = n[0]*-1, n[1]*-1, n[2]*-1
		return
	}
	o[0], o[1], o[2] = n[0], n[1], n[2]
}

// pointTriInto is segTriInto's answer when the segment's closest point is
// its end point e.
func pointTriInto(r *segTriResult, e *vec, t *tri, p0, p1 *vec) {
	px, py, pz := e[0], e[1], e[2]
	qx, qy, qz, f := closestPointTriS(px, py, pz, t)
	dx, dy, dz := qx-px, qy-py, qz-pz
	d := math.Sqrt(dx*dx + dy*dy + dz*dz)
	r.dist = d
	r.onTri[0], r.onTri[1], r.onTri[2] = qx, qy, qz
	r.onSeg[0], r.onSeg[1], r.onSeg[2] = px, py, pz
	r.onFace = f
	if d > 1e-12 {
		inv := 1 / d
		r.normal[0], r.normal[1], r.normal[2] = (px-qx)*inv, (py-qy)*inv, (pz-qz)*inv
	} else {
		r.dist = 0
		faceTowardsInto(&r.normal, t, p0, p1)
	}
}

// closestPointTriS is the point of t closest to p (Ericson's Voronoi-region
// test) and whether it lies inside the face, on scalars.
func closestPointTriS(px, py, pz float64, t *tri) (x, y, z float64, face bool) {
	ax, ay, az := t.a[0], t.a[1], t.a[2]
	bx, by, bz := t.b[0], t.b[1], t.b[2]
	cx, cy, cz := t.c[0], t.c[1], t.c[2]
	abx, aby, abz := bx-ax, by-ay, bz-az
	acx, acy, acz := cx-ax, cy-ay, cz-az
	apx, apy, apz := px-ax, py-ay, pz-az
	d1 := abx*apx + aby*apy + abz*apz
	d2 := acx*apx + acy*apy + acz*apz
	if d1 <= 0 && d2 <= 0 {
		return ax, ay, az, false
	}
	bpx, bpy, bpz := px-bx, py-by, pz-bz
	d3 := abx*bpx + aby*bpy + abz*bpz
	d4 := acx*bpx + acy*bpy + acz*bpz
	if d3 >= 0 && d4 <= d3 {
		return bx, by, bz, false
	}
	vc := d1*d4 - d3*d2
	if vc <= 0 && d1 >= 0 && d3 <= 0 {
		v := d1 / (d1 - d3)
		return ax + abx*v, ay + aby*v, az + abz*v, false
	}
	cpx, cpy, cpz := px-cx, py-cy, pz-cz
	d5 := abx*cpx + aby*cpy + abz*cpz
	d6 := acx*cpx + acy*cpy + acz*cpz
	if d6 >= 0 && d5 <= d6 {
		return cx, cy, cz, false
	}
	vb := d5*d2 - d1*d6
	if vb <= 0 && d2 >= 0 && d6 <= 0 {
		w := d2 / (d2 - d6)
		return ax + acx*w, ay + acy*w, az + acz*w, false
	}
	va := d3*d6 - d5*d4
	if va <= 0 && (d4-d3) >= 0 && (d5-d6) >= 0 {
		w := (d4 - d3) / ((d4 - d3) + (d5 - d6))
		return bx + (cx-bx)*w, by + (cy-by)*w, bz + (cz-bz)*w, false
	}
	den := 1 / (va + vb + vc)
	v := vb * den
	w := vc * den
	return ax + (abx*v + acx*w), ay + (aby*v + acy*w), az + (abz*v + acz*w), true
}
