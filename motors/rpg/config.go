package rpg

import (
	_ "embed"

	"github.com/seedgames/motorkit/config"
)

// AirPolicy selects what the motor does to the planar velocity while the
// character is airborne (docs/motors/rpg.md#the-model).
type AirPolicy string

const (
	// AirNone leaves the planar velocity untouched in the air (Option A, the
	// recommended default). Only the max_speed hard cap still applies.
	AirNone AirPolicy = "none"
	// AirLimited tracks the target velocity in the air with the slow time
	// constant tau_air (Option B).
	AirLimited AirPolicy = "limited"
)

// Config holds every parameter of docs/motors/rpg.md#knobs-rpgtoml-the-motor-table-of-a-recipe. All times are in seconds,
// speeds in m/s; max_speed means what it means in every motor
// (docs/motors/README.md#vocabulary), and the tau_* keys are time constants
// of an exponential approach, another model than the m/s^2 ground_accel of
// other motors. Each key's default and allowed range are in rpg.toml
// (DefaultTOML), generated from DefaultConfig and Validate; the field docs
// give the design's typical range. The zero value is not valid; start from
// DefaultConfig.
type Config struct {
	// --- A) Speed ---

	// MaxSpeed is the top planar speed in m/s, the speed of a full stick
	// (table A, "designer-defined"); also the hard cap.
	MaxSpeed float64 `toml:"max_speed"`
	// BackpedalSpeedScale multiplies the intent speed when moving backward
	// (forward axis < 0). Typical 0.5-0.8.
	BackpedalSpeedScale float64 `toml:"backpedal_speed_scale"`
	// StrafeSpeedScale multiplies the intent speed for the sideways part of
	// the input. Normal MMO movement strafes at full speed (typical 1.0).
	StrafeSpeedScale float64 `toml:"strafe_speed_scale"`

	// --- B) Smoothing / responsiveness: alpha = 1 - exp(-dt/tau) per tick ---

	// TauAccel is the time constant (s) used when the target is faster than
	// the current planar speed. Smaller is snappier; typical 0.10-0.35.
	TauAccel float64 `toml:"tau_accel"`
	// TauDecel is the time constant (s) used when the target is not faster
	// than the current planar speed. Typical 0.08-0.30.
	TauDecel float64 `toml:"tau_decel"`
	// TauDecelStop, when > 0, replaces TauDecel while there is no move input
	// (a slightly faster stop), s. 0 disables it (TauDecel is used); the
	// design's table has no suggested start.
	TauDecelStop float64 `toml:"tau_decel_stop"`
	// TauAir is the air-steering time constant (s) used when AirPolicy is
	// "limited". Typical 0.40-1.20.
	TauAir float64 `toml:"tau_air"`

	// --- C) Air policy ---

	// AirPolicy is "none" (no air steering: the planar velocity is
	// untouched in the air) or "limited" (slow tracking with tau_air).
	AirPolicy AirPolicy `toml:"air_policy"`

	// --- D) Jumping (jump speed and gravity live in the recipe's [kcc] table) ---

	// JumpEnabled allows jump input. A jump is requested only on the tick
	// the button goes down while grounded: no buffering, no coyote time.
	JumpEnabled bool `toml:"jump_enabled"`
}

// DefaultConfig returns the "Suggested start" values of docs/motors/rpg.md#knobs-rpgtoml-the-motor-table-of-a-recipe, with
// tau_decel_stop disabled: the one place the defaults are written (rpg.toml
// is generated from it).
func DefaultConfig() Config {
	return Config{
		MaxSpeed:            6.0,
		BackpedalSpeedScale: 0.65,
		StrafeSpeedScale:    1.0,
		TauAccel:            0.18,
		TauDecel:            0.14,
		TauDecelStop:        0,
		TauAir:              0.60,
		AirPolicy:           AirNone,
		JumpEnabled:         true,
	}
}

// Limits of the validated ranges (see the Config field docs).
const (
	minTau = 0.005
	maxTau = 5.0
)

// Validate checks every field against its allowed range and returns an error
// naming source, key and range for each problem (nil when valid).
func (c Config) Validate(source string) error {
	ch := config.Checker{Source: source}
	ch.Range("max_speed", c.MaxSpeed, 0.1, 50)
	ch.Range("backpedal_speed_scale", c.BackpedalSpeedScale, 0.05, 1)
	ch.Range("strafe_speed_scale", c.StrafeSpeedScale, 0.05, 1)
	ch.Range("tau_accel", c.TauAccel, minTau, maxTau)
	ch.Range("tau_decel", c.TauDecel, minTau, maxTau)
	ch.Range("tau_decel_stop", c.TauDecelStop, 0, maxTau)
	if c.TauDecelStop != 0 {
		ch.Range("tau_decel_stop", c.TauDecelStop, minTau, maxTau)
	}
	ch.Range("tau_air", c.TauAir, minTau, 20)
	ch.OneOf("air_policy", string(c.AirPolicy), string(AirNone), string(AirLimited))
	return ch.Err()
}

// rpg.toml is generated: go generate runs the test that writes it.
//
//go:generate go test -run TestDefaultTOMLIsGenerated -update-defaults
//go:embed rpg.toml
var defaultTOML []byte

// DefaultTOML returns the embedded default file rpg.toml (a copy): every
// key with its default, unit and allowed range. Parsing it gives
// DefaultConfig.
func DefaultTOML() []byte { return append([]byte(nil), defaultTOML...) }

// Parse decodes TOML data on top of DefaultConfig (absent keys keep their
// defaults), rejects unknown keys, validates, and returns the config. Errors
// name the source, the line, the key and the allowed range. RPG has no angle
// parameters, so no degree conversion happens here.
func Parse(data []byte, source string) (Config, error) {
	return config.Load(data, source, DefaultConfig())
}

// LoadFile reads and parses an RPG configuration file (see Parse).
func LoadFile(path string) (Config, error) { return config.LoadFile(path, Parse) }

// Encode writes cfg as TOML that Parse reads back to the same Config.
func Encode(cfg Config) ([]byte, error) { return config.Encode(cfg) }
