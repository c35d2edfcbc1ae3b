package systems

import (
	"fmt"
	"math"

	"github.com/seedgames/motorkit/components"
	"github.com/seedgames/motorkit/kcc"
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
//   - buffer: the Intent; after the built-in, Intent.RequestJump decided.
//   - friction, accel, shaping: Body.Velocity is the velocity the motor is
//     working on, and the Intent component what it accelerates toward. A
//     system here that changes either changes what the next motor stage
//     starts from (each motor stage reads them from the components and
//     writes the velocity back).
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
	// places the capsule where the move ended, in the stage's entity order
	// (so later characters see earlier ones' new positions, and every run
	// gives the same result). Capsules of characters gone from the world
	// are removed at the end of the tick. Default false.
	CharacterCollisions bool
	// Workers is the number of goroutines that run the motor stages (when
	// fused) and the KCC stage (0 or 1: the calling goroutine only). The
	// results are the same bits for any count: each character reads the
	// level and writes its own components; it needs its own kcc.Controller
	// (prefabs give each character one). The KCC stage stays on one
	// goroutine with CharacterCollisions (each move changes the level for
	// the next). Call Pipeline.Close to stop the workers. Capped at 64.
	Workers int
}

type namedFunc struct {
	name    string
	fn      Func
	builtin bool // one of the pipeline's own systems
}

// Pipeline runs the ordered stages over one donburi world.
type Pipeline struct {
	world  donburi.World
	rate   float64
	dt     float64
	tick   uint64
	stages [numStages][]namedFunc
	before [numStages]int // systems added with AddBefore, at the start of each stage

	deferred []func(donburi.World)

	motorQuery   *donburi.Query
	kccQuery     *donburi.Query
	commandQuery *donburi.Query

	// Per-entity callbacks bound once so iterating allocates nothing.
	cur                                  Tick
	intentEach, bufferEach               func(*donburi.Entry)
	frictionEach, accelEach, shapingEach func(*donburi.Entry)
	kccEach, cleanupEach                 func(*donburi.Entry)

	// The living world (platforms.go): sensors occupied this tick, a
	// buffer for a character's sensors, the last mover error.
	occupied     []kcc.ColliderID
	sensorBuf    []kcc.ColliderID
	platformErr  error
	occupyEach   func(*donburi.Entry)
	sensorEachFn func(*donburi.Entry)
	isOccupiedFn func(kcc.ColliderID) bool

	// The fused motor pass (fused.go).
	motorCache     entityCache
	motorRefs      []motorRefs
	cacheMotorEach func(*donburi.Entry)
	fuse           bool
	fuseKnown      bool
	kccCache       entityCache
	kccRefList     []kccRefs
	cacheKCCEach   func(*donburi.Entry)
	cmdCache       entityCache
	cmdRefs        []*components.CommandData
	cacheCmdEach   func(*donburi.Entry)
	// level is the collision level, fetched once per tick by the KCC
	// system.
	level *kcc.World

	// The KCC stage's controllers (controllers.go): by worker, by slot.
	ctrls   [][]*kcc.Controller
	ctrlCfg []ctrlConfig

	// Parallel KCC stage (workers.go).
	workers int
	pool    *kccWorkers

	// Characters as obstacles (blocking.go).
	charCollide bool
	charCol     []kcc.ColliderID // by entity ID: its capsule collider
	charSeen    []uint64         // by entity ID: last tick+1 it moved
	selfFilter  kcc.QueryFilter
	selfBuf     [1]kcc.ColliderID
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
	p := &Pipeline{world: w, rate: rate, dt: 1 / rate, charCollide: opts.CharacterCollisions, workers: min(max(opts.Workers, 1), 64)}
	motorFilter := filter.Contains(components.Command, components.View,
		components.Motor, components.Intent, components.JumpBuffer, components.Body, components.KCC)
	p.motorQuery = donburi.NewQuery(motorFilter)
	p.motorCache.filter = motorFilter
	p.cacheMotorEach = p.cacheMotorEntry
	kccFilter := filter.Contains(components.Body, components.KCC)
	p.kccQuery = donburi.NewQuery(kccFilter)
	p.kccCache.filter = kccFilter
	p.cacheKCCEach = p.cacheKCCEntry
	cmdFilter := filter.Contains(components.Command)
	p.commandQuery = donburi.NewQuery(cmdFilter)
	p.cmdCache.filter = cmdFilter
	p.cacheCmdEach = p.cacheCmdEntry

	p.intentEach = p.intentEntity
	p.bufferEach = p.bufferEntity
	p.frictionEach = p.frictionEntity
	p.accelEach = p.accelEntity
	p.shapingEach = p.shapingEntity
	p.kccEach = p.kccEntity
	p.cleanupEach = p.cleanupEntity

	// The motor stages: one pass over the characters when no game system
	// sits between them (fused.go), stage by stage otherwise.
	p.addBuiltin(StageIntent, "intent", func(w donburi.World, _ Tick) {
		if p.fusedMotorStages() {
			p.motorPass(w)
			return
		}
		p.motorQuery.Each(w, p.intentEach)
	})
	stage := func(each func(*donburi.Entry)) Func {
		return func(w donburi.World, _ Tick) {
			if !p.fusedMotorStages() {
				p.motorQuery.Each(w, each)
			}
		}
	}
	p.addBuiltin(StageBuffer, "buffer", stage(p.bufferEach))
	p.addBuiltin(StageFriction, "friction", stage(p.frictionEach))
	p.addBuiltin(StageAccel, "accel", stage(p.accelEach))
	p.addBuiltin(StageShaping, "shaping", stage(p.shapingEach))
	p.occupyEach = p.occupyEntry
	p.isOccupiedFn = p.isOccupied
	p.sensorEachFn = p.sensorEach
	p.addBuiltin(StageKCC, "platforms", p.platformsStep)
	p.addBuiltin(StageKCC, "kcc", func(w donburi.World, _ Tick) {
		p.level = components.LevelOf(w)
		p.kccPass(w)
		p.dropGoneCharacters()
	})
	p.addBuiltin(StageKCC, "sensors", p.sensorsStep)
	p.addBuiltin(StageCleanup, "cleanup", func(w donburi.World, _ Tick) {
		p.cleanupPass(w)
		p.runDeferred()
	})
	return p
}

