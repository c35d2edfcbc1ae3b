package hybrid

import (
	"fmt"
	"math"

	"github.com/go-gl/mathgl/mgl64"
	"github.com/seedgames/motorkit/detmath"
	"github.com/seedgames/motorkit/motors"
)

// Kind is the motor kind name used by prefabs ("hybrid").
const Kind = "hybrid"

// Debug is one tick's debug data, the values the design's MovementDebugVisualizer
// draws and prints. Directions are planar unit vectors (Y = 0), zero when
// undefined.
type Debug struct {
	InputDir    mgl64.Vec3 // camera-relative input direction (yellow)
	FacingDir   mgl64.Vec3 // facing direction after this tick's rotation (red)
	BlendedDir  mgl64.Vec3 // input/facing blend that drove the velocity (green)
	VelocityDir mgl64.Vec3 // direction of the planar velocity after accel (blue)
	Facing      float64    // facing yaw after this tick, radians in [-pi, pi)
	Influence   float64    // rotation influence in [0, 1]
	Momentum    bool       // momentum held (same direction, above start speed)
	Speed       float64    // start-of-tick planar speed the formulas used, m/s
	TurnSpeed   float64    // turn rate used this tick (after air scaling), rad/s
	Multiplier  float64    // smoothed speed-tier multiplier
	TargetSpeed float64    // target planar speed (0 with no input), m/s
}

// Motor is one entity's hybrid motor: config, facing, smoothed speed
// multiplier, previous input direction and the last tick's debug data. It is
// not safe for concurrent use; give every entity its own Motor.
type Motor struct {
	cfg               Config
	rotRad, minRotRad float64

	facing     float64
	facingSet  bool
	mult       float64
	prevInput  mgl64.Vec3
	hasInput   bool
	inputAngle float64
	dbg        Debug

	// dash: ticks the dash velocity is still held (including this one),
	// ticks until a press dashes again, and the velocity held.
	dashTicks, dashCooldownTicks int
	dashVelocity                 mgl64.Vec3
}

// ConsoleInterval is the number of ticks between prints of the debug
// block (AppendDebugText) when the configuration enables console debug
// (enable_console_debug, console_update_interval), 0 when it does not. The
// motor prints nothing itself: a game that wants the prints installs a
// system that asks it, telemetry.InstallConsole.
func (m *Motor) ConsoleInterval() int {
	if !m.cfg.EnableConsoleDebug {
		return 0
	}
	return m.cfg.ConsoleUpdateInterval
}

// AppendDebugText appends the last tick's debug block (Debug.Text) to dst.
func (m *Motor) AppendDebugText(dst []byte) []byte { return m.dbg.AppendText(dst) }

// CrouchHeightMultiplier is the capsule's height scale while crouched; the
// recipe derives the controller's crouch height from it (prefabs.CrouchShaper).
func (m *Motor) CrouchHeightMultiplier() float64 { return m.cfg.CrouchHeightMultiplier }

// Dashing reports whether a dash holds the velocity this tick.
func (m *Motor) Dashing() bool { return m.dashTicks > 0 }

var (
	_ motors.Motor           = (*Motor)(nil)
	_ motors.MetricsReporter = (*Motor)(nil)
)

// New returns a motor for cfg (turn rates converted to rad/s), or the
// validation error. Its facing is taken from the view yaw on the first tick
// unless SetFacing is called before.
func New(cfg Config) (*Motor, error) {
	if err := cfg.Validate("hybrid config"); err != nil {
		return nil, err
	}
	return &Motor{cfg: cfg, rotRad: cfg.RotationSpeedRad(), minRotRad: cfg.MinRotationSpeedRad(), mult: 1}, nil
}

// Config returns the motor's configuration.
func (m *Motor) Config() Config { return m.cfg }

// Kind returns "hybrid".
func (m *Motor) Kind() string { return Kind }

// Facing returns the character's facing yaw in radians (yaw convention of
// motors.Input: direction (cos, 0, sin)). Before the first tick and without
// SetFacing it is 0.
func (m *Motor) Facing() float64 { return m.facing }

// SetFacing sets the facing yaw (radians); non-finite values are ignored.
func (m *Motor) SetFacing(yaw float64) {
	if motors.Finite(yaw) {
		m.facing, m.facingSet = wrapAngle(yaw), true
	}
}

// SpeedMultiplier returns the smoothed speed-tier multiplier (1 = run).
func (m *Motor) SpeedMultiplier() float64 { return m.mult }

// Debug returns the last tick's debug data.
func (m *Motor) Debug() Debug { return m.dbg }

