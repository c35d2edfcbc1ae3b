package prefabs_test

import (
	"strings"
	"testing"

	"github.com/seedgames/motorkit/prefabs"
)

// Errors in a user's recipe file name the user's file and line, whatever
// recipe, section or kind of problem (type, unknown key, range).
func TestRecipeErrorsCiteUserLine(t *testing.T) {
	for _, tc := range []struct {
		name, text, want string
	}{
		{"type in a new recipe", "# my recipes\n\n[prefab.runner.motor]\nkind = \"rpg\"\nmax_speed = \"fast\"\n",
			`mine.toml:5: key "motor.max_speed"`},
		{"unknown key in a new recipe", "# my recipes\n\n[prefab.runner.motor]\nkind = \"rpg\"\n\nmax_speedd = 3\n",
			`mine.toml:6: key "motor.max_speedd": unknown key`},
		{"range in an override", "# x\n\n\n[prefab.arena_player.motor]\nfriction = 1e9\n",
			`mine.toml:5: key "motor.friction"`},
		{"kcc range, dotted key", "[prefab.runner]\nmotor.kind = \"basic\"\n\n[prefab.runner.kcc]\nradius = -3\n",
			`mine.toml:5: key "kcc.radius"`},
		{"second recipe", "[prefab.a.motor]\nkind = \"rpg\"\n\n[prefab.b.motor]\nkind = \"rpg\"\ntau_accel = -1\n",
			`mine.toml:6: key "motor.tau_accel"`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			l, err := prefabs.NewLibrary()
			if err != nil {
				t.Fatal(err)
			}
			err = l.LoadTOML([]byte(tc.text), "mine.toml")
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("got %v\nwant it to contain %s", err, tc.want)
			}
		})
	}
}
