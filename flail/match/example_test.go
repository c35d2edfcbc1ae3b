package match_test

import (
	"fmt"

	"github.com/seedgames/motorkit/flail/match"

	"github.com/seedgames/motorkit/flail"
	"github.com/seedgames/motorkit/prefabs"
	"github.com/seedgames/motorkit/systems"
	"github.com/yohamta/donburi"
)

// A flail match on the ECS pipeline: the arena level, the flail systems, a
// human player and bots; the front end submits the player's input each
// frame and reads positions, the leaderboard and kill events.
func ExampleInstall() {
	w := donburi.NewWorld()
	p := systems.NewPipeline(w, systems.Options{TickRate: 40})
	game, err := match.InstallArena(p, "flail_arena", match.Options{Config: flail.DefaultConfig(), Seed: 1})
	if err != nil {
		panic(err)
	}
	me, _ := match.Spawn(w, "flail_player", prefabs.Override("[flail]\nname = \"me\"\n"))
	for i := 0; i < 12; i++ {
		if _, err := match.Spawn(w, "flail_bot", prefabs.Override("[flail_bot]\nskill = \"hard\"\n")); err != nil {
			panic(err)
		}
	}
	kills := 0
	game.Rules.Events.Subscribe(func(e flail.Event) {
		if e.Kind == flail.EventKill {
			kills++
		}
	})
	for i := 0; i < 400; i++ { // 10 s
		aim, click := 0.01*float64(i), i%80 == 0
		// every frame:
		match.SubmitInput(w.Entry(me), flail.Input{Aim: aim, Throttle: 1, PrimaryPressed: click, PrimaryHeld: click})
		p.Step() // or a systems.Runner
	}
	e := w.Entry(me)
	f := match.Flail.Get(e)
	fmt.Println(f.Name, len(match.Rope.Get(e).Nodes), len(game.Rules.Board.Rows()) > 0, game.Rules.Pickups.Len() > 0)
	// Output: me 1 true true
}

// Save a match between ticks and restore it: the restored match goes on
// exactly as the saved one does (a server restart that loses no match).
func ExampleRestoreMatch() {
	opts := match.MatchOptions{Seed: 3}
	m, err := match.NewMatch(opts)
	if err != nil {
		panic(err)
	}
	for i := 0; i < 6; i++ {
		if _, err := m.SpawnPlayer(fmt.Sprintf("bot %d", i), flail.SkillHard); err != nil {
			panic(err)
		}
	}
	for i := 0; i < 200; i++ {
		m.Pipeline.Step()
	}
	snap, err := m.MarshalBinary()
	if err != nil {
		panic(err)
	}
	r, err := match.RestoreMatch(opts, snap)
	if err != nil {
		panic(err)
	}
	for i := 0; i < 200; i++ {
		m.Pipeline.Step()
		r.Pipeline.Step()
	}
	fmt.Println("tick", r.Ticks(), "same match:", r.Checksum() == m.Checksum())
	// Output: tick 400 same match: true
}
