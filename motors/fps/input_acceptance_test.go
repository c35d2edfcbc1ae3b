package fps_test

import (
	"math"
	"testing"

	"github.com/go-gl/mathgl/mgl64"
	"github.com/seedgames/motorkit/components"
	"github.com/seedgames/motorkit/input"
	"github.com/seedgames/motorkit/motors"
	"github.com/seedgames/motorkit/prefabs"
	"github.com/seedgames/motorkit/systems"
	"github.com/yohamta/donburi"
)

// game is a minimal game loop: an FPS player on flat ground, the input
// adapter fed by key events, and the runner advanced by render frames.
type game struct {
	w      donburi.World
	e      *donburi.Entry
	runner *systems.Runner
	in     input.Adapter
}

func newGame(t testing.TB) *game {
	t.Helper()
	w := donburi.NewWorld()
	if _, err := prefabs.SpawnLevel(w, "flat"); err != nil {
		t.Fatal(err)
	}
	ent, err := prefabs.Spawn(w, "fps_player", prefabs.At(mgl64.Vec3{0, 0.91, 0}))
	if err != nil {
		t.Fatal(err)
	}
	p := systems.NewPipeline(w, systems.Options{TickRate: 60})
	return &game{w: w, e: w.Entry(ent), in: input.Adapter{},
		runner: systems.NewRunner(p, systems.RunnerOptions{MaxStepsPerFrame: 5, MaxFrameDt: def.RunnerMaxFrameDt()})}
}

// frame ends a render frame: adapter -> Submit -> Advance.
func (g *game) frame(frameDt float64, f input.Frame) {
	systems.Submit(g.e, g.in.Update(f))
	g.runner.Advance(frameDt)
}

func (g *game) jumps() uint64 { return components.JumpBuffer.Get(g.e).Consumes }

// TestAcceptanceInputAdapterThroughRunner drives the real pipeline from key
// events the way a game does, at 240, 60 and 15 render FPS: one physical
// press gives exactly one jump, whether the OS sends auto-repeat downs
// while it is held (flagged or not) or the press and release both happen
// inside one frame; presses while the UI has focus give none.
func TestAcceptanceInputAdapterThroughRunner(t *testing.T) {
	for _, fpsRate := range []float64{240, 60, 15} {
		g := newGame(t)
		fdt := 1 / fpsRate
		run := func(seconds float64, each func(i int)) {
			n := int(seconds*fpsRate + 0.5)
			for i := 0; i < n; i++ {
				if each != nil {
					each(i)
				}
				g.frame(fdt, input.Frame{})
			}
		}
		run(0.5, nil) // settle
		// Press and hold for 1.5 s with the OS repeating the key down.
		g.in.Event(input.Jump, true, false)
		run(1.5, func(i int) {
			g.in.Event(input.Jump, true, true)
			g.in.Event(input.Jump, true, false)
		})
		g.in.Event(input.Jump, false, false)
		run(1.0, nil)
		if g.jumps() != 1 {
			t.Fatalf("%v FPS: held press with OS repeat gave %d jumps, want 1", fpsRate, g.jumps())
		}
		// A tap shorter than a frame: down and up before the frame ends.
		g.in.Event(input.Jump, true, false)
		g.in.Event(input.Jump, false, false)
		run(1.0, nil)
		if g.jumps() != 2 {
			t.Fatalf("%v FPS: sub-frame tap gave %d jumps in total, want 2", fpsRate, g.jumps())
		}
		// Typing spaces into a UI text box: no jump, and none when the UI
		// releases with the key still down.
		n := int(0.5*fpsRate + 0.5)
		for i := 0; i < n; i++ {
			g.in.Event(input.Jump, i%2 == 0, false)
			g.frame(fdt, input.Frame{UICaptured: true})
		}
		g.in.Event(input.Jump, true, false)
		g.frame(fdt, input.Frame{UICaptured: true})
		run(1.0, nil) // released with space still down
		if g.jumps() != 2 {
			t.Fatalf("%v FPS: UI typing gave %d jumps in total, want 2", fpsRate, g.jumps())
		}
		g.in.Event(input.Jump, false, false)
		run(0.2, nil)
		g.in.Event(input.Jump, true, false)
		run(1.0, nil)
		if g.jumps() != 3 {
			t.Fatalf("%v FPS: press after the UI released gave %d jumps in total, want 3", fpsRate, g.jumps())
		}
	}
}

// TestBadInputNeverReachesState feeds NaN, infinite and huge axes through
// the adapter and straight into Submit, and bad frame times into the
// runner: no panic, and the body stays finite.
func TestBadInputNeverReachesState(t *testing.T) {
	g := newGame(t)
	bad := []float64{math.NaN(), math.Inf(1), math.Inf(-1), 1e9, -1e300}
	for i, b := range bad {
		g.frame(1.0/60, input.Frame{Forward: b, Strafe: b})
		systems.Submit(g.e, components.CommandData{Forward: b, Strafe: -b, JumpPressed: true, JumpHeld: i%2 == 0, Sprint: true})
		components.View.Get(g.e).Yaw = b
		for _, fdt := range []float64{b, -1, 0, 1e9, 1.0 / 60} {
			g.runner.Advance(fdt)
			body := components.Body.Get(g.e)
			if !motors.FiniteVec(body.Position) || !motors.FiniteVec(body.Velocity) {
				t.Fatalf("value %v, frame dt %v: body %+v", b, fdt, *body)
			}
		}
	}
	if p := components.Body.Get(g.e).Position; p[1] < 0.5 || p[1] > 3 {
		t.Fatalf("the player left the floor: %v", p)
	}
}

// BenchmarkFPSPlayerTick is one fixed tick of the whole pipeline for one
// fps_player walking and jumping on flat ground (adapter + Submit + Step).
// Compare with BenchmarkMotorStages (the motor's own share).
func BenchmarkFPSPlayerTick(b *testing.B) {
	g := newGame(b)
	p := g.runner.Pipeline()
	f := input.Frame{}
	f.Keys[input.Forward] = true
	for i := 0; i < 120; i++ {
		systems.Submit(g.e, g.in.Update(f))
		p.Step()
	}
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		f.Keys[input.Jump] = i%40 == 0
		systems.Submit(g.e, g.in.Update(f))
		p.Step()
	}
}
