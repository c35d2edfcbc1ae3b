package kcc

import "math"

// Box characters (Capsule.Box): the character is the capsule's bounding
// box, aligned with the controller's box frame (Up and a perpendicular
// pair; the world axes when Up is +Y). The Move runs the capsule's steps
// unchanged; only its queries of the World change: while scratch.box is
// set (a Move, CarryWith or OverlapsWith of a box), castCapsuleTo,
// contactsOf and capsuleContactsOf take the segment p0-p1 and radius r
// they are given as the box around that capsule and answer for the box.
//
// The box is tested against triangles (meshes, heightfields) and boxes by
// the separating axis theorem: the separation of two convex polyhedra is
// the largest gap between their projections over a finite set of axes
// (the faces' normals of both and the cross products of their edges, 13
// for a triangle, 15 for a box). A contact's Distance is that gap and its
// Normal the axis that gives it, turned towards the character: the box's
// bottom over any support, rim included, gets the normal Up, which is why
// a box stands on the last millimetre of a ledge. A cast keeps the gap
// at least skin as a capsule's does: the box's sweep finds when it would
// touch (the earliest time at which the projections overlap on every
// axis, the last axis to close giving the normal) and stops skin before
// that along the normal; a box that starts within skin of a collider is
// stopped at once only when it moves against the normal of its largest
// gap, and a gap along an axis the motion runs along keeps the box clear,
// so it slides over a floor's inner edges.
// Against a capsule collider (another character) the contact is exact
// (the closest points of its segment and the box), and the cast is the
// capsule path's conservative advancement with the roles swapped.

// charBox is a box character: centre c and half extents h along the axes
// ax of the box frame (ax[1] is Up).
type charBox struct {
	c, h vec
	ax   [3]vec
	// aligned is set when ax is the world axes (Up is +Y).
	aligned bool
}

// boxFrame returns the box frame for up (unit): the world axes when up
// is +Y, otherwise up and a perpendicular pair, and whether it is the
// world axes.
func boxFrame(up vec) ([3]vec, bool) {
	if up == (vec{0, 1, 0}) {
		return [3]vec{{1, 0, 0}, {0, 1, 0}, {0, 0, 1}}, true
	}
	// Across up: away from z when up is not near it, else away from x.
	e0 := normalizeOr(cross(up, vec{0, 0, 1}), vec{1, 0, 0})
	if math.Abs(up[2]) > 0.9 {
		e0 = normalizeOr(cross(vec{1, 0, 0}, up), vec{0, 1, 0})
	}
	e2 := normalizeOr(cross(e0, up), vec{0, 0, 1})
	return [3]vec{e0, up, e2}, false
}

// charBoxOf sets b to the box around the capsule of segment p0-p1 and
// radius r, in the scratch's box frame.
func (s *scratch) charBoxOf(b *charBox, p0, p1 *vec, r float64) {
	b.ax, b.aligned = s.boxAx, s.boxAligned
	for i := 0; i < 3; i++ {
		b.c[i] = float64((p0[i] + p1[i]) * 0.5)
	}
	up := &b.ax[1]
	hh := float64(0.5 * (float64((p1[0]-p0[0])*up[0]) + float64((p1[1]-p0[1])*up[1]) + float64((p1[2]-p0[2])*up[2])))
	if hh < 0 {
		hh = -hh
	}
	b.h = vec{r, hh + r, r}
}

// bounds is the world box around b.
func (b *charBox) bounds() aabb {
	var o aabb
	for k := 0; k < 3; k++ {
		e := float64(b.h[0]*math.Abs(b.ax[0][k])) + float64(b.h[1]*math.Abs(b.ax[1][k])) + float64(b.h[2]*math.Abs(b.ax[2][k]))
		o.min[k], o.max[k] = b.c[k]-e, b.c[k]+e
	}
	return o
}

// point returns a contact point for normal n (collider towards the box)
// and gap d: the box's point deepest towards the collider (a face's
// centre when n is one of its axes), moved across the gap, clamped into
// the collider's bounds ob.
func (b *charBox) point(n *vec, d float64, ob *aabb) vec {
	p := b.c
	for i := 0; i < 3; i++ {
		a := &b.ax[i]
		s := float64(a[0]*n[0]) + float64(a[1]*n[1]) + float64(a[2]*n[2])
		k := b.h[i]
		switch {
		case s > 1e-9:
			k = -k
		case s < -1e-9:
		default:
			continue
		}
		p[0], p[1], p[2] = p[0]+float64(a[0]*k), p[1]+float64(a[1]*k), p[2]+float64(a[2]*k)
	}
	for j := 0; j < 3; j++ {
		x := p[j] - float64(n[j]*d)
		if x < ob.min[j] {
			x = ob.min[j]
		} else if x > ob.max[j] {
			x = ob.max[j]
		}
		p[j] = x
	}
	return p
}

