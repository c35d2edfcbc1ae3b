package hybrid_test

import (
	"fmt"
	"math"

	"github.com/seedgames/motorkit/components"
	"github.com/seedgames/motorkit/motors"
	"github.com/seedgames/motorkit/motors/hybrid"
	"github.com/seedgames/motorkit/prefabs"
	"github.com/yohamta/donburi"
)

// The design's formulas for the default config.
func ExampleConfig() {
	c := hybrid.DefaultConfig()
	fmt.Printf("influence at 1.5, 4.0, 6.3 m/s: %.2f %.4f %.2f\n",
		c.RotationInfluence(1.5, false), c.RotationInfluence(4.0, false), c.RotationInfluence(6.3, false))
	fmt.Printf("turn speed at 0, 3.15, 6.3 m/s: %.3f %.3f %.3f rad/s\n", c.TurnSpeed(0), c.TurnSpeed(3.15), c.TurnSpeed(6.3))
	fmt.Printf("jump speed: %.3f m/s\n", c.JumpSpeed())
	// Output:
	// influence at 1.5, 4.0, 6.3 m/s: 0.00 0.4651 1.00
	// turn speed at 0, 3.15, 6.3 m/s: 8.000 5.235 2.470 rad/s
	// jump speed: 7.746 m/s
}

// A motor driven by hand: run forward along the view (yaw 0 = +X), then
// press right (+Z). At run speed the influence is low, so the velocity swings
// toward the input while the facing turns after it.
func ExampleMotor() {
	m, err := hybrid.New(hybrid.DefaultConfig())
	if err != nil {
		panic(err)
	}
	ctx := motors.NewContext(1.0 / 60)
	ctx.Stance.Grounded = true
	step := func(dir [3]float64) {
		d := motors.NormalizeOrZero(motors.YawForward(0).Mul(dir[0]).Add(motors.YawRight(0).Mul(dir[2])))
		*ctx.Intent = motors.Intent{Dir: d, PlanarDir: d, Mag: 1}
		ctx.Intent.Speed = m.IntentSpeedCap(ctx)
		m.Friction(ctx)
		m.Accel(ctx)
		m.Shaping(ctx)
	}
	for i := 0; i < 60; i++ {
		step([3]float64{1, 0, 0})
	}
	d := m.Debug()
	fmt.Printf("run: speed %.2f influence %.3f momentum %v facing %.2f rad\n", d.Speed, d.Influence, d.Momentum, m.Facing())
	for i := 0; i < 10; i++ {
		step([3]float64{0, 0, 1})
	}
	d = m.Debug()
	fmt.Printf("after 10 ticks right: velocity dir (%.2f, %.2f) facing %.2f rad\n", d.VelocityDir[0], d.VelocityDir[2], m.Facing())
	// Output:
	// run: speed 3.00 influence 0.433 momentum true facing 0.00 rad
	// after 10 ticks right: velocity dir (0.28, 0.96) facing 0.98 rad
}

// Loading a user file with a turn rate in degrees per second.
func ExampleParse() {
	c, err := hybrid.Parse([]byte("rotation_speed_deg = 360\nsprint_speed = 7\n"), "hero.toml")
	fmt.Printf("%.4f rad/s, sprint %v, %v\n", c.RotationSpeedRad(), c.SprintSpeed, err)
	// Output:
	// 6.2832 rad/s, sprint 7, <nil>
}

// Spawn a hybrid player with the prefab library and read its facing for
// rendering (docs/motors/hybrid.md).
func Example_spawn() {
	w := donburi.NewWorld()
	ent, err := prefabs.Spawn(w, "hybrid_player", prefabs.Facing(math.Pi/2))
	if err != nil {
		panic(err)
	}
	m := components.Motor.Get(w.Entry(ent)).Motor.(*hybrid.Motor)
	yaw := m.Facing() // the character's facing for rendering
	dbg := m.Debug()  // debug vectors: input, facing, blended and velocity directions
	fmt.Printf("facing %.4f rad, target speed %.1f m/s\n", yaw, dbg.TargetSpeed)
	// Output: facing 1.5708 rad, target speed 0.0 m/s
}
