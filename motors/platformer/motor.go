package platformer

import (
	"fmt"
	"math"

	"github.com/seedgames/motorkit/internal/binstate"
	"github.com/seedgames/motorkit/motors"
)

// Kind is the motor kind name recipes use ("platformer").
const Kind = "platformer"

// axisDeadZone is how far an analog axis must lean to count as a press:
// Celeste reads its move axes as -1, 0 or 1.
const axisDeadZone = 0.5

// Motor is a platformer motor: its configuration in metres and its state
// (the variable jump, the fall cap, the dash).
type Motor struct {
	cfg Config
	// the knobs in metres (m/s, m/s^2), converted once
	maxRun, runAccel, runReduce float64
	gravity, halfGrav, maxFallV float64
	fastMaxFall, fastMaxAccel   float64
	jumpSpeed, jumpHBoost       float64
	dashSpeed, endDashSpeed     float64
	state
}

// state is the motor's state between ticks (motors.Stateful).
type state struct {
	varJumpTicks   int     // ticks the variable jump still holds the speed
	varJumpSpeed   float64 // the speed it holds (m/s, up)
	maxFall        float64 // the current fall cap (m/s), MaxFall to FastMaxFall
	dashesLeft     int     // dashes before the next refill
	dashTicks      int     // ticks of the dash under way left (0: none)
	dashCoolTicks  int     // ticks before another dash may start
	refillTicks    int     // ticks before landing refills the dashes
	dashX, dashY   float64 // the dash's unit direction
	facing         float64 // -1 left, +1 right
	dashedThisTick bool    // the dash owns this tick's velocity
}

// New returns a motor using cfg, or cfg's validation error.
func New(cfg Config) (*Motor, error) {
	if err := cfg.Validate("platformer motor"); err != nil {
		return nil, err
	}
	s := cfg.PixelsPerMetre
	m := &Motor{cfg: cfg,
		maxRun: cfg.MaxRun / s, runAccel: cfg.RunAccel / s, runReduce: cfg.RunReduce / s,
		gravity: cfg.Gravity / s, halfGrav: cfg.HalfGravThreshold / s, maxFallV: cfg.MaxFall / s,
		fastMaxFall: cfg.FastMaxFall / s, fastMaxAccel: cfg.FastMaxAccel / s,
		jumpSpeed: cfg.JumpSpeed / s, jumpHBoost: cfg.JumpHBoost / s,
		dashSpeed: cfg.DashSpeed / s, endDashSpeed: cfg.EndDashSpeed / s}
	m.maxFall, m.dashesLeft, m.facing = m.maxFallV, cfg.Dashes, 1
	return m, nil
}

// Config returns the motor's configuration.
func (m *Motor) Config() Config { return m.cfg }

// Kind returns "platformer".
func (m *Motor) Kind() string { return Kind }

// IntentSpeedCap returns the top run speed in m/s; the motor reads the
// run axis itself (Command.Strafe), not the intent.
func (m *Motor) IntentSpeedCap(*motors.Context) float64 { return m.maxRun }

// JumpRules enables jumping with Celeste's buffer and coyote (jump grace)
// windows in whole ticks at tickRate: 5 and 6 at 60 Hz for the defaults.
func (m *Motor) JumpRules(tickRate float64) motors.JumpRules {
	return motors.JumpRules{Enabled: true,
		BufferTicks: motors.TicksFromSeconds(m.cfg.JumpBufferTime, tickRate),
		CoyoteTicks: motors.TicksFromSeconds(m.cfg.CoyoteTime, tickRate)}
}

// moveAxes returns the run axis (-1, 0, 1: Command.Strafe) and the
// up/down axis (-1 down, 0, 1 up: Command.Forward).
func moveAxes(ctx *motors.Context) (x, y float64) {
	return axis(ctx.Command.Strafe), axis(ctx.Command.Forward)
}

func axis(a float64) float64 {
	switch {
	case a >= axisDeadZone:
		return 1
	case a <= -axisDeadZone:
		return -1
	}
	return 0
}

