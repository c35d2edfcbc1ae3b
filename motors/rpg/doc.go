// Package rpg is the standard MMO/RPG movement motor of docs/motors/rpg.md#the-model: the planar
// velocity tracks a target velocity with the time-constant model
//
//	alpha = 1 - exp(-dt/tau),  v = lerp(v, target, alpha)
//
// using tau_accel when the target is faster than the current planar speed and
// tau_decel (or tau_decel_stop when there is no input) otherwise; backpedal is
// slower, strafing is at full speed, planar speed is hard-capped to
// max_speed, and the air policy is either "none" (planar velocity untouched in
// the air) or "limited" (tracking with the slow tau_air). Jumping is optional
// and unbuffered.
//
// The package is pure Go over mgl64: it implements motors.Motor and
// motors.MetricsReporter, loads its Config from strict TOML (rpg.toml is the
// default file) and must not import donburi or ebiten, query collision,
// integrate gravity or apply the jump velocity: the KCC stage owns vertical
// motion, stepping, snapping and slope limits (docs/motors/rpg.md#the-model). It has no
// friction tricks, stop-speed floors or momentum-retention mechanics, by
// design.
//
// Main types: Config (DefaultConfig, Parse) and Motor (New). With the ECS,
// prefabs.Spawn(w, "rpg_player") builds it from a recipe (Example_spawn);
// by hand (ExampleMotor runs it):
//
//	m, err := rpg.New(rpg.DefaultConfig())
//	if err != nil {
//		panic(err)
//	}
//	ctx := motors.NewContext(1.0 / 60)
//	ctx.Stance.Grounded = true
//	ctx.Command.Forward = 1
//
// and every tick:
//
//	// The intent stage: direction of yaw 0 is +X, full magnitude.
//	*ctx.Intent = motors.Intent{Dir: motors.YawForward(0), PlanarDir: motors.YawForward(0), Mag: 1}
//	ctx.Intent.Speed = m.IntentSpeedCap(ctx)
//	m.Friction(ctx)
//	m.Accel(ctx)
//	m.Shaping(ctx)
package rpg
