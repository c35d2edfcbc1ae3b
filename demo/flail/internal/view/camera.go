package view

import (
	"math"

	"github.com/go-gl/mathgl/mgl64"
)

// Camera maps the top-down game's XZ plane (meters) to screen pixels: screen
// x grows with world x, screen y grows with world z (docs/architecture.md#units-and-axes), so an
// angle a in the world, direction (cos a, 0, sin a), is the same angle on
// the screen (y pointing down). The camera does not rotate.
type Camera struct {
	// Center is the world point (x, z used) drawn at the middle of the
	// viewport.
	Center mgl64.Vec3
	// Zoom is the scale in pixels per meter (> 0; non-positive or
	// non-finite values act as 1).
	Zoom float64
	// W and H are the viewport size in pixels.
	W, H float64
}

func (c *Camera) zoom() float64 {
	if !(c.Zoom > 0) || math.IsInf(c.Zoom, 0) {
		return 1
	}
	return c.Zoom
}

// WorldToScreen returns the pixel position of world point p (its y is
// ignored).
func (c *Camera) WorldToScreen(p mgl64.Vec3) (x, y float64) {
	z := c.zoom()
	return (p[0]-c.Center[0])*z + c.W/2, (p[2]-c.Center[2])*z + c.H/2
}

// ScreenToWorld returns the world point (y = 0) under pixel (x, y). It is
// the inverse of WorldToScreen.
func (c *Camera) ScreenToWorld(x, y float64) mgl64.Vec3 {
	z := c.zoom()
	return mgl64.Vec3{(x-c.W/2)/z + c.Center[0], 0, (y-c.H/2)/z + c.Center[2]}
}

// Length converts a world length (m) to pixels.
func (c *Camera) Length(m float64) float64 { return m * c.zoom() }

// Visible returns the world rectangle [minX, maxX] x [minZ, maxZ] the
// viewport shows.
func (c *Camera) Visible() (minX, minZ, maxX, maxZ float64) {
	a := c.ScreenToWorld(0, 0)
	b := c.ScreenToWorld(c.W, c.H)
	return a[0], a[2], b[0], b[2]
}

// CircleVisible reports whether a circle at p of radius r (m) overlaps the
// viewport (for culling).
func (c *Camera) CircleVisible(p mgl64.Vec3, r float64) bool {
	minX, minZ, maxX, maxZ := c.Visible()
	return p[0]+r >= minX && p[0]-r <= maxX && p[2]+r >= minZ && p[2]-r <= maxZ
}

// ZoomFor returns the zoom (px/m) that shows about viewMeters of world
// across the viewport's smaller side, widened as the flail grows so a big
// flail and its swing stay on screen: the view grows by 6 flail radii
// beyond the base.
func ZoomFor(w, h, viewMeters, flailRadius float64) float64 {
	side := math.Min(w, h)
	if !(side > 0) {
		side = 1
	}
	if !(viewMeters > 0) || math.IsInf(viewMeters, 0) {
		viewMeters = 1
	}
	if !(flailRadius > 0) || math.IsInf(flailRadius, 0) {
		flailRadius = 0
	}
	return side / (viewMeters + 6*flailRadius)
}

// Approach moves cur toward target by the fraction rate (in [0, 1]) of the
// difference: an exponential smoothing step applied once per frame.
func Approach(cur, target, rate float64) float64 {
	if math.IsNaN(cur) || math.IsInf(cur, 0) {
		return target
	}
	if !(rate > 0) {
		return cur
	}
	if rate > 1 {
		rate = 1
	}
	return cur + (target-cur)*rate
}
