package systems_test

import (
	"fmt"
	"math"
	"runtime"
	"testing"
	"time"

	"github.com/go-gl/mathgl/mgl64"
	"github.com/seedgames/motorkit/components"
	"github.com/seedgames/motorkit/prefabs"
	"github.com/seedgames/motorkit/systems"
	"github.com/yohamta/donburi"
)

// scaleCrowd is n walkers spread evenly over the same 100 x 80 m of the
// course level (x -40..60 around the ramps, plateau and steps, z -40..40),
// so that every size meets the same mix of geometry per walker, walking
// forward with a slow weave, with the given KCC workers.
func scaleCrowd(t testing.TB, n, workers int) *systems.Pipeline {
	return courseCrowd(t, n, systems.Options{TickRate: 60, Workers: workers}, nil)
}

// courseCrowd is scaleCrowd with the pipeline options opts and the spawn
// options extra.
func courseCrowd(t testing.TB, n int, opts systems.Options, extra []prefabs.Option) *systems.Pipeline {
	w := donburi.NewWorld()
	if _, err := prefabs.SpawnLevel(w, "course"); err != nil {
		t.Fatal(err)
	}
	side := int(math.Ceil(math.Sqrt(float64(n) * 100 / 80)))
	step := 100 / float64(side)
	for i := 0; i < n; i++ {
		pos := mgl64.Vec3{-40 + step*float64(i%side), 1.2, -40 + step*float64(i/side)}
		if _, err := prefabs.Spawn(w, "capsule_walker", append(extra, prefabs.At(pos), prefabs.Facing(float64(i%7)*0.3))...); err != nil {
			t.Fatal(err)
		}
	}
	p := systems.NewPipeline(w, opts)
	p.AddBefore(systems.StageIntent, "bench.input", func(w donburi.World, tk systems.Tick) {
		components.Command.Each(w, func(e *donburi.Entry) {
			c := components.Command.Get(e)
			c.Forward, c.Strafe, c.Pending = 1, 0.4*math.Sin(float64(tk.N)*0.02), true
		})
	})
	for i := 0; i < 30; i++ {
		p.Step()
	}
	// Collect the spawning's garbage now: a collection running during the
	// measured ticks (its background worker takes the second core, and
	// its write barriers slow the first) would be charged to the largest
	// crowd.
	runtime.GC()
	return p
}

// stepInTurns plays t ticks of each pipeline in turn, adding the time
// and the ticks to each one's spent and ticks: the configurations of a
// benchmark take turns, so a change in the shared machine's speed hits
// them alike.
func stepInTurns(pipes []*systems.Pipeline, t int, spent []time.Duration, ticks []int) {
	for k, p := range pipes {
		start := time.Now()
		for j := 0; j < t; j++ {
			p.Step()
		}
		spent[k] += time.Since(start)
		ticks[k] += t
	}
}

// BenchmarkScaleWalkers runs 100, 1,000 and 10,000 walkers on the course
// at 60 Hz (one goroutine) in the same run and reports ms per tick and ns
// per walker-tick for each size, and "linearity": ns per walker at 10,000
// over ns per walker at 1,000 (1 = perfectly linear; the goal: at
// most 1.3). Every size plays the same ticks (the same span of game time,
// so the walkers have crossed the same terrain: a crowd that has walked
// further is mostly falling off the level's edge, which costs less), 20
// per round, three rounds per b.N taken in turn, so a change in the shared
// machine's speed hits every size alike.
func BenchmarkScaleWalkers(b *testing.B) {
	sizes := []int{100, 1000, 10000}
	pipes := make([]*systems.Pipeline, len(sizes))
	for i, n := range sizes {
		pipes[i] = scaleCrowd(b, n, 1)
	}
	spent := make([]time.Duration, len(sizes))
	ticks := make([]int, len(sizes))
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		for round := 0; round < 3; round++ {
			stepInTurns(pipes, 20, spent, ticks)
		}
	}
	b.StopTimer()
	perEntity := map[int]float64{}
	for k, n := range sizes {
		ns := float64(spent[k].Nanoseconds()) / float64(ticks[k])
		perEntity[n] = ns / float64(n)
		b.ReportMetric(ns/1e6, fmt.Sprintf("ms/tick@%d", n))
		b.ReportMetric(ns/float64(n), fmt.Sprintf("ns/walker@%d", n))
	}
	b.ReportMetric(perEntity[10000]/perEntity[1000], "linearity")
}

