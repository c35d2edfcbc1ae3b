package trace_test

import (
	"math"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/seedgames/motorkit/trace"
)

func mustLoad(t *testing.T, name string) *trace.Trace {
	t.Helper()
	tr, err := trace.Load(filepath.Join("..", "testdata", "foundation", name))
	if err != nil {
		t.Fatal(err)
	}
	return tr
}

func TestReplayIsDeterministic(t *testing.T) {
	tr := mustLoad(t, "mixed.toml")
	a, err := trace.Replay(tr)
	if err != nil {
		t.Fatal(err)
	}
	b, err := trace.Replay(tr)
	if err != nil {
		t.Fatal(err)
	}
	if len(a.Samples) < 400 {
		t.Fatalf("only %d samples", len(a.Samples))
	}
	for i := range a.Samples {
		if !sameBits(a.Samples[i], b.Samples[i]) {
			t.Fatalf("tick %d differs between two replays:\n%+v\n%+v", i, a.Samples[i], b.Samples[i])
		}
	}
	// The run really moved, jumped and climbed.
	last := a.Samples[len(a.Samples)-1]
	if last.Position[0] < 10 {
		t.Fatalf("ended at x=%v, expected a long walk", last.Position[0])
	}
	jumps := 0
	for _, s := range a.Samples {
		if s.JumpConsumed {
			jumps++
		}
	}
	if jumps < 2 {
		t.Fatalf("%d jumps in the mixed trace, want at least 2", jumps)
	}
}

// sameBits compares the simulated state bit for bit (Frame and
// StepsThisFrame describe how the ticks were driven, not the state).
func sameBits(a, b trace.Sample) bool {
	a.Frame, b.Frame = 0, 0
	a.StepsThisFrame, b.StepsThisFrame = 0, 0
	for i := 0; i < 3; i++ {
		if math.Float64bits(a.Position[i]) != math.Float64bits(b.Position[i]) ||
			math.Float64bits(a.Velocity[i]) != math.Float64bits(b.Velocity[i]) {
			return false
		}
	}
	return reflect.DeepEqual(a, b)
}

func TestRecordedTraceReplaysBitIdentically(t *testing.T) {
	tr := mustLoad(t, "mixed.toml")
	rec := trace.NewRecorder(trace.Trace{})
	orig, err := trace.Replay(tr, trace.WithRecorder(rec))
	if err != nil {
		t.Fatal(err)
	}
	recorded := rec.Trace()
	text, err := recorded.Encode()
	if err != nil {
		t.Fatal(err)
	}
	parsed, err := trace.Parse(text, "recorded.toml")
	if err != nil {
		t.Fatalf("recorded trace does not parse: %v\n%s", err, text)
	}
	again, err := trace.Replay(parsed)
	if err != nil {
		t.Fatal(err)
	}
	if len(again.Samples) != len(orig.Samples) {
		t.Fatalf("recorded trace replays %d ticks, original %d", len(again.Samples), len(orig.Samples))
	}
	for i := range orig.Samples {
		if !sameBits(orig.Samples[i], again.Samples[i]) {
			t.Fatalf("tick %d differs after record/replay:\n%+v\n%+v", i, orig.Samples[i], again.Samples[i])
		}
	}
	if n := len(parsed.Segments); n >= len(orig.Samples) {
		t.Logf("note: %d segments for %d ticks (turning view defeats run-length merging)", n, len(orig.Samples))
	}
}

func TestParseRejectsBadTraces(t *testing.T) {
	cases := map[string]string{
		"tick_rate = -5\n":                                     "tick_rate",
		"[[segment]]\nticks = 0\n":                             "segment[0].ticks",
		"[[segment]]\nticks = 1\nforward = 2\n":                "segment[0].forward",
		"[[segment]]\nticks = 1\njump = \"x\"\n":               "segment[0].jump",
		"[[segment]]\nticks = 1\nbogus = 1\n":                  "bogus",
		"[[segment]]\nframes = 2\nticks = 1\nframe_dt = 0.1\n": "segment[0].ticks",
	}
	for text, key := range cases {
		_, err := trace.Parse([]byte(text), "bad.toml")
		if err == nil || !strings.Contains(err.Error(), key) || !strings.Contains(err.Error(), "bad.toml") {
			t.Errorf("%q: error %v should name bad.toml and %s", text, err, key)
		}
	}
}

func TestReplayAtOtherTickRate(t *testing.T) {
	tr, err := trace.Parse([]byte("[[segment]]\nticks = 60\nforward = 1\n"), "rate")
	if err != nil {
		t.Fatal(err)
	}
	res, err := trace.Replay(tr, trace.WithTickRate(120))
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Samples) != 120 {
		t.Fatalf("1 s at 120 Hz gave %d samples", len(res.Samples))
	}
}

func FuzzParse(f *testing.F) {
	f.Add([]byte("[[segment]]\nticks = 3\nforward = 1\njump = \"tap\"\n"))
	f.Add([]byte("tick_rate = 40\n[spawn]\nyaw_deg = 1e308\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		tr, err := trace.Parse(data, "fuzz")
		if err != nil {
			return
		}
		if tr.TickRate < 1 || tr.TickRate > 1000 {
			t.Fatalf("accepted tick rate %v", tr.TickRate)
		}
	})
}

func TestGroundedFlipsAndFirstTick(t *testing.T) {
	g := func(b ...bool) *trace.Result {
		r := &trace.Result{}
		for _, x := range b {
			r.Samples = append(r.Samples, trace.Sample{Grounded: x})
		}
		return r
	}
	// One 1-tick flicker, one 3-tick spell.
	r := g(true, false, true, true, false, false, false, true)
	if n := r.GroundedFlips(0); n != 2 {
		t.Fatalf("flips %d, want 2", n)
	}
	if n := r.GroundedFlips(2); n != 1 {
		t.Fatalf("flips with maxAir 2: %d, want 1 (the 3-tick spell is a fall)", n)
	}
	// A spell that starts with a jump is not a flip.
	r.Samples[1].JumpConsumed = true
	if n := r.GroundedFlips(0); n != 1 {
		t.Fatalf("flips %d after marking the jump, want 1", n)
	}
	if i := r.FirstTick(func(s *trace.Sample) bool { return !s.Grounded }); i != 1 {
		t.Fatalf("FirstTick %d", i)
	}
}
