package platformer

import (
	_ "embed"

	"github.com/seedgames/motorkit/config"
)

// Config is the platformer motor's tuning, in pixels (px), pixels per
// second and seconds, named after Celeste's constants where it has one
// (docs/2d.md). The defaults are Celeste's. Each key's default and range
// are in platformer.toml (DefaultTOML), generated from DefaultConfig and
// Validate.
type Config struct {
	// PixelsPerMetre is how many of the knobs' pixels make one metre of
	// the pipeline: 8 makes one of Celeste's 8 px tiles a metre.
	PixelsPerMetre float64 `toml:"pixels_per_metre"`
	// MaxRun is the top running speed (px/s; Celeste's MaxRun).
	MaxRun float64 `toml:"max_run"`
	// RunAccel is the rate the run speed approaches MaxRun times the input
	// (px/s^2; RunAccel): from rest to full speed takes max_run/run_accel.
	RunAccel float64 `toml:"run_accel"`
	// RunReduce is the rate a speed above MaxRun in the input's direction
	// comes back down to it (px/s^2; RunReduce).
	RunReduce float64 `toml:"run_reduce"`
	// AirMult scales RunAccel and RunReduce in the air (AirMult).
	AirMult float64 `toml:"air_mult"`
	// Gravity is the downward acceleration in the air (px/s^2; Gravity).
	Gravity float64 `toml:"gravity"`
	// HalfGravThreshold is the vertical speed below which gravity is
	// halved while jump is held: a floatier apex (px/s;
	// HalfGravThreshold).
	HalfGravThreshold float64 `toml:"half_grav_threshold"`
	// MaxFall is the fall speed cap (px/s; MaxFall).
	MaxFall float64 `toml:"max_fall"`
	// FastMaxFall is the fall cap while down is held (px/s; FastMaxFall).
	FastMaxFall float64 `toml:"fast_max_fall"`
	// FastMaxAccel is the rate the fall cap moves between MaxFall and
	// FastMaxFall (px/s^2; FastMaxAccel).
	FastMaxAccel float64 `toml:"fast_max_accel"`
	// JumpSpeed is the upward speed of a jump (px/s; Celeste's JumpSpeed
	// is -105 in its y-down axes).
	JumpSpeed float64 `toml:"jump_speed"`
	// JumpHBoost is added to the run speed along the input on a jump
	// (px/s; JumpHBoost).
	JumpHBoost float64 `toml:"jump_h_boost"`
	// VarJumpTime is how long after a jump the upward speed is held at
	// the jump speed while jump is held (s; VarJumpTime): letting go
	// early makes a lower jump.
	VarJumpTime float64 `toml:"var_jump_time"`
	// CoyoteTime is how long after running off a ledge a jump is still
	// allowed (s; Celeste's JumpGraceTime).
	CoyoteTime float64 `toml:"coyote_time"`
	// JumpBufferTime is how long a jump press waits for the ground (s;
	// the buffer of Celeste's jump button, 0.08 s).
	JumpBufferTime float64 `toml:"jump_buffer_time"`
	// WallJumpHSpeed is the speed away from the wall of a wall jump
	// (px/s; WallJumpHSpeed, MaxRun + JumpHBoost).
	WallJumpHSpeed float64 `toml:"wall_jump_h_speed"`
	// WallJumpForceTime is how long after a wall jump the run input is
	// held away from the wall (s; WallJumpForceTime).
	WallJumpForceTime float64 `toml:"wall_jump_force_time"`
	// WallJumpCheckDist is how near a wall must be for a jump in the air
	// to jump off it (px; WallJumpCheckDist).
	WallJumpCheckDist float64 `toml:"wall_jump_check_dist"`
	// WallSlideStartMax is the fall cap when a wall slide starts (px/s;
	// WallSlideStartMax): pressing into a wall while falling slides, and
	// the cap grows back to MaxFall over WallSlideTime.
	WallSlideStartMax float64 `toml:"wall_slide_start_max"`
	// WallSlideTime is how long the character can slide before the cap
	// is MaxFall again; landing restores it (s; WallSlideTime).
	WallSlideTime float64 `toml:"wall_slide_time"`
	// UpwardCornerCorrection is how far a jump that clips the corner of a
	// block above is slid sideways around it (px; UpwardCornerCorrection).
	UpwardCornerCorrection float64 `toml:"upward_corner_correction"`
	// DashCornerCorrection is how far a sideways dash that clips the
	// corner of a block is slid up or down around it (px;
	// DashCornerCorrection).
	DashCornerCorrection float64 `toml:"dash_corner_correction"`
	// Dashes is how many dashes the character has between landings
	// (Celeste's MaxDashes); 0 disables the dash.
	Dashes int `toml:"dashes"`
	// DashSpeed is the dash's speed along its direction (px/s;
	// DashSpeed).
	DashSpeed float64 `toml:"dash_speed"`
	// DashTime is how long the dash lasts (s; DashTime).
	DashTime float64 `toml:"dash_time"`
	// EndDashSpeed is the speed along the dash's direction when a
	// sideways or upward dash ends (px/s; EndDashSpeed).
	EndDashSpeed float64 `toml:"end_dash_speed"`
	// EndDashUpMult scales the upward part of that speed
	// (EndDashUpMult).
	EndDashUpMult float64 `toml:"end_dash_up_mult"`
	// DashCooldown is the time from a dash's start before the next
	// (s; DashCooldown).
	DashCooldown float64 `toml:"dash_cooldown"`
	// DashRefillCooldown is the time from a dash's start before landing
	// refills the dashes (s; DashRefillCooldown).
	DashRefillCooldown float64 `toml:"dash_refill_cooldown"`
}

