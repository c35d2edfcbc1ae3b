package hybrid

import (
	_ "embed"
	"math"

	"github.com/seedgames/motorkit/config"
	"github.com/seedgames/motorkit/detmath"
)

// Config holds every exported parameter of the design's MovementConfig plus the
// two "typical" values its text names (direction_change_threshold,
// speed_transition_rate) and a max fall speed for the KCC, named as in every
// motor (docs/motors/README.md#vocabulary: the design's run_speed,
// acceleration and deceleration are max_speed, ground_accel and
// ground_decel). Speeds are m/s, accelerations m/s^2, times seconds. Turn rates are authored in degrees per
// second (the project's TOML convention) and used in radians per second
// through RotationSpeedRad / MinRotationSpeedRad; the design's 8 rad/s is
// 458.366 deg/s. The zero value is not valid; start from DefaultConfig.
type Config struct {
	// WalkSpeed is the walk tier (walk modifier held), m/s. Default 1.3;
	// allowed [0.05, 50] and <= max_speed.
	WalkSpeed float64 `toml:"walk_speed"`
	// MaxSpeed is the speed of a full stick with no modifier (the design's
	// run tier, run_speed) and the base speed the smoothed multiplier
	// scales, m/s. Default 3.0; allowed [0.05, 50].
	MaxSpeed float64 `toml:"max_speed"`
	// SprintSpeed is the sprint tier (sprint modifier held, wins over walk),
	// m/s. It is also the full-speed reference of the rotation influence
	// and turn-rate formulas (the design's max_speed there). Default 6.3;
	// allowed [0.05, 50], >= max_speed and > rotation_influence_start_speed.
	SprintSpeed float64 `toml:"sprint_speed"`
	// SpeedTransitionRate is how fast the speed multiplier moves toward its
	// tier target (multiplier units per second, move_toward). Default 4.0
	// (the design's "typical"); allowed [0.01, 1000].
	SpeedTransitionRate float64 `toml:"speed_transition_rate"`

	// GroundAccel is the move_toward rate toward the target velocity while
	// there is input, m/s^2 (the design's acceleration). Default 30;
	// allowed [0.01, 10000].
	GroundAccel float64 `toml:"ground_accel"`
	// GroundDecel is the move_toward rate toward zero with no input, m/s^2
	// (the design's deceleration). Default 10; allowed [0.01, 10000].
	GroundDecel float64 `toml:"ground_decel"`
	// AirDirectionControl scales ground_accel and ground_decel while
	// airborne (0 = no air control). Default 0.3; allowed [0, 1].
	AirDirectionControl float64 `toml:"air_direction_control"`
	// AirRotationControl scales the turn rate while airborne. Default 0.1;
	// allowed [0, 1].
	AirRotationControl float64 `toml:"air_rotation_control"`

	// JumpHeight is the apex height of a jump, m; the jump speed is
	// sqrt(2 * gravity * jump_height). Default 1.5; allowed [0.01, 50].
	JumpHeight float64 `toml:"jump_height"`
	// Gravity is the downward acceleration magnitude, m/s^2 (positive; the
	// seed writes -20 in Godot's signed convention). Default 20; allowed
	// [0.1, 1000].
	Gravity float64 `toml:"gravity"`
	// MaxFallSpeed caps the downward speed, m/s (not in the design; handed to
	// the KCC). Default 50; allowed [0.1, 1000].
	MaxFallSpeed float64 `toml:"max_fall_speed"`
	// CoyoteTime is the grace period after walking off ground during which a
	// jump still executes, s. Default 0.15; allowed [0, 2].
	CoyoteTime float64 `toml:"coyote_time"`
	// JumpBufferTime is how long a jump press before landing stays valid, s.
	// Default 0.1; allowed [0, 2].
	JumpBufferTime float64 `toml:"jump_buffer_time"`

	// RotationSpeedDeg is the base turn rate at zero speed, deg/s (the design's
	// rotation_speed = 8 rad/s = 458.366 deg/s). Allowed [1, 36000].
	RotationSpeedDeg float64 `toml:"rotation_speed_deg"`
	// MinRotationSpeedDeg is the turn rate the speed reduction tends to at
	// full reduction, deg/s (the design's 0.1 rad/s = 5.730 deg/s). Allowed
	// [0, rotation_speed_deg].
	MinRotationSpeedDeg float64 `toml:"min_rotation_speed_deg"`
	// SpeedRotationReduction is how far toward min_rotation_speed the turn
	// rate goes at sprint speed (0 = no reduction). Default 0.7; allowed
	// [0, 1].
	SpeedRotationReduction float64 `toml:"speed_rotation_reduction"`

	// MaxRotationInfluence is the rotation influence at sprint speed (how
	// much the facing steers movement). Default 1.0; allowed [0, 1].
	MaxRotationInfluence float64 `toml:"max_rotation_influence"`
	// RotationInfluenceStartSpeed is the speed below which influence is 0
	// (pure input control), m/s. Default 2.0; allowed [0, 50] and below
	// sprint_speed.
	RotationInfluenceStartSpeed float64 `toml:"rotation_influence_start_speed"`
	// RotationInfluenceCurve is the exponent on the normalized speed (1 =
	// linear, > 1 = delayed onset). Default 1.0; allowed [0.05, 20].
	RotationInfluenceCurve float64 `toml:"rotation_influence_curve"`
	// MomentumRotationBonus is added to the influence while momentum is held
	// (result clamped to 1). Default 0.2; allowed [0, 1].
	MomentumRotationBonus float64 `toml:"momentum_rotation_bonus"`
	// DirectionChangeThreshold is the minimum dot product between this and
	// the previous tick's input direction that counts as "same direction"
	// for momentum. Default 0.8 (the design's "typical"); allowed [-1, 1].
	DirectionChangeThreshold float64 `toml:"direction_change_threshold"`

	// CrouchSpeed is the target speed while crouched (crouch held, or kept
	// crouched under a low ceiling), m/s, in place of the walk/run/sprint
	// tiers (docs/motors/hybrid.md#crouch-and-dash). Default 1.0; allowed
	// [0.05, 50].
	CrouchSpeed float64 `toml:"crouch_speed"`
	// CrouchHeightMultiplier scales the capsule's whole height while
	// crouched; the recipe's [kcc] crouch_half_height follows from it as
	// (half_height + radius)·multiplier - radius (at least 0: a sphere).
	// 1 turns crouching off. Default 0.5; allowed [0.1, 1].
	CrouchHeightMultiplier float64 `toml:"crouch_height_multiplier"`
	// DashSpeed is the planar speed of a dash at full stick, m/s: a dash
	// press sets the planar velocity to the camera-relative input at the
	// press times dash_speed for dash_duration. Default 15; allowed
	// [0, 100] (0 turns dashing off).
	DashSpeed float64 `toml:"dash_speed"`
	// DashDuration is how long a dash holds its velocity, s (whole ticks,
	// rounded up: 12 at 60 Hz). Default 0.2; allowed [0, 5].
	DashDuration float64 `toml:"dash_duration"`
	// DashCooldown is the time from a dash's press until a press dashes
	// again, s (whole ticks, rounded up). Default 1.0; allowed [0, 60].
	DashCooldown float64 `toml:"dash_cooldown"`

	// EnableDebugVectors asks a front end to draw the four debug vectors
	// (input yellow, facing red, blended green, velocity blue; Motor.Debug)
	// under the character: the playground does. Default false.
	EnableDebugVectors bool `toml:"enable_debug_vectors"`
	// EnableConsoleDebug prints the debug block (directions, influence,
	// momentum, speed, turn speed) every console_update_interval ticks to
	// the motor's console (SetConsole; standard error by default). It
	// allocates; keep it off in production. Default false.
	EnableConsoleDebug bool `toml:"enable_console_debug"`
	// ConsoleUpdateInterval is the number of ticks between console prints.
	// Default 30; allowed [1, 100000].
	ConsoleUpdateInterval int `toml:"console_update_interval"`
}

