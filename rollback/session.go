package rollback

import (
	"errors"
	"fmt"
	"slices"
)

// Limits and defaults of a Config.
const (
	// MaxPlayers bounds Config.Players (the wire format sends the sender's
	// players as a bit mask).
	MaxPlayers = 16
	// MaxInputSize bounds Config.InputSize, in bytes.
	MaxInputSize = 64
	// MaxInputDelay bounds Config.InputDelay, in ticks.
	MaxInputDelay = 3
	// PredictionLimit bounds Config.MaxPrediction, in ticks.
	PredictionLimit = 64
	// DefaultMaxPrediction is Config.MaxPrediction's value when it is 0.
	DefaultMaxPrediction = 8
	// DefaultChecksumInterval is Config.ChecksumInterval's value when it
	// is 0.
	DefaultChecksumInterval = 30
)

// Errors of the package. Functions wrap them with the details; test with
// errors.Is.
var (
	// ErrConfig: a Config or SyncTestConfig that cannot be used.
	ErrConfig = errors.New("rollback: invalid config")
	// ErrPlayer: a player index that is out of range, or remote where a
	// local player is needed (AddLocalInput), or local where a remote one
	// is (Packet).
	ErrPlayer = errors.New("rollback: wrong player")
	// ErrNoLocalInput: AdvanceTick was called before AddLocalInput gave
	// every local player's input for the tick.
	ErrNoLocalInput = errors.New("rollback: local input missing")
	// ErrPredictionThreshold: AdvanceTick did not advance because the
	// tick would be more than Config.MaxPrediction ticks ahead of the
	// inputs received. The game waits (keeps sending and receiving
	// packets) and calls AdvanceTick again next frame.
	ErrPredictionThreshold = errors.New("rollback: prediction threshold reached")
	// ErrPacket: Receive was given bytes that are not a packet of this
	// session's peers (truncated, too long, a wrong version, player or
	// tick, an input that contradicts one received before). The packet
	// was ignored.
	ErrPacket = errors.New("rollback: bad packet")
	// ErrWindow: a packet carries inputs further ahead than the session
	// can hold (a peer with another MaxPrediction, or one that ran ahead
	// without this session's inputs). The packet was ignored.
	ErrWindow = errors.New("rollback: inputs beyond the window")
)

// Status says where a player's input for a tick comes from.
type Status uint8

const (
	// Confirmed: the input the player gave for the tick.
	Confirmed Status = iota
	// Predicted: a guess, the player's last confirmed input (zero before
	// any). The tick is simulated again if the real input differs.
	Predicted
)

// String returns "confirmed" or "predicted".
func (s Status) String() string {
	switch s {
	case Confirmed:
		return "confirmed"
	case Predicted:
		return "predicted"
	}
	return fmt.Sprintf("Status(%d)", uint8(s))
}

// Input is one player's input for one tick as Simulation.Advance sees it.
type Input struct {
	// Bytes holds Config.InputSize bytes, owned by the session: valid until
	// Advance returns, not to be kept or modified.
	Bytes []byte
	// Status tells a confirmed input from a prediction. It is for
	// presentation (sounds, effects); the simulation's state must not
	// depend on it, or a tick predicted right here and confirmed on a peer
	// gives two states.
	Status Status
}

// Simulation is the deterministic game a Session or SyncTest drives. The
// same state and inputs must give the same state, bit for bit, on every
// peer; SaveState must cover all of it (whatever Advance reads), since a
// rollback is a LoadState of an earlier SaveState.
type Simulation interface {
	Saver
	// Advance applies one input per player (indexed by player) for the
	// current tick and runs the tick.
	Advance(inputs []Input) error
}

// Config describes a session. Every peer of a game uses the same Players,
// InputSize, MaxPrediction and ChecksumInterval; InputDelay may differ.
type Config struct {
	// Players is the number of players, 1 to MaxPlayers, indexed from 0.
	Players int
	// Local lists the players whose inputs this session gives (usually
	// one); the others are remote.
	Local []int
	// InputSize is the size of one player's input for one tick, 1 to
	// MaxInputSize bytes. The game encodes its input compactly in it.
	InputSize int
	// InputDelay is how many ticks after AddLocalInput a local input
	// applies, 0 to MaxInputDelay: each tick of delay hides one tick of
	// latency without rollback. The local inputs of the first InputDelay
	// ticks are zero.
	InputDelay int
	// MaxPrediction is how many ticks the session may run ahead of the
	// last tick whose inputs are all known, 1 to PredictionLimit; 0 means
	// DefaultMaxPrediction. No rollback is longer.
	MaxPrediction int
	// ChecksumInterval is the number of ticks between checksum reports: the
	// state of every tick that is a multiple of it is hashed once confirmed
	// and compared with the peers'. 0 means DefaultChecksumInterval; a
	// negative value turns the reports off.
	ChecksumInterval int
	// OnDesync, when set, is called with every desync found, from Receive,
	// AdvanceTick or Correct (Session.Desyncs lists them too).
	OnDesync func(Desync)
}

