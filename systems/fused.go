package systems

import (
	"github.com/seedgames/motorkit/components"
	"github.com/seedgames/motorkit/kcc"
	"github.com/yohamta/donburi"
	"github.com/yohamta/donburi/filter"
)

// The motor stages run for every character in one pass: intent,
// buffer, friction, accel and shaping each read and write only the
// character's own components, so running all five for one character and
// then the next gives the same bits as running each stage for every
// character in turn, as long as no game system sits between them (then
// the pipeline runs them stage by stage, as before). The components are
// fetched once per character and the pointers kept from tick to tick
// while the set of characters does not change: donburi allocates each
// component value once and moves only the pointer between archetypes, so
// a pointer stays valid for its entity's life; the pipeline checks the
// entity lists of the matching archetypes every tick (a compare of a few
// words per character) and refetches when anything was added, removed or
// moved.

// motorRefs are one character's components for the motor stages.
type motorRefs struct {
	cmd  *components.CommandData
	view *components.ViewData
	md   *components.MotorData
	it   *components.IntentData
	jb   *components.JumpBufferData
	body *components.BodyData
	k    *components.KCCData
}

func motorRefsOf(e *donburi.Entry) motorRefs {
	return motorRefs{
		cmd:  components.Command.Get(e),
		view: components.View.Get(e),
		md:   components.Motor.Get(e),
		it:   components.Intent.Get(e),
		jb:   components.JumpBuffer.Get(e),
		body: components.Body.Get(e),
		k:    components.KCC.Get(e),
	}
}

// entityCache remembers which entities a filter matched at the last
// refresh, in donburi's iteration order (matching archetypes in index
// order, entities in archetype order, as Query.Each visits them).
type entityCache struct {
	filter filter.LayoutFilter
	archs  []int // matching archetype indices
	seen   int   // archetypes examined so far
	ents   []donburi.Entity
	fresh  bool
	gen    int // refills so far: lists built from the cache are stale when it moved
}

// current reports whether the matching entities are exactly those
// cached, in the same order.
func (c *entityCache) current(w donburi.World) bool {
	acc := w.StorageAccessor()
	for ; c.seen < len(acc.Archetypes); c.seen++ {
		if c.filter.MatchesLayout(acc.Archetypes[c.seen].Layout().Components()) {
			c.archs = append(c.archs, c.seen)
		}
	}
	if !c.fresh {
		return false
	}
	k := 0
	for _, ai := range c.archs {
		for _, ent := range acc.Archetypes[ai].Entities() {
			if k >= len(c.ents) || c.ents[k] != ent {
				return false
			}
			k++
		}
	}
	return k == len(c.ents)
}

// motorPass runs the five motor stages for each character in one pass.
func (p *Pipeline) motorPass(w donburi.World) {
	p.refreshMotorRefs(w)
	if p.workers > 1 && len(p.motorRefs) >= 2*p.workers {
		p.parallel(passMotor)
		return
	}
	for i := range p.motorRefs {
		p.motorStages(&p.motorRefs[i])
	}
}

func (p *Pipeline) motorStages(r *motorRefs) {
	p.intentRefs(r)
	p.bufferRefs(r)
	p.frictionRefs(r)
	p.accelRefs(r)
	p.shapingRefs(r)
	if r.md.Motor != nil {
		handVelocity(r)
	}
}

// refreshMotorRefs refetches the characters' components when the set of
// characters changed since the last refresh.
func (p *Pipeline) refreshMotorRefs(w donburi.World) {
	p.motorCache.refresh(w, p.motorQuery, p.cacheMotorEach, func() { p.motorRefs = p.motorRefs[:0] })
}

// refresh refills the cache, entity by entity through each, when the
// matching entities are no longer those cached; reset first empties the
// caller's list that each appends to.
func (c *entityCache) refresh(w donburi.World, q *donburi.Query, each func(*donburi.Entry), reset func()) {
	if c.current(w) {
		return
	}
	c.ents = c.ents[:0]
	reset()
	q.Each(w, each)
	c.fresh = true
	c.gen++
}

// eachMotor runs one motor stage for every character, in donburi's order.
func (p *Pipeline) eachMotor(w donburi.World, stage func(*motorRefs)) {
	p.refreshMotorRefs(w)
	for i := range p.motorRefs {
		stage(&p.motorRefs[i])
	}
}

