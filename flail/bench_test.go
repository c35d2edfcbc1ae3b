package flail

import (
	"math"
	"testing"
	"time"

	"github.com/go-gl/mathgl/mgl64"
)

func warmSim(b testing.TB, bots int) *Sim {
	s := botSim(b, bots, 1, 42.5)
	for i := 0; i < 200; i++ {
		s.Step()
	}
	return s
}

// BenchmarkSimStep1000Bots is one 40 Hz tick of the pure simulation (no
// ECS, cars collide with the 2D arena) with 1000 bots: physics, rules with
// grid hit detection, bots.
func BenchmarkSimStep1000Bots(b *testing.B) {
	s := warmSim(b, 1000)
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		s.Step()
	}
}

// allPairsHits is the baseline hit test: every flail against every car.
func allPairsHits(ag []Agent, carR, killSpeed float64) int {
	n := 0
	for i := range ag {
		f := &ag[i].P.Flail
		hr := f.Radius + carR
		for j := range ag {
			if i == j {
				continue
			}
			c := ag[j].Car
			dx, dz := c.Pos[0]-f.Pos[0], c.Pos[2]-f.Pos[2]
			if dx*dx+dz*dz <= hr*hr && math.Hypot(f.Vel[0]-c.Vel[0], f.Vel[2]-c.Vel[2]) > killSpeed {
				n++
			}
		}
	}
	return n
}

// gridHits is the same test through the rules' spatial grid.
func gridHits(r *Rules, ag []Agent) int {
	n := 0
	for i := range ag {
		r.carPos[i] = ag[i].Car.Pos
	}
	r.Grid.Build(r.carPos[:len(ag)], nil)
	for i := range ag {
		f := &ag[i].P.Flail
		hr := f.Radius + r.carR
		r.q = r.Grid.Query(f.Pos[0], f.Pos[2], hr, r.q[:0])
		for _, j := range r.q {
			if int(j) == i {
				continue
			}
			c := ag[j].Car
			dx, dz := c.Pos[0]-f.Pos[0], c.Pos[2]-f.Pos[2]
			if dx*dx+dz*dz <= hr*hr && math.Hypot(f.Vel[0]-c.Vel[0], f.Vel[2]-c.Vel[2]) > r.killSpeed {
				n++
			}
		}
	}
	return n
}

// BenchmarkHitDetection1000 compares grid hit detection with the all-pairs
// baseline on the same 1000 players, measured in the same run; it reports
// the grid's ns per tick and the speed-up ratio.
func BenchmarkHitDetection1000(b *testing.B) {
	s := warmSim(b, 1000)
	ag := s.Agents()
	r := s.Rules
	if g, a := gridHits(r, ag), allPairsHits(ag, r.carR, r.killSpeed); g != a {
		b.Fatalf("grid finds %d hits, all pairs %d", g, a)
	}
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		gridHits(r, ag)
	}
	b.StopTimer()
	gridNs := float64(b.Elapsed().Nanoseconds()) / float64(b.N)
	start := time.Now()
	for i := 0; i < b.N; i++ {
		allPairsHits(ag, r.carR, r.killSpeed)
	}
	pairsNs := float64(time.Since(start).Nanoseconds()) / float64(b.N)
	b.ReportMetric(pairsNs, "allpairs-ns/op")
	b.ReportMetric(pairsNs/gridNs, "speedup")
}

func TestSimStepAllocatesNothing(t *testing.T) {
	if testing.Short() {
		t.Skip("allocation test")
	}
	s := warmSim(t, 300)
	if a := testing.AllocsPerRun(100, s.Step); a != 0 {
		t.Fatalf("steady-state Sim.Step allocates %v times", a)
	}
}

func TestGridHitsMatchAllPairs(t *testing.T) {
	s := warmSim(t, 400)
	for i := 0; i < 50; i++ {
		s.Step()
		ag := s.Agents()
		if g, a := gridHits(s.Rules, ag), allPairsHits(ag, s.Rules.carR, s.Rules.killSpeed); g != a {
			t.Fatalf("tick %d: grid %d hits, all pairs %d", i, g, a)
		}
	}
}

// BenchmarkRulesStep1000Bots times the rules part of a tick (rules with
// the contact rules: car-car, flail-car, flail clashes on the grids; kills,
// respawns, leaderboard) for 1000 bots, against the previous cost measured
// in the same run: the same match with every [collisions] switch off
// (rules-off-ns/tick). The physics part of each tick runs untimed.
func BenchmarkRulesStep1000Bots(b *testing.B) {
	mk := func(on bool) *Sim {
		cfg := DefaultConfig()
		cfg.Collisions.Cars, cfg.Collisions.FlailCar, cfg.Collisions.Flails = on, on, on
		s, err := NewSim(cfg, 40, NewArena(42.5, []Box{{Center: mgl64.Vec3{5, 0, 5}, HalfX: 1.5, HalfZ: 1.5}}, true, 1), 1)
		if err != nil {
			b.Fatal(err)
		}
		for i := 0; i < 1000; i++ {
			s.AddBot(Skill(1 + i%3))
		}
		for i := 0; i < 200; i++ {
			s.Step()
		}
		return s
	}
	on, off := mk(true), mk(false)
	var onNs, offNs time.Duration
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		on.stepPhysics()
		t0 := time.Now()
		on.stepRules()
		onNs += time.Since(t0)
		off.stepPhysics()
		t0 = time.Now()
		off.stepRules()
		offNs += time.Since(t0)
	}
	b.ReportMetric(float64(onNs.Nanoseconds())/float64(b.N), "rules-ns/tick")
	b.ReportMetric(float64(offNs.Nanoseconds())/float64(b.N), "rules-off-ns/tick")
	b.ReportMetric(float64(onNs)/float64(offNs), "ratio")
}
