package fps

import (
	"math"

	"github.com/go-gl/mathgl/mgl64"
	"github.com/seedgames/motorkit/detmath"
	"github.com/seedgames/motorkit/motors"
)

// Kind is the motor kind name the prefab library registers this motor under.
const Kind = "fps"

// Motor is one entity's FPS motor: a validated Config plus per-tick state
// (the debug values of the last tick). Create one per
// entity with New. It implements motors.Motor and motors.MetricsReporter.
//
// Stage rules (dt = ctx.Dt, v = ctx.Velocity):
//
//   - Friction, grounded, no move input, not the jump tick: the planar speed
//     s = |planar v| drops by max(s, StopSpeed)*Friction*dt, never below 0
//     (the direction is kept). With move input the Accel stage alone tracks
//     the intent.
//   - Accel, grounded, with input: the planar velocity moves toward the
//     target planar(Dir)*Speed by at most GroundAccel*dt. Dir lies in the
//     ground plane and the KCC stage moves a grounded body along that plane
//     (it lifts the planar velocity onto it), so the speed along the surface
//     is Speed on slopes too.
//   - Accel, airborne, with input: the planar velocity moves toward
//     PlanarDir*Speed by at most AirAccel*dt; the part of that change
//     perpendicular to the current planar velocity is scaled by AirControl.
//     Without input the air keeps its momentum.
//
// The vertical part of v belongs to the KCC stage and is never changed.
//   - Shaping: replaces a non-finite velocity by zero (never NaN in state).
type Motor struct {
	cfg       Config
	jumpSpeed float64
	crouched  bool

	// Debug values of the last tick (AppendMetrics).
	speedCap, frictionDrop, accelDV, airSteer, planarSpeed float64
}

// New returns a motor for cfg, or the validation error (source "fps").
func New(cfg Config) (*Motor, error) {
	if err := cfg.Validate("fps"); err != nil {
		return nil, err
	}
	return &Motor{cfg: cfg, jumpSpeed: cfg.JumpSpeed()}, nil
}

// Config returns the motor's configuration.
func (m *Motor) Config() Config { return m.cfg }

// Kind returns "fps".
func (m *Motor) Kind() string { return Kind }

// SpeedCap is the speed of a full-magnitude move intent for the given
// modifiers: CrouchSpeed when crouching (crouch wins), MaxSpeed when walk
// is held (walk overrides sprint: this motor has no slower walk tier),
// SprintSpeed when sprint is held, else MaxSpeed.
func (c Config) SpeedCap(sprint, walk, crouch bool) float64 {
	switch {
	case crouch:
		return c.CrouchSpeed
	case walk:
		return c.MaxSpeed
	case sprint:
		return c.SprintSpeed
	}
	return c.MaxSpeed
}

// IntentSpeedCap returns SpeedCap for this tick's buttons and the capsule's
// crouched state (ctx.Stance.Crouched): the cap stays at CrouchSpeed while standing
// up is refused under a low ceiling, even with the crouch key released.
func (m *Motor) IntentSpeedCap(ctx *motors.Context) float64 {
	m.crouched = ctx.Stance.Crouched
	m.speedCap = m.cfg.SpeedCap(ctx.Command.Sprint, ctx.Command.Walk, ctx.Command.Crouch || ctx.Stance.Crouched)
	return m.speedCap
}

// JumpRules converts the config's buffer and coyote times to ticks.
func (m *Motor) JumpRules(tickRate float64) motors.JumpRules { return m.cfg.JumpRules(tickRate) }

// Vertical returns gravity, the derived jump speed sqrt(2 g h) and the max
// fall speed, for the prefab to fill the KCC component.
func (m *Motor) Vertical() (gravity, jumpSpeed, maxFallSpeed float64) { return m.cfg.Vertical() }

// KCCProfile is the controller's slope limit (degrees), step height and
// snap-to-ground distance (m) this motor's configuration owns
// (max_slope_climb_deg, step_height, snap_to_ground): prefabs gives them to
// the KCC component.
func (m *Motor) KCCProfile() (maxSlopeClimbDeg, stepHeight, snapToGround float64) {
	return m.cfg.KCCProfile()
}

