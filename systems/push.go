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
// PushMask). Character A's move carries a pusher (kcc.MoveOptions.Pusher):
// when the first thing A's move meets (touched at the start and walked
// into most head-on, or met by its slide) is the capsule of a character B that
// A may push (A.PushMask&B.PushLayers != 0), B is moved first, through B's
// own controller (so walls still hold it), along the direction from A to B
// across A's Up (its controller's, kcc.Config.Up) by
//
//	s = (the part of A's motion left after the contact, along that direction)
//	    * mA/(mA+mB)
//
// and then A's slide casts again, stopping at B where B now stands. A keeps
// its velocity in the share of the push that B gave way (all of it when B
// moved as far as asked, none when a wall held B), so the contact does not
// brake A as a wall would. The capsules never overlap: B moves only where
// its controller lets it (and only across its own Up), and A's move still
// collides with B's capsule. B's move carries a pusher of its own when B's
// mask covers a third character C's layers, and so on down a line of at
// most maxPushChain characters: each link gives way by its own mass share,
// so a line is harder to push than one character. Each link moves on a
// controller of its own depth (a move under way keeps its controller), and
// the pushes run in the KCC stage's order, so they are deterministic.
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

// pusher is a worker's kcc.Pusher for the depth-th link of a line of pushes:
// the move of character a (the line's first is the character whose capsule
// is root) asks it about the first character it meets. gave is the share
// of its push that character gave way, in [0, 1] (0 with no push).
type pusher struct {
	p             *Pipeline
	worker, depth int
	a             *character
	root          kcc.ColliderID
	gave          float64
}

// pusherFor readies worker's pusher of depth for the move of a, the
// depth-th link of a line of pushes made for the character whose capsule
// is root.
func (p *Pipeline) pusherFor(a *character, worker, depth int, root kcc.ColliderID) *pusher {
	ps := &p.crowd.filters[worker].pushers[depth]
	*ps = pusher{p: p, worker: worker, depth: depth, a: a, root: root}
	return ps
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

// Push is kcc.Pusher: A's slide met hit along motion. It moves the
// character met, when A may push it and the plan lets the line's first
// move it (kcc.CrowdPlan.MayMove); any other blocks like a wall.
func (ps *pusher) Push(hit kcc.CastHit, motion mgl64.Vec3) bool {
	p, a := ps.p, ps.a
	if int(hit.Collider) >= len(p.crowd.colChar) || p.crowd.colChar[hit.Collider] == 0 {
		return false
	}
	// The worker's controller of A's configuration (the same Up and skin
	// as k.Controller, and warm in the cache).
	ac := p.controller(a, ps.worker)
	up := ac.Up()
	d := across(motion, up)
	if !(detmath.Len(d) > 1e-9) || !motors.FiniteVec(d) {
		return false
	}
	bi := p.crowd.colChar[hit.Collider] - 1
	rb := &p.chars[bi]
	kb := rb.k
	if a.k.PushMask&kb.PushLayers == 0 || kb.Controller == nil {
		return false
	}
	if !p.mayMove(ps.root, hit.Collider) || !p.mayPush(a.e.Entity(), rb.e.Entity(), &hit, a.capsule, ac.Offset()) {
		return false
	}
	// The way from A to B: the contact normal (from B toward A) across
	// A's Up, reversed.
	u := detmath.Scale(across(hit.Normal, up), -1)
	ul := detmath.Len(u)
	if !(ul > 1e-6) {
		return false // met on top or below: standing on it, not pushing it
	}
	u = detmath.Scale(u, 1/ul)
	rest := float64((1 - hit.Fraction) * detmath.Dot(d, u))
	if !(rest > 0) {
		return false
	}
	ma, mb := massOf(a.k), massOf(kb)
	s := float64(rest * ma / (ma + mb))
	if !(s > 0) {
		return false
	}
	t := ps.moveB(rb, bi, detmath.Scale(u, s))
	ps.gave = max(0, min(1, detmath.Dot(t, u)/s))
	return t != (mgl64.Vec3{})
}

// moveB moves the pushed character rb (chars[bi]) by push, on the
// controller of the next depth, with a pusher of its own when it may push
// on, and returns its translation across its Up. The worker notes rb
// among the pushed, once a tick (pushVelocities).
func (ps *pusher) moveB(rb *character, bi int32, push mgl64.Vec3) mgl64.Vec3 {
	p, depth := ps.p, ps.depth+1
	fs := &p.crowd.filters[ps.worker]
	if !rb.pushNoted {
		rb.pushNoted = true
		fs.pushed = append(fs.pushed, bi)
	}
	kb, bb := rb.k, rb.body
	b := rb.e.Entity()
	f := fs.push(ps.depth, rb.capsule, p.crowdView(ps.root))
	bc := p.controllerAt(rb, ps.worker, depth)
	// B's own contact cache: B stands where its last move ended, so the
	// push starts from the level's contacts kept there, and B's own move
	// after it from those the push ends at.
	opts := p.moveOptions(b, f, p.contactCacheOf(rb))
	if kb.PushMask != 0 && depth < maxPushChain {
		opts.Pusher = p.pusherFor(rb, ps.worker, depth, ps.root)
	}
	// The worker's one-way listener is A's move's too: B's move borrows it.
	restore := p.borrowListener(ps.worker)
	p.listenerFor(&opts, ps.worker, uint64(b), kcc.NoCollider, p.nearOneWay(&bb.Position, &kb.Shape, detmath.Len(push)))
	res := bc.MoveWith(p.level, kb.Shape, bb.Position, push, opts)
	restore.undo()
	if !motors.FiniteVec(res.Translation) {
		return mgl64.Vec3{}
	}
	t := across(res.Translation, bc.Up())
	kb.Plane.PinVelocity(&t) // a 2D character is pushed in its plane
	bb.Position = bb.Position.Add(t)
	rb.pushed = rb.pushed.Add(t)
	p.placeCharacter(rb, p.level, bc.Up())
	return t
}

// listenerState is a worker's one-way listener as the move under way set
// it (listenerFor), kept while a push borrows the listener.
type listenerState struct {
	l       *oneWayListener
	dropper uint64
	drop    kcc.ColliderID
}

// borrowListener keeps worker's one-way listener's state (none on a level
// without one-way colliders) for undo.
func (p *Pipeline) borrowListener(worker int) listenerState {
	if len(p.oneWay.listeners) == 0 {
		return listenerState{}
	}
	l := p.oneWay.listeners[worker]
	return listenerState{l: l, dropper: l.dropper, drop: l.drop}
}

// undo gives the listener back as it was kept.
func (s listenerState) undo() {
	if s.l != nil {
		s.l.dropper, s.l.drop = s.dropper, s.drop
	}
}

// pushVelocities gives every character pushed this tick the velocity of
// its pushes (pushVelocity), from the workers' lists of the pushed, each
// list a part on the workers: a character is on one list, and its
// velocity is its own, so the lists' order and who runs them change
// nothing.
func (p *Pipeline) pushVelocities() {
	p.runParts(len(p.crowd.filters), p.crowd.velocityFn)
}

// pushVelocitiesOf gives the characters on worker w's list of the pushed
// the velocity of their pushes, and empties the list.
func (p *Pipeline) pushVelocitiesOf(w int) {
	fs := &p.crowd.filters[w]
	for _, i := range fs.pushed {
		c := &p.chars[i]
		c.pushNoted = false
		pushVelocity(c, p.dt)
	}
	fs.pushed = fs.pushed[:0]
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
