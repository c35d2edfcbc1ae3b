package match

import (
	"fmt"
	"hash/fnv"
	"math"

	"github.com/go-gl/mathgl/mgl64"
	"github.com/seedgames/motorkit/components"
	"github.com/seedgames/motorkit/detmath"
	"github.com/seedgames/motorkit/flail"
	"github.com/seedgames/motorkit/prefabs"
	"github.com/seedgames/motorkit/systems"
	"github.com/yohamta/donburi"
)

// TickRate is the reference game's server rate (Hz), the default of a Match.
const TickRate = 40

// MatchOptions configure NewMatch. Zero fields take the defaults.
type MatchOptions struct {
	// Config is the tuning (flail.DefaultConfig when Mode is ""); it is
	// validated.
	Config flail.Config
	// Seed drives every random decision (spawns, pickups, bots).
	Seed uint64
	// Rate is the tick rate in Hz (default TickRate).
	Rate float64
	// Spec is the arena as a level built in code; when nil the embedded
	// level Level (default ArenaLevel) is used. The cars collide with it
	// through the KCC stage and the flail bounces off the same boxes.
	Spec *prefabs.LevelSpec
	// SpecName is the name Spec's level gets as the world's Level resource
	// (default "match").
	SpecName string
	// Level is an embedded level name, used when Spec is nil.
	Level string
}

// Match is a flail match on the ECS: a world, its pipeline with the game
// installed, a fixed-step runner and the players in spawn order. It is the
// one match type of the demo, its online rooms and clients, and flailsim.
type Match struct {
	World    donburi.World
	Pipeline *systems.Pipeline
	Runner   *systems.Runner
	// Game is the flail game installed on the pipeline.
	Game   *Game
	Rules  *flail.Rules
	Arena  *flail.Arena
	Config flail.Config
	// Player is the local player's entity when there is one (Submit steers
	// it); donburi.Null otherwise. Cars[i] is player i's entity.
	Player donburi.Entity
	Cars   []donburi.Entity

	seed   uint64
	bots   int
	events []flail.Event
	replay []flail.Input
	index  map[donburi.Entity]int

	// snapshot bookkeeping (state.go): the world's id allocation, the
	// highest id and number of entities the match built before any
	// player, and the level's name for the fingerprint.
	alloc     *entityLog
	baseID    uint32
	baseCount int
	level     string
}

// NewMatch builds a match without players: the world, the pipeline at
// o.Rate with the flail game on the arena, and the runner (at most 5 ticks
// a frame, frames clamped to 0.25 s). Add players with SpawnPlayer.
func NewMatch(o MatchOptions) (*Match, error) {
	cfg := o.Config
	if cfg.Mode == "" {
		cfg = flail.DefaultConfig()
	}
	if err := cfg.Validate("match options"); err != nil {
		return nil, err
	}
	rate := o.Rate
	if rate == 0 {
		rate = TickRate
	}
	if !(rate >= 1 && rate <= 1000) {
		return nil, fmt.Errorf("match: rate %v out of range [1, 1000]", rate)
	}
	w := donburi.NewWorld()
	alloc := &entityLog{}
	w.OnCreate(alloc.created)
	w.OnRemove(alloc.removed)
	p := systems.NewPipeline(w, systems.Options{TickRate: rate})
	opts := Options{Config: cfg, Seed: o.Seed}
	var g *Game
	var err error
	if o.Spec != nil {
		name := o.SpecName
		if name == "" {
			name = "match"
		}
		g, err = InstallArenaSpec(p, o.Spec, name+" level", name, opts)
	} else {
		g, err = InstallArena(p, o.Level, opts)
	}
	if err != nil {
		return nil, err
	}
	m := &Match{World: w, Pipeline: p, Game: g, Rules: g.Rules, Arena: g.Rules.Arena, Config: cfg,
		seed: o.Seed, index: map[donburi.Entity]int{},
		alloc: alloc, baseID: alloc.maxID, baseCount: w.Len(), level: "level:" + o.Level}
	if o.Spec != nil {
		m.level = "spec:" + o.SpecName
	}
	m.Runner = systems.NewRunner(p, systems.RunnerOptions{MaxStepsPerFrame: 5, MaxFrameDt: 0.25})
	g.Rules.Events.Subscribe(func(ev flail.Event) { m.events = append(m.events, ev) })
	return m, nil
}

// SpawnPlayer adds a player named name at a free spawn point: a bot of the
// given skill (recipe "flail_bot"), or a player driven by Submit-ed
// commands when skill is 0 (recipe "flail_player"). Its index is
// Players()-1. Call it between ticks.
func (m *Match) SpawnPlayer(name string, skill flail.Skill) (donburi.Entity, error) {
	recipe := "flail_player"
	over := fmt.Sprintf("[flail]\nname = %q\n", name)
	if skill != 0 {
		recipe = "flail_bot"
		over += fmt.Sprintf("[flail_bot]\nskill = %q\n", skill.String())
	}
	e, err := Spawn(m.World, recipe, prefabs.Override(over))
	if err != nil {
		return donburi.Null, err
	}
	m.index[e] = len(m.Cars)
	m.Cars = append(m.Cars, e)
	if skill != 0 {
		m.bots++
	}
	return e, nil
}

