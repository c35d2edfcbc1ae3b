package systems

import (
	"math"
	"sync"

	"github.com/go-gl/mathgl/mgl64"
	"github.com/seedgames/motorkit/abilities"
	"github.com/seedgames/motorkit/components"
	"github.com/seedgames/motorkit/detmath"
	"github.com/seedgames/motorkit/kcc"
	"github.com/seedgames/motorkit/motors"
)

// maxSpeed bounds any velocity component the KCC stage stores (m/s). It is
// far above any gameplay speed and only keeps hostile input finite.
const maxSpeed = 1e4

func finiteVec(v mgl64.Vec3) bool { return motors.FiniteVec(v) }

// move is one character's move under way, handed from step to step.
type move struct {
	c      *character
	worker int
	level  *kcc.World
	ctrl   *kcc.Controller // worker's controller of its configuration (nil: none)
	// self leaves its own capsule out of its carry, room check and moves
	// (character collisions; nil otherwise), opts are their options.
	self *kcc.QueryFilter
	opts kcc.MoveOptions
	// the velocity the move is made with
	vx, vy, vz float64
	// near: within reach (m) of a one-way collider; drop: the one-way
	// platform it drops through.
	near  bool
	reach float64
	drop  kcc.ColliderID
	// ab: its abilities run (abAny: a built-in one is enabled; abCtx: the
	// worker's abilities.Context is the character's); plan: what they ask
	// of the move.
	ab, abAny, abCtx bool
	plan             abilities.Plan
	jumped           bool // the consume point jumped this tick
	// launched: it stood on the ground with an upward speed a motor or
	// the game gave it (a platformer's dash up): it takes off as a jump
	// does.
	launched bool
	wasOn    kcc.ColliderID
}

// moveStep is a character's move, the KCC stage's "kcc" system, and when
// nothing after the moves can read a command, the clearing of its
// command's edges (cleanupStage).
func (p *Pipeline) moveStep(c *character, worker int) {
	p.moveCharacter(c, worker)
	if p.edgesInMove && c.cmd != nil {
		clearEdges(c.cmd)
	}
}

// moveCharacter is a character's move in named steps: start (its velocity
// and position made safe, its controller and options), the carry by a
// moving ground, its abilities before the move, the jump and crouch, the
// move asked for and made with the controller (controllers.go), the result
// settled (the velocity read back by the controller's rule,
// kcc.Controller.VelocityAfter), and its abilities after the move.
func (p *Pipeline) moveCharacter(c *character, worker int) {
	var m move
	p.startMove(&m, c, worker)
	p.carryStep(&m)
	p.beforeAbilities(&m)
	p.jumpAndCrouch(&m)
	dx, dy, dz := p.desiredMove(&m)
	if m.ctrl == nil || m.level == nil {
		integrate(c, dx, dy, dz, m.vx, m.vy, m.vz)
		return
	}
	desired := mgl64.Vec3{dx, dy, dz}
	res, gave := p.collide(&m, desired)
	p.settle(&m, &res, desired, gave)
	p.afterAbilities(&m, &res)
	if k := c.k; k.Plane != components.Plane3D {
		// The game's own abilities may have moved it too.
		k.Plane.Pin(&c.body.Position, &c.body.PrevPosition)
		k.Plane.PinVelocity(&c.body.Velocity)
	}
}

