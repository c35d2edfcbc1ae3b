package motors_test

import (
	"testing"

	"github.com/go-gl/mathgl/mgl64"
	"github.com/seedgames/motorkit/motors"
	"github.com/seedgames/motorkit/motors/arena"
	"github.com/seedgames/motorkit/motors/basic"
	"github.com/seedgames/motorkit/motors/fps"
	"github.com/seedgames/motorkit/motors/hybrid"
	"github.com/seedgames/motorkit/motors/rpg"
)

// TestMotorStagesDoNotAllocate: no motor allocates in its stages
// (IntentSpeedCap, Friction, Accel, Shaping), with every debug option on
// (the hybrid motor's console debug every tick and its debug vectors:
// printing is telemetry.InstallConsole's, not the motor's), on the ground
// and in the air, with and without input, jumping or not.
func TestMotorStagesDoNotAllocate(t *testing.T) {
	hc := hybrid.DefaultConfig()
	hc.EnableConsoleDebug, hc.EnableDebugVectors, hc.ConsoleUpdateInterval = true, true, 1
	rc := rpg.DefaultConfig()
	rc.AirPolicy, rc.TauDecelStop = rpg.AirLimited, 0.1
	ac := arena.DefaultConfig()
	ac.AirResistance, ac.QualitySmoothstep = 0.5, true
	build := []struct {
		kind string
		new  func() (motors.Motor, error)
	}{
		{arena.Kind, func() (motors.Motor, error) { return arena.New(ac) }},
		{rpg.Kind, func() (motors.Motor, error) { return rpg.New(rc) }},
		{hybrid.Kind, func() (motors.Motor, error) { return hybrid.New(hc) }},
		{fps.Kind, func() (motors.Motor, error) { return fps.New(fps.DefaultConfig()) }},
		{basic.Kind, func() (motors.Motor, error) { return basic.New(basic.DefaultConfig()) }},
	}
	for _, b := range build {
		t.Run(b.kind, func(t *testing.T) {
			m, err := b.new()
			if err != nil {
				t.Fatal(err)
			}
			ctx := motors.NewContext(1.0 / 60)
			n := 0
			tick := func() {
				// A cycle of situations: ground and air, input or none,
				// a jump requested, buffered, in the landing window.
				s := n % 8
				ctx.Tick = uint64(n)
				ctx.Stance.Grounded = s < 5
				ctx.Command.Forward, ctx.Command.Strafe = float64(s%3)-1, 0.5
				ctx.Command.Sprint, ctx.Command.Walk = s == 2, s == 3
				ctx.Command.JumpHeld, ctx.Command.DashPressed = s == 1, s == 4
				*ctx.Jump = motors.JumpState{RequestJump: s == 1, BufferTicks: s % 2, LandingGraceTicks: s % 3}
				ctx.View.Yaw = float64(n) * 0.05
				dir := motors.YawForward(ctx.View.Yaw + 0.7)
				mag := 0.0
				if s != 0 && s != 6 {
					mag = 1
				}
				ctx.Intent.Mag = mag
				ctx.Intent.PlanarDir, ctx.Intent.Dir = dir.Mul(mag), dir.Mul(mag)
				ctx.Intent.Speed = mag * m.IntentSpeedCap(ctx)
				m.Friction(ctx)
				m.Accel(ctx)
				m.Shaping(ctx)
				if !ctx.Stance.Grounded {
					ctx.Velocity[1] -= 0.3
				} else {
					ctx.Velocity[1] = 0
				}
				n++
			}
			ctx.Velocity = mgl64.Vec3{3, 0, 1}
			for i := 0; i < 16; i++ {
				tick()
			}
			if a := testing.AllocsPerRun(200, tick); a != 0 {
				t.Errorf("%v allocations per tick", a)
			}
		})
	}
}
