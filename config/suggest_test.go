package config

import (
	"strings"
	"testing"
)

type suggestInner struct {
	MaxSpeed float64 `toml:"max_speed"`
	Friction float64 `toml:"friction"`
}

type suggestOuter struct {
	Motor suggestInner   `toml:"motor"`
	Boxes []suggestInner `toml:"box"`
	Name  string         `toml:"name"`
}

// TestUnknownKeySuggests: an unknown key close to a known one of the same
// table names it ("did you mean"), in nested tables and arrays of tables
// too; a key far from every known one gets no suggestion.
func TestUnknownKeySuggests(t *testing.T) {
	for _, c := range []struct{ toml, want string }{
		{"[motor]\nmax_sped = 3\n", `unknown key (did you mean "max_speed"?)`},
		{"[motor]\nfrcition = 3\n", `(did you mean "friction"?)`},
		{"[[box]]\nmaxspeed = 3\n", `(did you mean "max_speed"?)`},
		{"nmae = \"x\"\n", `(did you mean "name"?)`},
	} {
		var v suggestOuter
		err := Decode([]byte(c.toml), "s.toml", &v)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%q: %v, want %s", c.toml, err, c.want)
		}
	}
	var v suggestOuter
	err := Decode([]byte("[motor]\ngravity_scale = 3\n"), "s.toml", &v)
	if err == nil || strings.Contains(err.Error(), "did you mean") {
		t.Errorf("far key: %v, want no suggestion", err)
	}
	if d := editDistance("kitten", "sitting"); d != 3 {
		t.Errorf("editDistance = %d, want 3", d)
	}
}
