package kcc

import (
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
		f := newSweepFilter(p0, p1, v, 0.3)
		if f.meets(b) {
			continue
		}
		rejected++
		for i := 0; i <= 200; i++ {
			p := madd(f.origin, v, float64(i)/200)
			if boxDist(p, b) < f.reach-1e-9 {
				t.Fatalf("box %v rejected but the path comes within %v (reach %v)", b, boxDist(p, b), f.reach)
			}
		}
	}
	if rejected < 1000 {
		t.Fatalf("only %d of 20000 boxes rejected: the test does not exercise the filter", rejected)
	}
	var off sweepFilter
	if !off.meets(aabb{}) {
		t.Fatal("a filter that is off must pass every box")
	}
}
