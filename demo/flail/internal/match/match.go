package match

import (
	"errors"
	"fmt"
	"math"

	"github.com/go-gl/mathgl/mgl64"
	"github.com/seedgames/motorkit/components"
	"github.com/seedgames/motorkit/flail"
	"github.com/seedgames/motorkit/systems"
	"github.com/seedgames/motorkit/trace"
	"github.com/yohamta/donburi"
)

// TickRate is the demo's simulation rate (Hz), the seed's server rate.
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

// Frame is where a player's flail and rope nodes were at the start of the
// last tick (the car's is Body.PrevPosition).
type Frame struct {
	Flail     mgl64.Vec3
	Nodes     [flail.MaxRopeNodes]mgl64.Vec3
	NodeCount int
}

// Match is a running match. Players are indexed in join order: index 0 is
// the local player, 1..Bots the bots.
type Match struct {
	World    donburi.World
	Pipeline *systems.Pipeline
	Runner   *systems.Runner
	Sim      *flail.Sim
	Arena    *flail.Arena
	Config   flail.Config
	// Player is the local player's entity (Command, View, Body).
	Player donburi.Entity
	// Cars holds one entity per player with a Body mirroring its car
	// (Cars[0] == Player).
	Cars []donburi.Entity
	// Names are the players' display names; Skills the bots' levels
	// (Skills[0] is unused).
	Names  []string
	Skills []flail.Skill
	// Prev is each player's flail and rope at the start of the last tick.
	Prev []Frame
	// Recorder is the input recorder (nil unless Options.Record).
	Recorder *trace.Recorder

	seed     uint64
	bots     int
	events   []flail.Event
	replay   []components.CommandData
	replayed bool
	byID     map[uint64]int
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

// New builds a match: the world, the pipeline at TickRate, the runner, the
// local player and opts.Bots bots of mixed skill (easy, normal, hard in
// turn).
func New(opts Options) (*Match, error) {
	cfg := opts.Config
	if err := cfg.Validate("match options"); err != nil {
		return nil, err
	}
	bots := opts.Bots
	if bots < 0 {
		bots = 0
	}
	if bots > MaxBots {
		bots = MaxBots
	}
	arena := Arena(cfg)
	sim, err := flail.NewSim(cfg, TickRate, arena, opts.Seed)
	if err != nil {
		return nil, err
	}
	m := &Match{World: donburi.NewWorld(), Sim: sim, Arena: arena, Config: cfg,
		seed: opts.Seed, bots: bots, byID: map[uint64]int{}}
	m.Pipeline = systems.NewPipeline(m.World, systems.Options{TickRate: TickRate})
	m.Runner = systems.NewRunner(m.Pipeline, systems.RunnerOptions{MaxStepsPerFrame: 5, MaxFrameDt: 0.25})

	sim.AddPlayer()
	m.Names = append(m.Names, "You")
	m.Skills = append(m.Skills, flail.SkillNormal)
	for i := 1; i <= bots; i++ {
		sk := flail.Skill(1 + (i-1)%3)
		sim.AddBot(sk)
		m.Names = append(m.Names, BotName(i))
		m.Skills = append(m.Skills, sk)
	}
	n := len(sim.Players)
	m.Prev = make([]Frame, n)
	m.Cars = make([]donburi.Entity, n)
	for i := 0; i < n; i++ {
		m.byID[sim.Players[i].ID] = i
		if i == Me {
			m.Cars[i] = m.World.Create(components.Command, components.View, components.Body)
		} else {
			m.Cars[i] = m.World.Create(components.Body)
		}
		b := components.Body.Get(m.World.Entry(m.Cars[i]))
		b.Position = sim.Cars[i].Pos
		b.PrevPosition = b.Position
		m.Prev[i] = m.frameOf(i)
	}
	m.Player = m.Cars[Me]
	sim.Rules.Events.Subscribe(func(ev flail.Event) { m.events = append(m.events, ev) })

	if opts.Record {
		m.Recorder = trace.NewRecorder(trace.Trace{TickRate: TickRate, Prefab: "flail_player", Level: "none"})
		m.Recorder.Attach(m.Pipeline, m.Player)
	}
	if opts.Replay != nil {
		cmds, err := Commands(opts.Replay)
		if err != nil {
			return nil, err
		}
		m.replay = cmds
		m.Pipeline.AddBefore(systems.StageIntent, "flaildemo.replay", m.replayTick)
	}
	m.Pipeline.Add(systems.StageRules, "flaildemo.sim", m.simTick)
	return m, nil
}

// Bots returns the number of bots.
func (m *Match) Bots() int { return m.bots }

// Seed returns the match seed.
func (m *Match) Seed() uint64 { return m.seed }

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

// Index returns the player index of a player ID, or -1.
func (m *Match) Index(id uint64) int {
	if i, ok := m.byID[id]; ok {
		return i
	}
	return -1
}

// Name returns the display name of a player ID ("?" when unknown).
func (m *Match) Name(id uint64) string {
	if i := m.Index(id); i >= 0 {
		return m.Names[i]
	}
	return "?"
}

// Body returns player i's car body (positions in meters).
func (m *Match) Body(i int) *components.BodyData {
	return components.Body.Get(m.World.Entry(m.Cars[i]))
}

// KillPlayer makes player killer's flail destroy player victim through the
// rules' kill (energy share, drops, respawn timer, kill event) in the
// cleanup stage of the next tick. It is a test and screenshot hook; it does
// nothing for bad indices or a dead victim.
func (m *Match) KillPlayer(killer, victim int) {
	s := m.Sim
	if killer < 0 || victim < 0 || killer >= len(s.Players) || victim >= len(s.Players) || killer == victim {
		return
	}
	m.Pipeline.Defer(func(donburi.World) {
		s.Rules.ApplyKill(&s.Players[killer], &s.Players[victim], s.Cars[victim].Pos)
		s.Players[victim].Publish(s.Cars[victim].Pos, &s.Ropes[victim], false)
	})
}

// Nearest returns the living player nearest to player i other than i, or -1.
func (m *Match) Nearest(i int) int {
	s := m.Sim
	best, bd := -1, math.Inf(1)
	for j := range s.Players {
		if j == i || !s.Players[j].Alive {
			continue
		}
		d := s.Cars[j].Pos.Sub(s.Cars[i].Pos).Len()
		if d < bd {
			best, bd = j, d
		}
	}
	return best
}

func (m *Match) frameOf(i int) Frame {
	s := m.Sim
	f := Frame{Flail: s.Players[i].Flail.Pos}
	for k := range s.Ropes[i].Nodes {
		if k == flail.MaxRopeNodes {
			break
		}
		f.Nodes[k] = s.Ropes[i].Nodes[k].Pos
		f.NodeCount++
	}
	return f
}

func (m *Match) replayTick(w donburi.World, t systems.Tick) {
	if m.replayed {
		return
	}
	if t.N >= uint64(len(m.replay)) {
		m.replayed = true
		*components.Command.Get(w.Entry(m.Player)) = components.CommandData{}
		return
	}
	cmd := m.replay[t.N]
	e := w.Entry(m.Player)
	components.View.Get(e).Yaw = cmd.AimAngle
	*components.Command.Get(e) = cmd
}

// simTick is the rules-stage system: it feeds the local player's command
// to the simulation, steps it and mirrors the cars into their bodies.
func (m *Match) simTick(w donburi.World, _ systems.Tick) {
	s := m.Sim
	for i := range s.Players {
		m.Prev[i] = m.frameOf(i)
	}
	c := systems.SanitizeCommand(*components.Command.Get(w.Entry(m.Player)))
	s.SetInput(Me, flail.Input{Aim: c.AimAngle, Throttle: c.Throttle,
		PrimaryPressed: c.PrimaryPressed, PrimaryHeld: c.PrimaryHeld})
	s.Step()
	for i := range s.Players {
		b := components.Body.Get(w.Entry(m.Cars[i]))
		b.PrevPosition = b.Position
		b.Position = s.Cars[i].Pos
		b.Velocity = s.Cars[i].Vel
	}
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
	s := m.Sim
	if i < 0 || i >= len(s.Players) {
		return 0
	}
	ph := &s.Ph
	pts := [flail.MaxRopeNodes + 2]mgl64.Vec3{s.Cars[i].Pos}
	n := 1
	for _, nd := range s.Ropes[i].Nodes {
		pts[n] = nd.Pos
		n++
	}
	if !s.Players[i].Flail.Thrown {
		pts[n] = s.Players[i].Flail.Pos
		n++
	}
	for k := 1; k < n; k++ {
		l := pts[k].Sub(pts[k-1]).Len()
		x := math.Max(0, l-ph.Rest)
		dst[k-1] = Link{Length: l, Extension: x, Impulse: ph.K * ph.Rate * x}
	}
	return n - 1
}

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
