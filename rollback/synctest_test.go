package rollback

import (
	"bytes"
	"errors"
	"strings"
	"testing"
)

// A deterministic simulation that saves all of its state passes: every tick
// rolled back 8 ticks (fewer at the start) and run again gives the same
// checksums and bytes.
func TestSyncTestPasses(t *testing.T) {
	rep, err := SyncTest(newPoints(3), SyncTestConfig{Players: 3, InputSize: pointsInputSize, Ticks: 300}, script(8))
	if err != nil {
		t.Fatal(err)
	}
	resim := 1 + 2 + 3 + 4 + 5 + 6 + 7 + 8*(300-7) // min(8, t+1) for t < 300
	want := SyncReport{Ticks: 300, Rollbacks: 300, Resimulated: resim, Checked: 300 + resim}
	if rep.Ticks != want.Ticks || rep.Rollbacks != want.Rollbacks || rep.Resimulated != want.Resimulated ||
		rep.Checked != want.Checked || rep.Desyncs != 0 || rep.FirstState != nil {
		t.Errorf("report %+v, want %+v", rep, want)
	}
}

// A counter kept outside SaveState is caught at the first tick run again,
// tick 1, with both states of it in the report.
func TestSyncTestCatchesUnsavedState(t *testing.T) {
	sim := &leaky{points: *newPoints(2)}
	rep, err := SyncTest(sim, SyncTestConfig{Players: 2, InputSize: pointsInputSize, Depth: 4, Ticks: 50}, script(1))
	if !errors.Is(err, ErrDesync) || !strings.Contains(err.Error(), "tick 1's") {
		t.Fatalf("%v, want ErrDesync naming tick 1", err)
	}
	if rep.FirstDesync != 1 || rep.Desyncs != rep.Checked-rep.Rollbacks || rep.FirstChecksum == rep.ResimChecksum {
		t.Errorf("report %+v: want every tick run again to differ, the first tick 1", rep)
	}
	a, b := rep.FirstState, rep.ResimState
	if len(a) != 8+32*4 || len(b) != len(a) || bytes.Equal(a, b) || !bytes.Equal(a[:8], b[:8]) {
		t.Errorf("the two states of tick 1: %x and %x", a, b)
	}
}

// A difference that shows in the state of one tick only (then disappears)
// is still reported, at that tick.
func TestSyncTestCatchesPassingDesync(t *testing.T) {
	rep, err := SyncTest(&flicker{points: *newPoints(2)}, SyncTestConfig{Players: 2, InputSize: pointsInputSize, Ticks: 200}, script(2))
	if !errors.Is(err, ErrDesync) || rep.FirstDesync != 51 || rep.Desyncs != 1 {
		t.Fatalf("%v, report %+v: want one desync, at tick 51", err, rep)
	}
	if a, b := rep.FirstState, rep.ResimState; a[len(a)-1] != 0 || b[len(b)-1] != 1 {
		t.Errorf("the flag in the two states: %d and %d, want 0 and 1", a[len(a)-1], b[len(b)-1])
	}
}

// A simulation that lets Input.Status change its state is caught: the first
// run sees predictions, the run again confirmed inputs.
func TestSyncTestCatchesStatus(t *testing.T) {
	rep, err := SyncTest(&statusy{points: *newPoints(1)}, SyncTestConfig{Players: 1, InputSize: pointsInputSize, Ticks: 20}, script(3))
	if !errors.Is(err, ErrDesync) || rep.FirstDesync != 1 {
		t.Fatalf("%v, report %+v: want a desync at tick 1", err, rep)
	}
}

type statusy struct{ points }

func (s *statusy) Advance(in []Input) error {
	if in[0].Status == Predicted {
		s.p[0][0] += 1e-9
	}
	return s.points.Advance(in)
}

func TestSyncTestConfigErrors(t *testing.T) {
	in := script(1)
	for _, c := range []SyncTestConfig{
		{Players: 0, InputSize: 4, Ticks: 1},
		{Players: 17, InputSize: 4, Ticks: 1},
		{Players: 1, InputSize: 0, Ticks: 1},
		{Players: 1, InputSize: 65, Ticks: 1},
		{Players: 1, InputSize: 4, Ticks: 0},
		{Players: 1, InputSize: 4, Ticks: 1, Depth: 65},
		{Players: 1, InputSize: 4, Ticks: 1, Depth: -1},
	} {
		if _, err := SyncTest(newPoints(1), c, in); !errors.Is(err, ErrConfig) {
			t.Errorf("%+v: %v, want ErrConfig", c, err)
		}
	}
	if _, err := SyncTest(newPoints(1), SyncTestConfig{Players: 1, InputSize: 4, Ticks: 1}, nil); !errors.Is(err, ErrConfig) {
		t.Errorf("no inputs: %v", err)
	}
	// A simulation error stops the run.
	_, err := SyncTest(&failing{points: *newPoints(1), at: 5}, SyncTestConfig{Players: 1, InputSize: 4, Ticks: 10}, in)
	if !errors.Is(err, errBoom) {
		t.Errorf("a failing simulation: %v", err)
	}
}

// leaky keeps a counter outside SaveState that steers the points: a
// rollback cannot restore it, so a tick run again differs.
type leaky struct {
	points
	runs int
}

func (s *leaky) Advance(inputs []Input) error {
	s.runs++
	s.p[0][2] += float64(float64(s.runs) * 1e-9)
	return s.points.Advance(inputs)
}

// flicker differs only in the state after tick 50 (a flag set when tick 50
// runs a second time, which the next tick clears): a desync that
// disappears.
type flicker struct {
	points
	flag   byte
	runs50 int
}

func (s *flicker) SaveState(dst []byte) ([]byte, error) {
	dst, _ = s.points.SaveState(dst)
	return append(dst, s.flag), nil
}

func (s *flicker) LoadState(b []byte) error {
	if len(b) == 0 {
		return errors.New("flicker: empty state")
	}
	s.flag = b[len(b)-1]
	return s.points.LoadState(b[:len(b)-1])
}

func (s *flicker) Checksum() uint64 { return s.points.Checksum() ^ uint64(s.flag) }

func (s *flicker) Advance(inputs []Input) error {
	s.flag = 0
	if s.tick == 50 {
		s.runs50++
		if s.runs50 == 2 {
			s.flag = 1
		}
	}
	return s.points.Advance(inputs)
}
