package flail

import (
	"math"

	"github.com/go-gl/mathgl/mgl64"
	"github.com/seedgames/motorkit/detmath"
)

// Box is an obstacle or wall on the XZ plane: a rectangle with half extents
// HalfX, HalfZ (m) around Center, turned by Yaw radians about +Y the way
// mgl64.Rotate3DY turns a vector (local x axis -> (cos yaw, 0, -sin yaw)).
type Box struct {
	// Center of the box (m); only X and Z are used.
	Center mgl64.Vec3
	// HalfX and HalfZ are the half extents (m) along the box's own axes.
	HalfX, HalfZ float64
	// Yaw turns the box about +Y (radians).
	Yaw float64
}

// Arena is the playfield: a square of side 2*Half (m) centered on the
// origin, bounded by walls, with obstacles. Boxes holds every wall and
// obstacle; the outer square is also enforced as a last-resort clamp.
type Arena struct {
	// Half is half the side of the square playfield (m).
	Half float64
	// Boxes are the walls and obstacles.
	Boxes []Box
	cs    []float64 // cos, sin per box
	reach []float64 // bounding radius per box
}

// NewArena returns an arena of the given half size (m) with the boxes. If
// walls is true, four wall boxes of the given thickness (m) are added
// around the square. It allocates; build arenas at load time.
func NewArena(half float64, boxes []Box, walls bool, thickness float64) *Arena {
	if !(half > 0) || math.IsInf(half, 0) {
		half = 1
	}
	if !(thickness > 0) || math.IsInf(thickness, 0) {
		thickness = 1
	}
	a := &Arena{Half: half}
	a.Boxes = append(a.Boxes, boxes...)
	if walls {
		t := thickness / 2
		a.Boxes = append(a.Boxes,
			Box{Center: mgl64.Vec3{-half - t, 0, 0}, HalfX: t, HalfZ: half + thickness},
			Box{Center: mgl64.Vec3{half + t, 0, 0}, HalfX: t, HalfZ: half + thickness},
			Box{Center: mgl64.Vec3{0, 0, -half - t}, HalfX: half + thickness, HalfZ: t},
			Box{Center: mgl64.Vec3{0, 0, half + t}, HalfX: half + thickness, HalfZ: t},
		)
	}
	a.cs = make([]float64, 2*len(a.Boxes))
	a.reach = make([]float64, len(a.Boxes))
	for i, b := range a.Boxes {
		s, c := detmath.Sincos(b.Yaw)
		a.cs[2*i], a.cs[2*i+1] = c, s
		a.reach[i] = detmath.Hypot(b.HalfX, b.HalfZ)
	}
	return a
}

// penetration returns the outward normal and depth of a circle (x, z, r)
// overlapping box i, or ok=false.
func (a *Arena) penetration(i int, x, z, r float64) (nx, nz, depth float64, ok bool) {
	b := &a.Boxes[i]
	dx, dz := x-b.Center[0], z-b.Center[2]
	if rr := a.reach[i] + r; float64(dx*dx)+float64(dz*dz) >= float64(rr*rr) {
		return 0, 0, 0, false
	}
	c, s := a.cs[2*i], a.cs[2*i+1]
	// world = RotY(yaw)*local: x = c*lx + s*lz, z = -s*lx + c*lz.
	lx := float64(c*dx) - float64(s*dz)
	lz := float64(s*dx) + float64(c*dz)
	if math.Abs(lx) >= b.HalfX+r || math.Abs(lz) >= b.HalfZ+r {
		return 0, 0, 0, false
	}
	qx := math.Max(-b.HalfX, math.Min(b.HalfX, lx))
	qz := math.Max(-b.HalfZ, math.Min(b.HalfZ, lz))
	ex, ez := lx-qx, lz-qz
	d2 := float64(ex*ex) + float64(ez*ez)
	var lnx, lnz float64
	if d2 > 0 {
		d := math.Sqrt(d2)
		if d >= r {
			return 0, 0, 0, false
		}
		lnx, lnz, depth = ex/d, ez/d, r-d
	} else {
		// center inside: leave through the nearest face.
		px := b.HalfX - math.Abs(lx)
		pz := b.HalfZ - math.Abs(lz)
		if px < pz {
			lnx, depth = math.Copysign(1, lx), px+r
		} else {
			lnz, depth = math.Copysign(1, lz), pz+r
		}
	}
	return float64(c*lnx) + float64(s*lnz), float64(-s*lnx) + float64(c*lnz), depth, true
}

