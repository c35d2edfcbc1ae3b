package netplay_test

import (
	"testing"

	"github.com/seedgames/motorkit/netplay"
)

// BenchmarkHostStep8 is one tick of a host with 8 seated players on the
// living level (every recipe, character collisions): each player's
// scripted input for the tick arrives (acknowledging the tick inputs up to 4
// ticks back), the host steps, and it writes each player's tick
// inputs message (5 tick inputs each).
func BenchmarkHostStep8(b *testing.B) {
	h := newHost(b, netplay.HostOptions{Seats: 8, Game: netplay.GameOptions{Level: "living"}})
	for i := range 8 {
		join(b, h, i%len(netplay.DefaultRecipes))
	}
	in := netplay.Inputs{Commands: make([]netplay.Command, 1)}
	var msg, out []byte
	tick := func() {
		t := h.Tick()
		for s := range 8 {
			in.Ack, in.First, in.Commands[0] = t-min(t, 4), t, script(t, s)
			msg = netplay.AppendInputs(msg[:0], &in)
			if err := h.Receive(s, msg); err != nil {
				b.Fatal(err)
			}
		}
		if err := h.Step(); err != nil {
			b.Fatal(err)
		}
		for s := range 8 {
			var err error
			if out, err = h.TickInputsMessage(out[:0], s); err != nil {
				b.Fatal(err)
			}
		}
	}
	for range 60 {
		tick()
	}
	b.ReportAllocs()
	for b.Loop() {
		tick()
	}
	if st := h.Stats(7); st.Late != 0 {
		b.Fatalf("seat 7: %+v", st)
	}
}

// BenchmarkClientFrame is one frame of a client on the living level with
// two players (its own, scripted, and another whose tick inputs come from
// the benchmark): the client is 8 ticks ahead of the tick inputs it has, gets
// the next one, and runs one tick. In rollback-8 the other player's
// command changes every tick, so each tick input received differs from the
// client's prediction and it loads the state 8 ticks back and runs them
// again; no-rollback, the baseline, has it predicted right.
func BenchmarkClientFrame(b *testing.B) {
	for _, mode := range []struct {
		name string
		roll bool
	}{{"rollback-8", true}, {"no-rollback", false}} {
		b.Run(mode.name, func(b *testing.B) {
			h := newHost(b, netplay.HostOptions{Seats: 2, Game: netplay.GameOptions{Level: "living"}})
			join(b, h, 0)
			join(b, h, 1)
			hostStep(b, h) // tick 0: the joins
			w, err := h.Welcome(nil, 0)
			if err != nil {
				b.Fatal(err)
			}
			c, err := netplay.NewClient(w, netplay.ClientOptions{})
			if err != nil {
				b.Fatal(err)
			}
			other := func(t uint64) netplay.Command {
				cmd := script(0, 1)
				if mode.roll && t%2 == 1 {
					cmd[1] ^= 0x10 // another strafe
				}
				return cmd
			}
			var used [256]netplay.Command // the client's own commands, by tick
			frame := func() {
				t := c.Tick()
				cmd := script(t, 0)
				if _, err := c.Frame(cmd); err != nil {
					b.Fatal(err)
				}
				if !c.Synced() {
					cmd = netplay.Command{} // what an unsynced client plays
				}
				used[t%256] = cmd
			}
			msg := []byte{}
			// A reported slack of TargetSlack (3 by default) keeps the
			// clock at one tick a frame.
			f := netplay.TickInputs{Slack: 3, Ticks: make([]netplay.TickInput, 1)}
			op := func() {
				t := c.Confirmed()
				f.Newest = c.Tick() - 1
				f.Ticks[0] = netplay.TickInput{Tick: t, Seats: 3}
				f.Ticks[0].Inputs[0], f.Ticks[0].Inputs[1] = used[t%256], other(t)
				msg = netplay.AppendTickInputs(msg[:0], &f)
				if err := c.Receive(msg); err != nil {
					b.Fatal(err)
				}
				frame()
			}
			for range 8 {
				frame()
			}
			// Past the client's ring of 256 states: each slot's buffer is
			// allocated, grown and then reused.
			for range 300 {
				op()
			}
			if c.Tick()-c.Confirmed() != 8 || !c.Synced() {
				b.Fatalf("the client is at %d with %d tick inputs (synced %v)", c.Tick(), c.Confirmed(), c.Synced())
			}
			before := c.Stats()
			b.ReportAllocs()
			for b.Loop() {
				op()
			}
			st := c.Stats()
			rolled := st.Rollbacks - before.Rollbacks
			if mode.roll && (rolled != st.Ticks-before.Ticks || st.MaxRollback != 8) || !mode.roll && rolled != 0 {
				b.Fatalf("%d rollbacks in %d frames (longest %d)", rolled, st.Ticks-before.Ticks, st.MaxRollback)
			}
		})
	}
}

// BenchmarkEncodeTickInputs writes a tick inputs message of 6 tick inputs of 8
// players' scripted inputs, one with a checksum: what the host sends a
// client every tick or two.
func BenchmarkEncodeTickInputs(b *testing.B) {
	f := netplay.TickInputs{Newest: 106, Slack: 2, Ticks: make([]netplay.TickInput, 6)}
	for i := range f.Ticks {
		fr := &f.Ticks[i]
		fr.Tick, fr.Seats = 100+uint64(i), 0xff
		for s := range 8 {
			fr.Inputs[s] = script(fr.Tick, s)
		}
	}
	f.Ticks[3].Checksum, f.Ticks[3].HasChecksum = 0x0123456789abcdef, true
	msg := netplay.AppendTickInputs(nil, &f)
	b.SetBytes(int64(len(msg)))
	b.ReportAllocs()
	for b.Loop() {
		msg = netplay.AppendTickInputs(msg[:0], &f)
	}
}
