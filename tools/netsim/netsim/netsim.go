package netsim

import (
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"slices"
	"strings"
	"time"

	"github.com/seedgames/motorkit/internal/scripted"
	"github.com/seedgames/motorkit/netplay"
)

// Config describe a match and its network. Zero fields take their
// defaults, the values of DefaultConfig.
type Config struct {
	// Players is the number of clients (at most netplay.MaxSeats). They
	// join 100 ms apart.
	Players int
	// Movers is how many of them (the first ones) play the script: walk,
	// strafe, turn, jump, sprint, crouch, dash; the rest stand still (0:
	// all; -1 none).
	Movers int
	// RTT is the round trip time; each message takes RTT/2 plus a uniform
	// jitter in [-Jitter, +Jitter] (never less than 0), so messages can
	// arrive out of order. Loss is the share of messages lost (tick inputs
	// and commands both ways; the one-off welcome arrives).
	RTT, Jitter time.Duration
	Loss        float64
	// Duration is the match's length in simulated time.
	Duration time.Duration
	// Level is the level. Characters collide and push.
	Level string
	// SendEvery is how often, in ticks, the host sends each client its
	// tick inputs.
	SendEvery int
	// Seed seeds the network's randomness.
	Seed uint64
	// Client are the clients' options.
	Client netplay.ClientOptions
}

// Report is what a match measured. Per-client figures are the worst
// client's unless said otherwise.
type Report struct {
	Config Config
	// Desyncs are the checksums from the host a client's state differed
	// from (all clients); ChecksumsCompared those compared.
	Desyncs, ChecksumsCompared uint64
	// Corrections are the rollbacks that moved a client's own character
	// (all clients); MaxCorrection the largest move (m), before smoothing.
	Corrections   uint64
	MaxCorrection float64
	// MaxVisualStep is the most a client's own character was drawn to
	// move in one frame to absorb a correction (m); Snaps are corrections
	// drawn at once.
	MaxVisualStep float64
	Snaps         uint64
	// Rollbacks (all clients) and the longest (ticks); MaxRollbackSettled
	// the longest once the client's clock had settled for a second (the
	// first ones catch up from the welcome's state).
	Rollbacks          uint64
	MaxRollback        int
	MaxRollbackSettled int
	// Late are the ticks the host had no input of a client in time (all
	// clients); LateSettled those after the client's clock settled
	// (netplay.Client.Synced: until then it sends zero commands).
	Late, LateSettled uint64
	// UpBytesPerSec and DownBytesPerSec are the most a client sent and
	// received per second over the match, WebSocket framing included (2
	// to 4 bytes a message down, 6 to 8 up, masked); the welcome counts.
	UpBytesPerSec, DownBytesPerSec float64
	// Ticks is the host's tick count at the end.
	Ticks uint64
}

// WriteTable writes r as the lines tools/netsim prints.
func (r Report) WriteTable(w io.Writer) {
	c := r.Config
	fmt.Fprintf(w, "netsim: %d players (%d moving), rtt %v, jitter %v, loss %.0f%%, %v on %s, %d ticks\n",
		c.Players, c.Movers, c.RTT, c.Jitter, float64(c.Loss*100), c.Duration, c.Level, r.Ticks)
	fmt.Fprintf(w, "  desyncs                 %d (of %d checksums compared)\n", r.Desyncs, r.ChecksumsCompared)
	fmt.Fprintf(w, "  corrections (own)       %d, largest %.3f m\n", r.Corrections, r.MaxCorrection)
	fmt.Fprintf(w, "  largest visual step     %.1f cm per frame (%d snaps)\n", float64(r.MaxVisualStep*100), r.Snaps)
	fmt.Fprintf(w, "  rollbacks               %d, longest %d ticks (%d once settled)\n", r.Rollbacks, r.MaxRollback, r.MaxRollbackSettled)
	fmt.Fprintf(w, "  late inputs at the host %d (%d once settled)\n", r.Late, r.LateSettled)
	fmt.Fprintf(w, "  bytes per client        %.0f B/s up, %.0f B/s down (worst client)\n", r.UpBytesPerSec, r.DownBytesPerSec)
}

// DefaultConfig returns the values a zero field of Config takes (with
// no network delay or loss: a tool gives its own).
func DefaultConfig() Config {
	return Config{Players: 8, Duration: 10 * time.Second, Level: "living", SendEvery: 2}
}

func (c *Config) defaults() error {
	d := DefaultConfig()
	if c.Players == 0 {
		c.Players = d.Players
	}
	if c.Players < 1 || c.Players > netplay.MaxSeats {
		return fmt.Errorf("netsim: %d players, want 1 to %d", c.Players, netplay.MaxSeats)
	}
	switch {
	case c.Movers == 0 || c.Movers > c.Players:
		c.Movers = c.Players
	case c.Movers < 0:
		c.Movers = 0
	}
	if c.Duration <= 0 {
		c.Duration = d.Duration
	}
	if c.Level == "" {
		c.Level = d.Level
	}
	if c.SendEvery <= 0 {
		c.SendEvery = d.SendEvery
	}
	if c.RTT < 0 || c.Jitter < 0 || !(c.Loss >= 0 && c.Loss < 1) {
		return errors.New("netsim: negative delay or a loss outside [0, 1)")
	}
	return nil
}