// Vertical returns gravity, the jump speed sqrt(2 g h) and the max fall
// speed, for the prefab to fill the KCC component.
func (m *Motor) Vertical() (gravity, jumpSpeed, maxFallSpeed float64) { return m.cfg.Vertical() }

// JumpRules converts coyote_time and jump_buffer_time to ticks at tickRate
// (rounded to nearest); the shared buffer stage runs both windows.
func (m *Motor) JumpRules(tickRate float64) motors.JumpRules {
	return motors.JumpRules{
		Enabled:     true,
		BufferTicks: motors.TicksFromSeconds(m.cfg.JumpBufferTime, tickRate),
		CoyoteTicks: motors.TicksFromSeconds(m.cfg.CoyoteTime, tickRate),
	}
}

// nextMultiplier is the smoothed multiplier after this tick:
// move_toward(mult, tier target, speed_transition_rate * dt).
func (m *Motor) nextMultiplier(ctx *motors.Context) float64 {
	target := m.cfg.SpeedMultiplierTarget(ctx.Command.Sprint, ctx.Command.Walk)
	dt := ctx.Dt
	if !(dt > 0) || !motors.Finite(dt) {
		return m.mult
	}
	return moveToward1(m.mult, target, float64(m.cfg.SpeedTransitionRate*dt))
}

// IntentSpeedCap returns max_speed times the smoothed speed multiplier this
// tick will have, so Intent.Speed = Mag * max_speed * multiplier (the design's
// final_speed, scaled by the analog magnitude). It does not change state.
func (m *Motor) IntentSpeedCap(ctx *motors.Context) float64 {
	return float64(m.cfg.MaxSpeed * m.nextMultiplier(ctx))
}

// Friction does nothing: the design's deceleration (ground_decel) is a
// move_toward in Accel.
func (m *Motor) Friction(ctx *motors.Context) {}

// Accel is the design's calculate_hybrid_ground_movement on the planar (XZ)
// velocity: it commits the smoothed multiplier, detects momentum
// (dot(previous input, input) > direction_change_threshold and speed >
// rotation_influence_start_speed), computes the rotation influence from the
// start-of-tick planar speed, blends input and facing directions
// (normalize(lerp(input, facing, influence)); the facing when the blend
// cancels out), and moves the planar velocity toward blended * target speed
// with ground_accel, or toward zero with ground_decel when there is no input
// (no blending then, so releasing the stick stops the character). Both rates
// are scaled by air_direction_control when airborne. The vertical component
// is left to the KCC stage. A non-positive or non-finite dt changes nothing;
// a non-finite planar velocity is reset to zero.
func (m *Motor) Accel(ctx *motors.Context) {
	if !m.facingSet {
		m.SetFacing(ctx.View.Yaw)
		m.facingSet = true
	}
	v := motors.Planar(ctx.Velocity)
	if !motors.FiniteVec(v) {
		v = mgl64.Vec3{}
		y := ctx.Velocity[1]
		if !motors.Finite(y) {
			y = 0
		}
		ctx.Velocity = mgl64.Vec3{0, y, 0}
	}
	speed := detmath.Len(v)
	m.mult = m.nextMultiplier(ctx)

	var input mgl64.Vec3
	mag := ctx.Intent.Mag
	if mag > 0 && motors.FiniteVec(ctx.Intent.PlanarDir) {
		input = motors.NormalizeOrZero(motors.Planar(ctx.Intent.PlanarDir))
		if mag > 1 {
			mag = 1
		}
	}
	m.hasInput = input != (mgl64.Vec3{})
	if !m.hasInput {
		mag = 0
	}
	momentum := m.hasInput && detmath.Dot(m.prevInput, input) > m.cfg.DirectionChangeThreshold &&
		speed > m.cfg.RotationInfluenceStartSpeed
	influence := m.cfg.RotationInfluence(speed, momentum)
	facingDir := motors.YawForward(m.facing)

	var blended, target mgl64.Vec3
	rate := m.cfg.GroundDecel
	targetSpeed := 0.0
	if m.hasInput {
		blended = input
		if influence > 0 {
			blended = motors.NormalizeOrZero(detmath.Scale(input, 1-influence).Add(detmath.Scale(facingDir, influence)))
			if blended == (mgl64.Vec3{}) {
				blended = facingDir
			}
		}
		targetSpeed = float64(mag * m.cfg.MaxSpeed * m.mult)
		if ctx.Stance.Crouched {
			targetSpeed = float64(mag * m.cfg.CrouchSpeed)
		}
		target = detmath.Scale(blended, targetSpeed)
		rate = m.cfg.GroundAccel
		m.inputAngle = detmath.Atan2(input[2], input[0])
	}
	if !ctx.Stance.Grounded {
		rate = float64(rate * m.cfg.AirDirectionControl)
	}
	if dt := ctx.Dt; dt > 0 && motors.Finite(dt) {
		v = MoveToward(v, target, float64(rate*dt))
		if dv, ok := m.dash(ctx, input, mag, dt); ok {
			v = dv
		}
		ctx.Velocity = motors.WithPlanar(ctx.Velocity, v)
	}
	m.prevInput = input

	m.dbg = Debug{
		InputDir:    input,
		BlendedDir:  blended,
		VelocityDir: motors.NormalizeOrZero(v),
		Influence:   influence,
		Momentum:    momentum,
		Speed:       speed,
		Multiplier:  m.mult,
		TargetSpeed: targetSpeed,
	}
}