// approach moves v toward target by at most step (Celeste's
// Calc.Approach).
func approach(v, target, step float64) float64 {
	if v > target {
		return math.Max(v-step, target)
	}
	return math.Min(v+step, target)
}

// Friction runs the timers of the tick's start (Celeste's Update before
// the state's): the variable jump and the dash cooldowns count down, and
// standing on the ground after the refill cooldown refills the dashes.
func (m *Motor) Friction(ctx *motors.Context) {
	m.dashedThisTick = false
	if m.varJumpTicks > 0 {
		m.varJumpTicks--
	}
	if m.dashCoolTicks > 0 {
		m.dashCoolTicks--
	}
	if m.refillTicks > 0 {
		m.refillTicks--
	} else if ctx.Stance.Grounded {
		m.dashesLeft = m.cfg.Dashes
	}
	if x, _ := moveAxes(ctx); x != 0 {
		m.facing = x
	}
}

// Accel is the dash (its start, its ticks and its end) or the run: the
// run speed approaches max_run times the run axis at run_accel, or at
// run_reduce when it is above max_run in the axis's direction; both times
// air_mult in the air.
func (m *Motor) Accel(ctx *motors.Context) {
	if m.dash(ctx) {
		m.dashedThisTick = true
		return
	}
	x, _ := moveAxes(ctx)
	mult := 1.0
	if !ctx.Stance.Grounded {
		mult = m.cfg.AirMult
	}
	v := &ctx.Velocity
	rate := m.runAccel
	if math.Abs(v[0]) > m.maxRun && sign(v[0]) == x {
		rate = m.runReduce
	}
	v[0] = approach(v[0], float64(m.maxRun*x), float64(float64(rate*mult)*ctx.Dt))
}

// Shaping is the vertical rule of the tick, after the run: the fall cap
// approaches fast_max_fall while down is held and the character falls at
// max_fall or faster, else max_fall; in the air gravity pulls toward
// minus the cap (halved while jump is held and the vertical speed is
// below half_grav_threshold); the variable jump holds the jump speed
// while jump is held; and a jump the buffer stage granted adds the
// horizontal boost and starts the variable jump (the KCC stage sets the
// jump speed: the consume point).
func (m *Motor) Shaping(ctx *motors.Context) {
	if m.dashedThisTick {
		return
	}
	v := &ctx.Velocity
	x, y := moveAxes(ctx)
	dt := ctx.Dt
	if y < 0 && -v[1] >= m.maxFallV {
		m.maxFall = approach(m.maxFall, m.fastMaxFall, float64(m.fastMaxAccel*dt))
	} else {
		m.maxFall = approach(m.maxFall, m.maxFallV, float64(m.fastMaxAccel*dt))
	}
	if !ctx.Stance.Grounded {
		mult := 1.0
		if math.Abs(v[1]) < m.halfGrav && ctx.Command.JumpHeld {
			mult = 0.5
		}
		v[1] = approach(v[1], -m.maxFall, float64(float64(m.gravity*mult)*dt))
	}
	if m.varJumpTicks > 0 {
		if ctx.Command.JumpHeld {
			v[1] = math.Max(v[1], m.varJumpSpeed)
		} else {
			m.varJumpTicks = 0
		}
	}
	if ctx.Jump.RequestJump {
		m.varJumpTicks = motors.TicksFromSeconds(m.cfg.VarJumpTime, ctx.TickRate)
		v[0] += float64(m.jumpHBoost * x)
		v[1] = m.jumpSpeed
		m.varJumpSpeed = m.jumpSpeed
	}
}

