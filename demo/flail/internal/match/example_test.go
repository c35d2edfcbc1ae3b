package match_test

import (
	"fmt"

	"github.com/seedgames/motorkit/demo/flail/internal/match"
)

// A match on the 40 Hz pipeline driven by 60 Hz frames, as the demo's
// Update does: one second of frames runs 40 ticks.
func ExampleNew() {
	cfg, err := match.Config("")
	if err != nil {
		panic(err)
	}
	m, _, err := match.New(match.Options{Bots: 12, Seed: 1, Config: cfg})
	if err != nil {
		panic(err)
	}
	var pilot match.Autopilot
	for frame := 0; frame < 60; frame++ {
		m.Submit(pilot.Input(m))
		m.Advance(1.0 / 60)
	}
	fmt.Println(m.Players(), "players,", m.Ticks(), "ticks, alive:", m.Flail(match.Me).Alive)
	// Output: 13 players, 40 ticks, alive: true
}
