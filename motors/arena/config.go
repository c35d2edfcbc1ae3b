package arena

import (
	_ "embed" // for DefaultTOML
	"fmt"
	"math"

	"github.com/seedgames/motorkit/config"
)

// DefaultW is the baseline ground top speed W = max_speed (m/s) that
// DefaultConfig uses. docs/motors/arena.md leaves W "designer-defined"; 8 m/s is a brisk
// arena run (a 0.6 m wide capsule covers its own width in 75 ms).
const DefaultW = 8.0

// FrictionlessJumpMode selects how ground friction treats jumps (docs/motors/arena.md#frictionless-jump-modes-frictionless_jump_mode).
type FrictionlessJumpMode string

// The frictionless jump modes.
const (
	// ModeNone always applies ground friction when grounded, also on the
	// tick a jump is consumed.
	ModeNone FrictionlessJumpMode = "none"
	// ModeSoft is docs/motors/arena.md#frictionless-jump-modes-frictionless_jump_mode: no ground friction on the tick a jump is
	// requested; during the landing grace window, while jump is held or a
	// jump press is buffered, friction is scaled by landing_friction_scale,
	// lowered toward landing_friction_scale_best_angle by Golden Angle
	// quality.
	ModeSoft FrictionlessJumpMode = "soft"
	// ModeHard applies no ground friction at all while a jump is requested,
	// held or buffered, on any grounded tick (not only inside the landing
	// grace window); otherwise full friction. It is the strongest retention
	// policy: holding jump while running on ground never bleeds speed.
	ModeHard FrictionlessJumpMode = "hard"
)

