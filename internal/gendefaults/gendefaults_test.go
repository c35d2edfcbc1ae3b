package gendefaults

import (
	"path/filepath"
	"strings"
	"testing"
)

type Config struct {
	MaxSpeed float64
	Ratio    float64
	Ticks    int
	Mode     string
	On       bool
	Hidden   float64
}

func TestRender(t *testing.T) {
	s := Spec{Dir: filepath.Join("testdata", "sample"), Type: "Config", Header: "Sample defaults.\n\nDo not edit.",
		Value:   Config{MaxSpeed: 5, Ratio: 1.0 / 3, Ticks: 6, Mode: "a", On: true},
		Ranges:  []Range{{Key: "max_speed", Min: 0.1, Max: 100}, {Key: "max_speed", Min: 1, Max: 2}, {Key: "ticks", Max: 120, Int: true}},
		Allowed: map[string]string{"ratio": "[0, max_speed]"},
		Notes:   map[string]string{"mode": "Any other value is refused."}}
	got, err := Render(s)
	if err != nil {
		t.Fatal(err)
	}
	want := `# Sample defaults.
#
# Do not edit.

# --- Speeds ---

# max_speed is the speed of a full stick (m/s). Allowed [0.1, 100].
max_speed = 5.0

# ratio is a fraction of max_speed. Allowed [0, max_speed].
ratio = 0.3333333333333333

# ticks counts ticks. Allowed [0, 120].
ticks = 6

# mode is "a" or "b". Any other value is refused.
mode = "a"

# on switches it on.
on = true
`
	if string(got) != want {
		t.Fatalf("Render:\n%s\nwant:\n%s", got, want)
	}
	if err := Check(s, "sample.toml", got, false); err != nil {
		t.Fatal(err)
	}
	err = Check(s, "sample.toml", []byte(strings.Replace(want, "6", "7", 1)), false)
	if err == nil || !strings.Contains(err.Error(), `sample.toml is not generated`) || !strings.Contains(err.Error(), "line 14") {
		t.Fatalf("a changed default: %v", err)
	}
}

// TestRenderRefusesStatedDefaults: a field doc comment that states a
// default or an allowed range, or a field with none, is an error.
func TestRenderRefusesStatedDefaults(t *testing.T) {
	type Config struct{ Speed, Undocumented float64 }
	_, err := Render(Spec{Dir: filepath.Join("testdata", "bad"), Type: "Config", Value: Config{}})
	if err == nil {
		t.Fatal("no error")
	}
	for _, want := range []string{`states "Default 5"`, "undocumented) has no doc comment"} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("error %q lacks %q", err, want)
		}
	}
	for _, ok := range []string{"off by default", "DefaultConfig", "the default tier", "allowed to jump"} {
		if m := statedNumber.FindString(ok); m != "" {
			t.Errorf("%q is taken for a stated number (%q)", ok, m)
		}
	}
}
