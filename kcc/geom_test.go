package kcc

import (
	"math"
	"math/rand"
	"testing"

	"github.com/go-gl/mathgl/mgl64"
)

// refSegTriDist is an independent reference for the segment-triangle
// distance: the distance from seg(s) to the triangle is convex in s, so a
// ternary search over s with the point-triangle closest point converges to
// the minimum.
func refSegTriDist(p0, p1 vec, t *tri) float64 {
	f := func(s float64) float64 {
		p := madd(p0, sub(p1, p0), s)
		q, _ := closestPointTri(p, t.a, t.b, t.c)
		return length(sub(p, q))
	}
	lo, hi := 0.0, 1.0
	for i := 0; i < 200; i++ {
		m1 := lo + (hi-lo)/3
		m2 := hi - (hi-lo)/3
		if f(m1) < f(m2) {
			hi = m2
		} else {
			lo = m1
		}
	}
	return math.Min(f((lo+hi)/2), math.Min(f(0), f(1)))
}

func randVec(r *rand.Rand, s float64) vec {
	return vec{(r.Float64()*2 - 1) * s, (r.Float64()*2 - 1) * s, (r.Float64()*2 - 1) * s}
}

func TestSegTriMatchesReference(t *testing.T) {
	r := rand.New(rand.NewSource(1))
	n := 0
	for n < 20000 {
		tr, ok := makeTri(randVec(r, 2), randVec(r, 2), randVec(r, 2), 0)
		if !ok {
			continue
		}
		n++
		p0 := randVec(r, 3)
		p1 := randVec(r, 3)
		switch n % 4 {
		case 0: // vertical segment, the controller's usual case
			p1 = madd(p0, vec{0, 1, 0}, r.Float64()*2)
		case 1: // degenerate segment (sphere)
			p1 = p0
		}
		got := segTri(p0, p1, &tr)
		want := refSegTriDist(p0, p1, &tr)
		// The ternary search is accurate to ~1e-9 except where the segment
		// crosses the face (distance 0 reached on a kink).
		if math.Abs(got.dist-want) > 1e-6 {
			t.Fatalf("case %d: segTri %v, reference %v (p0 %v p1 %v tri %v %v %v)", n, got.dist, want, p0, p1, tr.a, tr.b, tr.c)
		}
		// The reported points realise the distance and normal is unit.
		if d := length(sub(got.onSeg, got.onTri)); math.Abs(d-got.dist) > 1e-9 {
			t.Fatalf("case %d: points %v apart, dist %v", n, d, got.dist)
		}
		if math.Abs(length(got.normal)-1) > 1e-9 {
			t.Fatalf("case %d: normal %v not unit", n, got.normal)
		}
	}
}

func TestClosestSegSegDegenerate(t *testing.T) {
	a, b := closestSegSeg(vec{0, 0, 0}, vec{0, 0, 0}, vec{1, 1, 0}, vec{1, 1, 0})
	if a != (vec{}) || b != (vec{1, 1, 0}) {
		t.Fatalf("point-point: %v %v", a, b)
	}
	// Parallel segments: any closest pair at distance 1.
	a, b = closestSegSeg(vec{0, 0, 0}, vec{1, 0, 0}, vec{0, 1, 0}, vec{1, 1, 0})
	if d := length(sub(a, b)); math.Abs(d-1) > 1e-12 {
		t.Fatalf("parallel: distance %v", d)
	}
}

func TestBVHQueryMatchesBruteForce(t *testing.T) {
	r := rand.New(rand.NewSource(2))
	for _, n := range []int{0, 1, 3, 5, 17, 1000} {
		boxes := make([]aabb, n)
		for i := range boxes {
			c := randVec(r, 50)
			e := vec{r.Float64() * 3, r.Float64() * 3, r.Float64() * 3}
			boxes[i] = aabb{sub(c, e), add(c, e)}
		}
		b := buildBVH(boxes)
		var got []int32
		for q := 0; q < 200; q++ {
			c := randVec(r, 50)
			e := vec{r.Float64() * 10, r.Float64() * 10, r.Float64() * 10}
			qb := aabb{sub(c, e), add(c, e)}
			got = b.query(&qb, &sweepFilter{}, got[:0])
			seen := make(map[int32]bool, len(got))
			for _, i := range got {
				if seen[i] {
					t.Fatalf("n=%d: item %d reported twice", n, i)
				}
				seen[i] = true
			}
			for i := range boxes {
				if boxes[i].overlaps(&qb) != seen[int32(i)] {
					t.Fatalf("n=%d: item %d overlap %v but reported %v", n, i, boxes[i].overlaps(&qb), seen[int32(i)])
				}
			}
		}
	}
}