// Config holds every parameter of docs/motors/arena.md#knobs (tables A-E) plus two
// switches the design names without giving them a row (quality smoothing and
// hold-to-hop). Speeds are m/s, times seconds, angles degrees (fields and
// keys ending in Deg/_deg, as in the other motors; ThetaTarget and
// MaxShapingAnglePerTick give them in radians). The accelerations are
// Quake-style rates in 1/s, multiplied by the wish speed: their keys end in
// _rate, apart from the m/s^2 ground_accel and air_accel of other motors
// (docs/motors/README.md#vocabulary).
//
// Each key's default and allowed range are in arena.toml (DefaultTOML),
// generated from DefaultConfig and Validate. The "typical" ranges below are
// the design's tuning ranges; Validate accepts wider ones so tests and
// experiments can go beyond them (for example g_min = g_peak = 1 disables
// the gain).
type Config struct {
	// --- A) Speed caps ---

	// MaxSpeed is W, the ground move-intent speed cap (m/s): the speed of
	// a full stick on the ground. Designer-defined; the defaults of the keys
	// marked xW are multiples of it.
	MaxSpeed float64 `toml:"max_speed"`
	// MaxSpeedAir is the air move-intent speed cap before the Golden Angle
	// gain (m/s). Typical 0.9W-1.1W.
	MaxSpeedAir float64 `toml:"max_speed_air"`

	// --- B) Ground responsiveness ---

	// GroundAccelRate is the planar accel rate when grounded (1/s: one
	// second of accel adds GroundAccelRate * move_intent_speed m/s, up to the
	// cap). Typical 10-25.
	GroundAccelRate float64 `toml:"ground_accel_rate"`
	// Friction is the ground friction coefficient (1/s). Typical 4-10.
	Friction float64 `toml:"friction"`
	// StopSpeed is the friction floor (m/s): below it friction removes a
	// constant StopSpeed*Friction m/s per second, which makes stopping crisp.
	// Typical 0.25W-0.40W.
	StopSpeed float64 `toml:"stop_speed"`

	// --- C) Air acceleration + Golden Angle ---

	// AirAccelRate is the planar accel rate in the air before the Golden
	// Angle gain (1/s, times the wish speed as GroundAccelRate). Typical
	// 4-14.
	AirAccelRate float64 `toml:"air_accel_rate"`
	// AirResistance is the air damping coefficient (1/s) reached at
	// AirResistanceSpeedScale, 0 for none: planar speed is multiplied each
	// air tick by 1 - AirResistance*saturate(speed/AirResistanceSpeedScale)*dt.
	// Typical 0-1.
	AirResistance float64 `toml:"air_resistance"`
	// AirResistanceSpeedScale is the planar speed (m/s) where air resistance
	// reaches full strength. Typical 1W-4W.
	AirResistanceSpeedScale float64 `toml:"air_resistance_speed_scale"`
	// ThetaTargetDeg is the Golden Angle: the target offset angle (degrees)
	// between the planar velocity and the view forward direction. Typical
	// 20°-55°.
	ThetaTargetDeg float64 `toml:"theta_target_deg"`
	// GMin is the gain factor at poor angles (theta = 0), at most GPeak.
	// Typical 0.70-1.00.
	GMin float64 `toml:"g_min"`
	// GPeak is the gain factor at and beyond ThetaTargetDeg. Typical
	// 1.05-1.60.
	GPeak float64 `toml:"g_peak"`
	// BonusScale scales the uncapped bonus push applied when gain > 1
	// (dimensionless). Typical 0.1-1.0.
	BonusScale float64 `toml:"bonus_scale"`
	// BlendSpeedStart is the planar speed (m/s) where the gain starts
	// blending in. Typical 0.8W-1.2W.
	BlendSpeedStart float64 `toml:"blend_speed_start"`
	// BlendSpeedEnd is the planar speed (m/s) where the gain is fully
	// applied, above BlendSpeedStart. Typical 1.2W-1.8W.
	BlendSpeedEnd float64 `toml:"blend_speed_end"`
	// QualitySmoothstep applies the design's optional smoothing
	// q = q*q*(3-2q) to the Golden Angle quality (used by the gain and the
	// landing-friction coupling); off, q is linear.
	QualitySmoothstep bool `toml:"quality_smoothstep"`

	// --- D) Corridor shaping ---

	// ShapingStrength is the airborne rotation rate of the planar velocity
	// toward the move intent (rad/s, times the intent magnitude; 0 disables
	// shaping). Typical 0-3.
	ShapingStrength float64 `toml:"shaping_strength"`
	// MinSpeedForShaping is the planar speed (m/s) below which shaping does
	// nothing. Typical 0.6W-1.2W.
	MinSpeedForShaping float64 `toml:"min_speed_for_shaping"`
	// MaxShapingAnglePerTickDeg is the hard cap on the rotation shaping
	// applies in one tick (degrees). Typical 0.5°-4°.
	MaxShapingAnglePerTickDeg float64 `toml:"max_shaping_angle_per_tick_deg"`
	// MinAlignment is the minimum dot(vel_dir, intent_dir); shaping applies
	// only when the dot is above it. Typical -0.2-0.5.
	MinAlignment float64 `toml:"min_alignment"`

	// --- E) Jump buffering + frictionless jump ---

	// JumpBufferTime is how long a jump press stays buffered while the
	// character cannot jump (s, whole ticks at the pipeline's rate rounded
	// to nearest). Typical 2-6 ticks at 60 Hz.
	JumpBufferTime float64 `toml:"jump_buffer_time"`
	// FrictionlessJumpMode is how ground friction treats jumps: none, soft
	// or hard (docs/motors/arena.md#frictionless-jump-modes-frictionless_jump_mode).
	FrictionlessJumpMode FrictionlessJumpMode `toml:"frictionless_jump_mode"`
	// LandingGraceTime is the length of the window after landing where
	// friction is reduced in soft mode (s, whole ticks at the pipeline's
	// rate rounded to nearest). Typical 0-4 ticks at 60 Hz.
	LandingGraceTime float64 `toml:"landing_grace_time"`
	// LandingFrictionScale multiplies friction during the grace window at
	// the worst Golden Angle quality. Typical 0-0.6.
	LandingFrictionScale float64 `toml:"landing_friction_scale"`
	// LandingFrictionScaleBestAngle is the grace-window friction scale at the
	// best Golden Angle quality (q = 1), at most LandingFrictionScale; lower
	// = more frictionless. Set equal to LandingFrictionScale to disable the
	// coupling.
	LandingFrictionScaleBestAngle float64 `toml:"landing_friction_scale_best_angle"`
	// AutoHop lets a held jump button request a jump on every grounded tick
	// (docs/motors/arena.md#one-tick step 3 "jump_pressed/held"). Off, as
	// in the rest of the module, holding jump does not re-trigger: chain
	// hops with buffered presses.
	AutoHop bool `toml:"auto_hop"`
}

// DefaultConfig returns the design's "Suggested start" values for W =
// DefaultW: the one place the defaults are written (arena.toml is
// generated from it).
func DefaultConfig() Config { return DefaultConfigForW(DefaultW) }

