package netplay_test

import (
	"bytes"
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/seedgames/motorkit/netplay"
)

// randomCommand is a command whose bytes often repeat the previous one's
// (as a held key does), so the delta coding has both kinds of byte.
func randomCommand(rng *rand.Rand, prev netplay.Command) netplay.Command {
	c := prev
	for i := range c {
		if rng.IntN(3) == 0 {
			c[i] = byte(rng.UintN(256))
		}
	}
	return c
}

// randomTicks is a run of n consecutive tick inputs from tick first: now and
// then events (any kind, seat and recipe a tick input may carry), a seat mask
// that changes, checksums; the inputs of the seats outside the mask are
// zero (they do not travel).
func randomTicks(rng *rand.Rand, first uint64, n int) []netplay.TickInput {
	ticks := make([]netplay.TickInput, n)
	seats := uint16(rng.Uint32())
	var prev [netplay.MaxSeats]netplay.Command
	for i := range ticks {
		f := &ticks[i]
		f.Tick = first + uint64(i)
		if rng.IntN(4) == 0 {
			seats ^= 1 << rng.IntN(netplay.MaxSeats)
		}
		if rng.IntN(10) == 0 {
			seats = uint16(rng.Uint32())
		}
		f.Seats = seats
		if rng.IntN(3) == 0 {
			ne := 1 + rng.IntN(netplay.MaxEventsPerTick)
			if rng.IntN(2) == 0 {
				ne = 1 + rng.IntN(3)
			}
			for range ne {
				f.Events = append(f.Events, netplay.Event{Kind: netplay.EventKind(1 + rng.IntN(3)),
					Seat: uint8(rng.IntN(netplay.MaxSeats)), Recipe: uint8(rng.UintN(256))})
			}
		}
		for s := range netplay.MaxSeats {
			if seats&(1<<s) != 0 {
				prev[s] = randomCommand(rng, prev[s])
				f.Inputs[s] = prev[s]
			}
		}
		if rng.IntN(3) == 0 {
			f.Checksum, f.HasChecksum = rng.Uint64(), true
		}
	}
	return ticks
}

// sameTicks reports whether two TickInputs messages say the same: a tick input
// without events equals one with an empty event slice.
func sameTicks(a, b *netplay.TickInputs) bool {
	if a.Newest != b.Newest || a.Slack != b.Slack || len(a.Ticks) != len(b.Ticks) {
		return false
	}
	for i := range a.Ticks {
		f, g := a.Ticks[i], b.Ticks[i]
		if f.Tick != g.Tick || f.Seats != g.Seats || f.Inputs != g.Inputs || f.HasChecksum != g.HasChecksum ||
			f.Checksum != g.Checksum || !slices.Equal(f.Events, g.Events) {
			return false
		}
	}
	return true
}

func sameInputs(a, b *netplay.Inputs) bool {
	return a.Ack == b.Ack && a.First == b.First && slices.Equal(a.Commands, b.Commands)
}

func sameWelcome(a, b *netplay.Welcome) bool {
	return a.Seat == b.Seat && a.Options.Level == b.Options.Level && a.Options.TickRate == b.Options.TickRate &&
		slices.Equal(a.Options.Recipes, b.Options.Recipes) && bytes.Equal(a.State, b.State)
}

