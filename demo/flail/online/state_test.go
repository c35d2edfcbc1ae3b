//go:build !js

package online

import (
	"bytes"
	"context"
	"errors"
	"log"
	"strings"
	"testing"
	"time"

	"github.com/seedgames/motorkit/demo/flail/wire"
	"github.com/seedgames/motorkit/demo/internal/proctest"
	"github.com/seedgames/motorkit/internal/binstate"
)

// savedRoom steps room num of a server (not serving) ticks times by hand
// and returns it, its state, and a second server of the same options to
// restore it into (both closed when the test ends).
func savedRoom(t testing.TB, opts ServerOptions, num, ticks int) (*Room, []byte, *Server) {
	t.Helper()
	s1, err := NewServer(opts)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(s1.Close)
	r1, err := newRoom(s1, num)
	if err != nil {
		t.Fatal(err)
	}
	for i := 0; i < ticks; i++ {
		r1.step()
	}
	blob, err := r1.appendState(nil)
	if err != nil {
		t.Fatal(err)
	}
	s2, err := NewServer(opts)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(s2.Close)
	return r1, blob, s2
}

// TestRoomRestoreSameBits saves a room of bots at tick 200 and restores it
// into another server: stepped side by side, the two rooms' match
// checksums agree on every one of the next 400 ticks and their final
// states are equal byte for byte, as if the room had never stopped.
func TestRoomRestoreSameBits(t *testing.T) {
	opts := ServerOptions{RoomSize: 8, Seed: 21, Grace: time.Hour, Log: log.New(&proctest.Log{}, "", 0)}
	r1, blob, s2 := savedRoom(t, opts, 3, 200)
	r2, err := s2.restoreRoom(blob)
	if err != nil {
		t.Fatal(err)
	}
	if r2.num != 3 || r2.m.Ticks() != r1.m.Ticks() || r2.m.Checksum() != r1.m.Checksum() {
		t.Fatalf("restored room %d at tick %d (%016x), saved room 3 at %d (%016x)",
			r2.num, r2.m.Ticks(), r2.m.Checksum(), r1.m.Ticks(), r1.m.Checksum())
	}
	for i := 0; i < 400; i++ {
		r1.step()
		r2.step()
		if a, b := r1.m.Checksum(), r2.m.Checksum(); a != b {
			t.Fatalf("tick %d: checksum %016x after the restore, %016x without a stop", r1.m.Ticks(), b, a)
		}
	}
	a, _ := r1.m.MarshalBinary()
	b, _ := r2.m.MarshalBinary()
	if !bytes.Equal(a, b) {
		t.Fatal("the final states differ")
	}
}

// TestRestartKeepsMatch is a restart as a player lives it: a client plays,
// the server drains and saves its rooms, a new server restores them, and
// the client, redialing with its token, gets its own car back in the room
// that went on from the saved tick.
func TestRestartKeepsMatch(t *testing.T) {
	opts := ServerOptions{RoomSize: 4, Seed: 9, Grace: 20 * time.Second}
	srv1, url1, _ := startServer(t, opts)
	c := dial(t, url1, DialOptions{Name: "keeper"})
	defer c.Close()
	ctx := context.Background()
	for i := 0; i < 40; i++ {
		if _, err := c.SendInput(ctx, 1, 1, 0); err != nil {
			t.Fatal(err)
		}
		time.Sleep(25 * time.Millisecond)
	}
	var s wire.Snapshot
	if !proctest.WaitFor(3*time.Second, func() bool { return c.Latest(&s) && s.Ack >= 40 }) {
		t.Fatalf("ack %d, want 40", s.Ack)
	}
	t0 := time.Now()
	srv1.Drain(2 * time.Second)
	var file bytes.Buffer
	if err := srv1.SaveState(&file); err != nil {
		t.Fatal(err)
	}
	room := srv1.Rooms()[0]
	savedTick, savedSum := room.m.Ticks(), room.m.Checksum()

	srv2, url2, logs := startServer(t, opts)
	n, err := srv2.RestoreState(file.Bytes())
	if err != nil || n != 1 {
		t.Fatalf("restore: %d rooms, %v", n, err)
	}
	r2 := srv2.Rooms()[0]
	r2.mu.Lock()
	worldMu.Lock()
	gotTick, gotSum := r2.m.Ticks(), r2.m.Checksum()
	worldMu.Unlock()
	r2.mu.Unlock()
	if gotTick < savedTick || (gotTick == savedTick && gotSum != savedSum) {
		t.Fatalf("restored room at tick %d (%016x), saved at %d (%016x)", gotTick, gotSum, savedTick, savedSum)
	}
	c2, err := Redial(ctx, url2, DialOptions{Name: "keeper", Token: c.Welcome.Token}, 5*time.Second, 200*time.Millisecond)
	if err != nil {
		t.Fatalf("redial: %v\n%s", err, logs)
	}
	defer c2.Close()
	back := time.Since(t0)
	if c2.Welcome.You != c.Welcome.You || c2.Welcome.Room != c.Welcome.Room {
		t.Fatalf("came back as player %d in room %d, was %d in %d", c2.Welcome.You, c2.Welcome.Room, c.Welcome.You, c.Welcome.Room)
	}
	if uint64(c2.Welcome.Tick) < savedTick {
		t.Fatalf("welcome at tick %d, the room was saved at %d: the match restarted", c2.Welcome.Tick, savedTick)
	}
	if !proctest.WaitFor(3*time.Second, func() bool { e, ok := c2.Roster(c2.Welcome.You); return ok && e.Name == "keeper" }) {
		t.Fatal("the roster does not name the car keeper")
	}
	if !proctest.WaitFor(3*time.Second, func() bool { return c2.Latest(&s) && me(&s, c2.Welcome.You) != nil }) {
		t.Fatal("no snapshot with the car after the restart")
	}
	t.Logf("restart seen by a client: drained, saved (%d bytes), restored at tick %d and back on its car after %v",
		file.Len(), savedTick, back.Round(time.Millisecond))
}

