package netplay_test

import (
	"errors"
	"fmt"

	"github.com/go-gl/mathgl/mgl64"
	"github.com/seedgames/motorkit/components"
	"github.com/seedgames/motorkit/motors"
	"github.com/seedgames/motorkit/netplay"
	"github.com/seedgames/motorkit/prefabs"
	"github.com/seedgames/motorkit/rollback"
	"github.com/seedgames/motorkit/systems"
	"github.com/yohamta/donburi"
)

// newPeer builds one peer's game: the living level, two characters (one
// per player) and the session that runs it.
func newPeer(local int) (*rollback.Session, *netplay.Characters) {
	w := donburi.NewWorld()
	lv, err := prefabs.LoadLiving("living")
	if err != nil {
		panic(err)
	}
	prefabs.SetLevelData(w, lv)
	p := systems.NewPipeline(w, systems.Options{CharacterCollisions: true})
	p.SetSpawner(prefabs.Respawn) // LoadState may need to spawn characters again
	var ids []components.StableID
	for i, recipe := range []string{"arena_player", "fps_player"} {
		ent, err := prefabs.Spawn(w, recipe, prefabs.At(mgl64.Vec3{float64(2 * i), 2, 0}))
		if err != nil {
			panic(err)
		}
		id, _ := p.IDOf(w.Entry(ent)) // the pipeline's stable ID of the character
		ids = append(ids, id)
	}
	game := &netplay.Characters{Pipeline: p, Players: ids}
	s, err := rollback.NewSession(game, rollback.Config{Players: 2, Local: []int{local}, InputSize: netplay.CommandSize})
	if err != nil {
		panic(err)
	}
	return s, game
}

// Two peers play the living level over a network that delivers every
// packet three frames late: each runs both characters, predicting the
// other player's input, and rolls back when a prediction was wrong. They
// end in the same state.
func ExampleCharacters() {
	const ticks = 240
	type packet struct {
		at, to int
		data   []byte
	}
	var network []packet
	var peers [2]*rollback.Session
	var games [2]*netplay.Characters
	for p := range peers {
		peers[p], games[p] = newPeer(p)
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
				// The player's keys and camera: forward, turning, a jump
				// now and then.
				t := s.Tick()
				cmd := motors.Command{Forward: 1, Strafe: float64(p), JumpPressed: t%40 == 20, JumpHeld: t%40 >= 20}
				view := motors.View{Yaw: float64(t/30) * 0.5}
				in := netplay.EncodeCommand(cmd, view)
				if err := s.AddLocalInput(p, in[:]); err != nil {
					panic(err)
				}
				if err := s.AdvanceTick(); err != nil && !errors.Is(err, rollback.ErrPredictionThreshold) {
					panic(err)
				}
			}
			pkt, err := s.Packet(nil, 1-p)
			if err != nil {
				panic(err)
			}
			network = append(network, packet{at: frame + 3, to: 1 - p, data: pkt})
		}
	}
	for p, s := range peers {
		if err := s.Correct(); err != nil {
			panic(err)
		}
		st := s.Stats()
		e, _ := games[p].Pipeline.Character(games[p].Players[0])
		pos := components.Body.Get(e).Position
		fmt.Printf("peer %d: tick %d, rolled back %d times, player 0 at (%.2f, %.2f, %.2f), %d desyncs\n",
			p, s.Tick(), st.Rollbacks, pos[0], pos[1], pos[2], st.Desyncs)
	}
	fmt.Println("same state:", games[0].Checksum() == games[1].Checksum())
	// Output:
	// peer 0: tick 240, rolled back 22 times, player 0 at (-1.42, 1.91, 16.61), 0 desyncs
	// peer 1: tick 240, rolled back 22 times, player 0 at (-1.42, 1.91, 16.61), 0 desyncs
	// same state: true
}