// Every TickInputs message, random as randomTicks makes them (0 to
// MaxTicksPerMessage tick inputs, ticks up to 2^50, slack ±2^20), decodes to
// what was encoded, into a fresh TickInputs and into one reused from the
// previous message (its tick inputs and event slices are reused).
func TestTickInputsRoundTrip(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	var reused netplay.TickInputs
	for i := range 2000 {
		n := rng.IntN(netplay.MaxTicksPerMessage + 1)
		if i%10 == 0 {
			n = netplay.MaxTicksPerMessage
		}
		var first uint64
		switch i % 3 {
		case 0:
			first = rng.Uint64N(1000)
		case 1:
			first = rng.Uint64N(1 << 50)
		case 2:
			first = 1<<50 - uint64(n) // the last ticks a message may start at
		}
		want := netplay.TickInputs{Newest: rng.Uint64N(1 << 60), Slack: rng.IntN(2<<20+1) - 1<<20,
			Ticks: randomTicks(rng, first, n)}
		msg := netplay.AppendTickInputs([]byte{0xee}, &want)[1:] // appends: what dst held stays
		var fresh netplay.TickInputs
		if err := netplay.DecodeTickInputs(msg, &fresh); err != nil {
			t.Fatalf("message %d: %v", i, err)
		}
		if err := netplay.DecodeTickInputs(msg, &reused); err != nil {
			t.Fatalf("message %d, reused: %v", i, err)
		}
		if !sameTicks(&fresh, &want) || !sameTicks(&reused, &want) {
			t.Fatalf("message %d decodes to\n%+v\nand (reused)\n%+v\nwant\n%+v", i, fresh, reused, want)
		}
	}
}

// Every Inputs message decodes to what was encoded; more than
// MaxInputsPerMessage commands send the last ones, First moved on by as
// many as were left out.
func TestInputsRoundTrip(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	var got netplay.Inputs
	for i := range 2000 {
		n := 1 + rng.IntN(netplay.MaxInputsPerMessage)
		want := netplay.Inputs{Ack: rng.Uint64N(1 << 60), First: rng.Uint64N(1<<50 - netplay.MaxInputsPerMessage)}
		var prev netplay.Command
		for range n {
			prev = randomCommand(rng, prev)
			want.Commands = append(want.Commands, prev)
		}
		if err := netplay.DecodeInputs(netplay.AppendInputs(nil, &want), &got); err != nil {
			t.Fatalf("message %d: %v", i, err)
		}
		if !sameInputs(&got, &want) {
			t.Fatalf("message %d decodes to %+v, want %+v", i, got, want)
		}
	}
	// 11 commands from tick 100: the last 8 go, from tick 103.
	long := netplay.Inputs{Ack: 5, First: 100}
	for i := range 11 {
		long.Commands = append(long.Commands, netplay.Command{byte(i)})
	}
	if err := netplay.DecodeInputs(netplay.AppendInputs(nil, &long), &got); err != nil {
		t.Fatal(err)
	}
	want := netplay.Inputs{Ack: 5, First: 103, Commands: long.Commands[3:]}
	if !sameInputs(&got, &want) {
		t.Errorf("11 commands from tick 100 decode to %+v, want %+v", got, want)
	}
}

// Welcomes with every seat, tick rates in thousandths of a hertz, names
// of 0 to 255 bytes, 1 to 255 recipes and states of 0 to a few thousand
// bytes decode to what was encoded; so does a switch to every recipe.
func TestWelcomeAndSwitchRoundTrip(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	name := func() string {
		b := make([]byte, rng.IntN(256))
		for i := range b {
			b[i] = byte(rng.UintN(256))
		}
		return string(b)
	}
	for i := range 500 {
		want := netplay.Welcome{Seat: i % netplay.MaxSeats,
			Options: netplay.GameOptions{Level: name(), TickRate: float64(1+rng.IntN(1000*1000)) / 1000}}
		if i%7 == 0 {
			want.Options.TickRate = 60
		}
		for range 1 + rng.IntN(255) {
			want.Options.Recipes = append(want.Options.Recipes, name())
		}
		if i%5 != 0 {
			want.State = make([]byte, rng.IntN(5000))
			for j := range want.State {
				want.State[j] = byte(rng.UintN(256))
			}
		}
		got, err := netplay.DecodeWelcome(netplay.AppendWelcome(nil, &want))
		if err != nil {
			t.Fatalf("welcome %d: %v", i, err)
		}
		if !sameWelcome(&got, &want) {
			t.Fatalf("welcome %d (seat %d, tick rate %v, %d recipes, %d state bytes) decodes to seat %d, tick rate %v, %d recipes, %d state bytes",
				i, want.Seat, want.Options.TickRate, len(want.Options.Recipes), len(want.State),
				got.Seat, got.Options.TickRate, len(got.Options.Recipes), len(got.State))
		}
	}
	for r := range 256 {
		got, err := netplay.DecodeSwitch(netplay.AppendSwitch(nil, r))
		if err != nil || got != r {
			t.Fatalf("switch to %d decodes to %d, %v", r, got, err)
		}
	}
}

