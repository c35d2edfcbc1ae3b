package arena_test

import (
	"testing"

	"github.com/yohamta/donburi"

	"github.com/seedgames/motorkit/components"
	"github.com/seedgames/motorkit/prefabs"
	"github.com/seedgames/motorkit/systems"
)

// BenchmarkPipelineArenaPlayer is one full pipeline tick (intent, buffer,
// the arena stages, KCC against the arena_flat level, cleanup) for one
// arena_player strafing in the air with jump taps. BenchmarkPipelineEmpty is
// the baseline: the same pipeline and level without the player.
func BenchmarkPipelineArenaPlayer(b *testing.B) {
	w := donburi.NewWorld()
	if _, err := prefabs.SpawnLevel(w, "arena_flat"); err != nil {
		b.Fatal(err)
	}
	ent, err := prefabs.Spawn(w, "arena_player")
	if err != nil {
		b.Fatal(err)
	}
	p := systems.NewPipeline(w, systems.Options{TickRate: 60})
	e := w.Entry(ent)
	cmd := components.CommandData{Forward: 1, Strafe: 1}
	for i := 0; i < 120; i++ { // warm up: caches, first landing
		cmd.JumpPressed, cmd.JumpHeld = i%37 == 0, i%37 == 0
		systems.Submit(e, cmd)
		p.Step()
	}
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		cmd.JumpPressed, cmd.JumpHeld = i%37 == 0, i%37 == 0
		components.View.Get(e).Yaw += 0.01
		systems.Submit(e, cmd)
		p.Step()
	}
}

func BenchmarkPipelineEmpty(b *testing.B) {
	w := donburi.NewWorld()
	if _, err := prefabs.SpawnLevel(w, "arena_flat"); err != nil {
		b.Fatal(err)
	}
	p := systems.NewPipeline(w, systems.Options{TickRate: 60})
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		p.Step()
	}
}
