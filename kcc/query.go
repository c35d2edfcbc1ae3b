package kcc

import (
	"math"

	"github.com/go-gl/mathgl/mgl64"
)

// Contact is a point where a capsule is within some distance of the
// geometry. (Its collider comes last: 88 bytes with no padding, where the
// contacts a character keeps between its moves are read every tick.)
type Contact struct {
	// Point is the closest point on the collider's surface.
	Point mgl64.Vec3
	// Normal is the unit contact normal pointing from the collider towards
	// the capsule (for a touching or crossing triangle, its face normal
	// turned towards the capsule).
	Normal mgl64.Vec3
	// FaceNormal is the normal of the touched triangle, turned towards the
	// capsule. It equals Normal when the contact lies inside the face and
	// differs on edges and vertices (used to tell a ledge from a slope).
	FaceNormal mgl64.Vec3
	// Distance is the gap between the capsule surface and the collider;
	// negative when they overlap.
	Distance float64
	// Collider is the collider touched.
	Collider ColliderID
	// OnFace is true when Point lies strictly inside a triangle face.
	OnFace bool
}

// CastHit is the first hit of a capsule cast.
type CastHit struct {
	Collider ColliderID
	// Fraction of the translation travelled before the hit, in [0, 1].
	Fraction float64
	// Point on the collider and unit Normal from the collider towards the
	// capsule at the time of impact.
	Point, Normal mgl64.Vec3
	// FaceNormal is the hit triangle's normal turned towards the capsule.
	FaceNormal mgl64.Vec3
	// OnFace is true when Point lies strictly inside a triangle face.
	OnFace bool
	tri    tri  // the hit triangle (for the controller's autostep test)
	box    *obb // or the hit box
	// capsule marks a hit on a capsule collider (another character):
	// never stepped onto.
	capsule bool
}

// RayHit is the first hit of a ray cast.
type RayHit struct {
	Collider ColliderID
	// Distance along the (normalized) ray direction.
	Distance float64
	Point    mgl64.Vec3
	// Normal is the hit triangle's normal turned against the ray.
	Normal mgl64.Vec3
}

// capsuleSeg returns the end points of a capsule's inner segment.
func capsuleSeg(pos, axis vec, halfHeight float64) (vec, vec) {
	return madd(pos, axis, -halfHeight), madd(pos, axis, halfHeight)
}

// capsuleSegTo is capsuleSeg writing into p0 and p1. The controller's hot
// paths pass vectors by pointer and write them element by element (the
// hot-path convention of docs/architecture.md#how-the-characters-stages-run).
func capsuleSegTo(p0, p1, pos, axis *vec, halfHeight float64) {
	for i := 0; i < 3; i++ {
		p0[i] = pos[i] + float64(axis[i]*-halfHeight)
		p1[i] = pos[i] + float64(axis[i]*halfHeight)
	}
}

// Cast tolerances: a cast stops when the gap to the target distance is below
// castTol, and a triangle counts as approached only when the motion has a
// component of at least approachEps (relative to its length) against the
// contact normal; smaller components are tangential motion along a surface
// the capsule already rests on.
const (
	castTol     = 1e-5
	approachEps = 1e-5
	castIters   = 32
)

// segmentCloser is a convex collider the casts advance against: it returns
// the closest points between itself and the segment p0-p1.
type segmentCloser interface {
	// closestInto writes the closest points between the shape and the
	// segment p0-p1 into r (faces only for boxes).
	closestInto(r *boxResult, p0, p1 *vec)
}

func (t *tri) closestInto(r *boxResult, p0, p1 *vec) {
	segTriInto(&r.segTriResult, p0, p1, t)
	r.nfaces = 0
}

func (o *obb) closestInto(r *boxResult, p0, p1 *vec) { o.segBoxInto(r, p0, p1) }

