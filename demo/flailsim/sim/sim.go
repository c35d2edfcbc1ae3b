package sim

import (
	"fmt"
	"io"
	"math"
	"strconv"
	"time"

	flailmatch "github.com/seedgames/motorkit/flail/match"

	"github.com/seedgames/motorkit/flail"
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

// NewMatch builds the match (the one flail/match.Match of the demo and its
// server), on the embedded level o.Level at o.Rate with o.Bots bots named
// bot000, bot001, ... (skills easy, normal, hard in turn), and the
// statistics collected from its events.
func NewMatch(o Options) (*flailmatch.Match, *Stats, error) {
	cfg := flail.DefaultConfig()
	if o.ConfigPath != "" {
		c, err := flail.LoadFile(o.ConfigPath)
		if err != nil {
			return nil, nil, err
		}
		cfg = c
	}
	if o.Mode != "" {
		cfg.Mode = o.Mode
		if err := cfg.Validate("-mode"); err != nil {
			return nil, nil, err
		}
	}
	if o.Bots < 0 || o.Bots > 100000 {
		return nil, nil, fmt.Errorf("bots %d out of range [0, 100000]", o.Bots)
	}
	m, err := flailmatch.NewMatch(flailmatch.MatchOptions{Config: cfg, Seed: o.Seed, Rate: o.Rate, Level: o.Level})
	if err != nil {
		return nil, nil, err
	}
	st := &Stats{}
	st.init(m.Pipeline.TickRate())
	m.Rules.Events.Subscribe(st.observe)
	for i := 0; i < o.Bots; i++ {
		if _, err := m.SpawnPlayer(fmt.Sprintf("bot%03d", i), flail.Skill(1+i%3)); err != nil {
			return nil, nil, err
		}
	}
	return m, st, nil
}

func g(x float64) string { return strconv.FormatFloat(x, 'g', -1, 64) }

// Run plays a match for o.Ticks ticks and prints the report to out.
func Run(o Options, out io.Writer) error {
	if o.Ticks < 0 {
		return fmt.Errorf("ticks %d must be >= 0", o.Ticks)
	}
	m, st, err := NewMatch(o)
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
	sum := st.Summary(m)
	fmt.Fprintf(out, "kills: %d (swung %d, thrown %d), %.3f per bot-minute\n", sum.Kills, sum.Swung, sum.Thrown, sum.KillsPerBotMinute)
	fmt.Fprintf(out, "lives: %d ended, %d running; median life %s (Kaplan-Meier, running lives censored); median ended life %.1f s\n",
		sum.Ended, sum.Running, sum.MedianLifeString(), sum.MedianEnded)
	q := sum.Energy
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