// byStage is a motor stage run stage by stage: nothing when the stages
// run fused (the intent stage ran them all). A velocity stage (friction,
// accel, shaping) starts from the Body's velocity and hands its result
// back to the Body.
func (p *Pipeline) byStage(stage func(*motorRefs), velocity bool) Func {
	run := stage
	if velocity {
		run = func(r *motorRefs) {
			if syncIn(r) {
				stage(r)
				handVelocity(r)
			}
		}
	}
	return func(w donburi.World, _ Tick) {
		if !p.fusedMotorStages() {
			p.eachMotor(w, run)
		}
	}
}

func (p *Pipeline) cacheMotorEntry(e *donburi.Entry) {
	p.motorCache.ents = append(p.motorCache.ents, e.Entity())
	p.motorRefs = append(p.motorRefs, motorRefsOf(e))
}

// fusedMotorStages reports whether the motor stages may run in one pass:
// game systems only before "intent" in the intent stage and after
// "shaping" in the shaping stage.
func (p *Pipeline) fusedMotorStages() bool {
	if p.fuseKnown {
		return p.fuse
	}
	ok := true
	// at: the i-th system of stage s is the built-in named name (i < 0
	// counts from the end).
	at := func(s Stage, i int, name string) bool {
		l := p.stages[s]
		if i < 0 {
			i += len(l)
		}
		return i >= 0 && i < len(l) && l[i].builtin && l[i].name == name
	}
	last := func(s Stage, name string) bool { return at(s, -1, name) }
	first := func(s Stage, name string) bool { return at(s, 0, name) }
	only := func(s Stage, name string) bool {
		return len(p.stages[s]) == 1 && first(s, name)
	}
	ok = last(StageIntent, "intent") && only(StageBuffer, "buffer") && only(StageFriction, "friction") &&
		only(StageAccel, "accel") && first(StageShaping, "shaping")
	p.fuse, p.fuseKnown = ok, true
	// One pass for the motor stages and the move: nothing between shaping
	// and the KCC stage's "platforms" and "kcc", and no character
	// collisions (a move may push another character, whose motor stages
	// must have run before, as in two passes).
	p.onePass = ok && !p.twoPasses && !p.charCollide && only(StageShaping, "shaping") &&
		first(StageKCC, "platforms") && at(StageKCC, 1, "kcc")
	return ok
}

// kccRefs are one entity's components for the KCC stage; the optional
// ones are nil when the entity lacks them.
type kccRefs struct {
	// motor is the character's motor components for the one pass
	// (linkMotors), nil without a motor.
	motor *motorRefs
	// slot is the index of the character's configuration in the
	// pipeline's controllers, for the controller seen (controllers.go).
	slot int
	seen *kcc.Controller
	e    *donburi.Entry
	body *components.BodyData
	k    *components.KCCData
	jb   *components.JumpBufferData
	cmd  *components.CommandData
	view *components.ViewData
	// contacts carries the level around the capsule where the character's
	// last move ended into its next move (kcc.ContactCache): a cache, lost
	// with no harm when the list is refetched.
	contacts kcc.ContactCache
}

func kccRefsOf(e *donburi.Entry) kccRefs {
	r := kccRefs{e: e, body: components.Body.Get(e), k: components.KCC.Get(e)}
	if e.HasComponent(components.JumpBuffer) {
		r.jb = components.JumpBuffer.Get(e)
	}
	if e.HasComponent(components.Command) {
		r.cmd = components.Command.Get(e)
	}
	if e.HasComponent(components.View) {
		r.view = components.View.Get(e)
	}
	return r
}

// kccPass runs the KCC stage for each entity, in donburi's order, on the
// components fetched at the last change of the entity set.
func (p *Pipeline) kccPass(w donburi.World) {
	p.refreshKCCRefs(w)
	if p.workers > 1 && !p.charCollide && len(p.kccRefList) >= 2*p.workers {
		p.parallel(passKCC)
		return
	}
	for i := range p.kccRefList {
		p.kccRefs(&p.kccRefList[i], 0)
	}
}

// refreshKCCRefs refetches the KCC stage's components when the set of
// entities changed, and gives every character its controller slot.
func (p *Pipeline) refreshKCCRefs(w donburi.World) {
	p.kccCache.refresh(w, p.kccQuery, p.cacheKCCEach, func() {
		p.kccRefList = p.kccRefList[:0]
		clear(p.charRef)
	})
	p.prepareControllers(p.kccRefList)
}