// startMove makes the character's velocity and position safe, keeps the
// position of the tick's start and readies what its steps share. Up to
// the move the arithmetic is on float64 locals with element reads and
// writes (the hot-path convention of
// docs/architecture.md#how-the-characters-stages-run).
func (p *Pipeline) startMove(m *move, c *character, worker int) {
	body, k := c.body, c.k
	m.c, m.worker, m.level, m.drop, m.wasOn = c, worker, p.level, kcc.NoCollider, kcc.NoCollider
	bv, bp, pp := &body.Velocity, &body.Position, &body.PrevPosition
	m.vx, m.vy, m.vz = bv[0], bv[1], bv[2]
	if !motors.Finite3(m.vx, m.vy, m.vz) {
		m.vx, m.vy, m.vz = 0, 0, 0
	}
	if !motors.Finite3(bp[0], bp[1], bp[2]) {
		body.Position = body.PrevPosition
		if !finiteVec(body.Position) {
			body.Position = mgl64.Vec3{}
		}
	}
	pp[0], pp[1], pp[2] = bp[0], bp[1], bp[2]
	if k.Controller != nil {
		m.ctrl = p.controllerFor(c, worker)
	}
	if p.charCollide && k.Grounded && k.GroundCollider != kcc.NoCollider && m.level != nil {
		m.self = p.selfFilterOf(c, worker)
	}
	if c.ab != nil {
		m.abAny = c.ab.Config.Any()
		m.ab = m.abAny || len(c.ab.Own) > 0 || c.ab.Mode.Ability()
		if m.abAny {
			m.drop = c.ab.Dropping()
		}
	}
	if len(p.oneWay.listeners) > 0 {
		// Near a one-way collider: within the tick's motion, and a
		// capsule's height (an ability's room check of a ledge above), of
		// one. |vx|+|vy|+|vz| bounds the speed without a square root.
		m.reach = float64((math.Abs(m.vx)+math.Abs(m.vy)+math.Abs(m.vz))*p.dt) + float64(2*(k.StandHalfHeight+k.Shape.Radius))
		m.near = p.nearOneWay(bp, &k.Shape, m.reach)
	}
}

// optionsFor sets the options of the move's carry, room check and moves:
// its filter, the game's listener (the listener has its say from the carry
// on: the carry's sweep and the crouch's room check are contacts of the
// character too) and, near a one-way collider, the one-way rule.
func (p *Pipeline) optionsFor(m *move, cache *kcc.ContactCache) {
	ent := m.c.e.Entity()
	m.opts = p.moveOptions(ent, m.self, cache)
	p.listenerFor(&m.opts, m.worker, uint64(ent), m.drop, m.near)
}

// carryStep is the carry by a moving ground collider (platforms.go).
func (p *Pipeline) carryStep(m *move) {
	c := m.c
	if m.level == nil {
		clearCarriedYaw(c.k) // nothing carries it
		return
	}
	p.optionsFor(m, nil)
	p.carry(m.ctrl, m.opts, c.view, c.k, c.body, m.level)
}

// jumpAndCrouch is the jump-consume point (or the jump an ability used)
// and the crouch: the capsule shrinks while crouch is held (not while an
// ability owns the move) and stands up where the tall capsule fits.
func (p *Pipeline) jumpAndCrouch(m *move) {
	c := m.c
	if m.plan.Jumped || (c.md != nil && c.md.Ctx.JumpSpent && c.jb != nil) {
		useJump(c.jb)
	} else if !m.plan.Own {
		m.jumped = consumeJump(c.jb, c.k, &m.vy)
	}
	if c.cmd == nil {
		return
	}
	k := c.k
	if !canCrouch(k) {
		return
	}
	if m.self == nil && p.charCollide && m.level != nil && k.Crouched && !c.cmd.Crouch {
		m.self = p.selfFilterOf(c, m.worker) // standing up: its own capsule is no obstacle
	}
	if m.level != nil {
		p.optionsFor(m, nil) // the room check's (updateCrouch)
	}
	p.updateCrouch(k, c.body, m.level, c.cmd.Crouch && !m.plan.Own, m.ctrl, &m.opts)
}

// contactCacheOf is the contact cache c's moves use (nil when the
// pipeline's caches are off).
func (p *Pipeline) contactCacheOf(c *character) *kcc.ContactCache {
	if p.noContactCache {
		return nil
	}
	return &c.contacts
}

// canCrouch reports whether the character has a crouching shape.
func canCrouch(k *components.KCCData) bool {
	return k.CrouchHalfHeight > 0 && k.StandHalfHeight > k.CrouchHalfHeight
}