// Desync is a checksum that differs between this session and a peer for
// the same confirmed tick: the two simulations diverged at or before Tick.
type Desync struct {
	// Tick is the tick whose state differs (the state before that tick ran).
	Tick uint64
	// Local and Remote are this session's and the peer's checksums.
	Local, Remote uint64
	// Player is the lowest player index of the peer that sent Remote.
	Player int
}

// String describes the desync.
func (d Desync) String() string {
	return fmt.Sprintf("desync at tick %d: checksum %#016x here, %#016x from player %d's peer", d.Tick, d.Local, d.Remote, d.Player)
}

// Stats are a session's counters.
type Stats struct {
	// Rollbacks counts the loads of an earlier state.
	Rollbacks int
	// MaxRollback is the most ticks one rollback simulated again (at most
	// MaxPrediction).
	MaxRollback int
	// Resimulated counts the ticks simulated again, in all rollbacks.
	Resimulated int
	// Predicted counts the ticks first simulated with at least one
	// predicted input.
	Predicted int
	// Stalls counts the AdvanceTick calls that returned
	// ErrPredictionThreshold.
	Stalls int
	// ChecksumsCompared counts the peers' checksum reports compared with
	// this session's; Desyncs counts those that differed.
	ChecksumsCompared, Desyncs int
	// ChecksumsUnchecked counts the peers' reports that could not be
	// compared: older than this session's history when they arrived, or
	// never sent (a peer that fell too far behind). Zero between peers
	// of the same Config.
	ChecksumsUnchecked int
}

// noTick marks "no tick" where a tick is stored.
const noTick = ^uint64(0)

// maxTick bounds every tick a packet may name, so tick arithmetic never
// overflows.
const maxTick = 1 << 62

// sumEntry is one checksum report, kept in a ring by tick/interval.
type sumEntry struct {
	tick  uint64
	sum   uint64
	valid bool
}

// remote is what a session keeps on a remote player. The checksum fields
// are used on a peer's lowest player only.
type remote struct {
	peer      int        // the lowest player of its peer (learned from packets; itself before)
	acked     uint64     // ticks of this session's local inputs the peer holds
	sumAcked  uint64     // the first checksum tick the peer still wants
	sumWanted uint64     // the first checksum tick wanted from the peer
	sums      []sumEntry // the peer's reports waiting for this session's
}

// Session is one peer of a rollback game: it keeps the inputs of every
// player, predicts the missing remote ones, saves the simulation's state
// each tick and rolls back when a prediction proves wrong. It moves bytes
// only: the game carries the packets (Packet, Receive) over any transport.
// A Session is not safe for concurrent use.
type Session struct {
	sim      Simulation
	cfg      Config
	size     int
	delay    uint64
	maxPred  uint64
	interval uint64 // 0: checksums off
	w        uint64 // the input window, in ticks (a power of two)

	local     []int // sorted
	localMask uint64
	isLocal   []bool

	tick       uint64   // ticks simulated: the next tick to run
	known      []uint64 // per player: ticks of its input held (0 .. known-1)
	inputs     []byte   // per player, a ring of w inputs
	pending    []byte   // per player: the local input given for this tick
	hasInput   []bool
	cur        []byte  // the inputs handed to Advance
	in         []Input // views into cur
	pred       []byte  // scratch: a player's prediction
	zero       []byte
	firstWrong uint64 // the earliest simulated tick with a wrong prediction, noTick if none

	ring    *Ring  // the state of each tick, until it can no longer be rolled back to
	nextSum uint64 // the next checksum tick to report
	sums    []sumEntry
	remotes []remote

	desyncs []Desync
	stats   Stats
	err     error // sticky: the simulation failed
}

