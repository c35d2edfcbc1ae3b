package systems_test

import (
	"github.com/go-gl/mathgl/mgl64"
	"testing"
	"time"

	"github.com/seedgames/motorkit/prefabs"
	"github.com/seedgames/motorkit/systems"
	"github.com/yohamta/donburi"
)

// TestStageTiming: with timing on every stage reports a time (a system that
// sleeps 2 ms shows in its stage), off reports zero; and timing changes no
// bit of the state (the golden run's hash with it on).
func TestStageTiming(t *testing.T) {
	w := donburi.NewWorld()
	if _, err := prefabs.SpawnLevel(w, "flat"); err != nil {
		t.Fatal(err)
	}
	if _, err := prefabs.Spawn(w, "capsule_walker"); err != nil {
		t.Fatal(err)
	}
	p := systems.NewPipeline(w, systems.Options{TickRate: 60})
	if err := p.Add(systems.StageRules, "sleepy", func(donburi.World, systems.Tick) { time.Sleep(2 * time.Millisecond) }); err != nil {
		t.Fatal(err)
	}
	p.Step()
	if d := p.StageTime(systems.StageRules); d != 0 {
		t.Fatalf("timing off: rules stage %v", d)
	}
	p.EnableTiming(true)
	p.Step()
	if d := p.StageTime(systems.StageRules); d < 2*time.Millisecond {
		t.Fatalf("rules stage with a 2 ms system: %v", d)
	}
	if p.StageTime(systems.StageKCC) <= 0 || p.StageTime(systems.Stage(99)) != 0 {
		t.Fatalf("kcc stage %v, bad stage %v", p.StageTime(systems.StageKCC), p.StageTime(systems.Stage(99)))
	}
	if p.Ticks() != 2 {
		t.Fatalf("%d ticks", p.Ticks())
	}
	h := func(on bool) uint64 {
		return goldenRunWith(t, "course", func(p *systems.Pipeline) { p.EnableTiming(on) })
	}
	if a, b := h(false), h(true); a != b {
		t.Fatalf("golden hash %x without timing, %x with", a, b)
	}
}

// Timing with workers: each worker adds its blocks' times to its own
// tally (the race detector watches it in CI's short run), and the
// characters' time is counted in the motor and KCC stages, with and
// without character collisions (where the motor steps run in the crowd
// planning's first pass).
func TestTimingWithWorkers(t *testing.T) {
	for _, collide := range []bool{false, true} {
		w := donburi.NewWorld()
		if _, err := prefabs.SpawnLevel(w, "flat"); err != nil {
			t.Fatal(err)
		}
		for i := 0; i < 200; i++ {
			if _, err := prefabs.Spawn(w, "capsule_walker", prefabs.At(mgl64.Vec3{float64(i%20) * 2, 0.91, float64(i/20) * 2})); err != nil {
				t.Fatal(err)
			}
		}
		p := systems.NewPipeline(w, systems.Options{TickRate: 60, Workers: 2, CharacterCollisions: collide})
		p.EnableTiming(true)
		for i := 0; i < 5; i++ {
			p.Step()
		}
		p.Close()
		if p.StageTime(systems.StageShaping) <= 0 || p.StageTime(systems.StageKCC) <= 0 {
			t.Fatalf("collisions %v: shaping %v, kcc %v", collide, p.StageTime(systems.StageShaping), p.StageTime(systems.StageKCC))
		}
	}
}