// desiredMove is the move asked of the controller this tick: an ability's
// own, or the velocity with gravity and the fall cap (tickMove); the
// velocity is bounded.
func (p *Pipeline) desiredMove(m *move) (dx, dy, dz float64) {
	k := m.c.k
	if m.plan.Own {
		mv := &m.plan.Move
		dx, dy, dz = mv[0], mv[1], mv[2]
	} else {
		maxFall := k.MaxFallSpeed
		if m.plan.FallCap > 0 && (maxFall <= 0 || m.plan.FallCap < maxFall) {
			maxFall = m.plan.FallCap // a wall slide
		}
		m.launched = k.Grounded && !m.jumped && m.vy > 0
		m.vy, dx, dy, dz = tickMove(k, m.vx, m.vy, m.vz, k.Grounded && !m.jumped && !m.launched, p.dt, maxFall)
	}
	m.vx, m.vy, m.vz = clampSpeed(m.vx), clampSpeed(m.vy), clampSpeed(m.vz)
	return dx, dy, dz
}

// integrate moves a character without collision (no controller, or no
// level) by (dx, dy, dz) with velocity (vx, vy, vz): nothing is under it.
func integrate(c *character, dx, dy, dz, vx, vy, vz float64) {
	k, bp, bv := c.k, &c.body.Position, &c.body.Velocity
	bp[0], bp[1], bp[2] = bp[0]+dx, bp[1]+dy, bp[2]+dz
	k.Plane.Pin(bp, &c.body.PrevPosition)
	k.Grounded, k.GroundNormal, k.GroundState = false, motors.Up, kcc.GroundNone
	k.GroundCollider = kcc.NoCollider
	k.OnWall, k.OnCeiling, k.Crushed = false, false, false
	bv[0], bv[1], bv[2] = vx, vy, vz
	k.Plane.PinVelocity(bv)
}

// collide makes the move with the character's controller: among the other
// characters (pushing the one in its way when it may: gave is the share
// of that push the other gave way) or through the level.
func (p *Pipeline) collide(m *move, desired mgl64.Vec3) (res kcc.MoveResult, gave float64) {
	c := m.c
	if d := desired; len(p.oneWay.listeners) > 0 && !m.near {
		if l := math.Abs(d[0]) + math.Abs(d[1]) + math.Abs(d[2]); l > m.reach {
			// An ability's move, or a push, longer than the first guess.
			m.near = p.nearOneWay(&c.body.Position, &c.k.Shape, l)
		}
	}
	if c.k.Grounded {
		m.wasOn = c.k.GroundCollider
	}
	cache := p.contactCacheOf(c)
	if p.charCollide {
		return p.moveAmongCharacters(m, cache, desired)
	}
	m.self = nil
	p.optionsFor(m, cache)
	return m.ctrl.MoveWith(m.level, c.k.Shape, c.body.Position, desired, m.opts), 0
}

// settle applies a character's move result: the position, the velocity
// read back by the controller's rule (m's velocity is the one the move
// was made with, gave the share of a push the pushed character gave way)
// and the new report (report).
func (p *Pipeline) settle(m *move, res *kcc.MoveResult, desired mgl64.Vec3, gave float64) {
	c := m.c
	body, k := c.body, c.k
	bp, pp := &body.Position, &body.PrevPosition
	t := &res.Translation
	if !motors.Finite3(t[0], t[1], t[2]) {
		t[0], t[1], t[2] = 0, 0, 0
	}
	tx, ty, tz := t[0], t[1], t[2]
	bp[0], bp[1], bp[2] = bp[0]+tx, bp[1]+ty, bp[2]+tz
	k.Plane.Pin(bp, pp) // whatever carried or pushed it: the plane's to the bit

	// The velocity the character keeps is the controller's rule. A jump
	// consumed this tick is judged in the air: the character is grounded
	// after it only if the rule leaves it no upward speed.
	vx0, vz0 := m.vx, m.vz
	grounded := res.Grounded
	if m.jumped || m.launched {
		res.Grounded = false
	}
	v := m.ctrl.VelocityAfter(mgl64.Vec3{m.vx, m.vy, m.vz}, desired, *res, p.dt)
	vx, vy, vz := v[0], v[1], v[2]
	if gave > 0 {
		// A pushed character gave way: it does not brake the pusher as a
		// wall would (push.go).
		vx, vz = vx+float64((vx0-vx)*gave), vz+float64((vz0-vz)*gave)
	}
	vx, vy, vz = p.report(m, res, grounded, vx, vy, vz)
	bv := &body.Velocity
	bv[0], bv[1], bv[2] = vx, vy, vz
	if k.Plane == components.PlaneSide && c.md != nil {
		if cs, ok := c.md.Motor.(motors.CornerSlipper); ok {
			p.cornerSlip(m, res, desired, cs)
		}
		if wp, ok := c.md.Motor.(motors.WallProber); ok {
			p.probeWalls(m, res, wp.WallProbe())
		}
	}
	if p.charCollide {
		p.placeCharacter(c, m.level, upOf(m.ctrl))
	}
}