// castShape finds the first t in [0, tmax] at which the segment p0-p1 moved
// by v*t comes within target of shape (a triangle or a box), by
// conservative advancement: the distance between two convex sets along a
// linear motion is a convex function of t, so Newton steps from t=0 never
// overshoot the root. It reports no hit when the motion does not approach
// the shape. s0 and res0 are the first Newton step and the closest points at
// t=0 computed by castStart.
//
// res and q (the moved segment) are the caller's scratch: a generic method
// call makes its pointer arguments escape, so they must not be locals.
func castShape[S segmentCloser](res *boxResult, q *[2]vec, p0, p1 *vec, target float64, v *vec, vlen float64, shape S, tmax, s0 float64, res0 *boxResult) (float64, bool) {
	if s0 == 0 {
		*res = *res0
		return 0, true
	}
	s := s0
	*res = boxResult{}
	q0, q1 := &q[0], &q[1]
	for it := 1; it < castIters; it++ {
		for i := 0; i < 3; i++ { // madd(p0, v, s), madd(p1, v, s)
			q0[i] = p0[i] + float64(v[i]*s)
			q1[i] = p1[i] + float64(v[i]*s)
		}
		shape.closestInto(res, q0, q1)
		gap := res.dist - target
		if gap <= castTol {
			return s, true
		}
		n := &res.normal
		rate := -(float64(n[0]*v[0]) + float64(n[1]*v[1]) + float64(n[2]*v[2]))
		if rate <= float64(approachEps*vlen) {
			return 0, false
		}
		s += gap / rate
		if s > tmax {
			return 0, false
		}
	}
	return s, true
}

// castStart judges a shape at the start of a cast from its closest points
// res at t=0: ok is false when the motion cannot bring the segment within
// target of it; otherwise s0 is a lower bound of the time of impact (0 when
// already within target and approaching).
func castStart(target float64, v *vec, vlen float64, res *boxResult) (float64, bool) {
	gap := res.dist - target
	n := &res.normal
	rate := -(float64(n[0]*v[0]) + float64(n[1]*v[1]) + float64(n[2]*v[2]))
	if rate <= float64(approachEps*vlen) {
		return 0, false
	}
	if gap <= castTol {
		return 0, true
	}
	s0 := gap / rate
	return s0, s0 <= 1
}

// castCapsule sweeps the capsule segment p0-p1 (radius r) by v and returns
// the earliest time in [0, 1] at which it comes within skin of the world.
//
// A long cast is gathered in chunks along its path (see castChunks): each
// candidate belongs to the chunk in which the path first enters its box
// (sweepFilter.entry, also its first key), and chunk k+1 is gathered only
// when every remaining candidate's key reaches the chunk's start, if the
// earliest hit so far is not before it. A move that stops after 2 m of a
// 50 m request touches the triangles of those 2 m only.
func (w *World) castCapsule(s *scratch, p0, p1 vec, r float64, v vec, skin float64) (CastHit, bool) {
	var hit CastHit
	ok := w.castCapsuleTo(&hit, s, &p0, &p1, r, &v, skin)
	return hit, ok
}

// beginCast readies the cast's sweep cs (filled in place, element by
// element: a castSweep or sweepFilter value built from fresh vectors and
// copied whole stalls on store forwarding): its segment, motion and reach,
// and, with the sweep filter on, the filter and the path's chunks.
func (w *World) beginCast(s *scratch, cs *castSweep, p0, p1, v *vec, vlen, target float64) {
	copyVec(&cs.p0, p0)
	copyVec(&cs.p1, p1)
	copyVec(&cs.v, v)
	cs.vlen, cs.target, cs.chunks, cs.lo, cs.hi = vlen, target, 1, 0, 0
	for i := 0; i < 3; i++ {
		lo, hi := p0[i], p1[i]
		if hi < lo {
			lo, hi = hi, lo
		}
		cs.segB.min[i], cs.segB.max[i] = lo, hi
	}
	if !w.noSweepFilter {
		s.sweep.init(p0, p1, v, target)
		cs.chunks = castChunks(vlen, target)
	}
}

// castCand casts the capsule's segment p0-p1 (reach target, motion v of
// length vlen) against candidate cd (a triangle, a capsule or a box) up to
// tmax: the time of the hit, its face normal and its collider, into
// cb.res.
func (s *scratch) castCand(cb *castScratch, cd *castCand, p0, p1 *vec, target float64, v *vec, vlen, tmax float64) (t float64, ok bool, fn vec, id ColliderID) {
	res := &cb.res
	switch {
	case cd.idx >= 0:
		tr := &s.tris[cd.idx]
		if t, ok = castShape(res, &cb.seg, p0, p1, target, v, vlen, tr, tmax, cd.s0, &cd.res); ok {
			fn, id = faceTowardsN(tr, res.normal), tr.id
		}
	case cd.idx <= capCand:
		k := s.caps[capCand-cd.idx]
		if t, ok = castShape(res, &cb.seg, p0, p1, target, v, vlen, k, tmax, cd.s0, &cd.res); ok {
			fn, id = res.normal, k.id
		}
	default:
		o := s.boxes[-cd.idx-1]
		if t, ok = castShape(res, &cb.seg, p0, p1, target, v, vlen, o, tmax, cd.s0, &cd.res); ok {
			fn, id = res.faceOpposing(*v), o.id
		}
	}
	return t, ok, fn, id
}

