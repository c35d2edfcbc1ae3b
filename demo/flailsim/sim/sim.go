package sim

import (
	"fmt"
	"hash/fnv"
	"io"
	"math"
	"strconv"
	"time"

	flailmatch "github.com/seedgames/motorkit/flail/match"

	"github.com/seedgames/motorkit/components"
	"github.com/seedgames/motorkit/flail"
	"github.com/seedgames/motorkit/prefabs"
	"github.com/seedgames/motorkit/systems"
	"github.com/yohamta/donburi"
)

// Options configure a match.
type Options struct {
	// Bots is the number of bots; skills cycle easy, normal, hard.
	Bots int
	// Ticks to run (Run only).
	Ticks int
	// Seed of the match.
	Seed uint64
	// Rate is the tick rate (Hz); 0 means 40.
	Rate float64
	// ConfigPath is a flail tuning file (optional); Mode overrides its
	// mode when set.
	ConfigPath, Mode string
	// Level is the embedded level (default flailmatch.ArenaLevel).
	Level string
}

// Match is a running headless match.
type Match struct {
	// World, Pipeline and Game are the match's ECS world, its pipeline
	// and the installed flail game.
	World    donburi.World
	Pipeline *systems.Pipeline
	Game     *flailmatch.Game
	// Kills counts EventKill since the match started.
	Kills int
	// Stats collects the match statistics from the events.
	Stats Stats
}

// NewMatch builds the world, installs the arena and the flail systems and
// spawns the bots (named bot000, bot001, ...).
func NewMatch(o Options) (*Match, error) {
	cfg := flail.DefaultConfig()
	if o.ConfigPath != "" {
		c, err := flail.LoadFile(o.ConfigPath)
		if err != nil {
			return nil, err
		}
		cfg = c
	}
	if o.Mode != "" {
		cfg.Mode = o.Mode
		if err := cfg.Validate("-mode"); err != nil {
			return nil, err
		}
	}
	if o.Bots < 0 || o.Bots > 100000 {
		return nil, fmt.Errorf("bots %d out of range [0, 100000]", o.Bots)
	}
	rate := o.Rate
	if rate == 0 {
		rate = 40
	}
	if !(rate >= 1 && rate <= 1000) {
		return nil, fmt.Errorf("rate %v out of range [1, 1000]", rate)
	}
	w := donburi.NewWorld()
	p := systems.NewPipeline(w, systems.Options{TickRate: rate})
	g, err := flailmatch.InstallArena(p, o.Level, flailmatch.Options{Config: cfg, Seed: o.Seed})
	if err != nil {
		return nil, err
	}
	m := &Match{World: w, Pipeline: p, Game: g}
	m.Stats.init(p.TickRate())
	g.Rules.Events.Subscribe(func(e flail.Event) {
		if e.Kind == flail.EventKill {
			m.Kills++
		}
		m.Stats.observe(e)
	})
	skills := [3]string{"easy", "normal", "hard"}
	for i := 0; i < o.Bots; i++ {
		over := fmt.Sprintf("[flail]\nname = \"bot%03d\"\n[flail_bot]\nskill = %q\n", i, skills[i%3])
		if _, err := flailmatch.Spawn(w, "flail_bot", prefabs.Override(over)); err != nil {
			return nil, err
		}
	}
	return m, nil
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
		f := flailmatch.Flail.Get(e)
		for _, v := range [...]float64{b.Position[0], b.Position[2], f.Flail.Pos[0], f.Flail.Pos[2], f.Energy} {
			put(v)
		}
		for _, n := range flailmatch.Rope.Get(e).Nodes {
			put(n.Pos[0])
			put(n.Pos[2])
		}
	}
	return h.Sum64()
}

// Entities returns the flail players sorted by entity.
func (m *Match) Entities() []donburi.Entity {
	var out []donburi.Entity
	flailmatch.Flail.Each(m.World, func(e *donburi.Entry) { out = append(out, e.Entity()) })
	for i := 1; i < len(out); i++ {
		for j := i; j > 0 && out[j] < out[j-1]; j-- {
			out[j], out[j-1] = out[j-1], out[j]
		}
	}
	return out
}

func g(x float64) string { return strconv.FormatFloat(x, 'g', -1, 64) }

// Run plays a match for o.Ticks ticks and prints the report to out.
func Run(o Options, out io.Writer) error {
	if o.Ticks < 0 {
		return fmt.Errorf("ticks %d must be >= 0", o.Ticks)
	}
	m, err := NewMatch(o)
	if err != nil {
		return err
	}
	p := m.Pipeline
	start := time.Now()
	for i := 0; i < o.Ticks; i++ {
		p.Step()
	}
	el := time.Since(start)
	r := m.Game.Rules
	fmt.Fprintf(out, "flailsim: bots=%d ticks=%d seed=%d rate=%gHz mode=%s level=%s\n",
		o.Bots, o.Ticks, o.Seed, p.TickRate(), r.Cfg.Mode, levelName(o.Level))
	tps := math.Inf(1)
	if el > 0 {
		tps = float64(o.Ticks) / el.Seconds()
	}
	fmt.Fprintf(out, "timing: %.0f ticks/s (%.3f ms/tick, %.1fx real time)\n", tps, 1000/tps, tps/p.TickRate())
	st := m.Summary()
	fmt.Fprintf(out, "kills: %d (swung %d, thrown %d), %.3f per bot-minute\n", m.Kills, st.Swung, st.Thrown, st.KillsPerBotMinute)
	fmt.Fprintf(out, "lives: %d ended, %d running; median life %s (Kaplan-Meier, running lives censored); median ended life %.1f s\n",
		st.Ended, st.Running, st.MedianLifeString(), st.MedianEnded)
	q := st.Energy
	fmt.Fprintf(out, "energy of the living: min %.0f, q1 %.0f, median %.0f, q3 %.0f, max %.0f\n", q[0], q[1], q[2], q[3], q[4])
	fmt.Fprintf(out, "pickups: %d on the field\n", r.Pickups.Len())
	fmt.Fprintf(out, "checksum: %016x\n", m.Checksum())
	fmt.Fprintf(out, "leaderboard (top %d by energy):\n", r.Cfg.Rules.LeaderboardSize)
	for i, row := range r.Board.Rows() {
		e := m.World.Entry(donburi.Entity(row.ID))
		f := flailmatch.Flail.Get(e)
		fmt.Fprintf(out, "%3d. %-8s energy %-20s kills %-4d deaths %-4d radius %s u\n", i+1, f.Name, g(row.Energy),
			row.Kills, f.Deaths, g(f.Flail.Radius*r.Cfg.UnitsPerMeter))
	}
	return nil
}

func levelName(l string) string {
	if l == "" {
		return flailmatch.ArenaLevel
	}
	return l
}
