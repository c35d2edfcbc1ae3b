package rollback

import (
	"testing"
)

// pipePair is two sessions joined by links that deliver every packet
// exactly lag frames later, through buffers reused frame after frame: a
// steady state with rollbacks (each side predicts the other's last lag
// ticks) and no allocation of its own.
type pipePair struct {
	s     [2]*Session
	sims  [2]*points
	in    func(uint64, int, []byte)
	input []byte
	lag   int
	slots [2][][]byte // per sender, lag+1 packets
	frame int
}

func newPipePair(tb testing.TB, lag int) *pipePair {
	tb.Helper()
	pp := &pipePair{in: script(21), input: make([]byte, pointsInputSize), lag: lag}
	for p := range 2 {
		pp.sims[p] = newPoints(2)
		s, err := NewSession(pp.sims[p], Config{Players: 2, Local: []int{p}, InputSize: pointsInputSize})
		if err != nil {
			tb.Fatal(err)
		}
		pp.s[p] = s
		for range lag + 1 {
			pp.slots[p] = append(pp.slots[p], make([]byte, 0, 1024))
		}
	}
	return pp
}

// step runs one frame of both sessions.
func (pp *pipePair) step(tb testing.TB) {
	n := pp.lag + 1
	for p, s := range pp.s {
		other := 1 - p
		if pkt := pp.slots[other][(pp.frame+1)%n]; len(pkt) > 0 { // sent lag frames ago
			if err := s.Receive(pkt); err != nil {
				tb.Fatal(err)
			}
		}
		clear(pp.input)
		pp.in(s.Tick(), p, pp.input)
		if err := s.AddLocalInput(p, pp.input); err != nil {
			tb.Fatal(err)
		}
		if err := s.AdvanceTick(); err != nil {
			tb.Fatal(err)
		}
	}
	for p, s := range pp.s {
		var err error
		if pp.slots[p][pp.frame%n], err = s.Packet(pp.slots[p][pp.frame%n][:0], 1-p); err != nil {
			tb.Fatal(err)
		}
	}
	pp.frame++
}

// In a steady state, a frame (Receive, AddLocalInput, AdvanceTick with
// its rollbacks and checksums, Packet) allocates nothing.
func TestAdvanceTickAllocs(t *testing.T) {
	pp := newPipePair(t, 3)
	for range 200 {
		pp.step(t)
	}
	before := pp.s[0].Stats()
	if n := testing.AllocsPerRun(500, func() { pp.step(t) }); n != 0 {
		t.Errorf("a frame allocates %v times", n)
	}
	after := pp.s[0].Stats()
	if after.Rollbacks == before.Rollbacks || after.ChecksumsCompared == before.ChecksumsCompared {
		t.Errorf("no rollback or no checksum during the measure: %+v then %+v", before, after)
	}
	t.Logf("%+v", after)
}

// BenchmarkRollback8 is one frame of a session that learns every frame
// that its prediction of 8 ticks ago was wrong: it loads that tick's state,
// runs the 8 ticks again (saving each) and advances one (the points
// simulation of two players: 4 points). The peer, 8 ticks behind, runs its
// frame too (one tick, nothing predicted): about a tenth of the time.
func BenchmarkRollback8(b *testing.B) {
	simA, simB := newPoints(2), newPoints(2)
	a, _ := NewSession(simA, Config{Players: 2, Local: []int{0}, InputSize: pointsInputSize})
	peer, _ := NewSession(simB, Config{Players: 2, Local: []int{1}, InputSize: pointsInputSize})
	var pkt []byte
	in := make([]byte, pointsInputSize)
	frame := func(s *Session, p int, tick uint64) {
		in[0] = byte(tick) // a new input every tick: every prediction is wrong
		if err := s.AddLocalInput(p, in); err != nil {
			b.Fatal(err)
		}
		if err := s.AdvanceTick(); err != nil {
			b.Fatal(err)
		}
	}
	// a runs 8 ticks ahead.
	for range 8 {
		frame(a, 0, a.Tick())
		pkt, _ = a.Packet(pkt[:0], 1)
		if err := peer.Receive(pkt); err != nil {
			b.Fatal(err)
		}
	}
	step := func() {
		frame(peer, 1, peer.Tick())
		pkt, _ = peer.Packet(pkt[:0], 0)
		if err := a.Receive(pkt); err != nil {
			b.Fatal(err)
		}
		frame(a, 0, a.Tick())
		pkt, _ = a.Packet(pkt[:0], 1)
		if err := peer.Receive(pkt); err != nil {
			b.Fatal(err)
		}
	}
	for range 100 {
		step()
	}
	before := a.Stats()
	b.ReportAllocs()
	b.ResetTimer()
	for range b.N {
		step()
	}
	b.StopTimer()
	if st := a.Stats(); st.MaxRollback != 8 || st.Rollbacks-before.Rollbacks != b.N || st.Resimulated-before.Resimulated != 8*b.N {
		b.Fatalf("%+v after %+v, want a rollback of 8 ticks per frame", st, before)
	}
}
