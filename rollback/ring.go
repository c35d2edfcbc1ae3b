package rollback

import "fmt"

// Saver is the state half of a Simulation: what a Ring saves, loads and
// hashes. A game whose ticks take another input than []Input (netplay's
// Game) rolls back through a Ring with this alone.
type Saver interface {
	// SaveState appends the whole state to dst and returns the extended
	// slice (reusing dst's capacity keeps saves free of allocation).
	SaveState(dst []byte) ([]byte, error)
	// LoadState replaces the state with one SaveState produced.
	LoadState(state []byte) error
	// Checksum hashes the current state; equal states give equal sums.
	Checksum() uint64
}

// Ring is the engine of a rollback: it keeps the saved states of a
// simulation's last ticks and runs ticks again from one of them. Session,
// SyncTest and netplay's Client roll back with it. The state of tick t is
// the state before tick t runs. Each slot's buffer is reused (SaveState
// appends to it cut to zero length), so once the state's size has settled
// nothing allocates. A Ring is not safe for concurrent use.
type Ring struct {
	sim      Saver
	slots    []stateSlot
	sumEvery uint64 // 0: no checksums
}

// stateSlot is one saved state of a Ring.
type stateSlot struct {
	tick   uint64 // noTick when empty
	sum    uint64 // the checksum, on a checksum tick
	hasSum bool
	buf    []byte
}

// NewRing returns a ring of size states (at least 1) of sim. With
// sumEvery > 0 the state of every tick that is a multiple of it is saved
// with its checksum.
func NewRing(sim Saver, size, sumEvery int) *Ring {
	r := &Ring{sim: sim, slots: make([]stateSlot, max(size, 1)), sumEvery: uint64(max(sumEvery, 0))}
	for i := range r.slots {
		r.slots[i].tick = noTick
	}
	return r
}

// Save saves the simulation's current state as tick t's, in place of
// tick t-size's. A failed save leaves no state of t.
func (r *Ring) Save(t uint64) error {
	slot := &r.slots[t%uint64(len(r.slots))]
	buf, err := r.sim.SaveState(slot.buf[:0])
	if err != nil {
		slot.tick = noTick
		return fmt.Errorf("saving the state of tick %d: %w", t, err)
	}
	slot.buf, slot.tick, slot.hasSum = buf, t, false
	if r.sumEvery > 0 && t%r.sumEvery == 0 {
		slot.sum, slot.hasSum = r.sim.Checksum(), true
	}
	return nil
}

// State returns the saved state of tick t, valid until tick t+size is
// saved; false when the ring does not hold it.
func (r *Ring) State(t uint64) ([]byte, bool) {
	slot := &r.slots[t%uint64(len(r.slots))]
	return slot.buf, slot.tick == t
}

// Checksum returns the checksum saved with the state of tick t; false
// when the ring holds none.
func (r *Ring) Checksum(t uint64) (uint64, bool) {
	slot := &r.slots[t%uint64(len(r.slots))]
	return slot.sum, slot.tick == t && slot.hasSum
}

// Rollback loads the state of tick from and runs the ticks from .. to-1
// again (advance(k) runs tick k), saving the state of each tick after
// from before it runs, in place of the abandoned future's. The state it
// ends in, tick to's, is the caller's to save: Session saves it before it
// runs that tick, netplay's Client at once.
func (r *Ring) Rollback(from, to uint64, advance func(tick uint64) error) error {
	state, ok := r.State(from)
	if !ok {
		return fmt.Errorf("the state of tick %d is not in the ring", from)
	}
	if err := r.sim.LoadState(state); err != nil {
		return fmt.Errorf("loading the state of tick %d: %w", from, err)
	}
	for k := from; k < to; k++ {
		if k > from {
			if err := r.Save(k); err != nil {
				return err
			}
		}
		if err := advance(k); err != nil {
			return fmt.Errorf("advancing tick %d again: %w", k, err)
		}
	}
	return nil
}
