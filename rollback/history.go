package rollback

import "fmt"

// Stater is the part of a Simulation a History saves and loads.
type Stater interface {
	SaveState(dst []byte) ([]byte, error)
	LoadState(state []byte) error
	Checksum() uint64
}

// History is the rollback engine: a ring of a simulation's saved states,
// one per tick, and the rollback that loads one of them and runs the ticks
// since again. Session is a History driven by peers' inputs; a predicting
// client that steps its simulation another way (netplay.Client, driven by
// a host's frames) uses the same one. It allocates nothing once each slot
// has grown to a state's size. It is not safe for concurrent use.
type History struct {
	slots []stateSlot
}

// stateSlot is one saved state of the ring.
type stateSlot struct {
	tick   uint64 // noTick when empty
	sum    uint64 // the checksum, when hasSum
	hasSum bool
	buf    []byte
}

// NewHistory returns a history that holds the states of the last n ticks
// (n at least 1).
func NewHistory(n int) *History {
	h := &History{slots: make([]stateSlot, max(n, 1))}
	for i := range h.slots {
		h.slots[i].tick = noTick
	}
	return h
}

// Len is how many ticks' states the history holds.
func (h *History) Len() int { return len(h.slots) }

// Save keeps sim's state as that of tick t (the state before tick t runs),
// in the slot of the state of tick t-Len, and its checksum too when sum is
// true. A failed save empties the slot.
func (h *History) Save(sim Stater, t uint64, sum bool) error {
	slot := &h.slots[t%uint64(len(h.slots))]
	buf, err := sim.SaveState(slot.buf[:0])
	if err != nil {
		slot.tick = noTick
		return fmt.Errorf("saving the state of tick %d: %w", t, err)
	}
	slot.buf, slot.tick, slot.hasSum = buf, t, false
	if sum {
		slot.sum, slot.hasSum = sim.Checksum(), true
	}
	return nil
}

// State returns the saved state of tick t, the history's own bytes (valid
// until that slot is saved again); ok is false when the history no longer
// (or never) held it.
func (h *History) State(t uint64) (state []byte, ok bool) {
	slot := &h.slots[t%uint64(len(h.slots))]
	if slot.tick != t {
		return nil, false
	}
	return slot.buf, true
}

// Sum returns the checksum saved with tick t's state; ok is false when
// there is none.
func (h *History) Sum(t uint64) (sum uint64, ok bool) {
	slot := &h.slots[t%uint64(len(h.slots))]
	if slot.tick != t || !slot.hasSum {
		return 0, false
	}
	return slot.sum, true
}

// Rollback loads the state of tick from into sim and runs the ticks from
// to to-1 again: step(k) runs tick k (and saves what it must: the state
// of each tick after from is the caller's to save again, through Save).
// It returns how many ticks ran again, and fails, having changed nothing,
// when the history does not hold tick from's state.
func (h *History) Rollback(sim Stater, from, to uint64, step func(k uint64) error) (int, error) {
	state, ok := h.State(from)
	if !ok {
		return 0, fmt.Errorf("the state of tick %d is not in the history", from)
	}
	if err := sim.LoadState(state); err != nil {
		return 0, fmt.Errorf("loading the state of tick %d: %w", from, err)
	}
	for k := from; k < to; k++ {
		if err := step(k); err != nil {
			return int(k - from), err
		}
	}
	return int(to - from), nil
}
