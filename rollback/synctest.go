package rollback

import (
	"bytes"
	"errors"
	"fmt"
)

// ErrDesync is SyncTest's error when a resimulated tick's state differs
// from the first run's.
var ErrDesync = errors.New("rollback: sync test desync")

// SyncTestConfig describes a SyncTest run.
type SyncTestConfig struct {
	// Players and InputSize are as in Config.
	Players, InputSize int
	// Depth is how many ticks every tick rolls back (fewer at the start),
	// 1 to PredictionLimit; 0 means DefaultMaxPrediction.
	Depth int
	// Ticks is how many ticks to run, at least 1.
	Ticks int
}

// SyncReport is what SyncTest found.
type SyncReport struct {
	// Ticks counts the ticks run for the first time, Rollbacks the loads of
	// an earlier state, Resimulated the ticks run again.
	Ticks, Rollbacks, Resimulated int
	// Checked counts the states compared (one per tick run again, one per
	// load); Desyncs counts those that differed.
	Checked, Desyncs int
	// FirstDesync is the tick whose state differed first (when Desyncs >
	// 0); FirstChecksum and ResimChecksum are its two checksums.
	FirstDesync                  uint64
	FirstChecksum, ResimChecksum uint64
	// FirstState and ResimState are the two states of tick FirstDesync as
	// SaveState wrote them: the first run's (or the one saved before a
	// load) and the run again's (or the one saved after the load), for a
	// diff.
	FirstState, ResimState []byte
	// Unsaved is what the simulation says its state leaves out, when it
	// implements UnsavedState() []string (netplay.Characters names the
	// game's components it does not save): SyncTest cannot see those
	// change, so a desync in them goes unreported.
	Unsaved []string
}

// SyncTest checks that sim can be rolled back: it runs cfg.Ticks ticks with
// the scripted inputs (inputs fills dst, InputSize zeroed bytes, with
// player's input for tick; it is called once per tick and player) and
// after every tick loads the state saved Depth ticks before (fewer at the
// start) and runs those ticks again with the same inputs. It compares
// every state it runs again, and the state just loaded, with the first
// run's: the checksums and the SaveState bytes. A simulation whose
// SaveState misses some state, whose LoadState does not restore all of
// it, or that depends on anything but its state and inputs (a counter of
// its own, a map's order, Input.Status) fails at the first tick where the
// difference shows, even if it disappears later.
//
// The first run sees the inputs as Predicted, the runs again as Confirmed,
// as a session's first run and rollback may. The run continues after a
// desync (the rolled back state goes on); the error, wrapping ErrDesync,
// names the first tick. An error of the simulation stops the run and is
// returned with the report so far. It is GGRS's SyncTestSession as a
// function for a game's tests.
func SyncTest(sim Simulation, cfg SyncTestConfig, inputs func(tick uint64, player int, dst []byte)) (SyncReport, error) {
	var rep SyncReport
	switch {
	case sim == nil:
		return rep, fmt.Errorf("%w: no simulation", ErrConfig)
	case inputs == nil:
		return rep, fmt.Errorf("%w: no inputs function", ErrConfig)
	case cfg.Players < 1 || cfg.Players > MaxPlayers:
		return rep, fmt.Errorf("%w: %d players (want 1..%d)", ErrConfig, cfg.Players, MaxPlayers)
	case cfg.InputSize < 1 || cfg.InputSize > MaxInputSize:
		return rep, fmt.Errorf("%w: input size %d (want 1..%d bytes)", ErrConfig, cfg.InputSize, MaxInputSize)
	case cfg.Ticks < 1:
		return rep, fmt.Errorf("%w: %d ticks (want at least 1)", ErrConfig, cfg.Ticks)
	}
	if cfg.Depth == 0 {
		cfg.Depth = DefaultMaxPrediction
	}
	if cfg.Depth < 1 || cfg.Depth > PredictionLimit {
		return rep, fmt.Errorf("%w: depth %d (want 1..%d ticks, 0 for %d)", ErrConfig, cfg.Depth, PredictionLimit, DefaultMaxPrediction)
	}
	st := newSyncTest(sim, cfg, inputs)
	if u, ok := sim.(interface{ UnsavedState() []string }); ok {
		st.rep.Unsaved = u.UnsavedState()
	}
	if err := st.hist.Save(sim, 0, true); err != nil {
		return st.rep, fmt.Errorf("rollback: sync test: %w", err)
	}
	for t := uint64(0); t < uint64(cfg.Ticks); t++ {
		if err := st.tick(t); err != nil {
			return st.rep, err
		}
	}
	if rep := st.rep; rep.Desyncs > 0 {
		return rep, fmt.Errorf("%w: %d of %d states differ; the first is tick %d's (checksum %#016x first, %#016x run again)",
			ErrDesync, rep.Desyncs, rep.Checked, rep.FirstDesync, rep.FirstChecksum, rep.ResimChecksum)
	}
	return st.rep, nil
}

