package arena

import (
	"math"

	"github.com/go-gl/mathgl/mgl64"

	"github.com/seedgames/motorkit/detmath"
	"github.com/seedgames/motorkit/motors"
)

// Kind is the motor kind name of the arena motor (prefab recipes use it).
const Kind = "arena"

// MaxDt is the longest tick (s) the stages integrate; a longer Context.Dt is
// clamped to it. A Dt that is not a finite positive number makes the stages
// leave the velocity unchanged.
const MaxDt = 0.25

// MaxAxisSpeed bounds each velocity component (m/s) the stages accept; a
// larger magnitude is clamped and NaN/Inf components become 0, so the motor
// never turns a bad input into NaN or Inf.
const MaxAxisSpeed = 1e6

// Metric names reported by AppendMetrics, in order.
const (
	MetricTheta         = "theta"          // radians between planar velocity and view forward
	MetricQ             = "q"              // Golden Angle quality in [0, 1]
	MetricGain          = "gain"           // gain applied to air accel (1 on ground)
	MetricBonus         = "bonus"          // bonus push added this tick, m/s
	MetricShapingAngle  = "shaping_angle"  // rotation applied by corridor shaping, radians
	MetricFrictionScale = "friction_scale" // multiplier applied to ground friction (0 in air)
	MetricRequestJump   = "request_jump"   // 1 when a jump is consumed this tick
)

// Metrics are the arena motor's debug values of the last tick.
type Metrics struct {
	// Theta is the angle (radians) between the planar velocity and the view
	// forward direction, 0 when the planar speed is ~0.
	Theta float64
	// Q is the Golden Angle quality saturate(theta/theta_target) (smoothed
	// when quality_smoothstep is on).
	Q float64
	// Gain is the Golden Angle gain applied this tick (1 on the ground).
	Gain float64
	// Bonus is the bonus push (m/s) added along the intent this tick.
	Bonus float64
	// ShapingAngle is the rotation (radians, unsigned) corridor shaping
	// applied this tick.
	ShapingAngle float64
	// FrictionScale is the multiplier applied to ground friction this tick:
	// 1 normal, 0 suppressed (or airborne), in between in the grace window.
	FrictionScale float64
	// RequestJump mirrors the buffer stage's decision for this tick.
	RequestJump bool
}

// Motor is one entity's arena motor: a validated Config and the debug
// metrics of the last tick. The zero value is not usable; use New.
type Motor struct {
	cfg Config
	m   Metrics
	// the config's angles in radians
	thetaTarget, maxShapingAngle float64
}

var (
	_ motors.Motor           = (*Motor)(nil)
	_ motors.MetricsReporter = (*Motor)(nil)
)

// New validates cfg and returns a motor using a copy of it.
func New(cfg Config) (*Motor, error) {
	if err := cfg.Validate("arena"); err != nil {
		return nil, err
	}
	return &Motor{cfg: cfg, m: Metrics{Gain: 1, FrictionScale: 1},
		thetaTarget: cfg.ThetaTarget(), maxShapingAngle: cfg.MaxShapingAnglePerTick()}, nil
}

// Config returns a copy of the motor's configuration.
func (mo *Motor) Config() Config { return mo.cfg }

// Metrics returns the debug values of the last tick.
func (mo *Motor) Metrics() Metrics { return mo.m }

// Kind returns "arena".
func (mo *Motor) Kind() string { return Kind }

// IntentSpeedCap is max_speed when grounded and max_speed_air in the
// air. The Golden Angle gain scales the air cap later, in Accel.
func (mo *Motor) IntentSpeedCap(ctx *motors.Context) float64 {
	if ctx.Stance.Grounded {
		return mo.cfg.MaxSpeed
	}
	return mo.cfg.MaxSpeedAir
}

// JumpRules returns buffer = jump_buffer_time and landing grace =
// landing_grace_time in whole ticks at tickRate (motors.TicksFromSeconds:
// 3 and 2 at 60 Hz for the defaults), no coyote time and AutoHop =
// auto_hop.
func (mo *Motor) JumpRules(tickRate float64) motors.JumpRules {
	return motors.JumpRules{
		Enabled:           true,
		BufferTicks:       motors.TicksFromSeconds(mo.cfg.JumpBufferTime, tickRate),
		LandingGraceTicks: motors.TicksFromSeconds(mo.cfg.LandingGraceTime, tickRate),
		AutoHop:           mo.cfg.AutoHop,
	}
}

// AppendMetrics appends theta, q, gain, bonus, shaping_angle,
// friction_scale and request_jump (1 or 0) to dst.
func (mo *Motor) AppendMetrics(dst []motors.Metric) []motors.Metric {
	rj := 0.0
	if mo.m.RequestJump {
		rj = 1
	}
	return append(dst,
		motors.Metric{Name: MetricTheta, Value: mo.m.Theta},
		motors.Metric{Name: MetricQ, Value: mo.m.Q},
		motors.Metric{Name: MetricGain, Value: mo.m.Gain},
		motors.Metric{Name: MetricBonus, Value: mo.m.Bonus},
		motors.Metric{Name: MetricShapingAngle, Value: mo.m.ShapingAngle},
		motors.Metric{Name: MetricFrictionScale, Value: mo.m.FrictionScale},
		motors.Metric{Name: MetricRequestJump, Value: rj},
	)
}

