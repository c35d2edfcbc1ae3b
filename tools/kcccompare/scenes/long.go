package main

import (
	"encoding/json"
	"io"
	"math"
	"time"

	"github.com/go-gl/mathgl/mgl64"
	"github.com/seedgames/motorkit/kcc"
)

// The -long scenes are those of kcc/bench_long_test.go ("cost
// linear in what a move touches"), rebuilt here with the same helpers'
// geometry so Rapier can be timed on exactly the triangles kcc sees:
// one Move of 10 m or 50 m diagonally over a 100k-triangle grid mesh and a
// 318 x 318-sample heightfield, and one tick sliding along a fine wall.

// hfSpec is a heightfield as kcc takes it (row-major heights, rows along
// +z, columns along +x from Origin) so the replay can also build Rapier's
// own heightfield collider from it.
type hfSpec struct {
	Origin     [3]float64
	Cell       float64
	Cols, Rows int
	Heights    []float64
}

type longOutcome struct {
	Translation [3]float64
	Grounded    bool
	UsPerMove   float64 // mean over Reps moves after one warm-up move
	Reps        int
}

type longScene struct {
	Name        string
	Bench       string // the Benchmark function in kcc/bench_long_test.go
	Geometry    string // scenes with the same Geometry share one world; only the first carries it
	Boxes       []boxSpec
	Meshes      []meshSpec
	Heightfield *hfSpec `json:",omitempty"`
	Start       [3]float64
	Move        [3]float64
	KCC         longOutcome

	world *kcc.World
}

// bump is the 0.05 m relief of the long-move scenes.
func bump(x, z float64) float64 { return 0.05 * math.Sin(x) * math.Cos(z) }

// gridMesh is kcc's test helper: n x n cells of size cell centred on the
// origin, heights from h, the diagonal alternating from cell to cell.
func gridMesh(n int, cell float64, h func(x, z float64) float64) ([]mgl64.Vec3, []uint32) {
	vs := make([]mgl64.Vec3, 0, (n+1)*(n+1))
	half := float64(n) * cell / 2
	for r := 0; r <= n; r++ {
		for c := 0; c <= n; c++ {
			x, z := -half+float64(c)*cell, -half+float64(r)*cell
			vs = append(vs, mgl64.Vec3{x, h(x, z), z})
		}
	}
	is := make([]uint32, 0, n*n*6)
	for r := 0; r < n; r++ {
		for c := 0; c < n; c++ {
			i00 := uint32(r*(n+1) + c)
			i10, i01 := i00+1, i00+uint32(n+1)
			i11 := i01 + 1
			if (r+c)%2 == 0 {
				is = append(is, i00, i01, i11, i00, i11, i10)
			} else {
				is = append(is, i00, i01, i10, i10, i01, i11)
			}
		}
	}
	return vs, is
}

// restOn drops the capsule onto the scene at (x, z) with one cast, as the
// benchmarks' restOn does.
func restOn(w *kcc.World, x, z float64) mgl64.Vec3 {
	shape := kcc.Capsule{Radius: radius, HalfHeight: half}
	pos := mgl64.Vec3{x, 3, z}
	h, _ := w.CastCapsule(shape, pos, mgl64.Vec3{0, 1, 0}, mgl64.Vec3{0, -6, 0}, offset)
	return pos.Add(mgl64.Vec3{0, -6 * h.Fraction, 0})
}

