package arena

import (
	"errors"
	"math"
	"os"
	"strings"
	"testing"

	"github.com/seedgames/motorkit/config"
	"github.com/seedgames/motorkit/motors"
)

func TestDefaultsAreTheSeedSuggestedStartThroughW(t *testing.T) {
	for _, w := range []float64{DefaultW, 5, 10.5} {
		c := DefaultConfigForW(w)
		// docs/motors/arena.md#knobs "Suggested start" column, tables A-E.
		want := map[string][2]float64{
			"max_speed":                  {c.MaxSpeed, w},
			"max_speed_air":              {c.MaxSpeedAir, w},
			"ground_accel_rate":          {c.GroundAccelRate, 14},
			"friction":                   {c.Friction, 6},
			"stop_speed":                 {c.StopSpeed, 0.30 * w},
			"air_accel_rate":             {c.AirAccelRate, 8},
			"air_resistance":             {c.AirResistance, 0},
			"air_resistance_speed_scale": {c.AirResistanceSpeedScale, 2 * w},
			"theta_target":               {c.ThetaTarget(), 35 * math.Pi / 180},
			"g_min":                      {c.GMin, 0.85},
			"g_peak":                     {c.GPeak, 1.25},
			"bonus_scale":                {c.BonusScale, 0.5},
			"blend_speed_start":          {c.BlendSpeedStart, 1.0 * w},
			"blend_speed_end":            {c.BlendSpeedEnd, 1.4 * w},
			"shaping_strength":           {c.ShapingStrength, 1.5},
			"min_speed_for_shaping":      {c.MinSpeedForShaping, 0.9 * w},
			"max_shaping_angle_per_tick": {c.MaxShapingAnglePerTick(), 2 * math.Pi / 180},
			"min_alignment":              {c.MinAlignment, 0},
			"jump_buffer_ticks at 60 Hz": {float64(motors.TicksFromSeconds(c.JumpBufferTime, 60)), 3},
			"landing_grace_ticks at 60":  {float64(motors.TicksFromSeconds(c.LandingGraceTime, 60)), 2},
			"landing_friction_scale":     {c.LandingFrictionScale, 0.25},
			"landing_friction_best":      {c.LandingFrictionScaleBestAngle, 0},
		}
		for k, p := range want {
			if math.Abs(p[0]-p[1]) > 1e-12 {
				t.Errorf("W=%v %s = %v, want %v", w, k, p[0], p[1])
			}
		}
		if c.FrictionlessJumpMode != ModeSoft || c.QualitySmoothstep || c.AutoHop {
			t.Errorf("W=%v mode/switches %+v", w, c)
		}
		if err := c.Validate("defaults"); err != nil {
			t.Errorf("W=%v defaults invalid: %v", w, err)
		}
	}
}

func TestDefaultFileRoundTrips(t *testing.T) {
	c, err := Parse(DefaultTOML(), "arena.toml")
	if err != nil {
		t.Fatal(err)
	}
	if c != DefaultConfig() {
		t.Fatalf("arena.toml = %+v\nwant %+v", c, DefaultConfig())
	}
	enc, err := Encode(c)
	if err != nil {
		t.Fatal(err)
	}
	back, err := Parse(enc, "encoded")
	if err != nil {
		t.Fatalf("%v\n%s", err, enc)
	}
	if back != c {
		t.Fatalf("encode/parse changed the config:\n%+v\n%+v", back, c)
	}
	// The file lists every key the encoder writes (so it documents all knobs).
	for _, line := range strings.Split(string(enc), "\n") {
		key, _, ok := strings.Cut(line, " = ")
		if ok && !strings.Contains(string(DefaultTOML()), "\n"+key+" = ") {
			t.Errorf("arena.toml lacks key %q", key)
		}
	}
}

func TestEncodeRoundTripsNonDefaultAngles(t *testing.T) {
	c := DefaultConfig()
	c.ThetaTargetDeg = 40.81287654321
	c.MaxShapingAnglePerTickDeg = 1.980587
	c.FrictionlessJumpMode = ModeHard
	c.QualitySmoothstep = true
	enc, err := Encode(c)
	if err != nil {
		t.Fatal(err)
	}
	back, err := Parse(enc, "x")
	if err != nil {
		t.Fatal(err)
	}
	if back != c { // the degrees are stored as written: the round trip is exact
		t.Fatalf("round trip changed %+v", back)
	}
}

