package kcc

import (
	"math"

	"github.com/go-gl/mathgl/mgl64"
)

// Scene builders shared by tests and benchmarks. Every scene has the flat
// floor of flatWorld (top at y=0) unless noted.

// addQuad adds the quad a,b,c,d (counter-clockwise seen from its front) to
// a vertex/index list.
func addQuad(vs []mgl64.Vec3, is []uint32, a, b, c, d mgl64.Vec3) ([]mgl64.Vec3, []uint32) {
	base := uint32(len(vs))
	vs = append(vs, a, b, c, d)
	is = append(is, base, base+1, base+2, base, base+2, base+3)
	return vs, is
}

// rampWorld is the floor plus a ramp mesh rising along +X from x=x0 at
// angle deg (degrees) to height h, then a 10 m plateau at height h; the ramp
// is 10 m wide (z in [-5, 5]).
func rampWorld(deg, x0, h float64) *World {
	w := flatWorld()
	run := h / math.Tan(deg*math.Pi/180)
	x1 := x0 + run
	var vs []mgl64.Vec3
	var is []uint32
	// Wound so the face normals point up: (b-a)x(c-a) with a->b along -Z
	// ... use z from +5 to -5 on the near edge: normal = up-ish.
	vs, is = addQuad(vs, is,
		mgl64.Vec3{x0, 0, 5}, mgl64.Vec3{x1, h, 5}, mgl64.Vec3{x1, h, -5}, mgl64.Vec3{x0, 0, -5})
	vs, is = addQuad(vs, is,
		mgl64.Vec3{x1, h, 5}, mgl64.Vec3{x1 + 10, h, 5}, mgl64.Vec3{x1 + 10, h, -5}, mgl64.Vec3{x1, h, -5})
	if _, err := w.AddTriMesh(vs, is); err != nil {
		panic(err)
	}
	return w
}

// stepWorld is the floor plus a box step of height h whose near face is at
// x = x0, 10 m deep and 10 m wide.
func stepWorld(x0, h float64) *World {
	w := flatWorld()
	w.AddBox(mgl64.Vec3{x0 + 5, h / 2, 0}, mgl64.Vec3{5, h / 2, 5}, mgl64.Quat{})
	return w
}

// stairsWorld is the floor plus n steps of the given riser and tread,
// going up along +X from x = x0, each a box from the floor to its top, and
// a 10 m landing after the last step.
func stairsWorld(x0, riser, tread float64, n int) *World {
	w := flatWorld()
	for i := 1; i <= n; i++ {
		top := float64(i) * riser
		depth := tread
		if i == n {
			depth = 10
		}
		xs := x0 + float64(i-1)*tread
		w.AddBox(mgl64.Vec3{xs + depth/2, top / 2, 0}, mgl64.Vec3{depth / 2, top / 2, 3}, mgl64.Quat{})
	}
	return w
}

// gridMesh builds an n x n grid of square cells of size cell centred at the
// origin at height y, two triangles per cell; with diag alternating the
// split diagonal per cell (the hardest seam layout).
func gridMesh(n int, cell, y float64, heightAt func(x, z float64) float64) ([]mgl64.Vec3, []uint32) {
	vs := make([]mgl64.Vec3, 0, (n+1)*(n+1))
	half := float64(n) * cell / 2
	for r := 0; r <= n; r++ {
		for c := 0; c <= n; c++ {
			x := -half + float64(c)*cell
			z := -half + float64(r)*cell
			h := y
			if heightAt != nil {
				h += heightAt(x, z)
			}
			vs = append(vs, mgl64.Vec3{x, h, z})
		}
	}
	is := make([]uint32, 0, n*n*6)
	for r := 0; r < n; r++ {
		for c := 0; c < n; c++ {
			i00 := uint32(r*(n+1) + c)
			i10 := i00 + 1
			i01 := i00 + uint32(n+1)
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

// wallWorld is the floor plus a wall box whose face towards -X is at x=x0,
// of the given thickness, 3 m high and 20 m long.
func wallWorld(x0, thick float64) *World {
	w := flatWorld()
	w.AddBox(mgl64.Vec3{x0 + thick/2, 1.5, 0}, mgl64.Vec3{thick / 2, 1.5, 10}, mgl64.Quat{})
	return w
}
