package systems

import (
	"cmp"
	"reflect"
	"slices"
	"time"

	"github.com/go-gl/mathgl/mgl64"
	"github.com/seedgames/motorkit/abilities"
	"github.com/seedgames/motorkit/components"
	"github.com/seedgames/motorkit/kcc"
	"github.com/seedgames/motorkit/motors"
	"github.com/yohamta/donburi"
)

// The characters' stages run one way. Every entity with a Body and a KCC
// component is a character; one with a Command, View, Motor, Intent and
// JumpBuffer too has motor stages. A character's steps, in stage order,
// are intent, buffer, friction, accel, shaping (its motor stages) and its
// move (the KCC stage's "kcc" system). Each reads and writes only the
// character's own components (a move also reads the level), so the
// pipeline runs each stretch of steps that no other system divides as one
// run over the characters (scheduler.go's plan): a block of characters'
// motor steps, then their moves, then the next block. A block keeps its
// characters' components in the nearest caches between their motor steps
// and their moves, while the motor and controller code alternate once per
// block rather than once per character.
//
// A game system placed between two steps ends the run there, and sees
// every character as the stage order says: the motor stages before it have
// run for every character, those after it for none. The platforms system
// runs before the run of motor steps it follows (it moves the level, which
// the motor steps do not read), so a tick with no game system among the
// characters' stages is one run. With CharacterCollisions a run's moves
// come after every character's motor steps (a move may push another
// character, whose motor steps must have run), island by island
// (blocking.go): the motor steps run in the crowd planning's first pass
// over the characters (planCrowd), which reads their components anyway.

// step is one of a character's steps.
type step uint8

const (
	stepIntent step = iota
	stepBuffer
	stepFriction
	stepAccel
	stepShaping
	stepMove
)

// characterBlock is how many characters a run takes at a time: their motor
// steps, then their moves. Their components (under 1 KB a character) stay
// in the processor's nearest caches between the two, while the motor code
// and the controller's alternate only once per block instead of once per
// character (which costs more than it saves when two workers share a
// core's instruction cache and branch predictors).
const characterBlock = 32

// character is one character: its entity and stable ID, its components
// (fetched again before every run of its steps: compStores.refetch), and what the
// pipeline keeps for it between ticks. The optional components are nil
// when the entity lacks them; md is nil unless the entity has the whole
// motor set (Command, View, Motor, Intent, JumpBuffer).
type character struct {
	// The fields a tick's run reads or writes of every character come
	// first, in the fewest cache lines: a crowd of 10,000 outgrows the
	// processor's last cache, and each line more is one more read from
	// memory per character and tick (TestCharacterLayout).
	//
	// Line 0: the character's components, fetched again every run.
	body *components.BodyData
	k    *components.KCCData
	cmd  *components.CommandData
	view *components.ViewData
	jb   *components.JumpBufferData
	md   *components.MotorData
	it   *components.IntentData
	// ab is the character's abilities: nil unless it has the motor set and
	// an Abilities component. The KCC stage runs them on the ticks its
	// Config has an ability enabled (a game may change or clear it).
	ab *components.AbilitiesData

	// Line 1: what every pass over the characters reads (the crowd's
	// planning passes over them a few times a tick).
	// arch and pos are the entity's archetype index and position in it
	// (entityCache), where refetch finds its components.
	arch, pos int32
	// capsule is the character's capsule collider with character
	// collisions (blocking.go; kcc.NoCollider before its first move).
	capsule kcc.ColliderID
	// slot is the index of the character's configuration in the
	// pipeline's controllers, for the controller seen (controllers.go).
	slot int
	seen *kcc.Controller
	// facing is the sine and cosine of its yaw (intentStep).
	facing facing

	// Line 2: rules are the jump windows of the motor rulesOf at the
	// pipeline's rate: asked of a motor once, not every tick, when
	// rulesKept (the motor is a pointer, so == tells a replaced one:
	// pointerMotor).
	rules     motors.JumpRules
	rulesOf   motors.Motor
	rulesKept bool

	// contacts carries the level around the capsule where the character's
	// last move ended into its next move (kcc.ContactCache): a cache, lost
	// with no harm when the list is refetched.
	contacts kcc.ContactCache

	// What only some ticks or some characters read: the entity and its
	// stable ID (the crowd's capsules, the events, the snapshots), ...
	e  *donburi.Entry
	id components.StableID
	// events, the edges of its last move with Options.Events, until the
	// events system publishes them (events.go);
	events moveEvents
	// captured, the command the motor sees while the UI captures input:
	// the held levels of cmd, no axes and no edges;
	captured motors.Command
	// placed, where its capsule was placed last (placeCharacter);
	placed placement
	// pushed, the sum of the pushes that moved the character this tick,
	// and pushNoted, that it is in a worker's list of the pushed (push.go);
	pushed    mgl64.Vec3
	pushNoted bool
	// wallFree, where a wall probe found nothing within its reach and a
	// margin (probeWalls): a cache, lost with no harm.
	wallFree wallFree
	// A whole number of cache lines, so that every character of the
	// list starts one (TestCharacterLayout tells the padding to set).
	_ [24]byte
}