// withDefaults returns c checked, with its defaults filled in and Local
// sorted (a copy).
func (c Config) withDefaults() (Config, error) {
	if c.Players < 1 || c.Players > MaxPlayers {
		return c, fmt.Errorf("%w: %d players (want 1..%d)", ErrConfig, c.Players, MaxPlayers)
	}
	if len(c.Local) == 0 {
		return c, fmt.Errorf("%w: no local player", ErrConfig)
	}
	c.Local = slices.Clone(c.Local)
	slices.Sort(c.Local)
	for i, p := range c.Local {
		if p < 0 || p >= c.Players {
			return c, fmt.Errorf("%w: local player %d out of range 0..%d", ErrConfig, p, c.Players-1)
		}
		if i > 0 && c.Local[i-1] == p {
			return c, fmt.Errorf("%w: local player %d listed twice", ErrConfig, p)
		}
	}
	if c.InputSize < 1 || c.InputSize > MaxInputSize {
		return c, fmt.Errorf("%w: input size %d (want 1..%d bytes)", ErrConfig, c.InputSize, MaxInputSize)
	}
	if c.InputDelay < 0 || c.InputDelay > MaxInputDelay {
		return c, fmt.Errorf("%w: input delay %d (want 0..%d ticks)", ErrConfig, c.InputDelay, MaxInputDelay)
	}
	if c.MaxPrediction == 0 {
		c.MaxPrediction = DefaultMaxPrediction
	}
	if c.MaxPrediction < 1 || c.MaxPrediction > PredictionLimit {
		return c, fmt.Errorf("%w: max prediction %d (want 1..%d ticks, 0 for %d)",
			ErrConfig, c.MaxPrediction, PredictionLimit, DefaultMaxPrediction)
	}
	if c.ChecksumInterval == 0 {
		c.ChecksumInterval = DefaultChecksumInterval
	}
	return c, nil
}

// NewSession returns a session at tick 0 driving sim, which holds the
// state of tick 0 (the same on every peer).
func NewSession(sim Simulation, cfg Config) (*Session, error) {
	if sim == nil {
		return nil, fmt.Errorf("%w: no simulation", ErrConfig)
	}
	cfg, err := cfg.withDefaults()
	if err != nil {
		return nil, err
	}
	local := cfg.Local
	isLocal := make([]bool, cfg.Players)
	var mask uint64
	for _, p := range local {
		isLocal[p] = true
		mask |= 1 << p
	}
	s := &Session{
		sim:        sim,
		cfg:        cfg,
		size:       cfg.InputSize,
		delay:      uint64(cfg.InputDelay),
		maxPred:    uint64(cfg.MaxPrediction),
		local:      local,
		localMask:  mask,
		isLocal:    isLocal,
		firstWrong: noTick,
	}
	if cfg.ChecksumInterval > 0 {
		s.interval = uint64(cfg.ChecksumInterval)
	}
	// The window holds every input a peer of the same config can send
	// ahead of this session (its prediction plus both input delays ahead)
	// and every input a rollback needs (MaxPrediction+1 behind).
	s.w = 1
	for s.w < 2*s.maxPred+2*MaxInputDelay+16 {
		s.w *= 2
	}
	n := cfg.Players
	s.known = make([]uint64, n)
	for _, p := range local {
		s.known[p] = s.delay // the first InputDelay ticks' local inputs are zero
	}
	s.inputs = make([]byte, uint64(n)*s.w*uint64(s.size))
	s.pending = make([]byte, n*s.size)
	s.hasInput = make([]bool, n)
	s.cur = make([]byte, n*s.size)
	s.in = make([]Input, n)
	for p := range s.in {
		s.in[p].Bytes = s.cur[p*s.size : (p+1)*s.size : (p+1)*s.size]
	}
	s.pred = make([]byte, s.size)
	s.zero = make([]byte, s.size)
	s.ring = NewRing(sim, cfg.MaxPrediction+2, max(cfg.ChecksumInterval, 0))
	s.remotes = make([]remote, n)
	for p := range s.remotes {
		s.remotes[p].peer = p
		if !isLocal[p] && s.interval > 0 {
			s.remotes[p].sums = make([]sumEntry, s.w)
		}
	}
	if s.interval > 0 {
		s.sums = make([]sumEntry, s.w)
	}
	return s, nil
}

