package kcc

import (
	"errors"
	"math"
	"testing"

	"github.com/go-gl/mathgl/mgl64"
)

// A level with one bad triangle among 200 keeps the other 199 and the
// character stands on them; the report names what was skipped.
func TestMeshSkipsBadTriangles(t *testing.T) {
	for _, bad := range []struct {
		name      string
		spoil     func(vs []mgl64.Vec3, idx []uint32) ([]mgl64.Vec3, []uint32)
		nonFinite bool
	}{
		{"repeated index", func(vs []mgl64.Vec3, idx []uint32) ([]mgl64.Vec3, []uint32) {
			idx[37*3+2] = idx[37*3+1]
			return vs, idx
		}, false},
		{"collinear", func(vs []mgl64.Vec3, idx []uint32) ([]mgl64.Vec3, []uint32) {
			vs = append(vs, mgl64.Vec3{20, 0, 0}, mgl64.Vec3{21, 0, 0}, mgl64.Vec3{22, 0, 0})
			n := uint32(len(vs))
			idx[37*3], idx[37*3+1], idx[37*3+2] = n-3, n-2, n-1
			return vs, idx
		}, false},
		{"NaN vertex", func(vs []mgl64.Vec3, idx []uint32) ([]mgl64.Vec3, []uint32) {
			vs = append(vs, mgl64.Vec3{math.NaN(), 0, 0})
			idx[37*3+1] = uint32(len(vs) - 1)
			return vs, idx
		}, true},
	} {
		t.Run(bad.name, func(t *testing.T) {
			vs, idx := gridMesh(10, 1, 0, nil) // 200 triangles
			vs, idx = bad.spoil(vs, idx)
			w := NewWorld()
			id, rep, err := w.AddTriMeshReport(vs, idx)
			if err != nil || id != 0 {
				t.Fatalf("mesh with one bad triangle rejected: %v %v", id, err)
			}
			want := MeshReport{Triangles: 199, FirstSkipped: 37}
			if bad.nonFinite {
				want.NonFinite = 1
			} else {
				want.Degenerate = 1
			}
			if rep != want || rep.Skipped() != 1 {
				t.Fatalf("report %+v, want %+v", rep, want)
			}
			// Drop the character over the good part of the mesh: it lands
			// and stands on y = 0.
			s := newSim(t, w, DefaultConfig(), mgl64.Vec3{2.5, 2, 2.5})
			for i := 0; i < 120; i++ {
				s.step(mgl64.Vec3{}, 0)
			}
			if !s.grounded || math.Abs(s.pos[1]-restY(0)) > 1e-3 {
				t.Fatalf("not standing on the mesh: grounded %v y %.4f want %.4f", s.grounded, s.pos[1], restY(0))
			}
		})
	}
}

func TestMeshAllBadIsError(t *testing.T) {
	w := NewWorld()
	vs := []mgl64.Vec3{{0, 0, 0}, {1, 0, 0}, {math.Inf(1), 0, 0}}
	_, rep, err := w.AddTriMeshReport(vs, []uint32{0, 1, 2, 0, 1, 1})
	if !errors.Is(err, ErrDegenerateTri) || rep.Degenerate != 1 || rep.NonFinite != 1 || rep.Triangles != 0 {
		t.Fatalf("err %v report %+v", err, rep)
	}
	if w.NumColliders() != 0 {
		t.Fatal("a mesh with no valid triangle was added")
	}
}

// A NaN height is a hole: the triangles that use it are skipped, the rest
// of the heightfield collides, and a character falls through the hole.
func TestHeightfieldHoles(t *testing.T) {
	const n = 9 // samples per side, 8x8 cells of 1 m, 128 triangles
	hs := make([]float64, n*n)
	hs[4*n+4] = math.NaN() // the centre sample
	w := NewWorld()
	_, rep, err := w.AddHeightfieldReport(mgl64.Vec3{-4, 0, -4}, 1, n, n, hs)
	if err != nil {
		t.Fatal(err)
	}
	// An inner sample is used by 6 triangles: both of the cell it is the
	// (c+1, r+1) corner of, both of the cell it is the (c, r) corner of, and
	// one each of the two cells it is an off-diagonal corner of.
	if rep.NonFinite != 6 || rep.Triangles != 128-6 || rep.Degenerate != 0 {
		t.Fatalf("report %+v", rep)
	}
	if got := len(w.AppendTriangles(nil)); got != 122 {
		t.Fatalf("AppendTriangles draws %d triangles, want 122", got)
	}
	// Standing on the good part.
	s := newSim(t, w, DefaultConfig(), mgl64.Vec3{-2.5, 1.5, -2.5})
	for i := 0; i < 90; i++ {
		s.step(mgl64.Vec3{}, 0)
	}
	if !s.grounded || math.Abs(s.pos[1]-restY(0)) > 1e-3 {
		t.Fatalf("not standing next to the hole: grounded %v y %.4f", s.grounded, s.pos[1])
	}
	// A ray through the hole's cells hits nothing.
	if hit, ok := w.RayCast(mgl64.Vec3{0.1, 5, 0.1}, mgl64.Vec3{0, -1, 0}, 10); ok {
		t.Fatalf("ray through the hole hit %+v", hit)
	}
	if _, ok := w.RayCast(mgl64.Vec3{-2.5, 5, -2.5}, mgl64.Vec3{0, -1, 0}, 10); !ok {
		t.Fatal("ray beside the hole missed the ground")
	}
}