// DefaultConfigForW returns the docs/motors/arena.md#knobs "Suggested start" column with
// the W-relative entries expressed through w = max_speed (m/s). It
// does not validate w; Validate does.
func DefaultConfigForW(w float64) Config {
	return Config{
		MaxSpeed:    w,
		MaxSpeedAir: w,

		GroundAccelRate: 14,
		Friction:        6,
		StopSpeed:       float64(0.30 * w),

		AirAccelRate:            8,
		AirResistance:           0,
		AirResistanceSpeedScale: float64(2 * w),
		ThetaTargetDeg:          35,
		GMin:                    0.85,
		GPeak:                   1.25,
		BonusScale:              0.5,
		BlendSpeedStart:         float64(1.0 * w),
		BlendSpeedEnd:           float64(1.4 * w),

		ShapingStrength:           1.5,
		MinSpeedForShaping:        float64(0.9 * w),
		MaxShapingAnglePerTickDeg: 2,
		MinAlignment:              0,

		JumpBufferTime:                0.05,
		FrictionlessJumpMode:          ModeSoft,
		LandingGraceTime:              0.035,
		LandingFrictionScale:          0.25,
		LandingFrictionScaleBestAngle: 0,
	}
}

// Validate checks every field against its allowed range and the cross-field
// rules (g_min <= g_peak, blend_speed_start < blend_speed_end,
// landing_friction_scale_best_angle <= landing_friction_scale). Errors name
// source, the TOML key and the allowed range; all problems are joined.
func (c Config) Validate(source string) error {
	ch := config.Checker{Source: source}
	ch.Range("max_speed", c.MaxSpeed, 0.1, 100)
	ch.Range("max_speed_air", c.MaxSpeedAir, 0, 100)
	ch.Range("ground_accel_rate", c.GroundAccelRate, 0, 200)
	ch.Range("friction", c.Friction, 0, 100)
	ch.Range("stop_speed", c.StopSpeed, 0, 100)
	ch.Range("air_accel_rate", c.AirAccelRate, 0, 200)
	ch.Range("air_resistance", c.AirResistance, 0, 10)
	ch.Range("air_resistance_speed_scale", c.AirResistanceSpeedScale, 0.01, 1000)
	ch.Range("theta_target_deg", c.ThetaTargetDeg, 1, 90)
	ch.Degrees("theta_target_deg", c.ThetaTargetDeg, 20, 55)
	ch.Degrees("max_shaping_angle_per_tick_deg", c.MaxShapingAnglePerTickDeg, 0.5, 4)
	ch.Range("g_min", c.GMin, 0, 2)
	ch.Range("g_peak", c.GPeak, 0, 4)
	ch.Check(!(c.GMin > c.GPeak), "g_min", fmt.Sprintf("value %v must not exceed g_peak (%v)", c.GMin, c.GPeak))
	ch.Range("bonus_scale", c.BonusScale, 0, 4)
	ch.Range("blend_speed_start", c.BlendSpeedStart, 0, 1000)
	ch.Range("blend_speed_end", c.BlendSpeedEnd, 0, 1000)
	ch.Check(!(c.BlendSpeedEnd <= c.BlendSpeedStart), "blend_speed_end",
		fmt.Sprintf("value %v must be greater than blend_speed_start (%v)", c.BlendSpeedEnd, c.BlendSpeedStart))
	ch.Range("shaping_strength", c.ShapingStrength, 0, 50)
	ch.Range("min_speed_for_shaping", c.MinSpeedForShaping, 0, 1000)
	ch.Range("max_shaping_angle_per_tick_deg", c.MaxShapingAnglePerTickDeg, 0, 45)
	ch.Range("min_alignment", c.MinAlignment, -1, 1)
	ch.Range("jump_buffer_time", c.JumpBufferTime, 0, 2)
	ch.OneOf("frictionless_jump_mode", string(c.FrictionlessJumpMode),
		string(ModeNone), string(ModeSoft), string(ModeHard))
	ch.Range("landing_grace_time", c.LandingGraceTime, 0, 2)
	ch.Range("landing_friction_scale", c.LandingFrictionScale, 0, 1)
	ch.Range("landing_friction_scale_best_angle", c.LandingFrictionScaleBestAngle, 0, 1)
	ch.Check(!(c.LandingFrictionScaleBestAngle > c.LandingFrictionScale), "landing_friction_scale_best_angle",
		fmt.Sprintf("value %v out of range [0, landing_friction_scale = %v]",
			c.LandingFrictionScaleBestAngle, c.LandingFrictionScale))
	return ch.Err()
}