// DefaultConfig returns the docs/motors/hybrid.md#the-model MovementConfig defaults (with gravity as
// a positive magnitude and turn rates converted to deg/s).
func DefaultConfig() Config {
	return Config{
		WalkSpeed:                   1.3,
		MaxSpeed:                    3.0,
		SprintSpeed:                 6.3,
		SpeedTransitionRate:         4.0,
		GroundAccel:                 30,
		GroundDecel:                 10,
		AirDirectionControl:         0.3,
		AirRotationControl:          0.1,
		JumpHeight:                  1.5,
		Gravity:                     20,
		MaxFallSpeed:                50,
		CoyoteTime:                  0.15,
		JumpBufferTime:              0.1,
		RotationSpeedDeg:            config.Rad2Deg(8.0),
		MinRotationSpeedDeg:         config.Rad2Deg(0.1),
		SpeedRotationReduction:      0.7,
		MaxRotationInfluence:        1.0,
		RotationInfluenceStartSpeed: 2.0,
		RotationInfluenceCurve:      1.0,
		MomentumRotationBonus:       0.2,
		DirectionChangeThreshold:    0.8,
		CrouchSpeed:                 1.0,
		CrouchHeightMultiplier:      0.5,
		DashSpeed:                   15,
		DashDuration:                0.2,
		DashCooldown:                1.0,
		ConsoleUpdateInterval:       30,
	}
}