// dash is the design's process_dash in ticks: a press with the cooldown run
// out and no dash under way starts one, with the velocity
// (camera-relative input at the press, magnitude kept) · dash_speed held
// for ceil(dash_duration/dt) ticks, this one included; the next press counts
// ceil(dash_cooldown/dt) ticks after this one. It returns the velocity to
// hold this tick, if any. (The design decrements its timer before testing
// it, which holds the velocity one tick less than dash_duration.)
func (m *Motor) dash(ctx *motors.Context, input mgl64.Vec3, mag, dt float64) (mgl64.Vec3, bool) {
	if m.dashCooldownTicks > 0 {
		m.dashCooldownTicks--
	}
	if ctx.Command.DashPressed && m.dashCooldownTicks == 0 && m.dashTicks == 0 && m.cfg.DashSpeed > 0 {
		m.dashTicks = ticksFor(m.cfg.DashDuration, dt)
		m.dashCooldownTicks = ticksFor(m.cfg.DashCooldown, dt)
		m.dashVelocity = detmath.Scale(input, float64(mag*m.cfg.DashSpeed))
	}
	if m.dashTicks == 0 {
		return mgl64.Vec3{}, false
	}
	m.dashTicks--
	return m.dashVelocity, true
}

// ticksFor is the number of whole ticks of dt that cover seconds (0 for 0),
// with a tolerance of 1e-9 ticks so that 0.2 s at 60 Hz is 12, not 13.
func ticksFor(seconds, dt float64) int {
	n := math.Ceil(seconds/dt - 1e-9)
	if !(n > 0) {
		return 0
	}
	if n > 1e6 {
		return 1e6
	}
	return int(n)
}

// Shaping is the design's calculate_speed_dependent_rotation: the turn rate
// TurnSpeed(start-of-tick speed), scaled by air_rotation_control when
// airborne, turns the facing toward the input direction with
// lerp_angle(facing, target, clamp(turn*dt, 0, 1)). With no input the facing
// holds. Velocity is not changed.
func (m *Motor) Shaping(ctx *motors.Context) {
	turn := m.turnSpeed(m.dbg.Speed)
	if !ctx.Stance.Grounded {
		turn = float64(turn * m.cfg.AirRotationControl)
	}
	if dt := ctx.Dt; m.hasInput && dt > 0 && motors.Finite(dt) {
		w := float64(turn * dt)
		if w > 1 {
			w = 1
		}
		m.facing = wrapAngle(LerpAngle(m.facing, m.inputAngle, w))
	}
	m.dbg.TurnSpeed = turn
	m.dbg.Facing = m.facing
	m.dbg.FacingDir = motors.YawForward(m.facing)
}

// Text is the design's console debug block for these values: the planar
// directions as (x, z), the influence in percent, momentum, speed (m/s)
// and turn speed (rad/s).
func (d *Debug) Text() string { return string(d.AppendText(nil)) }

// AppendText appends Text to dst; it allocates only to grow dst.
func (d *Debug) AppendText(dst []byte) []byte {
	yes := "NO"
	if d.Momentum {
		yes = "YES"
	}
	return fmt.Appendf(dst, "====================\nInput Direction: (%.2f, %.2f)\nFacing Direction: (%.2f, %.2f)\n"+
		"Blended Direction: (%.2f, %.2f)\nVelocity Direction: (%.2f, %.2f)\nRotation Influence: %.0f%%\n"+
		"Maintaining Momentum: %s\nSpeed: %.2f\nTurn Speed: %.2f\n====================\n",
		d.InputDir[0], d.InputDir[2], d.FacingDir[0], d.FacingDir[2], d.BlendedDir[0], d.BlendedDir[2],
		d.VelocityDir[0], d.VelocityDir[2], float64(d.Influence*100), yes, d.Speed, d.TurnSpeed)
}