// characterPass is the motor stages and the KCC stage in one pass (see
// onePass): each character's motor stages, then its move, then the next
// character, in the KCC stage's order. A character's motor stages read and
// write only its own components, and its move only reads the level, so the
// bits are those of the motor pass followed by the KCC pass; the
// components are fetched from memory once per tick instead of twice.
func (p *Pipeline) characterPass(w donburi.World) {
	p.refreshMotorRefs(w)
	p.refreshKCCRefs(w)
	p.linkMotors()
	if p.workers > 1 && len(p.kccRefList) >= 2*p.workers {
		p.parallel(passCharacter)
		return
	}
	p.characterRange(0, len(p.kccRefList), 0)
}

// OnePass reports whether the motor stages run in the KCC stage's pass,
// each character's right before its move (no game system between shaping
// and the KCC stage, no CharacterCollisions): StageTime then counts them in
// the KCC stage, and the intent stage's time is the game's systems only.
func (p *Pipeline) OnePass() bool { return p.fusedMotorStages() && p.onePass }

// characterBlock is how many characters the one pass takes at a time:
// their motor stages, then their moves. Their components (under 1 KB a
// character) stay in the processor's nearest caches between the two,
// while the motor code and the controller's alternate only once per block
// instead of once per character (which costs more than it saves when two
// workers share a core's instruction cache and branch predictors).
const characterBlock = 32

// characterRange runs the one pass over kccRefList[lo:hi] with worker's
// controllers, block by block.
func (p *Pipeline) characterRange(lo, hi, worker int) {
	for b := lo; b < hi; b += characterBlock {
		e := min(b+characterBlock, hi)
		for i := b; i < e; i++ {
			if m := p.kccRefList[i].motor; m != nil {
				p.motorStages(m)
			}
		}
		for i := b; i < e; i++ {
			p.kccRefs(&p.kccRefList[i], worker)
		}
	}
}

// linkMotors points each KCC entry at its character's motor components
// (nil without a motor) after either list was refetched.
func (p *Pipeline) linkMotors() {
	// Both caches were refreshed (gen >= 1) before the first link.
	if p.linkedGen == [2]int{p.motorCache.gen, p.kccCache.gen} {
		return
	}
	clear(p.motorAt)
	for i, e := range p.motorCache.ents {
		p.motorAt = setByID(p.motorAt, e, i)
	}
	for i := range p.kccRefList {
		r := &p.kccRefList[i]
		r.motor = nil
		if id := int(r.e.Entity().Id()); id < len(p.motorAt) && p.motorAt[id] > 0 {
			r.motor = &p.motorRefs[p.motorAt[id]-1]
		}
	}
	p.linkedGen = [2]int{p.motorCache.gen, p.kccCache.gen}
}

// setByID records list index i for entity e in byID (index+1 by entity
// ID, 0 for none), growing it as needed, and returns it.
func setByID(byID []int32, e donburi.Entity, i int) []int32 {
	id := int(e.Id())
	for len(byID) <= id {
		byID = append(byID, 0)
	}
	byID[id] = int32(i + 1)
	return byID
}

func (p *Pipeline) cacheKCCEntry(e *donburi.Entry) {
	p.kccCache.ents = append(p.kccCache.ents, e.Entity())
	p.kccRefList = append(p.kccRefList, kccRefsOf(e))
	if p.charCollide {
		p.noteCharacterRef(e.Entity(), len(p.kccRefList)-1)
	}
}

// cleanupPass clears each command's consumed edges.
func (p *Pipeline) cleanupPass(w donburi.World) {
	p.cmdCache.refresh(w, p.commandQuery, p.cacheCmdEach, func() { p.cmdRefs = p.cmdRefs[:0] })
	for _, c := range p.cmdRefs {
		clearEdges(c)
	}
}

func (p *Pipeline) cacheCmdEntry(e *donburi.Entry) {
	p.cmdCache.ents = append(p.cmdCache.ents, e.Entity())
	p.cmdRefs = append(p.cmdRefs, components.Command.Get(e))
}

// motorStage is the state of the motor stages (intent, buffer, friction,
// accel, shaping): the characters' components kept between ticks and the
// per-entity callbacks bound once so iterating allocates nothing.
type motorStage struct {
	motorQuery     *donburi.Query
	motorCache     entityCache
	motorRefs      []motorRefs
	cacheMotorEach func(*donburi.Entry)

	// The one pass (characterPass): motorAt is motorRefs index+1 by
	// entity ID; the KCC entries' motor pointers were set for the cache
	// generations linkedGen.
	motorAt   []int32
	linkedGen [2]int
}