// satState accumulates a separating-axis test of the box against one
// convex collider, at rest and, when moving, swept by v.
type satState struct {
	sep float64 // the largest gap over the axes so far, at the start
	n   vec     // its axis, turned towards the box
	// cut ends a test at rest early: a gap beyond it is not wanted.
	cut float64
	// tIn and tOut bound the times at which the box moved by v*t overlaps
	// the collider on all the axes so far;
	// nIn is the axis of the latest entry, turned towards the box. miss is
	// set when some axis keeps them apart for the whole motion.
	tIn, tOut float64
	nIn       vec
	miss      bool
	moving    bool
	v         vec
	vlen      float64
	skin      float64
}

// begin starts a test swept by v (of length vlen) keeping skin.
func (st *satState) begin(v *vec, vlen, skin float64) {
	st.sep, st.n, st.cut = math.Inf(-1), vec{}, math.Inf(1)
	st.tIn, st.tOut, st.nIn, st.miss = math.Inf(-1), math.Inf(1), vec{}, false
	st.moving, st.vlen, st.skin = true, vlen, skin
	copyVec(&st.v, v)
}

// beginRest starts a test at rest that may stop once the gap is beyond
// maxDist.
func (st *satState) beginRest(maxDist float64) {
	st.sep, st.n, st.cut = math.Inf(-1), vec{}, maxDist
	st.miss, st.moving = false, false
}

// done reports whether the axes so far settle the test: at rest, a gap
// beyond cut; swept, an axis that keeps them apart when they do not start
// within skin.
func (st *satState) done() bool {
	return st.sep > st.cut || (st.miss && st.sep > st.skin+castTol)
}

// axis adds the unit axis (lx, ly, lz), on which the box projects to
// cA ± rA and the collider to [lo, hi].
func (st *satState) axis(lx, ly, lz, cA, rA, lo, hi float64) {
	sepPos := lo - (cA + rA) // the collider on the +l side: normal -l
	sepNeg := (cA - rA) - hi // on the -l side: normal +l
	if sepNeg > sepPos {
		if sepNeg > st.sep {
			st.sep = sepNeg
			st.n[0], st.n[1], st.n[2] = lx, ly, lz
		}
	} else if sepPos > st.sep {
		st.sep = sepPos
		st.n[0], st.n[1], st.n[2] = -lx, -ly, -lz
	}
	if !st.moving || st.miss {
		return
	}
	sep := max(sepPos, sepNeg)
	vl := float64(st.v[0]*lx) + float64(st.v[1]*ly) + float64(st.v[2]*lz)
	if math.Abs(vl) <= float64(approachEps*st.vlen) {
		// Motion along the axis' planes: any gap (a box resting the skin
		// above a floor) keeps them apart, so sliding along a surface
		// never catches on the edges of its neighbours.
		if sep > 0 {
			st.miss = true
		}
		return
	}
	a := (lo - rA - cA) / vl
	b := (hi + rA - cA) / vl
	in, out, ns := a, b, -1.0
	if vl < 0 {
		in, out, ns = b, a, 1
	}
	if in > st.tIn {
		st.tIn = in
		st.nIn[0], st.nIn[1], st.nIn[2] = float64(lx*ns), float64(ly*ns), float64(lz*ns)
	}
	if out < st.tOut {
		st.tOut = out
	}
	if st.tIn > st.tOut || st.tOut < 0 {
		// Apart on this axis from some time on, or since before the
		// start (moving away).
		st.miss = true
	}
}

