package match

import (
	"bytes"
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/seedgames/motorkit/components"
	"github.com/seedgames/motorkit/flail"
	"github.com/seedgames/motorkit/internal/binstate"
)

// restoreScript is a match with people coming and going: 6 bots and 2
// people at the start, then every 90 ticks a bot leaves and a person joins
// or a person leaves and a bot takes the place, so entity ids are freed and
// reused at higher versions. People steer by a fixed function of the tick.
type restoreScript struct{ ticks int }

func (s restoreScript) start(t testing.TB) *Match {
	t.Helper()
	m, err := NewMatch(MatchOptions{Seed: 5})
	if err != nil {
		t.Fatal(err)
	}
	for i := 0; i < 8; i++ {
		skill := flail.Skill(1 + i%3)
		if i%4 == 3 {
			skill = 0
		}
		if _, err := m.SpawnPlayer(fmt.Sprintf("car %d", i), skill); err != nil {
			t.Fatal(err)
		}
	}
	return m
}

// step runs tick n of the script: the comings and goings due, the people's
// commands, one pipeline step.
func (s restoreScript) step(t testing.TB, m *Match, n int) {
	t.Helper()
	if n > 0 && n%90 == 0 {
		// the oldest bot (odd steps) or the oldest person (even) leaves.
		wantBot := (n/90)%2 == 1
		// every third time two leave, so freed ids pile up.
		leave := 1 + btoi(n%270 == 0)
		for i := 0; i < len(m.Cars) && leave > 0; i++ {
			if (m.Skill(i) != 0) == wantBot {
				m.RemovePlayer(m.Cars[i])
				leave--
				i--
			}
		}
		skill := flail.Skill(0)
		if !wantBot {
			skill = flail.Skill(1 + (n/90)%3)
		}
		if _, err := m.SpawnPlayer(fmt.Sprintf("car %d", 1000+n), skill); err != nil {
			t.Fatal(err)
		}
	}
	k := 0
	for i, ent := range m.Cars {
		if m.Skill(i) != 0 {
			continue
		}
		k++
		// a slow weave with throttle bursts and a throw every 37 ticks.
		aim := float64(float64(n)*0.03) + float64(k)
		cmd := flail.Input{Aim: aim, Throttle: float64((n+k*7)%5) / 4,
			PrimaryPressed: (n+k)%37 == 0, PrimaryHeld: (n+k)%37 < 20}
		e := m.World.Entry(ent)
		components.View.Get(e).Yaw = cmd.Aim
		SubmitInput(e, cmd)
	}
	m.Pipeline.Step()
	m.Events()
}

func btoi(b bool) int {
	if b {
		return 1
	}
	return 0
}

// TestRestoreSameBits saves a match at ticks through the script (right
// after a join, a leave, at the start, late), restores each snapshot into
// a new match and plays the rest of the script: every later tick's checksum
// and the final snapshot, every byte of the state, equal those of the run
// that never stopped.
func TestRestoreSameBits(t *testing.T) {
	s := restoreScript{ticks: 720}
	ref := s.start(t)
	sums := make([]uint64, s.ticks)
	for n := 0; n < s.ticks; n++ {
		s.step(t, ref, n)
		sums[n] = ref.Checksum()
	}
	final, err := ref.MarshalBinary()
	if err != nil {
		t.Fatal(err)
	}
	if ref.Game.Rules.Tick == 0 || len(ref.alloc.free) == 0 && ref.alloc.maxID <= ref.baseID+8 {
		t.Fatalf("the script did not exercise id reuse: free %v, max id %d", ref.alloc.free, ref.alloc.maxID)
	}
	for _, at := range []int{0, 1, 91, 181, 200, 271, 359, 361, 500, 719} {
		m := s.start(t)
		for n := 0; n < at; n++ {
			s.step(t, m, n)
		}
		snap, err := m.MarshalBinary()
		if err != nil {
			t.Fatalf("save at tick %d: %v", at, err)
		}
		r, err := RestoreMatch(MatchOptions{Seed: 5}, snap)
		if err != nil {
			t.Fatalf("restore at tick %d: %v", at, err)
		}
		again, _ := r.MarshalBinary()
		if !bytes.Equal(again, snap) {
			t.Fatalf("tick %d: the restored match saves differently (%d vs %d bytes)", at, len(again), len(snap))
		}
		for n := at; n < s.ticks; n++ {
			s.step(t, r, n)
			if got := r.Checksum(); got != sums[n] {
				t.Fatalf("restored at tick %d: checksum at tick %d is %016x, the uninterrupted run's %016x", at, n, got, sums[n])
			}
		}
		end, err := r.MarshalBinary()
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(end, final) {
			t.Fatalf("restored at tick %d: the final state differs from the uninterrupted run's", at)
		}
	}
	t.Logf("snapshot of %d players: %d bytes; %d ids freed for reuse", len(ref.Cars), len(final), len(ref.alloc.free))
}

// TestRestoreRefuses checks the errors: another seed, a pending removal, a
// truncated or corrupted snapshot.
func TestRestoreRefuses(t *testing.T) {
	s := restoreScript{}
	m := s.start(t)
	for n := 0; n < 100; n++ {
		s.step(t, m, n)
	}
	snap, err := m.MarshalBinary()
	if err != nil {
		t.Fatal(err)
	}
	if _, err := RestoreMatch(MatchOptions{Seed: 6}, snap); !errors.Is(err, ErrSnapshot) {
		t.Errorf("another seed: %v", err)
	}
	for _, n := range []int{0, 5, 8, 9, 40, len(snap) / 2, len(snap) - 1} {
		if _, err := RestoreMatch(MatchOptions{Seed: 5}, snap[:n]); !errors.Is(err, ErrSnapshot) || !errors.Is(err, binstate.ErrShort) {
			t.Errorf("truncated to %d bytes: %v", n, err)
		}
	}
	// a file of format version 2 (before the checksum) says so.
	old := append([]byte("MKFLAILM\x02"), snap[binstate.HeaderSize:]...)
	if _, err := RestoreMatch(MatchOptions{Seed: 5}, old); !errors.Is(err, ErrSnapshot) || !errors.Is(err, binstate.ErrVersion) ||
		!strings.Contains(err.Error(), "version 2, want 3") {
		t.Errorf("version 2: %v", err)
	}
	m.RemovePlayer(m.Cars[0])
	if _, err := m.MarshalBinary(); !errors.Is(err, ErrSnapshot) {
		t.Errorf("with a removal pending: %v", err)
	}
}

// BenchmarkRestoreMatch measures a save and a restore of a 6-player match
// (the server does one per room on a restart), next to building the match
// from its options, the part of a restore that is not the snapshot's.
func BenchmarkRestoreMatch(b *testing.B) {
	s := restoreScript{}
	m := s.start(b)
	for n := 0; n < 400; n++ {
		s.step(b, m, n)
	}
	snap, _ := m.MarshalBinary()
	b.Run("NewMatch", func(b *testing.B) {
		b.ReportAllocs()
		for i := 0; i < b.N; i++ {
			if _, err := NewMatch(MatchOptions{Seed: 5}); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("Marshal", func(b *testing.B) {
		b.ReportAllocs()
		for i := 0; i < b.N; i++ {
			if _, err := m.MarshalBinary(); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("Restore", func(b *testing.B) {
		b.ReportAllocs()
		for i := 0; i < b.N; i++ {
			if _, err := RestoreMatch(MatchOptions{Seed: 5}, snap); err != nil {
				b.Fatal(err)
			}
		}
	})
}
