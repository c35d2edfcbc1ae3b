package match

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/seedgames/motorkit/internal/binstate"
	"github.com/yohamta/donburi"
)

// realSnapshot is the restore script's match saved at tick 95: 8 players,
// bots and people, right after a leave and a join.
func realSnapshot(tb testing.TB) []byte {
	tb.Helper()
	s := restoreScript{}
	m := s.start(tb)
	for n := 0; n < 95; n++ {
		s.step(tb, m, n)
	}
	snap, err := m.MarshalBinary()
	if err != nil {
		tb.Fatal(err)
	}
	return snap
}

// tryRestore restores data into a match of the script's options and
// reports a panic as an error of its own.
func tryRestore(data []byte) (err error, panicked bool) {
	defer func() {
		if p := recover(); p != nil {
			err, panicked = fmt.Errorf("panic: %v", p), true
		}
	}()
	_, err = RestoreMatch(MatchOptions{Seed: 5}, data)
	return err, false
}

// TestRestoreRefusesEveryCorruption changes each byte of a real snapshot
// in turn (XOR with a pseudo-random nonzero byte), cuts it at every length,
// and changes 1 to 4 random bytes at once 500 times: every one is refused
// with an error that says which (a changed byte: checksum mismatch; a cut:
// truncated), none panics.
func TestRestoreRefusesEveryCorruption(t *testing.T) {
	snap := realSnapshot(t)
	rng := rand.New(rand.NewPCG(36, 1))
	type tally struct{ tried, accepted, panics int }
	var flips, cuts, random tally
	check := func(c *tally, want error, what string, data []byte) {
		c.tried++
		err, panicked := tryRestore(data)
		switch {
		case panicked:
			c.panics++
			t.Errorf("%s: %v", what, err)
		case err == nil:
			c.accepted++
			if c.accepted <= 3 {
				t.Errorf("%s: accepted as a match", what)
			}
		case !errors.Is(err, ErrSnapshot) || !errors.Is(err, want):
			t.Errorf("%s: %v, want an error wrapping %v and %v", what, err, ErrSnapshot, want)
		}
	}
	for i := range snap {
		bad := bytes.Clone(snap)
		bad[i] ^= byte(1 + rng.IntN(255))
		check(&flips, binstate.ErrChecksum, fmt.Sprintf("byte %d changed", i), bad)
	}
	for n := 0; n < len(snap); n++ {
		check(&cuts, binstate.ErrShort, fmt.Sprintf("cut to %d bytes", n), snap[:n])
	}
	for k := 0; k < 500; k++ {
		bad := bytes.Clone(snap)
		for j := 0; j < 1+k%4; j++ {
			bad[rng.IntN(len(bad))] ^= byte(1 + rng.IntN(255))
		}
		check(&random, binstate.ErrChecksum, fmt.Sprintf("random change %d", k), bad)
	}
	for _, c := range []struct {
		name string
		t    tally
	}{{"single-byte changes", flips}, {"cuts", cuts}, {"changes of 1-4 random bytes", random}} {
		t.Logf("%d-byte snapshot, %s: %d of %d accepted, %d panics", len(snap), c.name, c.t.accepted, c.t.tried, c.t.panics)
	}
}

// refusedAs reports whether err wraps one of kinds.
func refusedAs(err error, kinds ...error) bool {
	for _, k := range kinds {
		if errors.Is(err, k) {
			return true
		}
	}
	return false
}

