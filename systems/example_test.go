package systems_test

import (
	"fmt"

	"github.com/go-gl/mathgl/mgl64"
	"github.com/seedgames/motorkit/components"
	"github.com/seedgames/motorkit/kcc"
	"github.com/seedgames/motorkit/prefabs"
	"github.com/seedgames/motorkit/systems"
	"github.com/yohamta/donburi"
)

// Example shows a donburi game using motorkit: a level, a character from a
// prefab, the pipeline on a fixed-step runner, and one command per frame.
func Example() {
	w := donburi.NewWorld()
	if _, err := prefabs.SpawnLevel(w, "flat"); err != nil { // static collision level (kcc.World)
		panic(err)
	}
	player, err := prefabs.Spawn(w, "capsule_walker") // or arena_player, rpg_player, hybrid_player, fps_player
	if err != nil {
		panic(err)
	}
	pipeline := systems.NewPipeline(w, systems.Options{TickRate: 60})
	runner := systems.NewRunner(pipeline, systems.DefaultRunnerOptions())

	// In Ebitengine's Update: submit this frame's input, then advance.
	for frame := 0; frame < 60; frame++ {
		systems.Submit(w.Entry(player), components.CommandData{Forward: 1})
		runner.Advance(1.0 / 60) // runs 0..5 fixed ticks; draw with runner.Alpha()
	}
	body := components.Body.Get(w.Entry(player))
	fmt.Printf("after 1 s: x = %.2f m, speed %.1f m/s, grounded %v\n",
		body.Position.X(), body.Velocity.Len(), components.KCC.Get(w.Entry(player)).Grounded)
	// Output: after 1 s: x = 4.67 m, speed 5.0 m/s, grounded true
}

// ExamplePipeline_Add adds a game system after the KCC stage.
func ExamplePipeline_Add() {
	w := donburi.NewWorld()
	p := systems.NewPipeline(w, systems.Options{TickRate: 40})
	p.Add(systems.StageKCC, "my-game.after-move", func(w donburi.World, t systems.Tick) {
		if t.N == 0 {
			fmt.Printf("tick %d, dt %.3f s\n", t.N, t.Dt)
		}
	})
	p.Step()
	fmt.Println(p.Systems(systems.StageKCC))
	// Output:
	// tick 0, dt 0.025 s
	// [platforms kcc sensors my-game.after-move]
}

// Characters that push each other: with CharacterCollisions every
// character blocks the others; a push mask lets one push those on the
// masked push layers, the pushed one giving way by the pusher's mass share
// (here a 140 kg pusher and a 70 kg walker: 2/3) and taking the push's
// velocity, so it coasts ahead a little each tick: 3.867 m/s of the
// pusher's 5 (docs/kcc.md#characters-as-obstacles).
func Example_characterPush() {
	w := donburi.NewWorld()
	if _, err := prefabs.SpawnLevel(w, "flat"); err != nil {
		panic(err)
	}
	pusher, err := prefabs.Spawn(w, "capsule_walker", prefabs.At(mgl64.Vec3{0, 0.91, 0}),
		prefabs.Override("[kcc]\npush_mask = 1\nmass = 140.0\n"))
	if err != nil {
		panic(err)
	}
	other, err := prefabs.Spawn(w, "capsule_walker", prefabs.At(mgl64.Vec3{2, 0.91, 0})) // push_layers = 1
	if err != nil {
		panic(err)
	}
	p := systems.NewPipeline(w, systems.Options{TickRate: 60, CharacterCollisions: true})
	for tick := 0; tick < 120; tick++ {
		systems.Submit(w.Entry(pusher), components.CommandData{Forward: 1})
		p.Step()
	}
	x0 := components.Body.Get(w.Entry(other)).Position[0]
	for tick := 0; tick < 60; tick++ {
		systems.Submit(w.Entry(pusher), components.CommandData{Forward: 1})
		p.Step()
	}
	fmt.Printf("pushed at %.3f m/s\n", components.Body.Get(w.Entry(other)).Position[0]-x0)
	// Output: pushed at 3.867 m/s
}

// Teammates walk through each other and opponents block: the game's
// contact listener ignores the capsule of a character of the mover's team
// (CharacterOf tells which character a capsule is).
func ExamplePipeline_SetContactListener() {
	w := donburi.NewWorld()
	if _, err := prefabs.SpawnLevel(w, "flat"); err != nil {
		panic(err)
	}
	spawn := func(x float64) donburi.Entity {
		e, err := prefabs.Spawn(w, "capsule_walker", prefabs.At(mgl64.Vec3{x, 0.91, 0}))
		if err != nil {
			panic(err)
		}
		return e
	}
	runner, teammate, opponent := spawn(0), spawn(2), spawn(6)
	team := map[donburi.Entity]int{runner: 1, teammate: 1, opponent: 2}
	p := systems.NewPipeline(w, systems.Options{TickRate: 60, CharacterCollisions: true})
	p.SetContactListener(systems.ContactListenerFunc(func(e donburi.Entity, ev kcc.ContactEvent) kcc.ContactAction {
		if other, ok := p.CharacterOf(ev.Collider); ok && team[other] == team[e] {
			return kcc.ContactIgnore
		}
		return kcc.ContactAccept
	}))
	for tick := 0; tick < 120; tick++ {
		systems.Submit(w.Entry(runner), components.CommandData{Forward: 1})
		p.Step()
	}
	fmt.Printf("runner at x=%.2f, stopped by the opponent at x=%.2f\n",
		components.Body.Get(w.Entry(runner)).Position[0], components.Body.Get(w.Entry(opponent)).Position[0])
	// Output: runner at x=5.39, stopped by the opponent at x=6.00
}

// A game subscribes to the characters' events the donburi way
// (features/events): a player dropped 1.1 m onto the floor lands once,
// and a kill on a crush would be a subscriber to EventCrushed.
func ExampleEvents() {
	w := donburi.NewWorld()
	if _, err := prefabs.SpawnLevel(w, "flat"); err != nil {
		panic(err)
	}
	if _, err := prefabs.Spawn(w, "capsule_walker", prefabs.At(mgl64.Vec3{0, 2, 0})); err != nil {
		panic(err)
	}
	systems.Events.Subscribe(w, func(w donburi.World, e systems.Event) {
		switch e.Kind {
		case systems.EventLanded:
			fmt.Printf("tick %d: character %d landed at %.1f m/s\n", e.Tick, e.ID, e.Speed)
		case systems.EventCrushed:
			w.Remove(e.Entity) // a game's kill
		}
	})
	p := systems.NewPipeline(w, systems.Options{TickRate: 60, Events: true})
	for i := 0; i < 60; i++ {
		p.Step()
	}
	// Output:
	// tick 19: character 1 landed at 6.7 m/s
}
