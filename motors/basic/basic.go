package basic

import (
	_ "embed"
	"math"

	"github.com/seedgames/motorkit/config"
	"github.com/seedgames/motorkit/motors"
)

// Config is the basic motor's tuning. Every field has a TOML key, named
// as in every motor (docs/motors/README.md#vocabulary); each key's default
// and allowed range are in basic.toml (DefaultTOML), generated from
// DefaultConfig and Validate.
type Config struct {
	// MaxSpeed is the planar speed of a full move intent (m/s).
	MaxSpeed float64 `toml:"max_speed"`
	// GroundAccel is the rate the planar velocity moves toward the intent
	// velocity on the ground (m/s^2): full speed from rest takes
	// max_speed/ground_accel.
	GroundAccel float64 `toml:"ground_accel"`
	// AirAccel is the same rate while airborne (m/s^2).
	AirAccel float64 `toml:"air_accel"`
	// JumpBufferTime is how long a jump press waits for ground (s, whole
	// ticks at the pipeline's rate, rounded to nearest).
	JumpBufferTime float64 `toml:"jump_buffer_time"`
	// CoyoteTime is how long after walking off a ledge a jump is still
	// allowed (s, whole ticks as jump_buffer_time).
	CoyoteTime float64 `toml:"coyote_time"`
}

// DefaultConfig returns the basic motor's defaults, the one place they
// are written (basic.toml is generated from it).
func DefaultConfig() Config {
	return Config{MaxSpeed: 5, GroundAccel: 40, AirAccel: 10, JumpBufferTime: 0.1, CoyoteTime: 0.1}
}

// Validate reports the first out-of-range field, naming source and key.
func (c Config) Validate(source string) error {
	ch := config.Checker{Source: source}
	ch.Range("max_speed", c.MaxSpeed, 0, 100)
	ch.Range("ground_accel", c.GroundAccel, 0, 1000)
	ch.Range("air_accel", c.AirAccel, 0, 1000)
	ch.Range("jump_buffer_time", c.JumpBufferTime, 0, 2)
	ch.Range("coyote_time", c.CoyoteTime, 0, 2)
	return ch.Err()
}

// basic.toml is generated: go generate runs the test that writes it.
//
//go:generate go test -run TestDefaultTOMLIsGenerated -update-defaults
//go:embed basic.toml
var defaultTOML []byte

// DefaultTOML returns the default configuration file's text (a copy):
// every key with its default, unit and allowed range.
func DefaultTOML() []byte { return append([]byte(nil), defaultTOML...) }

// Parse decodes TOML over the defaults, rejecting unknown keys and
// out-of-range values with errors naming source, line and key.
func Parse(data []byte, source string) (Config, error) {
	return config.Load(data, source, DefaultConfig())
}

// LoadFile reads and parses a basic configuration file (see Parse).
func LoadFile(path string) (Config, error) { return config.LoadFile(path, Parse) }

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

// JumpRules enables jumping with the buffer and coyote windows in whole
// ticks at tickRate (motors.TicksFromSeconds: 6 and 6 at 60 Hz for the
// defaults).
func (m *Motor) JumpRules(tickRate float64) motors.JumpRules {
	return motors.JumpRules{Enabled: true,
		BufferTicks: motors.TicksFromSeconds(m.cfg.JumpBufferTime, tickRate),
		CoyoteTicks: motors.TicksFromSeconds(m.cfg.CoyoteTime, tickRate)}
}

// Friction does nothing: Accel brakes toward the (possibly zero) intent.
func (m *Motor) Friction(*motors.Context) {}

// Accel moves the planar velocity toward SlopePlanarDir*Intent.Speed by at
// most ground_accel*dt (air_accel*dt airborne), so it both speeds up and brakes; on a slope the target is
// the planar part of the ground-tangent direction, so the speed along the
// ground is Intent.Speed.
func (m *Motor) Accel(ctx *motors.Context) {
	a := m.cfg.GroundAccel
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
