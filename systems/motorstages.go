package systems

import (
	"github.com/seedgames/motorkit/motors"
	"github.com/yohamta/donburi"
)

func (p *Pipeline) frictionEntity(e *donburi.Entry) {
	r := motorRefsOf(e)
	p.frictionRefs(&r)
}

func (p *Pipeline) frictionRefs(r *motorRefs) {
	if md := r.md; md.Motor != nil {
		md.Motor.Friction(&md.Ctx)
	}
}

func (p *Pipeline) accelEntity(e *donburi.Entry) {
	r := motorRefsOf(e)
	p.accelRefs(&r)
}

func (p *Pipeline) accelRefs(r *motorRefs) {
	if md := r.md; md.Motor != nil {
		md.Motor.Accel(&md.Ctx)
	}
}

func (p *Pipeline) shapingEntity(e *donburi.Entry) {
	r := motorRefsOf(e)
	p.shapingRefs(&r)
}

// shapingRefs runs the motor's shaping stage and hands the motor's
// velocity to the body for the KCC stage.
func (p *Pipeline) shapingRefs(r *motorRefs) {
	md := r.md
	if md.Motor == nil {
		return
	}
	md.Motor.Shaping(&md.Ctx)
	// Element by element: a whole-array copy of the velocity the motor
	// just wrote element by element would stall on store forwarding.
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
