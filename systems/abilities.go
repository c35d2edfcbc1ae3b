package systems

import (
	"cmp"
	"math"
	"slices"
	"sort"

	"github.com/go-gl/mathgl/mgl64"
	"github.com/seedgames/motorkit/abilities"
	"github.com/seedgames/motorkit/components"
	"github.com/seedgames/motorkit/kcc"
)

// The characters' movement abilities (package abilities) run in the KCC
// stage's move of a character that has the Abilities component with an
// ability enabled, or abilities of the game's own: Before, after the
// carry, decides the tick's mode and the velocity (an ability's mode owns
// it; the motor's velocity of this tick is set aside), the move is made as
// the plan says, and After sees what it touched. A character without them
// takes none of these branches.
//
// The level's one-way colliders (abilities.Level.OneWays) are passed by a
// listener of the pipeline in front of the game's (oneWayListener): a
// contact with one from below, from the side or from inside is ignored,
// and so is the platform a character is dropping through.

// abilityStage is what the characters' abilities share in a tick: the
// level's ladders, water and one-way colliders, the bounds of its water,
// and each worker's abilities.Context and copy of a move's result.
type abilityStage struct {
	level *abilities.Level
	water abilities.Bounds
	ctx   []abilities.Context
	res   []kcc.MoveResult
}

// oneWayStage is the level's one-way rule in a tick: each worker's
// listener (none on a level without one-way colliders), each one-way
// collider's bounds and the box around them all.
type oneWayStage struct {
	listeners []*oneWayListener
	boxes     []abilities.Bounds
	all       abilities.Bounds
	// the level, abilities level and world generation the boxes are of:
	// a world where nothing moved keeps them (a level of many one-way
	// platforms would read them all again every tick)
	of    *kcc.World
	ofLv  *abilities.Level
	ofGen uint64
	// widest is the widest box along X (m).
	widest float64
}

// oneWayListener is a worker's listener on a level with one-way
// colliders: the one-way rule, then the game's listener.
type oneWayListener struct {
	lv   *abilities.Level
	game kcc.ContactListener
	// dropper is the character (entity) dropping through drop.
	dropper uint64
	drop    kcc.ColliderID
}

func (l *oneWayListener) OnContact(ev kcc.ContactEvent) kcc.ContactAction {
	if l.lv.Kind(ev.Collider) == abilities.SurfaceOneWay {
		if ev.Collider == l.drop && ev.Character == l.dropper {
			return kcc.ContactIgnore
		}
		if a := abilities.OneWayRule(ev); a != kcc.ContactAccept {
			return a
		}
	}
	if l.game != nil {
		return l.game.OnContact(ev)
	}
	return kcc.ContactAccept
}

// prepareAbilities readies this tick's abilities before the moves: the
// level's water bounds, each worker's scratch, and each worker's one-way
// listener with the one-way colliders' bounds (none when the level has no
// one-way collider).
func (p *Pipeline) prepareAbilities(lv *abilities.Level) {
	p.ab.level = lv
	// The water's bounds of this tick, once for every character
	// (abilities.Context.Water): most are far from any water.
	p.ab.water, _ = lv.WaterBounds(p.level)
	// Made here, before the workers start: each uses its own entry.
	for len(p.ab.ctx) < p.workers {
		p.ab.ctx = append(p.ab.ctx, abilities.Context{})
		p.ab.res = append(p.ab.res, kcc.MoveResult{})
	}
	for i := range p.ab.ctx {
		// What every character's Context shares this tick.
		x := &p.ab.ctx[i]
		x.Tick, x.Dt = p.cur.N, p.dt
		x.Level, x.World, x.Water = lv, p.level, &p.ab.water
	}
	if lv == nil || lv.OneWays == 0 {
		p.oneWay.listeners = p.oneWay.listeners[:0]
		return
	}
	for len(p.oneWay.listeners) < p.workers {
		p.oneWay.listeners = append(p.oneWay.listeners, &oneWayListener{})
	}
	for _, l := range p.oneWay.listeners {
		l.lv, l.game, l.drop = lv, p.kccListener, kcc.NoCollider
	}
	// Where the one-way colliders are this tick: a move that cannot reach
	// one needs no rule (with a listener kcc reads contacts a slower way).
	if o := &p.oneWay; p.level != nil && o.of == p.level && o.ofLv == lv && o.ofGen == p.level.Generation() && len(o.boxes) > 0 {
		return
	}
	if p.level != nil {
		p.oneWay.of, p.oneWay.ofLv, p.oneWay.ofGen = p.level, lv, p.level.Generation()
	}
	p.oneWay.boxes = lv.AppendOneWayBounds(p.level, p.oneWay.boxes[:0])
	// Sorted by their least X (stable: ties keep the level's order), so a
	// character looks only at the boxes that start within the widest
	// box's width before it.
	slices.SortStableFunc(p.oneWay.boxes, func(a, b abilities.Bounds) int { return cmp.Compare(a.Min[0], b.Min[0]) })
	inf := math.Inf(1)
	p.oneWay.all = abilities.Bounds{Min: mgl64.Vec3{inf, inf, inf}, Max: mgl64.Vec3{-inf, -inf, -inf}}
	p.oneWay.widest = 0
	for _, b := range p.oneWay.boxes {
		for i := range 3 {
			p.oneWay.all.Min[i] = min(p.oneWay.all.Min[i], b.Min[i])
			p.oneWay.all.Max[i] = max(p.oneWay.all.Max[i], b.Max[i])
		}
		p.oneWay.widest = max(p.oneWay.widest, b.Max[0]-b.Min[0])
	}
}

