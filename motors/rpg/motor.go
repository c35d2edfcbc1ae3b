package rpg

import (
	"github.com/go-gl/mathgl/mgl64"
	"github.com/seedgames/motorkit/detmath"
	"github.com/seedgames/motorkit/motors"
)

// Kind is the motor kind name used by prefabs ("rpg").
const Kind = "rpg"

// Motor is one entity's RPG motor: its config and its per-tick debug state.
// It is not safe for concurrent use; give every entity its own Motor.
type Motor struct {
	cfg Config

	// Debug values of the last tick (see AppendMetrics).
	targetSpeed float64
	tau         float64
	alpha       float64
	speedScale  float64
	planarSpeed float64
	capped      bool

	// alphas caches 1 - exp(-dt/tau) for the four time constants (indexed
	// by the tau* constants) at the tick length alphaDt.
	alphas  [4]float64
	alphaDt float64
}

// Indices of the time constants in Motor.alphas.
const (
	tauAccel = iota
	tauDecel
	tauDecelStop
	tauAir
)

// alphaFor returns 1 - exp(-dt/tau) for time constant i, recomputing the
// cache when dt changes (once for a fixed tick).
func (m *Motor) alphaFor(i int, dt float64) (tau, alpha float64) {
	taus := [4]float64{m.cfg.TauAccel, m.cfg.TauDecel, m.cfg.TauDecelStop, m.cfg.TauAir}
	if dt != m.alphaDt {
		for k, t := range taus {
			m.alphas[k] = 0
			if t > 0 {
				m.alphas[k] = -detmath.Expm1(-dt / t)
			}
		}
		m.alphaDt = dt
	}
	return taus[i], m.alphas[i]
}

var (
	_ motors.Motor           = (*Motor)(nil)
	_ motors.MetricsReporter = (*Motor)(nil)
)

// New returns a motor for cfg, or the validation error.
func New(cfg Config) (*Motor, error) {
	if err := cfg.Validate("rpg config"); err != nil {
		return nil, err
	}
	return &Motor{cfg: cfg}, nil
}

// Config returns the motor's configuration.
func (m *Motor) Config() Config { return m.cfg }

// Kind returns "rpg".
func (m *Motor) Kind() string { return Kind }

// SpeedScale is the direction rule of docs/motors/rpg.md#the-model for move axes forward and
// strafe: backpedalScale whenever forward < 0; otherwise it blends from 1
// toward strafeScale by the squared sideways share of the input direction
// (pure strafe gets strafeScale, pure forward 1). With the default
// strafeScale = 1 every non-backward direction runs at full speed. Axes are
// clamped to [-1, 1]; NaN counts as 0.
func SpeedScale(forward, strafe, backpedalScale, strafeScale float64) float64 {
	forward, strafe = clampAxis(forward), clampAxis(strafe)
	if forward < 0 {
		return backpedalScale
	}
	l2 := float64(forward*forward) + float64(strafe*strafe)
	if l2 == 0 {
		return 1
	}
	side := strafe * strafe / l2
	return 1 + float64((strafeScale-1)*side)
}

// clampAxis clamps a move axis to [-1, 1]; NaN becomes 0.
func clampAxis(x float64) float64 {
	switch {
	case x > 1:
		return 1
	case x < -1:
		return -1
	case x >= -1 && x <= 1:
		return x
	}
	return 0
}

// IntentSpeedCap returns max_speed times the direction scale (backpedal or
// strafe) of this tick's input, so Intent.Speed = Mag * max_speed * scale.
func (m *Motor) IntentSpeedCap(ctx *motors.Context) float64 {
	return float64(m.cfg.MaxSpeed * SpeedScale(ctx.Command.Forward, ctx.Command.Strafe,
		m.cfg.BackpedalSpeedScale, m.cfg.StrafeSpeedScale))
}

// JumpRules enables jumping per jump_enabled with no buffering, no coyote
// time and no auto-hop (docs/motors/rpg.md#the-model): a jump is requested only on the tick
// the button goes down while grounded.
func (m *Motor) JumpRules(tickRate float64) motors.JumpRules {
	return motors.JumpRules{Enabled: m.cfg.JumpEnabled, BufferTicks: 0}
}

// Friction does nothing: the RPG motor brakes through target tracking
// (tau_decel / tau_decel_stop), with no friction or stop-speed floor.
func (m *Motor) Friction(ctx *motors.Context) {}

