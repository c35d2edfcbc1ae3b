package systems

import (
	"github.com/go-gl/mathgl/mgl64"
	"github.com/seedgames/motorkit/components"
	"github.com/yohamta/donburi"
)

func (p *Pipeline) frictionEntity(e *donburi.Entry) {
	if md := components.Motor.Get(e); md.Motor != nil {
		md.Motor.Friction(&md.Ctx)
	}
}

func (p *Pipeline) accelEntity(e *donburi.Entry) {
	if md := components.Motor.Get(e); md.Motor != nil {
		md.Motor.Accel(&md.Ctx)
	}
}

// shapingEntity runs the motor's shaping stage and hands the motor's
// velocity to the body for the KCC stage.
func (p *Pipeline) shapingEntity(e *donburi.Entry) {
	md := components.Motor.Get(e)
	if md.Motor == nil {
		return
	}
	md.Motor.Shaping(&md.Ctx)
	v := md.Ctx.Velocity
	if !finiteVec(v) {
		// A motor must never produce NaN; if one does, stop the body rather
		// than poison the state.
		v = components.Body.Get(e).Velocity
		if !finiteVec(v) {
			v = mgl64.Vec3{}
		}
	}
	components.Body.Get(e).Velocity = v
}
