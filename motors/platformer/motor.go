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

// touching is the wall gap (m) that counts as touching the wall: the
// controller stops a move at its skin, where the probe's gap is 0.
const touching = 1e-6

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
	wallJumpH, wallCheck        float64
	slideStart, onePixel        float64
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
	wallSlideTicks int     // the wall slide's time left (ticks; -1: full)
	wallSlideDir   float64 // the wall slid on last tick (-1, 0, 1)
	forceMoveX     float64 // the run axis a wall jump holds
	forceMoveTicks int     // for this many more ticks
	moveX          float64 // this tick's run axis (forced or the input's)
	jumpPending    bool    // a jump was granted last tick
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
		dashSpeed: cfg.DashSpeed / s, endDashSpeed: cfg.EndDashSpeed / s,
		wallJumpH: cfg.WallJumpHSpeed / s, wallCheck: cfg.WallJumpCheckDist / s,
		slideStart: cfg.WallSlideStartMax / s, onePixel: 1 / s}
	m.maxFall, m.dashesLeft, m.facing = m.maxFallV, cfg.Dashes, 1
	m.wallSlideTicks = -1
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
	if m.jumpPending {
		m.jumpPending = false
		if ctx.Velocity[1] > 0 {
			m.jumped(ctx)
		}
	}
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
	full := motors.TicksFromSeconds(m.cfg.WallSlideTime, ctx.TickRate)
	if m.wallSlideTicks < 0 || m.wallSlideTicks > full || ctx.Stance.Grounded {
		m.wallSlideTicks = full
	}
	if m.wallSlideDir != 0 {
		m.wallSlideTicks, m.wallSlideDir = max(m.wallSlideTicks-1, 0), 0
	}
	// A speed into a wall the last move stopped at is 0, as Celeste's
	// collision makes it (the controller keeps the part of the move it
	// made before the wall: kcc.Controller.VelocityAfter).
	if v := &ctx.Velocity; (v[0] > 0 && wallWithin(ctx, 1, touching)) || (v[0] < 0 && wallWithin(ctx, -1, touching)) {
		v[0] = 0
	}
	m.moveX, _ = moveAxes(ctx)
	if m.forceMoveTicks > 0 {
		m.forceMoveTicks--
		m.moveX = m.forceMoveX
	}
	if m.moveX != 0 {
		m.facing = m.moveX
	}
}

// CornerSlip is Celeste's corner correction (motors.CornerSlipper): a
// jump that clips a block's corner by up to upward_corner_correction is
// slid around it, and so is a sideways dash that clips one by up to
// dash_corner_correction, a pixel at a time.
func (m *Motor) CornerSlip() (up, side, step float64) {
	up = m.cfg.UpwardCornerCorrection / m.cfg.PixelsPerMetre
	if m.dashTicks > 0 && m.dashY == 0 {
		side = m.cfg.DashCornerCorrection / m.cfg.PixelsPerMetre
	}
	return up, side, m.onePixel
}

// WallProbe asks the KCC stage for the walls within wall_jump_check_dist
// (motors.WallProber).
func (m *Motor) WallProbe() float64 { return m.wallCheck }

// wallWithin reports whether a wall is within d (m) on side dir (-1
// left, +1 right).
func wallWithin(ctx *motors.Context, dir, d float64) bool {
	g := ctx.Stance.WallGap[0]
	if dir > 0 {
		g = ctx.Stance.WallGap[1]
	}
	return g >= 0 && g <= d
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
	x := m.moveX
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
	_, y := moveAxes(ctx)
	x, dt := m.moveX, ctx.Dt
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
		v[1] = approach(v[1], -m.wallSlideCap(ctx, x, y), float64(float64(m.gravity*mult)*dt))
	}
	if m.varJumpTicks > 0 {
		if ctx.Command.JumpHeld {
			v[1] = math.Max(v[1], m.varJumpSpeed)
		} else {
			m.varJumpTicks = 0
		}
	}
	switch {
	case ctx.Jump.RequestJump:
		// The consume point sets the jump speed; the variable jump starts
		// next tick if the character took off (Friction): an ability may
		// have used the press instead (a drop through a one-way platform).
		m.jumpPending = true
		m.wallSlideTicks = motors.TicksFromSeconds(m.cfg.WallSlideTime, ctx.TickRate)
		v[0] += float64(m.jumpHBoost * x)
	case ctx.Jump.BufferTicks > 0 && wallWithin(ctx, 1, m.wallCheck):
		m.wallJump(ctx, -1)
	case ctx.Jump.BufferTicks > 0 && wallWithin(ctx, -1, m.wallCheck):
		m.wallJump(ctx, 1)
	}
}

