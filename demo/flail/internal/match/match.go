package match

import (
	"errors"
	"fmt"
	"math"

	flailmatch "github.com/seedgames/motorkit/flail/match"

	"github.com/go-gl/mathgl/mgl64"
	"github.com/seedgames/motorkit/components"
	"github.com/seedgames/motorkit/flail"
	"github.com/seedgames/motorkit/systems"
	"github.com/seedgames/motorkit/trace"
	"github.com/yohamta/donburi"
)

// TickRate is the demo's simulation rate (Hz), the reference game's server rate.
const TickRate = 40

// MaxBots bounds Options.Bots.
const MaxBots = 500

// Options configure a Match.
type Options struct {
	// Bots is the number of bots (clamped to [0, MaxBots]).
	Bots int
	// Seed drives every random decision (spawns, pickups, bots).
	Seed uint64
	// Config is the tuning (see Config); it is validated.
	Config flail.Config
	// Record, when true, attaches a trace.Recorder to the local player.
	Record bool
	// Replay, when not nil, is a recorded trace whose per-tick commands
	// replace the live input (Submit is ignored while it lasts).
	Replay *trace.Trace
}

// Match is a running match. Players are indexed in spawn order: index 0
// (Me) is the local player, 1..Bots the bots. The demo never removes a
// player, so indices and entities stay valid for the whole match.
type Match struct {
	World    donburi.World
	Pipeline *systems.Pipeline
	Runner   *systems.Runner
	// Game is the flail match installed on the pipeline (flailmatch.Install).
	Game   *flailmatch.Game
	Rules  *flail.Rules
	Arena  *flail.Arena
	Config flail.Config
	// Player is the local player's entity; Cars[i] is player i's entity
	// (Cars[0] == Player).
	Player donburi.Entity
	Cars   []donburi.Entity
	// Recorder is the input recorder (nil unless Options.Record).
	Recorder *trace.Recorder

	seed   uint64
	bots   int
	events []flail.Event
	replay []components.CommandData
	index  map[donburi.Entity]int
}

// Me is the local player's index.
const Me = 0

var botNames = [...]string{"Ada", "Bolt", "Cog", "Dyna", "Echo", "Flux", "Gear", "Hex",
	"Ion", "Jolt", "Kilo", "Lux", "Mox", "Nova", "Orb", "Pike", "Quill", "Rex",
	"Spur", "Tork", "Umbra", "Volt", "Wren", "Xeno", "Yaw", "Zed"}

// BotName returns the display name of bot number i (1-based).
func BotName(i int) string {
	if i < 1 {
		i = 1
	}
	n := botNames[(i-1)%len(botNames)]
	if k := (i - 1) / len(botNames); k > 0 {
		n = fmt.Sprintf("%s-%d", n, k+1)
	}
	return n
}

// New builds a match: the world, the pipeline at TickRate with the flail
// game installed on the demo arena (the same boxes as the kcc Level the
// cars collide with and as the flail's bounce arena), the runner, the local
// player (prefab "flail_player") and opts.Bots bots (prefab "flail_bot",
// skills easy, normal, hard in turn).
func New(opts Options) (*Match, error) {
	bots := opts.Bots
	if bots < 0 {
		bots = 0
	}
	if bots > MaxBots {
		bots = MaxBots
	}
	m, err := NewEmpty(opts.Config, opts.Seed)
	if err != nil {
		return nil, err
	}
	p := m.Pipeline
	me, err := m.SpawnPlayer("You", 0)
	if err != nil {
		return nil, err
	}
	m.Player = me
	for i := 1; i <= bots; i++ {
		if _, err := m.SpawnPlayer(BotName(i), flail.Skill(1+(i-1)%3)); err != nil {
			return nil, err
		}
	}
	m.Events() // spawn events are not news

	if opts.Record {
		m.Recorder = trace.NewRecorder(trace.Trace{TickRate: TickRate, Prefab: "flail_player", Level: "none"})
		m.Recorder.Attach(p, m.Player)
	}
	if opts.Replay != nil {
		cmds, err := Commands(opts.Replay)
		if err != nil {
			return nil, err
		}
		m.replay = cmds
		// Added after the recorder, so it runs before it: a replay can be
		// re-recorded.
		p.AddBefore(systems.StageIntent, "flaildemo.replay", m.replayTick)
	}
	return m, nil
}

