//go:build !js

package online

import (
	"bytes"
	"errors"
	"fmt"
	"log"
	"math/rand/v2"
	"testing"
	"time"

	"github.com/seedgames/motorkit/demo/internal/proctest"
	"github.com/seedgames/motorkit/internal/binstate"
)

// waitingPerson adds a person to r as a restore leaves one: a car without a
// connection, waiting for its owner's reconnect (in place of a bot when
// the room is full).
func waitingPerson(t testing.TB, r *Room, name string) {
	t.Helper()
	r.mu.Lock()
	defer r.mu.Unlock()
	worldMu.Lock()
	defer worldMu.Unlock()
	if r.m.Bots() > 0 && r.m.Players() >= r.s.opts.RoomSize {
		r.removeBot()
	}
	e, err := r.m.SpawnPlayer(name, 0)
	if err != nil {
		t.Fatal(err)
	}
	p := &player{room: r, id: r.nextID, ent: e, name: name, token: newToken(), addr: "203.0.113.7:4000", goneAt: time.Now()}
	r.nextID++
	r.ids[e] = p.id
	r.people = append(r.people, p)
}

// stateFile is a real state file: two rooms of 3 cars (one with a person
// waiting for a reconnect) stepped 60 ticks, saved by SaveState.
func stateFile(t testing.TB, opts ServerOptions) []byte {
	t.Helper()
	s, err := NewServer(opts)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	for num := 0; num < 2; num++ {
		r, err := newRoom(s, num)
		if err != nil {
			t.Fatal(err)
		}
		if num == 1 {
			waitingPerson(t, r, "waits")
		}
		for i := 0; i < 60; i++ {
			r.step()
		}
		s.rooms = append(s.rooms, r)
	}
	var file bytes.Buffer
	if err := s.SaveState(&file); err != nil {
		t.Fatal(err)
	}
	return file.Bytes()
}

// tally counts the outcomes of corrupted inputs.
type tally struct{ tried, accepted int }

// refuses feeds data to open (a restore into a server that stays empty
// while it refuses) and checks that it is refused with an error wrapping
// ErrState and want, without a panic; what names the change.
func (c *tally) refuses(t *testing.T, open func([]byte) error, want error, what string, data []byte) {
	t.Helper()
	c.tried++
	err := func() (err error) {
		defer func() {
			if p := recover(); p != nil {
				t.Fatalf("%s: panic: %v", what, p)
			}
		}()
		return open(data)
	}()
	switch {
	case err == nil:
		c.accepted++
		t.Fatalf("%s: accepted", what)
	case !errors.Is(err, ErrState) || !errors.Is(err, want):
		t.Fatalf("%s: %v, want an error wrapping %v and %v", what, err, ErrState, want)
	}
}

// everyCorruption changes each byte of good in turn (XOR with a
// pseudo-random nonzero byte) and cuts it at every length: each is
// refused, as a checksum mismatch and as truncated.
func everyCorruption(t *testing.T, good []byte, open func([]byte) error) (flips, cuts tally) {
	t.Helper()
	rng := rand.New(rand.NewPCG(36, uint64(len(good))))
	for i := range good {
		bad := bytes.Clone(good)
		bad[i] ^= byte(1 + rng.IntN(255))
		flips.refuses(t, open, binstate.ErrChecksum, fmt.Sprintf("byte %d changed", i), bad)
	}
	for n := 0; n < len(good); n++ {
		cuts.refuses(t, open, binstate.ErrShort, fmt.Sprintf("cut to %d bytes", n), good[:n])
	}
	return flips, cuts
}

// TestRestoreStateRefusesEveryCorruption changes each byte of a real state
// file in turn and cuts it at every length: RestoreState refuses every one
// with an error that says which (checksum mismatch, truncated), opens no
// room and never panics; the file itself restores.
func TestRestoreStateRefusesEveryCorruption(t *testing.T) {
	opts := ServerOptions{RoomSize: 3, Seed: 11, Grace: time.Minute, Log: log.New(&proctest.Log{}, "", 0)}
	good := stateFile(t, opts)
	s, err := NewServer(opts)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	flips, cuts := everyCorruption(t, good, func(data []byte) error {
		_, err := s.RestoreState(data)
		if n := len(s.Rooms()); n != 0 {
			t.Fatalf("%d rooms open after a restore that failed with %v", n, err)
		}
		return err
	})
	t.Logf("%d-byte state file: %d of %d single-byte changes and %d of %d cuts accepted",
		len(good), flips.accepted, flips.tried, cuts.accepted, cuts.tried)
	if n, err := s.RestoreState(good); err != nil || n != 2 {
		t.Fatalf("the file itself: %d rooms, %v", n, err)
	}
}