// Friction applies ground friction when grounded without move input (see
// Motor).
func (m *Motor) Friction(ctx *motors.Context) {
	m.frictionDrop, m.accelDV, m.airSteer = 0, 0, 0
	if !ctx.Stance.Grounded || ctx.Intent.Mag > 0 || ctx.Jump.RequestJump {
		return
	}
	vp := motors.Planar(ctx.Velocity)
	s := detmath.Len(vp)
	if !(s > 0) || !motors.Finite(s) || !(ctx.Dt > 0) {
		return
	}
	control := math.Max(s, m.cfg.StopSpeed)
	ns := s - float64(control*m.cfg.Friction*ctx.Dt)
	if !(ns > 0) {
		ns = 0
	}
	m.frictionDrop = s - ns
	ctx.Velocity = motors.WithPlanar(ctx.Velocity, detmath.Scale(vp, ns/s))
}

// Accel accelerates toward the move intent on the ground and in the air
// (see Motor).
func (m *Motor) Accel(ctx *motors.Context) {
	if ctx.Intent.Mag <= 0 || !(ctx.Dt > 0) {
		return
	}
	vp := motors.Planar(ctx.Velocity)
	if ctx.Stance.Grounded {
		target := detmath.Scale(motors.Planar(ctx.Intent.Dir), ctx.Intent.Speed)
		dv := clampLen(target.Sub(vp), float64(m.cfg.GroundAccel*ctx.Dt))
		m.accelDV = detmath.Len(dv)
		ctx.Velocity = motors.WithPlanar(ctx.Velocity, vp.Add(dv))
		return
	}
	target := detmath.Scale(ctx.Intent.PlanarDir, ctx.Intent.Speed)
	dv := clampLen(target.Sub(vp), float64(m.cfg.AirAccel*ctx.Dt))
	m.airSteer = 1
	if s := detmath.Len(vp); s > 1e-9 {
		h := detmath.Scale(vp, 1/s)
		along := detmath.Scale(h, detmath.Dot(dv, h))
		perp := dv.Sub(along)
		dv = along.Add(detmath.Scale(perp, m.cfg.AirControl))
		m.airSteer = m.cfg.AirControl
	}
	m.accelDV = detmath.Len(dv)
	ctx.Velocity = motors.WithPlanar(ctx.Velocity, vp.Add(dv))
}

// Shaping keeps the velocity finite and records the planar speed.
func (m *Motor) Shaping(ctx *motors.Context) {
	if !motors.FiniteVec(ctx.Velocity) {
		ctx.Velocity = mgl64.Vec3{}
	}
	m.planarSpeed = detmath.Len(motors.Planar(ctx.Velocity))
}

// Metric names reported by AppendMetrics, in order.
const (
	MetricSpeedCap     = "speed_cap"     // m/s, the cap IntentSpeedCap chose
	MetricFrictionDrop = "friction_drop" // m/s removed by friction this tick
	MetricAccelDV      = "accel_dv"      // m/s added by Accel this tick (length)
	MetricAirSteer     = "air_steer"     // steering scale used in the air (0 on the ground)
	MetricPlanarSpeed  = "planar_speed"  // m/s after Shaping
	MetricCrouched     = "crouched"      // 1 while the crouched flag is set
)

// AppendMetrics appends this tick's debug values (the Metric* names).
func (m *Motor) AppendMetrics(dst []motors.Metric) []motors.Metric {
	c := 0.0
	if m.crouched {
		c = 1
	}
	return append(dst,
		motors.Metric{Name: MetricSpeedCap, Value: m.speedCap},
		motors.Metric{Name: MetricFrictionDrop, Value: m.frictionDrop},
		motors.Metric{Name: MetricAccelDV, Value: m.accelDV},
		motors.Metric{Name: MetricAirSteer, Value: m.airSteer},
		motors.Metric{Name: MetricPlanarSpeed, Value: m.planarSpeed},
		motors.Metric{Name: MetricCrouched, Value: c},
	)
}

// clampLen returns v scaled down to length at most max (max >= 0); a
// non-finite v gives zero.
func clampLen(v mgl64.Vec3, max float64) mgl64.Vec3 {
	l := detmath.Len(v)
	if !motors.Finite(l) || !(max > 0) {
		return mgl64.Vec3{}
	}
	if l > max {
		return detmath.Scale(v, max/l)
	}
	return v
}