// Accel moves the planar velocity toward the target velocity
// SlopePlanarDir * Intent.Speed (Intent.PlanarDir on flat ground and in the
// air; on a slope the planar part of the ground-tangent direction, so the
// speed along the ground is Intent.Speed) with alpha = 1 - exp(-dt/tau)
// (docs/motors/rpg.md#the-model). The tracking is planar (XZ); the vertical component is left to
// the KCC stage. Airborne with air_policy "none" the planar velocity is left
// untouched; with "limited" tau_air is used. A non-positive or non-finite dt
// changes nothing; a non-finite planar velocity is reset to zero.
func (m *Motor) Accel(ctx *motors.Context) {
	m.tau, m.alpha = 0, 0
	m.speedScale = SpeedScale(ctx.Command.Forward, ctx.Command.Strafe,
		m.cfg.BackpedalSpeedScale, m.cfg.StrafeSpeedScale)
	v := motors.Planar(ctx.Velocity)
	if !motors.FiniteVec(v) {
		v = mgl64.Vec3{}
		ctx.Velocity = motors.WithPlanar(sanitizeY(ctx.Velocity), v)
	}
	speed := ctx.Intent.Speed
	if !(speed > 0) || !motors.Finite(speed) || ctx.Intent.Mag <= 0 {
		speed = 0
	} else if speed > m.cfg.MaxSpeed {
		speed = m.cfg.MaxSpeed
	}
	// Grounded, the target follows the ground tangent plane (the design's
	// recommendation): the speed along a slope is the intended one.
	dir := ctx.SlopePlanarDir()
	if !motors.FiniteVec(dir) {
		dir, speed = mgl64.Vec3{}, 0
	}
	m.targetSpeed = speed
	dt := ctx.Dt
	if !(dt > 0) || !motors.Finite(dt) {
		return
	}
	var slot int
	switch {
	case !ctx.Stance.Grounded && m.cfg.AirPolicy != AirLimited:
		return // Option A: no air steering.
	case !ctx.Stance.Grounded:
		slot = tauAir
	case float64(speed*detmath.Len(dir)) > detmath.Len(v):
		slot = tauAccel
	case ctx.Intent.Mag <= 0 && m.cfg.TauDecelStop > 0:
		slot = tauDecelStop
	default:
		slot = tauDecel
	}
	tau, alpha := m.alphaFor(slot, dt)
	target := detmath.Scale(motors.Planar(dir), speed)
	v = v.Add(detmath.Scale(target.Sub(v), alpha))
	m.tau, m.alpha = tau, alpha
	ctx.Velocity = motors.WithPlanar(ctx.Velocity, v)
}

// Shaping applies the hard cap: planar speed is clamped to max_speed, on the ground and in the air.
func (m *Motor) Shaping(ctx *motors.Context) {
	v := motors.Planar(ctx.Velocity)
	s := detmath.Len(v)
	m.capped = false
	if !motors.Finite(s) {
		ctx.Velocity = motors.WithPlanar(sanitizeY(ctx.Velocity), mgl64.Vec3{})
		s = 0
	} else if s > m.cfg.MaxSpeed {
		ctx.Velocity = motors.WithPlanar(ctx.Velocity, detmath.Scale(v, m.cfg.MaxSpeed/s))
		s = m.cfg.MaxSpeed
		m.capped = true
	}
	m.planarSpeed = s
}

func sanitizeY(v mgl64.Vec3) mgl64.Vec3 {
	if !motors.Finite(v[1]) {
		v[1] = 0
	}
	return v
}

// Metric names reported by AppendMetrics, in order.
const (
	MetricTargetSpeed = "target_speed" // m/s the tracking aimed at
	MetricTau         = "tau"          // time constant used (0 = no tracking this tick)
	MetricAlpha       = "alpha"        // 1 - exp(-dt/tau)
	MetricSpeedScale  = "speed_scale"  // direction scale (backpedal / strafe)
	MetricPlanarSpeed = "planar_speed" // planar speed after the cap, m/s
	MetricCapped      = "capped"       // 1 when the max_speed cap clipped the velocity
)

// AppendMetrics appends the last tick's debug values (see the Metric*
// constants) to dst. It does not allocate when dst has room for 6 metrics.
func (m *Motor) AppendMetrics(dst []motors.Metric) []motors.Metric {
	capped := 0.0
	if m.capped {
		capped = 1
	}
	return append(dst,
		motors.Metric{Name: MetricTargetSpeed, Value: m.targetSpeed},
		motors.Metric{Name: MetricTau, Value: m.tau},
		motors.Metric{Name: MetricAlpha, Value: m.alpha},
		motors.Metric{Name: MetricSpeedScale, Value: m.speedScale},
		motors.Metric{Name: MetricPlanarSpeed, Value: m.planarSpeed},
		motors.Metric{Name: MetricCapped, Value: capped},
	)
}
