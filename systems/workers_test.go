package systems_test

import (
	"hash"
	"hash/fnv"
	"math"
	"testing"
	"time"

	"github.com/go-gl/mathgl/mgl64"
	"github.com/seedgames/motorkit/components"
	"github.com/seedgames/motorkit/kcc"
	"github.com/seedgames/motorkit/prefabs"
	"github.com/seedgames/motorkit/systems"
	"github.com/yohamta/donburi"
)

// walkers spawns n walkers on the course level, 1.5 m apart on a grid,
// each with its own steady input, and a pipeline with the given workers.
func walkers(t testing.TB, n, workers int) (donburi.World, *systems.Pipeline, []donburi.Entity) {
	w := donburi.NewWorld()
	if _, err := prefabs.SpawnLevel(w, "course"); err != nil {
		t.Fatal(err)
	}
	var es []donburi.Entity
	for i := 0; i < n; i++ {
		pos := mgl64.Vec3{float64(i%40)*1.5 - 20, 1.5, float64(i/40)*1.5 - 20}
		ent, err := prefabs.Spawn(w, "capsule_walker", prefabs.At(pos), prefabs.Facing(float64(i)*0.37))
		if err != nil {
			t.Fatal(err)
		}
		es = append(es, ent)
	}
	p := systems.NewPipeline(w, systems.Options{TickRate: 60, Workers: workers})
	p.AddBefore(systems.StageIntent, "test.input", func(w donburi.World, tk systems.Tick) {
		for i, ent := range es {
			c := components.Command.Get(w.Entry(ent))
			c.Forward, c.Strafe = 1, 0.5*math.Sin(float64(tk.N)*0.01+float64(i))
			c.JumpPressed, c.JumpHeld = (int(tk.N)+i)%97 == 0, true
			c.Pending = true
		}
	})
	return w, p, es
}

// bitHash hashes float64 values by their bits (FNV-64a), for comparing
// states bit for bit.
type bitHash struct {
	h hash.Hash64
	b [8]byte
}

func newBitHash() *bitHash { return &bitHash{h: fnv.New64a()} }

func (x *bitHash) put(f float64) {
	u := math.Float64bits(f)
	for i := range x.b {
		x.b[i] = byte(u >> (8 * i))
	}
	x.h.Write(x.b[:])
}

func (x *bitHash) putVec(v mgl64.Vec3) { x.put(v[0]); x.put(v[1]); x.put(v[2]) }

func (x *bitHash) sum() uint64 { return x.h.Sum64() }

// stateHash hashes the bodies' positions and velocities.
func stateHash(w donburi.World, es []donburi.Entity) uint64 {
	h := newBitHash()
	for _, ent := range es {
		body := components.Body.Get(w.Entry(ent))
		for i := 0; i < 3; i++ {
			h.put(body.Position[i])
			h.put(body.Velocity[i])
		}
	}
	return h.sum()
}

// sameBitsAcrossWorkers steps n walkers for ticks ticks with each worker
// count and fails unless every state hash equals the first count's.
func sameBitsAcrossWorkers(t *testing.T, n, ticks int, counts ...int) {
	var want uint64
	for _, k := range counts {
		w, p, es := walkers(t, n, k)
		for i := 0; i < ticks; i++ {
			p.Step()
		}
		p.Close()
		got := stateHash(w, es)
		if k == counts[0] {
			want = got
		} else if got != want {
			t.Fatalf("%d workers: state hash %x, %d worker(s) %x", k, got, counts[0], want)
		}
	}
}

// 1000 walkers on the course for 1000 ticks (-short: 200) with 1, 2 and 8
// KCC workers: the state hashes are identical.
func TestWorkersSameBits(t *testing.T) {
	ticks := 1000
	if testing.Short() {
		ticks = 200
	}
	sameBitsAcrossWorkers(t, 1000, ticks, 1, 2, 8)
}

