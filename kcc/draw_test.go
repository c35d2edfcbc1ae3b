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

// AppendTriangles marks a sensor's faces, so a renderer can leave trigger
// zones out.
func TestAppendTrianglesMarksSensors(t *testing.T) {
	w := NewWorld()
	w.AddBox(mgl64.Vec3{}, mgl64.Vec3{1, 1, 1}, mgl64.Quat{})
	zone := w.AddBox(mgl64.Vec3{5, 0, 0}, mgl64.Vec3{1, 1, 1}, mgl64.Quat{})
	w.SetSensor(zone, true)
	sensors, solids := 0, 0
	for _, tr := range w.AppendTriangles(nil) {
		switch {
		case tr.Sensor && tr.Collider == zone:
			sensors++
		case !tr.Sensor && tr.Collider != zone:
			solids++
		default:
			t.Fatalf("triangle of collider %d marked sensor %v", tr.Collider, tr.Sensor)
		}
	}
	if sensors != 12 || solids != 12 {
		t.Fatalf("%d sensor and %d solid triangles, want 12 each", sensors, solids)
	}
}
