package sim

import "testing"

func benchMatch(b *testing.B, bots int) {
	m, err := NewMatch(Options{Bots: bots, Seed: 1})
	if err != nil {
		b.Fatal(err)
	}
	for i := 0; i < 200; i++ { // warm up: buffers grown, pickups spawned
		m.Pipeline.Step()
	}
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		m.Pipeline.Step()
	}
}

func BenchmarkTick1000Bots(b *testing.B) { benchMatch(b, 1000) }
