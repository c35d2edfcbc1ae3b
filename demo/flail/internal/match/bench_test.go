package match

import (
	flailmatch "github.com/seedgames/motorkit/flail/match"
	"testing"

	"github.com/seedgames/motorkit/flail"
)

func benchMatch(b *testing.B) *flailmatch.Match {
	cfg, err := Config("")
	if err != nil {
		b.Fatal(err)
	}
	m, _, err := New(Options{Bots: 12, Seed: 1, Config: cfg})
	if err != nil {
		b.Fatal(err)
	}
	for i := 0; i < 400; i++ { // warm up: pickups spawned, buffers grown
		m.Runner.Step()
	}
	m.Events()
	return m
}

// BenchmarkFrame is the demo's per-Update simulation work with 12 bots:
// the autopilot's command, Submit, Runner.Advance(1/60) (two ticks every
// three frames) and draining the events. Compare with BenchmarkTickBaseline
// (one bare pipeline tick of the same match): a frame should cost about 2/3
// of a tick plus a little.
func BenchmarkFrame(b *testing.B) {
	m := benchMatch(b)
	var ap Autopilot
	var links [flail.MaxRopeNodes + 1]flailmatch.Link
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		m.Submit(ap.Input(m))
		m.Advance(1.0 / 60)
		m.Events()
		m.Links(Me, &links)
	}
}

// BenchmarkTickBaseline is one pipeline tick of the same 12-bot match.
func BenchmarkTickBaseline(b *testing.B) {
	m := benchMatch(b)
	e := m.World.Entry(m.Player)
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		*flailmatch.FlailInput.Get(e) = flailmatch.FlailInputData{Input: flail.Input{Throttle: 1, Aim: float64(i%64) * 0.1}}
		m.Pipeline.Step()
		m.Events()
	}
}
