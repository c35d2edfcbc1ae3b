package systems

import (
	"github.com/seedgames/motorkit/motors"
	"github.com/yohamta/donburi"
)

// The *Entity forms run when game systems sit between the motor stages
// (stage by stage). They keep the stage contract documented on Stage: a
// game system at friction, accel or shaping sees and changes the motor's
// working state through the components, so each motor stage starts from the
// Body's velocity and the Intent component and hands its velocity back to
// the Body. When nobody changed them these copies move the same values, so
// the results are the fused pass's bits (TestFusedPassMatchesStageByStage).

func (p *Pipeline) frictionEntity(e *donburi.Entry) {
	r := motorRefsOf(e)
	if syncIn(&r) {
		p.frictionRefs(&r)
		handVelocity(&r)
	}
}

// syncIn copies the Body's velocity and the Intent component into the motor
// context; false when the entity has no motor.
func syncIn(r *motorRefs) bool {
	md := r.md
	if md.Motor == nil {
		return false
	}
	md.Ctx.Velocity = r.body.Velocity
	md.Ctx.Intent = r.it.Intent
	return true
}

func (p *Pipeline) frictionRefs(r *motorRefs) {
	if md := r.md; md.Motor != nil {
		md.Motor.Friction(&md.Ctx)
	}
}

func (p *Pipeline) accelEntity(e *donburi.Entry) {
	r := motorRefsOf(e)
	if syncIn(&r) {
		p.accelRefs(&r)
		handVelocity(&r)
	}
}

func (p *Pipeline) accelRefs(r *motorRefs) {
	if md := r.md; md.Motor != nil {
		md.Motor.Accel(&md.Ctx)
	}
}

func (p *Pipeline) shapingEntity(e *donburi.Entry) {
	r := motorRefsOf(e)
	if syncIn(&r) {
		p.shapingRefs(&r)
	}
}

// shapingRefs runs the motor's shaping stage and hands the motor's
// velocity to the body for the KCC stage.
func (p *Pipeline) shapingRefs(r *motorRefs) {
	md := r.md
	if md.Motor == nil {
		return
	}
	md.Motor.Shaping(&md.Ctx)
	handVelocity(r)
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