// report writes the move's report into the character's KCC component
// (grounded, its ground, walls and ceiling) and returns the velocity it
// keeps: no vertical speed on the ground, and some of a collider's
// velocity on leaving it (KCCData.OnLeave).
func (p *Pipeline) report(m *move, res *kcc.MoveResult, grounded bool, vx, vy, vz float64) (float64, float64, float64) {
	k := m.c.k
	up := m.jumped || m.launched
	nowGrounded := grounded && !(up && vy > 0)
	if p.eventsOn {
		noteMoveEvents(m.c, res, nowGrounded, mgl64.Vec3{m.vx, m.vy, m.vz})
	}
	k.OnWall, k.WallNormal, k.OnCeiling, k.Crushed = res.OnWall, res.WallNormal, res.OnCeiling, res.Crushed
	if nowGrounded {
		vy = 0
		n := &res.GroundNormal
		k.GroundNormal[0], k.GroundNormal[1], k.GroundNormal[2] = n[0], n[1], n[2]
	} else {
		k.GroundNormal = motors.Up
	}
	k.Grounded = nowGrounded
	k.GroundState = res.GroundState
	if up && vy > 0 {
		k.GroundState = kcc.GroundNone
	}
	k.GroundCollider = kcc.NoCollider
	if nowGrounded {
		k.GroundCollider = res.GroundCollider
	} else if m.wasOn != kcc.NoCollider && k.Plane != components.PlaneTop {
		// Left a collider (walked or jumped off): keep some of its
		// velocity, per the OnLeave policy.
		v := leave(k, m.ctrl, m.level, m.wasOn, m.c.body.Position, mgl64.Vec3{vx, vy, vz})
		vx, vy, vz = v[0], v[1], v[2]
	}
	switch k.Plane {
	case components.PlaneTop:
		vy = 0
	case components.PlaneSide:
		vz = 0
	}
	return vx, vy, vz
}

// consumeJump is the single jump-consume point
// (docs/motors/fps.md#jump-timing-in-ticks): when the buffer stage requested a jump, the vertical
// velocity becomes the jump speed and the buffer and coyote timers are
// cleared. It reports whether a jump was consumed.
func consumeJump(jb *components.JumpBufferData, k *components.KCCData, vy *float64) bool {
	if jb == nil || !jb.RequestJump {
		return false
	}
	*vy = k.JumpSpeed
	spendJump(jb)
	return true
}

// spendJump records a jump spent (by the consume point or an ability's
// jump): the buffer and coyote timers are cleared and the jump counted.
func spendJump(jb *components.JumpBufferData) {
	jb.BufferTicks, jb.CoyoteTicks = 0, 0
	jb.ConsumedThisTick = true
	jb.JumpedSinceGrounded = true
	jb.Consumes++
}

