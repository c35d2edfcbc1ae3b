package systems

import (
	"github.com/seedgames/motorkit/motors"
)

// The motor stages friction, accel and shaping work on the motor context's
// velocity. Fused (one character at a time, fused.go) the intent stage
// copies the Body's velocity in and the pass hands it back after shaping.
// Stage by stage (a game system sits between them) each of the three starts
// from the Body's velocity and hands its result back (byStage's syncIn and
// handVelocity), so a game system at friction, accel or shaping sees and
// changes the motor's working state through the components, as documented
// on Stage. Both orders give the same bits (TestFusedPassMatchesStageByStage).

// syncIn copies the Body's velocity into the motor context and points the
// context at the Intent and JumpBuffer components; false when the entity
// has no motor.
func syncIn(r *motorRefs) bool {
	md := r.md
	if md.Motor == nil {
		return false
	}
	md.Ctx.Velocity = r.body.Velocity
	bindContext(r)
	return true
}

func (p *Pipeline) frictionRefs(r *motorRefs) {
	if md := r.md; md.Motor != nil {
		md.Motor.Friction(&md.Ctx)
	}
}

func (p *Pipeline) accelRefs(r *motorRefs) {
	if md := r.md; md.Motor != nil {
		md.Motor.Accel(&md.Ctx)
	}
}

func (p *Pipeline) shapingRefs(r *motorRefs) {
	if md := r.md; md.Motor != nil {
		md.Motor.Shaping(&md.Ctx)
	}
}

// handVelocity hands the motor's velocity to the body, element by element.
func handVelocity(r *motorRefs) {
	md := r.md
	mv, bv := &md.Ctx.Velocity, &r.body.Velocity
	x, y, z := mv[0], mv[1], mv[2]
	if !motors.Finite3(x, y, z) {
		// A motor must never produce NaN; if one does, stop the body rather
		// than poison the state.
		x, y, z = bv[0], bv[1], bv[2]
		if !motors.Finite3(x, y, z) {
			x, y, z = 0, 0, 0
		}
	}
	bv[0], bv[1], bv[2] = x, y, z
}