func TestParseDegreesAndWRescale(t *testing.T) {
	c, err := Parse([]byte("theta_target_deg = 45\nmax_shaping_angle_per_tick_deg = 3\n"), "deg.toml")
	if err != nil {
		t.Fatal(err)
	}
	if c.ThetaTarget() != math.Pi/4 || math.Abs(c.MaxShapingAnglePerTick()-3*math.Pi/180) > 1e-16 {
		t.Fatalf("degrees not converted: %v %v", c.ThetaTarget(), c.MaxShapingAnglePerTick())
	}
	// Setting W alone rescales the W-relative defaults (stop_speed = 0.3W ...).
	c, err = Parse([]byte("max_speed = 10\n"), "w.toml")
	if err != nil {
		t.Fatal(err)
	}
	if c != DefaultConfigForW(10) {
		t.Fatalf("W=10 file = %+v, want %+v", c, DefaultConfigForW(10))
	}
	// Explicit keys win over the rescaled defaults.
	c, err = Parse([]byte("max_speed = 10\nstop_speed = 2\n"), "w.toml")
	if err != nil || c.StopSpeed != 2 || c.MaxSpeedAir != 10 {
		t.Fatalf("got %+v, %v", c, err)
	}
	// ParseOnto keeps a non-default base as is.
	base := DefaultConfig()
	base.Friction = 9
	c, err = ParseOnto(base, []byte("max_speed = 10\n"), "w.toml")
	if err != nil || c.Friction != 9 || c.StopSpeed != base.StopSpeed || c.MaxSpeed != 10 {
		t.Fatalf("ParseOnto got %+v, %v", c, err)
	}
}

func TestParseRejectsUnknownKeysNamingThem(t *testing.T) {
	for _, tc := range []struct{ text, key string }{
		{"frictoin = 6\n", "frictoin"},
		{"theta_target = 0.6\n", "theta_target"}, // radians key does not exist: angles are _deg
		{"[motor]\nfriction = 6\n", "motor"},
	} {
		_, err := Parse([]byte(tc.text), "bad.toml")
		var ce *config.Error
		if !errors.As(err, &ce) || ce.Key != tc.key || ce.Source != "bad.toml" {
			t.Errorf("%q: want unknown-key error for %q, got %v", tc.text, tc.key, err)
		}
	}
}

func TestParseRejectsOutOfRangeNamingKeyAndRange(t *testing.T) {
	for _, tc := range []struct{ text, key, rng string }{
		{"max_speed = 0\n", "max_speed", "[0.1, 100]"},
		{"max_speed_air = -1\n", "max_speed_air", "[0, 100]"},
		{"ground_accel_rate = 1e9\n", "ground_accel_rate", "[0, 200]"},
		{"friction = nan\n", "friction", "[0, 100]"},
		{"stop_speed = inf\n", "stop_speed", "[0, 100]"},
		{"air_accel_rate = -0.1\n", "air_accel_rate", "[0, 200]"},
		{"air_resistance = 11\n", "air_resistance", "[0, 10]"},
		{"air_resistance_speed_scale = 0\n", "air_resistance_speed_scale", "[0.01, 1000]"},
		{"theta_target_deg = 0\n", "theta_target_deg", "[1, 90]"},
		{"theta_target_deg = 120\n", "theta_target_deg", "[1, 90]"},
		{"g_min = 3\n", "g_min", "[0, 2]"},
		{"g_min = 1.3\n", "g_min", "must not exceed g_peak"},
		{"g_peak = 5\n", "g_peak", "[0, 4]"},
		{"bonus_scale = -1\n", "bonus_scale", "[0, 4]"},
		{"blend_speed_start = -1\n", "blend_speed_start", "[0, 1000]"},
		{"blend_speed_end = 8\n", "blend_speed_end", "greater than blend_speed_start"},
		{"shaping_strength = 51\n", "shaping_strength", "[0, 50]"},
		{"min_speed_for_shaping = -2\n", "min_speed_for_shaping", "[0, 1000]"},
		{"max_shaping_angle_per_tick_deg = 46\n", "max_shaping_angle_per_tick_deg", "[0, 45]"},
		{"min_alignment = 1.5\n", "min_alignment", "[-1, 1]"},
		{"jump_buffer_time = -0.01\n", "jump_buffer_time", "[0, 2]"},
		{"frictionless_jump_mode = \"ultra\"\n", "frictionless_jump_mode", "none, soft, hard"},
		{"landing_grace_time = 500\n", "landing_grace_time", "[0, 2]"},
		{"landing_friction_scale = 1.5\n", "landing_friction_scale", "[0, 1]"},
		{"landing_friction_scale_best_angle = 0.3\n", "landing_friction_scale_best_angle", "landing_friction_scale = 0.25"},
	} {
		_, err := Parse([]byte(tc.text), "range.toml")
		if err == nil {
			t.Errorf("%q accepted", tc.text)
			continue
		}
		msg := err.Error()
		if !strings.Contains(msg, `"`+tc.key+`"`) || !strings.Contains(msg, tc.rng) || !strings.Contains(msg, "range.toml") {
			t.Errorf("%q: error %q should name range.toml, %q and %q", tc.text, msg, tc.key, tc.rng)
		}
	}
}

