package systems

import (
	"math"

	"github.com/go-gl/mathgl/mgl64"
	"github.com/seedgames/motorkit/detmath"
	"github.com/seedgames/motorkit/motors"
)

// BuildIntent computes the Move Intent of docs/architecture.md#units-and-axes / docs/architecture.md#one-tick from the
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
	var out motors.Intent
	s, c := detmath.Sincos(yaw)
	buildIntent(&out, forward, strafe, s, c, grounded, groundNormal)
	return out
}

// buildIntent is BuildIntent writing into out (Speed untouched), given the
// yaw's sine s and cosine c, in scalar form (the hot-path convention of
// docs/architecture.md#how-the-characters-stages-run).
func buildIntent(out *motors.Intent, forward, strafe, s, c float64, grounded bool, groundNormal mgl64.Vec3) {
	x := float64(c*forward) + float64((-s)*strafe)
	y := float64(0*forward) + float64(0*strafe)
	z := float64(s*forward) + float64(c*strafe)
	l := math.Sqrt(float64(x*x) + float64(y*y) + float64(z*z))
	if !(l > 1e-12) {
		out.Dir, out.PlanarDir, out.Mag = mgl64.Vec3{}, mgl64.Vec3{}, 0
		return
	}
	mag := l
	if mag > 1 {
		mag = 1
	}
	inv := 1 / l
	px, py, pz := float64(x*inv), float64(y*inv), float64(z*inv)
	dx, dy, dz := px, py, pz
	nx, ny, nz := groundNormal[0], groundNormal[1], groundNormal[2]
	if grounded && ny > 1e-6 && motors.Finite3(nx, ny, nz) {
		ni := 1.0 / math.Sqrt(float64(nx*nx)+float64(ny*ny)+float64(nz*nz))
		nx, ny, nz = float64(nx*ni), float64(ny*ni), float64(nz*ni)
		d := float64(px*nx) + float64(py*ny) + float64(pz*nz)
		tx, ty, tz := px-float64(nx*d), py-float64(ny*d), pz-float64(nz*d)
		if tl := math.Sqrt(float64(tx*tx) + float64(ty*ty) + float64(tz*tz)); tl > 1e-9 {
			ti := 1 / tl
			dx, dy, dz = float64(tx*ti), float64(ty*ti), float64(tz*ti)
		}
	}
	out.Dir[0], out.Dir[1], out.Dir[2] = dx, dy, dz
	out.PlanarDir[0], out.PlanarDir[1], out.PlanarDir[2] = px, py, pz
	out.Mag = mag
}

// intentStep is a character's intent stage: it sanitizes the Command and
// View in place, points the motor context at the character's components
// and builds the Intent, without whole-struct temporaries.
func (p *Pipeline) intentStep(c *character) {
	md := c.md
	cmd, view, k := c.cmd, c.view, c.k
	view.Yaw = sanitizeAngle(view.Yaw)
	view.Pitch = sanitizeAngle(view.Pitch)
	cmd.Forward, cmd.Strafe = sanitizeAxis(cmd.Forward), sanitizeAxis(cmd.Strafe)
	if cmd.UICaptured {
		// docs/motors/fps.md#ui-capture: while the UI captures input, axes and
		// edges are ignored; held levels are kept as they were submitted.
		c.captured = motors.Command{JumpHeld: cmd.JumpHeld, Sprint: cmd.Sprint, Walk: cmd.Walk,
			Crouch: cmd.Crouch, UICaptured: true, Pending: cmd.Pending}
	}
	if n := &k.GroundNormal; !k.Grounded || (n[0] == 0 && n[1] == 0 && n[2] == 0) {
		// The report's normal is Up in the air (the KCC stage keeps it so;
		// this covers a KCC component made by hand).
		n[0], n[1], n[2] = motors.Up[0], motors.Up[1], motors.Up[2]
	}
	bindContext(c)

	ctx := &md.Ctx
	ctx.Dt, ctx.TickRate, ctx.Tick = p.cur.Dt, p.cur.Rate, p.cur.N
	copyVelocity(&ctx.Velocity, &c.body.Velocity)
	// this tick's decision is the buffer stage's to take; the timers carry over.
	ctx.Jump.RequestJump, ctx.Jump.JustLanded = false, false
	ctx.JumpSpent = false

	in := ctx.Command
	s, co := c.facing.sincos(view.Yaw)
	buildIntent(ctx.Intent, in.Forward, in.Strafe, s, co, k.Grounded, k.GroundNormal)
	speed := 0.0
	if ctx.Intent.Mag > 0 {
		speedCap := md.Motor.IntentSpeedCap(ctx)
		if !(speedCap > 0) || speedCap > 1e6 {
			speedCap = 0
		}
		speed = float64(ctx.Intent.Mag * speedCap)
	}
	ctx.Intent.Speed = speed
}

// facing remembers the sine and cosine of a character's last yaw: most
// characters keep their facing most ticks, and the same yaw, bit for bit,
// has the same sine and cosine. It is a cache: lost with no harm when the
// character list is made anew.
type facing struct {
	yaw      uint64 // the bits of the yaw remembered
	sin, cos float64
	known    bool
}

// sincos returns detmath.Sincos(yaw).
func (f *facing) sincos(yaw float64) (sin, cos float64) {
	if b := math.Float64bits(yaw); !f.known || b != f.yaw {
		f.sin, f.cos = detmath.Sincos(yaw)
		f.yaw, f.known = b, true
	}
	return f.sin, f.cos
}