// hit reports the time in [0, tmax] at which the swept box comes within
// skin of the collider and the normal there: at once when it starts
// within skin (plus castTol) and moves against the normal of its largest
// gap, as castStart does for a capsule; never when it starts within skin
// and does not. Otherwise the sweep finds when the box would touch it
// (tIn, the last axis to close, nIn) and the hit is skin before that
// along nIn: the gap there is skin, as a capsule's cast keeps it. (The
// box is not inflated by skin on every axis, which would make a square
// skin whose edges catch on a surface passing skin below the box's edge.)
func (st *satState) hit(tmax float64) (t float64, n vec, ok bool) {
	if st.sep <= st.skin+castTol {
		if dot(st.v, st.n) < -float64(approachEps*st.vlen) {
			return 0, st.n, true
		}
		return 0, vec{}, false
	}
	if st.miss || st.tIn > st.tOut {
		return 0, vec{}, false
	}
	rate := -dot(st.v, st.nIn)
	if !(rate > 0) {
		return 0, vec{}, false
	}
	t = max(0, st.tIn-st.skin/rate)
	if t > tmax {
		return 0, vec{}, false
	}
	return t, st.nIn, true
}

// extentS is the half length of the box's projection on the unit axis
// (lx, ly, lz).
func (b *charBox) extentS(lx, ly, lz float64) float64 {
	if b.aligned {
		return float64(b.h[0]*math.Abs(lx)) + float64(b.h[1]*math.Abs(ly)) + float64(b.h[2]*math.Abs(lz))
	}
	a := &b.ax
	return float64(b.h[0]*math.Abs(float64(a[0][0]*lx)+float64(a[0][1]*ly)+float64(a[0][2]*lz))) +
		float64(b.h[1]*math.Abs(float64(a[1][0]*lx)+float64(a[1][1]*ly)+float64(a[1][2]*lz))) +
		float64(b.h[2]*math.Abs(float64(a[2][0]*lx)+float64(a[2][1]*ly)+float64(a[2][2]*lz)))
}

// dot3 is the dot product of p and (lx, ly, lz).
func dot3(p *vec, lx, ly, lz float64) float64 {
	return float64(p[0]*lx) + float64(p[1]*ly) + float64(p[2]*lz)
}

// triAxis adds the unit axis (lx, ly, lz) for the box and triangle t.
func (st *satState) triAxis(b *charBox, t *tri, lx, ly, lz float64) {
	pa, pb, pc := dot3(&t.a, lx, ly, lz), dot3(&t.b, lx, ly, lz), dot3(&t.c, lx, ly, lz)
	lo, hi := pa, pa
	if pb < lo {
		lo = pb
	} else if pb > hi {
		hi = pb
	}
	if pc < lo {
		lo = pc
	} else if pc > hi {
		hi = pc
	}
	st.axis(lx, ly, lz, dot3(&b.c, lx, ly, lz), b.extentS(lx, ly, lz), lo, hi)
}

// tri runs the test of the box against triangle t: its normal, the box's
// axes and the nine cross products of their edges.
func (st *satState) tri(b *charBox, t *tri) {
	st.triAxis(b, t, t.n[0], t.n[1], t.n[2])
	for i := 0; i < 3 && !st.done(); i++ {
		st.triAxis(b, t, b.ax[i][0], b.ax[i][1], b.ax[i][2])
	}
	if st.done() {
		return
	}
	es := [3]vec{sub(t.b, t.a), sub(t.c, t.b), sub(t.a, t.c)}
	for i := 0; i < 3; i++ {
		a := &b.ax[i]
		for j := 0; j < 3; j++ {
			e := &es[j]
			lx := float64(a[1]*e[2]) - float64(a[2]*e[1])
			ly := float64(a[2]*e[0]) - float64(a[0]*e[2])
			lz := float64(a[0]*e[1]) - float64(a[1]*e[0])
			l2 := float64(lx*lx) + float64(ly*ly) + float64(lz*lz)
			if !(l2 > float64(1e-12*(float64(e[0]*e[0])+float64(e[1]*e[1])+float64(e[2]*e[2])))) {
				continue
			}
			f := 1 / math.Sqrt(l2)
			st.triAxis(b, t, float64(lx*f), float64(ly*f), float64(lz*f))
			if st.done() {
				return
			}
		}
	}
	if st.sep <= 0 {
		// Crossing (or touching) the triangle: out through its plane, on
		// the side of the box's centre, as a capsule crossing a triangle
		// takes its face normal (the shortest way out of a lone triangle,
		// along an edge, would be sideways through the rest of its mesh;
		// a box sunk into a grid's floor touches the next cells with its
		// sides).
		n := t.n
		if float64((b.c[0]-t.a[0])*n[0])+float64((b.c[1]-t.a[1])*n[1])+float64((b.c[2]-t.a[2])*n[2]) < 0 {
			n = scale(n, -1)
		}
		st.sep = dot(b.c, n) - b.extentS(n[0], n[1], n[2]) - dot(t.a, n)
		st.n = n
	}
}

