package motors_test

import (
	"fmt"
	"reflect"
	"strings"
	"testing"

	"github.com/seedgames/motorkit/config"
	"github.com/seedgames/motorkit/motors/arena"
	"github.com/seedgames/motorkit/motors/basic"
	"github.com/seedgames/motorkit/motors/fps"
	"github.com/seedgames/motorkit/motors/hybrid"
	"github.com/seedgames/motorkit/prefabs"
)

// renamedKey is a key of v0.1 and what it reads as: a motor file (Parse)
// and a recipe's [motor] table setting old = value give the configuration
// that nu = want gives, with one warning naming the file, the line and the
// old key (and the conversion, for a window that was counted in ticks).
type renamedKey struct {
	old, value string
	nu, want   string
	note       string
}

// oldKeysOf checks every renamed key of one motor kind; the type
// parameter has the compiler check parse's signature.
func oldKeysOf[C any](t *testing.T, kind string, parse func([]byte, string) (C, error), keys []renamedKey) {
	var got []config.Warning
	prev := config.SetWarningHandler(func(w config.Warning) { got = append(got, w) })
	defer config.SetWarningHandler(prev)
	lib, err := prefabs.NewLibrary()
	if err != nil {
		t.Fatal(err)
	}
	for i, k := range keys {
		t.Run(k.old, func(t *testing.T) {
			want, err := parse([]byte(k.nu+" = "+k.want+"\n"), "new.toml")
			if err != nil {
				t.Fatal(err)
			}
			got = nil
			file := fmt.Sprintf("old_%s_%d.toml", kind, i)
			c, err := parse([]byte("# v0.1\n"+k.old+" = "+k.value+"\n"), file)
			if err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(c, want) {
				t.Errorf("%s = %s reads as %+v, want %s = %s: %+v", k.old, k.value, c, k.nu, k.want, want)
			}
			checkWarning(t, got, file, 2, k.old, k)

			got = nil
			recipe := fmt.Sprintf("old_%s_%d_recipe.toml", kind, i)
			name := strings.TrimSuffix(recipe, ".toml")
			text := "[motor]\nkind = \"" + kind + "\"\n" + k.old + " = " + k.value + "\n"
			if err := lib.AddRecipe(name, []byte(text), recipe); err != nil {
				t.Fatal(err)
			}
			r, err := lib.Recipe(name)
			if err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(r.MotorConfig, any(want)) {
				t.Errorf("recipe [motor] %s = %s reads as %+v, want %+v", k.old, k.value, r.MotorConfig, want)
			}
			checkWarning(t, got, recipe, 3, "motor."+k.old, k)
		})
	}
}

func checkWarning(t *testing.T, got []config.Warning, source string, line int, key string, k renamedKey) {
	t.Helper()
	if len(got) != 1 {
		t.Fatalf("%d warnings, want 1: %v", len(got), got)
	}
	w := got[0]
	if w.Source != source || w.Line != line || w.Key != key || !strings.Contains(w.Reason, `renamed "`+k.nu+`"`) ||
		!strings.Contains(w.Reason, config.Until) || !strings.Contains(w.Reason, k.note) {
		t.Errorf("warning %q, want %s:%d, key %q renamed %q, %q", w, source, line, key, k.nu, k.note)
	}
}

// TestOldKeysLoad: every key v0.2.0 renamed for one vocabulary across the
// motors (docs/motors/README.md#vocabulary) loads until v0.4.0, from a
// motor file and from a recipe's [motor] table alike.
func TestOldKeysLoad(t *testing.T) {
	t.Run("arena", func(t *testing.T) {
		oldKeysOf(t, arena.Kind, arena.Parse, []renamedKey{
			{"max_speed_ground", "9", "max_speed", "9", ""},
			{"ground_accel", "12", "ground_accel_rate", "12", ""},
			{"air_accel_base", "6", "air_accel_rate", "6", ""},
			{"jump_buffer_ticks", "3", "jump_buffer_time", "0.05", "3 ticks read as 0.05 s at 60 Hz"},
			{"jump_buffer_window_ticks", "6", "jump_buffer_time", "0.1", "6 ticks read as 0.1 s at 60 Hz"},
			{"landing_grace_ticks", "2", "landing_grace_time", "0.03333333333333333", "2 ticks read as 0.03333 s at 60 Hz"},
		})
	})
	t.Run("basic", func(t *testing.T) {
		oldKeysOf(t, basic.Kind, basic.Parse, []renamedKey{
			{"accel", "30", "ground_accel", "30", ""},
			{"jump_buffer_ticks", "6", "jump_buffer_time", "0.1", "6 ticks read as 0.1 s at 60 Hz"},
			{"coyote_ticks", "9", "coyote_time", "0.15", "9 ticks read as 0.15 s at 60 Hz"},
		})
	})
	t.Run("fps", func(t *testing.T) {
		oldKeysOf(t, fps.Kind, fps.Parse, []renamedKey{
			{"walk_speed", "4", "max_speed", "4", ""},
			{"max_slope_deg", "40", "max_slope_climb_deg", "40", ""},
			{"ground_snap", "0.1", "snap_to_ground", "0.1", ""},
			{"jump_buffer", "0.12", "jump_buffer_time", "0.12", ""},
		})
	})
	t.Run("hybrid", func(t *testing.T) {
		oldKeysOf(t, hybrid.Kind, hybrid.Parse, []renamedKey{
			{"run_speed", "4", "max_speed", "4", ""},
			{"acceleration", "25", "ground_accel", "25", ""},
			{"deceleration", "12", "ground_decel", "12", ""},
		})
	})
}
