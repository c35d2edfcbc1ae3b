package arena_test

import (
	"fmt"

	"github.com/go-gl/mathgl/mgl64"

	"github.com/seedgames/motorkit/motors"
	"github.com/seedgames/motorkit/motors/arena"
)

// Parse a designer's override on top of the defaults: angles are authored in
// degrees and converted at load, and setting only max_speed rescales
// every W-relative default.
func ExampleParse() {
	cfg, err := arena.Parse([]byte(`
max_speed = 10
theta_target_deg = 40
frictionless_jump_mode = "hard"
`), "designer.toml")
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Printf("W=%.1f stop_speed=%.1f blend=%.1f..%.1f theta_target=%.4f rad mode=%s\n",
		cfg.MaxSpeed, cfg.StopSpeed, cfg.BlendSpeedStart, cfg.BlendSpeedEnd, cfg.ThetaTarget(), cfg.FrictionlessJumpMode)

	_, err = arena.Parse([]byte("g_peak = 9\n"), "designer.toml")
	fmt.Println(err)
	// Output:
	// W=10.0 stop_speed=3.0 blend=10.0..14.0 theta_target=0.6981 rad mode=hard
	// designer.toml: key "g_peak": value 9 out of range [0, 4]
}

// Load a tuning file and build one motor per entity (docs/motors/arena.md).
func ExampleNew() {
	cfg, err := arena.Parse(arena.DefaultTOML(), "arena.toml") // or arena.LoadFile(path), arena.DefaultConfig()
	if err != nil {
		panic(err)
	}
	m, err := arena.New(cfg) // one motor per entity: motors.Motor + motors.MetricsReporter
	if err != nil {
		panic(err)
	}
	var _ motors.MetricsReporter = m
	fmt.Println(m.Kind(), cfg.MaxSpeed)
	// Output: arena 8
}

// Drive the three stages by hand for one airborne tick at the Golden Angle,
// as the pipeline does after its intent and buffer stages.
func ExampleMotor() {
	m, err := arena.New(arena.DefaultConfig())
	if err != nil {
		fmt.Println(err)
		return
	}
	yaw := -35 * 3.141592653589793 / 180 // velocity (+X) sits 35° left of the view
	ctx := motors.NewContext(1.0 / 60)   // airborne, ground normal Up
	ctx.Velocity = mgl64.Vec3{12, 0, 0}
	ctx.View.Yaw, ctx.Command.Strafe = yaw, 1
	ctx.Intent.PlanarDir = motors.YawRight(yaw)
	ctx.Intent.Dir, ctx.Intent.Mag = ctx.Intent.PlanarDir, 1
	ctx.Intent.Speed = m.IntentSpeedCap(ctx)

	m.Friction(ctx)
	m.Accel(ctx)
	m.Shaping(ctx)
	mt := m.Metrics()
	fmt.Printf("speed %.3f -> %.3f m/s, gain %.2f, bonus %.4f m/s\n",
		12.0, motors.Planar(ctx.Velocity).Len(), mt.Gain, mt.Bonus)
	// Output:
	// speed 12.000 -> 13.116 m/s, gain 1.25, bonus 0.1333 m/s
}

// The primitives are plain functions of the design formulas.
func ExampleFrictionScale() {
	// W = 8 m/s, stop_speed = 2.4 m/s, friction = 6/s at 60 Hz.
	fmt.Printf("%.3f %.3f\n", arena.FrictionScale(8, 2.4, 6, 1.0/60), arena.FrictionScale(1, 2.4, 6, 1.0/60))
	// Output: 0.900 0.760
}
