package netplay_test

import (
	"fmt"

	"github.com/seedgames/motorkit/motors"
	"github.com/seedgames/motorkit/netplay"
)

// A headless client plays on a host in the same process. The client's
// hello, the host's welcome, the tick inputs and the client's commands
// travel as the bytes a game would send over its transport (here,
// handed over at once). Each display frame the host runs one tick and
// tells the client the tick inputs it lacks; the client runs its clock,
// predicting and rolling back, and sends its commands.
func Example() {
	host, err := netplay.NewHost(netplay.HostOptions{Game: netplay.GameOptions{Level: "living"}})
	if err != nil {
		panic(err)
	}
	// The client says hello; the host seats it and welcomes it.
	hello := netplay.AppendHello(nil, &netplay.Hello{Recipe: 1, Name: "Ann"})
	h, err := netplay.DecodeHello(hello)
	if err != nil {
		panic(err)
	}
	seat, err := host.Join(h.Recipe)
	if err != nil {
		panic(err)
	}
	welcome, err := host.Welcome(nil, seat)
	if err != nil {
		panic(err)
	}
	client, err := netplay.NewClient(welcome, netplay.ClientOptions{})
	if err != nil {
		panic(err)
	}
	for range 240 {
		if err := host.Step(); err != nil {
			panic(err)
		}
		msg, err := host.TickInputsMessage(nil, seat)
		if err != nil {
			panic(err)
		}
		if err := client.Receive(msg); err != nil {
			panic(err)
		}
		walk := netplay.EncodeCommand(motors.Command{Forward: 1}, motors.View{})
		if _, err := client.Frame(walk); err != nil {
			panic(err)
		}
		if msg := client.InputsMessage(nil); len(msg) > 0 {
			if err := host.Receive(seat, msg); err != nil {
				panic(err)
			}
		}
	}
	game := client.Game() // a *netplay.Game: the predicted present, drawn between frames
	recipe, _ := game.Recipe(client.Seat())
	st, used := client.Stats(), host.Stats(seat)
	fmt.Printf("%s plays %s; the host ran %d ticks, the client has them all: %v\n",
		h.Name, game.Options().Recipes[recipe], host.Tick(), client.Confirmed() == host.Tick())
	fmt.Printf("the client is %d ticks ahead; checksums compared: %d, desyncs: %d\n",
		client.Tick()-host.Tick(), st.ChecksumsCompared, st.Desyncs)
	fmt.Printf("the host ran %d ticks with the client's command, %d without (late)\n", used.Inputs, used.Late)
	// Output:
	// Ann plays fps_player; the host ran 240 ticks, the client has them all: true
	// the client is 4 ticks ahead; checksums compared: 8, desyncs: 0
	// the host ran 239 ticks with the client's command, 1 without (late)
}

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
