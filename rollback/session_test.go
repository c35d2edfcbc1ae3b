package rollback

import (
	"bytes"
	"errors"
	"math/rand/v2"
	"testing"
)

// flight is a packet on its way.
type flight struct {
	at, to int
	data   []byte
}

// game is a match of sessions, one per player (session i's local player is
// i), connected through links that lose packets with probability loss and
// deliver the others 1 to 1+maxDelay frames later, so they arrive out of
// order; drop, when set, decides the loss instead. One frame is one tick;
// no wall clock, the randomness is a seeded PCG.
type game struct {
	t        testing.TB
	sessions []*Session
	sims     []*points
	in       func(uint64, int, []byte)
	rng      *rand.Rand
	loss     float64
	maxDelay int
	drop     func(frame, from, to int) bool
	frame    int
	inflight []flight
	input    []byte
	locals   [][]int // per session
}

func newGame(t testing.TB, players int, cfg Config, seed uint64) *game {
	t.Helper()
	locals := make([][]int, players)
	for p := range locals {
		locals[p] = []int{p}
	}
	return newGameOf(t, players, locals, cfg, seed)
}

// newGameOf is newGame with session i giving the inputs of players
// locals[i].
func newGameOf(t testing.TB, players int, locals [][]int, cfg Config, seed uint64) *game {
	t.Helper()
	g := &game{t: t, in: script(seed), rng: rand.New(rand.NewPCG(seed, 7)), input: make([]byte, pointsInputSize), locals: locals}
	for _, local := range locals {
		c := cfg
		c.Players, c.Local, c.InputSize = players, local, pointsInputSize
		sim := newPoints(players)
		s, err := NewSession(sim, c)
		if err != nil {
			t.Fatal(err)
		}
		g.sessions = append(g.sessions, s)
		g.sims = append(g.sims, sim)
	}
	return g
}

// step runs one frame: the packets due are delivered; every session below
// tick stop gives its scripted input and advances (or waits at the
// prediction threshold), the others apply what they received (Correct);
// every session sends a packet to every peer.
func (g *game) step(stop uint64) {
	g.t.Helper()
	keep := g.inflight[:0]
	for _, f := range g.inflight {
		if f.at > g.frame {
			keep = append(keep, f)
			continue
		}
		if err := g.sessions[f.to].Receive(f.data); err != nil {
			g.t.Fatalf("frame %d: session %d: %v", g.frame, f.to, err)
		}
	}
	g.inflight = keep
	for i, s := range g.sessions {
		if s.Tick() < stop {
			for _, p := range g.locals[i] {
				clear(g.input)
				g.in(s.Tick(), p, g.input)
				if err := s.AddLocalInput(p, g.input); err != nil {
					g.t.Fatal(err)
				}
			}
			if err := s.AdvanceTick(); err != nil && !errors.Is(err, ErrPredictionThreshold) {
				g.t.Fatalf("frame %d: session %d: %v", g.frame, i, err)
			}
		} else if err := s.Correct(); err != nil {
			g.t.Fatal(err)
		}
		for j := range g.sessions {
			if j == i {
				continue
			}
			// To the peer's first listed player: any of its players will do.
			pkt, err := s.Packet(nil, g.locals[j][0])
			if err != nil {
				g.t.Fatal(err)
			}
			lost := g.rng.Float64() < g.loss
			if g.drop != nil {
				lost = g.drop(g.frame, i, j)
			}
			if !lost {
				g.inflight = append(g.inflight, flight{at: g.frame + 1 + g.rng.IntN(g.maxDelay+1), to: j, data: pkt})
			}
		}
	}
	g.frame++
}

