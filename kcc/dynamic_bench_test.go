package kcc

import (
	"math"
	"math/rand"
	"testing"

	"github.com/go-gl/mathgl/mgl64"
)

// Living-world benchmarks: 100 moving platforms among the 100k
// triangles of the long-move mesh, and the top-level hierarchy's refit
// against a full rebuild, in the same run.

// platformsWorld is mesh100k's mesh plus n kinematic 2 x 0.5 x 2 m boxes
// on a 10 m grid 1 m above it, each moving at 1-3 m/s, half of them also
// turning; it returns the world and the first platform's ID.
func platformsWorld(n int) (*World, ColliderID) {
	vs, is := gridMesh(224, 0.5, 0, func(x, z float64) float64 { return 0.05 * math.Sin(x) * math.Cos(z) })
	w := NewWorld()
	if _, err := w.AddTriMesh(vs, is); err != nil {
		panic(err)
	}
	first := NoCollider
	for i := 0; i < n; i++ {
		x, z := float64(i%10)*10-45, float64(i/10)*10-45
		id := w.AddBox(mgl64.Vec3{x, 1, z}, mgl64.Vec3{1, 0.25, 1}, mgl64.Quat{})
		if first == NoCollider {
			first = id
		}
		spin := 0.0
		if i%2 == 1 {
			spin = 0.5
		}
		w.SetVelocity(id, mgl64.Vec3{1 + float64(i%3), 0, 0.5}, mgl64.Vec3{0, spin, 0})
	}
	return w, first
}

// BenchmarkMovingPlatforms100 is one 60 Hz tick: World.Step moves the 100
// platforms (and the next query refits the top-level hierarchy), then a
// character riding the first platform is carried and moves.
func BenchmarkMovingPlatforms100(b *testing.B) {
	w, id := platformsWorld(100)
	benchRide(b, w, id, true)
}

// BenchmarkStillPlatforms100 is the same character move on the same world
// with the platforms standing still (no Step, no refit): the baseline.
func BenchmarkStillPlatforms100(b *testing.B) {
	w, id := platformsWorld(100)
	benchRide(b, w, id, false)
}

func benchRide(b *testing.B, w *World, id ColliderID, moving bool) {
	c := NewController(DefaultConfig())
	p, _, _ := w.Transform(id)
	pos := p.Add(mgl64.Vec3{0, 0.25 + restY(0), 0})
	d := mgl64.Vec3{2 * testDt, gravityStep, 0}
	res := c.Move(w, testShape, pos, d)
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if moving {
			w.Step(testDt)
			if res.Grounded {
				carry, _ := w.Carry(res.GroundCollider, pos, mgl64.Vec3{0, 1, 0})
				pos = pos.Add(carry)
			}
		}
		res = c.Move(w, testShape, pos, d)
		// Stay on the platform: undo the walk, keep the carry.
		pos = pos.Add(res.Translation).Sub(mgl64.Vec3{d[0], 0, 0})
	}
}

// boxesWorld has n 0.5 m boxes scattered over 200 x 200 m.
func boxesWorld(n int) *World {
	w := NewWorld()
	r := rand.New(rand.NewSource(1))
	for i := 0; i < n; i++ {
		w.AddBox(mgl64.Vec3{r.Float64()*200 - 100, r.Float64() * 5, r.Float64()*200 - 100}, mgl64.Vec3{0.25, 0.25, 0.25}, mgl64.Quat{})
	}
	return w
}

// BenchmarkTopRefit10k moves 100 of 10,000 box colliders and runs one ray
// (which refits the top-level hierarchy); BenchmarkTopRebuild10k does the
// same with a full rebuild of the hierarchy, as before SetTransform
// existed.
func BenchmarkTopRefit10k(b *testing.B)   { benchTopUpdate(b, false) }
func BenchmarkTopRebuild10k(b *testing.B) { benchTopUpdate(b, true) }

func benchTopUpdate(b *testing.B, rebuild bool) {
	w := boxesWorld(10000)
	w.RayCast(mgl64.Vec3{}, mgl64.Vec3{1, 0, 0}, 1)
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		for k := 0; k < 100; k++ {
			id := ColliderID((k*97 + i) % 10000)
			p, _, _ := w.Transform(id)
			p[1] += 0.01
			w.SetTransform(id, p, mgl64.Quat{})
		}
		if rebuild {
			w.dirty.Store(true)
		}
		w.RayCast(mgl64.Vec3{0, 10, 0}, mgl64.Vec3{0, -1, 0}, 20)
	}
}

// BenchmarkCarry: a rider on a moving platform in a level of 100 boxes,
// the raw World.Carry displacement next to Controller.Carry (the same,
// swept so the rider is not carried into other colliders).
func BenchmarkCarry(b *testing.B) {
	w, id := platformWorld()
	for i := 0; i < 100; i++ {
		w.AddBox(mgl64.Vec3{float64(i%10)*3 - 15, 3, float64(i/10)*3 - 15}, mgl64.Vec3{0.5, 0.5, 0.5}, mgl64.Quat{})
	}
	w.SetVelocity(id, mgl64.Vec3{2, 0, 1}, mgl64.Vec3{0, 0.5, 0})
	w.Step(1.0 / 60)
	c := NewController(DefaultConfig())
	pos := mgl64.Vec3{0.5, testHalf + testRadius + DefaultOffset, 0.5}
	feet := pos.Sub(mgl64.Vec3{0, testHalf + testRadius, 0})
	b.Run("World", func(b *testing.B) {
		b.ReportAllocs()
		for i := 0; i < b.N; i++ {
			_, _ = w.Carry(id, feet, mgl64.Vec3{0, 1, 0})
		}
	})
	b.Run("Controller", func(b *testing.B) {
		b.ReportAllocs()
		for i := 0; i < b.N; i++ {
			_, _ = c.CarryWith(w, testShape, pos, id, MoveOptions{})
		}
	})
}
