package kcc

import (
	"github.com/go-gl/mathgl/mgl64"
	"math"
	"math/rand"
	"testing"
)

// The sweep filter must be conservative: whenever some point of the path
// comes within reach of a box, the box passes.
func TestSweepFilterConservative(t *testing.T) {
	r := rand.New(rand.NewSource(11))
	boxDist := func(p vec, b aabb) float64 {
		var d2 float64
		for i := 0; i < 3; i++ {
			if p[i] < b.min[i] {
				d2 += (b.min[i] - p[i]) * (b.min[i] - p[i])
			} else if p[i] > b.max[i] {
				d2 += (p[i] - b.max[i]) * (p[i] - b.max[i])
			}
		}
		return math.Sqrt(d2)
	}
	rejected := 0
	for k := 0; k < 20000; k++ {
		p0 := randVec(r, 10)
		p1 := add(p0, randVec(r, 1))
		v := randVec(r, 20)
		if k%5 == 0 {
			v[r.Intn(3)] = 0 // axis-parallel paths take the zero-slab branch
		}
		c := randVec(r, 15)
		e := vec{r.Float64() * 2, r.Float64() * 2, r.Float64() * 2}
		b := aabb{sub(c, e), add(c, e)}
		var f sweepFilter
		f.init(&p0, &p1, &v, 0.3)
		if f.meets(&b) {
			continue
		}
		rejected++
		// A rejected box is out of per-axis reach of every point of the
		// path: some axis separates them by more than its reach.
		for i := 0; i <= 200; i++ {
			p := madd(f.origin, v, float64(i)/200)
			apart := false
			for a := 0; a < 3; a++ {
				if p[a] < b.min[a]-f.reach[a]+1e-9 || p[a] > b.max[a]+f.reach[a]-1e-9 {
					apart = true
				}
			}
			if !apart {
				t.Fatalf("box %v rejected but path point %v is within reach %v", b, p, f.reach)
			}
		}
		// And so is the swept segment itself: no sampled point of it comes
		// within target of the box.
		for i := 0; i <= 50; i++ {
			for j := 0; j <= 10; j++ {
				q := madd(add(p0, scale(sub(p1, p0), float64(j)/10)), v, float64(i)/50)
				if boxDist(q, b) < 0.3 {
					t.Fatalf("box %v rejected but the swept segment comes within %v", b, boxDist(q, b))
				}
			}
		}
	}
	if rejected < 1000 {
		t.Fatalf("only %d of 20000 boxes rejected: the test does not exercise the filter", rejected)
	}
	var off sweepFilter
	if !off.meets(&aabb{}) {
		t.Fatal("a filter that is off must pass every box")
	}
}

// Casts with the sweep filter give bit for bit the hits of casts over the
// move's whole bounding box, on a mesh and a heightfield, for random moves
// of every length and direction.
func TestSweepFilterSameHits(t *testing.T) {
	r := rand.New(rand.NewSource(5))
	for _, w := range []*World{mesh100k(), heightfield100k()} {
		hits := 0
		for k := 0; k < 400; k++ {
			pos := restOn(w, r.Float64()*40-20, r.Float64()*40-20)
			pos = pos.Add(randVec(r, 0.2))
			d := randVec(r, []float64{0.2, 2, 20}[k%3])
			a, okA := w.CastCapsule(testShape, pos, vec{0, 1, 0}, d, DefaultOffset)
			w.noSweepFilter = true
			b, okB := w.CastCapsule(testShape, pos, vec{0, 1, 0}, d, DefaultOffset)
			w.noSweepFilter = false
			if okA != okB || a != b {
				t.Fatalf("move %v from %v: filtered %v %+v, plain %v %+v", d, pos, okA, a, okB, b)
			}
			if okA {
				hits++
			}
		}
		if hits < 100 {
			t.Fatalf("only %d of 400 casts hit: the test does not exercise the filter", hits)
		}
	}
}

// TestChunkedCastSameHits checks the chunked long casts against one
// unchunked gather (the sweep filter off) in a world of scattered boxes,
// some rotated, over the bumpy mesh: every candidate is gathered in exactly
// one chunk and none is lost at a chunk's border, so long casts (5-60 m,
// up to 48 chunks) hit exactly as before.
func TestChunkedCastSameHits(t *testing.T) {
	r := rand.New(rand.NewSource(11))
	vs, is := gridMesh(120, 0.5, 0, func(x, z float64) float64 { return 0.05 * math.Sin(x) * math.Cos(z) })
	w := NewWorld()
	if _, err := w.AddTriMesh(vs, is); err != nil {
		t.Fatal(err)
	}
	for i := 0; i < 300; i++ {
		c := vec{r.Float64()*56 - 28, r.Float64() * 1.5, r.Float64()*56 - 28}
		h := vec{0.05 + r.Float64()*0.6, 0.05 + r.Float64()*0.6, 0.05 + r.Float64()*0.6}
		rot := mgl64.QuatIdent()
		if i%3 == 0 {
			rot = mgl64.QuatRotate(r.Float64()*3, vec{0, 1, 0})
		}
		w.AddBox(c, h, rot)
	}
	hits, chunked := 0, 0
	for k := 0; k < 600; k++ {
		pos := vec{r.Float64()*40 - 20, 0.95 + r.Float64()*1.5, r.Float64()*40 - 20}
		d := randVec(r, 5+55*r.Float64())
		d[1] *= 0.05
		if castChunks(length(d), testRadius+DefaultOffset) > 1 {
			chunked++
		}
		a, okA := w.CastCapsule(testShape, pos, vec{0, 1, 0}, d, DefaultOffset)
		w.noSweepFilter = true
		b, okB := w.CastCapsule(testShape, pos, vec{0, 1, 0}, d, DefaultOffset)
		w.noSweepFilter = false
		if okA != okB || a != b {
			t.Fatalf("move %v from %v: chunked %v %+v, plain %v %+v", d, pos, okA, a, okB, b)
		}
		if okA {
			hits++
		}
	}
	if hits < 200 || chunked < 500 {
		t.Fatalf("%d hits, %d chunked casts of 600: the test does not exercise chunking", hits, chunked)
	}
}