// packet is a message in flight.
type packet struct {
	at   time.Duration
	from int // client index, or -1 for the host
	to   int
	data []byte
}

// player is one scripted client.
type player struct {
	c        *netplay.Client // nil until its welcome arrived
	seat     int
	joinAt   time.Duration
	up, down int
	next     time.Duration // its next frame
	phase    time.Duration
	// settled is when the client's clock settled (0: not yet), lateAt
	// the host's late count for it then, rollbacks its rollback count
	// last frame, maxSettled its longest rollback a second after.
	settled    time.Duration
	lateAt     uint64
	rollbacks  uint64
	maxSettled int
}

// recipes are the players' recipes, in turn: the player recipes of the
// scripted scenes (SyncTest's, the rollback benchmarks'), in their order.
var recipes = slices.DeleteFunc(slices.Clone(scripted.Recipes), func(r string) bool { return !strings.HasSuffix(r, "_player") })

// match is a Run in progress: the host, the players and the network.
type match struct {
	cfg      Config
	host     *netplay.Host
	rng      *rand.Rand
	inflight []packet // in arrival order
	players  []*player
}

// tickLen is a tick of the host and a display frame of the clients.
const tickLen = time.Second / 60

// Run plays the match and reports it.
func Run(cfg Config) (Report, error) {
	if err := cfg.defaults(); err != nil {
		return Report{}, err
	}
	rep := Report{Config: cfg}
	host, err := netplay.NewHost(netplay.HostOptions{Game: netplay.GameOptions{Level: cfg.Level, Recipes: recipes}, Seats: cfg.Players})
	if err != nil {
		return rep, err
	}
	m := &match{cfg: cfg, host: host, rng: rand.New(rand.NewPCG(cfg.Seed, 0x6e657473696d))}
	m.players = make([]*player, cfg.Players)
	for i := range m.players {
		m.players[i] = &player{seat: -1, joinAt: time.Duration(i) * 100 * time.Millisecond,
			phase: time.Duration(m.rng.Int64N(int64(tickLen)))}
	}
	var hostNext time.Duration
	for now := time.Duration(0); now < cfg.Duration; now += time.Millisecond {
		if err := m.deliver(now); err != nil {
			return rep, err
		}
		for now >= hostNext {
			hostNext += tickLen
			if err := m.hostTick(now); err != nil {
				return rep, err
			}
		}
		if err := m.clientFrames(now); err != nil {
			return rep, err
		}
	}
	m.report(&rep)
	return rep, nil
}

// send puts a message on the network: lost (unless reliable) or arriving
// after RTT/2 and its jitter.
func (m *match) send(now time.Duration, from, to int, data []byte, reliable bool) {
	if !reliable && m.rng.Float64() < m.cfg.Loss {
		return
	}
	d := m.cfg.RTT / 2
	if m.cfg.Jitter > 0 {
		d += time.Duration(m.rng.Int64N(int64(2*m.cfg.Jitter)+1)) - m.cfg.Jitter
	}
	// In arrival order, after those arriving at the same time: the
	// network delivers from the front.
	pk := packet{at: now + max(d, 0), from: from, to: to, data: data}
	i, _ := slices.BinarySearchFunc(m.inflight, pk.at, func(q packet, at time.Duration) int {
		if q.at <= at {
			return -1
		}
		return 1
	})
	m.inflight = slices.Insert(m.inflight, i, pk)
}

// overheadDown and overheadUp are a message's bytes with its WebSocket
// framing (2 to 4 bytes down, masked up).
func overheadDown(n int) int {
	if n < 126 {
		return n + 2
	}
	return n + 4
}

func overheadUp(n int) int { return overheadDown(n) + 4 }

// deliver hands what has arrived by now to the host and the clients.
func (m *match) deliver(now time.Duration) error {
	n := 0
	defer func() { m.inflight = m.inflight[n:] }()
	for n < len(m.inflight) && m.inflight[n].at <= now {
		pk := m.inflight[n]
		n++
		if pk.from >= 0 {
			if p := m.players[pk.from]; m.host.Seated(p.seat) {
				if err := m.host.Receive(p.seat, pk.data); err != nil {
					return fmt.Errorf("netsim: host from player %d: %w", pk.from, err)
				}
			}
			continue
		}
		p := m.players[pk.to]
		switch {
		case p.c == nil && pk.data[0] != netplay.MsgWelcome:
			// overtook the welcome: it comes again
		case p.c == nil:
			c, err := netplay.NewClient(pk.data, m.cfg.Client)
			if err != nil {
				return fmt.Errorf("netsim: player %d's welcome: %w", pk.to, err)
			}
			p.c, p.next = c, now+p.phase
		default:
			if err := p.c.Receive(pk.data); err != nil && !errors.Is(err, netplay.ErrDesync) {
				return fmt.Errorf("netsim: player %d: %w", pk.to, err)
			}
		}
	}
	return nil
}

