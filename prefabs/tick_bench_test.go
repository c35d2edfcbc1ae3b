package prefabs_test

import (
	"testing"

	"github.com/seedgames/motorkit/components"
	"github.com/seedgames/motorkit/prefabs"
	"github.com/seedgames/motorkit/systems"
	"github.com/yohamta/donburi"
)

// BenchmarkOnePlayerTick is one full pipeline tick (intent, buffer, the
// motor's stages, KCC, cleanup) for one player of each motor recipe,
// running in a slow circle (the view turns every tick) with a jump tap every
// 37 ticks, on the level its motor's tests use. "empty" is the baseline
// measured in the same run: the same pipeline and level with no player.
func BenchmarkOnePlayerTick(b *testing.B) {
	cases := []struct{ recipe, level string }{
		{"", "flat"},
		{"capsule_walker", "flat"},
		{"arena_player", "arena_flat"},
		{"rpg_player", "rpg_course"},
		{"hybrid_player", "flat"},
		{"fps_player", "flat"},
	}
	for _, c := range cases {
		name := c.recipe
		if name == "" {
			name = "empty"
		}
		b.Run(name, func(b *testing.B) {
			w := donburi.NewWorld()
			if _, err := prefabs.SpawnLevel(w, c.level); err != nil {
				b.Fatal(err)
			}
			p := systems.NewPipeline(w, systems.Options{TickRate: 60})
			step := p.Step
			if c.recipe != "" {
				ent, err := prefabs.Spawn(w, c.recipe)
				if err != nil {
					b.Fatal(err)
				}
				e := w.Entry(ent)
				cmd := components.CommandData{Forward: 1, Strafe: 0.5, Sprint: true}
				i := 0
				step = func() {
					cmd.JumpPressed, cmd.JumpHeld = i%37 == 0, i%37 == 0
					components.View.Get(e).Yaw += 0.005
					systems.Submit(e, cmd)
					p.Step()
					i++
				}
			}
			for i := 0; i < 120; i++ { // warm up: scratch buffers, first landing
				step()
			}
			b.ReportAllocs()
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				step()
			}
		})
	}
}
