package rpg_test

import (
	"fmt"

	"github.com/go-gl/mathgl/mgl64"
	"github.com/seedgames/motorkit/components"
	"github.com/seedgames/motorkit/motors"
	"github.com/seedgames/motorkit/motors/rpg"
	"github.com/seedgames/motorkit/prefabs"
	"github.com/yohamta/donburi"
)

// A motor driven by hand for three ticks at 60 Hz, holding forward from rest.
// In a game the pipeline fills the Context (see package systems).
func ExampleMotor() {
	m, err := rpg.New(rpg.DefaultConfig())
	if err != nil {
		panic(err)
	}
	ctx := motors.NewContext(1.0 / 60)
	ctx.Stance.Grounded = true
	ctx.Command.Forward = 1
	for i := 0; i < 3; i++ {
		// The intent stage: direction of yaw 0 is +X, full magnitude.
		*ctx.Intent = motors.Intent{Dir: motors.YawForward(0), PlanarDir: motors.YawForward(0), Mag: 1}
		ctx.Intent.Speed = m.IntentSpeedCap(ctx)
		m.Friction(ctx)
		m.Accel(ctx)
		m.Shaping(ctx)
		fmt.Printf("tick %d: %.4f m/s\n", i+1, ctx.PlanarSpeed())
	}
	// Output:
	// tick 1: 0.5306 m/s
	// tick 2: 1.0143 m/s
	// tick 3: 1.4552 m/s
}

// Loading a user file: absent keys keep the defaults, unknown keys and
// out-of-range values are errors naming the file and key.
func ExampleParse() {
	cfg, err := rpg.Parse([]byte("max_speed = 7\nair_policy = \"limited\"\n"), "player.toml")
	fmt.Println(cfg.MaxSpeed, cfg.AirPolicy, cfg.TauAccel, err)
	_, err = rpg.Parse([]byte("tau_accel = 9\n"), "player.toml")
	fmt.Println(err)
	// Output:
	// 7 limited 0.18 <nil>
	// player.toml: key "tau_accel": value 9 out of range [0.005, 5]
}

// Spawn an RPG player with a per-spawn override (docs/motors/rpg.md).
func Example_spawn() {
	w := donburi.NewWorld()
	ent, err := prefabs.Spawn(w, "rpg_player", prefabs.At(mgl64.Vec3{0, 0.96, 0}),
		prefabs.Override("[motor]\nmax_speed = 7.0\n"))
	if err != nil {
		panic(err)
	}
	m := components.Motor.Get(w.Entry(ent)).Motor.(*rpg.Motor)
	fmt.Println(m.Kind(), m.Config().MaxSpeed)
	// Output: rpg 7
}