// tickMove returns the vertical velocity after this tick's gravity and the
// move (dx, dy, dz) the controller is asked for, from the velocity before
// it. Planar characters stay in their plane; on walkable ground the planar
// velocity is lifted onto the ground plane; in the air gravity and the fall
// cap apply.
func tickMove(k *components.KCCData, vx, vy, vz float64, grounded bool, dt, maxFall float64) (nvy, dx, dy, dz float64) {
	if k.Plane == components.PlaneSide {
		vz = 0
	}
	switch {
	case k.Plane == components.PlaneTop:
		vy = 0
		dx, dy, dz = float64(vx*dt), float64(vy*dt), float64(vz*dt)
	case grounded:
		// On walkable ground the stored velocity is planar; the move follows
		// the ground plane so walking down a ramp never launches the
		// character. No downward push is added: the controller probes the
		// ground at the start of every move and snaps to it on steps.
		n := &k.GroundNormal
		vy = 0
		lift := 0.0
		if n[1] > 1e-3 {
			lift = -(float64(n[0]*vx) + float64(n[2]*vz)) / n[1]
		}
		dx, dy, dz = float64(vx*dt), float64(lift*dt), float64(vz*dt)
		if lift != 0 && k.Controller != nil && k.Controller.FloorConstantSpeed() {
			// The speed along the slope is the planar speed: the lifted
			// move is shortened to the planar length (the stored velocity
			// stays the motor's planar one).
			pl := math.Sqrt(float64(dx*dx) + float64(dz*dz))
			if l := math.Sqrt(float64(pl*pl) + float64(dy*dy)); l > 0 {
				f := pl / l
				dx, dy, dz = float64(dx*f), float64(dy*f), float64(dz*f)
			}
		}
	default:
		// Trapezoidal integration of the vertical motion: exact for constant
		// gravity, so a jump's apex is v0²/2g at any tick rate (semi-implicit
		// Euler would lose v0·dt/2, 5% of a 1.15 m jump at 60 Hz).
		vy0 := vy
		vy -= float64(k.Gravity * dt)
		if maxFall > 0 && vy < -maxFall {
			vy = -maxFall
		}
		dx, dz = float64(vx*dt), float64(vz*dt)
		dy = float64(0.5 * (vy0 + vy) * dt)
	}
	return vy, dx, dy, dz
}

// updateCrouch shrinks the capsule while crouch is held and stands up again
// as soon as the taller capsule fits. The feet stay where they are, so the
// centre moves by the change in half-height.
func (p *Pipeline) updateCrouch(k *components.KCCData, body *components.BodyData, level *kcc.World, want bool, ctrl *kcc.Controller, opts *kcc.MoveOptions) {
	if !canCrouch(k) {
		return
	}
	up := upOf(ctrl)
	switch {
	case want && !k.Crouched:
		d := k.StandHalfHeight - k.CrouchHalfHeight
		k.Shape.HalfHeight = k.CrouchHalfHeight
		body.Position = body.Position.Sub(detmath.Scale(up, d))
		body.PrevPosition = body.Position
		k.Crouched = true
	case !want && k.Crouched:
		d := k.StandHalfHeight - k.CrouchHalfHeight
		standPos := body.Position.Add(detmath.Scale(up, d))
		tall := kcc.Capsule{Radius: k.Shape.Radius, HalfHeight: k.StandHalfHeight, Box: k.Shape.Box}
		if level != nil && !p.roomToStand(ctrl, level, tall, standPos, up, opts) {
			return // no room: stay crouched and retry next tick
		}
		k.Shape.HalfHeight = k.StandHalfHeight
		body.Position = standPos
		body.PrevPosition = body.Position
		k.Crouched = false
	}
}

// clampSpeed bounds one velocity component to ±maxSpeed (NaN passes
// through; the components are finite here).
func clampSpeed(x float64) float64 {
	if x > maxSpeed {
		return maxSpeed
	} else if x < -maxSpeed {
		return -maxSpeed
	}
	return x
}

func clampVec(v *mgl64.Vec3, m float64) {
	for i := range v {
		if v[i] > m {
			v[i] = m
		} else if v[i] < -m {
			v[i] = -m
		}
	}
}