// finish runs the sessions to tick n, until each has every input of ticks
// before n, and 30 frames more so the last checksum reports go round.
func (g *game) finish(n uint64) {
	g.t.Helper()
	for limit := g.frame + 50*int(n) + 1000; ; {
		done := true
		for _, s := range g.sessions {
			done = done && s.Tick() == n && s.ConfirmedTicks() >= n
		}
		if done {
			break
		}
		if g.frame > limit {
			g.t.Fatalf("frame %d: the sessions did not reach tick %d", g.frame, n)
		}
		g.step(n)
	}
	for range 30 {
		g.step(n)
	}
}

// checkReference checks every session's simulation against a run of n
// ticks with all inputs known: the same SaveState bytes and checksum.
func (g *game) checkReference(n uint64, delay int) {
	g.t.Helper()
	ref := reference(len(g.sims[0].p)/2, delay, n, g.in)
	want, _ := ref.SaveState(nil)
	for i, sim := range g.sims {
		got, _ := sim.SaveState(nil)
		if !bytes.Equal(got, want) || sim.Checksum() != ref.Checksum() {
			g.t.Errorf("session %d at tick %d: state %x, want %x", i, sim.tick, got[:16], want[:16])
		}
	}
}

// Two, three and four sessions over lossy, delaying, reordering links end
// with the bits of a run with all inputs known, after rolling back often,
// never further than MaxPrediction, and with every checksum compared equal.
func TestLossyNetworks(t *testing.T) {
	const n = 2000
	for _, c := range []struct {
		name            string
		players         int
		loss            float64
		maxDelay, delay int
	}{
		{"2 players 10% loss", 2, 0.10, 6, 0},
		{"2 players 20% loss delay 2", 2, 0.20, 6, 2},
		{"3 players 5% loss delay 1", 3, 0.05, 6, 1},
		{"4 players 15% loss", 4, 0.15, 6, 0},
	} {
		t.Run(c.name, func(t *testing.T) {
			g := newGame(t, c.players, Config{InputDelay: c.delay}, uint64(c.players)*1000+uint64(c.loss*100))
			g.loss, g.maxDelay = c.loss, c.maxDelay
			g.finish(n)
			g.checkReference(n, c.delay)
			for i, s := range g.sessions {
				st := s.Stats()
				t.Logf("session %d: %+v", i, st)
				if st.Rollbacks == 0 || st.MaxRollback > DefaultMaxPrediction || st.MaxRollback < 2 {
					t.Errorf("session %d: %d rollbacks, the longest %d ticks (want some, at most %d)",
						i, st.Rollbacks, st.MaxRollback, DefaultMaxPrediction)
				}
				if len(s.Desyncs()) != 0 || st.Desyncs != 0 || st.ChecksumsUnchecked != 0 {
					t.Errorf("session %d: desyncs %v, %d reports unchecked", i, s.Desyncs(), st.ChecksumsUnchecked)
				}
				// Ticks 0, 30 ... 1980 from every peer.
				if want := (c.players - 1) * (n/DefaultChecksumInterval + 1); st.ChecksumsCompared != want {
					t.Errorf("session %d: %d checksums compared, want %d", i, st.ChecksumsCompared, want)
				}
			}
		})
	}
}

// A session may give the inputs of several players: three players on two
// peers (0 and 2 on one, 1 on the other; the other's packets go to 2, whose
// checksum reports come from its peer's lowest player, 0).
func TestSeveralLocalPlayers(t *testing.T) {
	g := newGameOf(t, 3, [][]int{{2, 0}, {1}}, Config{InputDelay: 1}, 77)
	g.loss, g.maxDelay = 0.15, 4
	g.finish(1000)
	g.checkReference(1000, 1)
	for i, s := range g.sessions {
		st := s.Stats()
		if st.Rollbacks == 0 || st.Desyncs != 0 || st.ChecksumsCompared != 1000/DefaultChecksumInterval+1 {
			t.Errorf("session %d: %+v", i, st)
		}
	}
}