// Config returns the session's configuration, with defaults filled in and
// Local sorted.
func (s *Session) Config() Config {
	c := s.cfg
	c.Local = slices.Clone(c.Local)
	return c
}

// Tick returns the number of ticks simulated: the tick the next
// AdvanceTick runs. The simulation holds the state of this tick.
func (s *Session) Tick() uint64 { return s.tick }

// ConfirmedTicks returns the number of ticks, from tick 0, whose inputs are
// all known: ticks 0 .. ConfirmedTicks()-1 will not be predicted again, and
// their states are final once AdvanceTick or Correct has applied the
// inputs received. It may exceed Tick by the input delay.
func (s *Session) ConfirmedTicks() uint64 { return s.confirmed() }

// Stats returns the session's counters.
func (s *Session) Stats() Stats { return s.stats }

// Desyncs returns the desyncs found so far, oldest first. The slice is the
// session's: do not modify it.
func (s *Session) Desyncs() []Desync { return s.desyncs[:len(s.desyncs):len(s.desyncs)] }

// confirmed is the number of ticks whose inputs are all known.
func (s *Session) confirmed() uint64 {
	c := s.known[0]
	for _, k := range s.known[1:] {
		c = min(c, k)
	}
	return c
}

// input returns player p's slot of the input ring for tick t.
func (s *Session) input(p int, t uint64) []byte {
	i := (uint64(p)*s.w + t&(s.w-1)) * uint64(s.size)
	return s.inputs[i : i+uint64(s.size) : i+uint64(s.size)]
}

// prediction returns what player p is predicted to give: its last known
// input, or zero.
func (s *Session) prediction(p int) []byte {
	if s.known[p] == 0 {
		return s.zero
	}
	return s.input(p, s.known[p]-1)
}

// AddLocalInput gives local player's input for the current tick (Tick); it
// applies InputDelay ticks later. in must be InputSize bytes; it is copied.
// Call it for every local player before each AdvanceTick; a second call
// before AdvanceTick advances replaces the first (after
// ErrPredictionThreshold, say).
func (s *Session) AddLocalInput(player int, in []byte) error {
	if s.err != nil {
		return s.err
	}
	if player < 0 || player >= len(s.isLocal) || !s.isLocal[player] {
		return fmt.Errorf("%w: player %d is not local", ErrPlayer, player)
	}
	if len(in) != s.size {
		return fmt.Errorf("%w: an input of %d bytes (the session's are %d)", ErrConfig, len(in), s.size)
	}
	copy(s.pending[player*s.size:], in)
	s.hasInput[player] = true
	return nil
}

// AdvanceTick runs one tick:
//
//  1. if an input received since the last call differs from the prediction
//     a simulated tick used, it loads the state of the earliest such tick
//     and simulates again up to the current tick (saving the states again);
//  2. if the current tick is MaxPrediction ticks past ConfirmedTicks, it
//     returns ErrPredictionThreshold without advancing;
//  3. it stores the local inputs (for Tick+InputDelay), saves the state of
//     the current tick in the ring and advances the simulation with the
//     confirmed inputs or predictions.
//
// Checksums of states that became final on the way are reported. An error
// of the simulation is returned and ends the session: every later call
// returns it.
func (s *Session) AdvanceTick() error {
	if s.err != nil {
		return s.err
	}
	for _, p := range s.local {
		if !s.hasInput[p] {
			return fmt.Errorf("%w: player %d, tick %d", ErrNoLocalInput, p, s.tick)
		}
	}
	if err := s.correct(); err != nil {
		return err
	}
	if conf := s.confirmed(); s.tick >= conf+s.maxPred {
		s.stats.Stalls++
		s.reportSums(min(conf+1, s.tick))
		return ErrPredictionThreshold
	}
	t := s.tick
	for _, p := range s.local {
		copy(s.input(p, t+s.delay), s.pending[p*s.size:(p+1)*s.size])
		s.known[p] = t + s.delay + 1
		s.hasInput[p] = false
	}
	if err := s.ring.Save(t); err != nil {
		return s.fail(err)
	}
	s.reportSums(min(s.confirmed()+1, t+1))
	if s.fill(t) {
		s.stats.Predicted++
	}
	if err := s.sim.Advance(s.in); err != nil {
		return s.fail(fmt.Errorf("advancing tick %d: %w", t, err))
	}
	s.tick++
	return nil
}