// Validate checks every field against its allowed range and the ordering
// constraints, returning an error naming source, key and range for each
// problem (nil when valid).
func (c Config) Validate(source string) error {
	ch := config.Checker{Source: source}
	ch.Range("walk_speed", c.WalkSpeed, 0.05, 50)
	ch.Range("max_speed", c.MaxSpeed, 0.05, 50)
	ch.Range("sprint_speed", c.SprintSpeed, 0.05, 50)
	ch.Check(!(c.WalkSpeed > c.MaxSpeed), "walk_speed", "must be <= max_speed")
	ch.Check(!(c.MaxSpeed > c.SprintSpeed), "sprint_speed", "must be >= max_speed")
	ch.Range("speed_transition_rate", c.SpeedTransitionRate, 0.01, 1000)
	ch.Range("ground_accel", c.GroundAccel, 0.01, 10000)
	ch.Range("ground_decel", c.GroundDecel, 0.01, 10000)
	ch.Range("air_direction_control", c.AirDirectionControl, 0, 1)
	ch.Range("air_rotation_control", c.AirRotationControl, 0, 1)
	ch.Range("jump_height", c.JumpHeight, 0.01, 50)
	ch.Range("gravity", c.Gravity, 0.1, 1000)
	ch.Range("max_fall_speed", c.MaxFallSpeed, 0.1, 1000)
	ch.Range("coyote_time", c.CoyoteTime, 0, 2)
	ch.Range("jump_buffer_time", c.JumpBufferTime, 0, 2)
	ch.Range("rotation_speed_deg", c.RotationSpeedDeg, 1, 36000)
	ch.Degrees("rotation_speed_deg", c.RotationSpeedDeg, 90, 1440)
	ch.Degrees("min_rotation_speed_deg", c.MinRotationSpeedDeg, 1, 60)
	hi := c.RotationSpeedDeg
	if !(hi >= 1 && hi <= 36000) {
		hi = 36000
	}
	ch.Range("min_rotation_speed_deg", c.MinRotationSpeedDeg, 0, hi)
	ch.Range("speed_rotation_reduction", c.SpeedRotationReduction, 0, 1)
	ch.Range("max_rotation_influence", c.MaxRotationInfluence, 0, 1)
	ch.Range("rotation_influence_start_speed", c.RotationInfluenceStartSpeed, 0, 50)
	ch.Check(!(c.RotationInfluenceStartSpeed >= c.SprintSpeed), "rotation_influence_start_speed",
		"must be below sprint_speed")
	ch.Range("rotation_influence_curve", c.RotationInfluenceCurve, 0.05, 20)
	ch.Range("momentum_rotation_bonus", c.MomentumRotationBonus, 0, 1)
	ch.Range("direction_change_threshold", c.DirectionChangeThreshold, -1, 1)
	ch.Range("crouch_speed", c.CrouchSpeed, 0.05, 50)
	ch.Range("crouch_height_multiplier", c.CrouchHeightMultiplier, 0.1, 1)
	ch.Range("dash_speed", c.DashSpeed, 0, 100)
	ch.Range("dash_duration", c.DashDuration, 0, 5)
	ch.Range("dash_cooldown", c.DashCooldown, 0, 60)
	ch.IntRange("console_update_interval", c.ConsoleUpdateInterval, 1, 100000)
	return ch.Err()
}

// RenamedKeys lists the keys renamed for one name per idea across the
// motors (config.Renamer; docs/motors/README.md#vocabulary): the old names
// load, with a warning, until config.Until.
func (*Config) RenamedKeys() map[string]string {
	return map[string]string{
		"run_speed":    "max_speed",
		"acceleration": "ground_accel",
		"deceleration": "ground_decel",
	}
}

// RotationSpeedRad is rotation_speed in rad/s.
func (c Config) RotationSpeedRad() float64 { return config.Deg2Rad(c.RotationSpeedDeg) }

// MinRotationSpeedRad is min_rotation_speed in rad/s.
func (c Config) MinRotationSpeedRad() float64 { return config.Deg2Rad(c.MinRotationSpeedDeg) }

