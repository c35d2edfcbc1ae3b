package netplay_test

import (
	"fmt"

	"github.com/seedgames/motorkit/motors"
	"github.com/seedgames/motorkit/netplay"
)

// A host and two clients play the living level over an in-memory link
// that delivers every message three frames after it is sent. Each frame
// the host runs one tick and sends each client the tick inputs it lacks; each
// client runs its clock (predicting the other player, rolling back when
// the host's tick inputs say otherwise) and sends its commands. After 240
// frames the clients stop, the host runs on to the furthest tick a
// client reached, and each client, given the host's tick inputs up to it,
// holds the host's state.
func ExampleHost() {
	host, err := netplay.NewHost(netplay.HostOptions{Game: netplay.GameOptions{Level: "living"}})
	if err != nil {
		panic(err)
	}
	var clients []*netplay.Client
	var seats []int
	for recipe := range 2 {
		seat, err := host.Join(recipe)
		if err != nil {
			panic(err)
		}
		welcome, err := host.Welcome(nil, seat)
		if err != nil {
			panic(err)
		}
		c, err := netplay.NewClient(welcome, netplay.ClientOptions{})
		if err != nil {
			panic(err)
		}
		clients, seats = append(clients, c), append(seats, seat)
	}

	// The link: messages in flight, in the order sent.
	type packet struct {
		at, client int
		toHost     bool
		data       []byte
	}
	var link []packet
	frame := 0
	deliver := func() {
		for len(link) > 0 && link[0].at <= frame {
			pk := link[0]
			link = link[1:]
			if pk.toHost {
				err = host.Receive(seats[pk.client], pk.data)
			} else {
				err = clients[pk.client].Receive(pk.data)
			}
			if err != nil {
				panic(err)
			}
		}
	}
	hostTick := func() {
		if err := host.Step(); err != nil {
			panic(err)
		}
		for i, seat := range seats {
			msg, err := host.TickInputsMessage(nil, seat)
			if err != nil {
				panic(err)
			}
			link = append(link, packet{at: frame + 3, client: i, data: msg})
		}
	}
	sendInputs := func(i int) {
		if msg := clients[i].InputsMessage(nil); len(msg) > 0 {
			link = append(link, packet{at: frame + 3, client: i, toHost: true, data: msg})
		}
	}

	for ; frame < 240; frame++ {
		deliver()
		hostTick()
		for i, c := range clients {
			// The player's keys and camera: forward, client 1 strafing
			// too, turning every half second.
			t := c.Tick()
			cmd := motors.Command{Forward: 1, Strafe: float64(i)}
			view := motors.View{Yaw: float64(t/30)*0.5 + float64(i)}
			if _, err := c.Frame(netplay.EncodeCommand(cmd, view)); err != nil {
				panic(err)
			}
			sendInputs(i)
		}
	}

	// The clients stop; the host runs to where they are.
	end := max(clients[0].Tick(), clients[1].Tick())
	for ; clients[0].Confirmed() < end || clients[1].Confirmed() < end; frame++ {
		deliver()
		if host.Tick() < end {
			hostTick()
		} else {
			for i, seat := range seats { // the last tick inputs again, until acknowledged
				msg, err := host.TickInputsMessage(nil, seat)
				if err != nil {
					panic(err)
				}
				link = append(link, packet{at: frame + 3, client: i, data: msg})
			}
		}
		for i := range clients {
			sendInputs(i) // acknowledges the tick inputs received
		}
	}
	for i, c := range clients {
		st := c.Stats()
		fmt.Printf("client %d: %d desyncs, host checksums compared: %v, rolled back: %v, at the host's tick: %v, same state: %v\n",
			i, st.Desyncs, st.ChecksumsCompared > 0, st.Rollbacks > 0, c.Tick() == host.Tick(), c.Game().Checksum() == host.Game().Checksum())
	}
	// Output:
	// client 0: 0 desyncs, host checksums compared: true, rolled back: true, at the host's tick: true, same state: true
	// client 1: 0 desyncs, host checksums compared: true, rolled back: true, at the host's tick: true, same state: true
}
