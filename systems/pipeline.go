package systems

import (
	"fmt"
	"math"

	"github.com/seedgames/motorkit/components"
	"github.com/yohamta/donburi"
	"github.com/yohamta/donburi/filter"
)

// Stage names one step of a tick. Stages run in their numeric order; in
// each, the systems added with AddBefore run first (in call order), then the
// stage's built-in systems, then those added with Add/AddAfter (in call
// order).
//
// What a game system sees of a character with a motor, by stage:
//
//   - intent: before the built-in, last tick's state and this tick's
//     Command and View (change them here to steer); after it, the Intent.
//   - buffer: the Intent; after the built-in, JumpBuffer.RequestJump decided.
//   - friction, accel, shaping: Body.Velocity is the velocity the motor is
//     working on, and the Intent component what it accelerates toward. A
//     system here that changes either changes what the next motor stage
//     starts from (the motor stages after it take them from the components,
//     and those before it wrote the velocity back).
//
// The built-in stages of the characters (intent to shaping, and the KCC
// stage's move) run one way: each stretch of them that no game system
// divides runs as one pass over the characters, block by block. A game
// system may sit at any stage; it divides the pass there and sees every
// character as this list says.
//   - kcc: after the built-ins, positions, velocities and the grounded state
//     of this tick.
//   - rope, rules: free for games (the flail game fills them).
//   - cleanup: consumed edges are cleared by the built-in; Defer'red
//     structural changes run at its end.
type Stage int

// The pipeline's stages, in execution order.
const (
	StageIntent Stage = iota
	StageBuffer
	StageFriction
	StageAccel
	StageShaping
	StageKCC
	StageRope
	StageRules
	StageCleanup
	numStages
)

var stageNames = [numStages]string{"intent", "buffer", "friction", "accel", "shaping", "kcc", "rope", "rules", "cleanup"}

// String returns the stage's lower-case name.
func (s Stage) String() string {
	if s < 0 || s >= numStages {
		return fmt.Sprintf("Stage(%d)", int(s))
	}
	return stageNames[s]
}

// Stages returns every stage in execution order.
func Stages() []Stage {
	out := make([]Stage, numStages)
	for i := range out {
		out[i] = Stage(i)
	}
	return out
}

// Tick describes the fixed tick being run.
type Tick struct {
	// N counts ticks from 0 (the first Step runs tick 0).
	N uint64
	// Dt is the fixed tick length in seconds and Rate its inverse in Hz.
	Dt, Rate float64
}

// Func is a system: it runs once per tick in its stage.
type Func func(w donburi.World, t Tick)

// Options configure a Pipeline.
type Options struct {
	// TickRate is the fixed simulation rate in Hz. Default 60; the flail
	// game uses 40. Values outside [1, 1000] are clamped.
	TickRate float64
	// CharacterCollisions makes every character's capsule an obstacle for
	// the others: the KCC stage registers a capsule collider per character
	// in the level, moves each character ignoring its own capsule, and
	// places the capsule where the move ended. The characters that might
	// touch this tick form an island (kcc.World.PlanCrowd, CrowdStats); an
	// island's characters move in the stage's entity order (later ones see
	// earlier ones' new positions), islands in parallel on the workers, so
	// every run and worker count gives the same bits. Capsules of
	// characters gone from the world are removed at the end of the tick.
	// Default false.
	CharacterCollisions bool
	// Workers is the number of goroutines that run the characters' stages
	// (0 or 1: the calling goroutine only). The results are the same bits
	// for any count: each character reads the level and writes its own
	// components, moved by the worker's own controllers. With
	// CharacterCollisions the workers move whole islands of characters.
	// Call Pipeline.Close to stop the workers. Capped at 64.
	Workers int
	// Events publishes the characters' events (Events: landings, walls
	// touched, crushes, sensors entered and left) as donburi events in
	// an "events" system after the KCC stage's sensors, and processes
	// them there. Default false: nothing is published, and no tick
	// allocates for it (donburi's event queue allocates on a tick with
	// events).
	Events bool
}