// DefaultConfig returns Celeste's movement constants (in its pixels,
// one 8 px tile per metre), the one place the defaults are written
// (platformer.toml is generated from it).
func DefaultConfig() Config {
	return Config{PixelsPerMetre: 8,
		MaxRun: 90, RunAccel: 1000, RunReduce: 400, AirMult: 0.65,
		Gravity: 900, HalfGravThreshold: 40, MaxFall: 160, FastMaxFall: 240, FastMaxAccel: 300,
		JumpSpeed: 105, JumpHBoost: 40, VarJumpTime: 0.2, CoyoteTime: 0.1, JumpBufferTime: 0.08,
		WallJumpHSpeed: 130, WallJumpForceTime: 0.16, WallJumpCheckDist: 3,
		WallSlideStartMax: 20, WallSlideTime: 1.2, UpwardCornerCorrection: 4, DashCornerCorrection: 4,
		Dashes: 1, DashSpeed: 240, DashTime: 0.15, EndDashSpeed: 160, EndDashUpMult: 0.75,
		DashCooldown: 0.2, DashRefillCooldown: 0.1}
}

// Validate reports every out-of-range field, naming source and key.
func (c Config) Validate(source string) error {
	ch := config.Checker{Source: source}
	ch.Range("pixels_per_metre", c.PixelsPerMetre, 0.01, 10000)
	ch.Range("max_run", c.MaxRun, 0, 100000)
	ch.Range("run_accel", c.RunAccel, 0, 1e6)
	ch.Range("run_reduce", c.RunReduce, 0, 1e6)
	ch.Range("air_mult", c.AirMult, 0, 10)
	ch.Range("gravity", c.Gravity, 0, 1e6)
	ch.Range("half_grav_threshold", c.HalfGravThreshold, 0, 100000)
	ch.Range("max_fall", c.MaxFall, 0, 100000)
	ch.Range("fast_max_fall", c.FastMaxFall, 0, 100000)
	ch.Range("fast_max_accel", c.FastMaxAccel, 0, 1e6)
	ch.Range("jump_speed", c.JumpSpeed, 0, 100000)
	ch.Range("jump_h_boost", c.JumpHBoost, 0, 100000)
	ch.Range("var_jump_time", c.VarJumpTime, 0, 10)
	ch.Range("coyote_time", c.CoyoteTime, 0, 2)
	ch.Range("jump_buffer_time", c.JumpBufferTime, 0, 2)
	ch.Range("wall_jump_h_speed", c.WallJumpHSpeed, 0, 100000)
	ch.Range("wall_jump_force_time", c.WallJumpForceTime, 0, 10)
	ch.Range("wall_jump_check_dist", c.WallJumpCheckDist, 0, 1000)
	ch.Range("wall_slide_start_max", c.WallSlideStartMax, 0, 100000)
	ch.Range("wall_slide_time", c.WallSlideTime, 0, 100)
	ch.Range("upward_corner_correction", c.UpwardCornerCorrection, 0, 64)
	ch.Range("dash_corner_correction", c.DashCornerCorrection, 0, 64)
	ch.IntRange("dashes", c.Dashes, 0, 100)
	ch.Range("dash_speed", c.DashSpeed, 0, 100000)
	ch.Range("dash_time", c.DashTime, 0, 10)
	ch.Range("end_dash_speed", c.EndDashSpeed, 0, 100000)
	ch.Range("end_dash_up_mult", c.EndDashUpMult, 0, 10)
	ch.Range("dash_cooldown", c.DashCooldown, 0, 10)
	ch.Range("dash_refill_cooldown", c.DashRefillCooldown, 0, 10)
	return ch.Err()
}

// Vertical returns the KCC stage's gravity, jump speed and fall cap
// (prefabs.Verticaler): gravity 0 and no cap, because the motor applies
// Celeste's own in the air, and the jump speed in m/s.
func (c Config) Vertical() (gravity, jumpSpeed, maxFallSpeed float64) {
	return 0, c.JumpSpeed / c.PixelsPerMetre, 0
}

// platformer.toml is generated: go generate runs the test that writes it.
//
//go:generate go test -run TestDefaultTOMLIsGenerated -update-defaults
//go:embed platformer.toml
var defaultTOML []byte

// DefaultTOML returns the default configuration file's text (a copy):
// every key with its default, unit and allowed range.
func DefaultTOML() []byte { return append([]byte(nil), defaultTOML...) }

// Parse decodes TOML over the defaults, rejecting unknown keys and
// out-of-range values with errors naming source, line and key.
func Parse(data []byte, source string) (Config, error) {
	return config.Load(data, source, DefaultConfig())
}
