package fps_test

import (
	"path/filepath"
	"testing"

	"github.com/seedgames/motorkit/components"
	"github.com/seedgames/motorkit/motors/fps"
	"github.com/seedgames/motorkit/systems"
	"github.com/seedgames/motorkit/trace"
	"github.com/yohamta/donburi/filter"
)

// Acceptance tests of docs/motors/fps.md#acceptance-tests-and-measured-numbers: traces under testdata/fps replayed through
// the real pipeline (prefabs.Spawn + systems.Runner) with the fps_player
// prefab, which uses the default Config (the middle of every suggested range).

var def = fps.DefaultConfig()

const dt = 1.0 / 60

// rules are the default jump windows at 60 Hz: 0.14 s -> 8 ticks each.
var rules = def.JumpRules(60)

func loadTrace(t *testing.T, name string) *trace.Trace {
	t.Helper()
	tr, err := trace.Load(filepath.Join("..", "..", "testdata", "fps", name))
	if err != nil {
		t.Fatal(err)
	}
	return tr
}

// replay runs tr with the runner clamps taken
// from the config (max_dt_clamp; at most 5 ticks per frame).
func replay(t *testing.T, tr *trace.Trace, opts ...trace.Option) *trace.Result {
	t.Helper()
	all := append([]trace.Option{
		trace.WithRunnerOptions(systems.RunnerOptions{MaxStepsPerFrame: 5, MaxFrameDt: def.RunnerMaxFrameDt()}),
	}, opts...)
	res, err := trace.Replay(tr, all...)
	if err != nil {
		t.Fatal(err)
	}
	for i, s := range res.Samples {
		if int(s.Tick) != i {
			t.Fatalf("sample %d has tick %d", i, s.Tick)
		}
	}
	return res
}

// consumes returns the ticks on which a jump was consumed.
func consumes(res *trace.Result) []int {
	var out []int
	for i, s := range res.Samples {
		if s.JumpConsumed {
			out = append(out, i)
		}
	}
	return out
}

// firstTick returns the first tick >= from satisfying pred, or -1.
func firstTick(res *trace.Result, from int, pred func(trace.Sample) bool) int {
	for i := from; i < len(res.Samples); i++ {
		if pred(res.Samples[i]) {
			return i
		}
	}
	return -1
}

func grounded(s trace.Sample) bool  { return s.Grounded }
func airborne(s trace.Sample) bool  { return !s.Grounded }
func eqInts(a []int, b ...int) bool { return len(a) == len(b) && (len(a) == 0 || equalInts(a, b)) }
func equalInts(a, b []int) bool {
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// edit returns a copy of tr (tick segments only) whose ticks [from, from+n)
// are split into their own segments and changed by f.
func edit(t *testing.T, tr *trace.Trace, from, n int, f func(*trace.Segment)) *trace.Trace {
	t.Helper()
	out := *tr
	out.Segments = nil
	tick := 0
	for _, s := range tr.Segments {
		if s.Frames > 0 {
			t.Fatal("edit works on tick segments only")
		}
		start, end := tick, tick+s.Ticks
		tick = end
		cuts := []int{start}
		for _, c := range []int{from, from + n} {
			if c > start && c < end {
				cuts = append(cuts, c)
			}
		}
		cuts = append(cuts, end)
		for i := 0; i+1 < len(cuts); i++ {
			piece := s
			piece.Ticks = cuts[i+1] - cuts[i]
			if piece.Ticks == 0 {
				continue
			}
			if cuts[i] >= from && cuts[i] < from+n {
				f(&piece)
			}
			out.Segments = append(out.Segments, piece)
		}
	}
	return &out
}

// tapAt presses jump for one tick at tick.
func tapAt(t *testing.T, tr *trace.Trace, tick int) *trace.Trace {
	return edit(t, tr, tick, 1, func(s *trace.Segment) { s.Jump = "tap" })
}

var filterPlayer = filter.Contains(components.Motor, components.JumpBuffer)