// Correct applies the inputs received since the last AdvanceTick at once,
// rolling back as AdvanceTick's first step does, without advancing. A game
// calls it when it wants the simulation to reflect every input received
// (the final state of a match, a paused game); AdvanceTick does it itself.
func (s *Session) Correct() error {
	if s.err != nil {
		return s.err
	}
	if err := s.correct(); err != nil {
		return err
	}
	s.reportSums(min(s.confirmed()+1, s.tick))
	return nil
}

// correct rolls back to the earliest wrongly predicted tick, if any, and
// simulates again up to the current tick. The threshold keeps every
// predicted tick's state in the ring.
func (s *Session) correct() error {
	r := s.firstWrong
	if r >= s.tick {
		return nil
	}
	s.firstWrong = noTick
	if err := s.ring.Rollback(r, s.tick, s.again); err != nil {
		return s.fail(err)
	}
	n := int(s.tick - r)
	s.stats.Rollbacks++
	s.stats.Resimulated += n
	s.stats.MaxRollback = max(s.stats.MaxRollback, n)
	return nil
}

// again runs tick k again, with the inputs known now.
func (s *Session) again(k uint64) error {
	s.fill(k)
	return s.sim.Advance(s.in)
}

// fill copies the inputs of tick k into the views handed to Advance and
// reports whether any is predicted.
func (s *Session) fill(k uint64) (predicted bool) {
	for p := range s.in {
		if k < s.known[p] {
			copy(s.in[p].Bytes, s.input(p, k))
			s.in[p].Status = Confirmed
		} else {
			copy(s.in[p].Bytes, s.prediction(p))
			s.in[p].Status = Predicted
			predicted = true
		}
	}
	return predicted
}

// fail ends the session with err.
func (s *Session) fail(err error) error {
	s.err = fmt.Errorf("rollback: session stopped: %w", err)
	return s.err
}

// reportSums reports the checksums of the checksum ticks before end whose
// states are final (the caller has applied every correction, and end is at
// most ConfirmedTicks()+1 and the ticks saved).
func (s *Session) reportSums(end uint64) {
	if s.interval == 0 {
		return
	}
	for s.nextSum < end {
		t := s.nextSum
		s.nextSum += s.interval
		sum, ok := s.ring.Checksum(t)
		if !ok {
			continue // cannot happen: every confirmed tick's state is still in the ring
		}
		s.sums[(t/s.interval)&(s.w-1)] = sumEntry{tick: t, sum: sum, valid: true}
		for q := range s.remotes {
			r := &s.remotes[q]
			if s.isLocal[q] || r.peer != q {
				continue
			}
			e := &r.sums[(t/s.interval)&(s.w-1)]
			switch {
			case e.valid && e.tick == t:
				e.valid = false
				s.compare(q, t, sum, e.sum)
			case t < r.sumWanted:
				s.stats.ChecksumsUnchecked++ // received, then overwritten
			}
		}
	}
}

// remoteSum takes a new checksum report from the peer whose lowest player
// is q.
func (s *Session) remoteSum(q int, t, sum uint64) {
	r := &s.remotes[q]
	first := roundUp(r.sumWanted, s.interval)
	if t < first {
		return // a report received before
	}
	s.stats.ChecksumsUnchecked += int((t - first) / s.interval) // never sent: the peer's ring lost them
	r.sumWanted = t + 1
	i := (t / s.interval) & (s.w - 1)
	if t < s.nextSum {
		if e := s.sums[i]; e.valid && e.tick == t {
			s.compare(q, t, e.sum, sum)
		} else {
			s.stats.ChecksumsUnchecked++
		}
		return
	}
	if e := r.sums[i]; e.valid {
		s.stats.ChecksumsUnchecked++
	}
	r.sums[i] = sumEntry{tick: t, sum: sum, valid: true}
}

func (s *Session) compare(q int, t, local, remote uint64) {
	s.stats.ChecksumsCompared++
	if local == remote {
		return
	}
	d := Desync{Tick: t, Local: local, Remote: remote, Player: q}
	s.stats.Desyncs++
	s.desyncs = append(s.desyncs, d)
	if s.cfg.OnDesync != nil {
		s.cfg.OnDesync(d)
	}
}

// roundUp returns the first multiple of m at or after t.
func roundUp(t, m uint64) uint64 {
	if r := t % m; r != 0 {
		return t + m - r
	}
	return t
}