// Friction is stage 4 of docs/motors/arena.md#one-tick. Grounded: ground friction with the
// stop_speed floor on the velocity along the ground (see surfaceVelocity),
// with the friction coefficient multiplied by the frictionless-jump policy's
// scale (see FrictionMultiplier). Airborne: the speed-scaled air resistance
// on the planar part (off when air_resistance is 0). The vertical component
// of Context.Velocity belongs to the KCC stage and is never changed.
//
// Ground convention (package systems): a grounded body stores a planar
// velocity and the KCC stage lifts it onto the ground plane when it moves,
// so the stages work on that lifted surface velocity and store back its
// planar part; speeds along a slope are therefore surface speeds.
func (mo *Motor) Friction(ctx *motors.Context) {
	dt, ok := tickDt(ctx)
	sanitizeVelocity(ctx)
	mo.m.RequestJump = ctx.Jump.RequestJump
	mo.m.FrictionScale = 0
	if !ok {
		return
	}
	c := &mo.cfg
	if !ctx.Stance.Grounded {
		p := motors.Planar(ctx.Velocity)
		s := AirResistanceScale(detmath.Hypot(p[0], p[2]), c.AirResistance, c.AirResistanceSpeedScale, dt)
		if s < 1 {
			ctx.Velocity = motors.WithPlanar(ctx.Velocity, detmath.Scale(p, s))
		}
		return
	}
	k := mo.FrictionMultiplier(ctx)
	mo.m.FrictionScale = k
	if !(k > 0) {
		return
	}
	vs := surfaceVelocity(ctx)
	f := FrictionScale(detmath.Len(vs), c.StopSpeed, float64(c.Friction*k), dt)
	ctx.Velocity = motors.WithPlanar(ctx.Velocity, motors.Planar(detmath.Scale(vs, f)))
}

// FrictionMultiplier is the frictionless-jump policy (docs/motors/arena.md#frictionless-jump-modes-frictionless_jump_mode):
// the factor applied to the friction coefficient on a grounded tick.
//
//   - none: always 1.
//   - soft: 0 when a jump is requested this tick; inside the landing grace
//     window (Jump.LandingGraceTicks > 0) while jump is held or a press is
//     buffered, lerp(landing_friction_scale,
//     landing_friction_scale_best_angle, q) with q the Golden Angle quality
//     of the planar velocity against the view forward; otherwise 1.
//   - hard: 0 while a jump is requested, held or buffered (any grounded
//     tick); otherwise 1.
func (mo *Motor) FrictionMultiplier(ctx *motors.Context) float64 {
	c := &mo.cfg
	j := ctx.Jump
	switch c.FrictionlessJumpMode {
	case ModeSoft:
		if j.RequestJump {
			return 0
		}
		if j.LandingGraceTicks > 0 && (ctx.Command.JumpHeld || j.BufferTicks > 0) {
			_, q := mo.quality(ctx)
			return motors.Lerp(c.LandingFrictionScale, c.LandingFrictionScaleBestAngle, q)
		}
	case ModeHard:
		if j.RequestJump || ctx.Command.JumpHeld || j.BufferTicks > 0 {
			return 0
		}
	}
	return 1
}

// Accel is stage 5 of docs/motors/arena.md#one-tick. Grounded: projection-limited accelerate
// of the surface velocity (see Friction) along the ground-tangent Intent.Dir
// toward Intent.Speed with ground_accel_rate. Airborne: the Golden Angle gain scales both air_accel_rate
// and the intent speed, the projection-limited accelerate runs on the planar
// velocity, and when gain > 1 the bonus push
// (gain-1)*bonus_scale*air_accel_rate*dt*move_intent_speed is added along
// the intent.
func (mo *Motor) Accel(ctx *motors.Context) {
	dt, ok := tickDt(ctx)
	sanitizeVelocity(ctx)
	theta, q := mo.quality(ctx)
	mo.m.Theta, mo.m.Q, mo.m.Gain, mo.m.Bonus = theta, q, 1, 0
	if !ok {
		return
	}
	c := &mo.cfg
	wish := ctx.Intent.Speed
	if !(wish > 0) || wish > MaxAxisSpeed {
		return
	}
	if ctx.Stance.Grounded {
		dir := ctx.Intent.Dir
		if !motors.FiniteVec(dir) {
			return
		}
		vs, _ := Accelerate(surfaceVelocity(ctx), dir, wish, c.GroundAccelRate, dt)
		ctx.Velocity = motors.WithPlanar(ctx.Velocity, motors.Planar(vs))
		return
	}
	dir := ctx.Intent.PlanarDir
	if !motors.FiniteVec(dir) {
		return
	}
	p := motors.Planar(ctx.Velocity)
	gain := c.Gain(q, detmath.Hypot(p[0], p[2]))
	mo.m.Gain = gain
	p, _ = Accelerate(p, dir, float64(wish*gain), float64(c.AirAccelRate*gain), dt)
	if gain > 1 {
		bonus := float64((gain - 1) * c.BonusScale * c.AirAccelRate * dt * wish)
		p = p.Add(detmath.Scale(dir, bonus))
		mo.m.Bonus = bonus
	}
	ctx.Velocity = motors.WithPlanar(ctx.Velocity, p)
}

