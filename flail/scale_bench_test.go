package flail

import (
	"fmt"
	"math"
	"testing"
)

// BenchmarkSimScale steps the pure 40 Hz flail simulation with 200, 1000
// and 5000 bots and reports ms/tick and ns per bot-tick, so the growth of
// the cost with the bot count can be read from one run (ns/bot at
// 5000 should stay within 1.3x of ns/bot at 1000). The arena half-size grows
// with sqrt(bots) so the density, and so the work per bot, is constant.
func BenchmarkSimScale(b *testing.B) {
	for _, n := range []int{200, 1000, 5000} {
		b.Run(fmt.Sprintf("bots=%d", n), func(b *testing.B) {
			// 42.5 m half-size holds 1000 bots in the other benchmarks;
			// keep that density.
			half := 42.5 * sqrtRatio(n, 1000)
			s := botSim(b, n, 1, half)
			for i := 0; i < 100; i++ {
				s.Step()
			}
			b.ReportAllocs()
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				s.Step()
			}
			ns := float64(b.Elapsed().Nanoseconds()) / float64(b.N)
			b.ReportMetric(ns/1e6, "ms/tick")
			b.ReportMetric(ns/float64(n), "ns/bot-tick")
		})
	}
}

// sqrtRatio is sqrt(a/b): the arena scale that keeps bots per area fixed.
func sqrtRatio(a, b int) float64 { return math.Sqrt(float64(a) / float64(b)) }
