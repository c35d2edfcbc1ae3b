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
	s0 := float64((p0[0]-ax)*nx) + float64((p0[1]-ay)*ny) + float64((p0[2]-az)*nz)
	s1 := float64((p1[0]-ax)*nx) + float64((p1[1]-ay)*ny) + float64((p1[2]-az)*nz)
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
		x := p0[0] + float64((p1[0]-p0[0])*u)
		y := p0[1] + float64((p1[1]-p0[1])*u)
		z := p0[2] + float64((p1[2]-p0[2])*u)
		if insideTriS(x, y, z, t) {
			r.dist = 0
			r.onTri[0], r.onTri[1], r.onTri[2] = x, y, z
			r.onSeg[0], r.onSeg[1], r.onSeg[2] = x, y, z
			faceTowardsInto(&r.normal, t, p0, p1)
			r.onFace = true
			return
		}
	}
	if math.Abs(s0-s1) < float64(1e-12*(1+math.Abs(s0))) && s0 != 0 {
		e, se := p1, s1
		if math.Abs(s1) < math.Abs(s0) {
			e, se = p0, s0
		}
		if faceProjectionInto(r, e, se, t) {
			return
		}
	}
	kx, ky, kz := p1[0]-p0[0], p1[1]-p0[1], p1[2]-p0[2]
	al := float64(kx*kx) + float64(ky*ky) + float64(kz*kz)
	ka := float64((t.a[0]-p0[0])*kx) + float64((t.a[1]-p0[1])*ky) + float64((t.a[2]-p0[2])*kz)
	kb := float64((t.b[0]-p0[0])*kx) + float64((t.b[1]-p0[1])*ky) + float64((t.b[2]-p0[2])*kz)
	kc := float64((t.c[0]-p0[0])*kx) + float64((t.c[1]-p0[1])*ky) + float64((t.c[2]-p0[2])*kz)
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
	return float64((x-t.a[0])*e[0][0])+float64((y-t.a[1])*e[0][1])+float64((z-t.a[2])*e[0][2]) >= 0 &&
		float64((x-t.b[0])*e[1][0])+float64((y-t.b[1])*e[1][1])+float64((z-t.b[2])*e[1][2]) >= 0 &&
		float64((x-t.c[0])*e[2][0])+float64((y-t.c[1])*e[2][1])+float64((z-t.c[2])*e[2][2]) >= 0
}

// faceProjectionInto writes the closest-point result for segment end point
// e at signed plane distance se from t into r when e projects inside the
// face (the distance is |se|, the normal the face normal turned toward e),
// and reports whether it did.
func faceProjectionInto(r *segTriResult, e *vec, se float64, t *tri) bool {
	n := &t.n
	x, y, z := e[0]+float64(n[0]*-se), e[1]+float64(n[1]*-se), e[2]+float64(n[2]*-se)
	if !insideTriS(x, y, z, t) {
		return false
	}
	r.dist = math.Abs(se)
	r.onTri[0], r.onTri[1], r.onTri[2] = x, y, z
	r.onSeg[0], r.onSeg[1], r.onSeg[2] = e[0], e[1], e[2]
	if se < 0 {
		r.normal[0], r.normal[1], r.normal[2] = float64(n[0]*-1), float64(n[1]*-1), float64(n[2]*-1)
	} else {
		r.normal[0], r.normal[1], r.normal[2] = n[0], n[1], n[2]
	}
	r.onFace = true
	return true
}

// faceTowardsInto writes faceTowards(t, p0, p1) into o.
func faceTowardsInto(o *vec, t *tri, p0, p1 *vec) {
	mx, my, mz := float64((p0[0]+p1[0])*0.5), float64((p0[1]+p1[1])*0.5), float64((p0[2]+p1[2])*0.5)
	n := &t.n
	if float64((mx-t.a[0])*n[0])+float64((my-t.a[1])*n[1])+float64((mz-t.a[2])*n[2]) < 0 {
		o[0], o[1], o[2] = float64(n[0]*-1), float64(n[1]*-1), float64(n[2]*-1)
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
	d := math.Sqrt(float64(dx*dx) + float64(dy*dy) + float64(dz*dz))
	r.dist = d
	r.onTri[0], r.onTri[1], r.onTri[2] = qx, qy, qz
	r.onSeg[0], r.onSeg[1], r.onSeg[2] = px, py, pz
	r.onFace = f
	if d > 1e-12 {
		inv := 1 / d
		r.normal[0], r.normal[1], r.normal[2] = float64((px-qx)*inv), float64((py-qy)*inv), float64((pz-qz)*inv)
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
	d1 := float64(abx*apx) + float64(aby*apy) + float64(abz*apz)
	d2 := float64(acx*apx) + float64(acy*apy) + float64(acz*apz)
	if d1 <= 0 && d2 <= 0 {
		return ax, ay, az, false
	}
	bpx, bpy, bpz := px-bx, py-by, pz-bz
	d3 := float64(abx*bpx) + float64(aby*bpy) + float64(abz*bpz)
	d4 := float64(acx*bpx) + float64(acy*bpy) + float64(acz*bpz)
	if d3 >= 0 && d4 <= d3 {
		return bx, by, bz, false
	}
	vc := float64(d1*d4) - float64(d3*d2)
	if vc <= 0 && d1 >= 0 && d3 <= 0 {
		v := d1 / (d1 - d3)
		return ax + float64(abx*v), ay + float64(aby*v), az + float64(abz*v), false
	}
	cpx, cpy, cpz := px-cx, py-cy, pz-cz
	d5 := float64(abx*cpx) + float64(aby*cpy) + float64(abz*cpz)
	d6 := float64(acx*cpx) + float64(acy*cpy) + float64(acz*cpz)
	if d6 >= 0 && d5 <= d6 {
		return cx, cy, cz, false
	}
	vb := float64(d5*d2) - float64(d1*d6)
	if vb <= 0 && d2 >= 0 && d6 <= 0 {
		w := d2 / (d2 - d6)
		return ax + float64(acx*w), ay + float64(acy*w), az + float64(acz*w), false
	}
	va := float64(d3*d6) - float64(d5*d4)
	if va <= 0 && (d4-d3) >= 0 && (d5-d6) >= 0 {
		w := (d4 - d3) / ((d4 - d3) + (d5 - d6))
		return bx + float64((cx-bx)*w), by + float64((cy-by)*w), bz + float64((cz-bz)*w), false
	}
	den := 1 / (va + vb + vc)
	v := float64(vb * den)
	w := float64(vc * den)
	return ax + (float64(abx*v) + float64(acx*w)), ay + (float64(aby*v) + float64(acy*w)), az + (float64(abz*v) + float64(acz*w)), true
}
