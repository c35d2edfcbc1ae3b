package hybrid

import (
	"math"

	"github.com/go-gl/mathgl/mgl64"
	"github.com/seedgames/motorkit/motors"
)

// fillIntent does what the pipeline's intent stage does on flat ground:
// camera-relative intent2 = forward2*f + right2*s from the view yaw, mag =
// clamp(|intent2|, 0, 1), dir = normalize(intent2), speed = mag * cap.
func fillIntent(m *Motor, ctx *motors.Context) {
	in := motors.YawForward(ctx.Input.Yaw).Mul(ctx.Input.Forward).
		Add(motors.YawRight(ctx.Input.Yaw).Mul(ctx.Input.Strafe))
	mag := math.Min(in.Len(), 1)
	ctx.Intent = motors.Intent{}
	if mag > 0 {
		d := motors.NormalizeOrZero(in)
		ctx.Intent = motors.Intent{Dir: d, PlanarDir: d, Mag: mag}
		ctx.Intent.Speed = mag * m.IntentSpeedCap(ctx)
	}
}

// tick runs one motor tick as the pipeline does and returns the planar
// velocity afterwards.
func tick(m *Motor, ctx *motors.Context) mgl64.Vec3 {
	fillIntent(m, ctx)
	m.Friction(ctx)
	m.Accel(ctx)
	m.Shaping(ctx)
	return motors.Planar(ctx.Velocity)
}

func newCtx(rate float64) *motors.Context {
	return &motors.Context{Dt: 1 / rate, TickRate: rate, Grounded: true, GroundNormal: motors.Up}
}

func mustNew(cfg Config) *Motor {
	m, err := New(cfg)
	if err != nil {
		panic(err)
	}
	return m
}

func near(a, b, tol float64) bool { return math.Abs(a-b) <= tol }

// angDiff is the absolute shortest angle between two yaws.
func angDiff(a, b float64) float64 {
	d := math.Mod(math.Abs(a-b), 2*math.Pi)
	if d > math.Pi {
		d = 2*math.Pi - d
	}
	return d
}
