// Package systems is motorkit's ordered, fixed-step movement pipeline on a
// donburi world.
//
// One tick runs these stages in this order, every tick, for every entity
// (entities in donburi's stable storage order):
//
//	intent   Command + View -> Move Intent (docs/architecture.md#units-and-axes, docs/architecture.md#one-tick)
//	buffer   jump buffer, coyote and landing-grace timers; request_jump
//	friction Motor.Friction
//	accel    Motor.Accel
//	shaping  Motor.Shaping
//	kcc      platforms moved; per character the carry, the single jump-consume
//	         point, crouch, gravity, kcc.Controller.MoveWith, the velocity read
//	         back (kcc.Controller.VelocityAfter); sensors
//	rope     (empty by default: the flail game registers its rope step here)
//	rules    (empty by default: game rules)
//	cleanup  consumed command edges cleared, deferred spawns/despawns run
//
// The characters' built-in stages run as one pass over the characters, a
// block at a time (each character's motor stages, then the block's moves),
// on Options.Workers goroutines, with the same bits for any number of
// workers. A game adds its own systems to any stage with Pipeline.Add,
// AddBefore and AddAfter; one placed among the characters' stages divides
// the pass there, so it sees every character as the stage order says.
//
// Pipeline.Step runs exactly one fixed tick. Runner drives a pipeline from
// a variable-rate game loop: an accumulator with a dt clamp and a
// max-steps-per-frame clamp, so a dt spike never runs away and never eats
// the jump buffer.
//
// What this package must not do: read the wall clock (donburi's ecs.Time is
// wall-clock and is not used), iterate maps, import ebiten, or change the
// world's structure in the middle of a stage (use Pipeline.Defer).
package systems