func (m *Match) add(e donburi.Entity) {
	m.index[e] = len(m.Cars)
	m.Cars = append(m.Cars, e)
}

// Bots returns the number of bots.
func (m *Match) Bots() int { return m.bots }

// Seed returns the match seed.
func (m *Match) Seed() uint64 { return m.seed }

// Players returns the number of players (1 + Bots).
func (m *Match) Players() int { return len(m.Cars) }

// Submit stores the local player's command for the next tick (see
// systems.Submit). It is ignored while a replay is running.
func (m *Match) Submit(cmd components.CommandData) {
	if m.Replaying() {
		return
	}
	e := m.World.Entry(m.Player)
	components.View.Get(e).Yaw = cmd.AimAngle
	systems.Submit(e, cmd)
}

// Replaying reports whether recorded commands are still being replayed.
func (m *Match) Replaying() bool {
	return m.replay != nil && m.Pipeline.Ticks() < uint64(len(m.replay))
}

// Advance runs the ticks due for a frame of frameDt seconds (see
// systems.Runner.Advance) and returns how many ran.
func (m *Match) Advance(frameDt float64) int { return m.Runner.Advance(frameDt) }

// Alpha is the interpolation fraction into the next tick.
func (m *Match) Alpha() float64 { return m.Runner.Alpha() }

// Ticks returns how many ticks have run.
func (m *Match) Ticks() uint64 { return m.Pipeline.Ticks() }

// Events returns the game events since the last call and forgets them.
// The slice is reused by the next tick.
func (m *Match) Events() []flail.Event {
	ev := m.events
	m.events = m.events[:0]
	return ev
}

// Index returns the player index of a player ID (events and the
// leaderboard use uint64(entity)), or -1.
func (m *Match) Index(id uint64) int {
	if i, ok := m.index[donburi.Entity(id)]; ok {
		return i
	}
	return -1
}

// Name returns the display name of a player ID ("?" when unknown).
func (m *Match) Name(id uint64) string {
	if i := m.Index(id); i >= 0 {
		return m.Flail(i).Name
	}
	return "?"
}

// Body returns player i's car body (meters; PrevPosition is the position
// before the last tick).
func (m *Match) Body(i int) *components.BodyData {
	return components.Body.Get(m.World.Entry(m.Cars[i]))
}

// Flail returns player i's game state (PrevFlail is the flail before the
// last tick).
func (m *Match) Flail(i int) *flailmatch.FlailData {
	return flailmatch.Flail.Get(m.World.Entry(m.Cars[i]))
}

// Rope returns player i's rope (PrevNodes are the nodes before the last
// tick).
func (m *Match) Rope(i int) *flailmatch.RopeData {
	return flailmatch.Rope.Get(m.World.Entry(m.Cars[i]))
}

// Bot returns player i's bot brain, or nil for the local player.
func (m *Match) Bot(i int) *flail.Bot {
	e := m.World.Entry(m.Cars[i])
	if !e.HasComponent(flailmatch.FlailBot) {
		return nil
	}
	return &flailmatch.FlailBot.Get(e).Bot
}

// Skill returns player i's bot skill, or 0 for the local player.
func (m *Match) Skill(i int) flail.Skill {
	if b := m.Bot(i); b != nil {
		return b.Skill
	}
	return 0
}

// Rank returns player i's 1-based place among the living players by
// energy, ties broken by lower ID as on the leaderboard (0 when dead).
func (m *Match) Rank(i int) int {
	me := m.Flail(i)
	if !me.Alive {
		return 0
	}
	id := uint64(m.Cars[i])
	rank := 1
	for j := range m.Cars {
		o := m.Flail(j)
		if j == i || !o.Alive {
			continue
		}
		oid := uint64(m.Cars[j])
		if o.Energy > me.Energy || (o.Energy == me.Energy && oid < id) {
			rank++
		}
	}
	return rank
}

