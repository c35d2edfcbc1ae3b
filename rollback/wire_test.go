package rollback

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"strings"
	"testing"
)

// wirePacket is a packet spelled out, for build: the format written a
// second time, from its documentation, independently of Packet.
type wirePacket struct {
	version   byte
	from      uint64 // sender players, a bit mask
	to        uint64
	start     uint64
	ack       int64    // as a delta from start
	n         uint64   // ticks; runs must cover them
	runs      [][]wrun // per sender player
	sumWanted int64    // as a delta from start
	sums      []wsum   // first tick as a delta from start, then steps
	extra     []byte
}

type wrun struct {
	n  uint64
	in []byte
}

type wsum struct {
	tick int64 // the first: delta from start; then: the step
	sum  uint64
}

func (w wirePacket) build() []byte {
	b := []byte{w.version}
	b = binary.AppendUvarint(b, w.from)
	b = binary.AppendUvarint(b, w.to)
	b = binary.AppendUvarint(b, w.start)
	b = binary.AppendVarint(b, w.ack)
	b = binary.AppendUvarint(b, w.n)
	for _, runs := range w.runs {
		for _, r := range runs {
			b = binary.AppendUvarint(b, r.n)
			b = append(b, r.in...)
		}
	}
	b = binary.AppendVarint(b, w.sumWanted)
	b = binary.AppendUvarint(b, uint64(len(w.sums)))
	for i, s := range w.sums {
		if i == 0 {
			b = binary.AppendVarint(b, s.tick)
		} else {
			b = binary.AppendUvarint(b, uint64(s.tick))
		}
		b = binary.LittleEndian.AppendUint64(b, s.sum)
	}
	return append(b, w.extra...)
}

// digest is everything a session holds, to check that a rejected packet
// changed nothing.
func digest(s *Session) string { return fmt.Sprintf("%+v", *s) }

// Packets from a peer are read back as they were written, compactly: a
// constant input is one run, and Packet does not allocate with capacity.
func TestPacketFormat(t *testing.T) {
	g := newGame(t, 2, Config{}, 1)
	for range 40 {
		g.step(1000)
	}
	a, b := g.sessions[0], g.sessions[1]
	pkt, err := a.Packet(nil, 1)
	if err != nil {
		t.Fatal(err)
	}
	// The packet the format's second writer makes from a's state.
	known := a.known[0]
	start := min(a.remotes[1].acked, known-MinResend)
	want := wirePacket{version: WireVersion, from: 1, to: 1, start: start,
		ack: int64(a.known[1]) - int64(start), n: known - start}
	var runs []wrun
	for tk := start; tk < known; tk++ {
		in := a.input(0, tk)
		if len(runs) > 0 && bytes.Equal(runs[len(runs)-1].in, in) {
			runs[len(runs)-1].n++
		} else {
			runs = append(runs, wrun{1, in})
		}
	}
	want.runs = [][]wrun{runs}
	want.sumWanted = int64(a.remotes[1].sumWanted) - int64(start)
	for tk := roundUp(a.remotes[1].sumAcked, 30); tk < a.nextSum; tk += 30 {
		d := int64(30)
		if len(want.sums) == 0 {
			d = int64(tk) - int64(start)
		}
		want.sums = append(want.sums, wsum{d, a.sums[tk/30].sum})
	}
	if !bytes.Equal(pkt, want.build()) {
		t.Fatalf("packet\n%x, the format says\n%x", pkt, want.build())
	}
	if err := b.Receive(pkt); err != nil {
		t.Fatal(err)
	}

	// A constant input over 32 ticks is one run: 1 + 4 bytes.
	s, _ := NewSession(newPoints(2), Config{Players: 2, Local: []int{0}, InputSize: 4, MaxPrediction: 40})
	for range 32 {
		if err := errors.Join(s.AddLocalInput(0, []byte{9, 9, 9, 9}), s.AdvanceTick()); err != nil {
			t.Fatal(err)
		}
	}
	pkt, _ = s.Packet(pkt[:0], 1)
	// version, from, to, start 0, ack 0, n 32, run 32 + input, sumWanted 0,
	// one checksum (tick 0 is confirmed: nobody has input before it).
	if len(pkt) != 6+5+2+1+8 {
		t.Errorf("a constant input's packet is %d bytes: %x", len(pkt), pkt)
	}
	if n := testing.AllocsPerRun(100, func() { pkt, _ = s.Packet(pkt[:0], 1) }); n != 0 {
		t.Errorf("Packet allocates %v times", n)
	}
}

