package wire

import (
	"bytes"
	"errors"
	"math"
	"reflect"
	"strings"
	"testing"
)

var frames = []Frame{{}, SeedFrame(100)}

func sampleSnapshot() Snapshot {
	p := PlayerState{ID: 7, Flags: FlagAlive | FlagThrown, X: 1.5, Z: -2.25, VX: 3, VZ: -4, Aim: 0.5,
		FX: 2, FZ: -1, FlailAngle: -2, Radius: 0.375, Energy: 1234, Kills: 3, Deaths: 1, RespawnIn: 2.5, NodeCount: 2}
	p.Nodes[0] = [2]float64{1.75, -2}
	p.Nodes[1] = [2]float64{1.875, -1.5}
	q := PlayerState{ID: 9, Flags: FlagBot, RespawnIn: 0}
	return Snapshot{Tick: 400, Ack: 398, Players: []PlayerState{p, q}}
}

// TestRoundTrip encodes every message in both frames and decodes it back.
// Values are exact in float32 (sums of powers of two), so the default frame
// returns them bit for bit; the seed frame multiplies by 10 and divides
// again, which is exact here too.
func TestRoundTrip(t *testing.T) {
	for _, f := range frames {
		h := Hello{Version: Version, Flags: HelloSeedFrame, Name: "Ada", Token: Token{1, 2, 3}}
		var h2 Hello
		if err := DecodeHello(AppendHello(nil, &h), &h2); err != nil || h2 != h {
			t.Fatalf("hello: %v %+v", err, h2)
		}
		wl := Welcome{You: 3, Token: Token{9}, Room: 2, TickRate: 40, Tick: 77, UnitsPerMeter: 100, Half: 20, CarRadius: 0.5,
			Boxes: []Box{{X: 1, Z: 2, HalfX: 0.5, HalfZ: 3, Yaw: 0.25}}}
		var wl2 Welcome
		if err := DecodeWelcome(AppendWelcome(nil, &wl, f), &wl2, f); err != nil || !reflect.DeepEqual(wl, wl2) {
			t.Fatalf("welcome %+v: %v %+v", f, err, wl2)
		}
		in := Input{Tick: 12, Aim: -1.5, Throttle: 1, Buttons: ButtonPressed | ButtonHeld}
		var in2 Input
		b := AppendInput(nil, &in, f)
		if len(b) != InputSize {
			t.Fatalf("input is %d bytes, want %d", len(b), InputSize)
		}
		if err := DecodeInput(b, &in2, f); err != nil || in2.Tick != in.Tick || in2.Throttle != 1 || in2.Buttons != in.Buttons ||
			math.Abs(in2.Aim-in.Aim) > 1e-6 {
			t.Fatalf("input %+v: %v %+v", f, err, in2)
		}
		s := sampleSnapshot()
		var s2 Snapshot
		if err := DecodeSnapshot(AppendSnapshot(nil, &s, f), &s2, f); err != nil {
			t.Fatal(err)
		}
		// the car angle takes a float32 round trip through -pi/2 in the seed frame.
		if f.Seed {
			if math.Abs(s2.Players[0].Aim-0.5) > 1e-6 {
				t.Fatalf("seed aim %v", s2.Players[0].Aim)
			}
			s2.Players[0].Aim, s2.Players[1].Aim = 0.5, 0
		}
		if !reflect.DeepEqual(s, s2) {
			t.Fatalf("snapshot %+v:\n%+v\n%+v", f, s, s2)
		}
		ps := Pickups{Radius: 0.25, Items: []Pickup{{X: 1, Z: 2, Energy: 5}, {X: -3, Z: 4, Energy: 25, Dropped: true}}}
		var ps2 Pickups
		if err := DecodePickups(AppendPickups(nil, &ps, f), &ps2, f); err != nil || !reflect.DeepEqual(ps, ps2) {
			t.Fatalf("pickups: %v %+v", err, ps2)
		}
	}
	ro := Roster{Players: []RosterEntry{{ID: 1, Name: "You"}, {ID: 2, Skill: 3, Name: "Bolt"}}}
	var ro2 Roster
	if err := DecodeRoster(AppendRoster(nil, &ro), &ro2); err != nil || !reflect.DeepEqual(ro, ro2) {
		t.Fatalf("roster: %v %+v", err, ro2)
	}
	bo := Board{Rows: []BoardRow{{ID: 2, Energy: 500, Kills: 4}}}
	var bo2 Board
	if err := DecodeBoard(AppendBoard(nil, &bo), &bo2); err != nil || !reflect.DeepEqual(bo, bo2) {
		t.Fatalf("board: %v %+v", err, bo2)
	}
	ev := Events{Events: []Event{{Kind: EventKill, Tick: 5, Killer: 2, Victim: 1, Energy: 75}}}
	var ev2 Events
	if err := DecodeEvents(AppendEvents(nil, &ev), &ev2); err != nil || !reflect.DeepEqual(ev, ev2) {
		t.Fatalf("events: %v %+v", err, ev2)
	}
	er := Error{Code: CodeVersion, Text: "protocol 2, server speaks 1"}
	var er2 Error
	if err := DecodeError(AppendError(nil, &er), &er2); err != nil || er2 != er {
		t.Fatalf("error: %v %+v", err, er2)
	}
}

