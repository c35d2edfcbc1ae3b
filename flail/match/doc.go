// Package match is the flail game on motorkit's ECS pipeline: its
// components (a player's flail and energy, the rope, a bot's brain, the
// match's rules as a world resource), its systems (the car drive in the
// accel stage, the flail and rope in the rope stage, the rules, and kills,
// respawns and the leaderboard deferred to cleanup), the recipe sections
// [flail] and [flail_bot] and the recipes flail_player and flail_bot.
//
// The generic packages (components, systems, prefabs, input) know nothing of
// the flail game: this package fills the pipeline's rope and rules stages
// and registers its recipes with prefabs. The physics, rules and bots
// themselves are package flail (pure Go, no ECS).
//
// A match on the kcc arena level, a player and bots (ExampleInstall runs
// it); each frame the front end submits the player's input and steps:
//
//	w := donburi.NewWorld()
//	p := systems.NewPipeline(w, systems.Options{TickRate: 40})
//	game, err := match.InstallArena(p, "flail_arena", match.Options{Config: flail.DefaultConfig(), Seed: 1})
//	if err != nil {
//		panic(err)
//	}
//	me, _ := match.Spawn(w, "flail_player", prefabs.Override("[flail]\nname = \"me\"\n"))
//
// and, every frame:
//
//	match.SubmitInput(w.Entry(me), flail.Input{Aim: aim, Throttle: 1, PrimaryPressed: click, PrimaryHeld: click})
//	p.Step() // or a systems.Runner
//
// game.Rules.Board.Rows() is the leaderboard.
package match
