package prefabs_test

import (
	"fmt"
	"runtime"
	"testing"

	"github.com/go-gl/mathgl/mgl64"
	"github.com/seedgames/motorkit/components"
	"github.com/seedgames/motorkit/prefabs"
	"github.com/seedgames/motorkit/systems"
	"github.com/yohamta/donburi"
)

// BenchmarkMemoryPerEntity reports the heap bytes one spawned entity of
// each embedded recipe costs (B/entity): 1000 entities spawned into a
// world, the live heap measured after a GC before and after. It counts
// what the entities keep (components, the per-character kcc.Controller
// and its scratch, motor state), not the garbage of spawning.
func BenchmarkMemoryPerEntity(b *testing.B) {
	lib, err := prefabs.Default()
	if err != nil {
		b.Fatal(err)
	}
	for _, name := range lib.Names() {
		b.Run(name, func(b *testing.B) {
			const n = 1000
			var per float64
			for it := 0; it < b.N; it++ {
				w := donburi.NewWorld()
				var ms runtime.MemStats
				runtime.GC()
				runtime.ReadMemStats(&ms)
				before := ms.HeapAlloc
				for i := 0; i < n; i++ {
					if _, err := lib.Spawn(w, name, prefabs.At(mgl64.Vec3{float64(i), 1, 0})); err != nil {
						b.Fatal(err)
					}
				}
				runtime.GC()
				runtime.ReadMemStats(&ms)
				per = float64(int64(ms.HeapAlloc)-int64(before)) / n
				runtime.KeepAlive(w)
			}
			b.ReportMetric(per, "B/entity")
		})
	}
	_ = fmt.Sprint
}

// BenchmarkMemoryRunningWalkers is the heap per walker after 1000
// walkers have run 120 ticks on the course (component state plus what
// the KCC stage keeps per character once the controllers' scratch has
// grown: the pipeline's controllers are per configuration, not per
// character).
func BenchmarkMemoryRunningWalkers(b *testing.B) {
	var per float64
	for it := 0; it < b.N; it++ {
		var ms runtime.MemStats
		runtime.GC()
		runtime.ReadMemStats(&ms)
		before := ms.HeapAlloc
		w := donburi.NewWorld()
		if _, err := prefabs.SpawnLevel(w, "course"); err != nil {
			b.Fatal(err)
		}
		for i := 0; i < 1000; i++ {
			if _, err := prefabs.Spawn(w, "capsule_walker", prefabs.At(mgl64.Vec3{float64(i%40) - 10, 1.2, float64(i/40) - 10})); err != nil {
				b.Fatal(err)
			}
		}
		p := systems.NewPipeline(w, systems.Options{TickRate: 60})
		for tick := 0; tick < 120; tick++ {
			components.Command.Each(w, func(e *donburi.Entry) {
				c := components.Command.Get(e)
				c.Forward, c.Pending = 1, true
			})
			p.Step()
		}
		runtime.GC()
		runtime.ReadMemStats(&ms)
		per = float64(int64(ms.HeapAlloc)-int64(before)) / 1000
		runtime.KeepAlive(p)
		runtime.KeepAlive(w)
	}
	b.ReportMetric(per, "B/entity")
}
