package systems

import (
	"math"

	"github.com/go-gl/mathgl/mgl64"
	"github.com/seedgames/motorkit/components"
	"github.com/seedgames/motorkit/detmath"
	"github.com/seedgames/motorkit/kcc"
	"github.com/seedgames/motorkit/motors"
)

// Characters that push each other (Options.CharacterCollisions and a
// PushMask). Before character A moves, its capsule is swept along the
// part of its move across its Up (its controller's, kcc.Config.Up); when
// the first thing it would meet is the capsule of a character B that A may
// push (A.PushMask&B.PushLayers != 0), B is moved first, through B's own
// controller (so walls still hold it), along the direction from A to B
// across A's Up by
//
//	s = (the part of A's move left after the contact, along that direction)
//	    * mA/(mA+mB)
//
// and then A moves as usual, stopping at B where B now stands. A keeps its
// velocity in the share of the push that B gave way (all of it when B moved
// as far as asked, none when a wall held B), so the contact does not brake
// A as a wall would. The capsules never overlap: B moves only where its
// controller lets it (and only across its own Up), and A's move still
// collides with B's capsule. B pushes a third character C the same way
// when B's mask covers C's layers, before B moves, and so on down a line
// of at most maxPushChain characters: each link gives way by its own mass
// share, so a line is harder to push than one character. The pushes run in
// the KCC stage's order, so they are deterministic.
//
// A pushed character gets the velocity of its push: after the tick's
// moves, its velocity along the push is raised to the push's length over
// dt if it was lower (pushVelocity). It then coasts when the push ends,
// until its motor brakes it, and a pusher walks on with it: two equal
// masses of the basic motor (5 m/s, 40 m/s²) go at 3.11 m/s, where
// without that velocity the pushed one would stop dead every tick and
// they would go at half the pusher's speed (TestCharactersPush derives
// both). A character pushes one ten times heavier at 1/11 of its speed (the
// push is slower than the heavy one's motor brakes in a tick), and one
// held by a wall not at all.

// maxPushChain is the longest line of characters a push moves.
const maxPushChain = 4

// pushAhead pushes the character A's move would meet first, if A may push
// it; self is A's filter (leaving A's own capsule out). It returns the
// share of the push B gave way, in [0, 1] (0 when there was no push).
func (p *Pipeline) pushAhead(a *character, worker int, level *kcc.World, desired mgl64.Vec3, self *kcc.QueryFilter) float64 {
	return p.pushChain(a, worker, level, desired, self, a.capsule, 0)
}

// mayMove reports whether the character whose capsule is root may move
// the capsule other this tick: in the planned crowd, when the plan lets it
// (kcc.CrowdPlan.MayMove).
func (p *Pipeline) mayMove(root, other kcc.ColliderID) bool {
	return !p.crowd.on || p.crowd.plan.MayMove(root, other)
}

// across returns v without its part along the unit vector up.
func across(v, up mgl64.Vec3) mgl64.Vec3 {
	d := float64(v[0]*up[0]) + float64(v[1]*up[1]) + float64(v[2]*up[2])
	return mgl64.Vec3{v[0] - float64(d*up[0]), v[1] - float64(d*up[1]), v[2] - float64(d*up[2])}
}

// pushChain is pushAhead for the depth-th link of a line of pushes, made
// for the character whose capsule is root: in a planned crowd it pushes only
// the characters root may move (kcc.CrowdPlan.MayMove); any other blocks
// like a wall this tick.
func (p *Pipeline) pushChain(a *character, worker int, level *kcc.World, desired mgl64.Vec3, self *kcc.QueryFilter, root kcc.ColliderID, depth int) float64 {
	k, body := a.k, a.body
	// The worker's controller of A's configuration (the same Up and skin
	// as k.Controller, and warm in the cache).
	ac := p.controller(a, worker)
	up := ac.Up()
	d := across(desired, up)
	if !(detmath.Len(d) > 1e-9) || !motors.FiniteVec(d) {
		return 0
	}
	skin := ac.Offset()
	// Only a character's hit matters: no cast when none is near.
	hit, ok := level.Filtered(self).CastCapsuleIfCapsules(k.Shape, body.Position, up, d, skin)
	if !ok || int(hit.Collider) >= len(p.crowd.colChar) || p.crowd.colChar[hit.Collider] == 0 {
		return 0
	}
	rb := &p.chars[p.crowd.colChar[hit.Collider]-1]
	kb, bb := rb.k, rb.body
	if k.PushMask&kb.PushLayers == 0 || kb.Controller == nil {
		return 0
	}
	b := rb.e.Entity()
	if !p.mayMove(root, hit.Collider) || !p.mayPush(a.e.Entity(), b, &hit, a.capsule, skin) {
		return 0
	}
	// The way from A to B: the contact normal (from B toward A) across
	// A's Up, reversed.
	u := detmath.Scale(across(hit.Normal, up), -1)
	ul := detmath.Len(u)
	if !(ul > 1e-6) {
		return 0 // met on top or below: standing on it, not pushing it
	}
	u = detmath.Scale(u, 1/ul)
	rest := float64((1 - hit.Fraction) * detmath.Dot(d, u))
	if !(rest > 0) {
		return 0
	}
	ma, mb := massOf(k), massOf(kb)
	s := float64(rest * ma / (ma + mb))
	push := detmath.Scale(u, s)
	f := p.crowd.filters[worker].push(depth, rb.capsule, p.crowdView(root))
	if kb.PushMask != 0 && depth+1 < maxPushChain {
		p.pushChain(rb, worker, level, push, f, root, depth+1) // B pushes C first
	}
	bc := p.controller(rb, worker)
	// B's own contact cache: B stands where its last move ended, so the
	// push starts from the level's contacts kept there, and B's own move
	// after it from those the push ends at.
	opts := p.moveOptions(b, f, p.contactCacheOf(rb))
	p.listenerFor(&opts, worker, uint64(b), kcc.NoCollider, p.nearOneWay(&bb.Position, &kb.Shape, detmath.Len(push)))
	res := bc.MoveWith(level, kb.Shape, bb.Position, push, opts)
	if !motors.FiniteVec(res.Translation) {
		return 0
	}
	t := across(res.Translation, bc.Up())
	kb.Plane.PinVelocity(&t) // a 2D character is pushed in its plane
	bb.Position = bb.Position.Add(t)
	rb.pushed = rb.pushed.Add(t)
	p.placeCharacter(rb, level, bc.Up())
	if !(s > 0) {
		return 0
	}
	gave := detmath.Dot(t, u) / s
	return math.Max(0, math.Min(1, gave))
}

// pushVelocity gives a character pushed this tick the velocity of its
// push: its velocity along the push is raised to the push's length over
// dt when it is lower. It runs after the character's own move, so the
// velocity is the next tick's, not a second move this tick.
func pushVelocity(c *character, dt float64) {
	t := c.pushed
	c.pushed = mgl64.Vec3{}
	l := detmath.Len(t)
	if !(l > 1e-12) || !(dt > 0) {
		return
	}
	u := detmath.Scale(t, 1/l)
	v := &c.body.Velocity
	if lack := l/dt - detmath.Dot(*v, u); lack > 0 {
		*v = v.Add(detmath.Scale(u, lack))
		clampVec(v, maxSpeed)
	}
}

// massOf is the character's mass, DefaultMass when it is not a positive
// finite number.
func massOf(k *components.KCCData) float64 {
	if m := k.Mass; m > 0 && m <= math.MaxFloat64 {
		return m
	}
	return components.DefaultMass
}