func longScenes() []*longScene {
	gravityStep := -g * dt * dt
	diag := func(dist float64) [3]float64 {
		d := dist / math.Sqrt2
		return [3]float64{d, gravityStep, d}
	}

	mesh := newScene("", false)
	vs, is := gridMesh(224, 0.5, bump)
	mesh.mesh(vs, is)

	// The heightfield's triangles are exported by scene.heightfield; its
	// samples are kept for Rapier's native heightfield.
	const n = 318
	hf := newScene("", false)
	origin := mgl64.Vec3{-79, 0, -79}
	hf.heightfield(origin, 0.5, n, bump)
	hs := make([]float64, n*n)
	for r := 0; r < n; r++ {
		for c := 0; c < n; c++ {
			hs[r*n+c] = bump(origin[0]+float64(c)*0.5, origin[2]+float64(r)*0.5)
		}
	}
	hfs := &hfSpec{Origin: origin, Cell: 0.5, Cols: n, Rows: n, Heights: hs}

	// wall30k: the flat floor box and a vertical wall in the plane z = 1
	// of 150 x 100 cells of 0.1 m (30,000 triangles).
	wall := newScene("", true)
	const nx, ny, cell = 150, 100, 0.1
	var wv []mgl64.Vec3
	for r := 0; r <= ny; r++ {
		for c := 0; c <= nx; c++ {
			wv = append(wv, mgl64.Vec3{-7.5 + float64(c)*cell, float64(r) * cell, 1})
		}
	}
	var wi []uint32
	for r := 0; r < ny; r++ {
		for c := 0; c < nx; c++ {
			a := uint32(r*(nx+1) + c)
			wi = append(wi, a, a+1, a+nx+2, a, a+nx+2, a+nx+1)
		}
	}
	wall.mesh(wv, wi)
	v := 6 * dt / math.Sqrt2

	mk := func(name, bench, geom string, s *scene, hf *hfSpec, start mgl64.Vec3, move [3]float64) *longScene {
		return &longScene{Name: name, Bench: bench, Geometry: geom, Boxes: s.Boxes, Meshes: s.Meshes, Heightfield: hf,
			Start: start, Move: move, world: s.world}
	}
	return []*longScene{
		mk("10 m over a 100k-triangle mesh", "LongMoveMesh100k10m", "mesh", mesh, nil, restOn(mesh.world, -20, -20), diag(10)),
		mk("50 m over the same mesh", "LongMoveMesh100k50m", "mesh", mesh, nil, restOn(mesh.world, -20, -20), diag(50)),
		mk("10 m over a 100k-cell heightfield", "LongMoveHeightfield100k10m", "heightfield", hf, hfs, restOn(hf.world, -20, -20), diag(10)),
		mk("50 m over the same heightfield", "LongMoveHeightfield100k50m", "heightfield", hf, hfs, restOn(hf.world, -20, -20), diag(50)),
		mk("one tick sliding along a 30k-triangle wall", "SlideWall30k", "wall", wall, nil,
			mgl64.Vec3{0, restY(0), 1 - radius - offset}, [3]float64{v, gravityStep, v}),
	}
}

// timeLong times kcc's Move on each scene the way testing.B does in
// benchMove: one warm-up move, then the mean of reps identical moves from
// the same start with the same controller.
func timeLong(all []*longScene, cfg kcc.Config, reps int) {
	shape := kcc.Capsule{Radius: radius, HalfHeight: half}
	for _, s := range all {
		c := kcc.NewController(cfg)
		res := c.Move(s.world, shape, s.Start, s.Move)
		s.KCC = longOutcome{Translation: res.Translation, Grounded: res.Grounded, Reps: reps}
		if reps <= 0 {
			continue
		}
		t0 := time.Now()
		for i := 0; i < reps; i++ {
			c.Move(s.world, shape, s.Start, s.Move)
		}
		s.KCC.UsPerMove = float64(time.Since(t0).Nanoseconds()) / 1000 / float64(reps)
	}
}

// writeLong prints the long scenes as JSON; without geometry only the
// names, starts, moves and kcc's outcomes (the timing rounds of long.mjs).
func writeLong(out io.Writer, all []*longScene, geometry bool) error {
	seen := map[string]bool{}
	for _, s := range all {
		if !geometry || seen[s.Geometry] {
			s.Boxes, s.Meshes, s.Heightfield = nil, nil, nil
		}
		seen[s.Geometry] = true
	}
	return json.NewEncoder(out).Encode(map[string]any{"scenes": all})
}