// betterHit reports whether a hit at time t (contact normal n, face normal
// fn) is to be preferred to best for motion v (of length vlen): the
// earliest hit; of hits at the same time (within 1e-9) on the same edge or
// vertex, from the triangles sharing it, the contact normal opposing the
// motion most, then the face opposing it most (so a downward cast onto a
// ledge reports the top face, not the riser).
func betterHit(best *CastHit, t float64, n, fn, v *vec, vlen float64) bool {
	if t > best.Fraction+1e-9 {
		return false
	}
	if t >= best.Fraction-1e-9 {
		dn, db := dot(*n, *v), dot(best.Normal, *v)
		if dn > db+float64(1e-12*vlen) || (dn >= db-float64(1e-12*vlen) && dot(*fn, *v) >= dot(best.FaceNormal, *v)) {
			return false
		}
	}
	return true
}

// castCapsuleTo is castCapsule writing the hit into out (the controller's
// form: vectors by pointer, no whole-value copies).
func (w *World) castCapsuleTo(out *CastHit, s *scratch, p0, p1 *vec, r float64, v *vec, skin float64) bool {
	if s.box {
		return w.castBoxTo(out, s, p0, p1, r, v, skin)
	}
	target := r + skin
	vlen := math.Sqrt(float64(v[0]*v[0]) + float64(v[1]*v[1]) + float64(v[2]*v[2]))
	if !(vlen > 0) {
		*out = CastHit{Collider: NoCollider}
		return false
	}
	cb := s.castBufs()
	cs := &cb.sweep
	w.beginCast(s, cs, p0, p1, v, vlen, target)
	s.clearCandidates()
	w.gatherCastChunk(s, cs, 0)
	chunk, next := 0, cs.start(1)
	best := out
	*best = CastHit{Collider: NoCollider, Fraction: 1}
	found := false
	tmax := 1.0
	// Every candidate gets a cheap lower bound of its first Newton step:
	// the time the path enters its box inflated by the capsule's reach
	// (with the sweep filter off, the distance between the segment's box
	// and the triangle's box over the motion's length). They are popped
	// from a heap in order of that key; a triangle's exact first step
	// (segTriInto, the expensive part) is computed only when it reaches the
	// top, and it goes back in with that key. So the candidates are refined
	// in the order of their first steps (ties by position), while those
	// beyond the earliest hit so far are never refined: a long move
	// computes closest points only near where it stops.
	var res0 boxResult
	for {
		if chunk+1 < cs.chunks && next <= tmax && (len(s.heap) == 0 || s.cands[s.heap[0]].s0 >= next) {
			chunk++
			w.gatherCastChunk(s, cs, chunk)
			next = cs.start(chunk + 1)
			continue
		}
		pos, more := s.nextCand()
		if !more {
			break
		}
		cd := &s.cands[pos]
		if cd.s0 > tmax {
			break
		}
		if !cd.exact {
			segTriInto(&res0.segTriResult, p0, p1, &s.tris[cd.idx])
			s0, ok := castStart(target, v, vlen, &res0)
			if !ok {
				continue
			}
			cd.s0, cd.res, cd.exact = s0, res0, true
			s.pushCand(pos)
			continue
		}
		res := &cb.res
		t, ok, fn, id := s.castCand(cb, cd, p0, p1, target, v, vlen, tmax)
		if !ok || (found && !betterHit(best, t, &res.normal, &fn, v, vlen)) {
			continue
		}
		if found && best.Fraction < t {
			t = best.Fraction
		}
		found = true
		tmax = min(1, t+1e-9)
		*best = CastHit{Collider: id, Fraction: t, Point: res.onTri, Normal: res.normal, FaceNormal: fn, OnFace: res.onFace}
		switch {
		case cd.idx >= 0:
			best.tri = s.tris[cd.idx]
		case cd.idx <= capCand:
			best.capsule = true
		default:
			best.box = s.boxes[-cd.idx-1]
		}
	}
	s.sweep.on = false // later gathers (contacts, probes) are not casts
	return found
}

