package systems_test

import (
	"path/filepath"
	"testing"

	"github.com/seedgames/motorkit/trace"
)

// The capsule_walker recipe's basic motor buffers a press for 6 ticks and
// forgives 6 ticks of coyote time (motors/basic defaults).
const (
	bufferTicks = 6
	coyoteTicks = 6
)

func load(t *testing.T, name string) *trace.Trace {
	t.Helper()
	tr, err := trace.Load(filepath.Join("..", "testdata", "foundation", name))
	if err != nil {
		t.Fatal(err)
	}
	return tr
}

func replay(t *testing.T, tr *trace.Trace, opts ...trace.Option) *trace.Result {
	t.Helper()
	res, err := trace.Replay(tr, opts...)
	if err != nil {
		t.Fatal(err)
	}
	return res
}

func consumes(res *trace.Result) []uint64 {
	var out []uint64
	for _, s := range res.Samples {
		if s.JumpConsumed {
			out = append(out, s.Tick)
		}
	}
	return out
}

// tapAt returns a copy of tr whose tick segments are replaced by: tick
// commands as in tr, plus a one-tick jump tap at tick `at`.
func withTapAt(tr *trace.Trace, at int) *trace.Trace {
	out := *tr
	out.Segments = nil
	tick := 0
	for _, s := range tr.Segments {
		for i := 0; i < s.Ticks; i++ {
			seg := s
			seg.Ticks = 1
			if tick == at {
				seg.Jump = "tap"
			}
			out.Segments = append(out.Segments, seg)
			tick++
		}
	}
	return &out
}

func TestBasicJumpConsumedOnTapTick(t *testing.T) {
	res := replay(t, load(t, "basic_jump.toml"))
	got := consumes(res)
	if len(got) != 1 || got[0] != 10 {
		t.Fatalf("jump consumed on ticks %v, want exactly [10] (the tap tick)", got)
	}
	s := res.Samples[10]
	if s.Velocity[1] <= 0 || s.Grounded {
		t.Fatalf("after the jump tick: vy=%v grounded=%v, want rising and airborne", s.Velocity[1], s.Grounded)
	}
}

// landingTick is the first tick whose buffer stage sees the ground: the tick
// after the first grounded sample.
func landingTick(t *testing.T, res *trace.Result) int {
	for i, s := range res.Samples {
		if i > 0 && s.Grounded && !res.Samples[i-1].Grounded {
			return i + 1
		}
	}
	t.Fatal("never landed")
	return 0
}

func TestBufferedLandingJumpsOnLandingTick(t *testing.T) {
	fall := load(t, "fall.toml")
	land := landingTick(t, replay(t, fall))
	// Free fall from 1 m at g = 20 takes sqrt(2*1/20) = 0.316 s = 19 ticks.
	if land < 15 || land > 25 {
		t.Fatalf("landing tick %d, expected about 19-21", land)
	}
	// Pressed 2 ticks before landing: consumed on the landing tick.
	got := consumes(replay(t, withTapAt(fall, land-2)))
	if len(got) != 1 || int(got[0]) != land {
		t.Fatalf("press at %d: consumed %v, want [%d]", land-2, got, land)
	}
	// Pressed exactly bufferTicks before landing: still valid.
	got = consumes(replay(t, withTapAt(fall, land-bufferTicks)))
	if len(got) != 1 || int(got[0]) != land {
		t.Fatalf("press at %d: consumed %v, want [%d]", land-bufferTicks, got, land)
	}
	// One tick earlier the buffer has expired: no jump at all.
	if got := consumes(replay(t, withTapAt(fall, land-bufferTicks-1))); len(got) != 0 {
		t.Fatalf("press outside the buffer window jumped on %v", got)
	}
}

func TestCoyoteWindow(t *testing.T) {
	walk := load(t, "walk_off_ledge.toml")
	base := replay(t, walk)
	first := -1 // first tick whose buffer stage sees airborne
	for i := 1; i < len(base.Samples); i++ {
		if !base.Samples[i-1].Grounded {
			first = i
			break
		}
	}
	// Walking from x = -1 at 5 m/s (reached in 8 ticks), the capsule's
	// bottom sphere leaves the edge after roughly 1.3 m: about tick 17.
	if first < 10 || first > 30 {
		t.Fatalf("left the ledge on tick %d, expected about 17", first)
	}
	if got := consumes(replay(t, withTapAt(walk, first+coyoteTicks-1))); len(got) != 1 || int(got[0]) != first+coyoteTicks-1 {
		t.Fatalf("press on the last coyote tick %d: consumed %v", first+coyoteTicks-1, got)
	}
	if got := consumes(replay(t, withTapAt(walk, first+coyoteTicks))); len(got) != 0 {
		t.Fatalf("press after the coyote window jumped on %v", got)
	}
}

func TestHoldDoesNotRetrigger(t *testing.T) {
	res := replay(t, load(t, "hold_jump.toml"))
	if got := consumes(res); len(got) != 1 || got[0] != 5 {
		t.Fatalf("holding jump 3 s consumed on %v, want exactly [5]", got)
	}
}

func TestLowFrameRateEveryTapJumpsOnce(t *testing.T) {
	res := replay(t, load(t, "low_fps.toml"))
	got := consumes(res)
	if len(got) != 3 {
		t.Fatalf("3 taps on 3-, 5- and 4-tick frames consumed %d jumps on %v", len(got), got)
	}
	// Each jump is consumed on the first tick of its tap's frame:
	//   tap 1: after 3 frames of 3 ticks            -> tick 9
	//   tap 2: after 9 + 3 (tap frame) + 20*3 ticks -> tick 72
	//   tap 3: after 72 + 5 (tap frame) + 12*5      -> tick 137
	want := []uint64{9, 72, 137}
	for i := range want {
		if got[i] != want[i] {
			t.Fatalf("jumps on %v, want %v", got, want)
		}
	}
	for _, s := range res.Samples {
		if s.StepsThisFrame < 3 || s.StepsThisFrame > 5 {
			t.Fatalf("tick %d ran in a frame of %d steps", s.Tick, s.StepsThisFrame)
		}
	}
}

func TestHighFrameRateTapOnTicklessFrameJumpsOnce(t *testing.T) {
	res := replay(t, load(t, "high_fps.toml"))
	got := consumes(res)
	if len(got) != 2 {
		t.Fatalf("2 one-frame taps at 240 FPS consumed %d jumps: %v", len(got), got)
	}
	// 240 FPS at 60 Hz: a tick every 4 frames (frames 3, 7, 11, ... run
	// one). The first tap is frame 9, which runs no tick, so the press is
	// consumed by the tick of frame 11, tick 2.
	if got[0] != 2 {
		t.Fatalf("first jump on tick %d, want 2", got[0])
	}
}