// obbAxis adds the unit axis (lx, ly, lz) for the box and the box
// collider o.
func (st *satState) obbAxis(b *charBox, o *obb, lx, ly, lz float64) {
	c := dot3(&o.c, lx, ly, lz)
	e := float64(o.h[0]*math.Abs(dot3(&o.ax[0], lx, ly, lz))) + float64(o.h[1]*math.Abs(dot3(&o.ax[1], lx, ly, lz))) +
		float64(o.h[2]*math.Abs(dot3(&o.ax[2], lx, ly, lz)))
	st.axis(lx, ly, lz, dot3(&b.c, lx, ly, lz), b.extentS(lx, ly, lz), c-e, c+e)
}

// obb runs the test of the box against the box collider o: the faces of
// both and the nine cross products of their edges; only the three world
// axes when both are aligned with them.
func (st *satState) obb(b *charBox, o *obb) {
	if b.aligned && o.aligned {
		for i := 0; i < 3; i++ {
			var l vec
			l[i] = 1
			st.axis(l[0], l[1], l[2], b.c[i], b.h[i], o.c[i]-o.h[i], o.c[i]+o.h[i])
		}
		return
	}
	for i := 0; i < 3 && !st.done(); i++ {
		st.obbAxis(b, o, b.ax[i][0], b.ax[i][1], b.ax[i][2])
	}
	for i := 0; i < 3 && !st.done(); i++ {
		st.obbAxis(b, o, o.ax[i][0], o.ax[i][1], o.ax[i][2])
	}
	for i := 0; i < 3 && !st.done(); i++ {
		a := &b.ax[i]
		for j := 0; j < 3 && !st.done(); j++ {
			e := &o.ax[j]
			lx := float64(a[1]*e[2]) - float64(a[2]*e[1])
			ly := float64(a[2]*e[0]) - float64(a[0]*e[2])
			lz := float64(a[0]*e[1]) - float64(a[1]*e[0])
			l2 := float64(lx*lx) + float64(ly*ly) + float64(lz*lz)
			if !(l2 > 1e-12) {
				continue
			}
			f := 1 / math.Sqrt(l2)
			st.obbAxis(b, o, float64(lx*f), float64(ly*f), float64(lz*f))
		}
	}
}

// capAxis adds the unit axis l for the box and the capsule collider k.
func (st *satState) capAxis(b *charBox, k *capsuleShape, l *vec) {
	pa, pb := dot(k.a, *l), dot(k.b, *l)
	st.axis(l[0], l[1], l[2], dot(b.c, *l), b.extentS(l[0], l[1], l[2]), min(pa, pb)-k.r, max(pa, pb)+k.r)
}

// capsule runs the test at rest of the box against the capsule collider
// k: the box's axes and, when the capsule's segment is outside the box,
// the direction of their closest points, which gives the exact gap.
func (st *satState) capsule(b *charBox, k *capsuleShape, o *obb, res *boxResult) {
	st.cut = math.Inf(1) // res is read after
	for i := 0; i < 3; i++ {
		st.capAxis(b, k, &b.ax[i])
	}
	o.segBoxInto(res, &k.a, &k.b)
	if res.dist > 1e-12 {
		l := res.normal
		st.capAxis(b, k, &l)
	}
}

// charObb writes the box character b as a box collider into o (for the
// segment queries against capsule colliders).
func (s *scratch) charObb(o *obb, b *charBox) {
	o.c, o.h, o.ax, o.aligned, o.id = b.c, b.h, b.ax, s.boxAligned, NoCollider
}

