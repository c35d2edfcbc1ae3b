package systems_test

import (
	"fmt"
	"math"
	"testing"

	"github.com/go-gl/mathgl/mgl64"
	"github.com/seedgames/motorkit/components"
	"github.com/seedgames/motorkit/prefabs"
	"github.com/seedgames/motorkit/systems"
	"github.com/yohamta/donburi"
	"github.com/yohamta/donburi/ecs"
)

func newWalker(t testing.TB, level string, opts ...prefabs.Option) (donburi.World, *systems.Pipeline, *donburi.Entry) {
	t.Helper()
	w := donburi.NewWorld()
	if _, err := prefabs.SpawnLevel(w, level); err != nil {
		t.Fatal(err)
	}
	ent, err := prefabs.Spawn(w, "capsule_walker", opts...)
	if err != nil {
		t.Fatal(err)
	}
	return w, systems.NewPipeline(w, systems.Options{TickRate: 60}), w.Entry(ent)
}

func TestRunnerAccumulatesFixedTicks(t *testing.T) {
	_, p, _ := newWalker(t, "flat")
	r := systems.NewRunner(p, systems.RunnerOptions{})
	// 60 frames of exactly 1/60 s run exactly 60 ticks (the tolerance keeps
	// rounding from producing a 0-then-2 pattern).
	for i := 0; i < 60; i++ {
		if n := r.Advance(1.0 / 60); n != 1 {
			t.Fatalf("frame %d ran %d ticks, want 1", i, n)
		}
	}
	// 144 Hz display: 144 frames make one second, 60 ticks in total.
	total := 0
	for i := 0; i < 144; i++ {
		total += r.Advance(1.0 / 144)
	}
	if total < 59 || total > 60 {
		t.Fatalf("one second at 144 FPS ran %d ticks", total)
	}
	if a := r.Alpha(); a < 0 || a >= 1 {
		t.Fatalf("alpha %v outside [0,1)", a)
	}
}

// docs/motors/fps.md#jump-timing-in-ticks "dt spikes": a 2 s frame is clamped to MaxFrameDt (0.25 s, 15
// ticks) and then to MaxStepsPerFrame (5), so the simulation advances 5
// ticks, not 120, and a buffered press survives it and is consumed once.
func TestDtSpikeClampsAndKeepsBuffer(t *testing.T) {
	// Falling from 0.2 m above the floor lands after sqrt(2*0.2/20) =
	// 0.141 s, about 9 ticks.
	_, p, e := newWalker(t, "flat", prefabs.At(mgl64.Vec3{0, 1.11, 0}))
	r := systems.NewRunner(p, systems.DefaultRunnerOptions())
	for i := 0; i < 6; i++ { // 6 ticks of falling, still airborne
		r.Advance(1.0 / 60)
	}
	if components.KCC.Get(e).Grounded {
		t.Fatal("landed too early for the scenario")
	}
	systems.Submit(e, components.CommandData{JumpPressed: true, JumpHeld: true})
	jb := components.JumpBuffer.Get(e)
	before := jb.Consumes
	n := r.Advance(2.0)
	if n != 5 {
		t.Fatalf("2 s spike ran %d ticks, want the 5-step clamp", n)
	}
	if p.Ticks() != 11 {
		t.Fatalf("simulation at tick %d after the spike, want 11", p.Ticks())
	}
	if jb.Consumes != before+1 {
		t.Fatalf("buffered press consumed %d times in the spike frame, want 1", jb.Consumes-before)
	}
	if n := r.Advance(2.0); n != 5 || jb.Consumes != before+1 {
		t.Fatalf("a second spike ran %d ticks and consumed %d jumps in total", n, jb.Consumes-before)
	}
}

func TestRunnerIgnoresBadFrameDt(t *testing.T) {
	_, p, _ := newWalker(t, "flat")
	r := systems.NewRunner(p, systems.RunnerOptions{})
	for _, dt := range []float64{math.NaN(), -1, 0, math.Inf(-1)} {
		if n := r.Advance(dt); n != 0 {
			t.Fatalf("Advance(%v) ran %d ticks", dt, n)
		}
	}
	if n := r.Advance(math.Inf(1)); n != 5 {
		t.Fatalf("Advance(+Inf) ran %d ticks, want the 5-step clamp", n)
	}
}

func TestECSSystemDrivesRunner(t *testing.T) {
	w, p, _ := newWalker(t, "flat")
	r := systems.NewRunner(p, systems.RunnerOptions{})
	world := ecs.NewECS(w)
	world.AddSystem(r.ECSSystem(1.0 / 60))
	for i := 0; i < 30; i++ {
		world.Update()
	}
	if p.Ticks() != 30 {
		t.Fatalf("30 ecs updates ran %d ticks", p.Ticks())
	}
}

func TestStageOrderAndHooks(t *testing.T) {
	_, p, _ := newWalker(t, "flat")
	var order []string
	for _, s := range systems.Stages() {
		name := s.String()
		p.AddBefore(s, "before-"+name, func(donburi.World, systems.Tick) { order = append(order, "<"+name) })
		p.AddAfter(s, "after-"+name, func(donburi.World, systems.Tick) { order = append(order, name+">") })
	}
	p.Step()
	want := []string{"<intent", "intent>", "<buffer", "buffer>", "<friction", "friction>", "<accel", "accel>",
		"<shaping", "shaping>", "<kcc", "kcc>", "<rope", "rope>", "<rules", "rules>", "<cleanup", "cleanup>"}
	if len(order) != len(want) {
		t.Fatalf("order %v", order)
	}
	for i := range want {
		if order[i] != want[i] {
			t.Fatalf("order %v, want %v", order, want)
		}
	}
	// The KCC stage: the level's movers, the moves, the sensor report.
	if got := p.Systems(systems.StageKCC); fmt.Sprint(got) != "[before-kcc platforms kcc sensors after-kcc]" {
		t.Fatalf("kcc stage systems %v", got)
	}
}

func TestDeferRunsInCleanup(t *testing.T) {
	w, p, _ := newWalker(t, "flat")
	var spawned donburi.Entity
	p.Add(systems.StageRules, "spawner", func(w donburi.World, tk systems.Tick) {
		if tk.N == 0 {
			p.Defer(func(w donburi.World) {
				var err error
				spawned, err = prefabs.Spawn(w, "capsule_walker", prefabs.At(mgl64.Vec3{3, 0.91, 0}))
				if err != nil {
					t.Error(err)
				}
			})
			if spawned != donburi.Null {
				t.Error("deferred spawn ran before cleanup")
			}
		}
	})
	p.Step()
	if !w.Valid(spawned) {
		t.Fatal("deferred spawn did not happen in cleanup")
	}
}