// characterOf makes e's character, its components fetched; e is at
// position pos of archetype arch.
func characterOf(e *donburi.Entry, arch, pos int) character {
	c := character{e: e, arch: int32(arch), pos: int32(pos), capsule: kcc.NoCollider}
	if e.HasComponent(components.ID) {
		c.id = *components.ID.Get(e)
	}
	c.body, c.k = components.Body.Get(e), components.KCC.Get(e)
	if e.HasComponent(components.Command) {
		c.cmd = components.Command.Get(e)
	}
	if e.HasComponent(components.View) {
		c.view = components.View.Get(e)
	}
	if e.HasComponent(components.JumpBuffer) {
		c.jb = components.JumpBuffer.Get(e)
	}
	if c.cmd != nil && c.view != nil && c.jb != nil && e.HasComponent(components.Motor) && e.HasComponent(components.Intent) {
		c.md, c.it = components.Motor.Get(e), components.Intent.Get(e)
		if e.HasComponent(components.Abilities) {
			c.ab = components.Abilities.Get(e)
		}
	}
	return c
}

// characterList is the pipeline's characters, kept between ticks.
type characterList struct {
	levelQuery *donburi.Query
	charCache  entityCache
	chars      []character
	// charsMade tells the list was made anew since the last look for the
	// characters gone (dropGoneCharacters): only then may one be gone.
	charsMade     bool
	cacheCharEach func(e *donburi.Entry, arch, pos int)
	// stores reads the world's component storages (fetch.go).
	stores compStores
	// runTimes accumulates, per worker, the nanoseconds of a timed run's
	// motor steps and moves (EnableTiming).
	runTimes [][2]int64
}

// refreshCharacters numbers the world's new state entities (assignIDs)
// and makes the character list anew when the set of characters changed
// since the last refresh, in the order of their stable IDs: the order of
// the characters' stages, which depends on nothing but the IDs (not on
// donburi's archetypes or entity IDs), so a world restored from a
// snapshot (SaveState) runs its characters in the saved world's order.
func (p *Pipeline) refreshCharacters() {
	p.assignIDs()
	if !p.charCache.refresh(p.world, p.cacheCharEach, func() { p.chars = p.chars[:0] }) {
		return
	}
	slices.SortFunc(p.chars, func(a, b character) int { return cmp.Compare(a.id, b.id) })
	p.charsMade = true
	p.linkCapsules()
}

func (p *Pipeline) cacheCharacter(e *donburi.Entry, arch, pos int) {
	p.chars = append(p.chars, characterOf(e, arch, pos))
}