// castBoxTo is castCapsuleTo for the box around the capsule p0-p1 of
// radius r (scratch.box): the earliest time in [0, 1] at which the box
// moved by v comes within skin of the world (satState.hit).
func (w *World) castBoxTo(out *CastHit, s *scratch, p0, p1 *vec, r float64, v *vec, skin float64) bool {
	*out = CastHit{Collider: NoCollider, Fraction: 1}
	vlen := math.Sqrt(float64(v[0]*v[0]) + float64(v[1]*v[1]) + float64(v[2]*v[2]))
	if !(vlen > 0) {
		return false
	}
	cb := s.castBufs()
	b := &cb.box
	s.charBoxOf(b, p0, p1, r)
	bb := b.bounds()
	q := bb
	for i := 0; i < 3; i++ {
		if v[i] < 0 {
			q.min[i] += v[i]
		} else {
			q.max[i] += v[i]
		}
		q.min[i] -= skin + castTol
		q.max[i] += skin + castTol
	}
	s.sweep.on = false
	c := boxCast{out: out, b: b, st: &cb.sat, v: v, vlen: vlen, skin: skin}
	c.tris(w.gather(&q, s, false), &q)
	for _, o := range s.boxes {
		c.st.begin(v, vlen, skin)
		c.st.obb(b, o)
		if th, n, ok := c.hit(); ok {
			ob := o.bounds()
			c.take(o.id, th, n, &ob)
			out.tri, out.box, out.capsule = tri{}, o, false
		}
	}
	if len(s.caps) > 0 {
		c.characters(s, cb)
	}
	return c.found
}

// boxCast is a box's cast under way (castBoxTo): its hit so far.
type boxCast struct {
	out        *CastHit
	found      bool
	b          *charBox
	st         *satState
	v          *vec
	vlen, skin float64
}

// hit is the separating-axis test's hit, when it is earlier than, or as
// early and better than, the hit so far.
func (c *boxCast) hit() (float64, vec, bool) {
	th, n, ok := c.st.hit(c.out.Fraction + 1e-9)
	if !ok || (c.found && !betterHit(c.out, th, &n, &n, c.v, c.vlen)) {
		return 0, n, false
	}
	return th, n, true
}

// take records a hit on collider id at th with normal n; bounds are the
// collider's (for the hit's point). The caller sets the hit's shape.
func (c *boxCast) take(id ColliderID, th float64, n vec, bounds *aabb) {
	out, b := c.out, c.b
	th = min(th, out.Fraction)
	c.found = true
	out.Collider, out.Fraction, out.Normal, out.FaceNormal, out.OnFace = id, th, n, n, true
	b.c = madd(b.c, *c.v, th)
	out.Point = b.point(&n, c.skin, bounds)
	b.c = madd(b.c, *c.v, -th)
}

// tris casts the box against the gathered triangles within q.
func (c *boxCast) tris(tris []tri, q *aabb) {
	var tb aabb
	for i := range tris {
		t := &tris[i]
		if t.boundsInto(&tb); !tb.overlaps(q) {
			continue
		}
		c.st.begin(c.v, c.vlen, c.skin)
		c.st.tri(c.b, t)
		if th, n, ok := c.hit(); ok {
			tb.boundsOf(t)
			c.take(t.id, th, n, &tb)
			c.out.tri, c.out.box, c.out.capsule = *t, nil, false
		}
	}
}

// characters casts the box against the characters' colliders: another
// box by the separating axes, a capsule by its segment cast by -v
// against the box at rest (the same relative motion, castShape's
// conservative advancement).
func (c *boxCast) characters(s *scratch, cb *castScratch) {
	out, b, v, vlen, skin := c.out, c.b, c.v, c.vlen, c.skin
	ob := &cb.obb
	s.charObb(ob, b)
	nv := &cb.negV
	*nv = scale(*v, -1)
	for _, k := range s.caps {
		if k.box {
			c.st.begin(v, vlen, skin)
			c.st.obb(b, &k.ob)
			if th, n, ok := c.hit(); ok {
				kb := k.ob.bounds()
				c.take(k.id, th, n, &kb)
				out.tri, out.box, out.capsule = tri{}, nil, true
			}
			continue
		}
		target := k.r + skin
		ob.segBoxInto(&cb.res0, &k.a, &k.b)
		s0, ok := castStart(target, nv, vlen, &cb.res0)
		if !ok || s0 > out.Fraction {
			continue
		}
		th, ok := castShape(&cb.res, &cb.seg, &k.a, &k.b, target, nv, vlen, ob, out.Fraction, s0, &cb.res0)
		if !ok {
			continue
		}
		n := scale(cb.res.normal, -1)
		if c.found && !betterHit(out, th, &n, &n, v, vlen) {
			continue
		}
		th = min(th, out.Fraction)
		c.found = true
		out.Collider, out.Fraction, out.Normal, out.FaceNormal, out.OnFace = k.id, th, n, n, true
		out.tri, out.box, out.capsule = tri{}, nil, true
		// The point on the capsule nearest the box, back in the
		// world's frame at the time of the hit.
		out.Point = add(madd(cb.res.onSeg, cb.res.normal, -k.r), scale(*v, th))
	}
}

