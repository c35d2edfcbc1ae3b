package components

import (
	"github.com/go-gl/mathgl/mgl64"
	"github.com/seedgames/motorkit/abilities"
	"github.com/seedgames/motorkit/kcc"
	"github.com/seedgames/motorkit/motors"
	"github.com/seedgames/motorkit/platforms"
	"github.com/yohamta/donburi"
)

// CommandData is one tick of raw player input, and the persistent command
// buffer between the game loop and the fixed-step pipeline
// (docs/architecture.md#fixed-step-and-the-command-buffer): a game submits
// commands with systems.Submit at any time; edges (JumpPressed, DashPressed)
// are OR-ed in and cleared only after a tick has consumed them, so a press is
// never lost when a frame runs no tick and never seen twice when a frame runs
// several. It is motors.Command, the type the motors read through
// motors.Context.Command: one home for a character's input. The intent stage
// clamps its axes in place ([-1, 1], NaN to 0).
type CommandData = motors.Command

// ViewData is the view orientation in radians (motors.View: yaw 0 faces +X
// and grows toward +Z; pitch is positive looking up). The motors read it
// through motors.Context.View; the intent stage keeps its angles finite in
// place.
type ViewData = motors.View

// BodyData is a body's kinematic state in meters and m/s.
type BodyData struct {
	Position mgl64.Vec3
	Velocity mgl64.Vec3
	// PrevPosition is Position before the last tick, for drawing that
	// interpolates between ticks.
	PrevPosition mgl64.Vec3
}

// IntentData is the Move Intent of this tick, built by the intent stage; the
// motor context points at it. The jump decision is in JumpBufferData.
type IntentData struct {
	motors.Intent
}

// CapturePolicy says what the jump timers do while the UI captures input.
type CapturePolicy uint8

const (
	// CaptureFreeze keeps the jump buffer and coyote timers where they are
	// while the UI captures input; they resume counting after release. This
	// is the default: a press made just before a menu opened still counts
	// when it closes (docs/motors/fps.md#ui-capture recommends freezing or expiring explicitly).
	CaptureFreeze CapturePolicy = iota
	// CaptureExpire keeps counting the timers down while captured, so a
	// buffered press expires normally during the capture.
	CaptureExpire
)

// String names the policy as TOML spells it.
func (p CapturePolicy) String() string {
	if p == CaptureExpire {
		return "expire"
	}
	return "freeze"
}

// JumpBufferData is the per-entity jump timing state of the buffer stage.
// All timers count fixed ticks.
type JumpBufferData struct {
	// JumpState holds the timers (BufferTicks left for a buffered press,
	// CoyoteTicks left after walking off ground without jumping,
	// LandingGraceTicks left in the landing grace window) and this tick's
	// decision: RequestJump is true when the KCC stage consumes a jump this
	// tick (the single consume point). The motor context points at it.
	motors.JumpState
	// WasGrounded is the grounded state seen by the previous tick.
	WasGrounded bool
	// JumpedSinceGrounded is set by a jump and cleared on landing, so
	// leaving the ground by jumping does not start coyote time.
	JumpedSinceGrounded bool
	// CapturePolicy decides what the timers do while the UI captures input.
	CapturePolicy CapturePolicy
	// ConsumedThisTick is true on the tick the KCC stage consumed a jump.
	ConsumedThisTick bool
	// Consumes counts jumps consumed since spawn.
	Consumes uint64
}

// MotorData holds an entity's motor and the context the pipeline passes to
// its stages.
type MotorData struct {
	Motor motors.Motor
	Ctx   motors.Context
}

