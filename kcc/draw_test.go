package kcc

import (
	"testing"

	"github.com/go-gl/mathgl/mgl64"
)

func TestAppendTriangles(t *testing.T) {
	w := NewWorld()
	w.AddBox(mgl64.Vec3{1, 2, 3}, mgl64.Vec3{1, 0.5, 2}, mgl64.QuatRotate(0.3, mgl64.Vec3{0, 1, 0}))
	if _, err := w.AddHeightfield(mgl64.Vec3{0, 0, 0}, 1, 3, 4, make([]float64, 12)); err != nil {
		t.Fatal(err)
	}
	if _, err := w.AddTriMesh([]mgl64.Vec3{{0, 0, 0}, {1, 0, 0}, {0, 0, 1}}, []uint32{0, 2, 1}); err != nil {
		t.Fatal(err)
	}
	tris := w.AppendTriangles(nil)
	// 12 box triangles, 2*(3-1)*(4-1) = 12 heightfield triangles, 1 mesh triangle.
	if len(tris) != 25 {
		t.Fatalf("got %d triangles, want 25", len(tris))
	}
	for i, tr := range tris[:12] {
		c := tr.A.Add(tr.B).Add(tr.C).Mul(1.0 / 3)
		if tr.Collider != 0 || !tr.Solid || tr.Normal.Dot(c.Sub(mgl64.Vec3{1, 2, 3})) <= 0 {
			t.Errorf("box triangle %d: collider %d, normal %v not outward", i, tr.Collider, tr.Normal)
		}
	}
	for i, tr := range tris[12:24] {
		if tr.Collider != 1 || tr.Solid || tr.Normal[1] < 0.999 {
			t.Errorf("heightfield triangle %d: collider %d normal %v, want 1 and up", i, tr.Collider, tr.Normal)
		}
	}
	if tris[24].Collider != 2 {
		t.Errorf("mesh triangle collider %d, want 2", tris[24].Collider)
	}
	buf := tris[:0]
	if n := testing.AllocsPerRun(10, func() { buf = w.AppendTriangles(buf[:0]) }); n != 0 {
		t.Errorf("AppendTriangles into a large enough slice allocates %v times", n)
	}
	var nilWorld *World
	if got := nilWorld.AppendTriangles(nil); len(got) != 0 {
		t.Errorf("nil world gave %d triangles", len(got))
	}
}
