package rpg

import (
	"errors"
	"strings"
	"testing"

	"github.com/seedgames/motorkit/config"
)

func TestDefaultsMatchSeedSuggestedStart(t *testing.T) {
	c := DefaultConfig()
	// docs/motors/rpg.md#knobs-rpgtoml-the-motor-table-of-a-recipe "Suggested start" column.
	if c.BackpedalSpeedScale != 0.65 || c.StrafeSpeedScale != 1.0 || c.TauAccel != 0.18 ||
		c.TauDecel != 0.14 || c.TauAir != 0.60 || c.AirPolicy != AirNone || !c.JumpEnabled {
		t.Fatalf("defaults %+v differ from the design", c)
	}
	if err := c.Validate("defaults"); err != nil {
		t.Fatal(err)
	}
}

func TestDefaultFileLoadsToDefaults(t *testing.T) {
	got, err := Parse(DefaultTOML(), "rpg.toml")
	if err != nil {
		t.Fatal(err)
	}
	if got != DefaultConfig() {
		t.Fatalf("rpg.toml gives %+v, want %+v", got, DefaultConfig())
	}
}

func TestEncodeRoundTrips(t *testing.T) {
	in := DefaultConfig()
	in.MaxSpeed = 7.25
	in.TauDecelStop = 0.09
	in.AirPolicy = AirLimited
	in.JumpEnabled = false
	b, err := Encode(in)
	if err != nil {
		t.Fatal(err)
	}
	out, err := Parse(b, "rt")
	if err != nil {
		t.Fatal(err)
	}
	if out != in {
		t.Fatalf("round trip %+v != %+v", out, in)
	}
	def, _ := Encode(DefaultConfig())
	if out, err := Parse(def, "rt"); err != nil || out != DefaultConfig() {
		t.Fatalf("default round trip: %+v, %v", out, err)
	}
}

func TestLoadKeepsDefaultsForAbsentKeys(t *testing.T) {
	got, err := Parse([]byte("max_speed = 8\n"), "p.toml")
	if err != nil {
		t.Fatal(err)
	}
	want := DefaultConfig()
	want.MaxSpeed = 8
	if got != want {
		t.Fatalf("%+v, want %+v", got, want)
	}
}

func TestLoadRejects(t *testing.T) {
	cases := []struct{ data, key, want string }{
		{"max_sped = 3\n", "max_sped", "unknown key"},
		{"tau_accel = 0\n", "tau_accel", "[0.005, 5]"},
		{"tau_decel = -1\n", "tau_decel", "[0.005, 5]"},
		{"tau_decel_stop = 0.001\n", "tau_decel_stop", "[0.005, 5]"},
		{"tau_air = 100\n", "tau_air", "[0.005, 20]"},
		{"backpedal_speed_scale = 1.5\n", "backpedal_speed_scale", "[0.05, 1]"},
		{"strafe_speed_scale = 0\n", "strafe_speed_scale", "[0.05, 1]"},
		{"max_speed = nan\n", "max_speed", "[0.1, 50]"},
		{"max_speed = inf\n", "max_speed", "[0.1, 50]"},
		{"air_policy = \"full\"\n", "air_policy", "none, limited"},
		{"jump_enabled = 1\n", "", "rpg.toml"},
	}
	for _, c := range cases {
		_, err := Parse([]byte(c.data), "rpg.toml")
		if err == nil {
			t.Errorf("%q accepted", c.data)
			continue
		}
		if !strings.Contains(err.Error(), "rpg.toml") || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%q: error %q lacks source or %q", c.data, err, c.want)
		}
		var ce *config.Error
		if c.key != "" && (!errors.As(err, &ce) || ce.Key != c.key) {
			t.Errorf("%q: error %v does not name key %q", c.data, err, c.key)
		}
	}
}

func FuzzLoad(f *testing.F) {
	f.Add(DefaultTOML())
	f.Add([]byte("max_speed = 1e308\ntau_accel = 5e-324\n"))
	f.Add([]byte("air_policy = \"limited\"\ntau_air = 0.005\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		cfg, err := Parse(data, "fuzz")
		if err != nil {
			return
		}
		// Anything Load accepts must build a motor that stays finite.
		m, err := New(cfg)
		if err != nil {
			t.Fatalf("Load accepted %+v but New rejects it: %v", cfg, err)
		}
		ctx := newCtx(60)
		ctx.Command.Forward = 1
		for i := 0; i < 30; i++ {
			if v := tick(m, ctx); v.Len() > cfg.MaxSpeed*(1+1e-12) {
				t.Fatalf("speed %v above cap %v", v.Len(), cfg.MaxSpeed)
			}
		}
	})
}
