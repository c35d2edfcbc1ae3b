package motors

import (
	"github.com/go-gl/mathgl/mgl64"
	"github.com/seedgames/motorkit/detmath"
)

// Context is what the pipeline hands a motor each tick. The pipeline owns it
// (one per entity, reused every tick); motors read it and write Velocity.
//
// Intent and Jump point at the character's own state (in the pipeline, its
// Intent and JumpBuffer components), so each lives in one place: the
// pipeline sets the pointers before the motor runs. A motor used outside
// the pipeline gets both from NewContext.
type Context struct {
	// Dt is the fixed tick length in seconds; TickRate is 1/Dt in Hz.
	Dt, TickRate float64
	// Tick counts fixed ticks since the runner started.
	Tick uint64

	// Input of this tick, already sanitized: axes in [-1, 1], angles finite.
	Input Input

	// Intent is the Move Intent built by the intent stage.
	Intent *Intent

	// Grounded and GroundNormal are the KCC's report from the previous tick.
	// GroundNormal is Up when airborne.
	Grounded     bool
	GroundNormal mgl64.Vec3
	// Crouched is true while the KCC stage holds the capsule crouched
	// (crouch held, or standing up refused under a low ceiling).
	Crouched bool

	// Jump is the jump timers and the buffer stage's decision for this tick.
	Jump *JumpState

	// Velocity is the body's velocity in m/s; motors change its planar part.
	Velocity mgl64.Vec3
}

// Input is the part of a tick's player command that motors read.
type Input struct {
	// Forward and Strafe are the move axes in [-1, 1] (strafe +1 = right).
	Forward, Strafe float64
	// Yaw and Pitch are the view angles in radians. Yaw 0 faces +X and yaw
	// grows toward +Z: forward = (cos yaw, 0, sin yaw), right = (-sin yaw, 0, cos yaw).
	Yaw, Pitch float64

	JumpPressed bool // jump went down this tick (edge)
	JumpHeld    bool // jump is down (level)
	Sprint      bool
	Walk        bool
	Crouch      bool
	DashPressed bool // dash went down this tick (edge; the hybrid motor dashes)
}

// Intent is the engine-owned Move Intent (docs/architecture.md#units-and-axes, docs/architecture.md#one-tick).
type Intent struct {
	// Dir is the unit move direction: the planar direction lifted to 3D, and
	// projected onto the ground tangent plane when grounded. Zero when Mag is 0.
	Dir mgl64.Vec3
	// PlanarDir is the unit planar direction (Y = 0); zero when Mag is 0.
	PlanarDir mgl64.Vec3
	// Mag is the input magnitude, clamped to [0, 1].
	Mag float64
	// Speed is Mag times the motor's IntentSpeedCap, in m/s.
	Speed float64
}

// JumpState is the jump timers of a character and the buffer stage's
// decision for this tick; the pipeline keeps it in the JumpBuffer component.
type JumpState struct {
	// RequestJump is true when a jump will be consumed this tick by the KCC
	// stage (the single consume point).
	RequestJump bool
	// BufferTicks is how many ticks the buffered press has left (0 = none).
	BufferTicks int
	// CoyoteTicks is how many ticks of coyote time are left.
	CoyoteTicks int
	// LandingGraceTicks is how many ticks of the landing grace window are
	// left, counting this one (0 = not in the window).
	LandingGraceTicks int
	// JustLanded is true on the first grounded tick after being airborne.
	JustLanded bool
}

// NewContext returns a context for a motor used outside the pipeline, with
// its own Intent and JumpState: tick length dt (s), TickRate 1/dt, on the
// ground normal Up (not grounded).
func NewContext(dt float64) *Context {
	c := &Context{Dt: dt, Intent: &Intent{}, Jump: &JumpState{}, GroundNormal: Up}
	if dt > 0 {
		c.TickRate = 1 / dt
	}
	return c
}

// ViewForward returns the planar unit forward vector of the input yaw.
func (c *Context) ViewForward() mgl64.Vec3 {
	return YawForward(c.Input.Yaw)
}

// PlanarSpeed returns the length of the velocity's planar (XZ) part.
func (c *Context) PlanarSpeed() float64 {
	return detmath.Len(Planar(c.Velocity))
}

// SlopePlanarDir is the planar direction a motor that keeps its speed along
// the ground aims its planar velocity at: the planar part of the
// ground-tangent Intent.Dir while grounded on a slope (its length is the
// cosine of the slope along the motion, so after the KCC stage lifts the
// planar velocity onto the slope the speed along the ground is the intended
// one), and Intent.PlanarDir on flat ground and in the air
// (docs/architecture.md#speeds-on-slopes).
func (c *Context) SlopePlanarDir() mgl64.Vec3 {
	n := c.GroundNormal
	if !c.Grounded || (n[0] == 0 && n[2] == 0) {
		return c.Intent.PlanarDir
	}
	return Planar(c.Intent.Dir)
}
