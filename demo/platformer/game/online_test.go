package game

import (
	"testing"

	"github.com/seedgames/motorkit/components"
	"github.com/seedgames/motorkit/motors"
	"github.com/seedgames/motorkit/netplay"
	"github.com/seedgames/motorkit/plane2d"
	"github.com/yohamta/donburi"
)

// packet is a message on the in-memory link: due at frame at, from
// client i to the host or from the host to client i.
type packet struct {
	at, client int
	toHost     bool
	data       []byte
}

// hasLadders reports whether e has the level's ladder ability.
func hasLadders(e *donburi.Entry) bool {
	if !e.HasComponent(components.Abilities) {
		return false
	}
	for _, a := range components.Abilities.Get(e).Own {
		if _, ok := a.(*plane2d.Ladders); ok {
			return true
		}
	}
	return false
}

// TestTwoPlayersOnline plays the platformer level online: a netplay host
// (the authority) and two clients, each its own world built from the
// registered level (OnlineSide), over an in-memory link that delivers
// every message 3 frames later, for 900 frames (15 s). Each player runs
// the demo's script at its own phase, so each client mispredicts the
// other and rolls back. No checksum the clients compare with the host
// differs, both heroes get past the hill (x beyond 500 px) and stay in
// the plane (z exactly 0), on the host and on both clients, and each has
// the level's ladders (LevelData.OnSpawn gives them to netplay's seats).
func TestTwoPlayersOnline(t *testing.T) {
	host, err := netplay.NewHost(netplay.HostOptions{Game: netplay.GameOptions{Level: OnlineSide, Recipes: []string{"platformer_hero"}}})
	if err != nil {
		t.Fatal(err)
	}
	var clients []*netplay.Client
	var seats []int
	for range 2 {
		s, err := host.Join(0)
		if err != nil {
			t.Fatal(err)
		}
		w, err := host.Welcome(nil, s)
		if err != nil {
			t.Fatal(err)
		}
		c, err := netplay.NewClient(w, netplay.ClientOptions{})
		if err != nil {
			t.Fatal(err)
		}
		clients, seats = append(clients, c), append(seats, s)
	}
	const delay = 3
	var link []packet
	for frame := 0; frame < 900; frame++ {
		n := 0
		for ; n < len(link) && link[n].at <= frame; n++ {
			pk := link[n]
			if pk.toHost {
				err = host.Receive(seats[pk.client], pk.data)
			} else {
				err = clients[pk.client].Receive(pk.data)
			}
			if err != nil {
				t.Fatalf("frame %d, client %d (to host %v): %v", frame, pk.client, pk.toHost, err)
			}
		}
		link = link[n:]
		if err := host.Step(); err != nil {
			t.Fatal(err)
		}
		for i, s := range seats {
			msg, err := host.TickInputsMessage(nil, s)
			if err != nil {
				t.Fatal(err)
			}
			link = append(link, packet{at: frame + delay, client: i, data: msg})
		}
		for i, c := range clients {
			f := int(c.Tick()) + 40*i // each player its own phase of the script
			cmd := autopilotCommand(f)
			in := netplay.EncodeCommand(motors.Command(cmd), motors.View{Yaw: -1.5707963267948966})
			if _, err := c.Frame(in); err != nil {
				t.Fatalf("frame %d, client %d: %v", frame, i, err)
			}
			if msg := c.InputsMessage(nil); len(msg) > 0 {
				link = append(link, packet{at: frame + delay, client: i, toHost: true, data: msg})
			}
		}
	}
	for i, c := range clients {
		st := c.Stats()
		t.Logf("client %d: %+v", i, st)
		if st.Desyncs != 0 || st.ChecksumsCompared < 15 || st.Rollbacks == 0 {
			t.Errorf("client %d: %d desyncs, %d checksums compared, %d rollbacks", i, st.Desyncs, st.ChecksumsCompared, st.Rollbacks)
		}
	}
	for _, g := range []*netplay.Game{host.Game(), clients[0].Game(), clients[1].Game()} {
		for _, s := range seats {
			e, ok := g.Character(s)
			if !ok {
				t.Fatalf("seat %d has no character", s)
			}
			b := components.Body.Get(e)
			if x := b.Position[0] * 16; x < 500 || b.Position[2] != 0 {
				t.Errorf("seat %d: at %v m (x = %.0f px): not past the hill, or off the plane", s, b.Position, x)
			}
			if !hasLadders(e) {
				t.Errorf("seat %d has no ladder ability: the level's OnSpawn did not run", s)
			}
		}
	}
}
