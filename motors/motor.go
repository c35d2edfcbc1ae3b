package motors

import "github.com/go-gl/mathgl/mgl64"

// Up is the world up axis. The module is Y-up; the top-down flail game lives
// on the XZ plane.
var Up = mgl64.Vec3{0, 1, 0}

// Motor is one entity's movement motor: its configuration and its state.
//
// Implementations must be deterministic (no wall clock, no map iteration, no
// randomness outside their state) and must not allocate in the stage methods.
type Motor interface {
	// Kind names the motor family, e.g. "arena", "rpg", "hybrid", "fps".
	Kind() string

	// IntentSpeedCap returns the speed (m/s) that a full-magnitude move
	// intent asks for this tick: move_intent_speed = Intent.Mag * cap. It is
	// called by the intent stage after Intent.Dir and Intent.Mag are set, so a
	// motor may depend on them (for example a backpedal scale) and on the
	// buttons (walk, sprint, crouch) and the ground state.
	IntentSpeedCap(ctx *Context) float64

	// JumpRules tells the buffer stage how this motor buffers and forgives
	// jump presses, in ticks at the given fixed tick rate (Hz). It must
	// depend only on the motor's configuration and tickRate: the pipeline
	// asks once per motor (again when a character's motor is replaced).
	// The built-in motors' configurations give the windows in seconds
	// (jump_buffer_time, coyote_time, landing_grace_time;
	// docs/motors/README.md#vocabulary) and convert them with
	// TicksFromSeconds.
	JumpRules(tickRate float64) JumpRules

	// Friction applies ground friction or braking to ctx.Velocity.
	Friction(ctx *Context)
	// Accel accelerates ctx.Velocity toward the move intent.
	Accel(ctx *Context)
	// Shaping applies any post-acceleration shaping (corridor shaping,
	// facing rotation, caps).
	Shaping(ctx *Context)
}

// MetricsReporter is implemented by motors that expose per-tick debug values
// (for traces, plots and the demos' debug overlays).
type MetricsReporter interface {
	// AppendMetrics appends this tick's named debug values to dst and
	// returns it. Names are stable identifiers such as "theta" or "gain".
	AppendMetrics(dst []Metric) []Metric
}

// Metric is one named debug value of a tick.
type Metric struct {
	Name  string
	Value float64
}

// JumpRules are a motor's jump-timing windows, in ticks.
type JumpRules struct {
	// Enabled allows jumping at all.
	Enabled bool
	// BufferTicks is how many ticks a jump press stays valid while the
	// character cannot jump yet (docs/motors/arena.md#frictionless-jump-modes-frictionless_jump_mode, docs/motors/fps.md#jump-timing-in-ticks). A press is always
	// valid on the tick it happens, so 0 means "no buffering".
	BufferTicks int
	// CoyoteTicks is how many ticks after walking off ground (without
	// jumping) a jump is still allowed.
	CoyoteTicks int
	// LandingGraceTicks is the length of the landing grace window that
	// starts on the first grounded tick after being airborne (docs/motors/arena.md#frictionless-jump-modes-frictionless_jump_mode).
	// The buffer stage only counts it down; motors decide what it means.
	LandingGraceTicks int
	// AutoHop lets a held jump button request a jump on every grounded tick.
	// Off by default: holding jump never re-triggers a jump (docs/motors/fps.md#jump-timing-in-ticks).
	AutoHop bool
}

// TicksFromSeconds converts a duration in seconds to whole ticks at rate Hz,
// rounding to nearest, never negative.
func TicksFromSeconds(seconds, rate float64) int {
	t := float64(seconds*rate) + 0.5
	if !(t > 0) || t > 1<<30 {
		if t > 1<<30 {
			return 1 << 30
		}
		return 0
	}
	return int(t)
}
