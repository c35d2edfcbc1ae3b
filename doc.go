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
// A character walking in a donburi world (the systems package's Example,
// which runs it):
//
//	w := donburi.NewWorld()
//	if _, err := prefabs.SpawnLevel(w, "flat"); err != nil { // static collision level (kcc.World)
//		panic(err)
//	}
//	player, err := prefabs.Spawn(w, "capsule_walker") // or arena_player, rpg_player, hybrid_player, fps_player
//	if err != nil {
//		panic(err)
//	}
//	pipeline := systems.NewPipeline(w, systems.Options{TickRate: 60})
//	runner := systems.NewRunner(pipeline, systems.DefaultRunnerOptions())
//
//	// In Ebitengine's Update: submit this frame's input, then advance.
//	for frame := 0; frame < 60; frame++ {
//		systems.Submit(w.Entry(player), components.CommandData{Forward: 1})
//		runner.Advance(1.0 / 60) // runs 0..5 fixed ticks; draw with runner.Alpha()
//	}
//
// README.md and docs/ say more.
package motorkit