// clearCandidates empties the scratch's gathered triangles, boxes and
// capsules and its cast candidates and their heap.
func (s *scratch) clearCandidates() {
	s.tris = s.tris[:0]
	s.boxes = s.boxes[:0]
	s.caps = s.caps[:0]
	s.cands = s.cands[:0]
	s.heap = s.heap[:0]
}

// farFromPlane reports whether the four points (a segment's end points
// before and after a motion, whose convex hull contains the swept segment)
// all lie on the same side of t's plane, farther than d from it: then no
// point of the swept capsule of radius d comes near the triangle. For a
// face of a box it also reports true when all four lie behind the face: the
// closest feature of a convex solid to an outside point is on a face (or an
// edge or vertex of a face) that the point is in front of.
func farFromPlane(t *tri, a, b, c, e vec, d float64) bool {
	sa := dot(sub(a, t.a), t.n)
	sb := dot(sub(b, t.a), t.n)
	sc := dot(sub(c, t.a), t.n)
	se := dot(sub(e, t.a), t.n)
	if sa > d {
		return sb > d && sc > d && se > d
	}
	if t.backCull {
		return sa < 0 && sb < 0 && sc < 0 && se < 0
	}
	if sa < -d {
		return sb < -d && sc < -d && se < -d
	}
	return false
}

// cullForCast reports whether a cast of segment p0-p1 by v can skip t
// without missing a hit: farFromPlane for the swept segment, or the
// segment starts in front of (or behind) the plane at no less than the
// target distance (minus castTol) and moves away from it, so its distance
// to the triangle, never below its plane distance, cannot drop below the
// target by more than castTol.
func cullForCast(t *tri, p0, p1, v vec, target float64) bool {
	sa := dot(sub(p0, t.a), t.n)
	sb := dot(sub(p1, t.a), t.n)
	vn := dot(v, t.n)
	lo := target - castTol
	if sa >= lo && sb >= lo && (vn >= 0 || (sa+vn > target && sb+vn > target)) {
		return true
	}
	if sa <= -lo && sb <= -lo && (vn <= 0 || (sa+vn < -target && sb+vn < -target)) {
		return true
	}
	return t.backCull && sa < 0 && sb < 0 && sa+vn < 0 && sb+vn < 0
}

// faceTowardsN is the face normal of t on the side of the contact normal n.
func faceTowardsN(t *tri, n vec) vec {
	if dot(t.n, n) < 0 {
		return scale(t.n, -1)
	}
	return t.n
}

// contacts appends to s.contacts every contact of the capsule segment
// within maxDist of the world and returns them.
func (w *World) contacts(s *scratch, p0, p1 vec, r, maxDist float64) []Contact {
	return w.contactsOf(s, &p0, &p1, r, maxDist)
}

// contactsOf is contacts with the segment by pointer (see capsuleSegTo).
func (w *World) contactsOf(s *scratch, p0, p1 *vec, r, maxDist float64) []Contact {
	if s.box {
		return w.boxContactsOf(s, p0, p1, r, maxDist)
	}
	s.contacts = s.contacts[:0]
	var q aabb
	for i := 0; i < 3; i++ {
		lo, hi := p0[i], p1[i]
		if hi < lo {
			lo, hi = hi, lo
		}
		q.min[i], q.max[i] = lo-(r+maxDist), hi+(r+maxDist)
	}
	tris := w.gather(&q, s, false)
	// The distance from the segment's box to a triangle's box bounds the
	// distance to the triangle from below; for an upright capsule the
	// segment's box is the segment itself, so on a fine mesh this skips
	// the many triangles of the query box that are beyond reach before
	// the exact (costly) segTriInto.
	var segB aabb
	for i := 0; i < 3; i++ {
		lo, hi := p0[i], p1[i]
		if hi < lo {
			lo, hi = hi, lo
		}
		segB.min[i], segB.max[i] = lo, hi
	}
	reach := r + maxDist
	reach2 := float64(reach * reach)
	var tb aabb
	var tres segTriResult
	for i := range tris {
		if tris[i].boundsInto(&tb); boxDist2(&segB, &tb) > reach2 || farFromPlane(&tris[i], *p0, *p1, *p0, *p1, reach) {
			continue
		}
		segTriInto(&tres, p0, p1, &tris[i])
		res := &tres
		d := res.dist - r
		if d <= maxDist {
			c := s.newContact(tris[i].id, &res.onTri, &res.normal, d, res.onFace)
			if n := &tris[i].n; dot(*n, res.normal) < 0 {
				c.FaceNormal[0], c.FaceNormal[1], c.FaceNormal[2] = float64(n[0]*-1), float64(n[1]*-1), float64(n[2]*-1)
			} else {
				copyVec(&c.FaceNormal, n)
			}
		}
	}
	res := &s.boxRes // segBoxInto fills it whole; a local would be zeroed on every call
	for _, o := range s.boxes {
		o.segBoxInto(res, p0, p1)
		d := res.dist - r
		if d > maxDist {
			continue
		}
		// One contact per face through the point, like the triangles of
		// the faces sharing an edge would give.
		for k := 0; k < res.nfaces; k++ {
			c := s.newContact(o.id, &res.onTri, &res.normal, d, res.onFace)
			copyVec(&c.FaceNormal, &res.faces[k])
		}
	}
	// The capsules (other characters) come last: a ContactCache keeps the
	// contacts before them and asks for the capsules' afresh
	// (capsuleContactsOf).
	s.contacts = appendCapsuleContacts(s.contacts, s.caps, p0, p1, r, maxDist)
	return s.contacts
}

