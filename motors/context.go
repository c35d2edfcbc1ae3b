package motors

import (
	"github.com/go-gl/mathgl/mgl64"
	"github.com/seedgames/motorkit/detmath"
)

// Context is what the pipeline hands a motor each tick. The pipeline owns it
// (one per character, reused every tick); motors read it and write Velocity.
//
// Every part of a character's state has one home, and the context points at
// it rather than holding a copy: in the pipeline Command, View, Stance,
// Intent and Jump are the character's own Command, View, KCC, Intent and
// JumpBuffer components. A motor reads them and must not write through
// them. A motor used outside the pipeline gets all five from NewContext.
type Context struct {
	// Dt is the fixed tick length in seconds; TickRate is 1/Dt in Hz.
	Dt, TickRate float64
	// Tick counts fixed ticks since the runner started.
	Tick uint64

	// Command is this tick's player command, sanitized: axes in [-1, 1]
	// (the pipeline clamps the Command component in place). While the UI
	// captures input it points at a copy holding only the held levels
	// (no axes, no edges), so a motor needs no capture logic of its own.
	Command *Command
	// View is the view orientation; its angles are finite (the pipeline
	// wraps them in place).
	View *View
	// Stance is the character controller's report of the last move: the
	// ground under the character and whether it is crouched.
	Stance *Stance

	// Intent is the Move Intent built by the intent stage.
	Intent *Intent

	// Jump is the jump timers and the buffer stage's decision for this tick.
	Jump *JumpState

	// JumpSpent is set by a motor that spends the jump press itself this
	// tick (the platformer's wall jump, off a wall rather than the
	// ground): the KCC stage then spends the press as its consume point
	// would (the buffer and coyote time cleared, the jump counted) without
	// setting the jump speed. The pipeline clears it before the motor
	// stages.
	JumpSpent bool

	// Velocity is the motor's working copy of the body's velocity in m/s:
	// the motor stages change its planar part, and the pipeline hands it
	// back to the body after them (a non-finite result is refused: the body
	// keeps its velocity).
	Velocity mgl64.Vec3
}

// Command is one tick of a player's input: the one type a game submits
// (components.CommandData is this type) and motors read (Context.Command).
type Command struct {
	// Forward and Strafe are the move axes in [-1, 1] (strafe +1 = right).
	// Out-of-range values are clamped and NaN becomes 0 at the start of the
	// tick that reads them.
	Forward, Strafe float64
	// JumpPressed is the jump key's down edge; JumpHeld its level.
	JumpPressed, JumpHeld bool
	// Sprint, Walk and Crouch are held modifiers.
	Sprint, Walk, Crouch bool
	// DashPressed is the dash button's down edge (the hybrid motor dashes).
	DashPressed bool
	// UICaptured is true while a UI owns the keyboard
	// (docs/motors/fps.md#ui-capture): axes and edges are ignored, held
	// levels kept, and the jump buffer follows the character's capture
	// policy.
	UICaptured bool
	// Pending is set by systems.Submit and cleared when a tick consumes the
	// command; it tells whether edges still wait for a tick.
	Pending bool
}

// View is a character's view orientation in radians (components.ViewData
// is this type). Yaw 0 faces +X and grows toward +Z: forward =
// (cos yaw, 0, sin yaw), right = (-sin yaw, 0, cos yaw); pitch is positive
// looking up.
type View struct {
	Yaw, Pitch float64
}

// Stance is what the character controller reported after the last move,
// the part motors read. In the pipeline it lives in the character's KCC
// component (components.KCCData embeds it), written by the KCC stage.
type Stance struct {
	// Grounded is true while the character stands on walkable ground.
	Grounded bool
	// GroundNormal is the unit normal of that ground, Up when not grounded.
	GroundNormal mgl64.Vec3
	// Crouched is true while the capsule is crouched (crouch held, or
	// standing up refused under a low ceiling).
	Crouched bool
	// WallGap is, for a side-view character whose motor probes for walls
	// (WallProber), how far (m) it could move left (-X, [0]) and right
	// (+X, [1]) before it touches a wall (a face at least 45 degrees from
	// the floor), or -1 when no wall is within the probe's reach. The KCC
	// stage writes it after each move. NewContext and the prefabs start
	// it at NoWalls; other characters keep what they were made with.
	WallGap [2]float64
}

// CornerSlipper is implemented by a side-view motor that slides its
// character around the corner of a block a move clipped (Celeste's
// corner correction): CornerSlip returns, for this tick's move, how far
// (m) a move going up that hits a ceiling may be slid sideways (up), how
// far a move going sideways that hits a wall may be slid up or down
// (side: while dashing, say), and the step it tries them in (m). Zero
// reaches slide nothing. The KCC stage asks after the motor's stages.
type CornerSlipper interface {
	CornerSlip() (up, side, step float64)
}

// NoWalls is Stance.WallGap with no wall within reach on either side.
var NoWalls = [2]float64{-1, -1}

// WallProber is implemented by a motor that wants the walls beside a
// side-view character (components.PlaneSide) probed after every move:
// WallProbe returns how far to look (m); 0 probes nothing. The result is
// Stance.WallGap.
type WallProber interface {
	WallProbe() float64
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
// a Command, View, Stance, Intent and JumpState of its own: tick length dt
// (s), TickRate 1/dt, not grounded, ground normal Up, no walls near.
func NewContext(dt float64) *Context {
	c := &Context{Dt: dt, Command: &Command{}, View: &View{}, Stance: &Stance{GroundNormal: Up, WallGap: NoWalls},
		Intent: &Intent{}, Jump: &JumpState{}}
	if dt > 0 {
		c.TickRate = 1 / dt
	}
	return c
}

// ViewForward returns the planar unit forward vector of the view's yaw.
func (c *Context) ViewForward() mgl64.Vec3 {
	return YawForward(c.View.Yaw)
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
	n := c.Stance.GroundNormal
	if !c.Stance.Grounded || (n[0] == 0 && n[2] == 0) {
		return c.Intent.PlanarDir
	}
	return Planar(c.Intent.Dir)
}
