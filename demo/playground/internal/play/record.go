package play

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"strings"

	"github.com/go-gl/mathgl/mgl64"
	"github.com/seedgames/motorkit/components"
	"github.com/seedgames/motorkit/trace"
)

// Event is a motor switch, a tuning change, a reset (Reset) or an ability
// knob's change (Ability; Motor is the motor in force) made while
// recording, after Tick ticks had run.
type Event struct {
	Tick    uint64       `json:"tick"`
	Motor   string       `json:"motor"`
	Tuning  *Tuning      `json:"tuning,omitempty"`
	Reset   bool         `json:"reset,omitempty"`
	Ability *AbilityKnob `json:"ability,omitempty"`
}

// Meta is the playground's part of a recording: what the trace header
// cannot say. It is stored as JSON on the trace file's first line, a TOML
// comment, so the file stays a normal motorkit trace (trace.Load and
// demo/plot read it).
type Meta struct {
	Level  string  `json:"level"`
	Motor  string  `json:"motor"`
	Tuning *Tuning `json:"tuning,omitempty"`
	Events []Event `json:"events,omitempty"`
	// Abilities is AbilitiesOn when the player had the movement abilities
	// (AbilityTables), AbilitiesOff when not; empty in recordings made
	// before the playground had them (auto).
	Abilities string `json:"abilities,omitempty"`
}

const metaPrefix = "# playground "

// Recording is a recorded session: the per-tick trace and the meta data.
type Recording struct {
	Trace *trace.Trace
	Meta  Meta
}

func (s *Session) startRecording() {
	e := s.entry()
	b := components.Body.Get(e)
	pos := [3]float64(b.Position)
	yaw := components.View.Get(e).Yaw
	h := trace.Trace{TickRate: TickRate, Prefab: Prefab(s.motor), Spawn: trace.Spawn{Position: &pos, Yaw: &yaw}}
	if !strings.HasSuffix(s.LevelName, ".toml") {
		h.Level = s.LevelName
	}
	if s.abilities {
		h.Override = AbilityTables // trace.Replay gives the player them too
	}
	if s.tuning != nil && s.tuning.Kind == s.motor {
		h.Override += s.tuning.Text
	}
	s.rec = trace.NewRecorder(h)
	s.rec.CheckEvery(trace.DefaultCheckEvery, "entity", func() uint64 { return trace.EntityHash(s.entry()) })
	s.meta = Meta{Level: s.LevelName, Motor: s.motor, Abilities: onOff(s.abilities)}
	if s.tuning != nil {
		t := *s.tuning
		s.meta.Tuning = &t
	}
}

// recordEvent records ev as made now, between ticks.
func (s *Session) recordEvent(ev Event) { s.recordEventAt(s.Pipeline.Ticks(), ev) }

// recordEventAt records ev as made after tick ticks had run.
func (s *Session) recordEventAt(ticks uint64, ev Event) {
	if s.rec == nil {
		return
	}
	ev.Tick = ticks
	s.meta.Events = append(s.meta.Events, ev)
}

// Recording returns the recording so far (nil when not recording).
func (s *Session) Recording() *Recording {
	if s.rec == nil {
		return nil
	}
	m := s.meta
	m.Events = append([]Event(nil), s.meta.Events...)
	return &Recording{Trace: s.rec.Trace(), Meta: m}
}

// Encode writes the recording as a trace file whose first line holds the
// meta data. Without motor switches or tuning changes the file replays
// with trace.Replay as well (same prefab, level, override and spawn).
func (r *Recording) Encode() ([]byte, error) {
	body, err := r.Trace.Encode()
	if err != nil {
		return nil, err
	}
	mj, err := json.Marshal(r.Meta)
	if err != nil {
		return nil, err
	}
	var b bytes.Buffer
	b.WriteString(metaPrefix)
	b.Write(mj)
	b.WriteString("\n")
	b.Write(body)
	return b.Bytes(), nil
}

// Save writes the recording to path.
func (r *Recording) Save(path string) error {
	data, err := r.Encode()
	if err != nil {
		return err
	}
	return os.WriteFile(path, data, 0o644)
}

// ParseRecording reads a recording. A plain trace without the meta line
// (any motorkit trace of one of the four players' prefabs) is accepted
// too: its prefab picks the motor and its level the level.
func ParseRecording(data []byte, source string) (*Recording, error) {
	tr, err := trace.Parse(data, source)
	if err != nil {
		return nil, err
	}
	r := &Recording{Trace: tr}
	line, _, _ := bytes.Cut(data, []byte("\n"))
	if rest, ok := bytes.CutPrefix(line, []byte(metaPrefix)); ok {
		if err := json.Unmarshal(rest, &r.Meta); err != nil {
			return nil, fmt.Errorf("%s: line 1: playground meta data: %w", source, err)
		}
	} else {
		kind, ok := strings.CutSuffix(tr.Prefab, "_player")
		if !ok || !knownMotor(kind) {
			return nil, fmt.Errorf("%s: prefab %q is not one of the playground's players", source, tr.Prefab)
		}
		r.Meta = Meta{Level: tr.Level, Motor: kind}
		if tr.Override != "" {
			r.Meta.Tuning = &Tuning{Kind: kind, Text: tr.Override, Source: source}
		}
	}
	if r.Meta.Level == "" || r.Meta.Level == "none" {
		return nil, fmt.Errorf("%s: the recording names no level", source)
	}
	if !knownMotor(r.Meta.Motor) {
		return nil, fmt.Errorf("%s: unknown motor %q", source, r.Meta.Motor)
	}
	for i, ev := range r.Meta.Events {
		if !knownMotor(ev.Motor) || (i > 0 && ev.Tick < r.Meta.Events[i-1].Tick) {
			return nil, fmt.Errorf("%s: event %d: unknown motor or out of order", source, i)
		}
	}
	return r, nil
}

// LoadRecording reads a recording file.
func LoadRecording(path string) (*Recording, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	return ParseRecording(data, path)
}

// spawnAt returns the trace's spawn position, if any.
func spawnAt(tr *trace.Trace) (mgl64.Vec3, bool) {
	if tr.Spawn.Position == nil {
		return mgl64.Vec3{}, false
	}
	return mgl64.Vec3(*tr.Spawn.Position), true
}
