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
	}
	cfg, err := cfg.withDefaults()
	if err != nil {
		return rep, err
	}
	if u, ok := sim.(interface{ UnsavedState() []string }); ok {
		rep.Unsaved = u.UnsavedState()
	}
	ring := uint64(cfg.Depth + 1) // the states of ticks t+1-Depth .. t+1
	states := NewRing(sim, int(ring), 1)
	size := cfg.InputSize
	script := make([]byte, int(ring)*cfg.Players*size) // the inputs of the last Depth ticks
	cur := make([]byte, cfg.Players*size)
	in := make([]Input, cfg.Players)
	for p := range in {
		in[p].Bytes = cur[p*size : (p+1)*size : (p+1)*size]
	}
	scriptOf := func(t uint64, p int) []byte {
		i := (int(t%ring)*cfg.Players + p) * size
		return script[i : i+size : i+size]
	}
	load := func(t uint64, status Status) {
		for p := range in {
			copy(in[p].Bytes, scriptOf(t, p))
			in[p].Status = status
		}
	}
	var scratch []byte
	if err := states.Save(0); err != nil {
		return rep, fmt.Errorf("rollback: sync test: %w", err)
	}
	for t := uint64(0); t < uint64(cfg.Ticks); t++ {
		for p := 0; p < cfg.Players; p++ {
			dst := scriptOf(t, p)
			clear(dst)
			inputs(t, p, dst)
		}
		load(t, Predicted)
		if err := sim.Advance(in); err != nil {
			return rep, fmt.Errorf("rollback: sync test: advancing tick %d: %w", t, err)
		}
		rep.Ticks++
		if err := states.Save(t + 1); err != nil {
			return rep, fmt.Errorf("rollback: sync test: %w", err)
		}
		r := t + 1 - min(uint64(cfg.Depth), t+1)
		state, _ := states.State(r)
		if err := sim.LoadState(state); err != nil {
			return rep, fmt.Errorf("rollback: sync test: loading the state of tick %d: %w", r, err)
		}
		rep.Rollbacks++
		if scratch, err = sim.SaveState(scratch[:0]); err != nil {
			return rep, fmt.Errorf("rollback: sync test: saving the state of tick %d after loading it: %w", r, err)
		}
		rep.check(r, states, sim.Checksum(), scratch)
		for k := r; k <= t; k++ {
			load(k, Confirmed)
			if err := sim.Advance(in); err != nil {
				return rep, fmt.Errorf("rollback: sync test: advancing tick %d again: %w", k, err)
			}
			rep.Resimulated++
			if scratch, err = sim.SaveState(scratch[:0]); err != nil {
				return rep, fmt.Errorf("rollback: sync test: saving the state of tick %d again: %w", k+1, err)
			}
			rep.check(k+1, states, sim.Checksum(), scratch)
		}
	}
	if rep.Desyncs > 0 {
		return rep, fmt.Errorf("%w: %d of %d states differ; the first is tick %d's (checksum %#016x first, %#016x run again)",
			ErrDesync, rep.Desyncs, rep.Checked, rep.FirstDesync, rep.FirstChecksum, rep.ResimChecksum)
	}
	return rep, nil
}

// withDefaults returns c checked, with its defaults filled in.
func (c SyncTestConfig) withDefaults() (SyncTestConfig, error) {
	switch {
	case c.Players < 1 || c.Players > MaxPlayers:
		return c, fmt.Errorf("%w: %d players (want 1..%d)", ErrConfig, c.Players, MaxPlayers)
	case c.InputSize < 1 || c.InputSize > MaxInputSize:
		return c, fmt.Errorf("%w: input size %d (want 1..%d bytes)", ErrConfig, c.InputSize, MaxInputSize)
	case c.Ticks < 1:
		return c, fmt.Errorf("%w: %d ticks (want at least 1)", ErrConfig, c.Ticks)
	}
	if c.Depth == 0 {
		c.Depth = DefaultMaxPrediction
	}
	if c.Depth < 1 || c.Depth > PredictionLimit {
		return c, fmt.Errorf("%w: depth %d (want 1..%d ticks, 0 for %d)", ErrConfig, c.Depth, PredictionLimit, DefaultMaxPrediction)
	}
	return c, nil
}

// check compares the state of tick t run again (its checksum sum and
// bytes state) with the first run's, which states holds.
func (rep *SyncReport) check(t uint64, states *Ring, sum uint64, state []byte) {
	rep.Checked++
	first, _ := states.Checksum(t)
	firstState, _ := states.State(t)
	if sum == first && bytes.Equal(state, firstState) {
		return
	}
	rep.Desyncs++
	if rep.Desyncs == 1 {
		rep.FirstDesync, rep.FirstChecksum, rep.ResimChecksum = t, first, sum
		rep.FirstState = bytes.Clone(firstState)
		rep.ResimState = bytes.Clone(state)
	}
}