// appendCapsuleContacts appends the contacts of the segment p0-p1 with
// radius r with the capsules caps, within maxDist.
func appendCapsuleContacts(out []Contact, caps []*capsuleShape, p0, p1 *vec, r, maxDist float64) []Contact {
	var res boxResult
	for _, k := range caps {
		if k.fartherThan(p0, p1, r+maxDist) {
			continue
		}
		k.closestInto(&res, p0, p1)
		if d := res.dist - r; d <= maxDist {
			out = append(out, Contact{
				Collider: k.id, Point: res.onTri, Normal: res.normal,
				FaceNormal: res.normal, Distance: d, OnFace: true,
			})
		}
	}
	return out
}

// capsuleContactsOf appends to s.contacts the contacts contactsOf finds
// with the capsule colliders only (those the scratch admits).
func (w *World) capsuleContactsOf(s *scratch, p0, p1 *vec, r, maxDist float64) []Contact {
	if s.box {
		return w.boxCapsuleContactsOf(s, p0, p1, r, maxDist)
	}
	if len(w.caps) == 0 {
		return s.contacts
	}
	w.index(s)
	q := segAABB(*p0, *p1, r+maxDist)
	var off sweepFilter
	s.top = w.capsuleQuery(s, &q, &off, s.top[:0])
	s.caps = s.caps[:0]
	for _, ci := range s.top {
		if c := &w.colliders[ci]; !c.capsuleEmpty && s.admits(c, ci) {
			s.caps = append(s.caps, &c.capsule)
		}
	}
	s.contacts = appendCapsuleContacts(s.contacts, s.caps, p0, p1, r, maxDist)
	return s.contacts
}

// newContact appends a contact to s.contacts and fills it in element by
// element (FaceNormal is the caller's), with no whole Contact copied.
func (s *scratch) newContact(id ColliderID, point, normal *vec, d float64, onFace bool) *Contact {
	s.contacts = append(s.contacts, Contact{})
	c := &s.contacts[len(s.contacts)-1]
	c.Collider = id
	copyVec(&c.Point, point)
	copyVec(&c.Normal, normal)
	c.Distance = d
	c.OnFace = onFace
	return c
}

// copyVec copies src to dst element by element (see newContact).
func copyVec(dst, src *vec) { dst[0], dst[1], dst[2] = src[0], src[1], src[2] }

// validCapsule reports whether the shape and axis can be queried.
func validCapsule(shape Capsule, pos, axis vec) bool {
	return validCapsuleP(&shape, &pos, &axis)
}

// validCapsuleP is validCapsule by pointer; x-x is 0 exactly for finite x.
func validCapsuleP(shape *Capsule, pos, axis *vec) bool {
	r, hh := shape.Radius, shape.HalfHeight
	return r > 0 && r-r == 0 && hh >= 0 && hh-hh == 0 &&
		finite3(pos[0], pos[1], pos[2]) && finite3(axis[0], axis[1], axis[2])
}

// CastCapsule sweeps a capsule (centre pos, axis the capsule's unit axis;
// a zero or non-finite axis means +Y) along translation and returns the
// first time it comes within skin of a collider. ok is false when nothing
// is hit, when the motion only moves away from or along nearby surfaces, or
// when the input is invalid (non-positive radius, negative half height,
// non-finite values). World query methods borrow scratch buffers from a
// pool and do not allocate in steady state.
func (w *World) CastCapsule(shape Capsule, pos, axis, translation mgl64.Vec3, skin float64) (CastHit, bool) {
	return w.Filtered(nil).CastCapsule(shape, pos, axis, translation, skin)
}

