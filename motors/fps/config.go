package fps

import (
	_ "embed"
	"fmt"
	"math"

	"github.com/seedgames/motorkit/config"
	"github.com/seedgames/motorkit/motors"
)

// Config is every tuning parameter of docs/motors/fps.md#knobs, in the
// units the TOML file uses: speeds in m/s, accelerations in m/s^2, times in
// seconds, angles in degrees, named as in every motor
// (docs/motors/README.md#vocabulary). The defaults (DefaultConfig) are the
// middle of each suggested range of the design; Knobs lists the suggested
// and the allowed range of every field, and fps.toml (DefaultTOML) each
// key's default and allowed range. Methods convert to what the pipeline
// needs (ticks, radians, the derived jump speed).
type Config struct {
	// MaxSpeed is the ground speed of a full-magnitude move intent without
	// modifiers, and with the walk modifier held (m/s, seed 2.5-4.5): the
	// design's walk speed; this motor has no slower walk tier.
	MaxSpeed float64 `toml:"max_speed"`
	// SprintSpeed is the speed cap while sprint is held and neither walk nor
	// crouch is (m/s, seed 4.5-7.0).
	SprintSpeed float64 `toml:"sprint_speed"`
	// CrouchSpeed is the speed cap while crouch is held or the capsule is
	// still crouched (m/s, seed 1.5-2.5). Crouch wins over sprint.
	CrouchSpeed float64 `toml:"crouch_speed"`
	// GroundAccel is how fast the planar velocity moves toward the intent
	// velocity on the ground (m/s^2, seed 15-40): each tick the velocity
	// changes by at most GroundAccel*dt.
	GroundAccel float64 `toml:"ground_accel"`
	// AirAccel is the in-air acceleration toward the intent velocity (m/s^2,
	// seed 5-15), applied only while there is move input.
	AirAccel float64 `toml:"air_accel"`
	// Friction is the ground friction rate (1/s, seed 6-12), applied on the
	// ground while there is no move input: each tick the planar speed drops
	// by max(speed, StopSpeed)*Friction*dt, not below zero.
	Friction float64 `toml:"friction"`
	// StopSpeed is the speed floor of the friction rule (m/s). Not in the
	// design's table: it is Quake's stop speed and makes a released character stop in
	// a finite time instead of creeping asymptotically toward zero.
	StopSpeed float64 `toml:"stop_speed"`
	// Gravity is the downward acceleration (m/s^2, seed 18-30).
	Gravity float64 `toml:"gravity"`
	// JumpHeight is the apex height of a jump from flat ground (m, seed
	// 0.9-1.4). The jump speed is derived: sqrt(2*Gravity*JumpHeight).
	// 0 disables jumping.
	JumpHeight float64 `toml:"jump_height"`
	// AirControl scales the steering part of the air acceleration (seed
	// 0.3-0.6): the component of the air velocity change perpendicular to
	// the current planar velocity is multiplied by it, the component along
	// the velocity (gaining or losing speed) is not. 0 = no turning in the
	// air, 1 = turning as fast as AirAccel allows.
	AirControl float64 `toml:"air_control"`
	// CoyoteTime is how long after walking off a ledge a jump is still
	// allowed (s, seed 0.08-0.2).
	CoyoteTime float64 `toml:"coyote_time"`
	// JumpBufferTime is how long a jump press stays buffered while the
	// character cannot jump yet (s, seed 0.08-0.2).
	JumpBufferTime float64 `toml:"jump_buffer_time"`
	// MaxSlopeClimbDeg is the steepest ground the character can stand on
	// and climb (degrees, seed 35-50). It configures the KCC (the
	// recipe's [kcc] max_slope_climb_deg).
	MaxSlopeClimbDeg float64 `toml:"max_slope_climb_deg"`
	// StepHeight is the highest step the KCC climbs without jumping (m,
	// seed 0.2-0.45).
	StepHeight float64 `toml:"step_height"`
	// SnapToGround is the snap-to-ground distance of the KCC (m, seed
	// 0.05-0.2; the recipe's [kcc] snap_to_ground): going down a step or a
	// slope no deeper than this keeps the character grounded.
	SnapToGround float64 `toml:"snap_to_ground"`
	// MaxFallSpeed caps the downward speed (m/s, seed 25-60).
	MaxFallSpeed float64 `toml:"max_fall_speed"`
	// MaxDtClamp is the largest frame time the runner integrates in one
	// frame (s, seed 0.05-0.1): a longer frame (a hitch) is clamped so the
	// timers do not empty the jump buffer (docs/motors/fps.md#jump-timing-in-ticks "dt spikes"). See
	// RunnerMaxFrameDt.
	MaxDtClamp float64 `toml:"max_dt_clamp"`
}