// BenchmarkKCCWorkers1 and BenchmarkKCCWorkers2 are one tick of 1000
// walkers on the course with 1 and 2 workers. Each reports the whole tick
// (ms/tick) and the KCC stage alone (kcc-ms/tick); the 2-worker benchmark
// also reports both speed-ups over 1 worker, the two pipelines stepping in
// alternation in the same run (the goal: kcc-speedup at least 1.7).
func BenchmarkKCCWorkers1(b *testing.B) { benchWorkers(b, 1) }
func BenchmarkKCCWorkers2(b *testing.B) { benchWorkers(b, 2) }

// timedWalkers is walkers with a clock around the KCC stage.
func timedWalkers(b *testing.B, workers int) (*systems.Pipeline, *time.Duration) {
	_, p, _ := walkers(b, 1000, workers)
	var start time.Time
	var kcc time.Duration
	p.AddBefore(systems.StageKCC, "bench.kcc-start", func(donburi.World, systems.Tick) { start = time.Now() })
	p.Add(systems.StageKCC, "bench.kcc-end", func(donburi.World, systems.Tick) { kcc += time.Since(start) })
	for i := 0; i < 60; i++ {
		p.Step()
	}
	kcc = 0
	return p, &kcc
}

func benchWorkers(b *testing.B, k int) {
	p, kcc := timedWalkers(b, k)
	defer p.Close()
	if k == 1 {
		b.ReportAllocs()
		b.ResetTimer()
		for i := 0; i < b.N; i++ {
			p.Step()
		}
		b.StopTimer()
		b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/1e6, "ms/tick")
		b.ReportMetric(float64(kcc.Nanoseconds())/float64(b.N)/1e6, "kcc-ms/tick")
		return
	}
	// The 1-worker baseline steps in alternation with the k-worker
	// pipeline, tick for tick, so a change in the shared machine's speed
	// hits both alike.
	base, bkcc := timedWalkers(b, 1)
	var tk, t1 time.Duration
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		start := time.Now()
		p.Step()
		tk += time.Since(start)
		start = time.Now()
		base.Step()
		t1 += time.Since(start)
	}
	b.StopTimer()
	n := float64(b.N)
	b.ReportMetric(float64(tk.Nanoseconds())/n/1e6, "ms/tick")
	b.ReportMetric(float64(kcc.Nanoseconds())/n/1e6, "kcc-ms/tick")
	b.ReportMetric(float64(t1.Nanoseconds())/float64(tk.Nanoseconds()), "speedup")
	b.ReportMetric(float64(bkcc.Nanoseconds())/float64(kcc.Nanoseconds()), "kcc-speedup")
}

// Controllers of configurations the pipeline has not met, given to the
// walkers mid-game while the workers move them (the moves number the new
// configurations themselves): 1, 2 and 8 workers give the same bits, and
// not those of the same walkers left with their recipe's controller.
func TestNewConfigurationsMidGameSameBits(t *testing.T) {
	run := func(workers int, swap bool) uint64 {
		w, p, es := walkers(t, 400, workers)
		defer p.Close()
		for tick := 0; tick < 90; tick++ {
			// Every third walker a configuration of its own at tick 20,
			// every fifth another at 50: a controller per character, as a
			// game may well make.
			for i, ent := range es {
				cfg := kcc.DefaultConfig()
				switch {
				case swap && tick == 20 && i%3 == 0:
					cfg.Offset = 0.1
				case swap && tick == 50 && i%5 == 0:
					cfg.Offset, cfg.MaxSlopeClimbAngle = 0.05, 0.5
				default:
					continue
				}
				components.KCC.Get(w.Entry(ent)).Controller = kcc.NewController(cfg)
			}
			p.Step()
		}
		return stateHash(w, es)
	}
	want := run(1, true)
	if run(1, false) == want {
		t.Fatal("the walkers given new controllers moved as with their recipe's")
	}
	for _, k := range []int{2, 8} {
		if got := run(k, true); got != want {
			t.Fatalf("%d workers: state hash %x, 1 worker %x", k, got, want)
		}
	}
}
