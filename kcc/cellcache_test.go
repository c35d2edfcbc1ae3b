package kcc

import (
	"math"
	"math/rand"
	"testing"

	"github.com/go-gl/mathgl/mgl64"
)

// The cell cache changes nothing: random moves over two heightfields (one
// turned and moved between moves, so cached cells of an earlier Move must
// not be reused) give the same MoveResult, bit for bit, with and without
// it.
func TestCellCacheSameResults(t *testing.T) {
	r := rand.New(rand.NewSource(9))
	w := flatWorld()
	const n = 61
	hs := make([]float64, n*n)
	for i := range hs {
		hs[i] = 0.15 * math.Sin(float64(i%n)*0.9) * math.Cos(float64(i/n)*0.7)
	}
	if _, err := w.AddHeightfield(mgl64.Vec3{-15, 0, -15}, 0.5, n, n, hs); err != nil {
		t.Fatal(err)
	}
	moving, err := w.AddHeightfield(mgl64.Vec3{20, 0.5, -5}, 0.4, 21, 21, hs[:21*21])
	if err != nil {
		t.Fatal(err)
	}
	a, b := NewController(DefaultConfig()), NewController(DefaultConfig())
	b.s.noCells = true
	hits := 0
	for k := 0; k < 4000; k++ {
		if k%10 == 0 {
			w.SetTransform(moving, mgl64.Vec3{r.Float64(), r.Float64() * 0.3, r.Float64()}, mgl64.QuatRotate(r.Float64()*0.5, mgl64.Vec3{0, 1, 0}))
		}
		x, base := r.Float64()*28-14, 0.0
		if k%2 == 1 {
			x, base = 20+r.Float64()*8, 0.5
		}
		pos := mgl64.Vec3{x, base + restY(0) + r.Float64()*0.3 - 0.05, r.Float64()*8 - 5}
		d := randVec(r, []float64{0.05, 0.2, 1}[k%3])
		ra, rb := a.Move(w, testShape, pos, d), b.Move(w, testShape, pos, d)
		if ra.Translation != rb.Translation || ra.Grounded != rb.Grounded || ra.GroundNormal != rb.GroundNormal ||
			ra.GroundCollider != rb.GroundCollider || len(ra.Collisions) != len(rb.Collisions) {
			t.Fatalf("move %d from %v by %v: cached %+v, plain %+v", k, pos, d, ra, rb)
		}
		if ra.Grounded || len(ra.Collisions) > 0 {
			hits++
		}
	}
	if hits < 800 {
		t.Fatalf("only %d of 4000 moves touched anything: the test does not exercise the heightfields", hits)
	}
}
