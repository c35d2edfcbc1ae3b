package play

import (
	"errors"
	"fmt"
	"math"
	"regexp"
	"strings"

	"github.com/BurntSushi/toml"
	"github.com/seedgames/motorkit/components"
	"github.com/seedgames/motorkit/config"
	"github.com/seedgames/motorkit/motors/arena"
	"github.com/seedgames/motorkit/motors/fps"
	"github.com/seedgames/motorkit/motors/hybrid"
	"github.com/seedgames/motorkit/motors/rpg"
)

// PanelKnob is one numeric knob of the motor in force, as the tuning panel
// shows it: its key, the range its validator allows and its value.
type PanelKnob struct {
	config.Knob
	Value float64
	// Ability marks a knob of the player's abilities (AbilityKnobs; set
	// with SetAbilityKnob), not of its motor.
	Ability bool
}

// MotorKnobs lists the numeric knobs of the motor in force, in the order
// its validator checks them, with their ranges (from that validator,
// config.Knobs) and current values.
func (s *Session) MotorKnobs() ([]PanelKnob, error) {
	var validate func() error
	switch m := components.Motor.Get(s.entry()).Motor.(type) {
	case *arena.Motor:
		c := m.Config()
		validate = func() error { return c.Validate("knobs") }
	case *rpg.Motor:
		c := m.Config()
		validate = func() error { return c.Validate("knobs") }
	case *hybrid.Motor:
		c := m.Config()
		validate = func() error { return c.Validate("knobs") }
	case *fps.Motor:
		c := m.Config()
		validate = func() error { return c.Validate("knobs") }
	default:
		return nil, fmt.Errorf("play: motor %T has no knobs", m)
	}
	mt, err := s.motorTable()
	if err != nil {
		return nil, err
	}
	var out []PanelKnob
	seen := map[string]bool{}
	for _, k := range config.Knobs(validate) {
		v, ok := number(mt[k.Key])
		if !ok || seen[k.Key] {
			continue // a derived check, or a key checked twice
		}
		seen[k.Key] = true
		out = append(out, PanelKnob{Knob: k, Value: v})
	}
	return out, nil
}

// motorTable is the [motor] table of CurrentTOML.
func (s *Session) motorTable() (map[string]any, error) {
	_, mt, err := s.currentTree()
	return mt, err
}

// currentTree is CurrentTOML decoded, and its [motor] table.
func (s *Session) currentTree() (tree, motor map[string]any, err error) {
	data, err := s.CurrentTOML()
	if err != nil {
		return nil, nil, err
	}
	tree = map[string]any{}
	if _, err := toml.Decode(string(data), &tree); err != nil {
		return nil, nil, err
	}
	motor, _ = tree["motor"].(map[string]any)
	if motor == nil {
		return nil, nil, errors.New("play: no [motor] table")
	}
	return tree, motor, nil
}

func number(v any) (float64, bool) {
	switch x := v.(type) {
	case float64:
		return x, true
	case int64:
		return float64(x), true
	}
	return 0, false
}

// SetKnob sets one [motor] key of the motor in force to v (clamped to
// k's range, rounded for an integer key) and applies it at once as a
// tuning (ApplyTuning: recorded while recording). It returns the tuning
// file's text, for writing back to a -config file.
func (s *Session) SetKnob(k config.Knob, v float64) ([]byte, error) {
	v = math.Max(k.Min, math.Min(k.Max, v))
	tree, mt, err := s.currentTree()
	if err != nil {
		return nil, err
	}
	if k.Int {
		mt[k.Key] = int64(math.Round(v))
	} else {
		mt[k.Key] = v
	}
	out, err := config.Encode(tree)
	if err != nil {
		return nil, err
	}
	t, err := ParseTuning(out, "tuning panel", s.motor)
	if err != nil {
		return nil, err
	}
	if err := s.ApplyTuning(t); err != nil {
		return nil, err
	}
	return out, nil
}

// TuningFile is CurrentTOML with each [motor] key annotated: the range its
// validator allows and the comment of that key in the motor's default
// file (motors/<kind>/<kind>.toml), so a file written by F5 or the tuning
// panel says what every number means and how far it may go.
func (s *Session) TuningFile() ([]byte, error) {
	data, err := s.CurrentTOML()
	if err != nil {
		return nil, err
	}
	ks, err := s.MotorKnobs()
	if err != nil {
		return data, nil // plain, unannotated
	}
	ranges := map[string]config.Knob{}
	for _, k := range ks {
		ranges[k.Key] = k.Knob
	}
	comments := keyComments(defaultTOMLOf(s.motor))
	var out []string
	inMotor := false
	for _, line := range strings.Split(string(data), "\n") {
		t := strings.TrimSpace(line)
		if strings.HasPrefix(t, "[") {
			inMotor = t == "[motor]"
		}
		if key, _, ok := strings.Cut(t, "="); ok && inMotor && !strings.HasPrefix(t, "#") {
			key = strings.TrimSpace(key)
			var notes []string
			if k, ok := ranges[key]; ok {
				notes = append(notes, fmt.Sprintf("[%g, %g]", k.Min, k.Max))
			}
			if c := comments[key]; c != "" {
				notes = append(notes, c)
			}
			if len(notes) > 0 {
				line += "  # " + strings.Join(notes, " ")
			}
		}
		out = append(out, line)
	}
	return []byte(strings.Join(out, "\n")), nil
}

func defaultTOMLOf(kind string) []byte {
	switch kind {
	case "arena":
		return arena.DefaultTOML()
	case "rpg":
		return rpg.DefaultTOML()
	case "hybrid":
		return hybrid.DefaultTOML()
	case "fps":
		return fps.DefaultTOML()
	}
	return nil
}

// keyComments maps each key of a motor's default file to what its comment
// says of it: the comment above the key (the generated files write one
// there), without the allowed range the annotation gives itself, or a
// comment at the end of the key's line.
func keyComments(data []byte) map[string]string {
	out := map[string]string{}
	var above []string
	for _, line := range strings.Split(string(data), "\n") {
		t := strings.TrimSpace(line)
		if strings.HasPrefix(t, "#") {
			above = append(above, strings.TrimSpace(strings.TrimPrefix(t, "#")))
			continue
		}
		kv, c, trailing := strings.Cut(line, "#")
		key, _, ok := strings.Cut(kv, "=")
		if k := strings.TrimSpace(key); ok && k != "" && !strings.ContainsAny(k, " [") {
			switch {
			case trailing:
				out[k] = strings.TrimSpace(c)
			case len(above) > 0:
				out[k] = strings.TrimSpace(allowedRange.ReplaceAllString(strings.Join(above, " "), ""))
			}
		}
		above = nil
	}
	return out
}

// allowedRange is the "Allowed [lo, hi]." sentence of a generated comment.
var allowedRange = regexp.MustCompile(` ?Allowed \[[^\]]*\]\.`)
