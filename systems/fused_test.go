package systems_test

import (
	"testing"

	"github.com/go-gl/mathgl/mgl64"
	"github.com/seedgames/motorkit/components"
	"github.com/seedgames/motorkit/prefabs"
	"github.com/seedgames/motorkit/systems"
	"github.com/yohamta/donburi"
)

// The fused motor pass and the cached component pointers give the same
// bits as the stage-by-stage pipeline (forced here by a game system
// between two motor stages), also while characters of several recipes
// are spawned and removed between ticks.
func TestFusedPassMatchesStageByStage(t *testing.T) {
	run := func(fused bool) []mgl64.Vec3 {
		w := donburi.NewWorld()
		if _, err := prefabs.SpawnLevel(w, "course"); err != nil {
			t.Fatal(err)
		}
		p := systems.NewPipeline(w, systems.Options{TickRate: 60})
		if !fused {
			p.Add(systems.StageFriction, "test.between", func(donburi.World, systems.Tick) {})
		}
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
		}
		for _, ent := range live {
			out = append(out, components.Body.Get(w.Entry(ent)).Position, components.Body.Get(w.Entry(ent)).Velocity)
		}
		return out
	}
	a, b := run(true), run(false)
	if len(a) != len(b) || len(a) == 0 {
		t.Fatalf("%d vs %d results", len(a), len(b))
	}
	// They did walk: the first character (spawned at x = 0) is metres away.
	if a[0].Sub(mgl64.Vec3{0, 1.5, 2}).Len() < 5 {
		t.Fatalf("the first character only got to %v", a[0])
	}
	for i := range a {
		if a[i] != b[i] {
			t.Fatalf("value %d: fused %v, stage by stage %v", i, a[i], b[i])
		}
	}
}