// kccStage is the state of the KCC stage: the controllers per
// configuration and worker (controllers.go), the worker pool (workers.go)
// and the characters' own capsule colliders when they block each other
// (blocking.go).
type kccStage struct {
	// level is the collision level, fetched once per tick by the KCC
	// system.
	level *kcc.World

	ctrls   [][]*kcc.Controller // by worker, by configuration slot
	ctrlCfg []ctrlConfig
	// slotMu guards ctrlCfg while workers number a configuration met in
	// a move (controllerFor).
	slotMu sync.Mutex
	// pushCtrls are the controllers of the pushed characters, by worker,
	// depth-1 in a line of pushes and slot (controllerAt; only with
	// character collisions).
	pushCtrls [][maxPushChain][]*kcc.Controller

	workers int
	pool    *kccWorkers

	charCollide bool
	eventsOn    bool       // Options.Events (events.go)
	crowd       crowdStage // the moves among characters (blocking.go)
	// noContactCache moves every character without its kcc.ContactCache
	// (benchmarks compare the two).
	noContactCache bool
	// contactListener is the game's (contacts.go) and kccListener the same
	// as a kcc.ContactListener (nil without one).
	contactListener ContactListener
	kccListener     kcc.ContactListener
	ab              abilityStage // the characters' abilities (abilities.go)
	oneWay          oneWayStage  // the level's one-way colliders (abilities.go)
}

// roomToStand reports whether the standing capsule tall fits at pos (axis
// up): through the character's controller when it has one (its collision
// mask, its filter and the contact listener in opts), else against every
// collider the filter admits.
func (p *Pipeline) roomToStand(ctrl *kcc.Controller, level *kcc.World, tall kcc.Capsule, pos, up mgl64.Vec3, opts *kcc.MoveOptions) bool {
	if ctrl != nil {
		return !ctrl.OverlapsWith(level, tall, pos, *opts)
	}
	return !level.Filtered(opts.Filter).OverlapCapsuleAxis(tall, pos, up, 0)
}

// probeWalls writes a side-view character's Stance.WallGap: the room to
// its left and right, up to reach (m), before it touches a wall (a face
// whose normal is within 45 degrees of the X axis); -1 when none is
// within reach. On the ground only the wall the move met counts (gap 0):
// walls matter to a platformer in the air (slides, wall jumps), and the
// two casts are most of a grounded character's probe cost.
func (p *Pipeline) probeWalls(m *move, res *kcc.MoveResult, reach float64) {
	k := m.c.k
	k.WallGap = motors.NoWalls
	if !(reach > 0) || reach > maxSpeed {
		return
	}
	if k.Grounded {
		if n := res.WallNormal; res.OnWall && math.Abs(n[0]) >= math.Sqrt2/2 {
			k.WallGap[wallSide(n[0])] = 0
		}
		return
	}
	q, up, skin := p.ownQuery(m), upOf(m.ctrl), m.ctrl.Offset()
	pos, f := m.c.body.Position, &m.c.wallFree
	if !p.charCollide && f.holds(m.level, k.Shape, pos, reach) {
		return // still clear: nothing within reach of where it probed, and it moved less than the margin
	}
	if !q.OverlapCapsuleAxis(k.Shape, pos, up, reach+skin+wallMargin) {
		*f = wallFree{world: m.level, gen: m.level.Generation(), shape: k.Shape, at: pos, reach: reach}
		return // nothing within reach on any side: one query, not two casts
	}
	f.world = nil
	for i, dir := range [2]float64{-reach, reach} {
		hit, ok := q.CastCapsule(k.Shape, m.c.body.Position, up, mgl64.Vec3{dir, 0, 0}, skin)
		if ok && math.Abs(hit.Normal[0]) >= math.Sqrt2/2 {
			k.WallGap[i] = float64(hit.Fraction * reach)
		}
	}
}

// wallSide is the side (0 left, 1 right) of a wall whose normal, from
// the wall toward the character, has X component nx.
func wallSide(nx float64) int {
	if nx > 0 {
		return 0
	}
	return 1
}