// oneWayReach is how far (m) beyond its capsule and its motion a
// character's move, carry or room check may meet a collider: the snap,
// the step and the skin, with room to spare.
const oneWayReach = 1.0

// nearOneWay reports whether a capsule at pos with the given shape, moving
// by at most reach, may meet one of this tick's one-way colliders.
func (p *Pipeline) nearOneWay(pos *mgl64.Vec3, shape *kcc.Capsule, reach float64) bool {
	if len(p.oneWay.listeners) == 0 {
		return false
	}
	e := shape.HalfHeight + shape.Radius + reach + oneWayReach
	if !(e < 1e6) {
		return true
	}
	b := abilities.Bounds{Min: mgl64.Vec3{pos[0] - e, pos[1] - e, pos[2] - e}, Max: mgl64.Vec3{pos[0] + e, pos[1] + e, pos[2] + e}}
	if !b.Overlaps(&p.oneWay.all) {
		return false
	}
	boxes := p.oneWay.boxes
	from := b.Min[0] - p.oneWay.widest
	for i := sort.Search(len(boxes), func(i int) bool { return boxes[i].Min[0] >= from }); i < len(boxes) && boxes[i].Min[0] <= b.Max[0]; i++ {
		if b.Overlaps(&boxes[i]) {
			return true
		}
	}
	// A NaN position overlaps nothing and meets nothing.
	return false
}

// listenerFor puts worker's one-way listener, told that character e is
// dropping through drop, into opts, when the character is near a one-way
// collider (nothing on a level without one-way colliders).
func (p *Pipeline) listenerFor(opts *kcc.MoveOptions, worker int, e uint64, drop kcc.ColliderID, near bool) {
	if !near || len(p.oneWay.listeners) == 0 {
		return
	}
	l := p.oneWay.listeners[worker]
	l.dropper, l.drop = e, drop
	opts.Listener = l
}

// useJump spends the jump press on an ability's jump instead of the
// consume point's (spendJump): no jump is requested any more this tick.
func useJump(jb *components.JumpBufferData) {
	jb.RequestJump = false
	spendJump(jb)
}

// abilityContext points worker's abilities.Context at character c (the
// velocity of the move is its Body's) for the move under way m; what
// every character shares was set by prepareAbilities.
func (p *Pipeline) abilityContext(m *move) *abilities.Context {
	c := m.c
	x := &p.ab.ctx[m.worker]
	x.Position, x.Velocity = &c.body.Position, &c.body.Velocity
	x.Shape, x.StandHalfHeight = &c.k.Shape, c.k.StandHalfHeight
	x.Stance, x.GroundCollider = &c.k.Stance, c.k.GroundCollider
	x.Command, x.Intent, x.Jump = seenCommand(c), &c.it.Intent, &c.jb.JumpState
	x.Controller, x.Options = m.ctrl, m.opts
	return x
}

// beforeAbilities runs character c's abilities before its move: the
// built-in set, then the game's own, their plans merged. The position may
// move (held by a moving ladder or ledge) and the velocity of the move
// change: a non-finite one an ability left is put back.
func (p *Pipeline) beforeAbilities(m *move) {
	c := m.c
	if !m.ab || m.level == nil || m.ctrl == nil {
		return
	}
	bv := &c.body.Velocity
	bv[0], bv[1], bv[2] = m.vx, m.vy, m.vz
	x := p.abilityContext(m)
	m.abCtx = true
	// The built-in set keeps the character finite itself.
	m.plan = c.ab.Set.Before(x)
	if len(c.ab.Own) > 0 {
		p.ownBefore(m, x)
	}
	m.vx, m.vy, m.vz = bv[0], bv[1], bv[2]
	// A drop through a one-way platform that Before decided passes it
	// from this tick's move on, not the next tick's.
	if m.abAny {
		m.drop = c.ab.Dropping()
	}
}

// ownBefore runs the game's own abilities before the move, after the
// built-in ones: a non-finite position, velocity or move one of them left
// is put back or dropped.
func (p *Pipeline) ownBefore(m *move, x *abilities.Context) {
	c := m.c
	bv, bp := &c.body.Velocity, &c.body.Position
	pos, vel := *bp, *bv
	for _, a := range c.ab.Own {
		m.plan = m.plan.Merge(a.Before(x))
	}
	if !finiteVec(*bp) {
		*bp = pos
	}
	if !finiteVec(*bv) {
		*bv = vel
	}
	if m.plan.Own && !finiteVec(m.plan.Move) {
		m.plan.Move = mgl64.Vec3{}
	}
}

// afterAbilities tells character c's abilities what its move touched
// (the worker's Context of beforeAbilities, filled here when that did not
// run).
func (p *Pipeline) afterAbilities(m *move, res *kcc.MoveResult) {
	if !m.ab {
		return
	}
	x := &p.ab.ctx[m.worker]
	if !m.abCtx {
		x = p.abilityContext(m)
	}
	ab := m.c.ab
	if m.abAny {
		ab.Set.After(x, res)
	}
	if len(ab.Own) == 0 {
		return
	}
	// The worker's copy: the move's own result stays on the stack (an
	// interface's method keeps no promise not to hold it).
	r := &p.ab.res[m.worker]
	*r = *res
	for _, a := range ab.Own {
		a.After(x, r)
	}
}
