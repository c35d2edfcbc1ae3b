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
		got := tUp / dt
		switch {
		case vUp > 0:
			vUp = math.Max(0, math.Min(vUp, got))
		case vUp < 0 && !steep:
			vUp = math.Min(0, math.Max(vUp, got))
		case vUp < 0:
			vUp = math.Min(0, got)
		}
	}
	return vPlanar.Add(detmath.Scale(up, vUp))
}