// runSteps runs the plan item's character steps over every character: the
// one way the characters' stages run.
func (p *Pipeline) runSteps(it *planItem) {
	p.refreshCharacters()
	move := it.to == stepMove
	if move {
		var lv *abilities.Level
		p.level, lv = p.levelWorlds()
		p.prepareAbilities(lv)
		switch {
		case !p.charCollide:
			p.growControllers() // the moves number new configurations (controllerFor)
		case p.level == nil:
			p.prepareControllers(p.chars) // the crowd's planning does it with its fetch
		}
	}
	if p.timing && len(p.runTimes) < p.workers {
		// Made here, before the workers start: each adds to its own entry.
		p.runTimes = make([][2]int64, p.workers)
	}
	n := len(p.chars)
	switch {
	case move && p.charCollide && p.level != nil:
		// The moves among characters, island by island (blocking.go),
		// planned after the run's motor steps (planCrowd runs them).
		p.planCrowd(p.level, it.from)
		for ph := 0; ph < p.crowd.plan.Phases(); ph++ {
			lo, hi := p.crowd.plan.PhaseGroups(ph)
			if p.workers > 1 && hi-lo >= 2*p.workers {
				p.parallelGroups(lo, hi)
			} else {
				p.moveGroups(lo, hi, 0)
			}
		}
		p.pushVelocities()
		// The characters without a controller move through everything.
		for _, i := range p.crowd.loose {
			p.moveStep(&p.chars[i], 0)
		}
		p.endCrowd(p.level)
	case move && p.charCollide:
		// No level: every character's motor steps, then the moves.
		if it.from <= stepShaping {
			p.runCharacters(it.from, stepShaping)
		}
		p.runRange(0, n, 0, stepMove, stepMove)
	default:
		p.runCharacters(it.from, it.to)
	}
	if move {
		p.dropGoneCharacters()
	}
}

// runCharacters runs the steps from..to over every character: on the
// workers, block by block, when there are several and enough characters.
func (p *Pipeline) runCharacters(from, to step) {
	if n := len(p.chars); p.workers > 1 && n >= 2*p.workers {
		p.parallel(from, to)
	} else {
		p.runRange(0, n, 0, from, to)
	}
}

// runRange runs the steps from..to of chars[lo:hi] with worker's
// controllers, block by block: the block's motor steps, then its moves.
func (p *Pipeline) runRange(lo, hi, worker int, from, to step) {
	motor, move := from <= stepShaping, to == stepMove
	last := min(to, stepShaping)
	var t0, t1 time.Time
	for b := lo; b < hi; b += characterBlock {
		e := min(b+characterBlock, hi)
		if p.timing {
			t0 = time.Now()
		}
		p.stores.refetch(p.chars[b:e])
		if motor {
			for i := b; i < e; i++ {
				p.motorSteps(&p.chars[i], from, last)
			}
		}
		if p.timing {
			t1 = time.Now()
		}
		if move {
			for i := b; i < e; i++ {
				p.moveStep(&p.chars[i], worker)
			}
		}
		if p.timing {
			p.noteRunTimes(worker, t1.Sub(t0), time.Since(t1))
		}
	}
}

// noteRunTimes adds a block's motor and move times to worker's tally.
func (p *Pipeline) noteRunTimes(worker int, motor, move time.Duration) {
	p.runTimes[worker][0] += int64(motor)
	p.runTimes[worker][1] += int64(move)
}

// takeRunTimes returns and clears the motor and move nanoseconds of the
// last run, summed over the workers.
func (p *Pipeline) takeRunTimes() (motor, move int64) {
	for i := range p.runTimes {
		motor += p.runTimes[i][0]
		move += p.runTimes[i][1]
		p.runTimes[i] = [2]int64{}
	}
	return motor, move
}