// cornerSlip slides a side-view character around the corner of a block
// its move clipped, as Celeste's corner correction does: a move going up
// that met a ceiling is tried shifted sideways by step, 2 step, ... up to
// the motor's up reach (left first when its run speed is not rightward,
// then right when it is not leftward), a sideways move that met a wall
// up then down by the same steps up to the side reach. The first shift
// whose path is clear and whose place, one step further along the move,
// is free is taken: the character moves there and keeps the speed the
// block took. It reports whether it slid.
func (p *Pipeline) cornerSlip(m *move, res *kcc.MoveResult, desired mgl64.Vec3, cs motors.CornerSlipper) bool {
	up, side, step := cs.CornerSlip()
	if !(step > 0) || step > 1 {
		return false
	}
	c := m.c
	k, bv := c.k, &c.body.Velocity
	ceiling := res.OnCeiling && desired[1] > 0 && m.vy > 0 && up > 0
	wall := res.OnWall && desired[0] != 0 && side > 0 && math.Abs(res.WallNormal[0]) >= math.Sqrt2/2
	if !ceiling && !wall {
		return false
	}
	q, axis, skin := p.ownQuery(m), upOf(m.ctrl), m.ctrl.Offset()
	try := func(shift, along mgl64.Vec3) bool {
		if _, hit := q.CastCapsule(k.Shape, c.body.Position, axis, shift, skin); hit {
			return false
		}
		to := c.body.Position.Add(shift).Add(along)
		if q.OverlapCapsuleAxis(k.Shape, to, axis, skin) {
			return false
		}
		c.body.Position = to
		return true
	}
	n := int(math.Round(max(up, side) / step))
	for i := 1; i <= min(n, 64); i++ {
		s := float64(float64(i) * step)
		switch {
		case ceiling && s <= up+1e-12:
			along := mgl64.Vec3{0, step, 0}
			if (m.vx <= 0 && try(mgl64.Vec3{-s, 0, 0}, along)) || (m.vx >= 0 && try(mgl64.Vec3{s, 0, 0}, along)) {
				bv[1], k.OnCeiling = m.vy, false
				return true
			}
		case wall && s <= side+1e-12:
			along := mgl64.Vec3{math.Copysign(step, desired[0]), 0, 0}
			if try(mgl64.Vec3{0, s, 0}, along) || try(mgl64.Vec3{0, -s, 0}, along) {
				bv[0], k.OnWall = m.vx, false
				return true
			}
		}
	}
	return false
}

// wallMargin is how much further than its reach a wall probe looks (m):
// a character that found nothing there skips its probes until it has
// moved that far, while its world and shape stay as they were.
const wallMargin = 0.5

// wallFree is where a character's wall probe last found no wall within
// its reach plus wallMargin: its world (nil: none) and that world's
// generation, its shape, position and reach.
type wallFree struct {
	world *kcc.World
	gen   uint64
	shape kcc.Capsule
	at    mgl64.Vec3
	reach float64
}

// holds reports whether the character at pos with shape and reach is
// still clear of walls by the last probe: the same world unchanged, the
// same shape and reach, and pos within the margin of where it probed
// (other characters are not in the world's generation: the caller skips
// the cache with character collisions).
func (f *wallFree) holds(w *kcc.World, shape kcc.Capsule, pos mgl64.Vec3, reach float64) bool {
	if f.world != w || f.gen != w.Generation() || f.shape != shape || f.reach != reach {
		return false
	}
	d := pos.Sub(f.at)
	return float64(d[0]*d[0])+float64(d[1]*d[1])+float64(d[2]*d[2]) < float64((wallMargin-1e-6)*(wallMargin-1e-6))
}

// ownQuery is the level's queries for the character's probes after its
// move (the wall probe, the corner slip): its own capsule left out when
// characters collide.
func (p *Pipeline) ownQuery(m *move) kcc.Query {
	self := m.self
	if p.charCollide {
		self = p.selfFilterOf(m.c, m.worker)
	}
	return m.level.Filtered(self)
}