// syncTest is a SyncTest under way: the states of the last Depth+1 ticks
// (a History, with their checksums) and the inputs of the last Depth.
type syncTest struct {
	sim     Simulation
	cfg     SyncTestConfig
	inputs  func(tick uint64, player int, dst []byte)
	hist    *History
	script  []byte // the inputs of the last Depth+1 ticks
	in      []Input
	scratch []byte
	rep     SyncReport
}

func newSyncTest(sim Simulation, cfg SyncTestConfig, inputs func(uint64, int, []byte)) *syncTest {
	ring := cfg.Depth + 1 // the states of ticks t+1-Depth .. t+1
	st := &syncTest{sim: sim, cfg: cfg, inputs: inputs, hist: NewHistory(ring),
		script: make([]byte, ring*cfg.Players*cfg.InputSize), in: make([]Input, cfg.Players)}
	cur := make([]byte, cfg.Players*cfg.InputSize)
	for p := range st.in {
		st.in[p].Bytes = cur[p*cfg.InputSize : (p+1)*cfg.InputSize : (p+1)*cfg.InputSize]
	}
	return st
}

// scriptOf is player p's input of tick t.
func (st *syncTest) scriptOf(t uint64, p int) []byte {
	size := st.cfg.InputSize
	i := (int(t%uint64(st.hist.Len()))*st.cfg.Players + p) * size
	return st.script[i : i+size : i+size]
}

// load hands tick t's inputs to the simulation's views, as status.
func (st *syncTest) load(t uint64, status Status) {
	for p := range st.in {
		copy(st.in[p].Bytes, st.scriptOf(t, p))
		st.in[p].Status = status
	}
}

// tick runs tick t for the first time, then rolls back Depth ticks (fewer
// at the start) and runs them again, comparing the state just loaded and
// every state run again with the first run's.
func (st *syncTest) tick(t uint64) error {
	for p := 0; p < st.cfg.Players; p++ {
		dst := st.scriptOf(t, p)
		clear(dst)
		st.inputs(t, p, dst)
	}
	st.load(t, Predicted)
	if err := st.sim.Advance(st.in); err != nil {
		return fmt.Errorf("rollback: sync test: advancing tick %d: %w", t, err)
	}
	st.rep.Ticks++
	if err := st.hist.Save(st.sim, t+1, true); err != nil {
		return fmt.Errorf("rollback: sync test: %w", err)
	}
	r := t + 1 - min(uint64(st.cfg.Depth), t+1)
	var stepErr error
	n, err := st.hist.Rollback(st.sim, r, t+1, func(k uint64) error {
		stepErr = st.again(k, r)
		return stepErr
	})
	st.rep.Rollbacks++
	st.rep.Resimulated += n
	switch {
	case stepErr != nil:
		return stepErr
	case err != nil:
		return fmt.Errorf("rollback: sync test: %w", err)
	}
	return nil
}

// again runs tick k of a rollback to tick r again, comparing the state
// just loaded (when k is r) and the state it ends in with the first run's.
func (st *syncTest) again(k, r uint64) error {
	if k == r {
		if err := st.compare(r, "after loading it"); err != nil {
			return err
		}
	}
	st.load(k, Confirmed)
	if err := st.sim.Advance(st.in); err != nil {
		return fmt.Errorf("rollback: sync test: advancing tick %d again: %w", k, err)
	}
	return st.compare(k+1, "again")
}

// compare saves the simulation's state, that of tick t run again (or just
// loaded), and records a desync when it or its checksum differs from the
// first run's.
func (st *syncTest) compare(t uint64, when string) error {
	var err error
	if st.scratch, err = st.sim.SaveState(st.scratch[:0]); err != nil {
		return fmt.Errorf("rollback: sync test: saving the state of tick %d %s: %w", t, when, err)
	}
	st.rep.Checked++
	first, _ := st.hist.State(t)
	firstSum, _ := st.hist.Sum(t)
	if sum := st.sim.Checksum(); sum != firstSum || !bytes.Equal(st.scratch, first) {
		st.rep.Desyncs++
		if st.rep.Desyncs == 1 {
			st.rep.FirstDesync, st.rep.FirstChecksum, st.rep.ResimChecksum = t, firstSum, sum
			st.rep.FirstState = bytes.Clone(first)
			st.rep.ResimState = bytes.Clone(st.scratch)
		}
	}
	return nil
}
