package sim

import (
	"bytes"
	"strings"
	"testing"

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
	m, err := NewMatch(Options{Bots: 60, Seed: 3, Rate: 60, Mode: "clean"})
	if err != nil {
		t.Fatal(err)
	}
	for i := 0; i < 1200; i++ {
		m.Pipeline.Step()
	}
	for _, ent := range m.Entities() {
		e := m.World.Entry(ent)
		b := components.Body.Get(e)
		f := components.Flail.Get(e)
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
	if m.Kills == 0 {
		t.Fatal("no kills in 20 s of clean-mode play")
	}
}

func TestBadOptions(t *testing.T) {
	for _, o := range []Options{{Bots: -1}, {Rate: 5000}, {Mode: "fast"}, {Level: "nope"}, {ConfigPath: "/nonexistent.toml"}} {
		if _, err := NewMatch(o); err == nil {
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
	m, err := NewMatch(Options{Bots: 300, Seed: 1})
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
