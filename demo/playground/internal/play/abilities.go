package play

import (
	"fmt"
	"math"
	"reflect"
	"strings"

	"github.com/seedgames/motorkit/abilities"
	"github.com/seedgames/motorkit/components"
	"github.com/seedgames/motorkit/config"
	"github.com/seedgames/motorkit/kcc"
	"github.com/yohamta/donburi"
)

// The movement abilities (package abilities: ladders, water, ledges, walls,
// one-way platforms) in the playground. The four players' recipes
// (prefabs/data) have none of their tables; a session with abilities on
// spawns its player with AbilityTables as an override, so the recipes and
// every recording made without abilities stay as they were.

// AbilityTables is the override that gives a player every ability with its
// defaults.
const AbilityTables = "[climb]\n[swim]\n[ledge]\n[wall]\n[drop_through]\n"

// The -abilities settings: on, off, or auto (on for a level with ladders,
// water or one-way platforms).
const (
	AbilitiesAuto = "auto"
	AbilitiesOn   = "on"
	AbilitiesOff  = "off"
)

// CheckAbilities checks an -abilities setting ("" is auto).
func CheckAbilities(v string) error {
	switch v {
	case "", AbilitiesAuto, AbilitiesOn, AbilitiesOff:
		return nil
	}
	return fmt.Errorf("play: abilities %q: want on, off or auto", v)
}

// abilitiesFor resolves setting v on level lv: auto is on when the level
// has ladders, water or one-way colliders.
func abilitiesFor(v string, lv *components.LevelData) bool {
	switch v {
	case AbilitiesOn:
		return true
	case AbilitiesOff:
		return false
	}
	return lv.Abilities != nil
}

// onOff is the resolved setting as a recording stores it.
func onOff(on bool) string {
	if on {
		return AbilitiesOn
	}
	return AbilitiesOff
}

// AbilityKnob is a change of one ability knob (the tuning panel's), by its
// key ("climb.speed", "wall.enabled", ...): a recording stores it as an
// event, and the session keeps it in force over every later spawn of the
// player (motor switches, tuning reloads, resets).
type AbilityKnob struct {
	Key   string  `json:"key"`
	Value float64 `json:"value"`
}

// Abilities reports whether the session gives its player the abilities
// (-abilities on, or auto on a level with ladders, water or one-way
// platforms).
func (s *Session) Abilities() bool { return s.abilities }

// Surface returns what collider id of the level is to the abilities
// (a ladder, water, a one-way collider, or solid).
func (s *Session) Surface(id kcc.ColliderID) abilities.Surface { return s.abLevel.Kind(id) }

// abilityTable is one table of an abilities.Config: its name, its enabled
// switch and the table itself (a pointer to its struct, whose toml tags
// name its keys).
type abilityTable struct {
	name    string
	enabled *bool
	table   interface{ Validate(source string) error }
}

// validate is the table's Validate, for config.Knobs.
func (t abilityTable) validate() error { return t.table.Validate("knobs") }

// abilityTables are the tables of an abilities.Config, in panel order.
func abilityTables(c *abilities.Config) []abilityTable {
	return []abilityTable{
		{"climb", &c.Climb.Enabled, &c.Climb},
		{"swim", &c.Swim.Enabled, &c.Swim},
		{"ledge", &c.Ledge.Enabled, &c.Ledge},
		{"wall", &c.Wall.Enabled, &c.Wall},
		{"drop_through", &c.DropThrough.Enabled, &c.DropThrough},
	}
}

// abilityField returns the number behind an ability knob's key
// ("TABLE.KEY", the key a toml tag of the table's struct: nil for an
// unknown key or an enabled switch). Found by the tags, a knob the library
// adds is tunable with nothing to add here.
func abilityField(c *abilities.Config, key string) *float64 {
	name, field, ok := strings.Cut(key, ".")
	if !ok {
		return nil
	}
	for _, t := range abilityTables(c) {
		if t.name != name {
			continue
		}
		v := reflect.ValueOf(t.table).Elem()
		for i := 0; i < v.NumField(); i++ {
			if v.Type().Field(i).Tag.Get("toml") == field && v.Field(i).Kind() == reflect.Float64 {
				return v.Field(i).Addr().Interface().(*float64)
			}
		}
	}
	return nil
}