// A peer whose simulation differs from tick 500 on is found at the first
// checksum tick after it, by both sides, with the callback and the list.
func TestDesyncReported(t *testing.T) {
	var called []Desync
	g := newGame(t, 2, Config{OnDesync: func(d Desync) { called = append(called, d) }}, 3)
	g.loss, g.maxDelay = 0.1, 3
	g.sims[1].bugAt = 500
	g.finish(700)
	for i, s := range g.sessions {
		ds := s.Desyncs()
		if len(ds) == 0 || ds[0].Tick != 510 || ds[0].Player != 1-i || ds[0].Local == ds[0].Remote {
			t.Fatalf("session %d: desyncs %v, want the first at tick 510 from player %d", i, ds, 1-i)
		}
		if len(ds) != 7 { // 510, 540 ... 690
			t.Errorf("session %d: %d desyncs, want 7", i, len(ds))
		}
		if st := s.Stats(); st.Desyncs != len(ds) || st.ChecksumsCompared != 24 {
			t.Errorf("session %d: stats %+v", i, st)
		}
	}
	a, b := g.sessions[0].Desyncs()[0], g.sessions[1].Desyncs()[0]
	if a.Local != b.Remote || a.Remote != b.Local {
		t.Errorf("the two sides disagree on the checksums: %v and %v", a, b)
	}
	if len(called) != 14 {
		t.Errorf("OnDesync called %d times, want 14", len(called))
	}
}

// With an input delay of 2 ticks and packets that take one frame, every
// remote input arrives before its tick: nothing is rolled back. Without the
// delay the same links need rollbacks.
func TestInputDelayHidesLatency(t *testing.T) {
	for _, delay := range []int{2, 0} {
		g := newGame(t, 2, Config{InputDelay: delay}, 11)
		g.finish(600)
		g.checkReference(600, delay)
		for i, s := range g.sessions {
			st := s.Stats()
			if delay == 2 && (st.Rollbacks != 0 || st.Stalls != 0 || st.Predicted != 1 || g.sims[i].loads != 0) {
				// Tick 0 is predicted: the first packet is on its way.
				t.Errorf("delay 2: session %d: %+v, want no rollback, one predicted tick", i, st)
			}
			if delay == 0 && st.Rollbacks == 0 {
				t.Errorf("delay 0: session %d: no rollback", i)
			}
		}
	}
}

// twoHeld runs two sessions in step for 20 ticks (session 1 advances
// first and predicts, session 0 has player 1's input for each tick), then 7
// more with player 1's packets held back from session 0, which predicts;
// then delivers player 1's last packet. Player 0 gives 1 on every tick, player 1 gives 2
// and from tick change on 7.
func twoHeld(t *testing.T, change uint64) (a, b *Session, simA, simB *points) {
	t.Helper()
	simA, simB = newPoints(2), newPoints(2)
	a, err := NewSession(simA, Config{Players: 2, Local: []int{0}, InputSize: pointsInputSize})
	if err != nil {
		t.Fatal(err)
	}
	b, err = NewSession(simB, Config{Players: 2, Local: []int{1}, InputSize: pointsInputSize})
	if err != nil {
		t.Fatal(err)
	}
	var held []byte
	for tick := uint64(0); tick < 27; tick++ {
		inB := byte(2)
		if tick >= change {
			inB = 7
		}
		for _, x := range []struct {
			s      *Session
			p      int
			in     byte
			to     *Session
			holdIt bool
		}{{b, 1, inB, a, tick >= 20}, {a, 0, 1, b, false}} {
			if err := x.s.AddLocalInput(x.p, []byte{x.in, 0, 0, 0}); err != nil {
				t.Fatal(err)
			}
			if err := x.s.AdvanceTick(); err != nil {
				t.Fatalf("tick %d: player %d: %v", tick, x.p, err)
			}
			pkt, err := x.s.Packet(nil, 1-x.p)
			if err != nil {
				t.Fatal(err)
			}
			if x.holdIt {
				held = pkt
			} else if err := x.to.Receive(pkt); err != nil {
				t.Fatal(err)
			}
		}
	}
	if a.Stats().Rollbacks != 0 || simA.loads != 0 {
		t.Fatalf("a rollback before the late packet: %+v", a.Stats())
	}
	if err := a.Receive(held); err != nil {
		t.Fatal(err)
	}
	if err := a.Correct(); err != nil {
		t.Fatal(err)
	}
	return a, b, simA, simB
}