// KCCData is an entity's kinematic character controller profile and the
// controller's last report.
type KCCData struct {
	// Controller names the character's controller configuration
	// (Controller.Config); nil means the KCC stage only integrates velocity
	// without collision. The KCC stage moves every character with its own
	// controllers of that configuration (one per worker), so characters of
	// one recipe share one Controller.
	Controller *kcc.Controller
	// Shape is the current capsule (it shrinks while crouched).
	Shape kcc.Capsule
	// StandHalfHeight is the capsule half-height when standing.
	StandHalfHeight float64
	// CrouchHalfHeight is the half-height when crouched; 0 disables crouch.
	CrouchHalfHeight float64
	// Gravity is the downward acceleration in m/s^2 (positive; 0 = none,
	// as for the top-down flail cars).
	Gravity float64
	// JumpSpeed is the upward speed a consumed jump sets, in m/s.
	JumpSpeed float64
	// MaxFallSpeed caps the downward speed in m/s (0 = no cap).
	MaxFallSpeed float64
	// Stance is the last move's report that the motors read (Grounded,
	// GroundNormal: Up when not grounded, Crouched: the capsule is
	// shrunk), through motors.Context.Stance.
	motors.Stance
	// GroundState classifies the ground under the character after the
	// last move (none, walkable ground, steep).
	GroundState kcc.GroundState
	// Plane is the plane a 2D character lives in (PlaneTop, PlaneSide),
	// or Plane3D. The KCC stage keeps the character in it to the bit.
	Plane Plane
	// GroundCollider is the collider under the feet after the last Move
	// (kcc.NoCollider in the air): a moving one carries the character on
	// the next tick.
	GroundCollider kcc.ColliderID
	// OnWall, WallNormal and OnCeiling are the last Move's wall and
	// ceiling contacts (kcc.MoveResult's; Godot's is_on_wall,
	// get_wall_normal, is_on_ceiling).
	OnWall     bool
	WallNormal mgl64.Vec3
	OnCeiling  bool
	// Crushed is the last Move's kcc.MoveResult.Crushed: colliders press
	// the character from opposite sides and it cannot fit. It stays set
	// while the squeeze lasts; the game decides what a crush does
	// (systems.EventCrushed tells the tick it begins).
	Crushed bool
	// CarriedYaw is the turn (radians, counter-clockwise about up) the
	// ground collider gave the character this tick; with TurnWithPlatform
	// the View's yaw follows it.
	CarriedYaw       float64
	TurnWithPlatform bool
	// OnLeave is what the character keeps of a moving platform's velocity
	// when it leaves it (walking or jumping off).
	OnLeave PlatformLeave
	// Mass (kg) weighs characters that push each other (with
	// systems.Options.CharacterCollisions): when A walks into B and may
	// push it, B is moved along A's way by A's blocked motion times
	// mA/(mA+mB), and A follows. A non-positive or non-finite mass counts
	// as DefaultMass.
	Mass float64
	// PushLayers are the push layers the character is on and PushMask the
	// layers it pushes: A pushes B when A.PushMask&B.PushLayers != 0, so
	// pushing is switched per pair of characters. Recipes default to
	// layers 1 and mask 0: characters block each other and push nobody.
	PushLayers, PushMask uint32
}

// DefaultMass is the mass (kg) of a character whose KCCData.Mass is not
// positive: a person.
const DefaultMass = 70.0

// PlatformLeave is the velocity a character inherits when it leaves a
// moving collider, Godot's platform_on_leave.
type PlatformLeave uint8

// Platform leave policies.
const (
	// LeaveAddVelocity adds the platform's velocity at the feet (default,
	// Godot's PLATFORM_ON_LEAVE_ADD_VELOCITY).
	LeaveAddVelocity PlatformLeave = iota
	// LeaveAddUpwardVelocity adds it without its downward part, so a jump
	// off a descending platform keeps its full height
	// (PLATFORM_ON_LEAVE_ADD_UPWARD_VELOCITY).
	LeaveAddUpwardVelocity
	// LeaveDoNothing keeps the character's own velocity
	// (PLATFORM_ON_LEAVE_DO_NOTHING).
	LeaveDoNothing
)

// String returns the policy's TOML name.
func (l PlatformLeave) String() string {
	switch l {
	case LeaveAddVelocity:
		return "add_velocity"
	case LeaveAddUpwardVelocity:
		return "add_upward_velocity"
	case LeaveDoNothing:
		return "do_nothing"
	}
	return "PlatformLeave(?)"
}

