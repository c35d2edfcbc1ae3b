package kcc

import (
	"math"

	"github.com/go-gl/mathgl/mgl64"
)

type vec = mgl64.Vec3

// aabb is an axis-aligned bounding box.
type aabb struct{ min, max vec }

func emptyAABB() aabb {
	inf := math.Inf(1)
	return aabb{vec{inf, inf, inf}, vec{-inf, -inf, -inf}}
}

// grow and union use plain comparisons (callers never pass NaN: colliders
// are validated on insertion and queries sanitize their inputs).
func (b aabb) grow(p vec) aabb {
	for i := 0; i < 3; i++ {
		if p[i] < b.min[i] {
			b.min[i] = p[i]
		}
		if p[i] > b.max[i] {
			b.max[i] = p[i]
		}
	}
	return b
}

func (b aabb) union(o aabb) aabb {
	for i := 0; i < 3; i++ {
		if o.min[i] < b.min[i] {
			b.min[i] = o.min[i]
		}
		if o.max[i] > b.max[i] {
			b.max[i] = o.max[i]
		}
	}
	return b
}

func (b *aabb) overlaps(o *aabb) bool {
	return b.min[0] <= o.max[0] && b.max[0] >= o.min[0] &&
		b.min[1] <= o.max[1] && b.max[1] >= o.min[1] &&
		b.min[2] <= o.max[2] && b.max[2] >= o.min[2]
}

func (b aabb) center() vec {
	return vec{float64((b.min[0] + b.max[0]) * 0.5), float64((b.min[1] + b.max[1]) * 0.5), float64((b.min[2] + b.max[2]) * 0.5)}
}

// segAABB is the box around a capsule segment p0-p1 inflated by r.
func segAABB(p0, p1 vec, r float64) aabb {
	var b aabb
	for i := 0; i < 3; i++ {
		lo, hi := p0[i], p1[i]
		if hi < lo {
			lo, hi = hi, lo
		}
		b.min[i] = lo - r
		b.max[i] = hi + r
	}
	return b
}

// tri is one triangle in world space with its unit normal (right-handed
// winding a,b,c) and the collider it belongs to.
type tri struct {
	a, b, c vec
	n       vec
	// en are the inward edge normals n x (b-a), n x (c-b), n x (a-c): a
	// point q of the plane is inside when (q-a).en[0], (q-b).en[1] and
	// (q-c).en[2] are all >= 0.
	en [3]vec
	id ColliderID
	// backCull marks a face of a closed convex solid (a box): a capsule
	// entirely behind its plane is nearer to another face of the solid,
	// so the triangle can be skipped.
	backCull bool
}

func (t *tri) bounds() aabb {
	var b aabb
	t.boundsInto(&b)
	return b
}

// boundsInto is bounds writing into b, element by element (it runs in the
// cast's inner loop).
func (t *tri) boundsInto(b *aabb) {
	for i := 0; i < 3; i++ {
		lo, hi := t.a[i], t.a[i]
		if x := t.b[i]; x < lo {
			lo = x
		} else if x > hi {
			hi = x
		}
		if x := t.c[i]; x < lo {
			lo = x
		} else if x > hi {
			hi = x
		}
		b.min[i], b.max[i] = lo, hi
	}
}

func finite(x float64) bool { return !math.IsNaN(x) && !math.IsInf(x, 0) }

func finiteVec(v vec) bool { return finite3(v[0], v[1], v[2]) }

// finite3 is finiteVec on components, for code that keeps a vector in
// float64 locals (x-x is NaN for NaN and ±Inf, and NaN poisons the sum).
func finite3(x, y, z float64) bool { return (x-x)+(y-y)+(z-z) == 0 }

func dot(a, b vec) float64 { return float64(a[0]*b[0]) + float64(a[1]*b[1]) + float64(a[2]*b[2]) }

func sub(a, b vec) vec { return vec{a[0] - b[0], a[1] - b[1], a[2] - b[2]} }

func add(a, b vec) vec { return vec{a[0] + b[0], a[1] + b[1], a[2] + b[2]} }

