// Package netplay plays motorkit's characters over a network, on the
// pipeline's determinism: peers exchange commands, not states.
//
// For a match on a server, a Host is the authority: it runs a Game (a
// pipeline on a level whose characters sit in seats, driven by each seat's
// Command) one tick at a time from the commands its clients sent in time.
// A Client runs the same Game ahead of the host by its commands' travel
// time, predicting the others and rolling back with a rollback.Ring when
// the host's TickInputs say otherwise. Neither does I/O: a game carries
// their messages (MsgHello, MsgWelcome, MsgInputs, MsgTickInputs,
// MsgSwitch) over its transport. A client joins and plays like this
// (Example runs it, the bytes handed over at once):
//
//	// The client says hello; the host seats it and welcomes it.
//	hello := netplay.AppendHello(nil, &netplay.Hello{Recipe: 1, Name: "Ann"})
//	h, err := netplay.DecodeHello(hello)
//	if err != nil {
//		panic(err)
//	}
//	seat, err := host.Join(h.Recipe)
//	if err != nil {
//		panic(err)
//	}
//	welcome, err := host.Welcome(nil, seat)
//	if err != nil {
//		panic(err)
//	}
//	client, err := netplay.NewClient(welcome, netplay.ClientOptions{})
//	if err != nil {
//		panic(err)
//	}
//	for range 240 {
//		if err := host.Step(); err != nil {
//			panic(err)
//		}
//		msg, err := host.TickInputsMessage(nil, seat)
//		if err != nil {
//			panic(err)
//		}
//		if err := client.Receive(msg); err != nil {
//			panic(err)
//		}
//		walk := netplay.EncodeCommand(motors.Command{Forward: 1}, motors.View{})
//		if _, err := client.Frame(walk); err != nil {
//			panic(err)
//		}
//		if msg := client.InputsMessage(nil); len(msg) > 0 {
//			if err := host.Receive(seat, msg); err != nil {
//				panic(err)
//			}
//		}
//	}
//
// For peer-to-peer play, Characters is a rollback.Simulation over a
// systems.Pipeline for a rollback.Session, and Command packs a character's
// command and view in 8 bytes, decoded alike on every platform.
// docs/netplay.md explains snapshots, sessions, SyncTest and online play.
package netplay