// turnSpeed is Config.TurnSpeed with the radian rates cached.
func (m *Motor) turnSpeed(speed float64) float64 {
	ratio := clamp01(speed / m.cfg.SprintSpeed)
	return float64(m.rotRad * (1 + float64((m.minRotRad/m.rotRad-1)*ratio*m.cfg.SpeedRotationReduction)))
}

// LerpAngle is Godot's lerp_angle: it moves from toward to along the shorter
// arc by the fraction w of the arc (an exact half-turn goes clockwise, toward
// decreasing angle, as fmod makes Godot's do).
func LerpAngle(from, to, w float64) float64 {
	diff := math.Mod(to-from, 2*math.Pi)
	dist := math.Mod(float64(2*diff), 2*math.Pi) - diff
	return from + float64(dist*w)
}

// wrapAngle maps a finite angle to [-pi, pi).
func wrapAngle(a float64) float64 {
	a = math.Mod(a+math.Pi, 2*math.Pi)
	if a < 0 {
		a += 2 * math.Pi
	}
	return a - math.Pi
}

// MoveToward is Godot's Vector.move_toward: v moved toward target by at most
// maxDelta (reaching it exactly when closer).
func MoveToward(v, target mgl64.Vec3, maxDelta float64) mgl64.Vec3 {
	d := target.Sub(v)
	l := detmath.Len(d)
	if l <= maxDelta || l < 1e-12 {
		return target
	}
	return v.Add(detmath.Scale(d, maxDelta/l))
}

func moveToward1(x, target, maxDelta float64) float64 {
	if math.Abs(target-x) <= maxDelta {
		return target
	}
	if target > x {
		return x + maxDelta
	}
	return x - maxDelta
}

// Metric names reported by AppendMetrics, in order.
const (
	MetricInputX      = "input_x"            // input direction X
	MetricInputZ      = "input_z"            // input direction Z
	MetricFacing      = "facing"             // facing yaw, rad
	MetricFacingX     = "facing_x"           // facing direction X
	MetricFacingZ     = "facing_z"           // facing direction Z
	MetricBlendedX    = "blended_x"          // blended direction X
	MetricBlendedZ    = "blended_z"          // blended direction Z
	MetricVelocityX   = "velocity_dir_x"     // velocity direction X
	MetricVelocityZ   = "velocity_dir_z"     // velocity direction Z
	MetricInfluence   = "rotation_influence" // [0, 1]
	MetricMomentum    = "momentum"           // 1 when momentum is held
	MetricSpeed       = "speed"              // start-of-tick planar speed, m/s
	MetricTurnSpeed   = "turn_speed"         // rad/s
	MetricMultiplier  = "speed_multiplier"   // smoothed tier multiplier
	MetricTargetSpeed = "target_speed"       // m/s
)

// AppendMetrics appends the last tick's debug data (see the Metric*
// constants) to dst. It does not allocate when dst has room for 15 metrics.
func (m *Motor) AppendMetrics(dst []motors.Metric) []motors.Metric {
	d := &m.dbg
	mom := 0.0
	if d.Momentum {
		mom = 1
	}
	return append(dst,
		motors.Metric{Name: MetricInputX, Value: d.InputDir[0]},
		motors.Metric{Name: MetricInputZ, Value: d.InputDir[2]},
		motors.Metric{Name: MetricFacing, Value: d.Facing},
		motors.Metric{Name: MetricFacingX, Value: d.FacingDir[0]},
		motors.Metric{Name: MetricFacingZ, Value: d.FacingDir[2]},
		motors.Metric{Name: MetricBlendedX, Value: d.BlendedDir[0]},
		motors.Metric{Name: MetricBlendedZ, Value: d.BlendedDir[2]},
		motors.Metric{Name: MetricVelocityX, Value: d.VelocityDir[0]},
		motors.Metric{Name: MetricVelocityZ, Value: d.VelocityDir[2]},
		motors.Metric{Name: MetricInfluence, Value: d.Influence},
		motors.Metric{Name: MetricMomentum, Value: mom},
		motors.Metric{Name: MetricSpeed, Value: d.Speed},
		motors.Metric{Name: MetricTurnSpeed, Value: d.TurnSpeed},
		motors.Metric{Name: MetricMultiplier, Value: d.Multiplier},
		motors.Metric{Name: MetricTargetSpeed, Value: d.TargetSpeed},
	)
}
