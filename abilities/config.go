package abilities

import (
	"github.com/seedgames/motorkit/config"
)

// The tables' defaults are their Default functions' (DefaultClimb ...),
// their ranges their Validate methods'; docs/abilities.md's tables are
// checked against both (TestDocsTablesAreTheDefaults).

// Climb is the [climb] table: ladders.
type Climb struct {
	// Enabled switches the ability on (true once the table is there;
	// false lets a later layer switch it off).
	Enabled bool `toml:"enabled"`
	// Speed is the climbing speed along the ladder's up at full forward
	// (m/s); back climbs down at the same speed.
	Speed float64 `toml:"speed"`
	// Attach is how much of the move input must point into the ladder to
	// grab it (0..1; 0.5 is within 60° of straight at it).
	Attach float64 `toml:"attach"`
	// JumpOffSpeed and JumpOffUp are the velocity a jump leaves the ladder
	// with: away from its face and along its up (m/s).
	JumpOffSpeed float64 `toml:"jump_off_speed"`
	JumpOffUp    float64 `toml:"jump_off_up"`
}

// Swim is the [swim] table: water.
type Swim struct {
	Enabled bool `toml:"enabled"`
	// Speed is the swimming speed at full input (m/s).
	Speed float64 `toml:"speed"`
	// DragRate is the rate (1/s) at which the velocity approaches the one
	// the input asks for: the gap shrinks by the factor exp(-drag_rate·t),
	// so the speed reaches 90% in ln(10)/drag_rate seconds and a fall into
	// water loses its speed the same way.
	DragRate float64 `toml:"drag_rate"`
	// DiveSpeed is the vertical speed of diving (crouch) and rising (jump
	// held) (m/s).
	DiveSpeed float64 `toml:"dive_speed"`
	// HeadAbove is how much of the capsule the buoyancy holds above the
	// surface (m).
	HeadAbove float64 `toml:"head_above"`
	// BuoyancyRate is the rate (1/s) of the vertical speed that brings
	// the character back to its floating height: (depth error) ×
	// buoyancy_rate, at most DiveSpeed.
	BuoyancyRate float64 `toml:"buoyancy_rate"`
	// ClimbOut is how far above the water's surface the top of a wall may
	// be for a jump at it to climb out (m).
	ClimbOut float64 `toml:"climb_out"`
}

// RenamedKeys lists the [swim] keys renamed for the vocabulary (a rate in
// 1/s is named *_rate): the old names load, with a warning, until
// config.Until (config.Renamer).
func (*Swim) RenamedKeys() map[string]string {
	return map[string]string{"drag": "drag_rate", "buoyancy": "buoyancy_rate"}
}

// Ledge is the [ledge] table: hanging on and climbing up ledges.
type Ledge struct {
	Enabled bool `toml:"enabled"`
	// Reach is how far above the top of the head the hands reach for an
	// edge (m); an edge down to Below beneath the top of the head is
	// grabbed too (m).
	Reach float64 `toml:"reach"`
	Below float64 `toml:"below"`
	// MantleSpeed is the speed of climbing up onto the ledge, first up the
	// wall then over the edge (m/s).
	MantleSpeed float64 `toml:"mantle_speed"`
}

// Wall is the [wall] table: wall slides and wall jumps.
type Wall struct {
	Enabled bool `toml:"enabled"`
	// SlideSpeed caps the fall speed while sliding (m/s).
	SlideSpeed float64 `toml:"slide_speed"`
	// JumpSpeed is the speed of a jump off the wall (m/s), at JumpAngleDeg
	// above the horizontal, away from the wall (degrees).
	JumpSpeed    float64 `toml:"jump_speed"`
	JumpAngleDeg float64 `toml:"jump_angle_deg"`
	// Press is how much of the move input must point into the wall to
	// slide (0..1).
	Press float64 `toml:"press"`
}

// DropThrough is the [drop_through] table: crouch + jump while standing on
// a one-way platform drops through it.
type DropThrough struct {
	Enabled bool `toml:"enabled"`
	// Time is how long the platform is ignored after the drop (s): long
	// enough for the feet to sink below its top, where it is passable
	// anyway.
	Time float64 `toml:"time"`
}

// Config is a character's abilities: the recipe's tables. A recipe's
// characters share one.
type Config struct {
	Climb       Climb
	Swim        Swim
	Ledge       Ledge
	Wall        Wall
	DropThrough DropThrough
}