// ThetaTarget returns ThetaTargetDeg in radians.
func (c Config) ThetaTarget() float64 { return config.Deg2Rad(c.ThetaTargetDeg) }

// MaxShapingAnglePerTick returns MaxShapingAnglePerTickDeg in radians.
func (c Config) MaxShapingAnglePerTick() float64 { return config.Deg2Rad(c.MaxShapingAnglePerTickDeg) }

// wRelative lists the keys whose defaults are multiples of W, and their
// fields: ParseOnto rescales the ones a file leaves unset when it sets W.
var wRelative = [...]struct {
	key   string
	field func(*Config) *float64
}{
	{"max_speed_air", func(c *Config) *float64 { return &c.MaxSpeedAir }},
	{"stop_speed", func(c *Config) *float64 { return &c.StopSpeed }},
	{"air_resistance_speed_scale", func(c *Config) *float64 { return &c.AirResistanceSpeedScale }},
	{"blend_speed_start", func(c *Config) *float64 { return &c.BlendSpeedStart }},
	{"blend_speed_end", func(c *Config) *float64 { return &c.BlendSpeedEnd }},
	{"min_speed_for_shaping", func(c *Config) *float64 { return &c.MinSpeedForShaping }},
}

// Parse decodes an arena motor configuration from TOML and validates it.
//
// Absent keys take the defaults of DefaultConfigForW(W), where W is the
// file's max_speed when it sets one (a finite value > 0) and DefaultW
// otherwise, so a file that only changes max_speed rescales every
// W-relative default with it. Angles are read in degrees from the keys
// theta_target_deg and max_shaping_angle_per_tick_deg. Unknown keys, wrong
// types and out-of-range values are errors naming source and the key.
func Parse(data []byte, source string) (Config, error) {
	return ParseOnto(DefaultConfig(), data, source)
}

// ParseOnto is Parse with explicit base values for absent keys, except that
// when the data sets max_speed and base is the default configuration
// for its own W, the base is rescaled to the new W first (as Parse does).
func ParseOnto(base Config, data []byte, source string) (Config, error) {
	c := base
	md, err := config.DecodeMeta(data, source, &c)
	if err != nil {
		return Config{}, err
	}
	if w := c.MaxSpeed; md.IsDefined("max_speed") && w > 0 && !math.IsInf(w, 0) &&
		base == DefaultConfigForW(base.MaxSpeed) {
		d := DefaultConfigForW(w)
		for _, k := range wRelative {
			if !md.IsDefined(k.key) {
				*k.field(&c) = *k.field(&d)
			}
		}
	}
	if err := c.Validate(source); err != nil {
		return Config{}, err
	}
	return c, nil
}

// AdjustDefaults gives the W-relative keys no layer of a recipe set
// (set(key) false) their defaults for the max_speed a layer set:
// a recipe that only changes max_speed rescales every W-relative
// default with it, as Parse does for one file (prefabs.DefaultsAdjuster).
func (c *Config) AdjustDefaults(set func(key string) bool) {
	if w := c.MaxSpeed; !set("max_speed") || !(w > 0) || math.IsInf(w, 0) {
		return
	}
	d := DefaultConfigForW(c.MaxSpeed)
	for _, k := range wRelative {
		if !set(k.key) {
			*k.field(c) = *k.field(&d)
		}
	}
}

// LoadFile reads and parses an arena configuration file (see Parse).
func LoadFile(path string) (Config, error) { return config.LoadFile(path, Parse) }

// Encode writes cfg as TOML with angles in degrees; Parse reads it back to
// the same Config.
func Encode(cfg Config) ([]byte, error) {
	return config.Encode(cfg)
}

// arena.toml is generated: go generate runs the test that writes it.
//
//go:generate go test -run TestDefaultTOMLIsGenerated -update-defaults
//go:embed arena.toml
var defaultTOML []byte

// DefaultTOML returns the text of arena.toml, the commented default
// configuration file (a copy): every key with its default, unit and
// allowed range. Parse(DefaultTOML()) returns DefaultConfig().
func DefaultTOML() []byte { return append([]byte(nil), defaultTOML...) }
