package kcc

import (
	"math"
	"testing"

	"github.com/go-gl/mathgl/mgl64"
)

// Benchmarks of Move on the scenes, each in steady state (the same
// start position and request every iteration, after one warm-up call that
// sizes the scratch buffers). Baselines measured in the same run:
// BenchmarkCastFlatBox (one raw capsule cast, the unit of work Move
// repeats a few times) and BenchmarkMoveGridMeshNoBVH (the grid-mesh move
// with the broad phase replaced by a scan of every triangle).

// gravityStep is the vertical request of one 60 Hz tick for a grounded
// caller that reset its vertical speed: -g*dt*dt.
const gravityStep = -testG * testDt * testDt

func benchMove(b *testing.B, w *World, pos, d mgl64.Vec3) {
	c := NewController(DefaultConfig())
	c.Move(w, testShape, pos, d)
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		c.Move(w, testShape, pos, d)
	}
}

// benchMoveShape is benchMove for any shape (a box character).
func benchMoveShape(b *testing.B, w *World, shape Capsule, pos, d mgl64.Vec3) {
	c := NewController(DefaultConfig())
	c.Move(w, shape, pos, d)
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		c.Move(w, shape, pos, d)
	}
}

// boxRestPos drops the box character from above pos onto w with one Move
// and returns where it rests.
func boxRestPos(w *World, pos mgl64.Vec3) mgl64.Vec3 {
	c := NewController(DefaultConfig())
	return pos.Add(c.Move(w, boxShape, pos, mgl64.Vec3{0, -3, 0}).Translation)
}

// BenchmarkMoveBox is the box character (Capsule.Box) on the capsule
// benchmarks' scenes, with the same requests: BenchmarkMoveFlatBox,
// BenchmarkMoveGridMesh20k and BenchmarkMoveStairs are its capsule
// counterparts.
func BenchmarkMoveBox(b *testing.B) {
	b.Run("FlatBox", func(b *testing.B) {
		benchMoveShape(b, flatWorld(), boxShape, mgl64.Vec3{0, restY(0), 0}, mgl64.Vec3{5 * testDt, gravityStep, 0})
	})
	b.Run("GridMesh20k", func(b *testing.B) {
		w := grid20k()
		pos := boxRestPos(w, mgl64.Vec3{3.1, 2, 2.3})
		benchMoveShape(b, w, boxShape, pos, mgl64.Vec3{5 * testDt / math.Sqrt2, gravityStep, 5 * testDt / math.Sqrt2})
	})
	b.Run("Stairs", func(b *testing.B) {
		w := stairsWorld(1, 0.2, 0.4, 6)
		benchMoveShape(b, w, boxShape, mgl64.Vec3{1 - testRadius - DefaultOffset, restY(0), 0}, mgl64.Vec3{5 * testDt, gravityStep, 0})
	})
}

func BenchmarkMoveFlatBox(b *testing.B) {
	benchMove(b, flatWorld(), mgl64.Vec3{0, restY(0), 0}, mgl64.Vec3{5 * testDt, gravityStep, 0})
}

func BenchmarkCastFlatBox(b *testing.B) {
	w := flatWorld()
	c := NewController(DefaultConfig())
	pos := mgl64.Vec3{0, restY(0), 0}
	d := mgl64.Vec3{5 * testDt, gravityStep, 0}
	c.cast(w, pos, testRadius, testHalf, d)
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		c.cast(w, pos, testRadius, testHalf, d)
	}
}

// grid20k is a 100 x 100 cell grid mesh (20,000 triangles) of 0.5 m cells
// with gentle bumps, so the BVH has real depth and the floor is not flat.
func grid20k() *World {
	vs, is := gridMesh(100, 0.5, 0, func(x, z float64) float64 { return 0.05 * math.Sin(x) * math.Cos(z) })
	w := NewWorld()
	if _, err := w.AddTriMesh(vs, is); err != nil {
		panic(err)
	}
	return w
}