// TestRestoreStateRefuses: a bad state file opens no room and says why.
func TestRestoreStateRefuses(t *testing.T) {
	opts := ServerOptions{RoomSize: 4, Seed: 1, Log: log.New(&proctest.Log{}, "", 0)}
	s1, err := NewServer(opts)
	if err != nil {
		t.Fatal(err)
	}
	r, err := newRoom(s1, 0)
	if err != nil {
		t.Fatal(err)
	}
	s1.rooms = append(s1.rooms, r)
	var file bytes.Buffer
	if err := s1.SaveState(&file); err != nil {
		t.Fatal(err)
	}
	s1.Close()
	good := file.Bytes()
	// another tuning: the rooms' match fingerprints differ (the seed is
	// not a refusal: each room keeps its own).
	cfg, err := Config("")
	if err != nil {
		t.Fatal(err)
	}
	cfg.Rules.StartEnergy++
	other := opts
	other.Config = &cfg
	changed := bytes.Clone(good)
	changed[len(changed)/2] ^= 0x10
	// a file of format version 1 (before the checksum) says so.
	v1 := append([]byte("MKFLSRV\x00\x01"), good[binstate.HeaderSize:]...)
	cases := map[string]struct {
		opts ServerOptions
		data []byte
		says string
	}{
		"empty":        {opts, nil, "truncated"},
		"not a state":  {opts, []byte("hello world, this is not a state file"), "foreign data"},
		"truncated":    {opts, good[:len(good)-7], "truncated"},
		"changed":      {opts, changed, "checksum mismatch"},
		"version 1":    {opts, v1, "version 1, want 2"},
		"other config": {other, good, "another config"},
	}
	for name, tc := range cases {
		s, err := NewServer(tc.opts)
		if err != nil {
			t.Fatal(err)
		}
		n, err := s.RestoreState(tc.data)
		if !errors.Is(err, ErrState) || n != 0 || len(s.Rooms()) != 0 || !strings.Contains(err.Error(), tc.says) {
			t.Errorf("%s: %d rooms, %v; want an error saying %q", name, n, err, tc.says)
		}
		s.Close()
	}
}

// TestAdoptRoomSameBits: a room handed to another server (AdoptRoom, as a
// fleet's drain does) goes on exactly as it would have at home: halted
// after k ticks there, its state equals the original room's stepped k
// times more.
func TestAdoptRoomSameBits(t *testing.T) {
	opts := ServerOptions{RoomSize: 6, Seed: 4, Grace: time.Hour, Log: log.New(&proctest.Log{}, "", 0)}
	r1, blob, s2 := savedRoom(t, opts, 2, 150)
	n, err := s2.AdoptRoom(blob)
	if err != nil {
		t.Fatal(err)
	}
	time.Sleep(200 * time.Millisecond) // the adopted room ticks on its own clock
	r2 := s2.Rooms()[0]
	if _, err := s2.haltRoom(r2); err != nil {
		t.Fatal(err)
	}
	if r2.num != n || r2.seed != r1.seed {
		t.Fatalf("adopted as room %d with seed %d; want %d, %d", r2.num, r2.seed, n, r1.seed)
	}
	k := r2.m.Ticks() - r1.m.Ticks()
	if k == 0 {
		t.Fatal("the adopted room did not tick")
	}
	for i := uint64(0); i < k; i++ {
		r1.step()
	}
	a, _ := r1.m.MarshalBinary()
	b, _ := r2.m.MarshalBinary()
	if !bytes.Equal(a, b) {
		t.Fatalf("after %d ticks on the new server the match differs from the one that stayed home", k)
	}
	t.Logf("adopted room %d ran %d ticks on its new server: same state, checksum %016x", n, k, r2.m.Checksum())
}
