package arena

import (
	"testing"

	"github.com/go-gl/mathgl/mgl64"

	"github.com/seedgames/motorkit/motors"
)

// benchCtx is an airborne strafe state at 12 m/s with the view near the
// Golden Angle, the case that runs every branch of Accel and Shaping.
func benchCtx(b *testing.B, grounded bool) (*Motor, *motors.Context) {
	m := newMotor(b, func(c *Config) { c.AirResistance = 0.5 })
	ctx := ctxFor(m, grounded, mgl64.Vec3{12, 0, 0}, -0.55, 1, 1)
	ctx.Jump.LandingGraceTicks = 1
	ctx.Command.JumpHeld = true
	return m, ctx
}

// BenchmarkBaseline is the reference cost: copying the velocity through the
// context and scaling it, the least a stage can do.
func BenchmarkBaseline(b *testing.B) {
	_, ctx := benchCtx(b, false)
	v0 := ctx.Velocity
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		ctx.Velocity = v0.Mul(0.999)
	}
}

func BenchmarkFrictionGround(b *testing.B) {
	m, ctx := benchCtx(b, true)
	v0 := ctx.Velocity
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		ctx.Velocity = v0
		m.Friction(ctx)
	}
}

func BenchmarkAccelAir(b *testing.B) {
	m, ctx := benchCtx(b, false)
	v0 := ctx.Velocity
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		ctx.Velocity = v0
		m.Accel(ctx)
	}
}

func BenchmarkShapingAir(b *testing.B) {
	m, ctx := benchCtx(b, false)
	v0 := ctx.Velocity
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		ctx.Velocity = v0
		m.Shaping(ctx)
	}
}

// BenchmarkTickAir runs the three stages of one airborne tick plus metrics.
func BenchmarkTickAir(b *testing.B) {
	m, ctx := benchCtx(b, false)
	v0 := ctx.Velocity
	buf := make([]motors.Metric, 0, 8)
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		ctx.Velocity = v0
		m.Friction(ctx)
		m.Accel(ctx)
		m.Shaping(ctx)
		buf = m.AppendMetrics(buf[:0])
	}
}