func gridRestPos(w *World) mgl64.Vec3 {
	// Drop the capsule onto the mesh with a cast so it starts resting.
	pos := mgl64.Vec3{3.1, 2, 2.3}
	h, _ := w.CastCapsule(testShape, pos, mgl64.Vec3{0, 1, 0}, mgl64.Vec3{0, -3, 0}, DefaultOffset)
	return pos.Add(mgl64.Vec3{0, -3 * h.Fraction, 0})
}

func BenchmarkMoveGridMesh20k(b *testing.B) {
	w := grid20k()
	benchMove(b, w, gridRestPos(w), mgl64.Vec3{5 * testDt / math.Sqrt2, gravityStep, 5 * testDt / math.Sqrt2})
}

func BenchmarkMoveGridMeshNoBVH(b *testing.B) {
	w := grid20k()
	pos := gridRestPos(w)
	w.bruteForce = true
	benchMove(b, w, pos, mgl64.Vec3{5 * testDt / math.Sqrt2, gravityStep, 5 * testDt / math.Sqrt2})
}

func BenchmarkMoveStairs(b *testing.B) {
	// At the foot of the first riser (x=1), walking into it: every Move
	// runs the autostep (rise, forward, two down casts).
	w := stairsWorld(1, 0.2, 0.4, 6)
	benchMove(b, w, mgl64.Vec3{1 - testRadius - DefaultOffset, restY(0), 0}, mgl64.Vec3{5 * testDt, gravityStep, 0})
}

func BenchmarkMoveCorner(b *testing.B) {
	// Resting in the corner of two walls and pushing into it: three
	// contact planes (floor and two walls) and the crease solve each Move.
	w := flatWorld()
	w.AddBox(mgl64.Vec3{1.25, 1.5, 0}, mgl64.Vec3{0.25, 1.5, 5}, mgl64.Quat{})
	w.AddBox(mgl64.Vec3{0, 1.5, 1.25}, mgl64.Vec3{5, 1.5, 0.25}, mgl64.Quat{})
	rest := 1 - testRadius - DefaultOffset
	v := 5 * testDt / math.Sqrt2
	benchMove(b, w, mgl64.Vec3{rest, restY(0), rest}, mgl64.Vec3{v, gravityStep, v})
}

func BenchmarkMoveBumpyHeightfield(b *testing.B) {
	const n = 121
	hs := make([]float64, n*n)
	origin := mgl64.Vec3{-30, 0, -30}
	for r := 0; r < n; r++ {
		for c := 0; c < n; c++ {
			hs[r*n+c] = bumpHeight(origin[0]+float64(c)*0.5, origin[2]+float64(r)*0.5)
		}
	}
	w := NewWorld()
	if _, err := w.AddHeightfield(origin, 0.5, n, n, hs); err != nil {
		b.Fatal(err)
	}
	pos := mgl64.Vec3{1.1, 2, 0.7}
	h, _ := w.CastCapsule(testShape, pos, mgl64.Vec3{0, 1, 0}, mgl64.Vec3{0, -3, 0}, DefaultOffset)
	pos = pos.Add(mgl64.Vec3{0, -3 * h.Fraction, 0})
	benchMove(b, w, pos, mgl64.Vec3{5 * testDt / math.Sqrt2, gravityStep, 5 * testDt / math.Sqrt2})
}

func BenchmarkBVHBuild100k(b *testing.B) {
	// The hierarchy alone over 224 x 224 cells = 100,352 triangle boxes.
	vs, is := gridMesh(224, 0.5, 0, func(x, z float64) float64 { return 0.1 * math.Sin(x) })
	boxes := make([]aabb, 0, len(is)/3)
	for i := 0; i < len(is); i += 3 {
		t, _ := makeTri(vs[is[i]], vs[is[i+1]], vs[is[i+2]], 0)
		boxes = append(boxes, t.bounds())
	}
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		buildBVH(boxes)
	}
}

func BenchmarkAddTriMesh100k(b *testing.B) {
	// The whole AddTriMesh (validation, triangles, hierarchy) for 100,352
	// triangles.
	vs, is := gridMesh(224, 0.5, 0, func(x, z float64) float64 { return 0.1 * math.Sin(x) })
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		w := NewWorld()
		if _, err := w.AddTriMesh(vs, is); err != nil {
			b.Fatal(err)
		}
	}
}