// Contacts appends to out every contact between the capsule (centre pos,
// unit axis; zero axis means +Y) and the world within maxDist of its
// surface (overlaps have negative Distance) and returns the extended slice.
// Invalid input appends nothing. Seams may report the same point once per
// touching triangle.
func (w *World) Contacts(shape Capsule, pos, axis mgl64.Vec3, maxDist float64, out []Contact) []Contact {
	return w.Filtered(nil).Contacts(shape, pos, axis, maxDist, out)
}

// OverlapCapsule reports whether a capsule with axis +Y at pos, inflated by
// margin, overlaps any collider (touching counts). Use it to test whether a
// crouching character has room to stand up. Invalid input (non-positive
// radius, NaN) reports true, the safe answer for "is there room?".
func (w *World) OverlapCapsule(shape Capsule, pos mgl64.Vec3, margin float64) bool {
	return w.OverlapCapsuleAxis(shape, pos, vec{0, 1, 0}, margin)
}

// OverlapCapsuleAxis is OverlapCapsule for a capsule along a given unit axis.
func (w *World) OverlapCapsuleAxis(shape Capsule, pos, axis mgl64.Vec3, margin float64) bool {
	return w.Filtered(nil).OverlapCapsuleAxis(shape, pos, axis, margin)
}

// overlap is OverlapCapsuleAxis with scratch s (valid input).
func (w *World) overlap(s *scratch, shape Capsule, pos, axis vec, margin float64) bool {
	if margin < 0 {
		margin = 0
	}
	p0, p1 := capsuleSeg(pos, axis, shape.HalfHeight)
	r := shape.Radius + margin
	sb := segAABB(p0, p1, r)
	tris := w.gather(&sb, s, false)
	for i := range tris {
		if segTriDist(&p0, &p1, &tris[i]) <= r {
			return true
		}
	}
	for _, o := range s.boxes {
		if o.segBoxDist(&p0, &p1) <= r {
			return true
		}
	}
	for _, k := range s.caps {
		if k.closestTo(p0, p1).dist <= r {
			return true
		}
	}
	return false
}

// RayCast casts a ray from origin along dir (any length; normalized
// internally) up to maxDist and returns the first hit. Triangles are
// two-sided. Invalid input (zero or non-finite dir, NaN origin, negative or
// NaN maxDist) reports no hit; an infinite maxDist is clamped to 1e6 m.
func (w *World) RayCast(origin, dir mgl64.Vec3, maxDist float64) (RayHit, bool) {
	return w.Filtered(nil).RayCast(origin, dir, maxDist)
}

// rayCast is RayCast with scratch s.
func (w *World) rayCast(s *scratch, origin, dir vec, maxDist float64) (RayHit, bool) {
	d := normalizeOr(dir, vec{})
	if d == (vec{}) || !finiteVec(origin) || !(maxDist >= 0) {
		return RayHit{Collider: NoCollider}, false
	}
	if maxDist > 1e6 {
		maxDist = 1e6
	}
	q := emptyAABB().grow(origin).grow(madd(origin, d, maxDist))
	tris := w.gather(&q, s, true)
	best := RayHit{Collider: NoCollider, Distance: maxDist}
	found := false
	for i := range tris {
		if t, ok := rayTri(origin, d, best.Distance, &tris[i]); ok && (!found || t < best.Distance) {
			found = true
			n := tris[i].n
			if dot(n, d) > 0 {
				n = scale(n, -1)
			}
			best = RayHit{Collider: tris[i].id, Distance: t, Point: madd(origin, d, t), Normal: n}
		}
	}
	for _, k := range s.caps {
		if t, n, ok := rayCapsule(origin, d, best.Distance, k); ok && (!found || t < best.Distance) {
			found = true
			best = RayHit{Collider: k.id, Distance: t, Point: madd(origin, d, t), Normal: n}
		}
	}
	return best, found
}

// castSweep is one cast's motion, shared by its chunks.
type castSweep struct {
	p0, p1, v    vec
	vlen, target float64
	segB         aabb // the segment's box at the start
	chunks       int
	lo, hi       float64 // the current chunk's range of entry times
}

