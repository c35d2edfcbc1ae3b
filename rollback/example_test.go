package rollback_test

import (
	"encoding/binary"
	"errors"
	"fmt"

	"github.com/seedgames/motorkit/rollback"
)

// tally is the examples' game: a running hash of every player's input byte
// and the tick, its whole state.
type tally struct{ tick, total uint64 }

func (g *tally) SaveState(dst []byte) ([]byte, error) {
	dst = binary.LittleEndian.AppendUint64(dst, g.tick)
	return binary.LittleEndian.AppendUint64(dst, g.total), nil
}

func (g *tally) LoadState(state []byte) error {
	if len(state) != 16 {
		return errors.New("tally: a state is 16 bytes")
	}
	g.tick = binary.LittleEndian.Uint64(state)
	g.total = binary.LittleEndian.Uint64(state[8:])
	return nil
}

func (g *tally) Checksum() uint64 { return g.total ^ g.tick<<48 }

func (g *tally) Advance(inputs []rollback.Input) error {
	for _, in := range inputs {
		g.total = g.total*31 + uint64(in.Bytes[0])
	}
	g.tick++
	return nil
}

// Two peers over a "network" that delivers every packet two frames after
// it was sent: each predicts the other's last two ticks and rolls back when
// a prediction was wrong (the inputs change every 10 ticks), and both end
// with the same state.
func ExampleSession() {
	const ticks = 120
	type packet struct {
		at, to int
		data   []byte
	}
	var network []packet
	var peers [2]*rollback.Session
	var games [2]*tally
	for p := range peers {
		games[p] = &tally{}
		s, err := rollback.NewSession(games[p], rollback.Config{Players: 2, Local: []int{p}, InputSize: 1})
		if err != nil {
			panic(err)
		}
		peers[p] = s
	}
	for frame := 0; peers[0].ConfirmedTicks() < ticks || peers[1].ConfirmedTicks() < ticks; frame++ {
		var later []packet
		for _, pk := range network {
			if pk.at > frame {
				later = append(later, pk)
			} else if err := peers[pk.to].Receive(pk.data); err != nil {
				panic(err)
			}
		}
		network = later
		for p, s := range peers {
			if s.Tick() < ticks {
				in := []byte{byte(s.Tick()/10) + byte(p)} // the player's buttons
				if err := s.AddLocalInput(p, in); err != nil {
					panic(err)
				}
				err := s.AdvanceTick()
				if err != nil && !errors.Is(err, rollback.ErrPredictionThreshold) {
					panic(err)
				}
			}
			pkt, err := s.Packet(nil, 1-p)
			if err != nil {
				panic(err)
			}
			network = append(network, packet{at: frame + 2, to: 1 - p, data: pkt})
		}
	}
	for p, s := range peers {
		if err := s.Correct(); err != nil {
			panic(err)
		}
		st := s.Stats()
		fmt.Printf("peer %d: tick %d, checksum %#x, %d rollbacks of at most %d ticks, %d desyncs\n",
			p, s.Tick(), games[p].Checksum(), st.Rollbacks, st.MaxRollback, st.Desyncs)
	}
	// Output:
	// peer 0: tick 120, checksum 0xa32d934ca3ea19f8, 12 rollbacks of at most 2 ticks, 0 desyncs
	// peer 1: tick 120, checksum 0xa32d934ca3ea19f8, 11 rollbacks of at most 2 ticks, 0 desyncs
}

// forgetful keeps a counter outside its saved state, which a rollback
// cannot restore.
type forgetful struct {
	tally
	calls uint64
}

func (g *forgetful) Advance(inputs []rollback.Input) error {
	g.calls++
	g.total += g.calls
	return g.tally.Advance(inputs)
}

// SyncTest in a game's tests: the tally passes; a game with state outside
// SaveState fails, naming the first tick that differs.
func ExampleSyncTest() {
	inputs := func(tick uint64, player int, dst []byte) { dst[0] = byte(tick*7) + byte(player) }
	cfg := rollback.SyncTestConfig{Players: 2, InputSize: 1, Depth: 8, Ticks: 100}
	rep, err := rollback.SyncTest(&tally{}, cfg, inputs)
	fmt.Println(rep.Ticks, rep.Rollbacks, rep.Resimulated, rep.Desyncs, err)
	rep, err = rollback.SyncTest(&forgetful{}, cfg, inputs)
	fmt.Println(rep.FirstDesync, rep.Desyncs, errors.Is(err, rollback.ErrDesync))
	// Output:
	// 100 100 772 0 <nil>
	// 1 772 true
}
