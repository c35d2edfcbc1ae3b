package render

import (
	"math"

	"github.com/go-gl/mathgl/mgl64"
)

// Camera is a perspective camera in the module's axes. The image is W x H
// pixels; pixel (0, 0) is the top-left corner and pixel centres are at
// half-integers.
type Camera struct {
	// Pos is the eye position in meters.
	Pos mgl64.Vec3
	// Yaw and Pitch orient the view (radians; yaw 0 looks along +X, pitch
	// positive looks up).
	Yaw, Pitch float64
	// FOVY is the vertical field of view in radians (default 70°).
	FOVY float64
	// Near is the near clipping distance in meters (default 0.05).
	Near float64
	// W and H are the image size in pixels.
	W, H int
}

// DefaultFOVY is the vertical field of view used when Camera.FOVY is 0.
const DefaultFOVY = 70 * math.Pi / 180

// DefaultNear is the near plane used when Camera.Near is 0.
const DefaultNear = 0.05

func (c Camera) fovy() float64 {
	if c.FOVY > 0 && c.FOVY < math.Pi {
		return c.FOVY
	}
	return DefaultFOVY
}

func (c Camera) near() float64 {
	if c.Near > 0 {
		return c.Near
	}
	return DefaultNear
}

// Focal is the focal length in pixels: a point one meter ahead and one
// meter up is Focal pixels above the image centre.
func (c Camera) Focal() float64 {
	return float64(c.H) / 2 / math.Tan(c.fovy()/2)
}

// Basis returns the camera's unit forward, right and up vectors. Forward is
// (cos p cos y, sin p, cos p sin y); right is horizontal,
// (-sin y, 0, cos y), as the module's move axes use.
func (c Camera) Basis() (forward, right, up mgl64.Vec3) {
	sy, cy := math.Sincos(c.Yaw)
	sp, cp := math.Sincos(c.Pitch)
	forward = mgl64.Vec3{cp * cy, sp, cp * sy}
	right = mgl64.Vec3{-sy, 0, cy}
	up = right.Cross(forward)
	return forward, right, up
}

// Project maps world point p to pixel coordinates and its view depth (the
// distance along forward). ok is false when p is not in front of the near
// plane.
func (c Camera) Project(p mgl64.Vec3) (x, y, depth float64, ok bool) {
	f, r, u := c.Basis()
	d := p.Sub(c.Pos)
	z := d.Dot(f)
	if !(z >= c.near()) {
		return 0, 0, z, false
	}
	fl := c.Focal()
	x = float64(c.W)/2 + fl*d.Dot(r)/z
	y = float64(c.H)/2 - fl*d.Dot(u)/z
	return x, y, z, true
}

// Unproject is Project's inverse: the world point at view depth depth seen
// at pixel coordinates (x, y).
func (c Camera) Unproject(x, y, depth float64) mgl64.Vec3 {
	f, r, u := c.Basis()
	fl := c.Focal()
	rx := (x - float64(c.W)/2) / fl * depth
	uy := (float64(c.H)/2 - y) / fl * depth
	return c.Pos.Add(f.Mul(depth)).Add(r.Mul(rx)).Add(u.Mul(uy))
}

// Ray returns the unit direction of the view ray through pixel coordinates
// (x, y); it starts at Pos.
func (c Camera) Ray(x, y float64) mgl64.Vec3 {
	return c.Unproject(x, y, 1).Sub(c.Pos).Normalize()
}

// FirstPerson returns a camera at eye looking along yaw and pitch.
func FirstPerson(eye mgl64.Vec3, yaw, pitch float64, w, h int) Camera {
	return Camera{Pos: eye, Yaw: yaw, Pitch: pitch, W: w, H: h}
}

// Orbit returns a third-person camera looking at target from distance
// dist, orbiting at yaw and pitch: it sits at target - forward*dist, so
// pitch < 0 looks down on the target from above.
func Orbit(target mgl64.Vec3, yaw, pitch, dist float64, w, h int) Camera {
	c := Camera{Yaw: yaw, Pitch: pitch, W: w, H: h}
	f, _, _ := c.Basis()
	c.Pos = target.Sub(f.Mul(dist))
	return c
}

// MoveDir is the planar world direction that move axes (forward, strafe)
// mean for a player looking through c: forward along the camera's forward
// flattened onto the ground, strafe along its right (docs/motors/hybrid.md#the-model,
// camera-relative control). The pipeline computes the same direction from
// the view yaw, so a game sets ViewData.Yaw = c.Yaw. The result has length
// min(|(forward, strafe)|, 1), or is zero without input.
func (c Camera) MoveDir(forward, strafe float64) mgl64.Vec3 {
	f, r, _ := c.Basis()
	f[1] = 0
	if l := f.Len(); l > 1e-12 {
		f = f.Mul(1 / l)
	} else { // looking straight up or down: yaw still defines forward
		sy, cy := math.Sincos(c.Yaw)
		f = mgl64.Vec3{cy, 0, sy}
	}
	v := f.Mul(forward).Add(r.Mul(strafe))
	if l := v.Len(); l > 1 {
		v = v.Mul(1 / l)
	}
	return v
}
