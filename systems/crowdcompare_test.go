package systems_test

import (
	"fmt"
	"math"
	"runtime"
	"testing"
	"time"

	"github.com/go-gl/mathgl/mgl64"
	"github.com/seedgames/motorkit/components"
	"github.com/seedgames/motorkit/systems"
	"github.com/yohamta/donburi"
)

// The open-field crowd (fieldCrowd) at the sizes of
// tools/kcccompare/crowd.mjs, which plays the same crowd through Jolt's
// CharacterVirtual: the pipeline rows of "Crowds side by side with Jolt"
// in docs/kcc.md (kcc.BenchmarkCrowdCompare gives the kcc-alone rows).

// compareTouch is the axis distance under which two characters count as
// touching (2 x radius plus 5 cm), as in crowd.mjs.
const compareTouch = 0.65

// touchingCount is how many of the upright capsules of half height half
// centred at pos touch another (axes closer than compareTouch), through a
// 1 m grid of the positions (as closestAxes).
func touchingCount(pos []mgl64.Vec3, half float64) int {
	type key struct{ x, z int }
	cells := map[key][]int{}
	for i, p := range pos {
		k := key{int(math.Floor(p[0])), int(math.Floor(p[2]))}
		cells[k] = append(cells[k], i)
	}
	touch := make([]bool, len(pos))
	for i, p := range pos {
		kx, kz := int(math.Floor(p[0])), int(math.Floor(p[2]))
		for dx := -1; dx <= 1; dx++ {
			for dz := -1; dz <= 1; dz++ {
				for _, j := range cells[key{kx + dx, kz + dz}] {
					if j > i && axisDistance(p, pos[j], half) < compareTouch {
						touch[i], touch[j] = true, true
					}
				}
			}
		}
	}
	n := 0
	for _, t := range touch {
		if t {
			n++
		}
	}
	return n
}

// fieldStarts are the spawn positions of fieldCrowd's n walkers.
func fieldStarts(n int) ([]mgl64.Vec3, int) {
	side := int(math.Ceil(math.Sqrt(float64(n))))
	out := make([]mgl64.Vec3, n)
	for i := range out {
		out[i] = mgl64.Vec3{float64(i%side) - float64(side)/2, 0.91, float64(i/side) - float64(side)/2}
	}
	return out, side
}

// walkedPaired is how far the walkers that start in a pair (an even
// column and the odd one after it) walked along the way they face, the
// mean over them.
func walkedPaired(start, pos []mgl64.Vec3, side int) float64 {
	sum, k := 0.0, 0
	for i := range pos {
		col := i % side
		if col%2 == 0 && (col+1 >= side || i+1 >= len(pos)) {
			continue // no partner
		}
		d := 1.0
		if col%2 == 1 {
			d = -1
		}
		sum += d * (pos[i][0] - start[i][0])
		k++
	}
	return sum / float64(k)
}

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
	type conf struct {
		n, workers int
		push       bool
	}
	var confs []conf
	for _, n := range []int{100, 500, 2000} {
		for _, push := range []bool{false, true} {
			for _, workers := range []int{1, 2} {
				confs = append(confs, conf{n, workers, push})
			}
		}
	}
	pipes := make([]*systems.Pipeline, len(confs))
	worlds := make([]donburi.World, len(confs))
	walkers := make([][]donburi.Entity, len(confs))
	for k, c := range confs {
		pipes[k], worlds[k], walkers[k] = fieldCrowd(b, c.n, c.workers, c.push)
		for j := 0; j < 60; j++ {
			pipes[k].Step()
		}
	}
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
				closest[k] = math.Min(closest[k], closestAxes(pos, half))
				touching[k] += touchingCount(pos, half)
				b.StartTimer()
			}
		}
	}
	b.StopTimer()
	for k, c := range confs {
		mode := "block"
		if c.push {
			mode = "push"
		}
		tag := fmt.Sprintf("%s-%d-w%d", mode, c.n, c.workers)
		b.ReportMetric(float64(spent[k].Nanoseconds())/float64(ticks[k])/float64(c.n)/1000, "us/char-tick:"+tag)
		b.ReportMetric(closest[k], "closest-m:"+tag)
		b.ReportMetric(100*float64(touching[k])/float64(ticks[k])/float64(c.n), "touching-%:"+tag)
		pos = positions(k, pos)
		start, side := fieldStarts(c.n)
		b.ReportMetric(walkedPaired(start, pos, side), "walked-m:"+tag)
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

// TestFieldCompareStarts: fieldStarts are where fieldCrowd spawns its
// walkers (BenchmarkFieldCrowdCompare's walked-m reads from them).
func TestFieldCompareStarts(t *testing.T) {
	for _, n := range []int{7, 30} {
		p, w, es := fieldCrowd(t, n, 1, false)
		start, _ := fieldStarts(n)
		for i, e := range es {
			if got := components.Body.Get(w.Entry(e)).Position; got != start[i] {
				t.Fatalf("n %d: walker %d spawned at %v, fieldStarts says %v", n, i, got, start[i])
			}
		}
		p.Close()
	}
}
