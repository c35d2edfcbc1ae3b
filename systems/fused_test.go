package systems_test

import (
	"testing"

	"github.com/go-gl/mathgl/mgl64"
	"github.com/seedgames/motorkit/components"
	"github.com/seedgames/motorkit/prefabs"
	"github.com/seedgames/motorkit/systems"
	"github.com/yohamta/donburi"
)

// The pipeline's three ways to run the motor stages and the KCC stage
// give the same bits: one pass per character (the default: each
// character's motor stages and then its move), two passes (the fused motor
// stages for every character, then every move: SetTwoPasses) and stage by
// stage (forced here by a game system between two motor stages), with one
// or two workers, on a still level and a living one (platforms, lift,
// doors), also while characters of several recipes are spawned and removed
// between ticks.
func TestFusedPassMatchesStageByStage(t *testing.T) {
	type mode struct {
		name    string
		workers int
		setup   func(p *systems.Pipeline)
		onePass bool
	}
	modes := []mode{
		{"one pass", 1, func(*systems.Pipeline) {}, true},
		{"one pass, 2 workers", 2, func(*systems.Pipeline) {}, true},
		{"two passes", 1, func(p *systems.Pipeline) { p.SetTwoPasses(true) }, false},
		{"two passes, 2 workers", 2, func(p *systems.Pipeline) { p.SetTwoPasses(true) }, false},
		{"stage by stage", 1, func(p *systems.Pipeline) {
			p.Add(systems.StageFriction, "test.between", func(donburi.World, systems.Tick) {})
		}, false},
	}
	for _, level := range []string{"course", "living"} {
		run := func(m mode) []mgl64.Vec3 {
			w := donburi.NewWorld()
			if _, err := prefabs.SpawnLevel(w, level); err != nil {
				t.Fatal(err)
			}
			p := systems.NewPipeline(w, systems.Options{TickRate: 60, Workers: m.workers})
			defer p.Close()
			m.setup(p)
			recipes := []string{"capsule_walker", "arena_player", "rpg_player", "hybrid_player", "fps_player"}
			var live []donburi.Entity
			var out []mgl64.Vec3
			for tick := 0; tick < 300; tick++ {
				if tick%20 == 0 && tick < 200 {
					ent, err := prefabs.Spawn(w, recipes[(tick/20)%len(recipes)], prefabs.At(mgl64.Vec3{float64(tick) / 10, 1.5, 2}), prefabs.Facing(float64(tick)*0.1))
					if err != nil {
						t.Fatal(err)
					}
					live = append(live, ent)
				}
				if tick%45 == 44 && len(live) > 2 {
					w.Remove(live[1]) // a character leaves
					live = append(live[:1], live[2:]...)
				}
				for i, ent := range live {
					systems.Submit(w.Entry(ent), components.CommandData{Forward: 1, Strafe: 0.2 * float64(i%3-1), JumpPressed: (tick+i)%50 == 0, JumpHeld: true})
				}
				p.Step()
				if got := p.OnePass(); got != m.onePass {
					t.Fatalf("%s: %s ran with one pass %v", level, m.name, got)
				}
			}
			for _, ent := range live {
				e := w.Entry(ent)
				b, k := components.Body.Get(e), components.KCC.Get(e)
				out = append(out, b.Position, b.Velocity, k.GroundNormal, components.Intent.Get(e).Dir)
			}
			return out
		}
		want := run(modes[0])
		// They did walk: the first character (spawned at x = 0) is metres away.
		if want[0].Sub(mgl64.Vec3{0, 1.5, 2}).Len() < 5 {
			t.Fatalf("%s: the first character only got to %v", level, want[0])
		}
		for _, m := range modes[1:] {
			got := run(m)
			if len(got) != len(want) {
				t.Fatalf("%s: %s gives %d values, one pass %d", level, m.name, len(got), len(want))
			}
			for i := range want {
				if got[i] != want[i] {
					t.Fatalf("%s: value %d: %s %v, one pass %v", level, i, m.name, got[i], want[i])
				}
			}
		}
	}
}
