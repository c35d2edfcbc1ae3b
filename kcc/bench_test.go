package kcc

import (
	"testing"

	"github.com/go-gl/mathgl/mgl64"
)

func BenchmarkMoveFlatBox(b *testing.B) {
	w := flatWorld()
	c := NewController(DefaultConfig())
	pos := mgl64.Vec3{0, restY(0), 0}
	d := mgl64.Vec3{5 * testDt, -testG * testDt * testDt, 0}
	b.ReportAllocs()
	c.Move(w, testShape, pos, d)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		c.Move(w, testShape, pos, d)
	}
}