// Every malformed or impossible packet is rejected with ErrPacket (or
// ErrWindow) and changes nothing.
func TestReceiveRejects(t *testing.T) {
	g := newGame(t, 2, Config{}, 2)
	for range 40 {
		g.step(1000)
	}
	a, b := g.sessions[0], g.sessions[1]
	good, _ := a.Packet(nil, 1)
	known := b.known[0] // player 0's ticks b holds
	in := func(x byte) []byte { return []byte{x, 0, 0, 0} }
	// A packet of player 0's for b, ticks from known on, that b accepts.
	base := func() wirePacket {
		return wirePacket{version: WireVersion, from: 1, to: 1, start: known, n: 2,
			runs: [][]wrun{{{2, in(5)}}}, sums: nil}
	}
	if _, _, err := b.check(base().build()); err != nil {
		t.Fatalf("the base packet: %v", err)
	}
	type c struct {
		name string
		pkt  []byte
		want string // in the error
	}
	var cases []c
	edit := func(name, want string, f func(*wirePacket)) {
		w := base()
		f(&w)
		cases = append(cases, c{name, w.build(), want})
	}
	cases = append(cases, c{"empty", nil, "empty"}, c{"trailing byte", append(bytes.Clone(good), 0), "after the end"})
	for i := 1; i < len(good); i++ {
		cases = append(cases, c{fmt.Sprintf("truncated to %d bytes", i), good[:i], ""})
	}
	cases = append(cases, c{"overlong varint", []byte{WireVersion, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 1}, "varint"})
	edit("version", "version", func(w *wirePacket) { w.version = 2 })
	edit("no sender", "sender players", func(w *wirePacket) { w.from = 0 })
	edit("sender beyond the players", "sender players", func(w *wirePacket) { w.from = 4 })
	edit("sender claims the local player", "claims local player 1", func(w *wirePacket) { w.from = 3 })
	edit("addressed to the remote player", "not local", func(w *wirePacket) { w.to = 0 })
	edit("addressed beyond the players", "not local", func(w *wirePacket) { w.to = 1 << 40 })
	edit("first tick out of range", "out of range", func(w *wirePacket) { w.start = 1 << 62 })
	edit("ack before tick 0", "out of range", func(w *wirePacket) { w.ack = -int64(known) - 1 })
	edit("ack of ticks not sent", "acknowledges", func(w *wirePacket) { w.ack = 1000 })
	edit("too many ticks", "ticks of inputs", func(w *wirePacket) { w.n = 33; w.runs = [][]wrun{{{33, in(1)}}} })
	edit("gap", "gap", func(w *wirePacket) { w.start = known + 1 })
	edit("empty run", "a run of 0", func(w *wirePacket) { w.runs = [][]wrun{{{0, in(1)}, {2, in(1)}}} })
	edit("run too long", "a run of 3", func(w *wirePacket) { w.runs = [][]wrun{{{3, in(1)}}} })
	edit("runs too short", "truncated", func(w *wirePacket) { w.runs = [][]wrun{{{1, in(1)}}} })
	edit("changed input", "differs", func(w *wirePacket) {
		w.start, w.n, w.runs = known-1, 1, [][]wrun{{{1, in(^b.input(0, known-1)[0])}}}
	})
	edit("checksums acknowledged but not sent", "acknowledges checksums", func(w *wirePacket) { w.sumWanted = 1000 })
	edit("too many checksums", "checksums", func(w *wirePacket) { w.sums = make([]wsum, 9) })
	edit("checksum off the interval", "not a multiple", func(w *wirePacket) { w.sums = []wsum{{7 - int64(known), 0}} })
	edit("checksum of an unconfirmed tick", "not all sent", func(w *wirePacket) { w.sums = []wsum{{int64(b.known[1]) + 30 - int64(known), 0}} })
	edit("checksum step 0", "step 0", func(w *wirePacket) { w.sums = []wsum{{-int64(known), 0}, {0, 0}} })
	edit("checksum truncated", "truncated", func(w *wirePacket) { w.sums = []wsum{{-int64(known), 0}} })
	last := &cases[len(cases)-1]
	last.pkt = last.pkt[:len(last.pkt)-1]

	before := digest(b)
	for _, c := range cases {
		err := b.Receive(c.pkt)
		if !errors.Is(err, ErrPacket) || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: %v, want ErrPacket with %q", c.name, err, c.want)
		}
		if digest(b) != before {
			t.Fatalf("%s changed the session", c.name)
		}
	}

	// Inputs ahead of the window: a fresh session at tick 0 holds ticks
	// 0..63 of a peer (MaxPrediction 8: a window of 64).
	s, _ := NewSession(newPoints(2), Config{Players: 2, Local: []int{1}, InputSize: 4})
	for start := uint64(0); start < 64; start += 32 {
		w := wirePacket{version: WireVersion, from: 1, to: 1, start: start, ack: -int64(start), n: 32,
			runs: [][]wrun{{{32, in(1)}}}, sumWanted: -int64(start)}
		if err := s.Receive(w.build()); err != nil {
			t.Fatalf("ticks %d..%d: %v", start, start+31, err)
		}
	}
	before = digest(s)
	w := wirePacket{version: WireVersion, from: 1, to: 1, start: 64, ack: -64, n: 1,
		runs: [][]wrun{{{1, in(1)}}}, sumWanted: -64}
	if err := s.Receive(w.build()); !errors.Is(err, ErrWindow) {
		t.Errorf("tick 64 at tick 0: %v, want ErrWindow", err)
	}
	if digest(s) != before {
		t.Error("the packet beyond the window changed the session")
	}
	// Old and duplicated packets are fine.
	w.start, w.ack, w.sumWanted, w.n, w.runs = 10, -10, -10, 2, [][]wrun{{{2, in(1)}}}
	if err := s.Receive(w.build()); err != nil {
		t.Errorf("an old packet: %v", err)
	}
}