// wireSamples are a valid message of each kind, with a decoder of its
// kind that reports only the error.
func wireSamples() []struct {
	name   string
	msg    []byte
	decode func([]byte) error
} {
	rng := rand.New(rand.NewPCG(7, 8))
	ticks := netplay.TickInputs{Newest: 300, Slack: -3, Ticks: randomTicks(rng, 290, 12)}
	ticks.Ticks[3].Events = []netplay.Event{{Kind: netplay.Switch, Seat: 2, Recipe: 1}}
	ticks.Ticks[5].Checksum, ticks.Ticks[5].HasChecksum = 0x0123456789abcdef, true
	inputs := netplay.Inputs{Ack: 280, First: 301, Commands: []netplay.Command{{1, 2, 3}, {1, 2, 4}, {0, 0, 0, 9}}}
	welcome := netplay.Welcome{Seat: 3, Options: netplay.GameOptions{Level: "living", Recipes: netplay.DefaultRecipes, TickRate: 60},
		State: []byte("a state")}
	return []struct {
		name   string
		msg    []byte
		decode func([]byte) error
	}{
		{"tick inputs", netplay.AppendTickInputs(nil, &ticks), func(b []byte) error { var f netplay.TickInputs; return netplay.DecodeTickInputs(b, &f) }},
		{"inputs", netplay.AppendInputs(nil, &inputs), func(b []byte) error { var in netplay.Inputs; return netplay.DecodeInputs(b, &in) }},
		{"welcome", netplay.AppendWelcome(nil, &welcome), func(b []byte) error { _, err := netplay.DecodeWelcome(b); return err }},
		{"switch", netplay.AppendSwitch(nil, 2), func(b []byte) error { _, err := netplay.DecodeSwitch(b); return err }},
	}
}

// Each kind of message is refused, with ErrMessage, when cut short at
// any length (nothing included), when a byte is left over, and when
// given to another kind's decoder.
func TestDecodeRefusesTruncatedAndTrailing(t *testing.T) {
	samples := wireSamples()
	for _, s := range samples {
		if err := s.decode(s.msg); err != nil {
			t.Fatalf("%s: the sample itself: %v", s.name, err)
		}
		for n := range len(s.msg) {
			if err := s.decode(s.msg[:n]); !errors.Is(err, netplay.ErrMessage) {
				t.Errorf("%s cut to %d of %d bytes: %v", s.name, n, len(s.msg), err)
			}
		}
		for _, extra := range []byte{0, 1, 0xff} {
			if err := s.decode(append(slices.Clip(s.msg), extra)); !errors.Is(err, netplay.ErrMessage) {
				t.Errorf("%s with a byte %#x left over: %v", s.name, extra, err)
			}
		}
		for _, other := range samples {
			if other.name == s.name {
				continue
			}
			if err := s.decode(other.msg); !errors.Is(err, netplay.ErrMessage) {
				t.Errorf("a %s message given to the %s decoder: %v", other.name, s.name, err)
			}
		}
	}
}

// refuse checks that decode refuses msg with ErrMessage.
func refuse(t *testing.T, what string, msg []byte, decode func([]byte) error) {
	t.Helper()
	if err := decode(msg); !errors.Is(err, netplay.ErrMessage) {
		t.Errorf("%s: %v, want ErrMessage", what, err)
	}
}