func scale(a vec, s float64) vec { return vec{float64(a[0] * s), float64(a[1] * s), float64(a[2] * s)} }

// madd returns a + b*s.
func madd(a, b vec, s float64) vec {
	return vec{a[0] + float64(b[0]*s), a[1] + float64(b[1]*s), a[2] + float64(b[2]*s)}
}

func cross(a, b vec) vec {
	return vec{float64(a[1]*b[2]) - float64(a[2]*b[1]), float64(a[2]*b[0]) - float64(a[0]*b[2]), float64(a[0]*b[1]) - float64(a[1]*b[0])}
}

func length(a vec) float64 { return math.Sqrt(dot(a, a)) }

// normalizeOr returns a/|a|, or def when |a| is tiny or not finite.
func normalizeOr(a, def vec) vec {
	l := length(a)
	if !(l > 1e-12) || math.IsInf(l, 0) {
		return def
	}
	return scale(a, 1/l)
}

// closestSegSeg returns the closest points of segments p1-q1 and p2-q2
// (Ericson 5.1.9), robust to degenerate (point) segments.
func closestSegSeg(p1, q1, p2, q2 vec) (c1, c2 vec) {
	closestSegSegTo(&c1, &c2, &p1, &q1, &p2, &q2)
	return c1, c2
}

// closestSegSegTo is closestSegSeg by pointer (the crowd's narrow phase
// calls it for every capsule near a query: a vector passed by value is
// copied through memory).
func closestSegSegTo(c1, c2, p1, q1, p2, q2 *vec) {
	d1 := sub(*q1, *p1)
	d2 := sub(*q2, *p2)
	r := sub(*p1, *p2)
	a := dot(d1, d1)
	e := dot(d2, d2)
	f := dot(d2, r)
	const eps = 1e-18
	var s, t float64
	if a <= eps && e <= eps {
		*c1, *c2 = *p1, *p2
		return
	}
	if a <= eps {
		s = 0
		t = clamp01(f / e)
	} else {
		c := dot(d1, r)
		if e <= eps {
			t = 0
			s = clamp01(-c / a)
		} else {
			b := dot(d1, d2)
			den := float64(a*e) - float64(b*b)
			if den > float64(1e-18*a*e) {
				s = clamp01((float64(b*f) - float64(c*e)) / den)
			} else {
				s = 0
			}
			t = (float64(b*s) + f) / e
			if t < 0 {
				t = 0
				s = clamp01(-c / a)
			} else if t > 1 {
				t = 1
				s = clamp01((b - c) / a)
			}
		}
	}
	*c1, *c2 = madd(*p1, d1, s), madd(*p2, d2, t)
}

func clamp01(x float64) float64 {
	if !(x > 0) {
		return 0
	}
	if x > 1 {
		return 1
	}
	return x
}

// insideTri reports whether q (assumed on the plane of t) lies inside the
// closed triangle (points exactly on an edge count as inside).
func insideTri(q vec, t *tri) bool {
	return dot(sub(q, t.a), t.en[0]) >= 0 && dot(sub(q, t.b), t.en[1]) >= 0 && dot(sub(q, t.c), t.en[2]) >= 0
}

// segTriResult is the closest-point pair between a segment and a triangle.
type segTriResult struct {
	dist   float64 // distance between the segment and the triangle, >= 0
	onTri  vec     // closest point on the triangle
	onSeg  vec     // closest point on the segment
	normal vec     // unit vector from the triangle towards the segment
	onFace bool    // onTri is inside the face (not on an edge or vertex)
}

