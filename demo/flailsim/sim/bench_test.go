package sim

import (
	"fmt"
	flailmatch "github.com/seedgames/motorkit/flail/match"
	"runtime"
	"testing"
	"time"

	"github.com/seedgames/motorkit/flail"
)

// BenchmarkTick1000Bots is one 40 Hz tick of the full ECS pipeline with
// 1000 bots in the flail arena: command buffer, flail drive, KCC moves
// against the level, flail and rope, rules with grid hit detection, bots,
// deferred kills/respawns, leaderboard. The baseline, measured in the same
// run, is the pure flail.Sim (no ECS, 2D arena collision instead of the
// KCC) stepping 1000 bots; "ratio" is ECS time over pure time.
func BenchmarkTick1000Bots(b *testing.B) {
	m, _, err := NewMatch(Options{Bots: 1000, Seed: 1})
	if err != nil {
		b.Fatal(err)
	}
	for i := 0; i < 200; i++ { // warm up: buffers grown, pickups spawned
		m.Pipeline.Step()
	}
	cfg := flail.DefaultConfig()
	s, err := flail.NewSim(cfg, 40, m.Game.Rules.Arena, 1)
	if err != nil {
		b.Fatal(err)
	}
	skills := [3]flail.Skill{flail.SkillEasy, flail.SkillNormal, flail.SkillHard}
	for i := 0; i < 1000; i++ {
		s.AddBot(skills[i%3])
	}
	for i := 0; i < 200; i++ {
		s.Step()
	}
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		m.Pipeline.Step()
	}
	b.StopTimer()
	ecs := float64(b.Elapsed().Nanoseconds()) / float64(b.N)
	start := time.Now()
	for i := 0; i < b.N; i++ {
		s.Step()
	}
	pure := float64(time.Since(start).Nanoseconds()) / float64(b.N)
	b.ReportMetric(ecs/1e6, "ms/tick")
	b.ReportMetric(pure/1e6, "pure-ms/tick")
	b.ReportMetric(ecs/pure, "ratio")
}

// BenchmarkScaleArena runs the full ECS match (40 Hz) with 200, 1,000 and
// 5,000 bots in the flail arena, the same ticks each in the same run, after
// a 100-tick warm-up, and reports ms per tick and µs per bot-tick for each
// size and "linearity": µs per bot at 5,000 over µs per bot at 1,000. The
// arena keeps its size, so 5,000 bots are five times as crowded: more
// kills, respawns and hit tests per bot, not only more bots.
func BenchmarkScaleArena(b *testing.B) {
	sizes := []int{200, 1000, 5000}
	matches := make([]*flailmatch.Match, len(sizes))
	for k, n := range sizes {
		m, _, err := NewMatch(Options{Bots: n, Seed: 1})
		if err != nil {
			b.Fatal(err)
		}
		for i := 0; i < 100; i++ {
			m.Pipeline.Step()
		}
		matches[k] = m
	}
	// Collect the setup's garbage now, not during the measured ticks.
	runtime.GC()
	// Every size plays the same ticks, 20 per round, three rounds per b.N
	// taken in turn (a single tick per size, as b.N is 1 here, measured
	// mostly noise).
	spent := make([]time.Duration, len(sizes))
	ticks := 0
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		for round := 0; round < 3; round++ {
			for k := range sizes {
				start := time.Now()
				for t := 0; t < 20; t++ {
					matches[k].Pipeline.Step()
				}
				spent[k] += time.Since(start)
			}
			ticks += 20
		}
	}
	b.StopTimer()
	per := map[int]float64{}
	for k, n := range sizes {
		ns := float64(spent[k].Nanoseconds()) / float64(ticks)
		per[n] = ns / float64(n)
		b.ReportMetric(ns/1e6, fmt.Sprintf("ms/tick@%d", n))
		b.ReportMetric(ns/float64(n)/1e3, fmt.Sprintf("us/bot@%d", n))
	}
	b.ReportMetric(per[5000]/per[1000], "linearity")
}