// jumped starts a jump's variable jump at the jump speed (a jump's tick
// is the first of var_jump_time).
func (m *Motor) jumped(ctx *motors.Context) {
	m.varJumpTicks = motors.TicksFromSeconds(m.cfg.VarJumpTime, ctx.TickRate)
	m.wallSlideTicks = motors.TicksFromSeconds(m.cfg.WallSlideTime, ctx.TickRate)
	m.varJumpSpeed = m.jumpSpeed
}

// wallJump jumps off the wall on the other side of dir: the jump speed
// up, wall_jump_h_speed along dir, and a held run input holds dir for
// wall_jump_force_time. It spends the jump press (Context.JumpSpent).
func (m *Motor) wallJump(ctx *motors.Context, dir float64) {
	m.jumped(ctx)
	ctx.Velocity[1] = m.jumpSpeed
	if m.moveX != 0 {
		m.forceMoveX = dir
		m.forceMoveTicks = motors.TicksFromSeconds(m.cfg.WallJumpForceTime, ctx.TickRate)
	}
	ctx.Velocity[0] = float64(dir * m.wallJumpH)
	ctx.JumpSpent = true
}

// wallSlideCap is the fall cap of the tick in the air: pressing toward
// the facing wall (touching it, within a pixel) while falling slides,
// the cap going from wall_slide_start_max back to max_fall as the slide
// time runs out; otherwise the fall cap.
func (m *Motor) wallSlideCap(ctx *motors.Context, x, y float64) float64 {
	if x != m.facing || y < 0 {
		return m.maxFall
	}
	if ctx.Velocity[1] <= 0 && m.wallSlideTicks > 0 && wallWithin(ctx, m.facing, m.onePixel) {
		m.wallSlideDir = m.facing
	}
	if m.wallSlideDir == 0 {
		return m.maxFall
	}
	full := motors.TicksFromSeconds(m.cfg.WallSlideTime, ctx.TickRate)
	return motors.Lerp(m.maxFallV, m.slideStart, float64(m.wallSlideTicks)/float64(max(full, 1)))
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
	m.wallSlideTicks = motors.TicksFromSeconds(m.cfg.WallSlideTime, ctx.TickRate)
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
	return binstate.AppendRecord(dst, stateVersion, []bool{s.dashedThisTick, s.jumpPending},
		[]int{s.varJumpTicks, s.dashesLeft, s.dashTicks, s.dashCoolTicks, s.refillTicks, s.wallSlideTicks + 1, s.forceMoveTicks},
		[]float64{s.varJumpSpeed, s.maxFall, s.dashX, s.dashY, s.facing, s.wallSlideDir, s.forceMoveX, s.moveX})
}

// LoadState restores a state written by AppendState (motors.Stateful).
func (m *Motor) LoadState(src []byte) error {
	s := &m.state
	var t state
	if !binstate.LoadRecord(src, stateVersion, []*bool{&t.dashedThisTick, &t.jumpPending},
		[]*int{&t.varJumpTicks, &t.dashesLeft, &t.dashTicks, &t.dashCoolTicks, &t.refillTicks, &t.wallSlideTicks, &t.forceMoveTicks}, maxStateTicks,
		[]*float64{&t.varJumpSpeed, &t.maxFall, &t.dashX, &t.dashY, &t.facing, &t.wallSlideDir, &t.forceMoveX, &t.moveX}) {
		return fmt.Errorf("%w: platformer: %d bytes, another version, a timer out of range or a non-finite value", motors.ErrMotorState, len(src))
	}
	t.wallSlideTicks-- // stored plus one: -1 (full, not yet in ticks) is 0
	*s = t
	return nil
}