// FuzzRestoreMatch changes a real snapshot: flip is XOR-ed into it from
// byte at on (wrapping around), then it is cut to cut bytes if that is
// shorter. A snapshot that changed is refused with an error wrapping
// ErrSnapshot that says truncated or checksum mismatch (or, when the
// version or magic bytes changed with others of the header, another
// format version or foreign data: that is what such a header says); one
// that did not change restores; none panics.
func FuzzRestoreMatch(f *testing.F) {
	snap := realSnapshot(f)
	f.Add(uint32(0), []byte{0}, uint32(len(snap)))
	f.Add(uint32(60), []byte{1}, uint32(len(snap)))
	f.Add(uint32(8), []byte{0xff, 0, 3}, uint32(len(snap)/2))
	f.Add(uint32(len(snap)-3), []byte{0x80, 0x80, 0x80, 0x80, 0x80}, uint32(len(snap)))
	f.Fuzz(func(t *testing.T, at uint32, flip []byte, cut uint32) {
		data := bytes.Clone(snap)
		for i, x := range flip {
			data[(int(at%uint32(len(data)))+i)%len(data)] ^= x
		}
		if int(cut) < len(data) {
			data = data[:cut]
		}
		err, panicked := tryRestore(data)
		switch {
		case panicked:
			t.Fatal(err)
		case bytes.Equal(data, snap):
			if err != nil {
				t.Fatalf("the unchanged snapshot: %v", err)
			}
		case err == nil:
			t.Fatalf("a snapshot changed at %d (%x) and cut to %d bytes was accepted", at, flip, cut)
		case !errors.Is(err, ErrSnapshot) || !refusedAs(err, binstate.ErrShort, binstate.ErrChecksum, binstate.ErrVersion, binstate.ErrForeign):
			t.Fatalf("%v, want an error wrapping %v that says truncated, checksum mismatch, or (a damaged version or magic) another format", err, ErrSnapshot)
		}
	})
}

// TestRestoreLocalPlayerOutside: a payload (behind a valid checksum) whose
// local player is an entity id far past the world's restores without one,
// not a panic (donburi's World.Valid indexes its table by the id).
func TestRestoreLocalPlayerOutside(t *testing.T) {
	s := restoreScript{}
	m := s.start(t)
	for n := 0; n < 95; n++ {
		s.step(t, m, n)
	}
	snap, err := m.MarshalBinary()
	if err != nil {
		t.Fatal(err)
	}
	payload := bytes.Clone(snap[binstate.HeaderSize:])
	// fingerprint, base id, tick, max id, freed count, the freed ids.
	at := 8 + 4 + 8 + 4 + 4 + 8*len(m.alloc.free)
	for _, id := range []uint64{1 << 20, 1<<32 - 1, uint64(m.alloc.maxID) + 1} {
		binary.LittleEndian.PutUint64(payload[at:], id<<32) // donburi keeps the id in the high half
		data, err := snapEnvelope.Append(nil, payload)
		if err != nil {
			t.Fatal(err)
		}
		r, err, panicked := func() (r *Match, err error, panicked bool) {
			defer func() {
				if p := recover(); p != nil {
					err, panicked = fmt.Errorf("%v", p), true
				}
			}()
			r, err = RestoreMatch(MatchOptions{Seed: 5}, data)
			return r, err, false
		}()
		if panicked || err != nil {
			t.Fatalf("local player id %d: %v (panic: %v)", id, err, panicked)
		}
		if r.Player != donburi.Null {
			t.Fatalf("local player id %d restored as %v", id, r.Player)
		}
	}
}

// FuzzRestoreMatchPayload gives the decoder payloads behind a valid
// frame, seeded with a real one: the checksum guards against damage, not
// against a snapshot made on purpose (a room handed over by whoever can
// publish on a fleet's bus), so the decoder itself must refuse what does
// not fit. An error wrapping ErrSnapshot or a match that steps without
// NaN; never a panic.
func FuzzRestoreMatchPayload(f *testing.F) {
	payload := realSnapshot(f)[binstate.HeaderSize:]
	f.Add(payload)
	f.Add(payload[:len(payload)/3])
	f.Fuzz(func(t *testing.T, payload []byte) {
		data, err := snapEnvelope.Append(nil, payload)
		if err != nil {
			t.Fatal(err)
		}
		r, err := RestoreMatch(MatchOptions{Seed: 5}, data)
		if err != nil {
			if !errors.Is(err, ErrSnapshot) {
				t.Fatalf("error not wrapping ErrSnapshot: %v", err)
			}
			return
		}
		for n := 0; n < 3; n++ {
			r.Pipeline.Step()
		}
		for i := range r.Cars {
			p := r.Body(i).Position
			if math.IsNaN(p[0]) || math.IsNaN(p[2]) {
				t.Fatalf("player %d at %v after a restore", i, p)
			}
		}
	})
}
