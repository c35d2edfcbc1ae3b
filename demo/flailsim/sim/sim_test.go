package sim

import (
	"bytes"
	"math"
	"strings"
	"testing"

	flailmatch "github.com/seedgames/motorkit/flail/match"

	"github.com/seedgames/motorkit/components"
	"github.com/seedgames/motorkit/flail"
)

func runText(t *testing.T, o Options) string {
	t.Helper()
	var b bytes.Buffer
	if err := Run(o, &b); err != nil {
		t.Fatal(err)
	}
	var keep []string
	for _, l := range strings.Split(b.String(), "\n") {
		if !strings.HasPrefix(l, "timing:") {
			keep = append(keep, l)
		}
	}
	return strings.Join(keep, "\n")
}

// Same options, same output bit for bit (except the timing line); another
// seed gives another match.
func TestRunIsDeterministic(t *testing.T) {
	o := Options{Bots: 60, Ticks: 600, Seed: 7}
	a, b := runText(t, o), runText(t, o)
	if a != b {
		t.Fatalf("same seed, different output:\n%s\n---\n%s", a, b)
	}
	o.Seed = 8
	if c := runText(t, o); c == a {
		t.Fatal("different seed, same output")
	}
	for _, want := range []string{"kills: ", "checksum: ", "leaderboard (top 10 by energy):", "  1. bot"} {
		if !strings.Contains(a, want) {
			t.Fatalf("output lacks %q:\n%s", want, a)
		}
	}
}

// Clean mode at 60 Hz plays too, without non-finite state.
func TestCleanModeMatchAt60Hz(t *testing.T) {
	m, st, err := NewMatch(Options{Bots: 60, Seed: 3, Rate: 60, Mode: "clean"})
	if err != nil {
		t.Fatal(err)
	}
	for i := 0; i < 1200; i++ {
		m.Pipeline.Step()
	}
	for _, ent := range m.Entities() {
		e := m.World.Entry(ent)
		b := components.Body.Get(e)
		f := flailmatch.Flail.Get(e)
		if !flail.FiniteVec(b.Position) || !flail.FiniteVec(f.Flail.Pos) || !flail.FiniteVec(f.Flail.Vel) {
			t.Fatal("non-finite state in clean mode")
		}
		if f.Alive && !f.Flail.Thrown {
			// attached flail within rope reach of the car (2 links of 0.8 m, 25% slack)
			if d := f.Flail.Pos.Sub(b.Position).Len(); d > 2*0.8*1.25 {
				t.Fatalf("attached flail %v m from its car", d)
			}
		}
	}
	if st.Kills == 0 {
		t.Fatal("no kills in 20 s of clean-mode play")
	}
}

func TestBadOptions(t *testing.T) {
	for _, o := range []Options{{Bots: -1}, {Rate: 5000}, {Mode: "fast"}, {Level: "nope"}, {ConfigPath: "/nonexistent.toml"}} {
		if _, _, err := NewMatch(o); err == nil {
			t.Errorf("%+v accepted", o)
		}
	}
	if err := Run(Options{Ticks: -1}, &bytes.Buffer{}); err == nil {
		t.Error("negative ticks accepted")
	}
}

func TestTickAllocatesNothing(t *testing.T) {
	if testing.Short() {
		t.Skip("allocation test")
	}
	m, _, err := NewMatch(Options{Bots: 300, Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	for i := 0; i < 300; i++ {
		m.Pipeline.Step()
	}
	if a := testing.AllocsPerRun(100, m.Pipeline.Step); a != 0 {
		t.Fatalf("steady-state pipeline tick with 300 bots allocates %v times", a)
	}
}

// Kaplan-Meier by hand: lives 1, 2 (ended), 3 (running), 4, 5 (ended).
// S(1) = 4/5, S(2) = 4/5 * 3/4 = 3/5, at 3 a censoring (no drop), S(4) =
// 3/5 * 1/2 = 3/10 <= 1/2: the median is 4. The plain median of the ended
// lives would be 3 (between 2 and 4); censoring matters.
func TestMedianSurvival(t *testing.T) {
	if m, ok := MedianSurvival([]uint64{5, 1, 4, 2}, []uint64{3}); !ok || m != 4 {
		t.Fatalf("median %d %v, want 4", m, ok)
	}
	// most lives still running: no median yet.
	if _, ok := MedianSurvival([]uint64{1}, []uint64{9, 9, 9}); ok {
		t.Fatal("median reported although 3 of 4 lives are running")
	}
	if _, ok := MedianSurvival(nil, nil); ok {
		t.Fatal("median of nothing")
	}
}

// The human-scale target: with 50 bots on the default arena
// (flail_arena, default tuning) the median bot life is at least 45 s. Five
// simulated minutes, seed 1; the statistics add up.
func TestFiftyBotsMedianLife(t *testing.T) {
	m, st, err := NewMatch(Options{Bots: 50, Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	const ticks = 12000 // 5 min at 40 Hz
	for i := 0; i < ticks; i++ {
		m.Pipeline.Step()
	}
	s := st.Summary(m)
	t.Logf("50 bots, 5 min: %d kills (%d swung, %d thrown), %.3f per bot-minute, median life %s, ended lives' median %.1f s, energy %v",
		s.Kills, s.Swung, s.Thrown, s.KillsPerBotMinute, s.MedianLifeString(), s.MedianEnded, s.Energy)
	if !(s.MedianLife >= 45) {
		t.Fatalf("median bot life %s < 45 s", s.MedianLifeString())
	}
	if s.Kills == 0 || s.Swung+s.Thrown != s.Kills || s.Ended != s.Kills || s.Seconds != 300 || s.Bots != 50 {
		t.Fatalf("statistics do not add up: %+v", s)
	}
	if want := float64(s.Kills) / (50 * 5); math.Abs(s.KillsPerBotMinute-want) > 1e-12 {
		t.Fatalf("kills per bot-minute %v, want %v", s.KillsPerBotMinute, want)
	}
	for i := 1; i < 5; i++ {
		if s.Energy[i] < s.Energy[i-1] || s.Energy[0] < m.Game.Rules.Cfg.Rules.MinEnergy {
			t.Fatalf("energy quartiles %v", s.Energy)
		}
	}
}
