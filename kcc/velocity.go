package kcc

import (
	"math"

	"github.com/go-gl/mathgl/mgl64"
	"github.com/seedgames/motorkit/detmath"
)

// VelocityAfter returns the velocity a character keeps after a Move. vel is
// the velocity the move was made with, desired the translation asked of Move
// (usually vel*dt), res what Move returned and dt the tick length in seconds.
//
// The rule is that collisions remove speed and never add it:
//
//   - Grounded: the part along Config.Up is 0. The character rests on the
//     ground; a step climbed or a snap down to the ground is a correction of
//     the position, not a velocity. (Reading the velocity back as
//     Translation/dt instead turns a 0.3 m step climbed in one 60 Hz tick
//     into an upward 18 m/s, and the character is thrown into the air.)
//   - Otherwise the part along Up shrinks to the actual motion along Up over
//     dt when the move was cut short (a ceiling, a landing) and never grows
//     or changes sign. On steep ground (GroundSteep) a downward velocity
//     becomes the real slide down the slope.
//   - The planar part (perpendicular to Up) is kept exactly where the move
//     went as asked; where a wall, a corner or a step edge changed it, it
//     becomes the planar translation over dt, never longer than before
//     (except on steep ground, where the slide is real motion).
//
// A dt that is not a positive finite number, or a non-finite vel, desired or
// translation, returns vel unchanged when it is finite and zero otherwise.
func (c *Controller) VelocityAfter(vel, desired mgl64.Vec3, res MoveResult, dt float64) mgl64.Vec3 {
	if !finiteVec(vel) {
		return mgl64.Vec3{}
	}
	if !(dt > 0) || math.IsInf(dt, 0) || !finiteVec(desired) || !finiteVec(res.Translation) {
		return vel
	}
	up := c.cfg.Up // sanitized: unit length
	if up == (mgl64.Vec3{0, 1, 0}) {
		x, y, z := velocityAfterYUp(vel[0], vel[1], vel[2], desired[0], desired[1], desired[2],
			res.Translation[0], res.Translation[1], res.Translation[2], dt, res.GroundState == GroundSteep, res.Grounded)
		return mgl64.Vec3{x, y, z}
	}
	return velocityAfterAlong(up, vel, desired, res, dt)
}

// velocityAfterAlong is VelocityAfter's rule for any unit up axis, on
// vectors: the parts along up and across it.
func velocityAfterAlong(up, vel, desired mgl64.Vec3, res MoveResult, dt float64) mgl64.Vec3 {
	steep := res.GroundState == GroundSteep
	const tol = 1e-9

	vUp := detmath.Dot(vel, up)
	vPlanar := vel.Sub(detmath.Scale(up, vUp))
	tUp := detmath.Dot(res.Translation, up)
	tPlanar := res.Translation.Sub(detmath.Scale(up, tUp))
	dUp := detmath.Dot(desired, up)
	dPlanar := desired.Sub(detmath.Scale(up, dUp))

	if detmath.Len(tPlanar.Sub(dPlanar)) > tol {
		n := detmath.Scale(tPlanar, 1/dt)
		if old, nl := detmath.Len(vPlanar), detmath.Len(n); !steep && nl > old {
			n = detmath.Scale(n, old/nl)
		}
		vPlanar = n
	}
	switch {
	case res.Grounded:
		vUp = 0
	case math.Abs(tUp-dUp) > tol:
		vUp = verticalAfter(vUp, tUp/dt, steep)
	}
	return vPlanar.Add(detmath.Scale(up, vUp))
}

// verticalAfter is the rule for the velocity along Up when a move was cut
// short along it: it shrinks toward got (the actual motion over dt), never
// grows and never changes sign; on steep ground a downward velocity becomes
// the real slide.
func verticalAfter(v, got float64, steep bool) float64 {
	switch {
	case v > 0:
		return max(0, min(v, got))
	case v < 0 && !steep:
		return min(0, max(v, got))
	case v < 0:
		return min(0, got)
	}
	return v
}

// velocityAfterYUp is VelocityAfter for Up = +Y on scalars: the same rule
// with the projections onto Up written as the components they are, so a
// zero component keeps its sign and the result is what a controller of the
// pipeline's Y-up characters computes every tick without vector copies.
func velocityAfterYUp(vx, vy, vz, dx, dy, dz, tx, ty, tz, dt float64, steep, grounded bool) (float64, float64, float64) {
	const tol = 1e-9
	// |planar(t) - planar(desired)|, the Y term being 0-0.
	ex, ey, ez := tx-dx, 0.0, tz-dz
	if math.Sqrt(float64(ex*ex)+float64(ey*ey)+float64(ez*ez)) > tol {
		inv := 1 / dt
		nx, ny, nz := float64(tx*inv), float64(0*inv), float64(tz*inv)
		if old := math.Sqrt(float64(vx*vx) + 0*0 + float64(vz*vz)); !steep {
			if nl := math.Sqrt(float64(nx*nx) + float64(ny*ny) + float64(nz*nz)); nl > old {
				f := old / nl
				nx, nz = float64(nx*f), float64(nz*f)
			}
		}
		vx, vz = nx, nz
	}
	switch {
	case grounded:
		vy = 0
	case math.Abs(ty-dy) > tol:
		vy = verticalAfter(vy, ty/dt, steep)
	}
	return vx, vy, vz
}
