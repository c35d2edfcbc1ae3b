package fps

import (
	"errors"
	"math"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/seedgames/motorkit/config"
)

func TestDefaultIsMiddleOfEverySuggestedRange(t *testing.T) {
	c := DefaultConfig()
	for _, k := range Knobs {
		want := (k.SuggestLo + k.SuggestHi) / 2
		if got := *k.Field(&c); math.Abs(got-want) > 1e-12 {
			t.Errorf("%s default %v, want middle of [%v, %v] = %v", k.Key, got, k.SuggestLo, k.SuggestHi, want)
		}
		if k.SuggestLo < k.AllowLo || k.SuggestHi > k.AllowHi {
			t.Errorf("%s: suggested range [%v, %v] outside allowed [%v, %v]", k.Key, k.SuggestLo, k.SuggestHi, k.AllowLo, k.AllowHi)
		}
	}
	if err := c.Validate("default"); err != nil {
		t.Fatal(err)
	}
}

func TestKnobsCoverEveryTOMLKey(t *testing.T) {
	// Every key Encode writes has a Knob, and every Knob key is written.
	data, err := Encode(DefaultConfig())
	if err != nil {
		t.Fatal(err)
	}
	var keys []string
	for _, line := range strings.Split(string(data), "\n") {
		if k, _, ok := strings.Cut(line, " = "); ok {
			keys = append(keys, strings.TrimSpace(k))
		}
	}
	if len(keys) != len(Knobs) {
		t.Fatalf("encoded %d keys %v, Knobs has %d", len(keys), keys, len(Knobs))
	}
	for _, k := range keys {
		found := false
		for _, kn := range Knobs {
			found = found || kn.Key == k
		}
		if !found {
			t.Errorf("key %s has no Knob", k)
		}
	}
}

func TestDefaultTOMLRoundTrips(t *testing.T) {
	c, err := Parse(DefaultTOML(), "fps.toml")
	if err != nil {
		t.Fatal(err)
	}
	if c != DefaultConfig() {
		t.Fatalf("fps.toml decodes to %+v, want DefaultConfig %+v", c, DefaultConfig())
	}
	// Every knob is spelled out in the file (none relies on the default).
	for _, k := range Knobs {
		if !strings.Contains(string(DefaultTOML()), "\n"+k.Key+" = ") {
			t.Errorf("fps.toml lacks %s", k.Key)
		}
	}
	enc, err := Encode(c)
	if err != nil {
		t.Fatal(err)
	}
	back, err := Parse(enc, "encoded")
	if err != nil || back != c {
		t.Fatalf("Encode/Parse round trip: %+v, %v", back, err)
	}
}

func TestParseRejectsUnknownAndOutOfRange(t *testing.T) {
	cases := []struct{ toml, key, reason string }{
		{"walk_sped = 3", "walk_sped", "unknown key"},
		{"max_speed = 0", "max_speed", "[0.1, 20]"},
		{"gravity = nan", "gravity", "out of range"},
		{"max_fall_speed = inf", "max_fall_speed", "out of range"},
		{"air_control = 1.5", "air_control", "[0, 1]"},
		{"jump_buffer_time = -0.1", "jump_buffer_time", "[0, 1]"},
		{"max_slope_climb_deg = 90", "max_slope_climb_deg", "[0, 89]"},
		{"crouch_speed = 4.0", "crouch_speed", "max_speed"},
		{"sprint_speed = 3.0", "sprint_speed", "max_speed"},
		{"max_speed = \"fast\"", "", "max_speed"},
	}
	for _, tc := range cases {
		c := DefaultConfig()
		err := c.Decode([]byte(tc.toml), "u.toml")
		if err == nil {
			t.Errorf("%q accepted", tc.toml)
			continue
		}
		var ce *config.Error
		if !errors.As(err, &ce) || ce.Source != "u.toml" {
			t.Errorf("%q: error %v does not name the source", tc.toml, err)
		}
		if tc.key != "" && !strings.Contains(err.Error(), `"`+tc.key+`"`) {
			t.Errorf("%q: error %v does not name key %s", tc.toml, err, tc.key)
		}
		if !strings.Contains(err.Error(), tc.reason) {
			t.Errorf("%q: error %v lacks %q", tc.toml, err, tc.reason)
		}
		if c != DefaultConfig() {
			t.Errorf("%q: failed Decode changed the config to %+v", tc.toml, c)
		}
	}
}

func TestParseKeepsDefaultsForAbsentKeys(t *testing.T) {
	c, err := Parse([]byte("max_speed = 4.0\njump_height = 1.0\n"), "p.toml")
	if err != nil {
		t.Fatal(err)
	}
	want := DefaultConfig()
	want.MaxSpeed, want.JumpHeight = 4.0, 1.0
	if c != want {
		t.Fatalf("got %+v, want %+v", c, want)
	}
}

