package config_test

import (
	"strings"
	"testing"

	"github.com/seedgames/motorkit/config"
	"github.com/seedgames/motorkit/motors/fps"
	"github.com/seedgames/motorkit/motors/hybrid"
)

// A degree key holding a radian-sized value loads, with a warning that
// names the file, the key and the value in degrees it would be; a plausible
// degree value (the defaults included) warns nothing; the same warning is
// given once.
func TestDegreeKeysWarnAboutRadians(t *testing.T) {
	var got []config.Warning
	prev := config.SetWarningHandler(func(w config.Warning) { got = append(got, w) })
	defer config.SetWarningHandler(prev)

	if _, err := hybrid.Parse([]byte("# turn rates\nrotation_speed_deg = 8\n"), "hero.toml"); err != nil {
		t.Fatal(err)
	}
	if _, err := fps.Parse([]byte("max_slope_climb_deg = 0.74\n"), "fps_mine.toml"); err != nil {
		t.Fatal(err)
	}
	if _, err := fps.Parse([]byte("max_slope_climb_deg = 42.5\n"), "fine.toml"); err != nil {
		t.Fatal(err)
	}
	if _, err := hybrid.Parse(hybrid.DefaultTOML(), "hybrid.toml"); err != nil {
		t.Fatal(err)
	}
	if _, err := hybrid.Parse([]byte("# turn rates\nrotation_speed_deg = 8\n"), "hero.toml"); err != nil {
		t.Fatal(err)
	}
	if len(got) != 2 {
		t.Fatalf("%d warnings, want 2: %v", len(got), got)
	}
	for i, want := range []string{`hero.toml: key "rotation_speed_deg": 8 looks like radians; in degrees that is 458.4`,
		`fps_mine.toml: key "max_slope_climb_deg": 0.74 looks like radians; in degrees that is 42.4`} {
		if !strings.HasPrefix(got[i].String(), want) {
			t.Errorf("warning %d: %s\nwant it to start with %s", i, got[i], want)
		}
	}
}
