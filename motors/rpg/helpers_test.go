package rpg

import (
	"github.com/go-gl/mathgl/mgl64"
	"github.com/seedgames/motorkit/motors"
	"github.com/seedgames/motorkit/systems"
)

// fillIntent runs the pipeline's own intent builder (systems.BuildIntent:
// yaw-relative intent2, magnitude clamped to [0, 1], unit direction) and
// sets the speed to mag * IntentSpeedCap, as the intent stage does.
func fillIntent(m *Motor, ctx *motors.Context) {
	in := ctx.Command
	*ctx.Intent = systems.BuildIntent(in.Forward, in.Strafe, ctx.View.Yaw, ctx.Stance.Grounded, ctx.Stance.GroundNormal)
	if ctx.Intent.Mag > 0 {
		ctx.Intent.Speed = ctx.Intent.Mag * m.IntentSpeedCap(ctx)
	}
}

// tick runs one motor tick the way the pipeline does and returns the planar
// velocity afterwards.
func tick(m *Motor, ctx *motors.Context) mgl64.Vec3 {
	fillIntent(m, ctx)
	m.Friction(ctx)
	m.Accel(ctx)
	m.Shaping(ctx)
	return motors.Planar(ctx.Velocity)
}

func newCtx(rate float64) *motors.Context {
	c := motors.NewContext(1 / rate)
	c.Stance.Grounded = true
	return c
}

func mustNew(cfg Config) *Motor {
	m, err := New(cfg)
	if err != nil {
		panic(err)
	}
	return m
}