// Knob describes one Config field: its TOML key, its unit, the design's
// suggested range (whose middle is the default) and the allowed range the
// loader enforces. The allowed range is wider than the suggested one so a
// tuning pass can leave the design's band; values outside it are rejected.
type Knob struct {
	Key                  string
	Unit                 string
	SuggestLo, SuggestHi float64
	AllowLo, AllowHi     float64
	Field                func(c *Config) *float64
	FromSeed             bool
}

// Knobs lists every Config field in file order.
var Knobs = []Knob{
	{"max_speed", "m/s", 2.5, 4.5, 0.1, 20, func(c *Config) *float64 { return &c.MaxSpeed }, true},
	{"sprint_speed", "m/s", 4.5, 7.0, 0.1, 30, func(c *Config) *float64 { return &c.SprintSpeed }, true},
	{"crouch_speed", "m/s", 1.5, 2.5, 0.1, 20, func(c *Config) *float64 { return &c.CrouchSpeed }, true},
	{"ground_accel", "m/s^2", 15, 40, 1, 500, func(c *Config) *float64 { return &c.GroundAccel }, true},
	{"air_accel", "m/s^2", 5, 15, 0, 200, func(c *Config) *float64 { return &c.AirAccel }, true},
	{"friction", "1/s", 6, 12, 0, 60, func(c *Config) *float64 { return &c.Friction }, true},
	{"stop_speed", "m/s", 0.5, 1.5, 0, 10, func(c *Config) *float64 { return &c.StopSpeed }, false},
	{"gravity", "m/s^2", 18, 30, 1, 100, func(c *Config) *float64 { return &c.Gravity }, true},
	{"jump_height", "m", 0.9, 1.4, 0, 5, func(c *Config) *float64 { return &c.JumpHeight }, true},
	{"air_control", "", 0.3, 0.6, 0, 1, func(c *Config) *float64 { return &c.AirControl }, true},
	{"coyote_time", "s", 0.08, 0.2, 0, 1, func(c *Config) *float64 { return &c.CoyoteTime }, true},
	{"jump_buffer_time", "s", 0.08, 0.2, 0, 1, func(c *Config) *float64 { return &c.JumpBufferTime }, true},
	{"max_slope_climb_deg", "deg", 35, 50, 0, 89, func(c *Config) *float64 { return &c.MaxSlopeClimbDeg }, true},
	{"step_height", "m", 0.2, 0.45, 0, 2, func(c *Config) *float64 { return &c.StepHeight }, true},
	{"snap_to_ground", "m", 0.05, 0.2, 0, 1, func(c *Config) *float64 { return &c.SnapToGround }, true},
	{"max_fall_speed", "m/s", 25, 60, 1, 300, func(c *Config) *float64 { return &c.MaxFallSpeed }, true},
	{"max_dt_clamp", "s", 0.05, 0.1, 0.001, 0.5, func(c *Config) *float64 { return &c.MaxDtClamp }, true},
}

// DefaultConfig returns the middle of every suggested range of docs/motors/fps.md#knobs
// (and of stop_speed's suggested 0.5-1.5 m/s): the one place the defaults
// are written (fps.toml is generated from it).
func DefaultConfig() Config {
	return Config{
		MaxSpeed:         3.5,
		SprintSpeed:      5.75,
		CrouchSpeed:      2.0,
		GroundAccel:      27.5,
		AirAccel:         10,
		Friction:         9,
		StopSpeed:        1.0,
		Gravity:          24,
		JumpHeight:       1.15,
		AirControl:       0.45,
		CoyoteTime:       0.14,
		JumpBufferTime:   0.14,
		MaxSlopeClimbDeg: 42.5,
		StepHeight:       0.325,
		SnapToGround:     0.125,
		MaxFallSpeed:     42.5,
		MaxDtClamp:       0.075,
	}
}

// fps.toml is generated: go generate runs the test that writes it.
//
//go:generate go test -run TestDefaultTOMLIsGenerated -update-defaults
//go:embed fps.toml
var defaultTOML []byte