// hostTick seats the players due, runs one tick of the host and sends
// the tick inputs every SendEvery ticks.
func (m *match) hostTick(now time.Duration) error {
	for i, p := range m.players {
		if p.seat < 0 && now >= p.joinAt {
			seat, err := m.host.Join(i % len(recipes))
			if err != nil {
				return err
			}
			p.seat = seat
			w, err := m.host.Welcome(nil, seat)
			if err != nil {
				return err
			}
			p.down += overheadDown(len(w))
			m.send(now, -1, i, w, true)
		}
	}
	if err := m.host.Step(); err != nil {
		return err
	}
	if m.host.Tick()%uint64(m.cfg.SendEvery) != 0 {
		return nil
	}
	for i, p := range m.players {
		if p.seat < 0 {
			continue
		}
		msg, err := m.host.TickInputsMessage(nil, p.seat)
		if err != nil {
			return fmt.Errorf("netsim: tick inputs for player %d: %w", i, err)
		}
		p.down += overheadDown(len(msg))
		m.send(now, -1, i, msg, false)
	}
	return nil
}

// clientFrames runs the display frame of every client whose frame is due
// and sends its commands.
func (m *match) clientFrames(now time.Duration) error {
	for i, p := range m.players {
		if p.c == nil || now < p.next {
			continue
		}
		p.next += tickLen
		var cmd netplay.Command
		if i < m.cfg.Movers {
			c, v := scripted.Command(p.c.Tick(), i)
			cmd = netplay.EncodeCommand(c, v)
		}
		if _, err := p.c.Frame(cmd); err != nil {
			return fmt.Errorf("netsim: player %d: %w", i, err)
		}
		if p.settled == 0 && p.c.Synced() {
			p.settled, p.lateAt = now, m.host.Stats(p.seat).Late
		}
		if st := p.c.Stats(); st.Rollbacks != p.rollbacks {
			p.rollbacks = st.Rollbacks
			if p.settled > 0 && now-p.settled > time.Second {
				p.maxSettled = max(p.maxSettled, st.LastRollback)
			}
		}
		if msg := p.c.InputsMessage(nil); len(msg) > 0 {
			p.up += overheadUp(len(msg))
			m.send(now, i, -1, msg, false)
		}
	}
	return nil
}

// report adds up the players' figures.
func (m *match) report(rep *Report) {
	secs := m.cfg.Duration.Seconds()
	for _, p := range m.players {
		rep.UpBytesPerSec = max(rep.UpBytesPerSec, float64(p.up)/secs)
		rep.DownBytesPerSec = max(rep.DownBytesPerSec, float64(p.down)/secs)
		if p.c == nil {
			continue
		}
		st := p.c.Stats()
		rep.Desyncs += st.Desyncs
		rep.ChecksumsCompared += st.ChecksumsCompared
		rep.Corrections += st.Corrections
		rep.MaxCorrection = max(rep.MaxCorrection, st.MaxCorrection)
		rep.MaxVisualStep = max(rep.MaxVisualStep, st.MaxVisualStep)
		rep.Snaps += st.Snaps
		rep.Rollbacks += st.Rollbacks
		rep.MaxRollback = max(rep.MaxRollback, st.MaxRollback)
		rep.MaxRollbackSettled = max(rep.MaxRollbackSettled, p.maxSettled)
		rep.Late += m.host.Stats(p.seat).Late
		if p.settled > 0 {
			rep.LateSettled += m.host.Stats(p.seat).Late - p.lateAt
		}
	}
	rep.Ticks = m.host.Tick()
}

// The targets of an online match with 8 players (docs/netplay.md).
const (
	// MaxDownBytesPerSec and MaxUpBytesPerSec are the bandwidth budget
	// per client.
	MaxDownBytesPerSec = 20 * 1000
	MaxUpBytesPerSec   = 2 * 1000
	// MaxVisualStep is the most a correction may move a drawn character
	// in one frame.
	MaxVisualStep = 0.05
)

// Missed lists the targets r misses: a desync; a correction of a
// player's own character when only one player moves; a visual step of
// MaxVisualStep or more; more bandwidth than the budget.
func (r Report) Missed() []string {
	var out []string
	if r.Desyncs > 0 {
		out = append(out, fmt.Sprintf("%d desyncs", r.Desyncs))
	}
	if r.Config.Movers <= 1 && r.Corrections > 0 {
		out = append(out, fmt.Sprintf("%d corrections of a player's own character with %d moving", r.Corrections, r.Config.Movers))
	}
	if r.MaxVisualStep >= MaxVisualStep {
		out = append(out, fmt.Sprintf("a visual step of %.1f cm", float64(r.MaxVisualStep*100)))
	}
	if r.DownBytesPerSec > MaxDownBytesPerSec || r.UpBytesPerSec > MaxUpBytesPerSec {
		out = append(out, fmt.Sprintf("%.0f B/s down, %.0f B/s up per client", r.DownBytesPerSec, r.UpBytesPerSec))
	}
	return out
}
