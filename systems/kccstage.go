package systems

import (
	"math"

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

// moveStep is a character's move, the KCC stage's "kcc" system: the carry
// by a moving ground, the jump (consumeJump), crouch, gravity and the move
// asked for (tickMove), the controller move with worker's controller for
// its configuration (controllers.go), and the velocity read back by the
// controller's rule (kcc.Controller.VelocityAfter).
func (p *Pipeline) moveStep(c *character, worker int) {
	e, body, k := c.e, c.body, c.k
	dt := p.dt
	// Up to the move the arithmetic is on float64 locals with element
	// reads and writes (the hot-path convention of
	// docs/architecture.md#how-the-characters-stages-run).
	bv, bp, pp := &body.Velocity, &body.Position, &body.PrevPosition
	vx, vy, vz := bv[0], bv[1], bv[2]
	if !motors.Finite3(vx, vy, vz) {
		vx, vy, vz = 0, 0, 0
	}
	if !motors.Finite3(bp[0], bp[1], bp[2]) {
		body.Position = body.PrevPosition
		if !finiteVec(body.Position) {
			body.Position = mgl64.Vec3{}
		}
	}
	pp[0], pp[1], pp[2] = bp[0], bp[1], bp[2]
	level := p.level
	var ctrl *kcc.Controller
	if k.Controller != nil {
		ctrl = p.controller(c, worker)
	}
	var self *kcc.QueryFilter
	if p.charCollide && k.Grounded && k.GroundCollider != kcc.NoCollider && level != nil {
		self = p.selfFilterOf(c, worker)
	}
	// The listener has its say from the carry on: the carry's sweep and
	// the crouch's room check are contacts of the character too.
	ent := e.Entity()
	// The abilities run while an ability is enabled: read every tick, a
	// game may switch them on or off (or clear the Config) at any time.
	ab := c.ab != nil && c.ab.Config.Any()
	if !ab && c.ab != nil && c.ab.Mode.Ability() {
		// Switched off in an ability's mode: it lets go (the zero State,
		// walking, holding nothing), and does not resume if switched on
		// again.
		c.ab.State = abilities.State{Since: p.cur.N}
	}
	drop := kcc.NoCollider
	if ab {
		drop = c.ab.Dropping()
	}
	// Near a one-way collider: within the tick's motion, and a capsule's
	// height (an ability's room check of a ledge above), of one.
	near, reach := false, 0.0
	if len(p.oneWay) > 0 {
		// |vx|+|vy|+|vz| bounds the speed without a square root.
		reach = float64((math.Abs(vx)+math.Abs(vy)+math.Abs(vz))*dt) + float64(2*(k.StandHalfHeight+k.Shape.Radius))
		near = p.nearOneWay(bp, &k.Shape, reach)
	}
	opts := p.moveOptions(ent, self, nil)
	p.listenerFor(&opts, worker, uint64(ent), drop, near)
	p.carry(ctrl, opts, c.view, k, body, level)

	var plan abilities.Plan
	if ab && level != nil && ctrl != nil {
		plan = p.beginAbilities(c, ctrl, level, opts, worker, &vx, &vy, &vz)
		// A drop through a one-way platform that Begin decided passes it
		// from this tick's move on, not the next tick's.
		drop = c.ab.Dropping()
	}
	jumped := false
	if plan.Jumped {
		useJump(c.jb)
	} else if !plan.Own {
		jumped = consumeJump(c.jb, k, &vy)
	}

	if c.cmd != nil {
		if self == nil && p.charCollide && level != nil && k.Crouched && !c.cmd.Crouch {
			self = p.selfFilterOf(c, worker) // standing up: its own capsule is no obstacle
		}
		opts = p.moveOptions(ent, self, nil)
		p.listenerFor(&opts, worker, uint64(ent), drop, near)
		p.updateCrouch(k, body, level, c.cmd.Crouch && !plan.Own, ctrl, opts)
	}

	var dx, dy, dz float64
	switch {
	case plan.Own:
		m := &plan.Move
		dx, dy, dz = m[0], m[1], m[2]
	default:
		maxFall := k.MaxFallSpeed
		if plan.FallCap > 0 && (maxFall <= 0 || plan.FallCap < maxFall) {
			maxFall = plan.FallCap // a wall slide
		}
		vy, dx, dy, dz = tickMove(k, vx, vy, vz, k.Grounded && !jumped, dt, maxFall)
	}
	vx, vy, vz = clampSpeed(vx), clampSpeed(vy), clampSpeed(vz)

	if k.Controller == nil || level == nil {
		bp[0], bp[1], bp[2] = bp[0]+dx, bp[1]+dy, bp[2]+dz
		k.Grounded, k.GroundNormal, k.GroundState = false, motors.Up, kcc.GroundNone
		k.GroundCollider = kcc.NoCollider
		k.OnWall, k.OnCeiling = false, false
		bv[0], bv[1], bv[2] = vx, vy, vz
		return
	}
	desired := mgl64.Vec3{dx, dy, dz}
	if m := math.Abs(dx) + math.Abs(dy) + math.Abs(dz); len(p.oneWay) > 0 && !near && m > reach {
		// An ability's move, or a push, longer than the first guess.
		near = p.nearOneWay(bp, &k.Shape, m)
	}
	wasOn := kcc.NoCollider
	if k.Grounded {
		wasOn = k.GroundCollider
	}

	var res kcc.MoveResult
	gave := 0.0 // the share of a push the character pushed gave way
	var cache *kcc.ContactCache
	if !p.noContactCache {
		cache = &c.contacts
	}
	if p.charCollide {
		res, gave = p.moveAmongCharacters(c, worker, cache, ctrl, level, desired, drop, near)
	} else {
		opts := p.moveOptions(ent, nil, cache)
		p.listenerFor(&opts, worker, uint64(ent), drop, near)
		res = ctrl.MoveWith(level, k.Shape, body.Position, desired, opts)
	}
	p.settle(c, ctrl, level, &res, desired, vx, vy, vz, gave, jumped, wasOn)
	if ab {
		p.afterAbilities(c, &res, worker)
	}
}

// settle applies a character's move result: the position, the velocity
// read back by the controller's rule (vx, vy, vz is the velocity the move
// was made with, gave the share of a push the pushed character gave way),
// the new report, and what it keeps of a collider it left (wasOn).
func (p *Pipeline) settle(c *character, ctrl *kcc.Controller, level *kcc.World, res *kcc.MoveResult, desired mgl64.Vec3, vx, vy, vz, gave float64, jumped bool, wasOn kcc.ColliderID) {
	body, k := c.body, c.k
	bv, bp, pp := &body.Velocity, &body.Position, &body.PrevPosition
	t := &res.Translation
	if !motors.Finite3(t[0], t[1], t[2]) {
		t[0], t[1], t[2] = 0, 0, 0
	}
	tx, ty, tz := t[0], t[1], t[2]
	bp[0], bp[1], bp[2] = bp[0]+tx, bp[1]+ty, bp[2]+tz
	if k.Planar2D {
		bp[1] = pp[1]
	}

	// The velocity the character keeps is the controller's rule. A jump
	// consumed this tick is judged in the air: the character is grounded
	// after it only if the rule leaves it no upward speed.
	vx0, vz0 := vx, vz
	grounded := res.Grounded
	if jumped {
		res.Grounded = false
	}
	v := ctrl.VelocityAfter(mgl64.Vec3{vx, vy, vz}, desired, *res, p.dt)
	vx, vy, vz = v[0], v[1], v[2]
	if gave > 0 {
		// A pushed character gave way: it does not brake the pusher as a
		// wall would (push.go).
		vx, vz = vx+float64((vx0-vx)*gave), vz+float64((vz0-vz)*gave)
	}

	k.OnWall, k.WallNormal, k.OnCeiling = res.OnWall, res.WallNormal, res.OnCeiling
	nowGrounded := grounded && !(jumped && vy > 0)
	if nowGrounded {
		vy = 0
		n := &res.GroundNormal
		k.GroundNormal[0], k.GroundNormal[1], k.GroundNormal[2] = n[0], n[1], n[2]
	} else {
		k.GroundNormal = motors.Up
	}
	if k.Planar2D {
		vy = 0
	}
	k.Grounded = nowGrounded
	k.GroundState = res.GroundState
	if jumped && vy > 0 {
		k.GroundState = kcc.GroundNone
	}
	k.GroundCollider = kcc.NoCollider
	if nowGrounded {
		k.GroundCollider = res.GroundCollider
	} else if wasOn != kcc.NoCollider && !k.Planar2D {
		// Left a collider (walked or jumped off): keep some of its
		// velocity, per the OnLeave policy.
		v := leave(k, ctrl, level, wasOn, body.Position, mgl64.Vec3{vx, vy, vz})
		vx, vy, vz = v[0], v[1], v[2]
	}
	bv[0], bv[1], bv[2] = vx, vy, vz
	if p.charCollide {
		p.placeCharacter(c, level)
	}
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
	switch {
	case k.Planar2D:
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
func (p *Pipeline) updateCrouch(k *components.KCCData, body *components.BodyData, level *kcc.World, want bool, ctrl *kcc.Controller, opts kcc.MoveOptions) {
	if k.CrouchHalfHeight <= 0 || k.StandHalfHeight <= k.CrouchHalfHeight {
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
		tall := kcc.Capsule{Radius: k.Shape.Radius, HalfHeight: k.StandHalfHeight}
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

	workers int
	pool    *kccWorkers

	charCollide bool
	// capsules are the characters' capsule colliders, in stable ID order,
	// and colChar the index+1 in chars of each collider's character.
	capsules []charCapsule
	colChar  []int32
	// filters holds each worker's query filters of the moves among
	// characters (blocking.go).
	filters []crowdFilters
	// The crowd of the moves among characters (blocking.go): its members
	// (the characters with a controller), their indices in chars, the
	// islands and what the last tick's plan found.
	members    []kcc.CrowdMember
	memberChar []int32
	planar     []float64 // by member: its move's length across its Up
	loose      []int32   // the characters without a controller, by index in chars
	crowdPlan  kcc.CrowdPlan
	crowdStats CrowdStats
	// noContactCache moves every character without its kcc.ContactCache
	// (benchmarks compare the two).
	noContactCache bool
	// contactListener is the game's (contacts.go) and kccListener the same
	// as a kcc.ContactListener (nil without one).
	contactListener ContactListener
	kccListener     kcc.ContactListener
	// abLevel is this tick's level's ladders, water and one-way colliders
	// and oneWay each worker's listener of its one-way rule (empty when
	// the level has no one-way collider; abilities.go).
	abLevel *abilities.Level
	oneWay  []*oneWayListener
	// abBody is each worker's abilities.Body scratch.
	abBody []abilities.Body
	// abWater is this tick's bounds of the level's water and oneWayBox
	// those of each one-way collider.
	abWater   abilities.Bounds
	oneWayBox []abilities.Bounds
	oneWayAll abilities.Bounds // around every one of oneWayBox
}

// roomToStand reports whether the standing capsule tall fits at pos (axis
// up): through the character's controller when it has one (its collision
// mask, its filter and the contact listener in opts), else against every
// collider the filter admits.
func (p *Pipeline) roomToStand(ctrl *kcc.Controller, level *kcc.World, tall kcc.Capsule, pos, up mgl64.Vec3, opts kcc.MoveOptions) bool {
	if ctrl != nil {
		return !ctrl.OverlapsWith(level, tall, pos, opts)
	}
	return !level.Filtered(opts.Filter).OverlapCapsuleAxis(tall, pos, up, 0)
}
