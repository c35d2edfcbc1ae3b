package kcc

import (
	"math"
	"math/rand"
	"testing"

	"github.com/go-gl/mathgl/mgl64"
)

// recoverWorld is the deep-spawn scene: a 1 m thick floor slab
// (top y=0), a thin 0.1 m slab (top y=2.5) over x in [1, 5] with 2.4 m of
// room under it, and crates on the floor (one rotated).
func recoverWorld() *World {
	w := NewWorld()
	w.AddBox(mgl64.Vec3{0, -0.5, 0}, mgl64.Vec3{10, 0.5, 10}, mgl64.Quat{})   // 0: floor slab
	w.AddBox(mgl64.Vec3{3, 2.45, 0}, mgl64.Vec3{2, 0.05, 3}, mgl64.Quat{})    // 1: thin slab
	w.AddBox(mgl64.Vec3{-2, 0.5, 0}, mgl64.Vec3{0.5, 0.5, 0.5}, mgl64.Quat{}) // 2: crate 1 m
	w.AddBox(mgl64.Vec3{-2, 0.25, 1.3}, mgl64.Vec3{0.25, 0.25, 0.25}, mgl64.Quat{})
	w.AddBox(mgl64.Vec3{0, 0.4, -2}, mgl64.Vec3{0.6, 0.4, 0.4}, mgl64.QuatRotate(0.5, mgl64.Vec3{0, 1, 0}))
	w.AddBox(mgl64.Vec3{-3.3, 0.75, -1}, mgl64.Vec3{0.75, 0.75, 0.75}, mgl64.Quat{})
	return w
}

// recoverTicks runs zero-motion Moves (up to n) from pos and returns where
// the character ends.
func recoverTicks(w *World, pos mgl64.Vec3, n int) mgl64.Vec3 {
	c := NewController(DefaultConfig())
	for i := 0; i < n; i++ {
		res := c.Move(w, testShape, pos, mgl64.Vec3{})
		pos = pos.Add(res.Translation)
		if res.Translation.Len() == 0 {
			break
		}
	}
	return pos
}

// TestDeepSpawnCrateOnFloor: a capsule spawned inside a 1 m crate standing
// on the 1 m floor slab goes up onto the crate, not down under the slab.
func TestDeepSpawnCrateOnFloor(t *testing.T) {
	w := recoverWorld()
	// Axis inside the crate (x=-2), feet 0.05 above the floor.
	pos := recoverTicks(w, mgl64.Vec3{-2, 0.05 + testHalf + testRadius, 0}, 4)
	if feet := pos[1] - testHalf - testRadius; feet < 1-1e-3 || minDistance(w, testShape, pos) < -1e-6 {
		t.Fatalf("crate spawn ended at %v (feet %.3f), want on the crate top (feet >= 1)", pos, feet)
	}
}

// TestDeepSpawnThinSlab: feet 0.37 m into a 0.1 m slab (the lower sphere
// centre inside it) push the capsule up onto the slab, not down through it.
func TestDeepSpawnThinSlab(t *testing.T) {
	w := recoverWorld()
	pos := recoverTicks(w, mgl64.Vec3{3, 2.5 - 0.37 + testHalf + testRadius, 0}, 4)
	if feet := pos[1] - testHalf - testRadius; feet < 2.5-1e-3 || minDistance(w, testShape, pos) < -1e-6 {
		t.Fatalf("slab spawn ended at %v (feet %.3f), want on the slab (feet >= 2.5)", pos, feet)
	}
}

// TestRandomDeepSpawns spawns the capsule at 400 seeded random positions
// whose overlap is deeper than half its radius, and runs zero-motion Moves
// (at most 4 ticks): it must end overlapping nothing, with its feet on or
// above the floor top, and a spawn whose centre was above the thin slab's
// middle over the slab must end on top of it.
func TestRandomDeepSpawns(t *testing.T) {
	w := recoverWorld()
	rng := rand.New(rand.NewSource(11))
	deep, stay := 0, 0
	probe := NewController(DefaultConfig())
	for deep < 400 {
		p := mgl64.Vec3{rng.Float64()*10 - 5, rng.Float64()*3.5 - 0.4, rng.Float64()*6 - 3}
		if minDistance(w, testShape, p) > -0.5*testRadius {
			continue
		}
		deep++
		if q, _ := probe.recoverDeep(w, p, testRadius, testHalf, 0); q == p {
			stay++
		}
		end := recoverTicks(w, p, 4)
		feet := end[1] - testHalf - testRadius
		if md := minDistance(w, testShape, end); md < -1e-6 {
			t.Errorf("spawn %v: ends %v inside geometry (%.4f)", p, end, md)
		}
		if feet < -1e-6 {
			t.Errorf("spawn %v: ends below the floor top, feet %.4f", p, feet)
		}
		overSlab := math.Abs(end[0]-3) < 2 && math.Abs(end[2]) < 3 && math.Abs(p[0]-3) < 2 && math.Abs(p[2]) < 3
		if overSlab && p[1] > 2.45 && feet < 2.5-1e-6 {
			t.Errorf("spawn %v above the slab's middle: ends below its top at %v", p, end)
		}
	}
	t.Logf("%d deep spawns, %d without an exit (they stay: Crushed)", deep, stay)
}