// boundsOf sets b to t's bounds.
func (b *aabb) boundsOf(t *tri) { t.boundsInto(b) }

// boxContactsOf is contactsOf for the box around the capsule p0-p1 of
// radius r (scratch.box): every collider within maxDist of the box (by
// the separating axes), its gap, normal and a point.
func (w *World) boxContactsOf(s *scratch, p0, p1 *vec, r, maxDist float64) []Contact {
	s.contacts = s.contacts[:0]
	cb := s.castBufs()
	b := &cb.box
	s.charBoxOf(b, p0, p1, r)
	q := b.bounds()
	for i := 0; i < 3; i++ {
		q.min[i] -= maxDist + castTol
		q.max[i] += maxDist + castTol
	}
	s.sweep.on = false
	tris := w.gather(&q, s, false)
	st := &cb.sat
	var tb aabb
	for i := range tris {
		t := &tris[i]
		if t.boundsInto(&tb); !tb.overlaps(&q) {
			continue
		}
		st.beginRest(maxDist)
		st.tri(b, t)
		if st.sep <= maxDist {
			p := b.point(&st.n, st.sep, &tb)
			c := s.newContact(t.id, &p, &st.n, st.sep, true)
			copyVec(&c.FaceNormal, &st.n)
		}
	}
	for _, o := range s.boxes {
		st.beginRest(maxDist)
		st.obb(b, o)
		if st.sep <= maxDist {
			ob := o.bounds()
			p := b.point(&st.n, st.sep, &ob)
			c := s.newContact(o.id, &p, &st.n, st.sep, true)
			copyVec(&c.FaceNormal, &st.n)
		}
	}
	s.contacts = s.appendBoxCapsuleContacts(s.contacts, s.caps, b, maxDist)
	return s.contacts
}

// appendBoxCapsuleContacts appends the contacts of the box b with the
// capsules caps, within maxDist.
func (s *scratch) appendBoxCapsuleContacts(out []Contact, caps []*capsuleShape, b *charBox, maxDist float64) []Contact {
	if len(caps) == 0 {
		return out
	}
	cb := s.castBufs()
	st := &cb.sat
	ob := &cb.obb
	s.charObb(ob, b)
	for _, k := range caps {
		st.beginRest(maxDist)
		var p vec
		if k.box {
			// Another box character: box against box.
			if st.obb(b, &k.ob); st.sep > maxDist {
				continue
			}
			kb := k.ob.bounds()
			p = b.point(&st.n, st.sep, &kb)
		} else {
			if st.capsule(b, k, ob, &cb.res0); st.sep > maxDist {
				continue
			}
			// The capsule's point nearest the box: its segment's
			// closest point moved by the radius towards the box.
			p = madd(cb.res0.onSeg, st.n, k.r)
		}
		out = append(out, Contact{
			Collider: k.id, Point: p, Normal: st.n,
			FaceNormal: st.n, Distance: st.sep, OnFace: true,
		})
	}
	return out
}

// boxCapsuleContactsOf is capsuleContactsOf for the box (scratch.box).
func (w *World) boxCapsuleContactsOf(s *scratch, p0, p1 *vec, r, maxDist float64) []Contact {
	if len(w.caps) == 0 {
		return s.contacts
	}
	w.index(s)
	cb := s.castBufs()
	b := &cb.box
	s.charBoxOf(b, p0, p1, r)
	q := b.bounds()
	for i := 0; i < 3; i++ {
		q.min[i] -= maxDist + castTol
		q.max[i] += maxDist + castTol
	}
	var off sweepFilter
	s.top = w.capsuleQuery(s, &q, &off, s.top[:0])
	s.caps = s.caps[:0]
	for _, ci := range s.top {
		if c := &w.colliders[ci]; !c.capsuleEmpty && s.admits(c, ci) {
			s.caps = append(s.caps, &c.capsule)
		}
	}
	s.contacts = s.appendBoxCapsuleContacts(s.contacts, s.caps, b, maxDist)
	return s.contacts
}