// Any reports whether any ability is enabled.
func (c *Config) Any() bool {
	return c != nil && (c.Climb.Enabled || c.Swim.Enabled || c.Ledge.Enabled || c.Wall.Enabled || c.DropThrough.Enabled)
}

// DefaultClimb returns the [climb] defaults (enabled).
func DefaultClimb() Climb {
	return Climb{Enabled: true, Speed: 2.5, Attach: 0.5, JumpOffSpeed: 4, JumpOffUp: 4}
}

// DefaultSwim returns the [swim] defaults (enabled).
func DefaultSwim() Swim {
	return Swim{Enabled: true, Speed: 3, DragRate: 4, DiveSpeed: 2, HeadAbove: 0.25, BuoyancyRate: 3, ClimbOut: 0.8}
}

// DefaultLedge returns the [ledge] defaults (enabled).
func DefaultLedge() Ledge { return Ledge{Enabled: true, Reach: 0.4, Below: 0.2, MantleSpeed: 3} }

// DefaultWall returns the [wall] defaults (enabled).
func DefaultWall() Wall {
	return Wall{Enabled: true, SlideSpeed: 2, JumpSpeed: 7, JumpAngleDeg: 50, Press: 0.3}
}

// DefaultDropThrough returns the [drop_through] defaults (enabled).
func DefaultDropThrough() DropThrough { return DropThrough{Enabled: true, Time: 0.25} }

// Validate checks the [climb] table; its keys' ranges are the tuning
// panel's (config.Knobs).
func (c Climb) Validate(source string) error {
	ch := config.Checker{Source: source}
	ch.Range("climb.speed", c.Speed, 0, 50)
	ch.Range("climb.attach", c.Attach, 0, 1)
	ch.Range("climb.jump_off_speed", c.JumpOffSpeed, 0, 50)
	ch.Range("climb.jump_off_up", c.JumpOffUp, 0, 50)
	return ch.Err()
}

// Validate checks the [swim] table.
func (s Swim) Validate(source string) error {
	ch := config.Checker{Source: source}
	ch.Range("swim.speed", s.Speed, 0, 50)
	ch.Range("swim.drag_rate", s.DragRate, 0.01, 100)
	ch.Range("swim.dive_speed", s.DiveSpeed, 0, 50)
	ch.Range("swim.head_above", s.HeadAbove, 0, 2)
	ch.Range("swim.buoyancy_rate", s.BuoyancyRate, 0, 100)
	ch.Range("swim.climb_out", s.ClimbOut, 0, 5)
	return ch.Err()
}

// Validate checks the [ledge] table.
func (l Ledge) Validate(source string) error {
	ch := config.Checker{Source: source}
	ch.Range("ledge.reach", l.Reach, 0, 3)
	ch.Range("ledge.below", l.Below, 0, 3)
	ch.Range("ledge.mantle_speed", l.MantleSpeed, 0.1, 50)
	return ch.Err()
}

// Validate checks the [wall] table.
func (w Wall) Validate(source string) error {
	ch := config.Checker{Source: source}
	ch.Range("wall.slide_speed", w.SlideSpeed, 0, 100)
	ch.Range("wall.jump_speed", w.JumpSpeed, 0, 100)
	ch.Range("wall.jump_angle_deg", w.JumpAngleDeg, 0, 90)
	ch.Range("wall.press", w.Press, 0, 1)
	return ch.Err()
}

// Validate checks the [drop_through] table.
func (d DropThrough) Validate(source string) error {
	ch := config.Checker{Source: source}
	ch.Range("drop_through.time", d.Time, 0, 10)
	return ch.Err()
}

// Validate checks every enabled table and returns the first table's
// error.
func (c *Config) Validate(source string) error {
	for _, t := range []struct {
		on    bool
		check func(string) error
	}{
		{c.Climb.Enabled, c.Climb.Validate},
		{c.Swim.Enabled, c.Swim.Validate},
		{c.Ledge.Enabled, c.Ledge.Validate},
		{c.Wall.Enabled, c.Wall.Validate},
		{c.DropThrough.Enabled, c.DropThrough.Validate},
	} {
		if !t.on {
			continue
		}
		if err := t.check(source); err != nil {
			return err
		}
	}
	return nil
}
