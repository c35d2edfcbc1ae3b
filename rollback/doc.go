// Package rollback is a rollback session in the manner of GGPO and GGRS:
// every peer of a game runs the whole simulation, sends only its players'
// inputs, predicts the inputs it does not have yet and, when one arrives
// that differs from its prediction, loads the state saved before that tick
// and simulates again to the present. It moves bytes only: the game
// carries the packets over any transport (UDP, WebRTC, a relay), and the
// package imports nothing but the standard library.
//
// # Ticks
//
// Ticks are numbered from 0. The state of tick t is the state before tick
// t runs (after t ticks); the simulation holds the state of Session.Tick.
// Each player gives one input per tick, Config.InputSize bytes the game
// encodes compactly. A local input given during tick t applies to tick
// t+InputDelay (the first InputDelay ticks get zero): a delay of d ticks
// hides d ticks of latency without prediction.
//
// # What the game provides
//
// A Simulation: deterministic (the same state and inputs give the same
// bits on every peer, whatever the platform), with a SaveState that covers
// all of its state, a LoadState that restores it, a Checksum of it and an
// Advance that runs one tick with one Input per player. The state must not
// depend on Input.Status. SyncTest checks the first three properties in a
// game's tests: it rolls back and resimulates every tick and names the
// first tick whose state differs.
//
// # One frame
//
// Every frame the game gives every packet it received to Receive, its
// local players' inputs to AddLocalInput, calls AdvanceTick (after
// ErrPredictionThreshold it shows the frame as it is) and sends Packet to
// every peer (ExampleSession runs two peers):
//
//	for p, s := range peers {
//		if s.Tick() < ticks {
//			in := []byte{byte(s.Tick()/10) + byte(p)} // the player's buttons
//			if err := s.AddLocalInput(p, in); err != nil {
//				panic(err)
//			}
//			err := s.AdvanceTick()
//			if err != nil && !errors.Is(err, rollback.ErrPredictionThreshold) {
//				panic(err)
//			}
//		}
//		pkt, err := s.Packet(nil, 1-p)
//		if err != nil {
//			panic(err)
//		}
//		network = append(network, packet{at: frame + 2, to: 1 - p, data: pkt})
//	}
//
// # Prediction and rollback
//
// A remote input that has not arrived is predicted: the player's last
// confirmed input is repeated (zero before any). Receive compares the
// inputs that arrive with the predictions the simulated ticks used; the
// next AdvanceTick (or Correct) loads the state of the earliest tick
// predicted wrong and simulates the ticks from there again with the inputs
// now known, saving their states again. A correct prediction costs
// nothing. ConfirmedTicks is the number of ticks whose inputs are all
// known; AdvanceTick does not run more than Config.MaxPrediction ticks
// past it: it returns ErrPredictionThreshold and the game waits, so no
// rollback is longer than MaxPrediction ticks.
//
// # The ring
//
// AdvanceTick saves the state of each tick before running it into a Ring of
// MaxPrediction+2 byte buffers, each reused: SaveState appends to the
// buffer's previous contents cut to zero length, so once the state's size
// has settled nothing allocates. The Ring is the whole engine of a
// rollback (load a saved state, run the ticks again, saving each): SyncTest
// and netplay's client use it too, and a game whose ticks take other
// inputs than a Session's can. The inputs of every player are kept in a
// ring of a few times MaxPrediction ticks (the window: what a rollback
// needs behind, what a peer may send ahead). In a steady state
// AdvanceTick, Receive and Packet allocate nothing.
//
// # Checksums
//
// Every Config.ChecksumInterval ticks (DefaultChecksumInterval) the state of that
// tick is hashed (Simulation.Checksum, when it is saved). Once the tick is
// confirmed, and its state therefore final, the checksum is reported: it
// goes to the peers in the packets until they acknowledge it, and is
// compared with theirs for the same tick when both are at hand. A
// difference is a Desync (Session.Desyncs, Config.OnDesync): the
// simulations diverged at or before that tick. The session goes on; what
// to do (end the match, resynchronise from one peer's state) is the
// game's.
//
// # Wire format
//
// A packet, built by Packet for one peer and read by Receive; integers are
// varints (encoding/binary: uvarints, and zigzag varints for deltas):
//
//	byte     WireVersion (1)
//	uvarint  the sender's players: a bit mask of its Config.Local
//	uvarint  the addressee: the player the packet was built for, local to the receiver
//	uvarint  start: the first tick of the inputs
//	varint   ack - start: the addressee's ticks the sender holds (it needs ticks from ack on)
//	uvarint  n: ticks of inputs, start .. start+n-1, at most MaxPacketTicks
//	         for each sender player, ascending: runs covering the n ticks,
//	           uvarint length >= 1, then InputSize raw bytes (the input of that many ticks)
//	varint   sumAck - start: the first checksum tick the sender still wants from the receiver
//	uvarint  k: checksum reports, at most MaxPacketChecksums
//	         for each: the tick (the first as a varint delta from start, the next as
//	           uvarint steps from the one before), then the checksum, 8 bytes little-endian
//
// A packet carries every local input the peer has not acknowledged, and
// at least the last MinResend (3) ticks', so a packet lost, or two in a
// row, lose nothing: the next one repeats their inputs. Repeated inputs
// cost one byte per run. A packet Receive cannot use (truncated, too long,
// another version, a wrong player, ticks out of range, an input that
// contradicts one received before) is rejected with an error and changes
// nothing; old, duplicated and reordered packets are fine.
//
// # What it does not do
//
// It does not pace the peers: a peer that runs faster than the others
// reaches the prediction threshold and waits, where GGPO and GGRS would
// advise it to skip a frame early (a game can slow down while Tick runs far
// ahead of ConfirmedTicks). It has no disconnection (a player whose inputs
// stop keeps the session at the threshold) and no spectators.
package rollback
