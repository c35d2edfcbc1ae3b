package systems_test

import (
	"math"
	"runtime"
	"testing"
	"time"

	"github.com/go-gl/mathgl/mgl64"
	"github.com/seedgames/motorkit/components"
	"github.com/seedgames/motorkit/internal/fieldcrowd"
)

// The open-field crowd (fieldCrowd) at the sizes of
// tools/kcccompare/crowd.mjs, which plays the same crowd through Jolt's
// CharacterVirtual: the pipeline rows of "Crowds side by side with Jolt"
// in docs/kcc.md (kcc.BenchmarkCrowdCompare gives the kcc-alone rows).

// BenchmarkFieldCrowdCompare runs the open-field crowd through the whole
// pipeline (motor and kcc, CharacterCollisions) at 100, 500 and 2,000
// walkers, blocking and pushing, with 1 and 2 workers, in one run, as
// crowd.mjs plays it through Jolt: 60 ticks of warm-up, then every b.N
// round 10 timed ticks of each configuration in turn (-benchtime 12x:
// crowd.mjs's 120 ticks), so a change in the machine's speed hits them
// alike. Reported per configuration: µs per character-tick
// (us/char-tick:MODE-N-wW) and, outside the timed ticks, the closest axes
// of two walkers over the timed ticks (closest-m:…), the share of walkers
// touching another, mean over the timed ticks (touching-%:…), how far
// the paired walkers walked along the way they face by the end
// (walked-m:…), and the share grounded at the end (grounded-%:…).
func BenchmarkFieldCrowdCompare(b *testing.B) {
	const half = 0.6
	confs := fieldConfs(100, 500, 2000)
	pipes, worlds, walkers := startFields(b, confs)
	positions := func(k int, pos []mgl64.Vec3) []mgl64.Vec3 {
		pos = pos[:0]
		for _, e := range walkers[k] {
			pos = append(pos, components.Body.Get(worlds[k].Entry(e)).Position)
		}
		return pos
	}
	runtime.GC()
	spent := make([]time.Duration, len(confs))
	ticks := make([]int, len(confs))
	closest := make([]float64, len(confs))
	touching := make([]int, len(confs))
	for k := range closest {
		closest[k] = math.Inf(1)
	}
	var pos []mgl64.Vec3
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		for k := range confs {
			for j := 0; j < 10; j++ {
				start := time.Now()
				pipes[k].Step()
				spent[k] += time.Since(start)
				ticks[k]++
				b.StopTimer()
				pos = positions(k, pos)
				c, touch := fieldcrowd.Meet(pos, half)
				closest[k] = math.Min(closest[k], c)
				touching[k] += touch
				b.StartTimer()
			}
		}
	}
	b.StopTimer()
	for k, c := range confs {
		tag := c.tag()
		b.ReportMetric(float64(spent[k].Nanoseconds())/float64(ticks[k])/float64(c.n)/1000, "us/char-tick:"+tag)
		b.ReportMetric(closest[k], "closest-m:"+tag)
		b.ReportMetric(100*float64(touching[k])/float64(ticks[k])/float64(c.n), "touching-%:"+tag)
		pos = positions(k, pos)
		start, side := fieldcrowd.Start(c.n)
		b.ReportMetric(fieldcrowd.Walked(start, pos, side), "walked-m:"+tag)
		grounded := 0
		for _, e := range walkers[k] {
			if components.KCC.Get(worlds[k].Entry(e)).Grounded {
				grounded++
			}
		}
		b.ReportMetric(100*float64(grounded)/float64(c.n), "grounded-%:"+tag)
		pipes[k].Close()
	}
}

// TestFieldCompareStarts: fieldcrowd.Start is where fieldCrowd spawns its
// walkers (BenchmarkFieldCrowdCompare's walked-m reads from them).
func TestFieldCompareStarts(t *testing.T) {
	for _, n := range []int{7, 30} {
		p, w, es := fieldCrowd(t, n, 1, false)
		start, _ := fieldcrowd.Start(n)
		for i, e := range es {
			if got := components.Body.Get(w.Entry(e)).Position; got != start[i] {
				t.Fatalf("n %d: walker %d spawned at %v, fieldcrowd.Start says %v", n, i, got, start[i])
			}
		}
		p.Close()
	}
}