// AbilitiesData is a character's movement abilities (package abilities):
// the built-in ones (ladders, water, ledges, walls, one-way platforms:
// the recipe's configuration, which its characters share, and the
// character's own state) and the game's own. Its embedded State's Mode is
// the character's movement mode and Since the tick it began, for
// animation; the KCC stage updates both. A character without the
// component (or with no ability enabled and none of its own) moves
// exactly as before.
type AbilitiesData struct {
	// Set is the built-in abilities: Config, the recipe's [climb], [swim],
	// [ledge], [wall] and [drop_through] tables (nil: none), and State.
	abilities.Set
	// Own are the game's own abilities (a grappling hook), run after the
	// built-in ones in order, each plan laid over the ones before
	// (abilities.Plan.Merge). One that implements systems.StateCodec has
	// its state saved and loaded with the character's.
	Own []abilities.Ability
}

// LevelData is the world-wide collision level: a resource on one entity.
type LevelData struct {
	World *kcc.World
	Name  string
	// Abilities are the level's ladders, water volumes and one-way
	// colliders ([[ladder]], [[water]], one_way = true); nil when it has
	// none.
	Abilities *abilities.Level
	// Movers are the level's platforms, lifts and doors; the pipeline's
	// "platforms" system moves them once per tick before the KCC stage.
	Movers *platforms.Set
	// Sensors reports, after the KCC stage of every tick, which
	// characters (by entity ID) entered, stayed in or left which sensor
	// colliders (Sensors.Events), when the level has sensors.
	Sensors     *kcc.SensorTracker
	SensorNames map[string]kcc.ColliderID
	// Crowd asks a game for walkers that go round a loop (the level's
	// [crowd] table); nil when the level has none.
	Crowd *CrowdSpec
	// Spawns are the level's spawn points (an imported level's nodes marked
	// spawn), in file order; empty when it has none.
	Spawns []SpawnPoint
	// Visual, when not nil, is what a front end draws of the level instead
	// of its collision triangles: an imported level (glTF) separates the
	// meshes it draws from the colliders (some drawn only, some colliding
	// only).
	Visual []VisualTriangle
	// OnSpawn, when set, is called with each character a game spawns on
	// the level (netplay's games call it for their seats, on a join and
	// when a rollback spawns one again): what the level gives its
	// characters, such as a 2D level's ladders (plane2d).
	OnSpawn func(e *donburi.Entry)
	// KillY is the height (m) below which a character has fallen out of
	// the level: the level's kill_y, by default 10 m below its lowest
	// geometry. The pipeline does nothing with it; a game respawns (the
	// playground does).
	KillY float64
}

// SpawnPoint is where a level puts a character: Position is where its feet
// go (m) and Yaw its facing (radians, 0 along +X growing toward +Z).
type SpawnPoint struct {
	Name     string
	Position mgl64.Vec3
	Yaw      float64
}

// VisualTriangle is a drawn triangle of an imported level with its base
// color (linear RGBA in [0, 1]).
type VisualTriangle struct {
	A, B, C mgl64.Vec3
	Color   [4]float32
}

// CrowdSpec is a level's crowd: Count characters of Recipe walking round
// the closed loop of waypoints Loop (metres), spread evenly along it.
type CrowdSpec struct {
	Count  int
	Recipe string
	Loop   []mgl64.Vec3
}

// OriginData names what an entity was spawned from: a recipe and the TOML
// overrides of its spawn (prefabs sets it). A pipeline state
// (systems.Pipeline.SaveState) carries it, so loading the state into a
// world that lacks the entity (a client joining a game, a rewind past the
// entity's removal) can spawn it again from the same recipe
// (systems.Pipeline.SetSpawner) before restoring its state.
type OriginData struct {
	// Recipe is the recipe's name in its library.
	Recipe string
	// Overrides are the TOML texts decoded over the recipe, in order.
	Overrides []string
}

