package kcc

import (
	"fmt"
	"math"

	"github.com/go-gl/mathgl/mgl64"
	"github.com/seedgames/motorkit/detmath"
)

// capsuleShape is a capsule collider (another character): the segment
// a-b in world space and the radius.
type capsuleShape struct {
	a, b vec
	r    float64
	half float64 // half the segment length (its local shape)
	id   ColliderID
	// box marks a box character's collider (Capsule.Box): the capsule's
	// bounding box ob, turned with the collider, instead of the capsule.
	box bool
	ob  obb
}

// AddCapsule adds a capsule collider: an upright capsule (axis +Y, turned
// by SetTransform's rotation) centred at pos; with shape.Box, its bounding
// box (a box character's collider), turned the same way. It is how characters block
// each other: the ECS KCC stage registers each character's capsule and
// moves it after each Move (systems.Options.CharacterCollisions). A
// non-positive or non-finite radius, a negative half height or a
// non-finite pos records an empty collider (an ID that collides with
// nothing), like a bad box.
func (w *World) AddCapsule(shape Capsule, pos mgl64.Vec3) ColliderID {
	id := ColliderID(len(w.colliders))
	if !validCapsule(shape, pos, vec{0, 1, 0}) {
		return w.add(collider{kind: kindCapsule, box: emptyAABB(), capsuleEmpty: true})
	}
	c := collider{kind: kindCapsule, pose: pose{pos: pos, rot: mgl64.QuatIdent()}}
	c.capsule = capsuleShape{r: shape.Radius, half: shape.HalfHeight, id: id, box: shape.Box}
	c.placeShape(id, c.pose)
	c.bound = marginBound(&c.box)
	return w.addCapsule(c)
}

// addCapsule adds a capsule collider to the capsule grid (crowd.go), not
// to the top-level hierarchy, which needs no rebuild for it.
func (w *World) addCapsule(c collider) ColliderID {
	c.prev = c.pose
	c.layer, c.mask = DefaultLayer, AllLayers
	w.colliders = append(w.colliders, c)
	id := ColliderID(len(w.colliders) - 1)
	w.caps = append(w.caps, int32(id))
	w.capsDirty.Store(true)
	w.gen++
	return id
}

// SetCapsuleShape changes capsule collider id's radius, half height and
// Box (a character crouching). It returns an error for an unknown or removed id,
// a collider that is not a capsule, or an invalid shape.
func (w *World) SetCapsuleShape(id ColliderID, shape Capsule) error {
	c, err := w.movable(id)
	if err != nil {
		return err
	}
	if c.kind != kindCapsule || c.capsuleEmpty {
		return fmt.Errorf("kcc: collider %d is not a capsule", id)
	}
	if !validCapsule(shape, c.pose.pos, vec{0, 1, 0}) {
		return fmt.Errorf("kcc: invalid capsule shape %+v", shape)
	}
	if c.capsule.r == shape.Radius && c.capsule.half == shape.HalfHeight && c.capsule.box == shape.Box {
		return nil // a character's every move sets its shape: mostly the same
	}
	c.capsule.r, c.capsule.half, c.capsule.box = shape.Radius, shape.HalfHeight, shape.Box
	w.place(id, c, c.pose)
	return nil
}

func (k *capsuleShape) place(p pose) {
	axis := vec{0, k.half, 0}
	if p.rot != mgl64.QuatIdent() {
		axis = detmath.Rotate(p.rot, axis)
	}
	k.a, k.b = sub(p.pos, axis), add(p.pos, axis)
	if k.box {
		k.ob.c, k.ob.h, k.ob.id = p.pos, vec{k.r, k.half + k.r, k.r}, k.id
		k.ob.setAxes(p.rot)
	}
}

func (k *capsuleShape) bounds() aabb {
	if k.box {
		return k.ob.bounds()
	}
	return segAABB(k.a, k.b, k.r)
}

// fartherThan reports whether segment p0-p1 is surely farther than d from
// the capsule's surface: the gap between the two segments' boxes, a lower
// bound of their distance, exceeds d + k.r by a margin far above rounding.
// It spares closestTo for the neighbours a crowd's queries gather but do
// not touch, and changes no result: what it rejects closestTo would too.
// A box character's corners reach past its radius, so it is never
// rejected here.
func (k *capsuleShape) fartherThan(p0, p1 *vec, d float64) bool {
	if k.box {
		return false
	}
	lim := d + k.r + 1e-7
	if !(lim > 0) {
		return false
	}
	var gap2 float64
	for i := 0; i < 3; i++ {
		lo1, hi1 := p0[i], p1[i]
		if hi1 < lo1 {
			lo1, hi1 = hi1, lo1
		}
		lo2, hi2 := k.a[i], k.b[i]
		if hi2 < lo2 {
			lo2, hi2 = hi2, lo2
		}
		g := 0.0
		if lo2 > hi1 {
			g = lo2 - hi1
		} else if lo1 > hi2 {
			g = lo1 - hi2
		}
		gap2 += float64(g * g)
	}
	return gap2 > float64(lim*lim)
}

