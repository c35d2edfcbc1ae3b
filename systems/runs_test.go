package systems_test

import (
	"strings"
	"testing"

	"github.com/go-gl/mathgl/mgl64"
	"github.com/seedgames/motorkit/components"
	"github.com/seedgames/motorkit/prefabs"
	"github.com/seedgames/motorkit/systems"
	"github.com/yohamta/donburi"
)

// The characters' stages run one way, a run of steps over the characters
// in blocks (characters.go); game systems between the stages divide it into
// several runs. Every division gives the same bits: one run (no game
// system among the characters' stages), the run divided by a system
// between two motor stages, between shaping and the KCC stage, before the
// intent stage's built-in (AddBefore: no division), with one or two
// workers, on a still level and a living one (platforms, lift, doors),
// also while characters of several recipes are spawned and removed between
// ticks.
func TestRunsGiveTheSameBits(t *testing.T) {
	noop := func(donburi.World, systems.Tick) {}
	type mode struct {
		name    string
		workers int
		setup   func(p *systems.Pipeline)
		plan    string
	}
	modes := []mode{
		{"one run", 1, func(*systems.Pipeline) {}, "system@kcc|run intent..kcc|system@kcc|system@cleanup"},
		{"one run, 2 workers", 2, func(*systems.Pipeline) {}, "system@kcc|run intent..kcc|system@kcc|system@cleanup"},
		{"a system before intent", 1, func(p *systems.Pipeline) {
			p.AddBefore(systems.StageIntent, "test.first", noop)
		}, "system@intent|system@kcc|run intent..kcc|system@kcc|system@cleanup"},
		{"a system between friction and accel", 1, func(p *systems.Pipeline) {
			p.Add(systems.StageFriction, "test.between", noop)
		}, "run intent..friction|system@friction|system@kcc|run accel..kcc|system@kcc|system@cleanup"},
		{"a system between friction and accel, 2 workers", 2, func(p *systems.Pipeline) {
			p.Add(systems.StageFriction, "test.between", noop)
		}, "run intent..friction|system@friction|system@kcc|run accel..kcc|system@kcc|system@cleanup"},
		{"a system before the KCC stage", 1, func(p *systems.Pipeline) {
			p.AddBefore(systems.StageKCC, "test.beforekcc", noop)
		}, "run intent..shaping|system@kcc|system@kcc|run kcc..kcc|system@kcc|system@cleanup"},
		{"a system after intent and one after buffer", 2, func(p *systems.Pipeline) {
			p.Add(systems.StageIntent, "test.a", noop)
			p.AddAfter(systems.StageBuffer, "test.b", noop)
		}, "run intent..intent|system@intent|run buffer..buffer|system@buffer|system@kcc|run friction..kcc|system@kcc|system@cleanup"},
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
			if got := strings.Join(p.Plan(), "|"); got != m.plan {
				t.Fatalf("%s: plan\n%s\nwant\n%s", m.name, got, m.plan)
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
				t.Fatalf("%s: %s gives %d values, one run %d", level, m.name, len(got), len(want))
			}
			for i := range want {
				if got[i] != want[i] {
					t.Fatalf("%s: value %d: %s %v, one run %v", level, i, m.name, got[i], want[i])
				}
			}
		}
	}
}

// With CharacterCollisions the characters' stages are one run too: the
// motor steps run in the crowd planning's first pass over the characters,
// before any move. That run gives the bits of the run divided by a system
// before the KCC stage (every motor step, then the moves), with one and two
// workers, in the open-field crowd of 200 pushing walkers.
func TestCrowdRunGivesTheDividedBits(t *testing.T) {
	const n, ticks = 200, 120
	noop := func(donburi.World, systems.Tick) {}
	var want []mgl64.Vec3
	for _, divided := range []bool{false, true} {
		for _, workers := range []int{1, 2} {
			p, w, es := fieldCrowd(t, n, workers, true)
			plan := "system@intent|system@kcc|run intent..kcc|system@kcc|system@cleanup"
			if divided {
				p.AddBefore(systems.StageKCC, "test.beforekcc", noop)
				plan = "system@intent|run intent..shaping|system@kcc|system@kcc|run kcc..kcc|system@kcc|system@cleanup"
			}
			if got := strings.Join(p.Plan(), "|"); got != plan {
				t.Fatalf("divided %v: plan\n%s\nwant\n%s", divided, got, plan)
			}
			for i := 0; i < ticks; i++ {
				p.Step()
			}
			p.Close()
			var got []mgl64.Vec3
			for _, e := range es {
				b := components.Body.Get(w.Entry(e))
				got = append(got, b.Position, b.Velocity)
			}
			if want == nil {
				want = got
				continue
			}
			for i := range want {
				if got[i] != want[i] {
					t.Fatalf("divided %v, %d workers: value %d is %v, the one run on 1 worker %v", divided, workers, i, got[i], want[i])
				}
			}
		}
	}
}