// StableID is a state entity's identity of the library's own: a
// systems.Pipeline numbers every character (and every entity with a
// component registered with systems.RegisterState) 1, 2, 3... in the order
// the entities were created, and never reuses a number. The pipeline runs
// its characters in this order, a pipeline state (SaveState) keys every
// entity by it, and systems.Pipeline.Character finds a character by it.
// Unlike a donburi.Entity, it is the same after LoadState and on every
// peer that ran the same ticks, whatever other entities each world made.
// 0 is no ID yet. The pipeline writes it; a game reads it (ID.GetValue)
// and never writes it.
type StableID uint32

// The component types. Each is registered once; use them with donburi's
// generic accessors, e.g. components.Body.Get(entry).
var (
	Command    = donburi.NewComponentType[CommandData]()
	View       = donburi.NewComponentType[ViewData]()
	Body       = donburi.NewComponentType[BodyData]()
	Intent     = donburi.NewComponentType[IntentData]()
	JumpBuffer = donburi.NewComponentType[JumpBufferData]()
	Motor      = donburi.NewComponentType[MotorData]()
	KCC        = donburi.NewComponentType[KCCData]()
	Level      = donburi.NewComponentType[LevelData]()
	Origin     = donburi.NewComponentType[OriginData]()
	Abilities  = donburi.NewComponentType[AbilitiesData]()
	// ID holds an entity's StableID. prefabs gives every entity it spawns
	// the component (at 0); a pipeline adds it to a state entity that lacks
	// it, and numbers it, before its next tick.
	ID = donburi.NewComponentType[StableID]()
)

// LevelOf returns the world's collision level, or nil when none was spawned.
func LevelOf(w donburi.World) *kcc.World {
	e, ok := Level.First(w)
	if !ok {
		return nil
	}
	return Level.Get(e).World
}

// Plane is the plane a 2D character lives in. Inside the pipeline a 2D
// character is a 3D one (Y up, metres) that the KCC stage keeps in its
// plane to the bit: whatever moves it (its move, a push, a carry, a
// crush), the pinned coordinate and its velocity stay those of the tick
// before. Package plane2d converts to and from a 2D game's pixels.
type Plane uint8

const (
	// Plane3D is a 3D character: nothing is pinned.
	Plane3D Plane = iota
	// PlaneTop is a top view: the XZ plane, Y pinned to the spawn height
	// and no vertical motion (the top-down flail cars, a Zelda-like game).
	// Moving platforms do not carry a top-view character.
	PlaneTop
	// PlaneSide is a side view: the XY plane with Y up, Z pinned (a
	// platformer). Gravity, jumps and moving platforms work as in 3D.
	PlaneSide
)

// String returns the recipe word of the plane: "", "top" or "side".
func (p Plane) String() string {
	switch p {
	case PlaneTop:
		return "top"
	case PlaneSide:
		return "side"
	}
	return ""
}

// ParsePlane returns the plane a recipe names: "" (3D), "top" or "side".
func ParsePlane(s string) (Plane, bool) {
	switch s {
	case "":
		return Plane3D, true
	case "top":
		return PlaneTop, true
	case "side":
		return PlaneSide, true
	}
	return Plane3D, false
}

// Pin puts pos back in the plane through ref (the position at the start
// of the tick): its Y for PlaneTop, its Z for PlaneSide. Plane3D and any
// other value leave pos as it is.
func (p Plane) Pin(pos *mgl64.Vec3, ref *mgl64.Vec3) {
	switch p {
	case PlaneTop:
		pos[1] = ref[1]
	case PlaneSide:
		pos[2] = ref[2]
	}
}

// PinVelocity zeroes the velocity across the plane: its Y for PlaneTop,
// its Z for PlaneSide.
func (p Plane) PinVelocity(v *mgl64.Vec3) {
	switch p {
	case PlaneTop:
		v[1] = 0
	case PlaneSide:
		v[2] = 0
	}
}
