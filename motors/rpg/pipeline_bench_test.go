package rpg_test

import (
	"testing"

	"github.com/yohamta/donburi"

	"github.com/seedgames/motorkit/components"
	"github.com/seedgames/motorkit/prefabs"
	"github.com/seedgames/motorkit/systems"
)

// BenchmarkPipelineRPGPlayer is one full pipeline tick (intent, buffer, the
// rpg motor stages, KCC against the rpg_course level, cleanup) for one
// rpg_player running in a slow circle (the view turns every tick) with
// occasional jump taps. BenchmarkPipelineEmpty is the baseline: the same
// pipeline and level without the player, measured in the same run.
func BenchmarkPipelineRPGPlayer(b *testing.B) {
	w := donburi.NewWorld()
	if _, err := prefabs.SpawnLevel(w, "rpg_course"); err != nil {
		b.Fatal(err)
	}
	ent, err := prefabs.Spawn(w, "rpg_player")
	if err != nil {
		b.Fatal(err)
	}
	p := systems.NewPipeline(w, systems.Options{TickRate: 60})
	e := w.Entry(ent)
	cmd := components.CommandData{Forward: 1, Sprint: true}
	step := func(i int) {
		cmd.JumpPressed, cmd.JumpHeld = i%97 == 0, i%97 == 0
		components.View.Get(e).Yaw += 0.005
		systems.Submit(e, cmd)
		p.Step()
	}
	for i := 0; i < 120; i++ { // warm up: caches, first landing
		step(i)
	}
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		step(i)
	}
}

func BenchmarkPipelineEmpty(b *testing.B) {
	w := donburi.NewWorld()
	if _, err := prefabs.SpawnLevel(w, "rpg_course"); err != nil {
		b.Fatal(err)
	}
	p := systems.NewPipeline(w, systems.Options{TickRate: 60})
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		p.Step()
	}
}