func TestLoadFile(t *testing.T) {
	dir := t.TempDir()
	p := filepath.Join(dir, "mine.toml")
	if err := os.WriteFile(p, []byte("friction = 7\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	c, err := LoadFile(p)
	if err != nil || c.Friction != 7 {
		t.Fatalf("LoadFile: %+v, %v", c, err)
	}
	if _, err := LoadFile(filepath.Join(dir, "missing.toml")); err == nil || !strings.Contains(err.Error(), "missing.toml") {
		t.Fatalf("missing file error %v", err)
	}
}

func TestJumpRulesConvertSecondsToTicks(t *testing.T) {
	c := DefaultConfig()
	// 0.14 s * 60 Hz = 8.4 -> 8 ticks; * 40 Hz = 5.6 -> 6 ticks (rounded
	// to nearest); * 120 Hz = 16.8 -> 17.
	for _, tc := range []struct {
		rate float64
		want int
	}{{60, 8}, {40, 6}, {120, 17}} {
		r := c.JumpRules(tc.rate)
		if !r.Enabled || r.BufferTicks != tc.want || r.CoyoteTicks != tc.want || r.AutoHop || r.LandingGraceTicks != 0 {
			t.Errorf("rate %v: %+v, want buffer = coyote = %d", tc.rate, r, tc.want)
		}
	}
	c.JumpHeight = 0
	if c.JumpRules(60).Enabled {
		t.Error("jump_height 0 must disable jumping")
	}
}

func TestJumpSpeedFromHeight(t *testing.T) {
	c := DefaultConfig()
	// v = sqrt(2 g h) = sqrt(2*24*1.15) = sqrt(55.2); a body thrown up at v
	// under g peaks at v^2/(2g) = h.
	v := c.JumpSpeed()
	if math.Abs(v-math.Sqrt(55.2)) > 1e-12 {
		t.Fatalf("jump speed %v, want sqrt(55.2)", v)
	}
	if apex := v * v / (2 * c.Gravity); math.Abs(apex-c.JumpHeight) > 1e-12 {
		t.Fatalf("apex %v, want %v", apex, c.JumpHeight)
	}
	if c.RunnerMaxFrameDt() != 0.075 || math.Abs(c.MaxSlopeClimbRad()-42.5*math.Pi/180) > 1e-15 {
		t.Fatal("unit conversions")
	}
}

func FuzzParse(f *testing.F) {
	f.Add(DefaultTOML())
	f.Add([]byte("max_speed = 1e9\n"))
	f.Add([]byte("gravity = nan\njump_height = inf\n"))
	f.Add([]byte("[motor]\nx=1"))
	f.Add([]byte("crouch_speed = 0.1\nmax_speed = 0.1\nsprint_speed = 0.1\nair_control = 0\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		c, err := Parse(data, "fuzz.toml")
		if err != nil {
			if c != DefaultConfig() {
				t.Fatalf("failed parse returned a changed config %+v", c)
			}
			return
		}
		if err := c.Validate("again"); err != nil {
			t.Fatalf("accepted config fails validation: %v", err)
		}
		if v := c.JumpSpeed(); math.IsNaN(v) || math.IsInf(v, 0) {
			t.Fatalf("jump speed %v", v)
		}
		m, err := New(c)
		if err != nil {
			t.Fatal(err)
		}
		runTicks(m, 30)
	})
}

func TestDocsListEveryKnob(t *testing.T) {
	data, err := os.ReadFile(filepath.Join("..", "..", "docs", "motors", "fps.md"))
	if err != nil {
		t.Fatal(err)
	}
	f := func(x float64) string { return strconv.FormatFloat(x, 'g', -1, 64) }
	def := DefaultConfig()
	for _, k := range Knobs {
		var row string
		for _, line := range strings.Split(string(data), "\n") {
			if strings.HasPrefix(line, "| `"+k.Key+"` |") {
				row = line
			}
		}
		if row == "" {
			t.Errorf("docs/motors/fps.md has no table row for %s", k.Key)
			continue
		}
		for _, want := range []string{
			"| " + k.Unit + " |", "| " + f(*k.Field(&def)) + " |",
			f(k.SuggestLo) + "–" + f(k.SuggestHi), "| " + f(k.AllowLo) + "–" + f(k.AllowHi) + " |",
		} {
			if k.Unit == "" && strings.HasPrefix(want, "|  |") {
				want = "| – |"
			}
			if !strings.Contains(row, want) {
				t.Errorf("docs row for %s lacks %q: %s", k.Key, want, row)
			}
		}
	}
}