// World returns the donburi world the pipeline runs on.
func (p *Pipeline) World() donburi.World { return p.world }

// TickRate returns the fixed rate in Hz.
func (p *Pipeline) TickRate() float64 { return p.rate }

// Dt returns the fixed tick length in seconds.
func (p *Pipeline) Dt() float64 { return p.dt }

// Ticks returns how many ticks have run.
func (p *Pipeline) Ticks() uint64 { return p.tick }

// Add appends a system to the end of stage s, after the stage's built-in
// systems and after every system added to s before it.
//
// It returns an error, and adds nothing, for a stage out of range, a nil
// fn, an empty name, or a name already used by any system of the pipeline
// (built-in names included: "intent", "buffer", "friction", "accel",
// "shaping", "platforms", "kcc", "sensors", "cleanup"). What a system sees
// in each stage is documented on Stage.
func (p *Pipeline) Add(s Stage, name string, fn Func) error {
	if err := p.checkNew(s, name, fn); err != nil {
		return err
	}
	p.stages[s] = append(p.stages[s], namedFunc{name: name, fn: fn})
	p.fuseKnown = false
	return nil
}

func (p *Pipeline) addBuiltin(s Stage, name string, fn Func) {
	p.stages[s] = append(p.stages[s], namedFunc{name: name, fn: fn, builtin: true})
}

// AddBefore inserts a system into stage s before the stage's built-in
// systems. Systems added with AddBefore run in the order of the calls:
// AddBefore(s, "a", ...) then AddBefore(s, "b", ...) runs a, b, then the
// built-in. Errors as for Add.
func (p *Pipeline) AddBefore(s Stage, name string, fn Func) error {
	if err := p.checkNew(s, name, fn); err != nil {
		return err
	}
	i := p.before[s]
	l := append(p.stages[s], namedFunc{})
	copy(l[i+1:], l[i:])
	l[i] = namedFunc{name: name, fn: fn}
	p.stages[s] = l
	p.before[s]++
	p.fuseKnown = false
	return nil
}

// AddAfter appends a system after everything already in stage s. It is the
// same as Add and exists for symmetry with AddBefore.
func (p *Pipeline) AddAfter(s Stage, name string, fn Func) error { return p.Add(s, name, fn) }

// checkNew validates a system about to be added.
func (p *Pipeline) checkNew(s Stage, name string, fn Func) error {
	switch {
	case s < 0 || s >= numStages:
		return fmt.Errorf("systems: adding %q: no stage %v", name, s)
	case fn == nil:
		return fmt.Errorf("systems: adding %q to stage %v: nil Func", name, s)
	case name == "":
		return fmt.Errorf("systems: adding a system to stage %v: empty name", s)
	}
	for st := range p.stages {
		for _, nf := range p.stages[st] {
			if nf.name == name {
				return fmt.Errorf("systems: adding %q to stage %v: stage %v already has a system of that name", name, s, Stage(st))
			}
		}
	}
	return nil
}

// Systems returns the names of the systems in stage s, in run order.
func (p *Pipeline) Systems(s Stage) []string {
	if s < 0 || s >= numStages {
		return nil
	}
	out := make([]string, len(p.stages[s]))
	for i, nf := range p.stages[s] {
		out[i] = nf.name
	}
	return out
}

// Defer queues a structural change (spawn, despawn, add/remove component)
// to run in the cleanup stage of the current tick, after every system has
// iterated. Deferred functions run in the order they were queued.
func (p *Pipeline) Defer(fn func(w donburi.World)) {
	if fn != nil {
		p.deferred = append(p.deferred, fn)
	}
}

func (p *Pipeline) runDeferred() {
	// A deferred function may defer again; those run in the same cleanup.
	for i := 0; i < len(p.deferred); i++ {
		p.deferred[i](p.world)
		p.deferred[i] = nil
	}
	p.deferred = p.deferred[:0]
}

// Step runs exactly one fixed tick through every stage.
func (p *Pipeline) Step() {
	p.cur = Tick{N: p.tick, Dt: p.dt, Rate: p.rate}
	for s := range p.stages {
		for _, nf := range p.stages[s] {
			nf.fn(p.world, p.cur)
		}
	}
	p.tick++
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