// key returns a candidate's first key from its box b, and whether it
// belongs to the current chunk. Two lower bounds of the time of first
// touch: the gap between the segment's box and b over the motion's length
// (the gap can be no smaller, the approach no faster), and, when chunked,
// the path's entry into b's inflated box (which also places b in its
// chunk). The first is the sharper one near the start of a move, the
// second far along it.
func (c *castSweep) key(f *sweepFilter, b *aabb) (float64, bool) {
	gap := max(0, math.Sqrt(boxDist2(&c.segB, b))-c.target-castTol) / c.vlen
	if c.chunks == 1 {
		return gap, true // a short cast: one chunk, every candidate is its own
	}
	e := f.entry(b)
	return max(gap, e), e >= c.lo && e < c.hi
}

// addTri pushes triangle t (box b) as a candidate of the current chunk
// unless cullForCast skips it or it belongs to another chunk.
func (c *castSweep) addTri(s *scratch, t *tri, b *aabb) {
	if cullForCast(t, c.p0, c.p1, c.v, c.target) {
		return
	}
	k, mine := c.key(&s.sweep, b)
	if !mine {
		return
	}
	k = max(k, c.planeBound(t))
	if k > 1 {
		return
	}
	s.tris = append(s.tris, *t)
	s.cands = append(s.cands, castCand{idx: int32(len(s.tris) - 1), s0: k})
	s.pushCand(int32(len(s.cands) - 1))
}

// planeBound is a third lower bound of the time at which the cast can
// touch t: a point's distance to the triangle is at least its distance to
// the triangle's plane, which changes at the rate v.n, so a segment wholly
// on one side of the plane cannot come within reach before its nearer end
// point does. A character gliding over a ground mesh is nearly parallel to
// the faces under it: this bound puts them past the earliest hit, so their
// exact closest points are never computed.
func (c *castSweep) planeBound(t *tri) float64 {
	sa := dot(sub(c.p0, t.a), t.n)
	sb := dot(sub(c.p1, t.a), t.n)
	vn := dot(c.v, t.n)
	reach := c.target + castTol
	switch {
	case sa > reach && sb > reach && vn < 0:
		return (min(sa, sb) - reach) / -vn
	case sa < -reach && sb < -reach && vn > 0:
		return (-max(sa, sb) - reach) / vn
	}
	return 0
}

// capCand is the candidate index of the first capsule collider: capsule
// i is capCand-i (triangles are >= 0, boxes -1..-n).
const capCand = -1 << 29

// addCapsule pushes capsule collider k (bounds b) as an exact candidate
// of the current chunk when the motion can bring the capsule within reach.
func (c *castSweep) addCapsule(s *scratch, k *capsuleShape, b *aabb) {
	if c.chunks > 1 {
		if e := s.sweep.entry(b); e < c.lo || e >= c.hi {
			return
		}
	}
	// castStart refuses a capsule farther than the motion's length beyond
	// the target (its rate of approach is at most vlen).
	if k.fartherThan(&c.p0, &c.p1, c.target+float64(c.vlen*(1+1e-9))+castTol) {
		return
	}
	s.caps = append(s.caps, k)
	var res0 boxResult
	k.closestInto(&res0, &c.p0, &c.p1)
	if s0, ok := castStart(c.target, &c.v, c.vlen, &res0); ok {
		s.addCand(int32(capCand-(len(s.caps)-1)), s0, &res0)
		s.pushCand(int32(len(s.cands) - 1))
	}
}

// addBox pushes box o (bounds b) as an exact candidate of the current
// chunk when the motion can bring the capsule within reach of it.
func (c *castSweep) addBox(s *scratch, o *obb, b *aabb) {
	if c.chunks > 1 {
		if e := s.sweep.entry(b); e < c.lo || e >= c.hi {
			return
		}
	}
	s.boxes = append(s.boxes, o)
	var res0v boxResult
	res0 := &res0v
	o.segBoxInto(res0, &c.p0, &c.p1)
	if s0, ok := castStart(c.target, &c.v, c.vlen, res0); ok {
		s.addCand(int32(-len(s.boxes)), s0, res0)
		s.pushCand(int32(len(s.cands) - 1))
	}
}

// castChunkMin is the shortest chunk of a chunked cast (m). Chunks are also
// at least 4 capsule radii long and there are at most castChunkMax of them,
// so a short move (every per-tick move of a walking character) is one
// chunk and pays nothing for the chunking.
const (
	castChunkMin = 1.0
	castChunkMax = 64
)

