package systems

import (
	"math"

	"github.com/go-gl/mathgl/mgl64"
	"github.com/seedgames/motorkit/abilities"
	"github.com/seedgames/motorkit/components"
	"github.com/seedgames/motorkit/kcc"
)

// The characters' movement abilities (package abilities) run in the KCC
// stage's move of a character that has the Abilities component with an
// ability enabled: Begin after the carry decides the tick's mode and the
// velocity (an ability's mode owns it; the motor's velocity of this tick
// is set aside), the move is made as the plan says, and After records what
// it touched. A character without them takes none of these branches.
//
// The level's one-way colliders (abilities.Level.OneWays) are passed by a
// listener of the pipeline in front of the game's (oneWayListener): a
// contact with one from below, from the side or from inside is ignored,
// and so is the platform a character is dropping through.

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
	p.abLevel = lv
	// The water's bounds of this tick, once for every character
	// (abilities.World.Water): most are far from any water.
	p.abWater, _ = lv.WaterBounds(p.level)
	// Made here, before the workers start: each uses its own entry.
	for len(p.abBody) < p.workers {
		p.abBody = append(p.abBody, abilities.Body{})
	}
	if lv == nil || lv.OneWays == 0 {
		p.oneWay = p.oneWay[:0]
		return
	}
	for len(p.oneWay) < p.workers {
		p.oneWay = append(p.oneWay, &oneWayListener{})
	}
	for _, l := range p.oneWay {
		l.lv, l.game, l.drop = lv, p.kccListener, kcc.NoCollider
	}
	// Where the one-way colliders are this tick: a move that cannot reach
	// one needs no rule (with a listener kcc reads contacts a slower way).
	p.oneWayBox = lv.AppendOneWayBounds(p.level, p.oneWayBox[:0])
	inf := math.Inf(1)
	p.oneWayAll = abilities.Bounds{Min: mgl64.Vec3{inf, inf, inf}, Max: mgl64.Vec3{-inf, -inf, -inf}}
	for _, b := range p.oneWayBox {
		for i := range 3 {
			p.oneWayAll.Min[i] = min(p.oneWayAll.Min[i], b.Min[i])
			p.oneWayAll.Max[i] = max(p.oneWayAll.Max[i], b.Max[i])
		}
	}
}

// oneWayReach is how far (m) beyond its capsule and its motion a
// character's move, carry or room check may meet a collider: the snap,
// the step and the skin, with room to spare.
const oneWayReach = 1.0

// nearOneWay reports whether a capsule at pos with the given shape, moving
// by at most reach, may meet one of this tick's one-way colliders.
func (p *Pipeline) nearOneWay(pos *mgl64.Vec3, shape *kcc.Capsule, reach float64) bool {
	if len(p.oneWay) == 0 {
		return false
	}
	e := shape.HalfHeight + shape.Radius + reach + oneWayReach
	if !(e < 1e6) {
		return true
	}
	b := abilities.Bounds{Min: mgl64.Vec3{pos[0] - e, pos[1] - e, pos[2] - e}, Max: mgl64.Vec3{pos[0] + e, pos[1] + e, pos[2] + e}}
	if !b.Overlaps(&p.oneWayAll) {
		return false
	}
	for i := range p.oneWayBox {
		if b.Overlaps(&p.oneWayBox[i]) {
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
	if !near || len(p.oneWay) == 0 {
		return
	}
	l := p.oneWay[worker]
	l.dropper, l.drop = e, drop
	opts.Listener = l
}

// abilityBody fills the abilities' view of character c before its move,
// with the command the motor sees (cmd) and the velocity (vx, vy, vz) the
// motor left.
func (p *Pipeline) abilityBody(c *character, cmd *components.CommandData, b *abilities.Body, vx, vy, vz float64) {
	k, body := c.k, c.body
	b.Pos, b.Vel = body.Position, mgl64.Vec3{vx, vy, vz}
	b.Shape, b.StandHalfHeight = k.Shape, k.StandHalfHeight
	b.Grounded, b.GroundCollider = k.Grounded, k.GroundCollider
	it := &c.it.Intent
	b.Wish = mgl64.Vec3{float64(it.PlanarDir[0] * it.Mag), 0, float64(it.PlanarDir[2] * it.Mag)}
	b.Jump = jumpWaiting(cmd, c.jb)
	b.JumpHeld, b.Crouch = cmd.JumpHeld, cmd.Crouch
	b.Tick, b.Dt = p.cur.N, p.dt
}

// useJump spends the jump press on an ability's jump instead of the
// consume point's (spendJump): no jump is requested any more this tick.
func useJump(jb *components.JumpBufferData) {
	jb.RequestJump = false
	spendJump(jb)
}

// jumpWaiting reports whether a jump press waits for the abilities: this
// tick's, or one the jump buffer still holds.
func jumpWaiting(cmd *components.CommandData, jb *components.JumpBufferData) bool {
	return cmd.JumpPressed || jb.BufferTicks > 0
}

// beginAbilities runs character c's abilities before its move (with
// worker's controller ctrl and the options of its moves): the position may
// move (held by a moving ladder or ledge) and (vx, vy, vz) becomes the
// velocity of the move.
func (p *Pipeline) beginAbilities(c *character, ctrl *kcc.Controller, level *kcc.World, opts kcc.MoveOptions, worker int, vx, vy, vz *float64) abilities.Plan {
	cmd := seenCommand(c)
	if c.ab.Quiet(c.ab.Config, &p.abWater, c.k.Grounded, cmd.Crouch && jumpWaiting(cmd, c.jb), c.body.Position) {
		// Walking, with nothing to begin: Begin would change nothing.
		return abilities.Plan{}
	}
	b := &p.abBody[worker]
	p.abilityBody(c, cmd, b, *vx, *vy, *vz)
	w := abilities.World{Level: p.abLevel, KCC: level, Ctrl: ctrl, Opts: opts, Water: &p.abWater}
	plan := c.ab.Begin(c.ab.Config, &w, b)
	if finiteVec(b.Pos) {
		c.body.Position = b.Pos
	}
	if finiteVec(b.Vel) {
		*vx, *vy, *vz = b.Vel[0], b.Vel[1], b.Vel[2]
	}
	if plan.Own && !finiteVec(plan.Move) {
		plan.Move = mgl64.Vec3{}
	}
	return plan
}

// afterAbilities records what character c's move touched, with worker's
// scratch: After reads the ground, the velocity and the tick of the Body.
func (p *Pipeline) afterAbilities(c *character, res *kcc.MoveResult, worker int) {
	b := &p.abBody[worker]
	b.Grounded, b.Tick = c.k.Grounded, p.cur.N
	v := &c.body.Velocity
	b.Vel[0], b.Vel[1], b.Vel[2] = v[0], v[1], v[2]
	c.ab.After(c.ab.Config, p.abLevel, res, b)
}