func TestRayTri(t *testing.T) {
	tr, _ := makeTri(vec{-1, 0, -1}, vec{-1, 0, 1}, vec{1, 0, 0}, 0)
	if s, ok := rayTri(vec{0, 2, 0}, vec{0, -1, 0}, 10, &tr); !ok || math.Abs(s-2) > 1e-12 {
		t.Fatalf("down ray: %v %v", s, ok)
	}
	if _, ok := rayTri(vec{0, 2, 0}, vec{0, -1, 0}, 1.5, &tr); ok {
		t.Fatal("ray shorter than the distance hit")
	}
	if _, ok := rayTri(vec{0, 2, 0}, vec{1, 0, 0}, 10, &tr); ok {
		t.Fatal("parallel ray hit")
	}
	if _, ok := rayTri(vec{5, 2, 0}, vec{0, -1, 0}, 10, &tr); ok {
		t.Fatal("ray beside the triangle hit")
	}
}

func TestMakeTriRejectsDegenerate(t *testing.T) {
	if _, ok := makeTri(vec{0, 0, 0}, vec{1, 0, 0}, vec{2, 0, 0}, 0); ok {
		t.Fatal("collinear triangle accepted")
	}
	if _, ok := makeTri(vec{0, 0, 0}, vec{0, 0, 0}, vec{1, 1, 0}, 0); ok {
		t.Fatal("repeated vertex accepted")
	}
	if _, ok := makeTri(vec{math.NaN(), 0, 0}, vec{1, 0, 0}, vec{0, 1, 0}, 0); ok {
		t.Fatal("NaN vertex accepted")
	}
	if _, ok := makeTri(vec{0, 0, 0}, vec{1, 0, 0}, vec{0, 1, 0}, 0); !ok {
		t.Fatal("valid triangle rejected")
	}
}

var _ = mgl64.Vec3{}

func TestSegBoxMatchesTriangles(t *testing.T) {
	// The analytic segment-box distance must equal the minimum over the
	// box's 12 triangles (outside the box; inside, both report 0 only when
	// the segment crosses a face, so compare outside cases only).
	r := rand.New(rand.NewSource(3))
	for n := 0; n < 5000; n++ {
		w := NewWorld()
		h := vec{0.05 + r.Float64()*2, 0.05 + r.Float64()*2, 0.05 + r.Float64()*2}
		axis := normalizeOr(randVec(r, 1), vec{0, 1, 0})
		q := mgl64.QuatRotate(r.Float64()*math.Pi, axis)
		w.AddBox(randVec(r, 1), h, q)
		c := &w.colliders[0]
		p0 := randVec(r, 4)
		p1 := p0
		if n%3 != 0 {
			p1 = randVec(r, 4)
		}
		got := c.ob.segBox(p0, p1)
		want := math.Inf(1)
		for i := range c.tris {
			want = math.Min(want, segTri(p0, p1, &c.tris[i]).dist)
		}
		if want == 0 || got.dist == 0 {
			// Crossing or inside: both must agree it touches.
			if want != 0 && got.dist != 0 {
				t.Fatalf("case %d: box %v tris %v", n, got.dist, want)
			}
			continue
		}
		if math.Abs(got.dist-want) > 1e-9 {
			t.Fatalf("case %d: segBox %v, triangles %v", n, got.dist, want)
		}
		if d := length(sub(got.onSeg, got.onTri)); math.Abs(d-got.dist) > 1e-9 {
			t.Fatalf("case %d: points %v apart, dist %v", n, d, got.dist)
		}
		if got.nfaces < 1 || got.nfaces > 3 || got.onFace != (got.nfaces == 1) {
			t.Fatalf("case %d: faces %d onFace %v", n, got.nfaces, got.onFace)
		}
	}
}
