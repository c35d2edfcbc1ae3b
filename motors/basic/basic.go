package basic

import (
	_ "embed"
	"math"

	"github.com/seedgames/motorkit/config"
	"github.com/seedgames/motorkit/motors"
)

// Config is the basic motor's tuning. Every field has a TOML key.
type Config struct {
	// MaxSpeed is the planar speed of a full move intent, m/s. Default 5.
	MaxSpeed float64 `toml:"max_speed"`
	// Accel is the ground acceleration toward the intent velocity, m/s^2.
	// Default 40 (full speed in 0.125 s).
	Accel float64 `toml:"accel"`
	// AirAccel is the acceleration while airborne, m/s^2. Default 10.
	AirAccel float64 `toml:"air_accel"`
	// JumpBufferTicks is how many ticks a jump press waits for ground.
	// Default 6 (0.1 s at 60 Hz).
	JumpBufferTicks int `toml:"jump_buffer_ticks"`
	// CoyoteTicks is how many ticks after walking off a ledge a jump is
	// still allowed. Default 6.
	CoyoteTicks int `toml:"coyote_ticks"`
}

// DefaultConfig returns the defaults documented on Config.
func DefaultConfig() Config {
	return Config{MaxSpeed: 5, Accel: 40, AirAccel: 10, JumpBufferTicks: 6, CoyoteTicks: 6}
}

// Validate reports the first out-of-range field, naming source and key.
func (c Config) Validate(source string) error {
	ch := config.Checker{Source: source}
	ch.Range("max_speed", c.MaxSpeed, 0, 100)
	ch.Range("accel", c.Accel, 0, 1000)
	ch.Range("air_accel", c.AirAccel, 0, 1000)
	ch.IntRange("jump_buffer_ticks", c.JumpBufferTicks, 0, 120)
	ch.IntRange("coyote_ticks", c.CoyoteTicks, 0, 120)
	return ch.Err()
}

//go:embed basic.toml
var defaultTOML []byte

// DefaultTOML returns the default configuration file's text.
func DefaultTOML() []byte { return append([]byte(nil), defaultTOML...) }

// Parse decodes TOML over the defaults, rejecting unknown keys and
// out-of-range values with errors naming source, line and key.
func Parse(data []byte, source string) (Config, error) {
	return config.Load(data, source, DefaultConfig())
}

// Load is Parse.
//
// Deprecated: use Parse, the name every motor package uses. Load goes in
// v0.3.0.
func Load(data []byte, source string) (Config, error) { return Parse(data, source) }

// Encode writes cfg as TOML that Parse reads back to the same Config.
func Encode(cfg Config) ([]byte, error) { return config.Encode(cfg) }

// Kind is the motor kind name recipes use ("basic").
const Kind = "basic"

// Motor is a basic motor instance; it has no state beyond its config.
type Motor struct {
	cfg Config
}

// New returns a motor using cfg, or cfg's validation error.
func New(cfg Config) (*Motor, error) {
	if err := cfg.Validate("basic motor"); err != nil {
		return nil, err
	}
	return &Motor{cfg: cfg}, nil
}

// Config returns the motor's configuration.
func (m *Motor) Config() Config { return m.cfg }

// Kind returns "basic".
func (m *Motor) Kind() string { return Kind }

// IntentSpeedCap returns MaxSpeed.
func (m *Motor) IntentSpeedCap(*motors.Context) float64 { return m.cfg.MaxSpeed }

// JumpRules enables jumping with the configured buffer and coyote ticks.
func (m *Motor) JumpRules(float64) motors.JumpRules {
	return motors.JumpRules{Enabled: true, BufferTicks: m.cfg.JumpBufferTicks, CoyoteTicks: m.cfg.CoyoteTicks}
}

// Friction does nothing: Accel brakes toward the (possibly zero) intent.
func (m *Motor) Friction(*motors.Context) {}

// Accel moves the planar velocity toward SlopePlanarDir*Intent.Speed by at
// most accel*dt, so it both speeds up and brakes; on a slope the target is
// the planar part of the ground-tangent direction, so the speed along the
// ground is Intent.Speed.
func (m *Motor) Accel(ctx *motors.Context) {
	a := m.cfg.Accel
	if !ctx.Stance.Grounded {
		a = m.cfg.AirAccel
	}
	// d = PlanarDir*Speed - planar(v), clamped to accel*dt, on float64
	// locals (the hot path runs for every character every tick).
	v := &ctx.Velocity
	sp := ctx.Intent.Speed
	dir := ctx.SlopePlanarDir()
	dx := float64(dir[0]*sp) - v[0]
	dy := float64(dir[1]*sp) - 0
	dz := float64(dir[2]*sp) - v[2]
	step := float64(a * ctx.Dt)
	if l := math.Sqrt(float64(dx*dx) + float64(dy*dy) + float64(dz*dz)); l > step {
		f := step / l
		dx, dz = float64(dx*f), float64(dz*f)
	}
	v[0], v[2] = v[0]+dx, v[2]+dz
}

// Shaping does nothing.
func (m *Motor) Shaping(*motors.Context) {}