// castChunks is the number of chunks a cast of length vlen and target
// distance target is gathered in.
func castChunks(vlen, target float64) int {
	n := math.Ceil(vlen / max(castChunkMin, float64(4*target)))
	if !(n > 1) {
		return 1
	}
	return int(min(n, castChunkMax))
}

// start is the time at which chunk k starts: k/chunks, and +Inf past the
// last chunk.
func (c *castSweep) start(k int) float64 {
	if k >= c.chunks {
		return math.Inf(1)
	}
	return float64(k) / float64(c.chunks)
}

// chunkBox sets q to the box of the capsule segment at t0 and at t1 (the
// path's start and end for the first and last chunk k), inflated by the
// cast's reach: per axis the least and greatest of the four end points
// (the same values as the union of the two segments' segAABB boxes, built
// without vector temporaries).
func (c *castSweep) chunkBox(q *aabb, k int, t0, t1 float64) {
	infl := c.target + castTol
	first, last := k == 0, k+1 >= c.chunks
	for i := 0; i < 3; i++ {
		p0, p1, v := c.p0[i], c.p1[i], c.v[i]
		a0, a1 := p0+float64(v*t0), p1+float64(v*t0)
		b0, b1 := p0+float64(v*t1), p1+float64(v*t1)
		if first {
			a0, a1 = p0, p1
		}
		if last {
			b0, b1 = p0+v, p1+v
		}
		lo, hi := a0, a0
		for _, x := range [3]float64{a1, b0, b1} {
			if x < lo {
				lo = x
			}
			if x > hi {
				hi = x
			}
		}
		q.min[i], q.max[i] = lo-infl, hi+infl
	}
}

// gatherCastAll is gatherCastChunk's baseline for the benchmarks: every
// collider in q scanned, no hierarchy.
func (w *World) gatherCastAll(s *scratch, c *castSweep, q *aabb) {
	saved, nb := s.tris, len(s.boxes)
	s.tris = s.hf[:0]
	w.gatherAll(*q, s, false)
	s.hf, s.tris = s.tris, saved
	s.boxTmp = append(s.boxTmp[:0], s.boxes[nb:]...)
	s.boxes = s.boxes[:nb]
	for _, o := range s.boxTmp {
		c.addBox(s, o, &w.colliders[o.id].box)
	}
	var tb aabb
	for i := range s.hf {
		s.hf[i].boundsInto(&tb)
		c.addTri(s, &s.hf[i], &tb)
	}
}

// gatherCastChunk adds the candidates of chunk k of a cast: the triangles
// (into s.tris) and boxes whose first key falls in the chunk, except the
// triangles cullForCast skips, each pushed on the candidate heap. Culling
// before copying matters on long moves, where most triangles under the
// path lie flat beside it.
func (w *World) gatherCastChunk(s *scratch, c *castSweep, k int) {
	if w == nil {
		return
	}
	f := &s.sweep
	t0, t1 := c.start(k), min(1, c.start(k+1))
	lo, hi := t0, t1
	if k == 0 {
		lo = math.Inf(-1)
	}
	if k+1 >= c.chunks {
		hi = math.Inf(1)
	}
	f.w0, f.w1 = t0, t1
	c.lo, c.hi = lo, hi
	var q aabb
	c.chunkBox(&q, k, t0, t1)
	if w.bruteForce {
		w.gatherCastAll(s, c, &q)
		return
	}
	w.index(s)
	s.top = w.topQuery(s, &q, f)
	for _, ci := range s.top {
		cl := &w.colliders[ci]
		if !s.admits(cl, ci) {
			continue
		}
		switch cl.kind {
		case kindBox:
			c.addBox(s, &cl.ob, &cl.box)
		case kindCapsule:
			if !cl.capsuleEmpty {
				c.addCapsule(s, &cl.capsule, &cl.box)
			}
		case kindMesh:
			s.sub = cl.bvh.query(&q, f, s.sub[:0])
			for _, ti := range s.sub {
				c.addTri(s, &cl.tris[ti], &cl.tbox[ti])
			}
		case kindHeightfield:
			// Cell triangles are generated into s.hf, then judged.
			s.hf = cl.hf.gather(q, f, ColliderID(ci), s.hf[:0], s.cellCache())
			var tb aabb
			for i := range s.hf {
				s.hf[i].boundsInto(&tb)
				c.addTri(s, &s.hf[i], &tb)
			}
		}
	}
}