// Shaping is stage 6 of docs/motors/arena.md#one-tick, corridor shaping: airborne only, when
// the planar speed is at least min_speed_for_shaping and dot(vel_dir,
// intent_dir) > min_alignment, the planar velocity is rotated toward the
// planar intent by min(shaping_strength*intent_mag*dt,
// max_shaping_angle_per_tick, remaining angle). Rotation never adds speed.
func (mo *Motor) Shaping(ctx *motors.Context) {
	dt, ok := tickDt(ctx)
	sanitizeVelocity(ctx)
	mo.m.ShapingAngle = 0
	c := &mo.cfg
	if !ok || ctx.Stance.Grounded || !(c.ShapingStrength > 0) || !(mo.maxShapingAngle > 0) {
		return
	}
	mag := motors.Clamp01(ctx.Intent.Mag)
	dir := ctx.Intent.PlanarDir
	if !(mag > 0) || !motors.FiniteVec(dir) {
		return
	}
	p := motors.Planar(ctx.Velocity)
	speed := detmath.Hypot(p[0], p[2])
	if !(speed > 0) || speed < c.MinSpeedForShaping {
		return
	}
	dl := detmath.Hypot(dir[0], dir[2])
	if !(dl > 1e-12) {
		return
	}
	if (float64(p[0]*dir[0])+float64(p[2]*dir[2]))/(speed*dl) <= c.MinAlignment {
		return
	}
	maxA := math.Min(float64(c.ShapingStrength*mag*dt), mo.maxShapingAngle)
	p, a := RotateToward(p, dir, maxA)
	mo.m.ShapingAngle = a
	ctx.Velocity = motors.WithPlanar(ctx.Velocity, p)
}

// quality returns theta (planar velocity vs view forward) and q.
func (mo *Motor) quality(ctx *motors.Context) (theta, q float64) {
	v := ctx.Velocity
	if !(math.Abs(v[0])+math.Abs(v[2]) > 1e-9) || !motors.Finite(ctx.View.Yaw) {
		return 0, 0
	}
	// Unsigned planar angle between v and forward (cos yaw, sin yaw):
	// atan2(|cross|, dot), one transcendental call and exact near 0 and π.
	sy, cy := detmath.Sincos(ctx.View.Yaw)
	theta = detmath.Atan2(math.Abs(float64(v[0]*sy)-float64(v[2]*cy)), float64(v[0]*cy)+float64(v[2]*sy))
	return theta, Quality(theta, mo.thetaTarget, mo.cfg.QualitySmoothstep)
}

// tickDt returns the clamped tick length and whether it is usable.
func tickDt(ctx *motors.Context) (float64, bool) {
	dt := ctx.Dt
	if !(dt > 0) || math.IsInf(dt, 0) {
		return 0, false
	}
	return math.Min(dt, MaxDt), true
}

// sanitizeVelocity zeroes NaN/Inf components and clamps the rest to
// ±MaxAxisSpeed.
func sanitizeVelocity(ctx *motors.Context) {
	for i, x := range ctx.Velocity {
		switch {
		case math.IsNaN(x) || math.IsInf(x, 0):
			ctx.Velocity[i] = 0
		case x > MaxAxisSpeed:
			ctx.Velocity[i] = MaxAxisSpeed
		case x < -MaxAxisSpeed:
			ctx.Velocity[i] = -MaxAxisSpeed
		}
	}
}

// surfaceVelocity is the grounded velocity along the ground: the stored
// planar velocity lifted onto the ground plane, the same lift the KCC stage
// applies when it moves a grounded body (y = -(n.x*v.x + n.z*v.z)/n.y). On
// flat ground it is the planar velocity. Friction and accel act on it and
// the result, which stays in the plane, is stored back as its planar part.
func surfaceVelocity(ctx *motors.Context) mgl64.Vec3 {
	v := motors.Planar(ctx.Velocity)
	n := ctx.Stance.GroundNormal
	if !motors.FiniteVec(n) || !(n[1] > 1e-3) {
		return v
	}
	v[1] = -(float64(n[0]*v[0]) + float64(n[2]*v[2])) / n[1]
	return v
}