// KillPlayer makes player killer's flail destroy player victim through the
// rules' kill (energy share, drops, respawn timer, kill event) in the
// cleanup stage of the next tick. It is a test and screenshot hook; it does
// nothing for bad indices or a dead victim.
func (m *Match) KillPlayer(killer, victim int) {
	if killer < 0 || victim < 0 || killer >= len(m.Cars) || victim >= len(m.Cars) || killer == victim {
		return
	}
	m.Pipeline.Defer(func(donburi.World) {
		vb := m.Body(victim)
		m.Rules.ApplyKill(&m.Flail(killer).Player, &m.Flail(victim).Player, vb.Position)
		vb.Velocity = mgl64.Vec3{}
	})
}

// Nearest returns the living player nearest to player i other than i, or -1.
func (m *Match) Nearest(i int) int {
	best, bd := -1, math.Inf(1)
	pos := m.Body(i).Position
	for j := range m.Cars {
		if j == i || !m.Flail(j).Alive {
			continue
		}
		d := m.Body(j).Position.Sub(pos).Len()
		if d < bd {
			best, bd = j, d
		}
	}
	return best
}

func (m *Match) replayTick(w donburi.World, t systems.Tick) {
	e := w.Entry(m.Player)
	if t.N >= uint64(len(m.replay)) {
		if t.N == uint64(len(m.replay)) {
			*components.Command.Get(e) = components.CommandData{}
		}
		return
	}
	cmd := m.replay[t.N]
	components.View.Get(e).Yaw = cmd.AimAngle
	*components.Command.Get(e) = cmd
}

// Link is one rope link's state for the debug overlay.
type Link struct {
	// Length and Extension (beyond the rest length, >= 0) in meters.
	Length, Extension float64
	// Impulse is the spring's velocity change this tick, K*Rate*extension
	// (m/s), as the exact-mode step applies it.
	Impulse float64
}

// Links writes player i's rope links (car -> nodes -> flail) into dst and
// returns how many there are (a thrown flail's last link is slack and not
// counted).
func (m *Match) Links(i int, dst *[flail.MaxRopeNodes + 1]Link) int {
	if i < 0 || i >= len(m.Cars) {
		return 0
	}
	ph := &m.Game.Ph
	fd := m.Flail(i)
	pts := [flail.MaxRopeNodes + 2]mgl64.Vec3{m.Body(i).Position}
	n := 1
	for _, nd := range m.Rope(i).Nodes {
		if n > flail.MaxRopeNodes {
			break
		}
		pts[n] = nd.Pos
		n++
	}
	if !fd.Flail.Thrown {
		pts[n] = fd.Flail.Pos
		n++
	}
	for k := 1; k < n; k++ {
		l := planarDist(pts[k], pts[k-1])
		x := math.Max(0, l-ph.Rest)
		dst[k-1] = Link{Length: l, Extension: x, Impulse: ph.K * ph.Rate * x}
	}
	return n - 1
}

func planarDist(a, b mgl64.Vec3) float64 { return math.Hypot(a[0]-b[0], a[2]-b[2]) }

// header starts a recorded trace file; it carries what the trace format
// does not: the match's bot count, seed and tuning file.
const header = "# flaildemo"

// TraceMeta is the match setup saved with a recorded trace.
type TraceMeta struct {
	Bots   int
	Seed   uint64
	Config string
}

// Recording returns the recorded trace as TOML (trace.Parse reads it),
// preceded by a comment line with the match setup that ReadMeta reads back.
// configPath is the tuning file the match was started with ("" = none).
func (m *Match) Recording(configPath string) ([]byte, error) {
	if m.Recorder == nil {
		return nil, errors.New("match: not recording")
	}
	b, err := m.Recorder.Trace().Encode()
	if err != nil {
		return nil, err
	}
	meta := fmt.Sprintf("%s bots=%d seed=%d config=%q\n", header, m.bots, m.seed, configPath)
	return append([]byte(meta), b...), nil
}
