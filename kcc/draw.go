package kcc

import "github.com/go-gl/mathgl/mgl64"

// Triangle is one world-space triangle of a collider, for drawing and
// debugging: its corners, unit normal and the collider it belongs to.
type Triangle struct {
	A, B, C  mgl64.Vec3
	Normal   mgl64.Vec3
	Collider ColliderID
	// Solid is true for a face of a closed solid (a box): its back side is
	// never visible, so a renderer may cull it. Mesh and heightfield
	// triangles are two-sided.
	Solid bool
	// Sensor is true for a sensor's face: it never blocks anything, so a
	// renderer usually skips it (or draws it as a ghost).
	Sensor bool
}

// AppendTriangles appends the world-space triangles of every collider, in
// collider ID order, to dst and returns it: 12 per box (outward normals),
// every mesh triangle, two per heightfield cell (normals up). It reads the
// colliders as they are now, so a renderer that calls it every frame also
// draws colliders that move. Reusing dst makes it allocation-free once dst
// is large enough. It must not run while colliders are being added.
func (w *World) AppendTriangles(dst []Triangle) []Triangle {
	if w == nil {
		return dst
	}
	for ci := range w.colliders {
		c := &w.colliders[ci]
		if c.kind == kindHeightfield {
			h := &c.hf
			for r := 0; r+1 < h.rows; r++ {
				for col := 0; col+1 < h.cols; col++ {
					var cell [2]tri
					for _, t := range h.cellTris(col, r, ColliderID(ci), cell[:0]) {
						dst = append(dst, Triangle{A: t.a, B: t.b, C: t.c, Normal: t.n, Collider: t.id, Sensor: c.sensor})
					}
				}
			}
			continue
		}
		tris := c.tris
		if c.kind == kindBox && c.moved {
			var buf [12]tri
			tris = c.appendBoxTris(ColliderID(ci), buf[:0])
		}
		for i := range tris {
			t := &tris[i]
			dst = append(dst, Triangle{A: t.a, B: t.b, C: t.c, Normal: t.n, Collider: ColliderID(ci), Solid: t.backCull, Sensor: c.sensor})
		}
	}
	return dst
}
