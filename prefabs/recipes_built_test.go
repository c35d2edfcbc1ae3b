package prefabs_test

import (
	"flag"
	"os"
	"path/filepath"
	"testing"

	"github.com/seedgames/motorkit/config"
	"github.com/seedgames/motorkit/prefabs"
)

var updateBuilt = flag.Bool("update-built", false, "rewrite testdata/built/*.toml from the recipes as they build now")

// builtRecipe is what a built recipe gives its characters, as TOML.
type builtRecipe struct {
	Body          [2][3]float64       `toml:"body"` // position, velocity
	View          [2]float64          `toml:"view"` // yaw, pitch (rad)
	CapturePolicy int                 `toml:"capture_policy"`
	MotorKind     string              `toml:"motor_kind"`
	Motor         any                 `toml:"motor"`
	KCC           prefabs.KCCSettings `toml:"kcc"`
}

// TestRecipesBuildTheRecordedValues: every embedded recipe builds to the
// values recorded in testdata/built (its motor configuration, its KCC
// settings, body, view and capture policy). The recipes set only what
// differs from the motor's defaults and from DefaultKCCSettings, so this
// test is what shows that a recipe trimmed, or a default moved, gives its
// characters the same values as before.
func TestRecipesBuildTheRecordedValues(t *testing.T) {
	lib, err := prefabs.NewLibrary()
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"arena_player", "capsule_walker", "fps_player", "hybrid_player", "rpg_player"} {
		r, err := lib.Recipe(name)
		if err != nil {
			t.Fatal(err)
		}
		b := builtRecipe{
			Body:          [2][3]float64{r.Body.Position, r.Body.Velocity},
			View:          [2]float64{r.View.Yaw, r.View.Pitch},
			CapturePolicy: int(r.CapturePolicy),
			MotorKind:     r.MotorKind, Motor: r.MotorConfig, KCC: r.KCC,
		}
		got, err := config.Encode(b)
		if err != nil {
			t.Fatal(err)
		}
		path := filepath.Join("testdata", "built", name+".toml")
		if *updateBuilt {
			if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(path, got, 0o644); err != nil {
				t.Fatal(err)
			}
			continue
		}
		want, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		if string(got) != string(want) {
			t.Errorf("%s builds to\n%s\nwant (%s)\n%s", name, got, path, want)
		}
	}
}
