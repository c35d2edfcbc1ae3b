package play

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/BurntSushi/toml"
	"github.com/seedgames/motorkit/components"
	"github.com/seedgames/motorkit/config"
	"github.com/seedgames/motorkit/motors/arena"
	"github.com/seedgames/motorkit/motors/fps"
	"github.com/seedgames/motorkit/motors/hybrid"
	"github.com/seedgames/motorkit/motors/rpg"
	"github.com/seedgames/motorkit/prefabs"
)

// Tuning is a live-tuning file in force for one motor kind: recipe TOML
// merged over the kind's prefab (Prefab(Kind)).
type Tuning struct {
	// Kind is the motor kind the tuning is for.
	Kind string `json:"kind"`
	// Text is recipe-layout TOML ([motor], [kcc], [jump] tables).
	Text string `json:"text"`
	// Source names the file it came from.
	Source string `json:"source"`
}

var recipeSections = map[string]bool{"body": true, "view": true, "kcc": true, "jump": true, "motor": true,
	// the abilities' tables (AbilityTables): a tuning file may tune them
	"climb": true, "swim": true, "ledge": true, "wall": true, "drop_through": true}

// ParseTuning reads a tuning file. Two layouts are accepted:
//
//   - a recipe file: [motor] (with or without kind), [kcc], [jump] ...
//     tables, like prefabs/data/arena_player.toml or a file F5 wrote (the
//     abilities' tables, [climb] ... [drop_through], may be among them);
//   - a bare motor file: the keys of one motor's TOML at the top level,
//     like motors/arena/arena.toml.
//
// The tuning is for the [motor] table's kind when it names one, else for
// current (the motor being played). It is validated by building the
// recipe; errors are *config.Error naming the file (source) and the key,
// with the range for out-of-range values.
func ParseTuning(data []byte, source, current string) (*Tuning, error) {
	tree := map[string]any{}
	if _, err := toml.Decode(string(data), &tree); err != nil {
		return nil, config.AsError(err, source)
	}
	recipe := false
	for k, v := range tree {
		if _, isTable := v.(map[string]any); isTable && recipeSections[k] {
			recipe = true
		}
	}
	if !recipe {
		tree = map[string]any{"motor": tree}
	}
	kind := current
	mt, _ := tree["motor"].(map[string]any)
	if mt != nil {
		if k, ok := mt["kind"].(string); ok {
			kind = k
		} else if _, has := mt["kind"]; has {
			return nil, &config.Error{Source: source, Key: "motor.kind", Reason: "must be a string"}
		}
		mt["kind"] = kind
	}
	if !knownMotor(kind) {
		return nil, &config.Error{Source: source, Key: "motor.kind",
			Reason: fmt.Sprintf("%q is not one of %s", kind, strings.Join(Motors[:], ", "))}
	}
	text, err := config.Encode(tree)
	if err != nil {
		return nil, &config.Error{Source: source, Reason: err.Error()}
	}
	t := &Tuning{Kind: kind, Text: string(text), Source: source}
	var s Session
	if _, err := s.recipe(kind, t); err != nil {
		return nil, renameSource(err, source)
	}
	return t, nil
}

// renameSource makes a recipe error name the tuning file: the prefab
// loader names the recipe and "override 1"; the user edited source.
func renameSource(err error, source string) error {
	var ce *config.Error
	if !errors.As(err, &ce) {
		return fmt.Errorf("%s: %w", source, err)
	}
	out := *ce
	if strings.HasSuffix(ce.Source, "[motor]") && ce.Key != "" && !strings.HasPrefix(ce.Key, "motor.") {
		out.Key = "motor." + ce.Key
	}
	out.Source = source
	return &out
}

// LoadTuning reads and parses a tuning file (see ParseTuning).
func LoadTuning(path, current string) (*Tuning, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	return ParseTuning(data, filepath.Base(path), current)
}

// CurrentTOML returns the configuration of the motor being played as a
// recipe-layout tuning file: every key of its [motor] table (with kind)
// and its [kcc] table, as in force now. ParseTuning reads it back to the
// same configuration.
func (s *Session) CurrentTOML() ([]byte, error) {
	e := s.entry()
	var mdata []byte
	var err error
	switch m := components.Motor.Get(e).Motor.(type) {
	case *arena.Motor:
		mdata, err = arena.Encode(m.Config())
	case *rpg.Motor:
		mdata, err = rpg.Encode(m.Config())
	case *hybrid.Motor:
		mdata, err = hybrid.Encode(m.Config())
	case *fps.Motor:
		mdata, err = fps.Encode(m.Config())
	default:
		return nil, fmt.Errorf("play: motor %T has no TOML encoder", m)
	}
	if err != nil {
		return nil, err
	}
	mt := map[string]any{}
	if _, err := toml.Decode(string(mdata), &mt); err != nil {
		return nil, err
	}
	mt["kind"] = s.motor
	r, err := s.recipe(s.motor, s.tuning)
	if err != nil {
		return nil, err
	}
	kt := map[string]any{}
	kdata, err := config.Encode(r.KCC)
	if err != nil {
		return nil, err
	}
	if _, err := toml.Decode(string(kdata), &kt); err != nil {
		return nil, err
	}
	if _, derived := components.Motor.Get(e).Motor.(prefabs.Verticaler); derived {
		// The motor derives these (jump speed from jump height): leaving
		// them out keeps a later motor edit effective.
		delete(kt, "gravity")
		delete(kt, "jump_speed")
		delete(kt, "max_fall_speed")
	}
	body, err := config.Encode(map[string]any{"motor": mt, "kcc": kt})
	if err != nil {
		return nil, err
	}
	head := fmt.Sprintf("# Playground tuning for the %s motor: every knob in force. Run\n#   go run ./demo/playground -config THIS_FILE\n# and save this file while playing to rebuild the motor. The [motor] keys are\n# those of motors/%s/%s.toml, the [kcc] keys those of prefabs/data/%s.toml.\n",
		s.motor, s.motor, s.motor, Prefab(s.motor))
	return append([]byte(head), body...), nil
}
