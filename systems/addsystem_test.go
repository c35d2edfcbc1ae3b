package systems_test

import (
	"strings"
	"testing"

	"github.com/go-gl/mathgl/mgl64"
	"github.com/seedgames/motorkit/components"
	"github.com/seedgames/motorkit/prefabs"
	"github.com/seedgames/motorkit/systems"
	"github.com/yohamta/donburi"
	"github.com/yohamta/donburi/filter"
)

// walker returns a world with the flat level and one capsule_walker and
// its pipeline.
func walker(t *testing.T, recipe string) (donburi.World, donburi.Entity, *systems.Pipeline) {
	t.Helper()
	w := donburi.NewWorld()
	if _, err := prefabs.SpawnLevel(w, "flat"); err != nil {
		t.Fatal(err)
	}
	e, err := prefabs.Spawn(w, recipe)
	if err != nil {
		t.Fatal(err)
	}
	return w, e, systems.NewPipeline(w, systems.Options{TickRate: 60})
}

var bodies = donburi.NewQuery(filter.Contains(components.Body, components.Motor))

// A game system in the accel stage that stops every character (a "freeze"
// power-up) must stop it: the motor stages work on the Body's velocity, not
// on a private copy that overwrites the system's change.
func TestSystemAtMotorStageChangesVelocity(t *testing.T) {
	for _, recipe := range []string{"capsule_walker", "rpg_player", "arena_player", "hybrid_player", "fps_player"} {
		t.Run(recipe, func(t *testing.T) {
			w, e, p := walker(t, recipe)
			if err := p.Add(systems.StageAccel, "freeze", func(w donburi.World, _ systems.Tick) {
				bodies.Each(w, func(en *donburi.Entry) { components.Body.Get(en).Velocity = mgl64.Vec3{} })
			}); err != nil {
				t.Fatal(err)
			}
			// Between friction and accel a system reads the velocity the
			// motor is working on.
			var seen []float64
			if err := p.AddBefore(systems.StageAccel, "probe", func(w donburi.World, _ systems.Tick) {
				seen = append(seen, components.Body.Get(w.Entry(e)).Velocity.Len())
			}); err != nil {
				t.Fatal(err)
			}
			start := components.Body.Get(w.Entry(e)).Position
			for i := 0; i < 60; i++ {
				systems.Submit(w.Entry(e), components.CommandData{Forward: 1})
				p.Step()
			}
			moved := components.Body.Get(w.Entry(e)).Position.Sub(start)
			moved[1] = 0
			// Whatever shaping adds to a zero velocity in one tick (the
			// arena motor's corridor shaping, nothing for the others) is far
			// below one tick of walking; 60 ticks of walking at >= 3 m/s
			// would be >= 3 m.
			if moved.Len() > 0.5 {
				t.Errorf("frozen character moved %.3f m in 1 s", moved.Len())
			}
			if len(seen) != 60 {
				t.Fatalf("probe ran %d times, want 60", len(seen))
			}
		})
	}
}

// Without game systems between the stages the motor runs exactly as before:
// the same character with and without a no-op system at accel ends at the
// same bits.
func TestNoOpSystemAtMotorStageSameBits(t *testing.T) {
	run := func(noop bool) components.BodyData {
		w, e, p := walker(t, "arena_player")
		if noop {
			if err := p.Add(systems.StageAccel, "noop", func(donburi.World, systems.Tick) {}); err != nil {
				t.Fatal(err)
			}
		}
		for i := 0; i < 120; i++ {
			systems.Submit(w.Entry(e), components.CommandData{Forward: 1, Strafe: 0.5, JumpPressed: i == 30, JumpHeld: i >= 30 && i < 40})
			p.Step()
		}
		return *components.Body.Get(w.Entry(e))
	}
	if a, b := run(false), run(true); a != b {
		t.Errorf("fused %v, stage by stage %v", a, b)
	}
}

func TestAddOrderAndNames(t *testing.T) {
	_, _, p := walker(t, "capsule_walker")
	var order []string
	rec := func(name string) systems.Func {
		return func(donburi.World, systems.Tick) { order = append(order, name) }
	}
	must := func(err error) {
		t.Helper()
		if err != nil {
			t.Fatal(err)
		}
	}
	must(p.AddBefore(systems.StageRules, "b1", rec("b1")))
	must(p.AddBefore(systems.StageRules, "b2", rec("b2")))
	must(p.Add(systems.StageRules, "a1", rec("a1")))
	must(p.AddBefore(systems.StageRules, "b3", rec("b3")))
	must(p.AddAfter(systems.StageRules, "a2", rec("a2")))
	must(p.AddBefore(systems.StageIntent, "i1", rec("i1")))
	must(p.AddBefore(systems.StageIntent, "i2", rec("i2")))
	if got, want := strings.Join(p.Systems(systems.StageIntent), ","), "i1,i2,intent"; got != want {
		t.Errorf("intent stage: %s, want %s", got, want)
	}
	if got, want := strings.Join(p.Systems(systems.StageRules), ","), "b1,b2,b3,a1,a2"; got != want {
		t.Errorf("rules stage: %s, want %s", got, want)
	}
	p.Step()
	if got, want := strings.Join(order, ","), "i1,i2,b1,b2,b3,a1,a2"; got != want {
		t.Errorf("ran %s, want %s", got, want)
	}

	for _, tc := range []struct {
		name string
		err  error
		want string
	}{
		{"duplicate", p.Add(systems.StageCleanup, "a1", rec("x")), `"a1"`},
		{"duplicate before", p.AddBefore(systems.StageKCC, "b2", rec("x")), `"b2"`},
		{"built-in name", p.Add(systems.StageRope, "kcc", rec("x")), `"kcc"`},
		{"empty name", p.Add(systems.StageRope, "", rec("x")), "empty name"},
		{"nil func", p.Add(systems.StageRope, "n", nil), "nil Func"},
		{"bad stage", p.Add(systems.Stage(42), "s", rec("x")), "no stage"},
	} {
		if tc.err == nil || !strings.Contains(tc.err.Error(), tc.want) {
			t.Errorf("%s: error %v, want one mentioning %s", tc.name, tc.err, tc.want)
		}
	}
	if got := strings.Join(p.Systems(systems.StageRope), ","); got != "" {
		t.Errorf("a refused system was added: rope stage %q", got)
	}
}
