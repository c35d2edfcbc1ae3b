package kcc

import (
	"testing"

	"github.com/go-gl/mathgl/mgl64"
)

func BenchmarkSegTriGeneral(b *testing.B) {
	t, _ := makeTri(mgl64.Vec3{1, 0, -1}, mgl64.Vec3{1, 3, -1}, mgl64.Vec3{1, 0, 1}, 0)
	p0 := mgl64.Vec3{0.69, 0.31, 2}
	p1 := mgl64.Vec3{0.69, 1.51, 2}
	var s float64
	for i := 0; i < b.N; i++ {
		s += segTri(p0, p1, &t).dist
	}
	_ = s
}

func BenchmarkCalib1000Dots(b *testing.B) {
	a := mgl64.Vec3{1, 2, 3}
	c := mgl64.Vec3{0.5, 0.25, 0.125}
	var s float64
	for i := 0; i < b.N; i++ {
		for j := 0; j < 1000; j++ {
			s += dot(a, c)
			a[0] += 1e-9
		}
	}
	_ = s
}
