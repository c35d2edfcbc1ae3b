package kcc

import (
	"math"
	"testing"

	"github.com/go-gl/mathgl/mgl64"
)

// Long-move benchmarks ("cost linear in what a move touches"):
// one Move of 10 m or 50 m over a 100k-triangle mesh and a 100k-cell
// heightfield, and a per-tick slide along a fine 30k-triangle wall. Their
// cost is dominated by the cast candidates under the move, so it must grow
// linearly with the move's length, not with its square.

var long = struct {
	mesh, hf, wall *World
}{}

// mesh100k is a 224 x 224 cell grid mesh (100,352 triangles) of 0.5 m
// cells with gentle bumps, spanning -56..56 m.
func mesh100k() *World {
	if long.mesh == nil {
		vs, is := gridMesh(224, 0.5, 0, func(x, z float64) float64 { return 0.05 * math.Sin(x) * math.Cos(z) })
		long.mesh = NewWorld()
		if _, err := long.mesh.AddTriMesh(vs, is); err != nil {
			panic(err)
		}
	}
	return long.mesh
}

// heightfield100k is 317 x 317 cells (100,489 cells, 200,978 triangles) of
// 0.5 m with the same bumps, spanning -79..79.5 m.
func heightfield100k() *World {
	if long.hf == nil {
		const n = 318
		origin := mgl64.Vec3{-79, 0, -79}
		hs := make([]float64, n*n)
		for r := 0; r < n; r++ {
			for c := 0; c < n; c++ {
				x, z := origin[0]+float64(c)*0.5, origin[2]+float64(r)*0.5
				hs[r*n+c] = 0.05 * math.Sin(x) * math.Cos(z)
			}
		}
		long.hf = NewWorld()
		if _, err := long.hf.AddHeightfield(origin, 0.5, n, n, hs); err != nil {
			panic(err)
		}
	}
	return long.hf
}

// restOn drops the test capsule onto w at (x, z).
func restOn(w *World, x, z float64) mgl64.Vec3 {
	pos := mgl64.Vec3{x, 3, z}
	h, _ := w.CastCapsule(testShape, pos, mgl64.Vec3{0, 1, 0}, mgl64.Vec3{0, -6, 0}, DefaultOffset)
	return pos.Add(mgl64.Vec3{0, -6 * h.Fraction, 0})
}

func benchLongMove(b *testing.B, w *World, dist float64) {
	pos := restOn(w, -20, -20)
	d := dist / math.Sqrt2
	benchMove(b, w, pos, mgl64.Vec3{d, gravityStep, d})
}

func BenchmarkLongMoveMesh100k10m(b *testing.B)        { benchLongMove(b, mesh100k(), 10) }
func BenchmarkLongMoveMesh100k50m(b *testing.B)        { benchLongMove(b, mesh100k(), 50) }
func BenchmarkLongMoveHeightfield100k10m(b *testing.B) { benchLongMove(b, heightfield100k(), 10) }
func BenchmarkLongMoveHeightfield100k50m(b *testing.B) { benchLongMove(b, heightfield100k(), 50) }

// wall30k is the flat floor plus a vertical wall mesh in the plane z = 1 of
// 150 x 100 cells of 0.1 m (30,000 triangles): 15 m long, 10 m high.
func wall30k() *World {
	if long.wall == nil {
		const nx, ny, cell = 150, 100, 0.1
		var vs []mgl64.Vec3
		for r := 0; r <= ny; r++ {
			for c := 0; c <= nx; c++ {
				vs = append(vs, mgl64.Vec3{-7.5 + float64(c)*cell, float64(r) * cell, 1})
			}
		}
		var is []uint32
		for r := 0; r < ny; r++ {
			for c := 0; c < nx; c++ {
				a := uint32(r*(nx+1) + c)
				is = append(is, a, a+1, a+nx+2, a, a+nx+2, a+nx+1)
			}
		}
		long.wall = flatWorld()
		if _, err := long.wall.AddTriMesh(vs, is); err != nil {
			panic(err)
		}
	}
	return long.wall
}

// BenchmarkSlideWall30k is one 60 Hz tick of walking at 6 m/s at 45
// degrees into the fine wall mesh while touching it (a slide along it).
func BenchmarkSlideWall30k(b *testing.B) {
	w := wall30k()
	pos := mgl64.Vec3{0, restY(0), 1 - testRadius - DefaultOffset}
	v := 6 * testDt / math.Sqrt2
	benchMove(b, w, pos, mgl64.Vec3{v, gravityStep, v})
}

// TestLongMovesLand checks the benchmark scenes do what they say: the long
// moves travel their length over the bumps, the wall slide keeps
// moving along the wall without entering it.
func TestLongMovesLand(t *testing.T) {
	for _, w := range []*World{mesh100k(), heightfield100k()} {
		for _, dist := range []float64{10, 50} {
			c := NewController(DefaultConfig())
			pos := restOn(w, -20, -20)
			d := dist / math.Sqrt2
			res := c.Move(w, testShape, pos, mgl64.Vec3{d, gravityStep, d})
			// One long request meets the bumps' slopes (a few degrees) on
			// its way and slides on them: under 0.1% is lost.
			if h := math.Hypot(res.Translation[0], res.Translation[2]); math.Abs(h-dist) > 1e-3*dist {
				t.Errorf("%v m move travelled %v m horizontally", dist, h)
			}
		}
	}
	c := NewController(DefaultConfig())
	w := wall30k()
	pos := mgl64.Vec3{0, restY(0), 1 - testRadius - DefaultOffset}
	v := 6 * testDt / math.Sqrt2
	for i := 0; i < 60; i++ {
		res := c.Move(w, testShape, pos, mgl64.Vec3{v, 0, v})
		pos = pos.Add(res.Translation)
	}
	// The seams of the 0.1 m cells cost under 1 mm over 4.24 m.
	if pos[2] > 1-testRadius || math.Abs(pos[0]-60*v) > 1e-3 {
		t.Errorf("wall slide ended at %v (x want %v, z below %v)", pos, 60*v, 1-testRadius)
	}
}