// dash runs the dash: a dash under way counts down (and ends with the
// end speed), and a dash press with a dash left and no cooldown starts
// one along the 8-direction aim (the facing when no direction is held):
// dash_speed along it, keeping a faster run speed in the same direction.
// It reports whether the dash owns this tick's velocity.
func (m *Motor) dash(ctx *motors.Context) bool {
	v := &ctx.Velocity
	if m.dashTicks > 0 {
		m.dashTicks--
		if m.dashTicks > 0 {
			return true
		}
		if m.dashY >= 0 { // a sideways or upward dash ends at the end speed
			v[0], v[1] = float64(m.dashX*m.endDashSpeed), float64(m.dashY*m.endDashSpeed)
			if v[1] > 0 {
				v[1] = float64(v[1] * m.cfg.EndDashUpMult)
			}
		}
		return true
	}
	if !ctx.Command.DashPressed || m.dashesLeft <= 0 || m.dashCoolTicks > 0 {
		return false
	}
	x, y := moveAxes(ctx)
	if x == 0 && y == 0 {
		x = m.facing
	}
	if x != 0 && y != 0 {
		x, y = float64(x*math.Sqrt2/2), float64(y*math.Sqrt2/2)
	}
	m.dashX, m.dashY = x, y
	m.dashesLeft--
	m.dashTicks = max(motors.TicksFromSeconds(m.cfg.DashTime, ctx.TickRate), 1)
	m.dashCoolTicks = motors.TicksFromSeconds(m.cfg.DashCooldown, ctx.TickRate)
	m.refillTicks = motors.TicksFromSeconds(m.cfg.DashRefillCooldown, ctx.TickRate)
	m.varJumpTicks = 0
	nx, ny := float64(x*m.dashSpeed), float64(y*m.dashSpeed)
	if sign(v[0]) == sign(nx) && math.Abs(v[0]) > math.Abs(nx) {
		nx = v[0]
	}
	v[0], v[1] = nx, ny
	return true
}

func sign(x float64) float64 {
	switch {
	case x > 0:
		return 1
	case x < 0:
		return -1
	}
	return 0
}

// Dashing reports whether a dash is under way.
func (m *Motor) Dashing() bool { return m.dashTicks > 0 }

// DashesLeft returns how many dashes the character has before it lands.
func (m *Motor) DashesLeft() int { return m.dashesLeft }

// AppendMetrics reports the fall cap (px/s), the variable jump's ticks
// left, the dashes left and the dash's ticks left (motors.MetricsReporter).
func (m *Motor) AppendMetrics(dst []motors.Metric) []motors.Metric {
	return append(dst,
		motors.Metric{Name: "max_fall", Value: float64(m.maxFall * m.cfg.PixelsPerMetre)},
		motors.Metric{Name: "var_jump_ticks", Value: float64(m.varJumpTicks)},
		motors.Metric{Name: "dashes", Value: float64(m.dashesLeft)},
		motors.Metric{Name: "dash_ticks", Value: float64(m.dashTicks)})
}

// stateVersion is the version of AppendState's record; maxStateTicks
// bounds a loaded timer or count (a damaged state cannot hold a dash for
// ever).
const (
	stateVersion  = 1
	maxStateTicks = 1 << 20
)

var _ motors.Stateful = (*Motor)(nil)

// AppendState appends the motor's state (motors.Stateful): the variable
// jump, the fall cap, the dashes, their timers and direction, the facing.
func (m *Motor) AppendState(dst []byte) []byte {
	s := &m.state
	return binstate.AppendRecord(dst, stateVersion, []bool{s.dashedThisTick},
		[]int{s.varJumpTicks, s.dashesLeft, s.dashTicks, s.dashCoolTicks, s.refillTicks},
		[]float64{s.varJumpSpeed, s.maxFall, s.dashX, s.dashY, s.facing})
}

// LoadState restores a state written by AppendState (motors.Stateful).
func (m *Motor) LoadState(src []byte) error {
	s := &m.state
	if !binstate.LoadRecord(src, stateVersion, []*bool{&s.dashedThisTick},
		[]*int{&s.varJumpTicks, &s.dashesLeft, &s.dashTicks, &s.dashCoolTicks, &s.refillTicks}, maxStateTicks,
		[]*float64{&s.varJumpSpeed, &s.maxFall, &s.dashX, &s.dashY, &s.facing}) {
		return fmt.Errorf("%w: platformer: %d bytes, another version, a timer out of range or a non-finite value", motors.ErrMotorState, len(src))
	}
	return nil
}
