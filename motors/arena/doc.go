// Package arena is the arena movement motor "Golden Angle" of docs/motors/arena.md
// (Player Movement Spec — Golden Angle v1): crisp ground friction with a
// stop_speed floor, projection-limited planar acceleration, air acceleration
// scaled by the Golden Angle gain, speed-scaled air resistance, constrained
// corridor shaping in the air, and the frictionless-jump policies none, soft
// and hard.
//
// A Motor implements motors.Motor and motors.MetricsReporter: the pipeline
// (package systems) calls Friction, Accel and Shaping once per fixed tick with
// a *motors.Context, in that order, after the intent and buffer stages. The
// primitives the stages are built from (FrictionScale, Accelerate, Quality,
// Config.Gain, AirResistanceScale, RotateToward) are exported as pure
// functions so they can be tested against the design formulas one by one.
//
// Configuration is a Config with every parameter of docs/motors/arena.md#knobs (tables
// A-E). Defaults are the table's "Suggested start" column expressed through
// W = max_speed (DefaultConfigForW); TOML files use degrees for angles
// (converted to radians at load) and are decoded strictly (unknown keys and
// out-of-range values are errors naming the key and the allowed range). The
// file arena.toml next to this package is the default configuration and is
// embedded as DefaultTOML.
//
// What this package must not do: collision queries, stepping, clipping
// against planes, gravity, or applying the jump velocity (the kcc package and
// the systems KCC stage own those), and it must not import donburi, ebiten or
// any plotting package. Jump buffering itself is done by the pipeline's
// buffer stage from the JumpRules this motor returns; the motor only decides
// what a pending or consumed jump means for friction.
//
// With the ECS, prefabs.Spawn(w, "arena_player") builds the motor from a
// recipe. By hand, one motor per entity (ExampleNew runs it):
//
//	cfg, err := arena.Parse(arena.DefaultTOML(), "arena.toml") // or arena.LoadFile(path), arena.DefaultConfig()
//	if err != nil {
//		panic(err)
//	}
//	m, err := arena.New(cfg) // one motor per entity: motors.Motor + motors.MetricsReporter
//
// and every tick, on a motors.Context the pipeline (or you, as
// ExampleMotor does) filled:
//
//	m.Friction(ctx)
//	m.Accel(ctx)
//	m.Shaping(ctx)
package arena
