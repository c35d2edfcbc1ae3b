package systems

import (
	"github.com/go-gl/mathgl/mgl64"
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
	v := md.Ctx.Velocity
	if !finiteVec(v) {
		// A motor must never produce NaN; if one does, stop the body rather
		// than poison the state.
		v = r.body.Velocity
		if !finiteVec(v) {
			v = mgl64.Vec3{}
		}
	}
	r.body.Velocity = v
}