// TestSeedConventions pins the reference game's wire transforms: positions
// in world units / 10 (100 u/m: 1 m -> 10), the car angle minus pi/2 out
// and the input angle minus pi/2 in.
func TestSeedConventions(t *testing.T) {
	f := SeedFrame(100)
	if got := f.Pos(1.5); got != 15 {
		t.Fatalf("1.5 m on the wire = %v, want 15", got)
	}
	if got := f.CarAngle(math.Pi / 2); math.Abs(float64(got)) > 1e-7 {
		t.Fatalf("car angle pi/2 on the wire = %v, want 0", got)
	}
	if got := f.InputAngleIn(float32(math.Pi / 2)); math.Abs(got) > 1e-7 {
		t.Fatalf("input angle pi/2 read as %v, want 0", got)
	}
	var p PlayerState
	p.X, p.Flags = 2, FlagAlive
	b := AppendPlayers(nil, []PlayerState{p}, f)
	// count u16, id u32, flags u8, then X as f32.
	x := math.Float32frombits(uint32(b[7]) | uint32(b[8])<<8 | uint32(b[9])<<16 | uint32(b[10])<<24)
	if x != 20 {
		t.Fatalf("2 m car x encoded %v, want 20", x)
	}
}

func TestDecodeErrors(t *testing.T) {
	in := Input{Tick: 1}
	good := AppendInput(nil, &in, Frame{})
	var got Input
	cases := map[string][]byte{
		"empty":    nil,
		"short":    good[:5],
		"trailing": append(append([]byte{}, good...), 0),
		"kind":     append([]byte{byte(KindHello)}, good[1:]...),
		"buttons":  append(append([]byte{}, good[:InputSize-1]...), 0x80),
	}
	for name, b := range cases {
		if err := DecodeInput(b, &got, Frame{}); err == nil {
			t.Errorf("%s: no error", name)
		}
	}
	// a count larger than the bytes left is refused before allocating.
	var s Snapshot
	huge := AppendSnapshotHeader(nil, 1, 0)
	huge = append(huge, 0xff, 0xff)
	if err := DecodeSnapshot(huge, &s, Frame{}); !errors.Is(err, ErrShort) || cap(s.Players) != 0 {
		t.Fatalf("huge count: %v, cap %d", err, cap(s.Players))
	}
	// a name is cut at MaxName bytes on a rune boundary.
	h := Hello{Version: Version, Name: strings.Repeat("é", 20)}
	var h2 Hello
	if err := DecodeHello(AppendHello(nil, &h), &h2); err != nil || len(h2.Name) != 24 {
		t.Fatalf("long name: %v %q", err, h2.Name)
	}
	// invalid UTF-8 is an error.
	bad := AppendHello(nil, &Hello{Version: Version, Name: "ab"})
	bad[5] = 0xff
	if err := DecodeHello(bad, &h2); err == nil {
		t.Fatal("invalid UTF-8 name accepted")
	}
	// another version decodes (so the server can say why it refuses).
	other := AppendHello(nil, &Hello{Version: Version + 1})
	if err := DecodeHello(other[:3], &h2); err != nil || h2.Version != Version+1 {
		t.Fatalf("other version: %v %d", err, h2.Version)
	}
}

// TestSnapshotSize pins the wire cost of a player: 51 bytes plus 8 per
// rope node.
func TestSnapshotSize(t *testing.T) {
	s := sampleSnapshot()
	b := AppendSnapshot(nil, &s, Frame{})
	want := 1 + 4 + 4 + 2 + (playerMinBytes + 2*8) + playerMinBytes
	if len(b) != want || playerMinBytes != 51 {
		t.Fatalf("snapshot %d bytes, want %d (player %d)", len(b), want, playerMinBytes)
	}
	if !bytes.Equal(b[:1], []byte{byte(KindSnapshot)}) || KindOf(b) != KindSnapshot || KindOf(nil) != 0 {
		t.Fatal("kind byte")
	}
}

func BenchmarkSnapshot(b *testing.B) {
	s := sampleSnapshot()
	for len(s.Players) < 16 {
		s.Players = append(s.Players, s.Players[0])
	}
	buf := AppendSnapshot(nil, &s, Frame{})
	var out Snapshot
	b.ReportAllocs()
	b.SetBytes(int64(len(buf)))
	for i := 0; i < b.N; i++ {
		buf = AppendSnapshot(buf[:0], &s, Frame{})
		if err := DecodeSnapshot(buf, &out, Frame{}); err != nil {
			b.Fatal(err)
		}
	}
}

// A Hello from a peer that did not cut its name (9 CJK characters, 27
// bytes) is read with the name cut at a rune boundary, not refused.
func TestHelloLongNameCutByReader(t *testing.T) {
	name := strings.Repeat("界", 9)
	b := []byte{byte(KindHello), byte(Version), byte(Version >> 8), 0, byte(len(name))}
	b = append(b, name...)
	b = append(b, make([]byte, TokenSize)...)
	var h Hello
	if err := DecodeHello(b, &h); err != nil {
		t.Fatalf("27-byte name refused: %v", err)
	}
	if h.Name != strings.Repeat("界", 8) {
		t.Fatalf("name %q, want 8 characters (24 bytes)", h.Name)
	}
}