// TickInputs messages out of the limits or with bad fields are refused: bad
// tick input flags, a first tick input without its seat mask, more than
// MaxTicksPerMessage tick inputs, no events or more than MaxEventsPerTick
// behind the events flag, an event of kind 0 or 4 or for seat
// MaxSeats, a first tick past 2^50, a slack past ±2^20. The messages are
// written byte by byte: kind, newest, slack, first tick, count, then
// each tick input's flags (1 events, 2 checksum, 4 seats), seats (uint16),
// events (count, then kind, seat, recipe), one delta-coded command per
// seat (a mask of the changed bytes, then those), checksum.
func TestDecodeTickInputsRefuses(t *testing.T) {
	dec := func(b []byte) error { var f netplay.TickInputs; return netplay.DecodeTickInputs(b, &f) }
	// One tick input of tick 7, seat 0 only, its command unchanged (mask 0).
	head := []byte{netplay.MsgTickInputs, 5, 2, 7}
	ok := append(slices.Clip(head), 1, 4, 1, 0, 0)
	if err := dec(ok); err != nil {
		t.Fatalf("the valid tick input: %v", err)
	}
	cases := []struct {
		what string
		msg  []byte
	}{
		{"flags 8", append(slices.Clip(head), 1, 4|8, 1, 0, 0)},
		{"flags 0x80", append(slices.Clip(head), 1, 4|0x80, 1, 0, 0)},
		{"a first tick input without seats", append(slices.Clip(head), 1, 0, 0)},
		{"no events behind the events flag", append(slices.Clip(head), 1, 4|1, 1, 0, 0, 0)},
		{"33 events", append(append(slices.Clip(head), 1, 4|1, 1, 0, 33), bytes.Repeat([]byte{1, 0, 0}, 33)...)},
		{"an event of kind 0", append(slices.Clip(head), 1, 4|1, 1, 0, 1, 0, 0, 0, 0)},
		{"an event of kind 4", append(slices.Clip(head), 1, 4|1, 1, 0, 1, 4, 0, 0, 0)},
		{"an event for seat 16", append(slices.Clip(head), 1, 4|1, 1, 0, 1, 1, 16, 0, 0)},
		{"33 tick inputs", append(append(slices.Clip(head), 33, 4, 1, 0, 0), bytes.Repeat([]byte{0, 0}, 32)...)},
		{"a first tick of 2^50+1", append([]byte{netplay.MsgTickInputs, 5, 2, 0x81, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x02}, 1, 4, 1, 0, 0)},
		{"a slack of 2^20+1", append([]byte{netplay.MsgTickInputs, 5, 0x82, 0x80, 0x80, 0x01, 7}, 1, 4, 1, 0, 0)},
		{"an overlong varint", append([]byte{netplay.MsgTickInputs}, bytes.Repeat([]byte{0xff}, 11)...)},
	}
	for _, c := range cases {
		refuse(t, c.what, c.msg, dec)
	}
	// The boundaries themselves pass: 32 events, 32 ticks, tick 2^50,
	// slack ±2^20.
	for _, f := range []netplay.TickInputs{
		{Slack: 1 << 20, Ticks: []netplay.TickInput{{Tick: 1 << 50, Events: make([]netplay.Event, netplay.MaxEventsPerTick)}}},
		{Slack: -1 << 20, Ticks: randomTicks(rand.New(rand.NewPCG(9, 9)), 0, netplay.MaxTicksPerMessage)},
	} {
		for i := range f.Ticks[0].Events {
			f.Ticks[0].Events[i] = netplay.Event{Kind: netplay.Leave, Seat: uint8(i % netplay.MaxSeats)}
		}
		if err := dec(netplay.AppendTickInputs(nil, &f)); err != nil {
			t.Errorf("at the limits: %v", err)
		}
	}
}

// Inputs messages with no commands, more than MaxInputsPerMessage, or a
// first tick past 2^50 are refused. Layout: kind, ack, first, count,
// delta-coded commands.
func TestDecodeInputsRefuses(t *testing.T) {
	dec := func(b []byte) error { var in netplay.Inputs; return netplay.DecodeInputs(b, &in) }
	refuse(t, "no commands", []byte{netplay.MsgInputs, 0, 0, 0}, dec)
	refuse(t, "9 commands", append([]byte{netplay.MsgInputs, 0, 0, 9}, make([]byte, 9)...), dec)
	refuse(t, "a first tick of 2^50+1", []byte{netplay.MsgInputs, 0, 0x81, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x02, 1, 0}, dec)
	refuse(t, "a command mask promising a byte that is not there", []byte{netplay.MsgInputs, 0, 0, 1, 0x01}, dec)
	if err := dec(append([]byte{netplay.MsgInputs, 0, 0, 8}, make([]byte, 8)...)); err != nil {
		t.Errorf("8 commands: %v", err)
	}
}