// fuzzPair is two sessions after 40 frames over a lossy link, and packets
// they sent.
func fuzzPair(t testing.TB) (*game, [][]byte) {
	g := newGame(t, 2, Config{InputDelay: 1}, 4)
	g.loss, g.maxDelay = 0.3, 3
	var pkts [][]byte
	for range 40 {
		g.step(1000)
		for _, f := range g.inflight {
			if f.to == 1 {
				pkts = append(pkts, f.data)
			}
		}
	}
	return g, pkts
}

// Receive never panics; a packet it rejects changes nothing, and the
// session goes on either way.
func FuzzReceive(f *testing.F) {
	_, pkts := fuzzPair(f)
	for _, p := range pkts[len(pkts)-6:] {
		f.Add(p)
	}
	f.Add([]byte{})
	f.Add(wirePacket{version: WireVersion, from: 1, to: 1, start: 30, n: 3,
		runs: [][]wrun{{{2, []byte{1, 2, 3, 4}}, {1, []byte{5, 6, 7, 8}}}}, sums: []wsum{{0, 99}}}.build())
	f.Fuzz(func(t *testing.T, data []byte) {
		g, _ := fuzzPair(t)
		s := g.sessions[1]
		before := digest(s)
		if err := s.Receive(data); err != nil {
			if !errors.Is(err, ErrPacket) && !errors.Is(err, ErrWindow) {
				t.Fatalf("an error of another kind: %v", err)
			}
			if digest(s) != before {
				t.Fatalf("rejected (%v) but the session changed", err)
			}
		}
		for range 10 {
			if err := s.AddLocalInput(1, []byte{1, 2, 3, 4}); err != nil {
				t.Fatal(err)
			}
			if err := s.AdvanceTick(); err != nil && !errors.Is(err, ErrPredictionThreshold) {
				t.Fatal(err)
			}
			if _, err := s.Packet(nil, 0); err != nil {
				t.Fatal(err)
			}
		}
	})
}