// TestBuriedCapsuleClimbsOutOverSeveralTicks buries the capsule in the
// middle of a 10 x 6 x 10 m block on the floor: the cheapest exit is up,
// 5.41 m (feet from 0.6 m to the top at 6 m plus Offset), longer than the
// one capsule height (1.8 m) a Move takes, so it climbs out over
// ceil(5.41/1.8) = 4 Moves, going up on each, and ends on the top.
func TestBuriedCapsuleClimbsOutOverSeveralTicks(t *testing.T) {
	w := flatWorld()
	w.AddBox(mgl64.Vec3{0, 3, 0}, mgl64.Vec3{5, 3, 5}, mgl64.Quat{})
	c := NewController(DefaultConfig())
	pos := mgl64.Vec3{0, 0.6 + testHalf + testRadius, 0}
	ticks := 0
	for ; ticks < 10; ticks++ {
		res := c.Move(w, testShape, pos, mgl64.Vec3{0, -testG * testDt * testDt, 0})
		if res.Translation.Len() < 1e-9 {
			break
		}
		if res.Translation[1] <= 0 || math.Abs(res.Translation[0])+math.Abs(res.Translation[2]) > 1e-9 {
			t.Fatalf("tick %d: moved %v, want straight up", ticks, res.Translation)
		}
		pos = pos.Add(res.Translation)
	}
	if feet := pos[1] - testHalf - testRadius; ticks != 4 || math.Abs(feet-6-DefaultOffset) > 1e-3 {
		t.Fatalf("after %d moving ticks at %v (feet %.4f), want 4 ticks and feet on the top at 6", ticks, pos, feet)
	}
}

// BenchmarkRecoverDeep is a Move from a capsule spawned inside the 1 m
// crate on the floor (the deep-overlap exit search every iteration);
// BenchmarkMoveFlatBox is the same-run baseline of an ordinary Move.
func BenchmarkRecoverDeep(b *testing.B) {
	benchMove(b, recoverWorld(), mgl64.Vec3{-2, 0.05 + testHalf + testRadius, 0}, mgl64.Vec3{0, gravityStep, 0})
}

// BenchmarkMoveSteepKerb walks into a 0.3 m kerb with a 48 degree face at
// 3 m/s from where the step lands on the face (the bisection for the
// nearest walkable landing every iteration).
func BenchmarkMoveSteepKerb(b *testing.B) {
	w := kerbWorld(1, 0.3, 48)
	benchMove(b, w, mgl64.Vec3{1 - 0.14, restY(0), 0}, mgl64.Vec3{3 * testDt, gravityStep, 0})
}

// TestDeepSpawnInMeshFloor sinks the capsule's lower sphere centre 0.2 m
// below a triangle-mesh floor and below a bumpy heightfield (0.15 m bumps):
// it recovers upwards, onto the surface, not down through it (the deep
// path on triangles; the contact push handled this case before too).
func TestDeepSpawnInMeshFloor(t *testing.T) {
	mesh := NewWorld()
	vs, is := gridMesh(20, 0.5, 0, nil)
	if _, err := mesh.AddTriMesh(vs, is); err != nil {
		t.Fatal(err)
	}
	hf := NewWorld()
	const n = 41
	hs := make([]float64, n*n)
	for r := 0; r < n; r++ {
		for c := 0; c < n; c++ {
			hs[r*n+c] = 0.15 * math.Sin(float64(c)*0.9) * math.Cos(float64(r)*0.7)
		}
	}
	if _, err := hf.AddHeightfield(mgl64.Vec3{-5, 0, -5}, 0.25, n, n, hs); err != nil {
		t.Fatal(err)
	}
	for name, w := range map[string]*World{"mesh": mesh, "heightfield": hf} {
		for _, xz := range [][2]float64{{0.1, 0.2}, {1.3, -0.7}, {-2.2, 2.9}} {
			ray, ok := w.RayCast(mgl64.Vec3{xz[0], 5, xz[1]}, mgl64.Vec3{0, -1, 0}, 10)
			if !ok {
				t.Fatalf("%s: no surface under %v", name, xz)
			}
			surf := ray.Point[1]
			start := mgl64.Vec3{xz[0], surf - 0.2 + testHalf, xz[1]}
			end := recoverTicks(w, start, 4)
			if md := minDistance(w, testShape, end); md < -1e-6 || end[1] < start[1] {
				t.Errorf("%s at %v (surface %.3f): ended at %v, gap %.4f, want above the start and free", name, xz, surf, end, md)
			}
			if feet := end[1] - testHalf - testRadius; feet < surf-0.15 {
				t.Errorf("%s at %v: feet %.3f far below the surface %.3f", name, xz, feet, surf)
			}
		}
	}
}
