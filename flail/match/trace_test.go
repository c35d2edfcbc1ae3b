package match_test

import (
	"math"
	"testing"

	"github.com/seedgames/motorkit/flail/match"

	"github.com/seedgames/motorkit/flail"
	"github.com/seedgames/motorkit/systems"
	"github.com/seedgames/motorkit/trace"
	"github.com/yohamta/donburi"
)

func replayFlail(t *testing.T, path string, setup ...func(w donburi.World, p *systems.Pipeline) error) *trace.Result {
	t.Helper()
	tr, err := trace.Load(path)
	if err != nil {
		t.Fatal(err)
	}
	opts := []trace.Option{trace.WithSetup(func(w donburi.World, p *systems.Pipeline) error {
		_, err := match.Install(p, match.Options{Seed: 1})
		return err
	}), trace.WithSubmit(match.ReplayCar)}
	for _, s := range setup {
		opts = append(opts, trace.WithSetup(s))
	}
	res, err := trace.Replay(tr, opts...)
	if err != nil {
		t.Fatal(err)
	}
	return res
}

func TestFlailTraceTerminalSpeedAndDecay(t *testing.T) {
	res := replayFlail(t, "../../testdata/flail/terminal_speed.toml")
	if len(res.Samples) != 240 {
		t.Fatalf("%d samples", len(res.Samples))
	}
	// v_n = 10 (1 - 1.1^-n) u/tick = 4 (1 - 1.1^-n) m/s after n ticks.
	for _, n := range []int{1, 10, 50, 200} {
		want := 4 * (1 - math.Pow(1.1, -float64(n)))
		if got := res.Samples[n-1].PlanarSpeed; math.Abs(got-want) > 1e-12 {
			t.Fatalf("tick %d: %v m/s, want %v", n, got, want)
		}
	}
	v200 := res.Samples[199].PlanarSpeed
	if got, want := res.Samples[239].PlanarSpeed/v200, math.Pow(1/1.1, 40); math.Abs(got-want) > 1e-12 {
		t.Fatalf("decay over 1 s: %v, want %v", got, want)
	}
}

func TestFlailTraceWallSlide(t *testing.T) {
	res := replayFlail(t, "../../testdata/flail/wall_slide.toml")
	last := res.Samples[len(res.Samples)-1]
	// stopped at the wall: x = 42.5 - 0.3 - offset (0.01), within 1 mm.
	if math.Abs(last.Position[0]-(42.5-0.3-0.01)) > 1e-3 {
		t.Fatalf("car x %v: did not stop at the wall", last.Position[0])
	}
	// sliding along +Z at the tangential part of the drive: the reference step's
	// terminal velocity 4 m/s at 30 degrees has z component 4 sin 30 = 2 m/s
	// (the x part is removed by the wall every tick).
	if math.Abs(last.Velocity[2]-2) > 1e-6 || math.Abs(last.Velocity[0]) > 1e-9 || last.Position[1] != 0 {
		t.Fatalf("velocity %v at %v", last.Velocity, last.Position)
	}
}

func TestFlailTraceThrowAndAttract(t *testing.T) {
	var thrownAt, attractAt, backAt = -1, -1, -1
	probe := func(w donburi.World, p *systems.Pipeline) error {
		p.Add(systems.StageCleanup, "probe", func(w donburi.World, tk systems.Tick) {
			match.Flail.Each(w, func(e *donburi.Entry) {
				f := match.Flail.Get(e)
				n := int(tk.N)
				switch {
				case f.Flail.Thrown && thrownAt < 0:
					thrownAt = n
				case f.Flail.Attracting && attractAt < 0:
					attractAt = n
				case !f.Flail.Thrown && thrownAt >= 0 && backAt < 0:
					backAt = n
				}
			})
		})
		return nil
	}
	res := replayFlail(t, "../../testdata/flail/throw_attract.toml", probe)
	if thrownAt != 80 || attractAt != 121 {
		t.Fatalf("thrown at tick %d (want 80), attracting from %d (want 121)", thrownAt, attractAt)
	}
	if backAt < 0 || backAt > 240 {
		t.Fatalf("flail never re-attached (back at %d)", backAt)
	}
	f := match.Flail.Get(res.World.Entry(res.Entity))
	if f.Flail.Thrown || !flail.FiniteVec(f.Flail.Pos) {
		t.Fatalf("end state %+v", f.Flail)
	}
	t.Logf("thrown at %d, attracting from %d, re-attached at %d", thrownAt, attractAt, backAt)
}

// The same trace at 60 Hz: exact mode's constants are rescaled so the
// per-second figures hold (terminal 4 m/s; decay (1/1.1)^40 per second).
func TestFlailTraceTerminalSpeedAt60Hz(t *testing.T) {
	tr, err := trace.Load("../../testdata/flail/terminal_speed.toml")
	if err != nil {
		t.Fatal(err)
	}
	res, err := trace.Replay(tr, trace.WithTickRate(60), trace.WithSubmit(match.ReplayCar), trace.WithSetup(func(w donburi.World, p *systems.Pipeline) error {
		_, err := match.Install(p, match.Options{Seed: 1})
		return err
	}))
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Samples) != 360 {
		t.Fatalf("%d samples", len(res.Samples))
	}
	// 5 s at 60 Hz: 300 ticks; 1 - 1.1^(-300*40/60) ~ 1 - 5e-9.
	v := res.Samples[299].PlanarSpeed
	if math.Abs(v-4) > 1e-6 {
		t.Fatalf("60 Hz terminal speed %v m/s", v)
	}
	if got, want := res.Samples[359].PlanarSpeed/v, math.Pow(1/1.1, 40); math.Abs(got-want) > 1e-9 {
		t.Fatalf("60 Hz decay over 1 s: %v, want %v", got, want)
	}
}
