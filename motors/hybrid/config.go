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
// ground_decel). Speeds are m/s, accelerations m/s^2, times seconds. Turn
// rates are authored in degrees per second (the project's TOML convention)
// and used in radians per second through RotationSpeedRad /
// MinRotationSpeedRad. Each key's default and allowed range are in
// hybrid.toml (DefaultTOML), generated from DefaultConfig and Validate. The
// zero value is not valid; start from DefaultConfig.
type Config struct {
	// Movement speeds: walk with the walk modifier, max_speed (the run
	// tier) by default, sprint with the sprint modifier; the multiplier
	// moves between tiers at speed_transition_rate per second.

	// WalkSpeed is the walk tier (walk modifier held), m/s; at most
	// MaxSpeed.
	WalkSpeed float64 `toml:"walk_speed"`
	// MaxSpeed is the speed of a full stick with no modifier (the design's
	// run tier, run_speed) and the base speed the smoothed multiplier
	// scales, m/s.
	MaxSpeed float64 `toml:"max_speed"`
	// SprintSpeed is the sprint tier (sprint modifier held, wins over walk),
	// m/s; at least MaxSpeed and above RotationInfluenceStartSpeed. It is
	// also the full-speed reference of the rotation influence and turn-rate
	// formulas (the design's max_speed there).
	SprintSpeed float64 `toml:"sprint_speed"`
	// SpeedTransitionRate is how fast the speed multiplier moves toward its
	// tier target, multiplier units per second (move_toward; the design's
	// "typical" value).
	SpeedTransitionRate float64 `toml:"speed_transition_rate"`

	// Movement physics: move_toward rates and their air scales.

	// GroundAccel is the move_toward rate toward the target velocity while
	// there is input, m/s^2 (the design's acceleration).
	GroundAccel float64 `toml:"ground_accel"`
	// GroundDecel is the move_toward rate toward zero with no input, m/s^2
	// (the design's deceleration).
	GroundDecel float64 `toml:"ground_decel"`
	// AirDirectionControl scales GroundAccel and GroundDecel while
	// airborne (0 = no air control).
	AirDirectionControl float64 `toml:"air_direction_control"`
	// AirRotationControl scales the turn rate while airborne.
	AirRotationControl float64 `toml:"air_rotation_control"`

	// Jump: the jump speed is sqrt(2 * gravity * jump_height); the
	// controller gets gravity, the jump speed and max_fall_speed.

	// JumpHeight is the apex height of a jump, m; the jump speed is
	// sqrt(2 * gravity * jump_height).
	JumpHeight float64 `toml:"jump_height"`
	// Gravity is the downward acceleration magnitude, m/s^2 (positive; the
	// seed writes it negative, in Godot's signed convention).
	Gravity float64 `toml:"gravity"`
	// MaxFallSpeed caps the downward speed, m/s (not in the design; handed to
	// the KCC).
	MaxFallSpeed float64 `toml:"max_fall_speed"`
	// CoyoteTime is the grace period after walking off ground during which a
	// jump still executes, s (whole ticks at the pipeline's rate, rounded to
	// nearest).
	CoyoteTime float64 `toml:"coyote_time"`
	// JumpBufferTime is how long a jump press before landing stays valid, s
	// (whole ticks, as CoyoteTime).
	JumpBufferTime float64 `toml:"jump_buffer_time"`

	// Rotation: turn rate = rotation_speed * lerp(1, min/rotation,
	// clamp(speed/sprint) * reduction).

	// RotationSpeedDeg is the base turn rate at zero speed, deg/s (the
	// design's rotation_speed, authored there in rad/s).
	RotationSpeedDeg float64 `toml:"rotation_speed_deg"`
	// MinRotationSpeedDeg is the turn rate the speed reduction tends to at
	// full reduction, deg/s (the design's min_rotation_speed in rad/s).
	MinRotationSpeedDeg float64 `toml:"min_rotation_speed_deg"`
	// SpeedRotationReduction is how far toward min_rotation_speed the turn
	// rate goes at sprint speed (0 = no reduction).
	SpeedRotationReduction float64 `toml:"speed_rotation_reduction"`

	// Movement feel: the rotation influence blends the input and facing
	// directions.

	// MaxRotationInfluence is the rotation influence at sprint speed (how
	// much the facing steers movement).
	MaxRotationInfluence float64 `toml:"max_rotation_influence"`
	// RotationInfluenceStartSpeed is the speed below which influence is 0
	// (pure input control), m/s; below SprintSpeed.
	RotationInfluenceStartSpeed float64 `toml:"rotation_influence_start_speed"`
	// RotationInfluenceCurve is the exponent on the normalized speed (1 =
	// linear, > 1 = delayed onset).
	RotationInfluenceCurve float64 `toml:"rotation_influence_curve"`
	// MomentumRotationBonus is added to the influence while momentum is held
	// (result clamped to 1).
	MomentumRotationBonus float64 `toml:"momentum_rotation_bonus"`
	// DirectionChangeThreshold is the minimum dot product between this and
	// the previous tick's input direction that counts as "same direction"
	// for momentum (the design's "typical" value).
	DirectionChangeThreshold float64 `toml:"direction_change_threshold"`

	// Extensions: crouching (the controller shrinks the capsule to
	// crouch_height_multiplier of its height) and dashing.

	// CrouchSpeed is the target speed while crouched (crouch held, or kept
	// crouched under a low ceiling), m/s, in place of the walk/run/sprint
	// tiers (docs/motors/hybrid.md#crouch-and-dash).
	CrouchSpeed float64 `toml:"crouch_speed"`
	// CrouchHeightMultiplier scales the capsule's whole height while
	// crouched (1 turns crouching off); the recipe's [kcc] crouch_half_height
	// follows from it as (half_height + radius)·multiplier - radius (at
	// least 0: a sphere).
	CrouchHeightMultiplier float64 `toml:"crouch_height_multiplier"`
	// DashSpeed is the planar speed of a dash at full stick, m/s (0 turns
	// dashing off): a dash press sets the planar velocity to the
	// camera-relative input at the press times dash_speed for
	// dash_duration.
	DashSpeed float64 `toml:"dash_speed"`
	// DashDuration is how long a dash holds its velocity, s (whole ticks,
	// rounded up).
	DashDuration float64 `toml:"dash_duration"`
	// DashCooldown is the time from a dash's press until a press dashes
	// again, s (whole ticks, rounded up).
	DashCooldown float64 `toml:"dash_cooldown"`

	// Debug: the four direction vectors a front end draws, and the debug
	// block printed every console_update_interval ticks.

	// EnableDebugVectors asks a front end to draw the four debug vectors
	// (input yellow, facing red, blended green, velocity blue; Motor.Debug)
	// under the character: the playground does.
	EnableDebugVectors bool `toml:"enable_debug_vectors"`
	// EnableConsoleDebug asks for the debug block (directions, influence,
	// momentum, speed, turn speed) to be printed every
	// console_update_interval ticks, by the system a game installs for it
	// (telemetry.InstallConsole; the playground does): the motor never
	// prints, and its stages do not allocate.
	EnableConsoleDebug bool `toml:"enable_console_debug"`
	// ConsoleUpdateInterval is the number of ticks between console prints.
	ConsoleUpdateInterval int `toml:"console_update_interval"`
}

// DefaultConfig returns the docs/motors/hybrid.md#the-model MovementConfig defaults (with gravity as
// a positive magnitude and turn rates converted to deg/s): the one place
// the defaults are written (hybrid.toml is generated from it).
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

// hybrid.toml is generated: go generate runs the test that writes it.
//
//go:generate go test -run TestDefaultTOMLIsGenerated -update-defaults
//go:embed hybrid.toml
var defaultTOML []byte

// DefaultTOML returns the embedded default file hybrid.toml (a copy):
// every key with its default, unit and allowed range. Parsing it gives
// DefaultConfig.
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
