package topdown

import (
	"fmt"
	"math"

	"github.com/go-gl/mathgl/mgl64"
	"github.com/seedgames/motorkit/internal/binstate"
	"github.com/seedgames/motorkit/motors"
)

// Kind is the motor kind name recipes use ("topdown").
const Kind = "topdown"

// Motor is a top-down motor: its configuration in metres and its dash.
type Motor struct {
	cfg                                  Config
	maxSpeed, accel, friction, dashSpeed float64
	dashTicks, coolTicks                 int     // the dash under way, the cooldown
	dashX, dashZ                         float64 // the dash's unit direction
	faceX, faceZ                         float64 // the last input's direction
}

// New returns a motor using cfg, or cfg's validation error.
func New(cfg Config) (*Motor, error) {
	if err := cfg.Validate("topdown motor"); err != nil {
		return nil, err
	}
	k := cfg.PixelsPerMetre
	return &Motor{cfg: cfg, maxSpeed: cfg.MaxSpeed / k, accel: cfg.Accel / k, friction: cfg.Friction / k,
		dashSpeed: cfg.DashSpeed / k, faceX: 0, faceZ: 1}, nil
}

// Config returns the motor's configuration.
func (m *Motor) Config() Config { return m.cfg }

// Kind returns "topdown".
func (m *Motor) Kind() string { return Kind }

// IntentSpeedCap returns the top speed in m/s; the motor reads the axes
// itself.
func (m *Motor) IntentSpeedCap(*motors.Context) float64 { return m.maxSpeed }

// JumpRules disables jumping: a top view has no up.
func (m *Motor) JumpRules(float64) motors.JumpRules { return motors.JumpRules{} }

// input is the input's direction in the XZ plane clamped to the unit
// circle: Strafe along +X, Forward along -Z (screen up).
func input(ctx *motors.Context) (x, z float64) {
	x, z = ctx.Command.Strafe, -ctx.Command.Forward
	if l := math.Sqrt(float64(x*x) + float64(z*z)); l > 1 {
		x, z = x/l, z/l
	}
	return x, z
}

// Friction brings the velocity to rest at friction when there is no
// input (and no dash).
func (m *Motor) Friction(ctx *motors.Context) {
	if x, z := input(ctx); x != 0 || z != 0 || m.dashTicks > 0 {
		return
	}
	approach(&ctx.Velocity, 0, 0, float64(m.friction*ctx.Dt))
}

// Accel runs the dash (a press with no cooldown starts one along the
// input, or the facing) or moves the velocity toward the input times the
// top speed at accel.
func (m *Motor) Accel(ctx *motors.Context) {
	if m.coolTicks > 0 {
		m.coolTicks--
	}
	x, z := input(ctx)
	if x != 0 || z != 0 {
		l := math.Sqrt(float64(x*x) + float64(z*z))
		m.faceX, m.faceZ = x/l, z/l
	}
	v := &ctx.Velocity
	if m.dashTicks > 0 {
		m.dashTicks--
		if m.dashTicks == 0 { // the dash ends at the top speed
			v[0], v[2] = float64(m.dashX*m.maxSpeed), float64(m.dashZ*m.maxSpeed)
		}
		return
	}
	if ctx.Command.DashPressed && m.cfg.DashSpeed > 0 && m.coolTicks == 0 {
		m.dashX, m.dashZ = m.faceX, m.faceZ
		m.dashTicks = max(motors.TicksFromSeconds(m.cfg.DashTime, ctx.TickRate), 1)
		m.coolTicks = motors.TicksFromSeconds(m.cfg.DashCooldown, ctx.TickRate)
		v[0], v[2] = float64(m.dashX*m.dashSpeed), float64(m.dashZ*m.dashSpeed)
		return
	}
	if x != 0 || z != 0 {
		approach(v, float64(x*m.maxSpeed), float64(z*m.maxSpeed), float64(m.accel*ctx.Dt))
	}
}

// approach moves v's X and Z toward (tx, tz) by at most step.
func approach(v *mgl64.Vec3, tx, tz, step float64) {
	dx, dz := tx-v[0], tz-v[2]
	if l := math.Sqrt(float64(dx*dx) + float64(dz*dz)); l > step {
		f := step / l
		dx, dz = float64(dx*f), float64(dz*f)
	}
	v[0], v[2] = v[0]+dx, v[2]+dz
}

// Shaping does nothing.
func (m *Motor) Shaping(*motors.Context) {}

// Dashing reports whether a dash is under way.
func (m *Motor) Dashing() bool { return m.dashTicks > 0 }

const stateVersion = 1

var _ motors.Stateful = (*Motor)(nil)

// AppendState appends the dash, its cooldown and the facing
// (motors.Stateful).
func (m *Motor) AppendState(dst []byte) []byte {
	return binstate.AppendRecord(dst, stateVersion, nil, []int{m.dashTicks, m.coolTicks},
		[]float64{m.dashX, m.dashZ, m.faceX, m.faceZ})
}

// LoadState restores AppendState's record (motors.Stateful).
func (m *Motor) LoadState(src []byte) error {
	d, c := m.dashTicks, m.coolTicks
	dx, dz, fx, fz := m.dashX, m.dashZ, m.faceX, m.faceZ
	if !binstate.LoadRecord(src, stateVersion, nil, []*int{&d, &c}, 1<<20, []*float64{&dx, &dz, &fx, &fz}) {
		return fmt.Errorf("%w: topdown: %d bytes, another version, a timer out of range or a non-finite value", motors.ErrMotorState, len(src))
	}
	m.dashTicks, m.coolTicks, m.dashX, m.dashZ, m.faceX, m.faceZ = d, c, dx, dz, fx, fz
	return nil
}