// RemovePlayer takes player e out of the match: it leaves Cars at once (the
// indices of the players after it shift down by one) and its entity is
// removed in the cleanup stage of the next tick (Game.Remove). Unknown
// entities are ignored.
func (m *Match) RemovePlayer(e donburi.Entity) {
	if m.forget(e) {
		m.Game.Remove(e)
	}
}

// DropPlayer is RemovePlayer for a match that is never stepped (a network
// client's mirror): the entity is removed at once, without events.
func (m *Match) DropPlayer(e donburi.Entity) {
	if m.forget(e) && m.World.Valid(e) {
		m.World.Remove(e)
	}
}

// forget takes e out of Cars and the index.
func (m *Match) forget(e donburi.Entity) bool {
	i, ok := m.index[e]
	if !ok {
		return false
	}
	if m.World.Valid(e) && m.World.Entry(e).HasComponent(FlailBot) {
		m.bots--
	}
	m.Cars = append(m.Cars[:i], m.Cars[i+1:]...)
	delete(m.index, e)
	for k := i; k < len(m.Cars); k++ {
		m.index[m.Cars[k]] = k
	}
	return true
}

// Bots returns the number of bots.
func (m *Match) Bots() int { return m.bots }

// Seed returns the match seed.
func (m *Match) Seed() uint64 { return m.seed }

// Players returns the number of players (people and bots).
func (m *Match) Players() int { return len(m.Cars) }

// Submit stores the local player's input for the next tick (see
// SubmitInput; the view turns to the aim). It is ignored while a replay
// runs or when the match has no local player.
func (m *Match) Submit(in flail.Input) {
	if m.Replaying() || m.Player == donburi.Null {
		return
	}
	e := m.World.Entry(m.Player)
	components.View.Get(e).Yaw = in.Aim
	SubmitInput(e, in)
}

// Replay makes the local player play inputs, one per tick from the next
// tick on, instead of what Submit gives (a recorded match played back);
// after the last one the player's input is cleared. Call it before the
// first tick, at most once.
func (m *Match) Replay(inputs []flail.Input) error {
	if m.Player == donburi.Null {
		return fmt.Errorf("match: a replay needs a local player")
	}
	m.replay = inputs
	return m.Pipeline.AddBefore(systems.StageIntent, "flail.replay", m.replayTick)
}

// Replaying reports whether replayed inputs are still being played.
func (m *Match) Replaying() bool {
	return m.replay != nil && m.Pipeline.Ticks() < uint64(len(m.replay))
}

func (m *Match) replayTick(w donburi.World, t systems.Tick) {
	e := w.Entry(m.Player)
	if t.N >= uint64(len(m.replay)) {
		if t.N == uint64(len(m.replay)) {
			*FlailInput.Get(e) = FlailInputData{}
		}
		return
	}
	in := m.replay[t.N]
	components.View.Get(e).Yaw = in.Aim
	*FlailInput.Get(e) = FlailInputData{Input: in, Pending: true}
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
func (m *Match) Flail(i int) *FlailData {
	return Flail.Get(m.World.Entry(m.Cars[i]))
}

// Rope returns player i's rope (PrevNodes are the nodes before the last
// tick).
func (m *Match) Rope(i int) *RopeData {
	return Rope.Get(m.World.Entry(m.Cars[i]))
}

// Bot returns player i's bot brain, or nil for a person.
func (m *Match) Bot(i int) *flail.Bot {
	e := m.World.Entry(m.Cars[i])
	if !e.HasComponent(FlailBot) {
		return nil
	}
	return &FlailBot.Get(e).Bot
}

// Skill returns player i's bot skill, or 0 for a person.
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
		d := detmath.Len(m.Body(j).Position.Sub(pos))
		if d < bd {
			best, bd = j, d
		}
	}
	return best
}

// Link is one rope link's state for a debug overlay.
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
		a, b := pts[k], pts[k-1]
		l := detmath.Hypot(a[0]-b[0], a[2]-b[2])
		x := math.Max(0, l-ph.Rest)
		dst[k-1] = Link{Length: l, Extension: x, Impulse: float64(ph.K * ph.Rate * x)}
	}
	return n - 1
}

// Checksum hashes every flail player's car, flail and rope positions and
// energy (exact float bits) in entity order: equal checksums mean equal
// matches.
func (m *Match) Checksum() uint64 {
	h := fnv.New64a()
	var buf [8]byte
	put := func(x float64) {
		b := math.Float64bits(x)
		for i := range buf {
			buf[i] = byte(b >> (8 * i))
		}
		h.Write(buf[:])
	}
	for _, ent := range m.Entities() {
		e := m.World.Entry(ent)
		b := components.Body.Get(e)
		f := Flail.Get(e)
		for _, v := range [...]float64{b.Position[0], b.Position[2], f.Flail.Pos[0], f.Flail.Pos[2], f.Energy} {
			put(v)
		}
		for _, n := range Rope.Get(e).Nodes {
			put(n.Pos[0])
			put(n.Pos[2])
		}
	}
	return h.Sum64()
}

// Entities returns the world's flail players sorted by entity.
func (m *Match) Entities() []donburi.Entity {
	var out []donburi.Entity
	Flail.Each(m.World, func(e *donburi.Entry) { out = append(out, e.Entity()) })
	for i := 1; i < len(out); i++ {
		for j := i; j > 0 && out[j] < out[j-1]; j-- {
			out[j], out[j-1] = out[j-1], out[j]
		}
	}
	return out
}
