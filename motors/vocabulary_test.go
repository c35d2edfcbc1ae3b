package motors_test

import (
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/seedgames/motorkit/config"
	"github.com/seedgames/motorkit/motors/arena"
	"github.com/seedgames/motorkit/motors/basic"
	"github.com/seedgames/motorkit/motors/fps"
	"github.com/seedgames/motorkit/motors/hybrid"
	"github.com/seedgames/motorkit/prefabs"
)

// v01Keys are the keys v0.2.0 renamed for one vocabulary across the motors
// (docs/motors/README.md#renamed-in-v020), by motor kind. They loaded with
// a warning until v0.3.0.
var v01Keys = map[string][]string{
	arena.Kind:  {"max_speed_ground", "ground_accel", "air_accel_base", "jump_buffer_ticks", "jump_buffer_window_ticks", "landing_grace_ticks"},
	basic.Kind:  {"accel", "jump_buffer_ticks", "coyote_ticks"},
	fps.Kind:    {"walk_speed", "max_slope_deg", "ground_snap", "jump_buffer"},
	hybrid.Kind: {"run_speed", "acceleration", "deceleration"},
}

// TestV01KeysRefused: from v0.3.0 on, a v0.1 key is an unknown key, in a
// motor file and in a recipe's [motor] table alike: an error naming the
// source, the line and the key, with no value read. (hybrid's walk_speed
// is a key of its own, the walk tier, so only fps's is old.)
func TestV01KeysRefused(t *testing.T) {
	parse := map[string]func([]byte, string) error{
		arena.Kind:  func(b []byte, s string) error { _, err := arena.Parse(b, s); return err },
		basic.Kind:  func(b []byte, s string) error { _, err := basic.Parse(b, s); return err },
		fps.Kind:    func(b []byte, s string) error { _, err := fps.Parse(b, s); return err },
		hybrid.Kind: func(b []byte, s string) error { _, err := hybrid.Parse(b, s); return err },
	}
	lib, err := prefabs.NewLibrary()
	if err != nil {
		t.Fatal(err)
	}
	for _, kind := range []string{arena.Kind, basic.Kind, fps.Kind, hybrid.Kind} {
		for _, old := range v01Keys[kind] {
			file := fmt.Sprintf("old_%s_%s.toml", kind, old)
			refused(t, parse[kind]([]byte("# v0.1\n"+old+" = 3\n"), file), file, 2, old)
			text := "[motor]\nkind = \"" + kind + "\"\n" + old + " = 3\n"
			name := strings.TrimSuffix(file, ".toml") + "_recipe"
			refused(t, lib.AddRecipe(name, []byte(text), name+".toml"), name+".toml", 3, "motor."+old)
		}
	}
}

func refused(t *testing.T, err error, source string, line int, key string) {
	t.Helper()
	var ce *config.Error
	if !errors.As(err, &ce) || ce.Source != source || ce.Line != line || ce.Key != key || !strings.HasPrefix(ce.Reason, "unknown key") {
		t.Errorf("%s:%d %s: error %v, want an unknown key there", source, line, key, err)
	}
}