// Pipeline runs the ordered stages over one donburi world. Each part owns
// its state in its own file: the stage scheduler and the tick's plan
// (scheduler.go), the characters and the runs of their stages
// (characters.go), the KCC stage with its controllers, workers and
// character collisions (kccstage.go), the living world's platforms and
// sensors (platforms.go) and the cleanup of consumed input edges
// (command.go).
type Pipeline struct {
	scheduler
	characterList
	kccStage
	livingStage
	cleanupStage
	// state is the registry of state components and the scratch of
	// SaveState, LoadState and Checksum (state.go, stateio.go).
	state stateTable
	// ids numbers the state entities (ids.go).
	ids idTable
}

// NewPipeline returns a pipeline over w with the built-in stages installed.
func NewPipeline(w donburi.World, opts Options) *Pipeline {
	rate := opts.TickRate
	if !(rate >= 1) {
		rate = 60
	}
	if rate > 1000 {
		rate = 1000
	}
	p := &Pipeline{
		scheduler: scheduler{world: w, rate: rate, dt: 1 / rate},
		kccStage:  kccStage{charCollide: opts.CharacterCollisions, workers: min(max(opts.Workers, 1), 64)},
	}
	charFilter := filter.Contains(components.Body, components.KCC)
	// Its own query for the level: a component type's First caches per
	// world in a map the component type shares with every world, which
	// pipelines stepping on other goroutines would race on.
	p.levelQuery = donburi.NewQuery(filter.Contains(components.Level))
	p.charCache.filter = charFilter
	p.cacheCharEach = p.cacheCharacter
	p.stores = newCompStores(w)
	p.all.init(filter.Contains(components.Command))
	p.others.init(filter.And(filter.Contains(components.Command), filter.Not(charFilter)))

	// The characters' stages (intent to shaping, and the move of the KCC
	// stage) are steps of one character: the scheduler runs each stretch
	// of them that no other system divides character by character
	// (characters.go).
	p.addStep(StageIntent, "intent", stepIntent)
	p.addStep(StageBuffer, "buffer", stepBuffer)
	p.addStep(StageFriction, "friction", stepFriction)
	p.addStep(StageAccel, "accel", stepAccel)
	p.addStep(StageShaping, "shaping", stepShaping)
	p.isOccupiedFn = p.isOccupied
	p.addBuiltin(StageKCC, "platforms", p.platformsStep, beforeMotors)
	p.addStep(StageKCC, "kcc", stepMove)
	p.addBuiltin(StageKCC, "sensors", p.sensorsStep, readsNoCommand)
	if opts.Events {
		p.eventsOn = true
		p.addBuiltin(StageKCC, "events", p.eventsStep, 0)
	}
	p.addBuiltin(StageCleanup, "cleanup", func(w donburi.World, _ Tick) {
		p.cleanupPass(w)
		p.runDeferred()
	}, clearsEdges)
	p.registerBuiltinState()
	p.watchCreations()
	return p
}

// sanitizeAxis clamps a move axis to [-1, 1]; NaN becomes 0.
func sanitizeAxis(x float64) float64 {
	if !(x >= -1) {
		if math.IsNaN(x) {
			return 0
		}
		return -1
	}
	if x > 1 {
		return 1
	}
	return x
}

// sanitizeAngle keeps an angle finite and of moderate size: NaN and
// infinities become 0; angles beyond ±1e4 rad are wrapped (which keeps the
// direction but not the winding count).
func sanitizeAngle(a float64) float64 {
	if a >= -1e4 && a <= 1e4 { // false for NaN and ±Inf too
		return a
	}
	return wrapAngle(a)
}

// wrapAngle is sanitizeAngle's rare path, kept out of line so the common
// path inlines.
func wrapAngle(a float64) float64 {
	if math.IsNaN(a) || math.IsInf(a, 0) {
		return 0
	}
	return math.Remainder(a, 2*math.Pi)
}