// motorSteps runs a character's motor steps from..to (at most shaping).
// The motor works on the context's copy of the body's velocity: a run that
// starts after the intent step (a game system ran before it) takes it from
// the Body again, and a run that ran a velocity stage hands it back, so a
// game system between two stages sees and changes the velocity the motor
// is working on.
func (p *Pipeline) motorSteps(c *character, from, to step) {
	md := c.md
	if md == nil || md.Motor == nil {
		return
	}
	if from > stepIntent {
		bindContext(c)
		copyVelocity(&md.Ctx.Velocity, &c.body.Velocity)
	}
	for s := from; s <= to; s++ {
		switch s {
		case stepIntent:
			p.intentStep(c)
		case stepBuffer:
			p.bufferStep(c)
		case stepFriction:
			md.Motor.Friction(&md.Ctx)
		case stepAccel:
			md.Motor.Accel(&md.Ctx)
		case stepShaping:
			md.Motor.Shaping(&md.Ctx)
		}
	}
	if to >= stepFriction {
		handVelocity(c)
	}
}

// bindContext points the motor context at the character's components, the
// one home of each (motors.Context): its Command (or, while the UI captures
// input, the captured copy), View, Stance, Intent and JumpState.
func bindContext(c *character) {
	ctx := &c.md.Ctx
	ctx.Command = seenCommand(c)
	ctx.View, ctx.Stance = c.view, &c.k.Stance
	ctx.Intent, ctx.Jump = &c.it.Intent, &c.jb.JumpState
}

// seenCommand is the command the motor (and the abilities) see: the
// character's Command, or while the UI captures input its captured copy
// (the held levels, no axes, no edges).
func seenCommand(c *character) *components.CommandData {
	if c.cmd.UICaptured {
		return &c.captured
	}
	return c.cmd
}

// copyVelocity copies a velocity element by element.
func copyVelocity(dst, src *mgl64.Vec3) {
	dst[0], dst[1], dst[2] = src[0], src[1], src[2]
}

// handVelocity hands the motor's velocity to the body, element by element.
func handVelocity(c *character) {
	mv, bv := &c.md.Ctx.Velocity, &c.body.Velocity
	x, y, z := mv[0], mv[1], mv[2]
	if !motors.Finite3(x, y, z) {
		// A motor must never produce NaN; if one does, stop the body rather
		// than poison the state.
		x, y, z = bv[0], bv[1], bv[2]
		if !motors.Finite3(x, y, z) {
			x, y, z = 0, 0, 0
		}
	}
	bv[0], bv[1], bv[2] = x, y, z
}

// pointerMotor reports whether m is a pointer, so comparing it with ==
// to another motor never panics (== panics on two values of one
// non-comparable type); a motor of any other kind has its jump rules
// asked every tick, which is only slower.
func pointerMotor(m motors.Motor) bool {
	return m != nil && reflect.TypeOf(m).Kind() == reflect.Pointer
}

// cleanupPass clears each command's consumed edges: the others' only when
// the characters' moves cleared theirs (cleanupStage).
func (p *Pipeline) cleanupPass(w donburi.World) {
	if p.edgesInMove {
		p.others.clear(w, p.stores)
		return
	}
	p.all.clear(w, p.stores)
}

// levelEntry returns the world's level entity (components.Level), through
// the pipeline's own query.
func (p *Pipeline) levelEntry() (*donburi.Entry, bool) { return p.levelQuery.First(p.world) }

// levelWorld returns the world's collision level, or nil when none was
// spawned (components.LevelOf, through the pipeline's own query).
func (p *Pipeline) levelWorld() *kcc.World {
	w, _ := p.levelWorlds()
	return w
}

// levelWorlds returns the world's collision level and its ladders, water
// and one-way colliders (nil when none).
func (p *Pipeline) levelWorlds() (*kcc.World, *abilities.Level) {
	e, ok := p.levelEntry()
	if !ok {
		return nil, nil
	}
	lv := components.Level.Get(e)
	return lv.World, lv.Abilities
}