// abilityEnabled returns the enabled switch behind key "TABLE.enabled".
func abilityEnabled(c *abilities.Config, key string) *bool {
	table, ok := strings.CutSuffix(key, ".enabled")
	if !ok {
		return nil
	}
	for _, t := range abilityTables(c) {
		if t.name == table {
			return t.enabled
		}
	}
	return nil
}

// abilityConfig returns the player's own abilities.Config (nil without
// abilities).
func (s *Session) abilityConfig() *abilities.Config {
	e := s.entry()
	if !e.HasComponent(components.Abilities) {
		return nil
	}
	return components.Abilities.Get(e).Config
}

// AbilityKnobs lists the player's ability knobs, table by table: its
// enabled switch (an integer knob, 0 or 1), then every key its validator
// checks, with the range it allows (config.Knobs) and the value in force.
// Empty without abilities.
func (s *Session) AbilityKnobs() []PanelKnob {
	c := s.abilityConfig()
	if c == nil {
		return nil
	}
	var out []PanelKnob
	for _, t := range abilityTables(c) {
		on := 0.0
		if *t.enabled {
			on = 1
		}
		out = append(out, PanelKnob{Knob: config.Knob{Key: t.name + ".enabled", Min: 0, Max: 1, Int: true}, Value: on, Ability: true})
		for _, k := range config.Knobs(t.validate) {
			if f := abilityField(c, k.Key); f != nil {
				out = append(out, PanelKnob{Knob: k, Value: *f, Ability: true})
			}
		}
	}
	return out
}

// SetAbilityKnob sets one ability knob of the player (a key of
// AbilityKnobs) to v, clamped to k's range: at once, in the player's own
// abilities.Config, without respawning it (a climb goes on). The change
// stays in force over later spawns and is recorded while recording.
func (s *Session) SetAbilityKnob(k config.Knob, v float64) error {
	if s.Replaying() {
		return fmt.Errorf("play: ability changes are replayed from the recording")
	}
	v = math.Max(k.Min, math.Min(k.Max, v))
	if k.Int {
		v = math.Round(v)
	}
	kv := AbilityKnob{Key: k.Key, Value: v}
	if err := s.applyAbilityKnob(kv); err != nil {
		return err
	}
	s.recordEvent(Event{Motor: s.motor, Ability: &kv})
	return nil
}

// applyAbilityKnob puts kv in force on the player and keeps it for later
// spawns.
func (s *Session) applyAbilityKnob(kv AbilityKnob) error {
	c := s.abilityConfig()
	if c == nil {
		return fmt.Errorf("play: the player has no abilities (-abilities on gives them)")
	}
	if err := setAbility(c, kv); err != nil {
		return err
	}
	for i := range s.abKnobs {
		if s.abKnobs[i].Key == kv.Key {
			s.abKnobs[i].Value = kv.Value
			return nil
		}
	}
	s.abKnobs = append(s.abKnobs, kv)
	return nil
}

func setAbility(c *abilities.Config, kv AbilityKnob) error {
	if f := abilityField(c, kv.Key); f != nil {
		*f = kv.Value
		return nil
	}
	if b := abilityEnabled(c, kv.Key); b != nil {
		*b = kv.Value != 0
		return nil
	}
	return fmt.Errorf("play: unknown ability knob %q", kv.Key)
}

// keepAbilities gives the player spawned as e the ability knobs changed in
// this session and, when it replaces old (a motor switch or a tuning
// reload), the old one's mode and what it held: a climber keeps climbing.
func (s *Session) keepAbilities(e, old *donburi.Entry) {
	if !e.HasComponent(components.Abilities) {
		return
	}
	ab := components.Abilities.Get(e)
	if ab.Config == nil {
		return
	}
	for _, kv := range s.abKnobs {
		_ = setAbility(ab.Config, kv)
	}
	if old != nil && old.HasComponent(components.Abilities) {
		ab.State = components.Abilities.Get(old).State
	}
}