// closestInto is closestTo written into r in place (the casts' form,
// segmentCloser): a capsule's result fills the fields its readers use
// (faces beyond nfaces are left as they were), with no whole-result copy.
func (k *capsuleShape) closestInto(r *boxResult, p0, p1 *vec) {
	if k.box {
		*r = boxResult{}
		k.ob.segBoxInto(r, p0, p1)
		return
	}
	var c1, c2 vec
	closestSegSegTo(&c1, &c2, p0, p1, &k.a, &k.b)
	d := sub(c1, c2)
	l := length(d)
	if l > 1e-12 {
		r.normal = scale(d, 1/l)
	} else {
		// The axes cross: push out sideways, across the capsule's axis.
		ax := normalizeOr(sub(k.b, k.a), vec{0, 1, 0})
		r.normal = normalizeOr(cross(ax, vec{0, 0, 1}), vec{1, 0, 0})
	}
	r.dist = l - k.r
	r.onSeg = c1
	r.onTri = madd(c2, r.normal, k.r)
	r.onFace = true
	r.faces[0] = r.normal
	r.nfaces = 1
}

// closestTo is the closest-point pair between segment p0-p1 and the
// capsule's surface: dist is the segment's distance to the surface
// (negative inside it), normal points from the capsule to the segment.
// For a box it is the segment's distance to the box (0 when it enters
// the box, the normal then out of the face nearest to it).
func (k *capsuleShape) closestTo(p0, p1 vec) boxResult {
	var r boxResult
	k.closestInto(&r, &p0, &p1)
	return r
}

// rayCapsule intersects the ray o + d·s (unit d, s in [0, maxS]) with the
// capsule: the entry distance and the outward normal there.
func rayCapsule(o, d vec, maxS float64, k *capsuleShape) (float64, vec, bool) {
	if k.box {
		return rayOBB(o, d, maxS, &k.ob)
	}
	ba := sub(k.b, k.a)
	oa := sub(o, k.a)
	baba := dot(ba, ba)
	bard := dot(ba, d)
	baoa := dot(ba, oa)
	rdoa := dot(d, oa)
	oaoa := dot(oa, oa)
	r2 := float64(k.r * k.r)
	t := math.Inf(1)
	// The cylinder between the end caps.
	if a := baba - float64(bard*bard); a > 1e-12 {
		b := float64(baba*rdoa) - float64(baoa*bard)
		c := float64(baba*oaoa) - float64(baoa*baoa) - float64(r2*baba)
		if h := float64(b*b) - float64(a*c); h >= 0 {
			s := (-b - math.Sqrt(h)) / a
			if y := baoa + float64(s*bard); y > 0 && y < baba && s >= 0 {
				t = s
			}
		}
	}
	// The end spheres.
	for _, cen := range [2]vec{k.a, k.b} {
		oc := sub(o, cen)
		b := dot(d, oc)
		c := dot(oc, oc) - r2
		if h := float64(b*b) - c; h >= 0 {
			if s := -b - math.Sqrt(h); s >= 0 && s < t {
				t = s
			}
		}
	}
	if !(t <= maxS) {
		return 0, vec{}, false
	}
	p := madd(o, d, t)
	q, _ := closestSegSeg(p, p, k.a, k.b)
	return t, normalizeOr(sub(p, q), scale(d, -1)), true
}

// rayOBB intersects the ray o + d·s (unit d, s in [0, maxS]) with the box
// o (a slab test in its frame): the entry distance and the outward normal
// of the face entered. A ray starting inside enters at 0, the normal
// against the ray.
func rayOBB(o, d vec, maxS float64, ob *obb) (float64, vec, bool) {
	lo, ld := ob.toLocal(o), d
	if !ob.aligned {
		ld = vec{dot(d, ob.ax[0]), dot(d, ob.ax[1]), dot(d, ob.ax[2])}
	}
	t0, t1 := 0.0, maxS
	axis, sign := -1, 0.0
	for i := 0; i < 3; i++ {
		if ld[i] == 0 {
			if lo[i] < -ob.h[i] || lo[i] > ob.h[i] {
				return 0, vec{}, false
			}
			continue
		}
		a := (-ob.h[i] - lo[i]) / ld[i]
		b := (ob.h[i] - lo[i]) / ld[i]
		sg := -1.0 // entering through the -h face
		if a > b {
			a, b, sg = b, a, 1
		}
		if a > t0 {
			t0, axis, sign = a, i, sg
		}
		t1 = min(t1, b)
		if t0 > t1 {
			return 0, vec{}, false
		}
	}
	if axis < 0 {
		return 0, scale(d, -1), true
	}
	return t0, scale(ob.ax[axis], sign), true
}
