package systems

import (
	"github.com/go-gl/mathgl/mgl64"
	"github.com/seedgames/motorkit/motors"
	"github.com/yohamta/donburi"
)

// BuildIntent computes the Move Intent of seed 000 §5 / seed 001 §4 from the
// move axes and the view yaw:
//
//	intent2 = forward2*forward + right2*strafe
//	mag     = clamp(|intent2|, 0, 1)
//	planar  = intent2/|intent2| (zero when mag is 0)
//	dir     = planar projected onto the ground tangent plane and renormalized
//	          when grounded, else planar
//
// Speed is left 0: the motor's IntentSpeedCap supplies it.
func BuildIntent(forward, strafe, yaw float64, grounded bool, groundNormal mgl64.Vec3) motors.Intent {
	i2 := motors.YawForward(yaw).Mul(forward).Add(motors.YawRight(yaw).Mul(strafe))
	l := i2.Len()
	if !(l > 1e-12) {
		return motors.Intent{}
	}
	mag := l
	if mag > 1 {
		mag = 1
	}
	planar := i2.Mul(1 / l)
	dir := planar
	if grounded && groundNormal[1] > 1e-6 && motors.FiniteVec(groundNormal) {
		n := groundNormal.Normalize()
		t := planar.Sub(n.Mul(planar.Dot(n)))
		if tl := t.Len(); tl > 1e-9 {
			dir = t.Mul(1 / tl)
		}
	}
	return motors.Intent{Dir: dir, PlanarDir: planar, Mag: mag}
}

func (p *Pipeline) intentEntity(e *donburi.Entry) {
	r := motorRefsOf(e)
	p.intentRefs(&r)
}

func (p *Pipeline) intentRefs(r *motorRefs) {
	md := r.md
	if md.Motor == nil {
		return
	}
	cmd := SanitizeCommand(*r.cmd)
	view := r.view
	view.Yaw = sanitizeAngle(view.Yaw)
	view.Pitch = sanitizeAngle(view.Pitch)
	k := r.k
	body := r.body

	ctx := &md.Ctx
	ctx.Dt, ctx.TickRate, ctx.Tick = p.cur.Dt, p.cur.Rate, p.cur.N
	in := motors.Input{Yaw: view.Yaw, Pitch: view.Pitch, JumpHeld: cmd.JumpHeld,
		Sprint: cmd.Sprint, Walk: cmd.Walk, Crouch: cmd.Crouch}
	if !cmd.UICaptured {
		// Seed 004 §G: while the UI captures input, axes and edges are
		// ignored; held levels are kept as they were submitted.
		in.Forward, in.Strafe, in.JumpPressed = cmd.Forward, cmd.Strafe, cmd.JumpPressed
	}
	ctx.Input = in
	ctx.Grounded = k.Grounded
	ctx.Crouched = k.Crouched
	ctx.GroundNormal = k.GroundNormal
	if !ctx.Grounded || ctx.GroundNormal == (mgl64.Vec3{}) {
		ctx.GroundNormal = motors.Up
	}
	ctx.Velocity = body.Velocity
	ctx.Jump = motors.JumpState{}

	ctx.Intent = BuildIntent(in.Forward, in.Strafe, in.Yaw, ctx.Grounded, ctx.GroundNormal)
	if ctx.Intent.Mag > 0 {
		speedCap := md.Motor.IntentSpeedCap(ctx)
		if !(speedCap > 0) || speedCap > 1e6 {
			speedCap = 0
		}
		ctx.Intent.Speed = ctx.Intent.Mag * speedCap
	}
	it := r.it
	it.Intent = ctx.Intent
	it.RequestJump = false
}