func TestParseRejectsWrongTypes(t *testing.T) {
	for _, text := range []string{"friction = \"six\"\n", "jump_buffer_time = \"short\"\n", "auto_hop = 1\n", "g_min = \n"} {
		if _, err := Parse([]byte(text), "type.toml"); err == nil || !strings.Contains(err.Error(), "type.toml") {
			t.Errorf("%q: want error naming type.toml, got %v", text, err)
		}
	}
}

func TestNewValidates(t *testing.T) {
	c := DefaultConfig()
	c.BlendSpeedEnd = c.BlendSpeedStart
	if _, err := New(c); err == nil {
		t.Fatal("New accepted blend_speed_end == blend_speed_start")
	}
	if _, err := New(Config{}); err == nil {
		t.Fatal("New accepted the zero Config")
	}
}

func TestLoadFile(t *testing.T) {
	c, err := LoadFile("arena.toml")
	if err != nil || c != DefaultConfig() {
		t.Fatalf("LoadFile(arena.toml) = %+v, %v", c, err)
	}
	if _, err := LoadFile("does-not-exist.toml"); err == nil || !strings.Contains(err.Error(), "does-not-exist.toml") {
		t.Fatalf("missing file error %v", err)
	}
}

// FuzzParse: arbitrary input never panics; whatever is accepted is valid,
// finite and survives an encode/parse round trip.
func FuzzParse(f *testing.F) {
	f.Add(DefaultTOML())
	f.Add([]byte("max_speed = 10\ntheta_target_deg = 20\n"))
	f.Add([]byte("g_min = 1\ng_peak = 1\nfrictionless_jump_mode = \"hard\"\n"))
	f.Add([]byte("max_speed = 1e-300\n"))
	f.Add([]byte("theta_target_deg = 1e308\nblend_speed_end = -0\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		c, err := Parse(data, "fuzz.toml")
		if err != nil {
			if !strings.Contains(err.Error(), "fuzz.toml") {
				t.Fatalf("error does not name the source: %v", err)
			}
			return
		}
		if err := c.Validate("fuzz"); err != nil {
			t.Fatalf("Parse accepted an invalid config: %v", err)
		}
		enc, err := Encode(c)
		if err != nil {
			t.Fatal(err)
		}
		back, err := Parse(enc, "re")
		if err != nil {
			t.Fatalf("re-parse: %v\n%s", err, enc)
		}
		if back != c {
			t.Fatalf("round trip changed config:\n%+v\n%+v", back, c)
		}
	})
}

// TestDocListsEveryKnob keeps docs/motors/arena.md in step with the loader.
func TestDocListsEveryKnob(t *testing.T) {
	doc, err := os.ReadFile("../../docs/motors/arena.md")
	if err != nil {
		t.Fatal(err)
	}
	enc, err := Encode(DefaultConfig())
	if err != nil {
		t.Fatal(err)
	}
	for _, line := range strings.Split(string(enc), "\n") {
		if key, _, ok := strings.Cut(line, " = "); ok && !strings.Contains(string(doc), "| `"+key+"` |") {
			t.Errorf("docs/motors/arena.md has no table row for %q", key)
		}
	}
}