// Welcomes of another protocol version, for seat MaxSeats or more, with
// a tick rate of 0 or over 1000 Hz, no recipes, or a state over
// MaxStateBytes are refused; switches of another length are too.
// Layout: kind, version, seat, tick rate in mHz (uvarint), level,
// recipe count, recipes (each a length byte and bytes), state size
// (uvarint), state.
func TestDecodeWelcomeRefuses(t *testing.T) {
	dec := func(b []byte) error { _, err := netplay.DecodeWelcome(b); return err }
	w := netplay.Welcome{Seat: 1, Options: netplay.GameOptions{Level: "l", Recipes: []string{"r"}, TickRate: 60}, State: []byte{9}}
	msg := netplay.AppendWelcome(nil, &w)
	if err := dec(msg); err != nil {
		t.Fatal(err)
	}
	edit := func(i int, v byte) []byte { b := slices.Clone(msg); b[i] = v; return b }
	for _, v := range []byte{0, 2, 0xff} {
		refuse(t, fmt.Sprintf("version %d", v), edit(1, v), dec)
	}
	refuse(t, "seat 16", edit(2, netplay.MaxSeats), dec)
	refuse(t, "seat 255", edit(2, 255), dec)
	// 60 Hz is 60000 mHz, the uvarint 0xe0 0xd4 0x03 at bytes 3 to 5.
	refuse(t, "tick rate 0", slices.Concat(msg[:3], []byte{0}, msg[6:]), dec)
	refuse(t, "tick rate 1000.001 Hz", slices.Concat(msg[:3], []byte{0xc1, 0x84, 0x3d}, msg[6:]), dec)
	w.Options.TickRate = 1000
	if err := dec(netplay.AppendWelcome(nil, &w)); err != nil {
		t.Errorf("1000 Hz: %v", err)
	}
	w.Options.TickRate = 60
	w.Options.Recipes = nil
	refuse(t, "no recipes", netplay.AppendWelcome(nil, &w), dec)
	w.Options.Recipes = []string{"r"}
	w.State = make([]byte, netplay.MaxStateBytes+1)
	refuse(t, "a state of MaxStateBytes+1", netplay.AppendWelcome(nil, &w), dec)
	w.State = w.State[:netplay.MaxStateBytes]
	if err := dec(netplay.AppendWelcome(nil, &w)); err != nil {
		t.Errorf("a state of MaxStateBytes: %v", err)
	}
	refuse(t, "an empty message", nil, dec)

	decSwitch := func(b []byte) error { _, err := netplay.DecodeSwitch(b); return err }
	refuse(t, "a switch of 1 byte", []byte{netplay.MsgSwitch}, decSwitch)
	refuse(t, "a switch of 3 bytes", []byte{netplay.MsgSwitch, 1, 2}, decSwitch)
	refuse(t, "a switch of another kind", []byte{netplay.MsgInputs, 1}, decSwitch)
}

// addWireSeeds adds the sample messages and their damaged forms.
func addWireSeeds(f *testing.F) {
	for _, s := range wireSamples() {
		f.Add(s.msg)
		f.Add(s.msg[:len(s.msg)/2])
	}
	f.Add([]byte{})
	f.Add([]byte{netplay.MsgTickInputs, 0, 0, 0, 0})
}

// FuzzDecodeTickInputs: no input makes DecodeTickInputs panic, and what it
// accepts encodes to a message that decodes to the same tick inputs.
func FuzzDecodeTickInputs(f *testing.F) {
	addWireSeeds(f)
	f.Fuzz(func(t *testing.T, msg []byte) {
		var a, b netplay.TickInputs
		if netplay.DecodeTickInputs(msg, &a) != nil {
			return
		}
		if err := netplay.DecodeTickInputs(netplay.AppendTickInputs(nil, &a), &b); err != nil {
			t.Fatalf("decoded %+v, which re-encoded does not decode: %v", a, err)
		}
		if !sameTicks(&a, &b) {
			t.Fatalf("decoded %+v, re-encoded and decoded again %+v", a, b)
		}
	})
}

