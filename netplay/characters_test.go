package netplay_test

import (
	"errors"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/seedgames/motorkit/internal/scripted"
	"github.com/seedgames/motorkit/netplay"
	"github.com/seedgames/motorkit/rollback"
	"github.com/seedgames/motorkit/systems"
)

// peerGame is one peer's pipeline: the scripted scene without its own
// inputs, each player driving the character of its index.
func peerGame(t testing.TB, level string, players int, collide bool) (*netplay.Characters, *scripted.Scene) {
	t.Helper()
	s, err := scripted.New(scripted.Options{Level: level, Characters: players, NoScript: true, NoChurn: true,
		Pipeline: systems.Options{CharacterCollisions: collide}})
	if err != nil {
		t.Fatal(err)
	}
	return &netplay.Characters{Pipeline: s.Pipeline, Players: s.IDs(nil)}, s
}

// Three peers on the living level, each with its own pipeline, play 600
// ticks over a network that loses 10% of the packets and delivers the
// rest 1 to 6 frames late, in any order: every peer rolls back, none by
// more than MaxPrediction ticks, no checksum report differs, and each
// ends with the state, byte for byte, of a pipeline that was given every
// input on time.
func TestCharactersOverALossyNetwork(t *testing.T) {
	const players, ticks = 3, 600
	rng := rand.New(rand.NewPCG(7, 11))
	type packet struct {
		at, to int
		data   []byte
	}
	var network []packet
	games := make([]*netplay.Characters, players)
	peers := make([]*rollback.Session, players)
	for p := range peers {
		games[p], _ = peerGame(t, "living", players, true)
		s, err := rollback.NewSession(games[p], rollback.Config{Players: players, Local: []int{p}, InputSize: netplay.CommandSize})
		if err != nil {
			t.Fatal(err)
		}
		peers[p] = s
	}
	done := func() bool {
		for _, s := range peers {
			if s.ConfirmedTicks() < ticks {
				return false
			}
		}
		return true
	}
	for frame := 0; !done(); frame++ {
		if frame > 20*ticks {
			t.Fatal("the peers stopped advancing")
		}
		var later []packet
		for _, pk := range network {
			if pk.at > frame {
				later = append(later, pk)
			} else if err := peers[pk.to].Receive(pk.data); err != nil {
				t.Fatal(err)
			}
		}
		network = later
		for p, s := range peers {
			if s.Tick() < ticks {
				c, v := scripted.Command(s.Tick(), p)
				in := netplay.EncodeCommand(c, v)
				if err := s.AddLocalInput(p, in[:]); err != nil {
					t.Fatal(err)
				}
				if err := s.AdvanceTick(); err != nil && !errors.Is(err, rollback.ErrPredictionThreshold) {
					t.Fatal(err)
				}
			}
			for q := range peers {
				if q == p {
					continue
				}
				pkt, err := s.Packet(nil, q)
				if err != nil {
					t.Fatal(err)
				}
				if rng.Float64() >= 0.1 {
					network = append(network, packet{at: frame + 1 + rng.IntN(6), to: q, data: pkt})
				}
			}
		}
	}
	// The reference: every input known on time.
	ref, _ := peerGame(t, "living", players, true)
	inputs := make([]rollback.Input, players)
	for tick := 0; tick < ticks; tick++ {
		for p := range inputs {
			c, v := scripted.Command(uint64(tick), p)
			b := netplay.EncodeCommand(c, v)
			inputs[p].Bytes = b[:]
		}
		if err := ref.Advance(inputs); err != nil {
			t.Fatal(err)
		}
	}
	want, _ := ref.SaveState(nil)
	for p, s := range peers {
		if err := s.Correct(); err != nil {
			t.Fatal(err)
		}
		st := s.Stats()
		if s.Tick() != ticks {
			t.Fatalf("peer %d at tick %d", p, s.Tick())
		}
		got, _ := games[p].SaveState(nil)
		if !slices.Equal(got, want) {
			t.Errorf("peer %d ends apart from the reference: %s", p, ref.Pipeline.StateDiff(want, got))
		}
		if st.Rollbacks == 0 || st.MaxRollback > rollback.DefaultMaxPrediction || st.Desyncs != 0 || st.ChecksumsCompared == 0 {
			t.Errorf("peer %d: %+v", p, st)
		}
		t.Logf("peer %d: %d rollbacks (longest %d ticks), %d ticks resimulated, %d checksums compared", p, st.Rollbacks, st.MaxRollback, st.Resimulated, st.ChecksumsCompared)
	}
}

// SyncTest of the characters of every recipe on the living level, with
// character collisions: 600 ticks, each rolled back 8 ticks and run again.
func TestCharactersSyncTest(t *testing.T) {
	sim, _ := peerGame(t, "living", 10, true)
	rep, err := rollback.SyncTest(sim, rollback.SyncTestConfig{Players: 10, InputSize: netplay.CommandSize, Depth: 8, Ticks: 600}, scripted.Inputs)
	if err != nil {
		t.Fatalf("%v: %s", err, sim.Pipeline.StateDiff(rep.FirstState, rep.ResimState))
	}
	if rep.Resimulated < 8*590 {
		t.Errorf("%d ticks resimulated", rep.Resimulated)
	}
}

// BenchmarkRollback8 is a rollback of 8 ticks of 16 characters (every
// recipe) on the living level with character collisions: a LoadState of
// the state 8 ticks back and the 8 ticks run again with their inputs
// (load+8). Its baseline, ticks-only, is the same 8 ticks run on from
// where they end, without the load: what the resimulation costs beyond
// the ticks themselves is the difference.
func BenchmarkRollback8(b *testing.B) {
	sim, _ := peerGame(b, "living", 16, true)
	inputs := make([]rollback.Input, 16)
	var bufs [16]netplay.Command
	step := func(tick uint64) {
		for p := range inputs {
			c, v := scripted.Command(tick, p)
			bufs[p] = netplay.EncodeCommand(c, v)
			inputs[p].Bytes = bufs[p][:]
		}
		if err := sim.Advance(inputs); err != nil {
			b.Fatal(err)
		}
	}
	for t := uint64(0); t < 30; t++ {
		step(t)
	}
	state, _ := sim.SaveState(nil)
	for t := uint64(30); t < 38; t++ {
		step(t)
	}
	b.Run("load+8", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			if err := sim.LoadState(state); err != nil {
				b.Fatal(err)
			}
			for t := uint64(30); t < 38; t++ {
				step(t)
			}
		}
	})
	b.Run("ticks-only", func(b *testing.B) {
		b.ReportAllocs()
		t := uint64(38)
		for b.Loop() {
			for i := 0; i < 8; i++ {
				step(t)
				t++
			}
		}
	})
}

// BenchmarkSaveState and BenchmarkLoadState: the state of 16 characters
// on the living level with character collisions.
func BenchmarkSaveState(b *testing.B) {
	sim, s := peerGame(b, "living", 16, true)
	for i := 0; i < 30; i++ {
		s.Advance()
	}
	buf, _ := sim.SaveState(nil)
	b.ReportAllocs()
	b.SetBytes(int64(len(buf)))
	for b.Loop() {
		buf, _ = sim.SaveState(buf[:0])
	}
}

func BenchmarkLoadState(b *testing.B) {
	sim, s := peerGame(b, "living", 16, true)
	for i := 0; i < 30; i++ {
		s.Advance()
	}
	state, _ := sim.SaveState(nil)
	b.ReportAllocs()
	b.SetBytes(int64(len(state)))
	for b.Loop() {
		if err := sim.LoadState(state); err != nil {
			b.Fatal(err)
		}
	}
}
