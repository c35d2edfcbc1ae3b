package rollback

import (
	"bytes"
	"testing"
)

// A Ring's rollback ends where the first run ended, bit for bit, whatever
// was run in between, and holds the last size states only, with a
// checksum on every multiple of sumEvery.
func TestRing(t *testing.T) {
	const players, size = 2, 6
	sim := newPoints(players)
	r := NewRing(sim, size, 3)
	buf := make([]byte, players*pointsInputSize)
	in := make([]Input, players)
	run := func(k uint64, seed uint64) error {
		for p := range in {
			in[p].Bytes = buf[p*pointsInputSize : (p+1)*pointsInputSize]
			clear(in[p].Bytes)
			script(seed)(k, p, in[p].Bytes)
		}
		return sim.Advance(in)
	}
	if err := r.Save(0); err != nil {
		t.Fatal(err)
	}
	for k := uint64(0); k < 10; k++ {
		if err := run(k, 1); err != nil {
			t.Fatal(err)
		}
		if err := r.Save(k + 1); err != nil {
			t.Fatal(err)
		}
	}
	want, _ := sim.SaveState(nil)
	wantSum := sim.Checksum()
	for tick := uint64(0); tick <= 10; tick++ {
		_, held := r.State(tick)
		_, summed := r.Checksum(tick)
		if held != (tick > 10-size) || summed != (held && tick%3 == 0) {
			t.Errorf("tick %d: state held %v, checksum %v; want the last %d ticks, checksums on multiples of 3", tick, held, summed, size)
		}
	}
	st9, _ := r.State(9)
	st9 = bytes.Clone(st9)
	// Another future from tick 6: the states of ticks 7 to 9 are its, the
	// state of tick 10 (where it ends) is the caller's to save.
	if err := r.Rollback(6, 10, func(k uint64) error { return run(k, 2) }); err != nil {
		t.Fatal(err)
	}
	if got, _ := sim.SaveState(nil); bytes.Equal(got, want) {
		t.Fatal("another future ended in the same state")
	}
	if st, _ := r.State(9); bytes.Equal(st, st9) {
		t.Error("the rollback did not save the states of the ticks it ran again")
	}
	if st, _ := r.State(10); !bytes.Equal(st, want) {
		t.Error("the rollback saved the state it ended in: that is the caller's")
	}
	// The first future again from tick 5: the same bits.
	if err := r.Rollback(5, 10, func(k uint64) error { return run(k, 1) }); err != nil {
		t.Fatal(err)
	}
	if got, _ := sim.SaveState(nil); !bytes.Equal(got, want) || sim.Checksum() != wantSum {
		t.Error("the rollback did not end in the first run's state")
	}
	if st, _ := r.State(9); !bytes.Equal(st, st9) {
		t.Error("the states saved again differ from the first run's")
	}
	if err := r.Rollback(4, 10, func(uint64) error { return nil }); err == nil {
		t.Error("a rollback to a tick the ring no longer holds did not fail")
	}
}