// boxPushCap bounds the way a box's contact push takes it from start to
// p (contacts cs there) when a collider that moves overlaps it: at most
// its own move own, the longest travel this step of those colliders, and
// the skin, as the capsule's deep exit bounds a squeeze (recover.go): a
// door closing on a box pushes it out a little every Move, never across
// its whole width in one.
func (c *Controller) boxPushCap(w *World, cs []Contact, start, p vec, own float64) vec {
	travel, moved := 0.0, false
	for i := range cs {
		id := cs[i].Collider
		if cs[i].Distance >= c.cfg.Offset-1e-6 || !w.hasMoved(id) {
			continue
		}
		moved = true
		travel = max(travel, float64(length(w.motionVelocity(id, start))*w.lastDt))
	}
	if !moved {
		return p
	}
	if !(travel < math.Inf(1)) {
		travel = 0
	}
	reach := float64(own+travel) + c.cfg.Offset
	d := sub(p, start)
	if l := length(d); l > reach {
		return madd(start, d, reach/l)
	}
	return p
}

// boxExit looks for the way out of geometry for a box the contact push
// cannot free (colliders that push it opposite ways: a box spawned inside
// a block of tiles): along each of the box frame's six directions, the
// travel that leaves every collider it is closer than the skin to,
// extended while it meets others on the way, up to deepMaxSearch box
// heights; the cheapest by the capsule's cost bias (2 - d.Up: up 1,
// across 2, down 3) wins. It returns the place and whether there is one.
// A box buried deeper than deepMaxExit heights is taken that far and
// climbs out over the next Moves, as a capsule's deep exit does.
func (c *Controller) boxExit(w *World, p vec, r, hh float64) (vec, bool) {
	up := c.cfg.Up
	height := float64(2 * (hh + r))
	maxT := float64(deepMaxSearch * height)
	best, bestCost := p, math.Inf(1)
	found := false
	for k := 0; k < 6; k++ {
		d := c.s.boxAx[k/2]
		if k%2 == 1 {
			d = scale(d, -1)
		}
		cost := 2 - dot(d, up)
		t, ok := c.boxExitAlong(w, p, r, hh, d, maxT)
		if ok && float64(t*cost) < bestCost {
			best, bestCost, found = madd(p, d, min(t, float64(deepMaxExit*height))), float64(t*cost), true
		}
	}
	return best, found
}

// boxExitAlong is the travel along the unit d (a box frame axis) that
// takes the box at p clear, by the skin, of every collider it meets on the
// way, and whether it is within maxT.
func (c *Controller) boxExitAlong(w *World, p vec, r, hh float64, d vec, maxT float64) (float64, bool) {
	s := &c.s
	off := c.cfg.Offset
	cb := s.castBufs()
	b := &cb.box
	st := &cb.sat
	t := 0.0
	for it := 0; it < 16; it++ {
		q := madd(p, d, t)
		var p0, p1 vec
		capsuleSegTo(&p0, &p1, &q, &c.cfg.Up, hh)
		s.charBoxOf(b, &p0, &p1, r)
		bq := b.bounds()
		for i := 0; i < 3; i++ {
			bq.min[i] -= off
			bq.max[i] += off
		}
		s.sweep.on = false
		tris := w.gather(&bq, s, false)
		lo := dot(b.c, d) - b.extentS(d[0], d[1], d[2]) // the box's back along d
		need := 0.0
		var tb aabb
		for i := range tris {
			tr := &tris[i]
			if tr.boundsInto(&tb); !tb.overlaps(&bq) {
				continue
			}
			st.beginRest(off - 1e-6)
			if st.tri(b, tr); st.sep < off-1e-6 {
				hi := max(dot(tr.a, d), max(dot(tr.b, d), dot(tr.c, d)))
				need = max(need, hi+off-lo)
			}
		}
		for _, o := range s.boxes {
			st.beginRest(off - 1e-6)
			if st.obb(b, o); st.sep < off-1e-6 {
				need = max(need, dot(o.c, d)+o.extentAlong(d)+off-lo)
			}
		}
		for _, k := range s.caps {
			st.beginRest(off - 1e-6)
			if k.box {
				st.obb(b, &k.ob)
			} else {
				s.charObb(&cb.obb, b)
				st.capsule(b, k, &cb.obb, &cb.res0)
			}
			if st.sep < off-1e-6 {
				sup, _ := k.span(d)
				need = max(need, sup+off-lo)
			}
		}
		if !(need > 1e-9) {
			return t, true
		}
		t += need
		if !(t <= maxT) {
			return t, false
		}
	}
	return t, false
}