// segTriEdges is segTriInto's general case: the segment's closest point
// is on a triangle edge or the segment crosses the plane outside the face.
func segTriEdges(p0, p1 vec, t *tri, s0, s1 float64) segTriResult {
	// General case. A minimum with the triangle point inside the face has
	// the segment point at an end point projecting inside the face (or the
	// segment parallel to the face, where sliding along it reaches the
	// boundary at the same distance); any other minimum lies on an edge. So
	// the candidates are the end points projecting inside and the three
	// segment-edge distances.
	var best segTriResult
	bd := math.Inf(1)
	if q := madd(p0, t.n, -s0); insideTri(q, t) {
		bd = float64(s0 * s0)
		best.onTri, best.onSeg, best.onFace = q, p0, true
	}
	if q := madd(p1, t.n, -s1); float64(s1*s1) < bd && insideTri(q, t) {
		bd = float64(s1 * s1)
		best.onTri, best.onSeg, best.onFace = q, p1, true
	}
	// Edges in order of a cheap lower bound (the distance between the
	// segment's and the edge's bounding boxes); stop once the bound
	// exceeds the best distance found.
	sb := segBox(p0, p1)
	ea := [3][2]vec{{t.a, t.b}, {t.b, t.c}, {t.c, t.a}}
	eab, ebc, eca := segBox(t.a, t.b), segBox(t.b, t.c), segBox(t.c, t.a)
	lb := [3]float64{boxDist2(&sb, &eab), boxDist2(&sb, &ebc), boxDist2(&sb, &eca)}
	ord := [3]int{0, 1, 2}
	if lb[ord[1]] < lb[ord[0]] {
		ord[0], ord[1] = ord[1], ord[0]
	}
	if lb[ord[2]] < lb[ord[1]] {
		ord[1], ord[2] = ord[2], ord[1]
		if lb[ord[1]] < lb[ord[0]] {
			ord[0], ord[1] = ord[1], ord[0]
		}
	}
	for _, k := range ord {
		if lb[k] >= bd {
			break
		}
		c1, c2 := closestSegSeg(p0, p1, ea[k][0], ea[k][1])
		if d := dist2(c1, c2); d < bd {
			bd = d
			best.onTri, best.onSeg, best.onFace = c2, c1, false
		}
	}
	best.dist = math.Sqrt(bd)
	if best.dist > 1e-12 {
		best.normal = scale(sub(best.onSeg, best.onTri), 1/best.dist)
	} else {
		best.dist = 0
		best.normal = faceTowards(t, p0, p1)
	}
	return best
}

// segBox is the bounding box of segment a-b.
func segBox(a, b vec) aabb { return segAABB(a, b, 0) }

// boxDist2 is the squared distance between two boxes (0 when they
// overlap): a lower bound of the squared distance between anything inside
// them.
func boxDist2(a, b *aabb) float64 {
	d := 0.0
	for i := 0; i < 3; i++ {
		if g := b.min[i] - a.max[i]; g > 0 {
			d += float64(g * g)
		} else if g := a.min[i] - b.max[i]; g > 0 {
			d += float64(g * g)
		}
	}
	return d
}

func dist2(a, b vec) float64 {
	d := sub(a, b)
	return dot(d, d)
}

// faceTowards is the face normal of t turned towards the midpoint of p0-p1.
func faceTowards(t *tri, p0, p1 vec) vec {
	m := scale(add(p0, p1), 0.5)
	if dot(sub(m, t.a), t.n) < 0 {
		return scale(t.n, -1)
	}
	return t.n
}

// rayTri intersects the ray o + d*s (s in [0, maxS]) with t, two-sided
// (Moller-Trumbore). It returns s and ok.
func rayTri(o, d vec, maxS float64, t *tri) (float64, bool) {
	e1 := sub(t.b, t.a)
	e2 := sub(t.c, t.a)
	p := cross(d, e2)
	det := dot(e1, p)
	if math.Abs(det) < 1e-18 {
		return 0, false
	}
	inv := 1 / det
	tv := sub(o, t.a)
	u := float64(dot(tv, p) * inv)
	if u < 0 || u > 1 {
		return 0, false
	}
	q := cross(tv, e1)
	v := float64(dot(d, q) * inv)
	if v < 0 || u+v > 1 {
		return 0, false
	}
	s := float64(dot(e2, q) * inv)
	if s < 0 || s > maxS {
		return 0, false
	}
	return s, true
}