// A late input that differs from the prediction rolls back to exactly its
// tick; one equal to the prediction rolls nothing back. Both end with the
// peer's bits.
func TestLateInput(t *testing.T) {
	a, _, simA, simB := twoHeld(t, 23)
	if st := a.Stats(); st.Rollbacks != 1 || st.Resimulated != 27-23 || simA.loads != 1 || simA.lastLoad != 23 {
		t.Errorf("differing late input: %+v, %d loads, the last of tick %d; want one rollback to tick 23",
			st, simA.loads, simA.lastLoad)
	}
	if simA.Checksum() != simB.Checksum() {
		t.Error("after the rollback the two sessions differ")
	}
	a, _, simA, simB = twoHeld(t, 1000)
	if st := a.Stats(); st.Rollbacks != 0 || simA.loads != 0 || st.Predicted != 7 {
		t.Errorf("identical late input: %+v, %d loads; want no rollback, 7 predicted ticks", st, simA.loads)
	}
	if simA.Checksum() != simB.Checksum() {
		t.Error("the two sessions differ")
	}
}

// A session whose peer is silent advances MaxPrediction ticks, then waits
// with ErrPredictionThreshold without touching the simulation, and goes on
// once the peer's packets come.
func TestPredictionThreshold(t *testing.T) {
	g := newGame(t, 2, Config{MaxPrediction: 5, InputDelay: 1}, 5)
	g.loss = 1 // silence
	for range 12 {
		g.step(100)
	}
	for i, s := range g.sessions {
		if s.Tick() != 5 || g.sims[i].advances != 5 || s.Stats().Stalls != 7 {
			t.Fatalf("session %d: tick %d, %d advances, %+v; want tick 5 and 7 stalls", i, s.Tick(), g.sims[i].advances, s.Stats())
		}
		if err := s.AddLocalInput(i, make([]byte, pointsInputSize)); err != nil {
			t.Fatal(err)
		}
		if err := s.AdvanceTick(); !errors.Is(err, ErrPredictionThreshold) {
			t.Fatalf("session %d: %v, want ErrPredictionThreshold", i, err)
		}
	}
	g.loss = 0
	g.finish(100)
	g.checkReference(100, 1)
}

// Packets carry all unacknowledged inputs and at least the last 3 ticks':
// with two packets of three lost, a session with MaxPrediction 3 never
// waits, and every packet that arrives leaves no input missing. With
// MaxPrediction 2 the same losses make it wait.
func TestTwoLostPackets(t *testing.T) {
	for _, maxPred := range []int{3, 2} {
		g := newGame(t, 2, Config{MaxPrediction: maxPred}, 9)
		g.drop = func(frame, from, to int) bool { return frame%5 == 1 || frame%5 == 2 }
		g.finish(300)
		g.checkReference(300, 0)
		stalls := g.sessions[0].Stats().Stalls + g.sessions[1].Stats().Stalls
		if maxPred == 3 && stalls != 0 {
			t.Errorf("MaxPrediction 3: %d stalls, want none", stalls)
		}
		if maxPred == 2 && stalls == 0 {
			t.Error("MaxPrediction 2: no stall: the test does not test")
		}
	}

	// Even when the peer has acknowledged everything, a packet repeats the
	// last three ticks.
	g := newGame(t, 2, Config{}, 9)
	for range 15 {
		g.step(10)
	}
	a, b := g.sessions[0], g.sessions[1]
	if got := a.remotes[1].acked; got != 10 {
		t.Fatalf("player 1 acknowledged %d ticks, want 10", got)
	}
	pkt, _ := a.Packet(nil, 1)
	h, _, err := b.check(pkt)
	if err != nil {
		t.Fatal(err)
	}
	if h.start != 7 || h.n != 3 {
		t.Errorf("the packet carries ticks %d..%d, want 7..9", h.start, h.start+h.n-1)
	}
}

