package flail

import (
	"math"
	"testing"

	"github.com/go-gl/mathgl/mgl64"
)

func randomPoints(n int, half float64, seed uint64) []mgl64.Vec3 {
	r := NewRNG(seed)
	pts := make([]mgl64.Vec3, n)
	for i := range pts {
		pts[i] = mgl64.Vec3{r.Range(-half*1.1, half*1.1), 0, r.Range(-half*1.1, half*1.1)}
	}
	return pts
}

// The grid query must return every point within r (no misses), each once,
// including points outside the covered square.
func TestGridQueryFindsEveryNeighbour(t *testing.T) {
	g := NewGrid(40, 6)
	pts := randomPoints(2000, 40, 3)
	keep := make([]bool, len(pts))
	for i := range keep {
		keep[i] = i%7 != 0
	}
	g.Build(pts, keep)
	var q []int32
	rng := NewRNG(9)
	for k := 0; k < 300; k++ {
		x, z, r := rng.Range(-48, 48), rng.Range(-48, 48), rng.Range(0, 10)
		q = g.Query(x, z, r, q[:0])
		seen := map[int32]bool{}
		for _, i := range q {
			if seen[i] {
				t.Fatalf("index %d returned twice", i)
			}
			seen[i] = true
			if !keep[i] {
				t.Fatalf("dropped item %d returned", i)
			}
		}
		for i, p := range pts {
			if keep[i] && math.Hypot(p[0]-x, p[2]-z) <= r && !seen[int32(i)] {
				t.Fatalf("query (%v,%v,%v) missed point %d at %v", x, z, r, i, p)
			}
		}
	}
	if g.Len() != len(pts)-len(pts)/7-1 {
		t.Fatalf("Len %d", g.Len())
	}
	// bad queries return nothing and do not panic.
	if out := g.Query(math.NaN(), 0, 1, nil); len(out) != 0 {
		t.Fatal("NaN query returned items")
	}
	if out := g.Query(0, 0, -1, nil); len(out) != 0 {
		t.Fatal("negative radius returned items")
	}
	// far-away and huge coordinates land in the border cells.
	far := []mgl64.Vec3{{1e300, 0, -1e300}, {math.Inf(1), 0, 0}, {math.NaN(), 0, 5}}
	g.Build(far, nil)
	if got := g.Query(40, -40, 0.1, nil); len(got) != 1 || got[0] != 0 {
		t.Fatalf("huge point not in the corner cell: %v", got)
	}
}

func TestGridNoAllocSteadyState(t *testing.T) {
	g := NewGrid(40, 6)
	pts := randomPoints(1000, 40, 5)
	q := make([]int32, 0, 1024)
	g.Build(pts, nil)
	allocs := testing.AllocsPerRun(50, func() {
		g.Build(pts, nil)
		for i := 0; i < 100; i++ {
			q = g.Query(pts[i][0], pts[i][2], 3, q[:0])
		}
	})
	if allocs != 0 {
		t.Fatalf("%v allocs per build+100 queries", allocs)
	}
}

func TestArenaCollideAndBounce(t *testing.T) {
	a := NewArena(10, []Box{{Center: mgl64.Vec3{0, 0, 0}, HalfX: 1, HalfZ: 1, Yaw: math.Pi / 4}}, true, 1)
	// The box turned 45 degrees is a diamond with corners at distance sqrt2
	// on the axes. A circle whose centre is already inside near the left
	// corner (|x|+|z| = 1.35 < sqrt2), moving along +x, is pushed out
	// through the nearest face, normal (-1, 0, +-1)/sqrt2, and bounces.
	pt := Point{Pos: mgl64.Vec3{-1.3, 0, 0.05}, Vel: mgl64.Vec3{5, 0, 0}}
	if !a.Collide(&pt, 0.2, 0.5) {
		t.Fatal("no contact with the turned box")
	}
	if a.Overlaps(pt.Pos[0], pt.Pos[2], 0.2-1e-9) {
		t.Fatalf("still inside after Collide: %v", pt.Pos)
	}
	if pt.Vel[0] >= 5 {
		t.Fatalf("velocity into the box not reflected: %v", pt.Vel)
	}
	// restitution 0.5: the normal speed becomes -0.5 times the incoming one
	// (z > 0 after the push means the upper-left face, normal (-1, 0, 1)/sqrt2).
	n := mgl64.Vec3{-1, 0, 1}.Normalize()
	if pt.Pos[2] < 0 {
		n = mgl64.Vec3{-1, 0, -1}.Normalize()
	}
	vin := mgl64.Vec3{5, 0, 0}
	wantN := -0.5 * vin.Dot(n)
	if math.Abs(pt.Vel.Dot(n)-wantN) > 1e-9 {
		t.Fatalf("normal speed after bounce %v, want %v", pt.Vel.Dot(n), wantN)
	}
	// outer walls and the safety clamp.
	pt = Point{Pos: mgl64.Vec3{30, 0, -30}, Vel: mgl64.Vec3{3, 0, -3}}
	a.Collide(&pt, 0.5, 0)
	if math.Abs(pt.Pos[0]) > 9.5+1e-9 || math.Abs(pt.Pos[2]) > 9.5+1e-9 || pt.Vel[0] > 0 || pt.Vel[2] < 0 {
		t.Fatalf("escaped the square: %+v", pt)
	}
	// NaN state is reset, not propagated.
	pt = Point{Pos: mgl64.Vec3{math.NaN(), 0, 0}}
	a.Collide(&pt, 0.5, 0)
	if !FiniteVec(pt.Pos) {
		t.Fatal("NaN survived Collide")
	}
	// wall avoidance points inward near a wall.
	ax, az := a.WallAvoid(9.7, 0, 1)
	if !(ax < 0) || math.Abs(az) > 1e-12 {
		t.Fatalf("wall avoid %v %v", ax, az)
	}
}