// Overlaps reports whether a circle at (x, z) of radius r touches a box or
// leaves the square.
func (a *Arena) Overlaps(x, z, r float64) bool {
	if math.Abs(x) > a.Half-r || math.Abs(z) > a.Half-r {
		return true
	}
	for i := range a.Boxes {
		if _, _, _, ok := a.penetration(i, x, z, r); ok {
			return true
		}
	}
	return false
}

// Collide pushes a circle of radius r out of every box and back inside the
// square, and removes (restitution 0) or reflects (restitution e) the
// velocity's component into the surface. It reports whether it touched
// anything. Non-finite positions are reset to the origin with zero velocity.
func (a *Arena) Collide(pt *Point, r, e float64) bool {
	if !FiniteVec(pt.Pos) || !FiniteVec(pt.Vel) {
		pt.Pos, pt.Vel = mgl64.Vec3{}, mgl64.Vec3{}
		return true
	}
	hit := false
	for pass := 0; pass < 2; pass++ {
		any := false
		for i := range a.Boxes {
			nx, nz, d, ok := a.penetration(i, pt.Pos[0], pt.Pos[2], r)
			if !ok {
				continue
			}
			any = true
			pt.Pos[0] += float64(nx * d)
			pt.Pos[2] += float64(nz * d)
			reflectVel(&pt.Vel, nx, nz, e)
		}
		if !any {
			break
		}
		hit = true
	}
	lim := a.Half - r
	if lim < 0 {
		lim = 0
	}
	for _, ax := range [2]int{0, 2} {
		if pt.Pos[ax] > lim {
			pt.Pos[ax] = lim
			if pt.Vel[ax] > 0 {
				pt.Vel[ax] = float64(-e * pt.Vel[ax])
			}
			hit = true
		} else if pt.Pos[ax] < -lim {
			pt.Pos[ax] = -lim
			if pt.Vel[ax] < 0 {
				pt.Vel[ax] = float64(-e * pt.Vel[ax])
			}
			hit = true
		}
	}
	return hit
}

func reflectVel(v *mgl64.Vec3, nx, nz, e float64) {
	vn := float64(v[0]*nx) + float64(v[2]*nz)
	if vn < 0 {
		k := float64((1 + e) * vn)
		v[0] -= float64(k * nx)
		v[2] -= float64(k * nz)
	}
}

// WallAvoid returns the sum of outward normals of walls and obstacles
// within margin (m) of (x, z), each weighted by how deep into the margin the
// point is (0 far, 1 touching); bots steer along it.
func (a *Arena) WallAvoid(x, z, margin float64) (ax, az float64) {
	if !(margin > 0) {
		return 0, 0
	}
	for i := range a.Boxes {
		nx, nz, d, ok := a.penetration(i, x, z, margin)
		if ok {
			w := d / margin
			ax += float64(nx * w)
			az += float64(nz * w)
		}
	}
	if x > a.Half-margin {
		ax -= (x - (a.Half - margin)) / margin
	} else if x < -a.Half+margin {
		ax += (-a.Half + margin - x) / margin
	}
	if z > a.Half-margin {
		az -= (z - (a.Half - margin)) / margin
	} else if z < -a.Half+margin {
		az += (-a.Half + margin - z) / margin
	}
	return ax, az
}

// Finite reports whether x is neither NaN nor infinite.
func Finite(x float64) bool { return !math.IsNaN(x) && !math.IsInf(x, 0) }

// FiniteVec reports whether every component of v is finite.
func FiniteVec(v mgl64.Vec3) bool { return Finite(v[0]) && Finite(v[1]) && Finite(v[2]) }
