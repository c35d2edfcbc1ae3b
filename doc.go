// Package motorkit is character movement and flail physics for Go games on
// donburi and Ebitengine. This root package holds no code; start from the
// packages below, or from the programs in examples/.
//
//   - [github.com/seedgames/motorkit/prefabs]: spawn characters and levels
//     from TOML recipes (Spawn, SpawnLevel, Override).
//   - [github.com/seedgames/motorkit/systems]: the fixed-step pipeline
//     (intent, buffer, friction, accel, shaping, KCC, rope, rules, cleanup)
//     and its Runner for a game loop.
//   - [github.com/seedgames/motorkit/components]: the donburi components a
//     character carries (Command, View, Body, Intent, JumpBuffer, Motor, KCC).
//   - [github.com/seedgames/motorkit/kcc]: the kinematic character
//     controller, usable without the ECS.
//   - [github.com/seedgames/motorkit/motors]: the motor contract, and the
//     motors arena, rpg, hybrid, fps and basic in its subpackages.
//   - [github.com/seedgames/motorkit/platforms]: moving platforms, lifts
//     and doors.
//   - [github.com/seedgames/motorkit/flail]: the top-down flail game.
//
// A character walking in a donburi world:
//
//	w := donburi.NewWorld()
//	prefabs.SpawnLevel(w, "flat")
//	player, _ := prefabs.Spawn(w, "capsule_walker")
//	p := systems.NewPipeline(w, systems.Options{TickRate: 60})
//	runner := systems.NewRunner(p, systems.DefaultRunnerOptions())
//	// every frame:
//	systems.Submit(w.Entry(player), components.CommandData{Forward: 1})
//	runner.Advance(1.0 / 60)
//
// The runnable version is the systems package's Example; README.md and
// docs/ say more.
package motorkit