// TestAdoptRefusesEveryCorruption: a room handed over by another server
// (its framed state) with any byte changed or cut short is refused by
// AdoptRoom and opens nothing; the state itself is adopted.
func TestAdoptRefusesEveryCorruption(t *testing.T) {
	opts := ServerOptions{RoomSize: 3, Seed: 12, Grace: time.Minute, Log: log.New(&proctest.Log{}, "", 0)}
	_, good, s2 := savedRoom(t, opts, 1, 30)
	flips, cuts := everyCorruption(t, good, func(data []byte) error {
		_, err := s2.AdoptRoom(data)
		if n := len(s2.Rooms()); n != 0 {
			t.Fatalf("%d rooms open after an adoption that failed with %v", n, err)
		}
		return err
	})
	t.Logf("%d-byte room state: %d of %d single-byte changes and %d of %d cuts accepted",
		len(good), flips.accepted, flips.tried, cuts.accepted, cuts.tried)
	if _, err := s2.AdoptRoom(good); err != nil {
		t.Fatalf("the state itself: %v", err)
	}
}

// FuzzRestoreState changes a real state file: flip is XOR-ed into it from
// byte at on (wrapping around), then it is cut to cut bytes if that is
// shorter. A changed file is refused with an ErrState that says how (cut,
// checksum, or, with the version or magic bytes changed among others of
// the header, another format); the unchanged one restores; never a panic.
func FuzzRestoreState(f *testing.F) {
	opts := ServerOptions{RoomSize: 3, Seed: 11, Grace: time.Minute, Log: log.New(&proctest.Log{}, "", 0)}
	good := stateFile(f, opts)
	f.Add(uint32(0), []byte{0}, uint32(len(good)))
	f.Add(uint32(30), []byte{4}, uint32(len(good)))
	f.Add(uint32(8), []byte{1, 0, 0, 9}, uint32(len(good)-1))
	f.Fuzz(func(t *testing.T, at uint32, flip []byte, cut uint32) {
		data := bytes.Clone(good)
		for i, x := range flip {
			data[(int(at%uint32(len(data)))+i)%len(data)] ^= x
		}
		if int(cut) < len(data) {
			data = data[:cut]
		}
		s, err := NewServer(opts)
		if err != nil {
			t.Fatal(err)
		}
		defer s.Close()
		_, err = s.RestoreState(data)
		switch {
		case bytes.Equal(data, good):
			if err != nil {
				t.Fatalf("the unchanged file: %v", err)
			}
		case err == nil:
			t.Fatalf("a file changed at %d (%x) and cut to %d bytes was accepted", at, flip, cut)
		case !errors.Is(err, ErrState):
			t.Fatalf("error not wrapping ErrState: %v", err)
		case !errors.Is(err, binstate.ErrShort) && !errors.Is(err, binstate.ErrChecksum) &&
			!errors.Is(err, binstate.ErrVersion) && !errors.Is(err, binstate.ErrForeign):
			t.Fatalf("%v: says neither truncated, checksum mismatch, another version nor foreign data", err)
		}
	})
}

// FuzzAdoptRoomPayload gives AdoptRoom room states behind a valid frame:
// the checksum guards against damage, not against whoever can publish on
// a fleet's bus, so the decoder itself must refuse what does not fit. An
// error wrapping ErrState or an adopted room; never a panic.
func FuzzAdoptRoomPayload(f *testing.F) {
	opts := ServerOptions{RoomSize: 3, Seed: 12, Grace: time.Minute, Log: log.New(&proctest.Log{}, "", 0)}
	_, good, _ := savedRoom(f, opts, 1, 30)
	f.Add(good[binstate.HeaderSize:])
	f.Fuzz(func(t *testing.T, payload []byte) {
		data, err := roomEnvelope.Append(nil, payload)
		if err != nil {
			t.Fatal(err)
		}
		s, err := NewServer(opts)
		if err != nil {
			t.Fatal(err)
		}
		defer s.Close()
		if _, err := s.AdoptRoom(data); err != nil && !errors.Is(err, ErrState) {
			t.Fatalf("error not wrapping ErrState: %v", err)
		}
	})
}