// JumpSpeed is the launch speed that reaches JumpHeight under Gravity:
// v = sqrt(2 g h) (the design's sqrt(-2 g h) with signed g). 7.746 m/s for the
// defaults.
func (c Config) JumpSpeed() float64 {
	v := math.Sqrt(float64(2 * c.Gravity * c.JumpHeight))
	if !motorsFinite(v) {
		return 0
	}
	return v
}

// RotationInfluence is the design's get_rotation_influence_factor: 0 below
// rotation_influence_start_speed, else
//
//	ratio = clamp((speed - start) / (sprint_speed - start), 0, 1)
//	influence = clamp(ratio^curve * max_rotation_influence + bonus, 0, 1)
//
// where bonus = momentum_rotation_bonus when momentum is held. NaN speed
// counts as 0.
func (c Config) RotationInfluence(speed float64, momentum bool) float64 {
	if !(speed >= c.RotationInfluenceStartSpeed) {
		return 0
	}
	ratio := clamp01((speed - c.RotationInfluenceStartSpeed) / (c.SprintSpeed - c.RotationInfluenceStartSpeed))
	inf := float64(detmath.Pow(ratio, c.RotationInfluenceCurve) * c.MaxRotationInfluence)
	if momentum {
		inf += c.MomentumRotationBonus
	}
	return clamp01(inf)
}

// TurnSpeed is the design's get_speed_dependent_rotation_speed with max_speed =
// sprint_speed, in rad/s:
//
//	ratio = clamp(speed / sprint_speed, 0, 1)
//	turn = rotation_speed * lerp(1, min_rotation_speed/rotation_speed, ratio*speed_rotation_reduction)
//
// 8.0 rad/s at rest and 2.469 rad/s at sprint for the defaults.
func (c Config) TurnSpeed(speed float64) float64 {
	rot := c.RotationSpeedRad()
	if !(rot > 0) {
		return 0
	}
	ratio := clamp01(speed / c.SprintSpeed)
	mult := 1 + float64((c.MinRotationSpeedRad()/rot-1)*ratio*c.SpeedRotationReduction)
	return float64(rot * mult)
}

// SpeedMultiplierTarget is the tier multiplier the smoothed multiplier moves
// toward: sprint_speed/max_speed with sprint held (sprint wins over walk),
// walk_speed/max_speed with walk held, else 1.
func (c Config) SpeedMultiplierTarget(sprint, walk bool) float64 {
	switch {
	case sprint:
		return c.SprintSpeed / c.MaxSpeed
	case walk:
		return c.WalkSpeed / c.MaxSpeed
	}
	return 1
}

func clamp01(x float64) float64 {
	if !(x > 0) {
		return 0
	}
	if x > 1 {
		return 1
	}
	return x
}

func motorsFinite(x float64) bool { return !math.IsNaN(x) && !math.IsInf(x, 0) }

//go:embed hybrid.toml
var defaultTOML []byte

// DefaultTOML returns the embedded default file hybrid.toml (a copy).
// Parsing it gives DefaultConfig.
func DefaultTOML() []byte { return append([]byte(nil), defaultTOML...) }

// Parse decodes TOML data on top of DefaultConfig (absent keys keep their
// defaults), rejects unknown keys, validates and returns the config. Turn
// rates are read in deg/s; the motor converts them to rad/s. Errors name the
// source, the line, the key and the allowed range.
func Parse(data []byte, source string) (Config, error) {
	return config.Load(data, source, DefaultConfig())
}

// LoadFile reads and parses a hybrid configuration file (see Parse).
func LoadFile(path string) (Config, error) { return config.LoadFile(path, Parse) }

// Load is Parse.
//
// Deprecated: use Parse, the name every motor package uses. Load goes in
// v0.3.0.
func Load(data []byte, source string) (Config, error) { return Parse(data, source) }

// Encode writes cfg as TOML that Parse reads back to the same Config.
func Encode(cfg Config) ([]byte, error) { return config.Encode(cfg) }

// Vertical is the gravity, jump speed (sqrt(2 g h), JumpSpeed) and maximum
// fall speed this configuration owns: a recipe gives them to the KCC
// component (prefabs.Verticaler).
func (c Config) Vertical() (gravity, jumpSpeed, maxFallSpeed float64) {
	return c.Gravity, c.JumpSpeed(), c.MaxFallSpeed
}

// CrouchHeightScale is the crouched capsule's height over the standing
// one (crouch_height_multiplier): a recipe derives the controller's crouch
// half height from it (prefabs.CrouchShaper).
func (c Config) CrouchHeightScale() float64 { return c.CrouchHeightMultiplier }