func TestNewSessionErrors(t *testing.T) {
	sim := newPoints(2)
	ok := Config{Players: 2, Local: []int{0}, InputSize: 4}
	for _, c := range []struct {
		name string
		edit func(*Config)
	}{
		{"no players", func(c *Config) { c.Players = 0 }},
		{"17 players", func(c *Config) { c.Players = 17 }},
		{"no local", func(c *Config) { c.Local = nil }},
		{"local out of range", func(c *Config) { c.Local = []int{2} }},
		{"local twice", func(c *Config) { c.Local = []int{1, 1} }},
		{"input size 0", func(c *Config) { c.InputSize = 0 }},
		{"input size 65", func(c *Config) { c.InputSize = 65 }},
		{"delay 4", func(c *Config) { c.InputDelay = 4 }},
		{"delay -1", func(c *Config) { c.InputDelay = -1 }},
		{"prediction 65", func(c *Config) { c.MaxPrediction = 65 }},
		{"prediction -1", func(c *Config) { c.MaxPrediction = -1 }},
	} {
		cfg := ok
		c.edit(&cfg)
		if _, err := NewSession(sim, cfg); !errors.Is(err, ErrConfig) {
			t.Errorf("%s: %v, want ErrConfig", c.name, err)
		}
	}
	if _, err := NewSession(nil, ok); !errors.Is(err, ErrConfig) {
		t.Errorf("no simulation: %v", err)
	}
	s, err := NewSession(sim, ok)
	if err != nil {
		t.Fatal(err)
	}
	if c := s.Config(); c.MaxPrediction != DefaultMaxPrediction || c.ChecksumInterval != DefaultChecksumInterval {
		t.Errorf("defaults: %+v", c)
	}
	if err := s.AdvanceTick(); !errors.Is(err, ErrNoLocalInput) {
		t.Errorf("advance without input: %v", err)
	}
	if err := s.AddLocalInput(1, make([]byte, 4)); !errors.Is(err, ErrPlayer) {
		t.Errorf("remote player's input: %v", err)
	}
	if err := s.AddLocalInput(0, make([]byte, 3)); err == nil {
		t.Error("a 3-byte input accepted")
	}
	if _, err := s.Packet(nil, 0); !errors.Is(err, ErrPlayer) {
		t.Errorf("a packet to the local player: %v", err)
	}
}

// A simulation error ends the session: every later call returns it.
func TestSimulationErrorSticks(t *testing.T) {
	sim := &failing{points: *newPoints(1), at: 3}
	s, err := NewSession(sim, Config{Players: 1, Local: []int{0}, InputSize: pointsInputSize})
	if err != nil {
		t.Fatal(err)
	}
	in := make([]byte, pointsInputSize)
	for tick := 0; tick < 3; tick++ {
		if err := errors.Join(s.AddLocalInput(0, in), s.AdvanceTick()); err != nil {
			t.Fatal(err)
		}
	}
	err = errors.Join(s.AddLocalInput(0, in), s.AdvanceTick())
	if !errors.Is(err, errBoom) {
		t.Fatalf("%v, want the simulation's error", err)
	}
	if err2 := s.AddLocalInput(0, in); !errors.Is(err2, errBoom) {
		t.Errorf("after the failure: %v", err2)
	}
	if err2 := s.Receive([]byte{WireVersion}); !errors.Is(err2, errBoom) {
		t.Errorf("after the failure: %v", err2)
	}
}

var errBoom = errors.New("boom")

type failing struct {
	points
	at uint64
}

func (s *failing) Advance(in []Input) error {
	if s.tick == s.at {
		return errBoom
	}
	return s.points.Advance(in)
}
