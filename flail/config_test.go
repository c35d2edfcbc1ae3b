package flail

import (
	"errors"
	"math"
	"reflect"
	"strings"
	"testing"

	"github.com/seedgames/motorkit/config"
)

func TestDefaultFileIsDefaultConfig(t *testing.T) {
	c, err := Parse(DefaultFile, "flail/default.toml")
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(c, DefaultConfig()) {
		t.Fatalf("default.toml and DefaultConfig differ:\n%+v\n%+v", c, DefaultConfig())
	}
	// every key of the struct is present in the file: decoding the file
	// over a zero config gives the defaults too.
	var z Config
	if err := config.Decode(DefaultFile, "default.toml", &z); err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(z, DefaultConfig()) {
		t.Fatalf("default.toml does not list every key:\n%+v", z)
	}
	d := DefaultConfig()
	if err := d.Validate("defaults"); err != nil {
		t.Fatal(err)
	}
}

func TestConfigOverridesKeepOtherDefaults(t *testing.T) {
	c, err := Parse([]byte("mode = \"clean\"\n[rope]\nk = 0.2\n[bots.hard]\nthrows = false\n"), "user.toml")
	if err != nil {
		t.Fatal(err)
	}
	want := DefaultConfig()
	want.Mode, want.Rope.K, want.Bots.Hard.Throws = ModeClean, 0.2, false
	if !reflect.DeepEqual(c, want) {
		t.Fatalf("got %+v", c)
	}
}

func TestConfigRejectsUnknownKeysAndBadRanges(t *testing.T) {
	for _, c := range []struct{ text, key string }{
		{"[rope]\nkk = 1\n", "rope.kk"},
		{"[quirks]\nrope_pulls = true\n", "quirks.rope_pulls"},
		{"mode = \"fast\"\n", "mode"},
		{"[car]\ndrag = 1.0\n", "car.drag"},
		{"[rope]\nsegments = 40\n", "rope.segments"},
		{"[rope]\nk = nan\n", "rope.k"},
		{"[rules]\nkill_share = 0.8\ndrop_share = 0.3\n", "rules.drop_share"},
		{"[rules]\nstart_energy = 50\n", "rules.start_energy"},
		{"[pickups]\ntarget = 9999\n", "pickups.target"},
		{"[bots.easy]\nreaction_ticks = 0\n", "bots.easy.reaction_ticks"},
		{"[arena]\ngrid_cell = 1\n", "arena.grid_cell"},
		{"[clean]\nsubsteps = 0\n", "clean.substeps"},
	} {
		_, err := Parse([]byte(c.text), "bad.toml")
		var ce *config.Error
		if !errors.As(err, &ce) || ce.Source != "bad.toml" || ce.Key != c.key {
			t.Errorf("%q: want an error naming bad.toml and %s, got %v", c.text, c.key, err)
		}
	}
	if _, err := Parse([]byte("[rope\n"), "syntax.toml"); err == nil || !strings.Contains(err.Error(), "syntax.toml") {
		t.Errorf("syntax error: %v", err)
	}
}

func TestPhysicsConversion(t *testing.T) {
	c := DefaultConfig()
	p := c.Physics(40)
	// 1 u/tick per tick at 40 Hz and 100 u/m is 0.4 m/s per tick; rest 80 u = 0.8 m.
	if p.CarAccel != 0.4 || p.Rest != 0.8 || p.CarDrag != 1.1 || p.K != 0.1 || p.Nodes != 1 || !p.Exact {
		t.Fatalf("%+v", p)
	}
	q := c.Physics(80)
	// drag 1.1^(1/2) per tick, k/4 (same spring frequency), dt halved.
	if math.Abs(q.CarDrag-math.Sqrt(1.1)) > 1e-15 || math.Abs(q.K-0.025) > 1e-15 || q.Dt != 1.0/80 {
		t.Fatalf("%+v", q)
	}
	if s := p.String(); !strings.Contains(s, "exact") {
		t.Fatal(s)
	}
}