// DefaultTOML returns the embedded default file fps.toml (a copy): every
// key with its default, unit and allowed range. Decoding it gives
// DefaultConfig.
func DefaultTOML() []byte { return append([]byte(nil), defaultTOML...) }

// Validate checks every field against its allowed range (Knobs) and the
// cross-field rule crouch_speed <= max_speed <= sprint_speed. The error
// names source, the key and the allowed range; it joins every problem.
func (c Config) Validate(source string) error {
	ch := config.Checker{Source: source}
	ch.Degrees("max_slope_climb_deg", c.MaxSlopeClimbDeg, 35, 50)
	for _, k := range Knobs {
		ch.Range(k.Key, *k.Field(&c), k.AllowLo, k.AllowHi)
	}
	ch.Check(!(c.CrouchSpeed > c.MaxSpeed), "crouch_speed",
		fmt.Sprintf("value %v must not exceed max_speed %v", c.CrouchSpeed, c.MaxSpeed))
	ch.Check(!(c.MaxSpeed > c.SprintSpeed), "sprint_speed",
		fmt.Sprintf("value %v must be at least max_speed %v", c.SprintSpeed, c.MaxSpeed))
	return ch.Err()
}

// Decode decodes TOML data on top of c (absent keys keep c's values),
// rejecting unknown keys, then validates the result. On error c is left
// unchanged.
func (c *Config) Decode(data []byte, source string) error {
	tmp, err := config.Load(data, source, *c)
	if err != nil {
		return err
	}
	*c = tmp
	return nil
}

// Parse decodes TOML data on top of DefaultConfig and validates it.
func Parse(data []byte, source string) (Config, error) {
	c := DefaultConfig()
	err := c.Decode(data, source)
	return c, err
}

// LoadFile reads a TOML file on top of DefaultConfig and validates it (see
// Parse).
func LoadFile(path string) (Config, error) { return config.LoadFile(path, Parse) }

// Encode writes cfg as TOML (every key); Parse(Encode(cfg)) gives cfg back.
func Encode(cfg Config) ([]byte, error) { return config.Encode(cfg) }

// JumpSpeed is the upward speed a jump sets, derived from the jump height:
// v = sqrt(2 g h) (docs/motors/fps.md#knobs), so a jump from flat ground peaks JumpHeight
// above the take-off point under constant gravity.
func (c Config) JumpSpeed() float64 {
	v := math.Sqrt(float64(2 * c.Gravity * c.JumpHeight))
	if !motors.Finite(v) {
		return 0
	}
	return v
}

// MaxSlopeClimbRad is MaxSlopeClimbDeg in radians.
func (c Config) MaxSlopeClimbRad() float64 { return config.Deg2Rad(c.MaxSlopeClimbDeg) }

// JumpRules converts the coyote and buffer times to whole ticks at tickRate
// (rounded to nearest): at 60 Hz the default 0.14 s is 8 ticks. Jumping is
// enabled when JumpHeight > 0; there is no landing grace window and no
// auto-hop (holding jump never re-triggers a jump, docs/motors/fps.md#jump-timing-in-ticks).
func (c Config) JumpRules(tickRate float64) motors.JumpRules {
	return motors.JumpRules{
		Enabled:     c.JumpHeight > 0,
		BufferTicks: motors.TicksFromSeconds(c.JumpBufferTime, tickRate),
		CoyoteTicks: motors.TicksFromSeconds(c.CoyoteTime, tickRate),
	}
}

// RunnerMaxFrameDt is the frame-time clamp (seconds) to give the fixed-step
// runner (systems.RunnerOptions.MaxFrameDt): MaxDtClamp.
func (c Config) RunnerMaxFrameDt() float64 { return c.MaxDtClamp }

// Vertical is the gravity, jump speed (sqrt(2 g h), JumpSpeed) and maximum
// fall speed this configuration owns: a recipe gives them to the KCC
// component (prefabs.Verticaler).
func (c Config) Vertical() (gravity, jumpSpeed, maxFallSpeed float64) {
	return c.Gravity, c.JumpSpeed(), c.MaxFallSpeed
}

// KCCProfile is the controller's slope limit (degrees), step height and
// snap-to-ground distance (m) this configuration owns: a recipe gives them
// to the KCC component (prefabs.KCCProfiler).
func (c Config) KCCProfile() (maxSlopeClimbDeg, stepHeight, snapToGround float64) {
	return c.MaxSlopeClimbDeg, c.StepHeight, c.SnapToGround
}