// FuzzDecodeInputs: as FuzzDecodeTickInputs, for inputs.
func FuzzDecodeInputs(f *testing.F) {
	addWireSeeds(f)
	f.Fuzz(func(t *testing.T, msg []byte) {
		var a, b netplay.Inputs
		if netplay.DecodeInputs(msg, &a) != nil {
			return
		}
		if err := netplay.DecodeInputs(netplay.AppendInputs(nil, &a), &b); err != nil {
			t.Fatalf("decoded %+v, which re-encoded does not decode: %v", a, err)
		}
		if !sameInputs(&a, &b) {
			t.Fatalf("decoded %+v, re-encoded and decoded again %+v", a, b)
		}
	})
}

// FuzzDecodeWelcome: as FuzzDecodeTickInputs, for welcomes.
func FuzzDecodeWelcome(f *testing.F) {
	addWireSeeds(f)
	f.Fuzz(func(t *testing.T, msg []byte) {
		a, err := netplay.DecodeWelcome(msg)
		if err != nil {
			return
		}
		b, err := netplay.DecodeWelcome(netplay.AppendWelcome(nil, &a))
		if err != nil {
			t.Fatalf("decoded %+v, which re-encoded does not decode: %v", a.Options, err)
		}
		if !sameWelcome(&a, &b) {
			t.Fatalf("decoded seat %d %+v, re-encoded and decoded again seat %d %+v", a.Seat, a.Options, b.Seat, b.Options)
		}
	})
}

// A Hello decodes to what was sent, its name cut to MaxName bytes; one
// cut short, with a byte left over, of another kind or version, or with a
// name longer than MaxName is refused. The bytes are the playground's:
// kind 1, version 1, recipe, name length, name, 16 bytes of token.
func TestHelloRoundTrip(t *testing.T) {
	h := netplay.Hello{Recipe: 3, Name: strings.Repeat("n", 30), Token: netplay.Token{1, 2, 3}}
	b := netplay.AppendHello(nil, &h)
	want := append([]byte{netplay.MsgHello, 1, 3, netplay.MaxName}, strings.Repeat("n", netplay.MaxName)...)
	if want = append(want, h.Token[:]...); !bytes.Equal(b, want) {
		t.Fatalf("AppendHello: % x, want % x", b, want)
	}
	got, err := netplay.DecodeHello(b)
	if h.Name = h.Name[:netplay.MaxName]; err != nil || got != h {
		t.Fatalf("DecodeHello: %+v %v, want %+v", got, err, h)
	}
	dec := func(b []byte) error { _, err := netplay.DecodeHello(b); return err }
	long := append([]byte{netplay.MsgHello, 1, 0, netplay.MaxName + 1}, make([]byte, netplay.MaxName+1+16)...)
	for what, msg := range map[string][]byte{
		"cut short": b[:len(b)-1], "a byte left over": append(slices.Clip(b), 0), "another kind": append([]byte{netplay.MsgSwitch}, b[1:]...),
		"another version": append([]byte{netplay.MsgHello, 2}, b[2:]...), "a long name": long,
	} {
		refuse(t, what, msg, dec)
	}
}

// FuzzDecodeHello: any bytes decode to an error or to a Hello that
// encodes back to the same bytes.
func FuzzDecodeHello(f *testing.F) {
	addWireSeeds(f)
	f.Add(netplay.AppendHello(nil, &netplay.Hello{Recipe: 2, Name: "Ann", Token: netplay.Token{9}}))
	f.Fuzz(func(t *testing.T, msg []byte) {
		h, err := netplay.DecodeHello(msg)
		if err != nil {
			return
		}
		if b := netplay.AppendHello(nil, &h); !bytes.Equal(b, msg) {
			t.Fatalf("decoded %+v, which encodes to % x, not % x", h, b, msg)
		}
	})
}
