package systems

import (
	"fmt"
	"time"

	"github.com/yohamta/donburi"
)

// namedFunc is one system of a stage: a Func, or one of the characters'
// steps (isStep).
type namedFunc struct {
	name    string
	fn      Func
	builtin bool // one of the pipeline's own systems
	isStep  bool // a step of every character (step), run by the plan's runs
	step    step
	traits  builtinTrait
}

// builtinTrait is what the scheduler may do with a built-in system.
type builtinTrait uint8

const (
	// beforeMotors: the system may run before the motor steps of the
	// stretch it follows, because it reads and writes nothing they touch
	// (the platforms move the level; the motor steps do not read it).
	beforeMotors builtinTrait = 1 << iota
	// readsNoCommand: the system reads no command and runs no game code,
	// so the characters' moves before it may clear their commands' edges
	// (cleanupStage).
	readsNoCommand
	// clearsEdges: the system is the cleanup.
	clearsEdges
)

// scheduler is the pipeline's clock, its stages' systems and the plan of
// a tick made from them.
type scheduler struct {
	world  donburi.World
	rate   float64
	dt     float64
	tick   uint64
	cur    Tick // the tick being run
	stages [numStages][]namedFunc
	before [numStages]int // systems added with AddBefore, at the start of each stage

	// plan is what Step runs, in order: the systems, and every stretch of
	// character steps no system divides as one run over the characters.
	// planned is false after a change of systems.
	plan    []planItem
	planned bool

	deferred []func(donburi.World)

	// timing: wall-clock time of each stage on the last tick, measured only
	// while EnableTiming is on (instrumentation: nothing reads it back).
	timing    bool
	stageTime [numStages]time.Duration
}

// planItem is one thing a tick runs: a system (fn), or a run of the
// character steps from..to over every character (fn nil). stage is the
// stage the item belongs to (a run: the stage of its last step), motorStage
// the stage whose time a run's motor steps count in.
type planItem struct {
	fn         Func
	from, to   step
	stage      Stage
	motorStage Stage
}

// makePlan builds the tick's plan from the stages' systems. Consecutive
// character steps with no other system between them become one run; a
// system between two steps ends the run before it, and the next step
// starts another, so every system sees the characters exactly as the
// stage order says. (With CharacterCollisions a run's moves still wait for
// every character's motor steps: a move may push another character, whose
// motor steps must have run before it; runSteps sees to it.)
func (p *Pipeline) makePlan() {
	p.plan = p.plan[:0]
	open := false
	var run planItem
	flush := func() {
		if open {
			p.plan = append(p.plan, run)
			open = false
		}
	}
	for s := range p.stages {
		for _, nf := range p.stages[s] {
			switch {
			case nf.isStep:
				if open && nf.step == run.to+1 {
					run.to = nf.step
				} else {
					flush()
					run = planItem{from: nf.step, to: nf.step}
					open = true
				}
				run.stage = Stage(s)
				if nf.step <= stepShaping {
					run.motorStage = Stage(s)
				}
			case nf.traits&beforeMotors != 0 && open && run.to < stepMove:
				p.plan = append(p.plan, planItem{fn: nf.fn, stage: Stage(s)})
			default:
				flush()
				p.plan = append(p.plan, planItem{fn: nf.fn, stage: Stage(s)})
			}
		}
	}
	flush()
	p.edgesInMove = p.movesMayClearEdges()
	p.planned = true
}

// movesMayClearEdges reports whether every system between the characters'
// moves and the cleanup reads no command (cleanupStage).
func (p *Pipeline) movesMayClearEdges() bool {
	moved := false
	for s := range p.stages {
		for _, nf := range p.stages[s] {
			switch {
			case nf.isStep:
				moved = moved || nf.step == stepMove
			case !moved:
			case nf.traits&clearsEdges != 0:
				return true
			case nf.traits&readsNoCommand == 0:
				return false
			}
		}
	}
	return false
}

// EnableTiming turns the per-stage wall-clock measurement on or off (off by
// default: it costs two clock reads per stage). It is instrumentation for
// profilers and HUDs and changes nothing the simulation computes.
func (p *Pipeline) EnableTiming(on bool) { p.timing = on }

// StageTime returns how long stage s took on the last tick while timing
// was on (zero otherwise). The characters' stages run together, a block of
// characters at a time (their motor stages, then their moves), so their
// time is split between the last motor stage of such a run (shaping when
// no game system sits between the motor stages) and, for the moves, the
// KCC stage, in the proportion their share of the work took.
func (p *Pipeline) StageTime(s Stage) time.Duration {
	if s < 0 || s >= numStages {
		return 0
	}
	return p.stageTime[s]
}

// World returns the donburi world the pipeline runs on.
func (p *Pipeline) World() donburi.World { return p.world }

// TickRate returns the fixed rate in Hz.
func (p *Pipeline) TickRate() float64 { return p.rate }

// Dt returns the fixed tick length in seconds.
func (p *Pipeline) Dt() float64 { return p.dt }

// Ticks returns how many ticks have run.
func (p *Pipeline) Ticks() uint64 { return p.tick }

// RestoreTicks sets the tick counter, for a world restored from a snapshot
// taken after n ticks: the next Step runs tick n. It is for snapshot code
// (flail/match.RestoreMatch); systems that count ticks themselves must be
// restored by their owner.
func (p *Pipeline) RestoreTicks(n uint64) { p.tick = n }

// DeferredPending returns the number of structural changes queued with
// Defer that have not run yet (they run in the next tick's cleanup stage).
// A snapshot between ticks is complete only when it is 0.
func (p *Pipeline) DeferredPending() int { return len(p.deferred) }

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
	p.planned = false
	return nil
}

// addBuiltin adds a built-in system with its traits.
func (p *Pipeline) addBuiltin(s Stage, name string, fn Func, traits builtinTrait) {
	p.stages[s] = append(p.stages[s], namedFunc{name: name, fn: fn, builtin: true, traits: traits})
}

// addStep adds the built-in system that is character step st.
func (p *Pipeline) addStep(s Stage, name string, st step) {
	p.stages[s] = append(p.stages[s], namedFunc{name: name, builtin: true, isStep: true, step: st})
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
	p.planned = false
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

// Step runs exactly one fixed tick through every stage. It first numbers
// the state entities made since the last tick (components.StableID), so
// every system of the tick sees their stable IDs.
func (p *Pipeline) Step() {
	p.assignIDs()
	p.cur = Tick{N: p.tick, Dt: p.dt, Rate: p.rate}
	if !p.planned {
		p.makePlan()
	}
	if p.timing {
		p.stepTimed()
		return
	}
	for i := range p.plan {
		it := &p.plan[i]
		if it.fn != nil {
			it.fn(p.world, p.cur)
		} else {
			p.runSteps(it)
		}
	}
	p.tick++
}

func (p *Pipeline) stepTimed() {
	p.stageTime = [numStages]time.Duration{}
	for i := range p.plan {
		it := &p.plan[i]
		t0 := time.Now()
		if it.fn != nil {
			it.fn(p.world, p.cur)
			p.stageTime[it.stage] += time.Since(t0)
			continue
		}
		p.runSteps(it)
		wall := time.Since(t0)
		motor, move := p.takeRunTimes()
		if motor+move > 0 {
			m := time.Duration(float64(wall) * float64(motor) / float64(motor+move))
			p.stageTime[it.motorStage] += m
			p.stageTime[it.stage] += wall - m
		} else {
			p.stageTime[it.stage] += wall
		}
	}
	p.tick++
}