// BenchmarkScaleWalkers10kWorkers2 is 10,000 walkers with 2 workers. It
// reports ms per tick, and of that the benchmark's own input system (a
// game system before the intent stage, serial: in one pass the intent
// stage's time is only that) and the pipeline's rest.
func BenchmarkScaleWalkers10kWorkers2(b *testing.B) {
	p := scaleCrowd(b, 10000, 2)
	defer p.Close()
	p.EnableTiming(true)
	var input time.Duration
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		p.Step()
		input += p.StageTime(systems.StageIntent)
	}
	tick := float64(b.Elapsed().Nanoseconds()) / float64(b.N) / 1e6
	in := float64(input.Nanoseconds()) / float64(b.N) / 1e6
	b.ReportMetric(tick, "ms/tick")
	b.ReportMetric(in, "input-ms/tick")
	b.ReportMetric(tick-in, "pipeline-ms/tick")
}

// BenchmarkDividedRun10k compares, in one run, 10,000 walkers on the
// course ticked as one run of the characters' steps (the default) and
// divided by a game system between friction and accel (two runs), with 1
// and 2 workers (interleaved: see interleave). It reports ms per tick for
// each and the ratio one/divided for each worker count: what a game system
// among the motor stages costs.
func BenchmarkDividedRun10k(b *testing.B) {
	againstDefault(b, "one", "divided", func(p *systems.Pipeline) {
		p.Add(systems.StageFriction, "bench.between", func(donburi.World, systems.Tick) {})
	})
}

// BenchmarkContactCache10k compares, in one run, 10,000 walkers on the
// course moved with and without their kcc.ContactCache (the default is
// with), with 1 and 2 workers (interleaved: see interleave). It reports ms
// per tick for each and the ratio with/without for each worker count.
func BenchmarkContactCache10k(b *testing.B) {
	againstDefault(b, "cache", "nocache", func(p *systems.Pipeline) { p.SetContactCache(false) })
}

// againstDefault interleaves the default pipeline (named dflt) and one
// changed by set (named other), each with 1 and 2 workers, and reports
// the ratio dflt/other for each worker count.
func againstDefault(b *testing.B, dflt, other string, set func(*systems.Pipeline)) {
	var vs []variant
	for _, w := range []int{1, 2} {
		vs = append(vs, variant{fmt.Sprintf("%s@%dw", dflt, w), w, func(*systems.Pipeline) {}},
			variant{fmt.Sprintf("%s@%dw", other, w), w, set})
	}
	ms := interleave(b, vs)
	for _, w := range []int{1, 2} {
		b.ReportMetric(ms[fmt.Sprintf("%s@%dw", dflt, w)]/ms[fmt.Sprintf("%s@%dw", other, w)], fmt.Sprintf("%s/%s@%dw", dflt, other, w))
	}
}

// variant is one crowd of interleave: a name, its workers and a change of
// the pipeline.
type variant struct {
	name    string
	workers int
	set     func(*systems.Pipeline)
}

// interleave ticks one crowd of 10,000 walkers on the course per variant,
// 20 ticks each in turn, the order reversed every other round (ABCD, then
// DCBA: the crowd that runs after another starts on caches that one
// filled, and without the turn the ratios swing by ±5% with the order
// alone), so a change in the shared machine's speed hits all alike. It
// reports and returns ms per tick by variant.
func interleave(b *testing.B, vs []variant) map[string]float64 {
	type run struct {
		p *systems.Pipeline
		d time.Duration
		n int
	}
	runs := make([]*run, len(vs))
	for i, v := range vs {
		p := scaleCrowd(b, 10000, v.workers)
		v.set(p)
		runs[i] = &run{p: p}
	}
	defer func() {
		for _, r := range runs {
			r.p.Close()
		}
	}()
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		for k := range runs {
			j := k
			if i%2 == 1 {
				j = len(runs) - 1 - k
			}
			r := runs[j]
			const t = 20
			start := time.Now()
			for tick := 0; tick < t; tick++ {
				r.p.Step()
			}
			r.d += time.Since(start)
			r.n += t
		}
	}
	b.StopTimer()
	ms := map[string]float64{}
	for i, r := range runs {
		ms[vs[i].name] = float64(r.d.Nanoseconds()) / float64(r.n) / 1e6
		b.ReportMetric(ms[vs[i].name], "ms/tick:"+vs[i].name)
	}
	return ms
}
