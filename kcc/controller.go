package kcc

import (
	"math"

	"github.com/go-gl/mathgl/mgl64"
	"github.com/seedgames/motorkit/detmath"
)

// GroundState classifies what the character stands on after a Move.
type GroundState uint8

const (
	// GroundNone means in the air (nothing below within Offset+GroundTolerance).
	GroundNone GroundState = iota
	// Ground means on a walkable surface (slope at most MaxSlopeClimbAngle), or
	// on the edge of one (a ledge).
	Ground
	// GroundSteep means touching only upward-facing surfaces that are too steep
	// to walk on; the character slides down them.
	GroundSteep
)

// String returns "none", "ground" or "steep".
func (g GroundState) String() string {
	switch g {
	case GroundNone:
		return "none"
	case Ground:
		return "ground"
	case GroundSteep:
		return "steep"
	}
	return "invalid"
}

// Collision is one contact met while moving.
type Collision struct {
	// Collider that was hit.
	Collider ColliderID
	// Normal is the unit contact normal from the collider towards the
	// character; Point is the contact point on the collider.
	Normal, Point mgl64.Vec3
	// TranslationApplied is the character's translation from the start
	// position (including any penetration recovery) when the hit happened;
	// TranslationRemaining is the part of the requested motion that was
	// still to be done.
	TranslationApplied, TranslationRemaining mgl64.Vec3
}

// MoveResult is the outcome of one Move.
type MoveResult struct {
	// Translation is the actual translation to add to the position.
	Translation mgl64.Vec3
	// Grounded is true when GroundState == Ground.
	Grounded bool
	// GroundNormal is the unit normal of the walkable surface under the
	// character (the supporting face's normal on a ledge), the steep
	// surface's normal when GroundState == GroundSteep, and Up in the air.
	GroundNormal mgl64.Vec3
	// GroundState says whether the character stands on walkable ground, on
	// a too-steep slope, or nothing.
	GroundState GroundState
	// SlidingDownSlope is true when gravity (a downward request) was turned
	// into motion along a slope this Move: a steep slope, or a walkable one
	// at least MinSlopeSlideAngle steep.
	SlidingDownSlope bool
	// OnWall is true when the Move hit a wall: a surface too steep to be
	// ground and not a ceiling (Godot's is_on_wall); WallNormal is the
	// first such hit's normal. OnCeiling is true when it hit a face turned
	// down at most MaxSlopeClimbAngle from straight down (is_on_ceiling).
	OnWall, OnCeiling bool
	WallNormal        mgl64.Vec3
	// Crushed is true when the capsule still overlaps geometry after the
	// push-out at the start of the Move: colliders press it from opposite
	// sides (a platform moving it into a wall, a lift into a ceiling, a
	// door closing on it) and it cannot fit between them; it is set on
	// every Move it cannot fit. The Move never resolves that by passing
	// through a collider: the capsule stays between those that squeeze it
	// (never on the far side of one it was in contact with, never a long
	// way round through a solid), keeping its place as best it can, and is
	// back to normal within a few Moves of release. A squeeze by colliders
	// that move never teleports: the Move takes the capsule at most its
	// own move, the squeezers' travel and the skin. The caller decides
	// (damage, respawn, stop the platform). The rule: "Pushing and
	// crushing" in docs/kcc.md#moving-colliders-settransform-setvelocity-step.
	Crushed bool
	// GroundCollider is the collider the character stands on (walkable
	// ground, or the steep ground it touches when GroundState is
	// GroundSteep), NoCollider in the air: pass it to World.Carry and
	// World.PointVelocity to ride moving platforms.
	GroundCollider ColliderID
	// Collisions lists the hits met during the Move, in order. The slice is
	// the Controller's scratch: valid until its next Move.
	Collisions []Collision
}

// MoveOptions are what a Move (MoveWith, CarryWith, OverlapsWith) may
// take besides the capsule and its motion, in any combination. The zero
// value is a plain Move: every collider Config.CollisionMask admits, no
// cache, no listener. Options are read during the call only; nothing of
// them stays in the Controller, so one Controller moves many characters,
// each with its own options, with nothing to bind or unbind between them.
type MoveOptions struct {
	// Filter narrows the colliders the Move collides with, on top of
	// Config.CollisionMask, as Rapier's QueryFilter: a character's own
	// capsule left out (Exclude), a layer of ghosts (Mask), a door it may
	// pass (Predicate). Default nil: every collider the mask admits.
	// Cost: Mask nothing; Exclude a linear scan per collider the Move
	// considers; Predicate a call per collider that passes Mask and
	// Exclude, maybe several per Move (it must give one answer for a
	// collider during a Move).
	Filter *QueryFilter
	// Cache is the moving character's ContactCache (one per character,
	// the zero value empty): the Move reuses the contacts the last Move
	// with it found where it ended, when it starts there and nothing
	// changed, and the character's colliders nearby. Default nil: every
	// Move asks the World afresh. The results are the same bits with or
	// without it, whatever the Filter and the Listener: the cache keeps
	// the contacts before them, and each Move applies its own on top.
	// Cost: memory, 256 bytes per character plus 96 per contact kept
	// (room for four at least); with a Filter or a Listener, the query
	// that fills it also reads the contacts of the colliders they leave
	// out, and a Move that reads it copies the contacts it keeps.
	// CarryWith and OverlapsWith do not use it.
	Cache *ContactCache
	// Listener is asked about the first contact of each collider the Move
	// meets and may have the Move ignore it or stop at it (see
	// ContactListener). Default nil: none. Cost: none without one; with
	// one, a call per collider met per Move, and a query done again
	// without each collider it ignores. A listener that is a pointer (or
	// a value kept in a ContactListener variable) costs no allocation.
	Listener ContactListener
	// Character is the caller's id for the character moving (an ECS
	// entity id, an index), told to the Listener in
	// ContactEvent.Character, as Jolt passes the CharacterVirtual to each
	// callback. The Move itself does not read it. Default 0.
	Character uint64
	// Pusher is asked about the first capsule collider (another
	// character) the Move meets, and may move it out of the way before the
	// slide casts (again) (see Pusher). Default nil: a capsule collider
	// blocks like any other. Cost: none without one; with one, of the
	// capsules touched at the start and walked into, the one walked into
	// most head-on is offered to it and the others are found by the
	// slide's casts instead of being clipped at the start; a push met by a
	// cast casts the motion again.
	Pusher Pusher
}

// Controller moves capsules through a World. It keeps only scratch
// buffers, no per-character state (a character's filter, cache and
// listener come with each call in MoveOptions), so one Controller can move
// many characters; it must be used by one goroutine at a time.
type Controller struct {
	cfg         Config
	cosMaxClimb float64 // cos(MaxSlopeClimbAngle)
	// leaving is the unit direction of the Move's motion across Up (zero
	// for a Move with none): a ledge the capsule moves away from stops
	// carrying it at the climb limit (supportOf).
	leaving     vec
	cosMinSlide float64 // cos(MinSlopeSlideAngle)
	s           scratch
	planes      [maxPlanes]vec
	nplanes     int
	collisions  []Collision
	deep        deepScratch
	// carryF and carryEx filter CarryWith's sweep (the carrier left out).
	carryF  QueryFilter
	carryEx []ColliderID
	// listener is the listener of the Move under way (its options'),
	// consulted about each collider it meets (listener.go), and
	// character the id told to it; asked lists the colliders it was asked
	// about during this Move.
	listener  ContactListener
	character uint64
	asked     []ColliderID
	stops     []ColliderID // the colliders it answered ContactStop for
	// pusher is the Pusher of the Move under way (its options'), and
	// pushAsked whether it was asked already (pusher.go).
	pusher    Pusher
	pushAsked bool
}

// NewController returns a Controller for cfg. An invalid cfg never panics:
// each invalid field is replaced as documented on Config.sanitized (Validate
// tells which fields are invalid): bad Up -> +Y, bad Offset -> 0.01, bad
// angles -> their defaults, bad SnapToGround/GroundTolerance -> 0,
// MaxIterations <= 0 -> 8 (capped at 64), bad MaxTranslation -> 100, bad
// Autostep.MaxHeight -> autostep disabled.
func NewController(cfg Config) *Controller {
	c := &Controller{cfg: cfg.sanitized()}
	c.cosMaxClimb = detmath.Cos(c.cfg.MaxSlopeClimbAngle) - 1e-9
	c.cosMinSlide = detmath.Cos(c.cfg.MinSlopeSlideAngle) - 1e-9
	// collisions and the scratch grow on first use: a Controller that is
	// only a configuration (the ECS pipeline moves characters with its own)
	// costs a few hundred bytes.
	c.s.setFilter(c.cfg.CollisionMask, nil)
	c.s.boxAx, c.s.boxAligned = boxFrame(c.cfg.Up)
	return c
}

// FloorConstantSpeed reports the controller's Config.FloorConstantSpeed
// without copying the config.
func (c *Controller) FloorConstantSpeed() bool { return c.cfg.FloorConstantSpeed }

// Config returns the sanitized configuration the Controller uses.
func (c *Controller) Config() Config {
	out := c.cfg
	if out.Autostep != nil {
		a := *out.Autostep
		out.Autostep = &a
	}
	return out
}

// beginMove starts a Move (or CarryWith, or OverlapsWith) with options
// o: the colliders Config.CollisionMask and o.Filter admit, o's
// ContactCache, o's listener with no answers yet, the cell cache on.
// endMove undoes it.
func (c *Controller) beginMove(w *World, o *MoveOptions, box bool) {
	c.s.box = box
	c.s.setFilter(c.cfg.CollisionMask, o.Filter)
	c.s.crowd = crowdViewOf(o.Filter)
	c.s.cache = o.Cache
	c.listener, c.character = o.Listener, o.Character
	c.pusher, c.pushAsked = o.Pusher, false
	c.s.ignore, c.asked, c.stops = c.s.ignore[:0], c.asked[:0], c.stops[:0]
	c.s.beginCells()
}

// endMove ends a Move's use of the cell cache and of its options: nothing
// of them stays in the Controller.
func (c *Controller) endMove() {
	c.s.cellsOn = false
	c.s.box = false
	c.leaving = vec{}
	c.s.setFilter(c.cfg.CollisionMask, nil)
	c.s.crowd = crowdView{}
	c.s.ignore = c.s.ignore[:0]
	c.s.cache = nil
	c.listener, c.character = nil, 0
	c.pusher = nil
}

// clipTouching clips the request remaining against the walkable surfaces
// and the other characters the capsule already touches (contacts cs at p,
// the move having started at pos): they act like hits at time zero, and
// clipping them now saves the cast that would find them (the common cases:
// standing on the floor with a gravity request; a crowd's walkers pressed
// together). A character met is a wall to the slide, as its cast's hit
// would be (res.OnWall, clipHit, the crease solve); with a listener it is
// left to the casts, where it is asked. With a Pusher, the character the
// request walks into most head-on is offered to it (pushTouching), and
// the others are left to the casts.
func (c *Controller) clipTouching(w *World, res *MoveResult, remaining *vec, m *moveFlags, cs []Contact, p, pos *vec) {
	rl := length(*remaining)
	if !(rl > 0) {
		return
	}
	up := c.cfg.Up
	var met *Contact // the character walked into most head-on (with a Pusher)
	metDot := 0.0
	for i := range cs {
		k := &cs[i]
		if k.Distance > c.cfg.Offset+castTol || dot(k.Normal, *remaining) >= float64(-approachEps*rl) {
			continue
		}
		cn := dot(k.Normal, up)
		wall := false
		if cn < c.cosMaxClimb {
			// Another character touched (a capsule collider, never
			// stepped onto) stops the move as the slide's first cast
			// would, at once: what is left slides along it.
			if c.listener != nil || cn <= -c.cosMaxClimb || w.colliders[k.Collider].kind != kindCapsule {
				continue
			}
			if c.pusher != nil {
				if d := dot(k.Normal, *remaining); met == nil || d < metDot {
					met, metDot = k, d
				}
				continue
			}
			wall = true
		}
		c.collisions = append(c.collisions, Collision{})
		cl := &c.collisions[len(c.collisions)-1]
		cl.Collider = k.Collider
		copyVec(&cl.Normal, &k.Normal)
		copyVec(&cl.Point, &k.Point)
		cl.TranslationApplied[0], cl.TranslationApplied[1], cl.TranslationApplied[2] = p[0]-pos[0], p[1]-pos[1], p[2]-pos[2]
		copyVec(&cl.TranslationRemaining, remaining)
		if wall {
			if !res.OnWall {
				res.OnWall, res.WallNormal = true, k.Normal
			}
			if c.clipHit(m, remaining, k.Normal, cn, false, false, m.idle) {
				*remaining = vec{}
				break
			}
			*remaining = c.solve(*remaining)
			continue
		}
		if vd := dot(*remaining, up); vd < 0 {
			if cn >= c.cosMinSlide || m.idle {
				*remaining = madd(*remaining, up, -vd)
			} else {
				m.sliding = true
			}
		}
		if !c.addPlane(k.Normal) {
			break
		}
		if c.climbInto(remaining, remaining, &k.Normal, m.onGround) {
			continue
		}
		*remaining = c.solve(*remaining)
	}
	if met != nil {
		c.pushTouching(met, *remaining)
	}
}

// groundInfo is the result of a ground probe.
type groundInfo struct {
	state    GroundState
	normal   vec
	collider ColliderID // the support (NoCollider when none)
	// rim is true when the only support is the rim of a ledge the Move
	// walks away from, beyond the climb limit (leavingRim).
	rim bool
}

// leavingRim reports whether a walkable contact (normal n, face normal fn)
// is the rim of a ledge the Move walks away from, beyond the climb limit:
// the contact normal is steeper than MaxSlopeClimbAngle, the face is
// walkable, and the normal leans the way the character moves. Such a rim
// carries the character only where a step down follows within
// SnapToGround (stairs, ledgeBelow); off a real ledge the character leaves
// it there, instead of rolling down the rim.
func (c *Controller) leavingRim(n *vec, onFace bool) bool {
	up, lv := &c.cfg.Up, &c.leaving
	cn := float64(n[0]*up[0]) + float64(n[1]*up[1]) + float64(n[2]*up[2])
	return !onFace && cn < c.cosMaxClimb &&
		float64(n[0]*lv[0])+float64(n[1]*lv[1])+float64(n[2]*lv[2]) > 0
}

// stepBelow reports whether walkable ground lies within SnapToGround
// (plus the skin) under the lowest point of the capsule at p: the next tread
// of stairs, not the drop of a ledge.
func (c *Controller) stepBelow(w *World, p *vec, r, hh float64) bool {
	up := c.cfg.Up
	low := madd(*p, up, -(hh + r))
	hit, ok := w.rayCast(&c.s, low, scale(up, -1), c.cfg.SnapToGround+float64(2*c.cfg.Offset))
	return ok && dot(hit.Normal, up) >= c.cosMaxClimb
}

// steepMinCos is the smallest normal.Up for a contact to count as (steep)
// ground rather than a wall: about 87 degrees.
const steepMinCos = 0.05

// cos45 is cos(45°): slopes steeper than this are climbed at the
// requested length along the surface (climb).
const cos45 = 0.7071067811865476

// supportNormal classifies a contact with normal n (collider to character),
// face normal fn and face flag onFace. It returns whether it supports the
// character as walkable ground, whether it is steep ground, and the normal
// to report.
func (c *Controller) supportNormal(n, fn vec, onFace bool) (walkable, steep bool, out vec) {
	walkable, steep, o := c.supportOf(&n, &fn, onFace)
	return walkable, steep, *o
}

// supportOf is supportNormal by pointer: out is n or fn.
func (c *Controller) supportOf(n, fn *vec, onFace bool) (walkable, steep bool, out *vec) {
	up := &c.cfg.Up
	cn := float64(n[0]*up[0]) + float64(n[1]*up[1]) + float64(n[2]*up[2])
	if cn < steepMinCos {
		return false, false, n
	}
	faceWalkable := !onFace && float64(fn[0]*up[0])+float64(fn[1]*up[1])+float64(fn[2]*up[2]) >= c.cosMaxClimb
	if cn >= c.cosMaxClimb {
		if faceWalkable {
			return true, false, fn
		}
		return true, false, n
	}
	// A steep contact normal on the edge of a walkable face is a ledge: the
	// face carries the character (see also leavingRim).
	if faceWalkable {
		return true, false, fn
	}
	return false, true, n
}

// ground probes the surfaces under the capsule at p into g, and stores
// the contacts there in the Move's ContactCache.
func (c *Controller) ground(g *groundInfo, w *World, p *vec, r, hh float64) {
	var p0, p1 vec
	capsuleSegTo(&p0, &p1, p, &c.cfg.Up, hh)
	var cs []Contact
	if c.s.cache != nil && c.sifting() {
		// The cache keeps the contacts before the filter and the
		// listener (contactcache.go): the next Move applies its own.
		cs = c.rawContactsOf(w, &p0, &p1, r, c.probeDist())
		c.remember(w, p, r, hh, cs)
		cs = c.sift(w, cs)
	} else {
		cs = c.contactsOf(w, &p0, &p1, r, c.probeDist())
		c.remember(w, p, r, hh, cs)
	}
	c.groundFrom(g, cs, r)
}

// endContacts reports whether the ground probe at the end of a Move may
// read the contacts read at the start, at p, instead of its query: no
// slide moved the capsule from there (still: a walker pressed against the
// crowd), no listener is asked about contacts (a query asks it again), and
// the ContactCache, if any, already holds those of p (the probe's query
// would store them). The query would give the same contacts: the same
// capsule, place, probe distance and filter, and nothing in the World
// moved since.
func (c *Controller) endContacts(w *World, still bool, p *vec, r, hh float64) bool {
	if !still || c.listener != nil {
		return false
	}
	if c.s.cache != nil {
		_, ok := c.cached(w, p, r, hh)
		return ok
	}
	return true
}

// probeDist is the ground probe distance: Offset + GroundTolerance plus a
// slack of twice the cast tolerance, so a capsule resting where a cast left
// it always finds its support even with zero Offset and GroundTolerance.
func (c *Controller) probeDist() float64 {
	return c.cfg.Offset + c.cfg.GroundTolerance + 2*castTol
}

// groundFrom classifies the ground from contacts within
// Offset+GroundTolerance into g (none while the capsule of radius r is
// still deep inside a collider).
func (c *Controller) groundFrom(g *groundInfo, cs []Contact, r float64) {
	up := &c.cfg.Up
	g.state, g.collider, g.rim = GroundNone, NoCollider, false
	copyVec(&g.normal, up)
	if isDeep(cs, r) {
		// Still deep inside a collider (a long deep exit under way): its
		// faces around the capsule are not ground to stand on.
		return
	}
	bestD, bestSteepD := math.Inf(1), math.Inf(1)
	bestUp := -2.0
	solid := false // some walkable support other than a rim walked away from
	for i := range cs {
		k := &cs[i]
		walk, steep, n := c.supportOf(&k.Normal, &k.FaceNormal, k.OnFace)
		if walk && !solid {
			solid = c.leaving == (vec{}) || !c.leavingRim(&k.Normal, k.OnFace)
		}
		switch {
		case walk:
			// Nearest contact first; among equally near ones the most
			// upright normal.
			d := k.Distance
			nu := float64(n[0]*up[0]) + float64(n[1]*up[1]) + float64(n[2]*up[2])
			if g.state != Ground || d < bestD-1e-6 || (d < bestD+1e-6 && nu > bestUp) {
				g.state = Ground
				copyVec(&g.normal, n)
				g.collider = k.Collider
				if d < bestD { // min(bestD, d): d is finite here
					bestD = d
				}
				bestUp = nu
			}
		case steep:
			if g.state != Ground && k.Distance < bestSteepD {
				g.state = GroundSteep
				copyVec(&g.normal, n)
				g.collider = k.Collider
				bestSteepD = k.Distance
			}
		}
	}
	g.rim = g.state == Ground && !solid
}

// recover pushes the capsule at p out of any geometry closer than Offset
// (penetration recovery). A deep overlap (some contact more than half a
// radius deep) first takes the cheapest free exit found by recoverDeep
// (recover.go), or, squeezed, keeps its place (no contact push then); the
// remaining shallow overlaps are resolved with the contact normals. It returns the new position and the contacts within
// Offset+GroundTolerance there (the Controller's scratch).
func (c *Controller) recover(w *World, p vec, r, hh, own float64) (vec, []Contact) {
	const tol = 1e-6
	off := c.cfg.Offset
	probe := c.probeDist()
	triedDeep := false
	start := p
	for pass := 0; ; pass++ {
		var p0, p1 vec
		capsuleSegTo(&p0, &p1, &p, &c.cfg.Up, hh)
		var cs []Contact
		ok := false
		if pass == 0 { // where the last Move ended, maybe (ContactCache)
			cs, ok = c.cachedContacts(w, &p, r, hh)
		}
		if !ok {
			cs = c.contactsOf(w, &p0, &p1, r, probe)
		}
		if !triedDeep && !c.s.box && isDeep(cs, r) {
			// (A box takes the contact push below from any depth: each
			// contact's normal is the collider's shortest way out.)
			// The contact normals do not tell the way out: look for the
			// shortest free exit (recover.go).
			triedDeep = true
			q, out := c.recoverDeep(w, p, r, hh, own)
			p = q
			capsuleSegTo(&p0, &p1, &p, &c.cfg.Up, hh)
			cs = c.contactsOf(w, &p0, &p1, r, probe)
			if !out {
				// Part of a long exit (the rest next Move), or squeezed:
				// no contact push, which would push it into or through
				// what squeezes it.
				return p, cs
			}
		}
		deep := false
		for i := range cs {
			if cs[i].Distance < off-tol {
				deep = true
				break
			}
		}
		if !deep || pass == 4 {
			return p, cs
		}
		x, ok := contactPush(w, cs, p, off, false, false)
		if c.s.box && !triedDeep && (!ok || pushesInto(cs, x, off)) && !c.anyMoved(w, cs) {
			// A box in colliders that push it opposite ways, none of
			// them moving (a spawn into a block of tiles): the way out
			// along the box's axes (boxExit), from where the Move
			// started (the pushes so far were a start).
			triedDeep = true
			if q, found := c.boxExit(w, start, r, hh); found {
				p = q
				continue
			}
		}
		if !ok || pushesInto(cs, x, off) {
			// The push presses the capsule into a contact it only
			// touched. When no push satisfies all (squeezed between
			// colliders: a lift carrying its rider into a ceiling) it
			// leaves those that do not move into it, the pushers' overlap
			// being the one the squeeze forces; when none moves into it
			// (a lift going down from under a ceiling), it stays.
			if _, all := contactPush(w, cs, p, off, true, false); !all {
				if x, ok = contactPush(w, cs, p, off, true, true); !ok {
					return p, cs
				}
			}
		}
		if !finiteVec(x) {
			return p, cs
		}
		q := add(p, c.sweptPush(w, p, r, hh, x, cs))
		if c.s.box {
			q = c.boxPushCap(w, cs, start, q, own)
		}
		p = q
	}
}

// anyMoved reports whether a collider of the contacts cs (overlapping or
// touching: a lift that carried its rider into a ceiling) moved this step
// (or moves).
func (c *Controller) anyMoved(w *World, cs []Contact) bool {
	for i := range cs {
		if w.hasMoved(cs[i].Collider) {
			return true
		}
	}
	return false
}

// sweptPush is the contact push x of a capsule at p, cut short a skin
// before a collider it meets on the way that is not among its contacts cs
// (a ceiling beyond the contact probe over a rider the push lifts). A push
// within the skin is not swept.
func (c *Controller) sweptPush(w *World, p vec, r, hh float64, x vec, cs []Contact) vec {
	l := length(x)
	if !(l > float64(2*c.cfg.Offset)) {
		return x
	}
	n := len(c.s.ignore)
	for i := range cs {
		c.s.ignore = append(c.s.ignore, cs[i].Collider)
	}
	var p0, p1 vec
	capsuleSegTo(&p0, &p1, &p, &c.cfg.Up, hh)
	var hit CastHit
	blocked := w.castCapsuleTo(&hit, &c.s, &p0, &p1, r, &x, c.cfg.Offset)
	c.s.ignore = c.s.ignore[:n]
	if blocked {
		return scale(x, hit.Fraction)
	}
	return x
}

// contactPush finds the smallest push x with x.n_i >= off - d_i for the
// contacts cs of a capsule at p by cyclic projection (Gauss-Seidel on the
// constraint set): those closer than off, or with all, every contact the
// push brings closer than off; with skipPushers, not those of colliders
// moving into the capsule. ok is false when the constraints do not
// settle (they conflict).
func contactPush(w *World, cs []Contact, p vec, off float64, all, skipPushers bool) (x vec, ok bool) {
	const tol = 1e-6
	for it := 0; it < 16; it++ {
		changed := false
		for i := range cs {
			need := off - cs[i].Distance - dot(x, cs[i].Normal)
			if (all || cs[i].Distance < off-tol) && need > 1e-9 {
				if skipPushers && dot(w.motionVelocity(cs[i].Collider, p), cs[i].Normal) > 1e-9 {
					continue
				}
				x = madd(x, cs[i].Normal, need)
				changed = true
			}
		}
		if !changed {
			return x, true
		}
	}
	return x, false
}

// pushesInto reports whether the push x takes the capsule more than a
// tolerance into a contact of cs it did not overlap.
func pushesInto(cs []Contact, x vec, off float64) bool {
	const tol = 1e-6
	for i := range cs {
		if cs[i].Distance >= off-tol && cs[i].Distance+dot(x, cs[i].Normal) < -tol {
			return true
		}
	}
	return false
}

// addPlane adds a constraint normal unless an almost identical one is
// already present. It reports false when the plane set is full.
func (c *Controller) addPlane(n vec) bool {
	for i := 0; i < c.nplanes; i++ {
		if dot(c.planes[i], n) > 1-1e-12 {
			return true
		}
	}
	if c.nplanes == maxPlanes {
		return false
	}
	c.planes[c.nplanes] = n
	c.nplanes++
	return true
}

// climbInto handles a grounded move pushing horizontally into a single
// walkable plane n (a ramp, or the rounded contact on a step's edge): it
// keeps the horizontal part of r and lifts it onto the plane, instead of
// projecting r onto the plane, which would shorten the horizontal motion by
// the slope's cos² and make characters lose speed at every ramp foot and
// step edge. It applies only when n is the only constraint so far; creases
// go through solve. It writes the lifted request into out (which may be r)
// and reports whether it applied. With FloorConstantSpeed, and always on a
// slope steeper than 45° (walkable only under a raised
// MaxSlopeClimbAngle), it keeps the speed along the surface instead of the
// horizontal one: keeping the horizontal speed would climb at
// 1/cos(angle) times the request (twice at 60°). The arithmetic is on
// float64 locals (it runs for the ground under every grounded Move).
func (c *Controller) climbInto(out, r, n *vec, onGround bool) bool {
	up := &c.cfg.Up
	cn := float64(n[0]*up[0]) + float64(n[1]*up[1]) + float64(n[2]*up[2])
	if !onGround || c.nplanes != 1 || cn < c.cosMaxClimb {
		return false
	}
	rx, ry, rz := r[0], r[1], r[2]
	ru := float64(rx*up[0]) + float64(ry*up[1]) + float64(rz*up[2])
	k := -ru
	hx, hy, hz := rx+float64(up[0]*k), ry+float64(up[1]*k), rz+float64(up[2]*k)
	dn := float64(n[0]*hx) + float64(n[1]*hy) + float64(n[2]*hz)
	if dn >= 0 {
		return false
	}
	s := -dn / cn
	lx, ly, lz := hx+float64(up[0]*s), hy+float64(up[1]*s), hz+float64(up[2]*s)
	if c.cfg.FloorConstantSpeed || cn < cos45-1e-9 {
		k2 := -min(ru, 0)
		wx, wy, wz := rx+float64(up[0]*k2), ry+float64(up[1]*k2), rz+float64(up[2]*k2)
		want := math.Sqrt(float64(wx*wx) + float64(wy*wy) + float64(wz*wz))
		f := want / math.Sqrt(float64(lx*lx)+float64(ly*ly)+float64(lz*lz))
		lx, ly, lz = float64(lx*f), float64(ly*f), float64(lz*f)
	}
	out[0], out[1], out[2] = lx, ly, lz
	return true
}

// setLeaving sets c.leaving, the unit horizontal direction of the request
// d (zero when it has none), as normalizeOr(madd(d, Up, -dot(d, Up)), 0)
// would, and returns the horizontal length.
func (c *Controller) setLeaving(d *vec) float64 {
	up := &c.cfg.Up
	k := -(float64(d[0]*up[0]) + float64(d[1]*up[1]) + float64(d[2]*up[2]))
	hx, hy, hz := d[0]+float64(up[0]*k), d[1]+float64(up[1]*k), d[2]+float64(up[2]*k)
	l := math.Sqrt(float64(hx*hx) + float64(hy*hy) + float64(hz*hz))
	if !(l > 1e-12) || math.IsInf(l, 0) {
		c.leaving = vec{}
		return l
	}
	f := 1 / l
	c.leaving[0], c.leaving[1], c.leaving[2] = float64(hx*f), float64(hy*f), float64(hz*f)
	return l
}

// alongFloor redirects the horizontal part of a grounded request along the
// walkable ground plane n keeping its length (FloorConstantSpeed), up and
// down the slope alike; a downward part (a caller that applies gravity on
// the ground) is kept, an upward one (a jump) leaves the request as it is.
func (c *Controller) alongFloor(r, n vec) vec {
	up := c.cfg.Up
	v := dot(r, up)
	cn := dot(n, up)
	if v > 0 || cn < c.cosMaxClimb || cn >= 1-1e-12 {
		return r
	}
	h := madd(r, up, -v)
	hl := length(h)
	if hl == 0 {
		return r
	}
	if math.Abs(dot(n, r)) <= float64(1e-9*length(r)) {
		return r // already along the ground (a caller that did this itself)
	}
	d := madd(h, up, -dot(n, h)/cn) // h lifted (or lowered) onto the plane
	return madd(scale(d, hl/length(d)), up, v)
}

// feasible reports whether (x, y, z) does not move into any constraint
// plane.
func (c *Controller) feasible(x, y, z, tol float64) bool {
	for i := 0; i < c.nplanes; i++ {
		n := &c.planes[i]
		if float64(x*n[0])+float64(y*n[1])+float64(z*n[2]) < -tol {
			return false
		}
	}
	return true
}

// solve returns the vector closest to r that does not move into any of the
// constraint planes (r.n >= 0 for all n): r itself, its projection on one
// plane, its projection on the crease line of two planes, or zero. This is
// the exact projection onto the polyhedral cone of free directions, so
// corners and V-shaped creases give a stable answer instead of the
// ping-pong of one-plane-at-a-time sliding.
//
// The arithmetic is on float64 locals: it runs on every slide of every
// Move.
func (c *Controller) solve(r vec) vec {
	rx, ry, rz := r[0], r[1], r[2]
	rl := math.Sqrt(float64(rx*rx) + float64(ry*ry) + float64(rz*rz))
	tol := float64(1e-9 * rl)
	if c.feasible(rx, ry, rz, tol) {
		return r
	}
	var bx, by, bz float64
	bestD := float64(rx*rx) + float64(ry*ry) + float64(rz*rz)
	for i := 0; i < c.nplanes; i++ {
		n := &c.planes[i]
		k := -(float64(rx*n[0]) + float64(ry*n[1]) + float64(rz*n[2]))
		cx, cy, cz := rx+float64(n[0]*k), ry+float64(n[1]*k), rz+float64(n[2]*k)
		dx, dy, dz := rx-cx, ry-cy, rz-cz
		if d := float64(dx*dx) + float64(dy*dy) + float64(dz*dz); d < bestD && c.feasible(cx, cy, cz, tol) {
			bx, by, bz, bestD = cx, cy, cz, d
		}
	}
	for i := 0; i < c.nplanes; i++ {
		a := &c.planes[i]
		for j := i + 1; j < c.nplanes; j++ {
			b := &c.planes[j]
			ex, ey, ez := float64(a[1]*b[2])-float64(a[2]*b[1]), float64(a[2]*b[0])-float64(a[0]*b[2]), float64(a[0]*b[1])-float64(a[1]*b[0])
			el := math.Sqrt(float64(ex*ex) + float64(ey*ey) + float64(ez*ez))
			if el < 1e-6 {
				continue
			}
			f := 1 / el
			ex, ey, ez = float64(ex*f), float64(ey*f), float64(ez*f)
			k := float64(rx*ex) + float64(ry*ey) + float64(rz*ez)
			cx, cy, cz := float64(ex*k), float64(ey*k), float64(ez*k)
			dx, dy, dz := rx-cx, ry-cy, rz-cz
			if d := float64(dx*dx) + float64(dy*dy) + float64(dz*dz); d < bestD && c.feasible(cx, cy, cz, tol) {
				bx, by, bz, bestD = cx, cy, cz, d
			}
		}
	}
	return vec{bx, by, bz}
}

// cast sweeps the capsule at p by v keeping the Offset skin.
func (c *Controller) cast(w *World, p vec, r, hh float64, v vec) (CastHit, bool) {
	var hit CastHit
	ok := c.castTo(&hit, w, &p, r, hh, &v)
	return hit, ok
}

// castTo is cast writing the hit into out, vectors by pointer. A hit on a
// collider the contact listener ignores is cast again without it.
func (c *Controller) castTo(out *CastHit, w *World, p *vec, r, hh float64, v *vec) bool {
	var p0, p1 vec
	capsuleSegTo(&p0, &p1, p, &c.cfg.Up, hh)
	for {
		ok := w.castCapsuleTo(out, &c.s, &p0, &p1, r, v, c.cfg.Offset)
		if !ok || c.listener == nil || !c.consult(ContactEvent{Collider: out.Collider, Point: out.Point,
			Normal: out.Normal, Distance: c.cfg.Offset, Sweep: true}) {
			return ok
		}
	}
}

// sanitizeDesired maps a non-finite request to zero and caps its length at
// MaxTranslation, in place (x-x is 0 exactly for finite x).
func (c *Controller) sanitizeDesired(d *vec) {
	x, y, z := d[0], d[1], d[2]
	if !finite3(x, y, z) {
		d[0], d[1], d[2] = 0, 0, 0
		return
	}
	l := math.Sqrt(float64(x*x) + float64(y*y) + float64(z*z))
	if l-l != 0 {
		// The squares overflowed (components beyond about 1e154): the
		// direction of the request scaled down by its largest component
		// is exact enough, and its length is the cap.
		*d = scale(unitOfHuge(*d), c.cfg.MaxTranslation)
		return
	}
	if m := c.cfg.MaxTranslation; l > m {
		f := m / l
		d[0], d[1], d[2] = float64(x*f), float64(y*f), float64(z*f)
	}
}

// Move computes the translation that takes a capsule at pos as far as
// possible along desired without entering the World's geometry. It
//
//  1. pushes the capsule out of any geometry closer than Offset (recovery,
//     also with zero desired motion),
//  2. probes the ground at the start (a Controller keeps no state),
//  3. slides: casts the capsule, stops Offset before the first hit, and
//     projects the rest of the motion onto the free directions left by all
//     contact planes met so far (the crease solve); walkable slopes below
//     MinSlopeSlideAngle absorb downward motion (no sliding while standing),
//     steeper walkable slopes and steep slopes let it slide down, steep
//     slopes also block horizontal motion like a wall (no climbing), and a
//     blocked low obstacle is climbed with Autostep when it started
//     grounded,
//  4. snaps down by up to SnapToGround when the move started grounded (or
//     stepped), the request did not go both up and away from the start
//     ground plane (a jump does; following a ramp's plane, walking down it
//     or falling does not), and it ended above walkable ground,
//  5. probes the ground at the end for the result.
//
// Degenerate input gives a safe result: a nil World, a non-positive or
// non-finite radius, a negative or non-finite half height, or a non-finite
// pos returns a zero Translation with GroundState GroundNone and GroundNormal
// Up. A non-finite desired is treated as zero; one longer than
// MaxTranslation is scaled down to it. Move does not allocate in steady
// state.
//
// A shape with Box set moves the capsule's bounding box instead, by the
// same steps (see Capsule and "Box or capsule" in docs/kcc.md).
//
// Move is MoveWith with no options; MoveWith adds a filter, a
// ContactCache and a contact listener, in any combination.
func (c *Controller) Move(w *World, shape Capsule, pos, desired mgl64.Vec3) MoveResult {
	return c.MoveWith(w, shape, pos, desired, MoveOptions{})
}

// MoveWith is Move with options (see MoveOptions), in any combination: a
// filter (the colliders Config.CollisionMask and opts.Filter admit), the
// character's ContactCache, a contact listener told which character moves.
// A filtered cached Move with a listener is the same bits as the same Move
// without the cache. It does not allocate in steady state.
func (c *Controller) MoveWith(w *World, shape Capsule, pos, desired mgl64.Vec3, opts MoveOptions) MoveResult {
	c.beginMove(w, &opts, shape.Box)
	defer c.endMove()
	up := c.cfg.Up
	c.collisions = c.collisions[:0]
	res := MoveResult{GroundNormal: up, GroundCollider: NoCollider, Collisions: c.collisions}
	if w == nil || !validCapsuleP(&shape, &pos, &up) {
		return res
	}
	c.sanitizeDesired(&desired)
	hl := c.setLeaving(&desired) // endMove clears it
	r, hh := shape.Radius, shape.HalfHeight
	var m moveFlags
	// Recover: push the capsule out of geometry closer than Offset, and read
	// the contacts there: a crush (still inside after the push-out: squeezed
	// between colliders that push opposite ways, never resolved by moving
	// through either) and the ground at the start.
	p, cs := c.recover(w, pos, r, hh, length(desired))
	for i := range cs {
		if cs[i].Distance < -castTol {
			res.Crushed = true
			break
		}
	}
	var g0 groundInfo
	c.groundFrom(&g0, cs, r)
	m.onGround = g0.state == Ground
	m.steep = g0.state == GroundSteep
	m.stepFace = NoCollider
	c.nplanes = 0
	remaining := desired
	m.idle = c.cfg.StopOnSlope && hl <= 1e-9
	if c.cfg.FloorConstantSpeed && m.onGround {
		remaining = c.alongFloor(remaining, g0.normal)
	}
	c.clipTouching(w, &res, &remaining, &m, cs, &p, &pos)
	still := true
	if dot(remaining, remaining) >= 1e-20 {
		p = c.slide(w, &res, &m, p, pos, remaining, r, hh)
		still = false
	}
	var gEnd groundInfo
	known := c.endContacts(w, still, &p, r, hh)
	p = c.stickToFloor(&gEnd, w, p, r, hh, desired, &g0, m.stepped, cs, known)
	if m.stepFace != NoCollider && gEnd.state != Ground {
		// On the steep face of a step being climbed, walkable ground
		// confirmed ahead: the step carries the character, as a ledge's
		// face does its rim (tryStep).
		gEnd = groundInfo{state: Ground, normal: up, collider: m.stepFace}
	}
	c.report(&res, &gEnd, p, pos, m.sliding)
	return res
}

// moveFlags is what the steps of one Move tell each other. The steps, as
// Jolt's CharacterVirtual::ExtendedUpdate has its own, run in order: recover
// (the push-out, then the contacts touched at the start clip the request, in
// MoveWith), slide (with the step up, tryStep, inside it), stickToFloor;
// report completes the result. Vectors travel as parameters and results,
// not in a struct, so they stay in this call's frame.
type moveFlags struct {
	onGround bool // walkable ground met at the start or on the way
	steep    bool // steep ground at the start (a step's face being climbed)
	stepped  bool // a step was climbed
	// stepFace is the collider of a step whose steep face the capsule
	// stands on, walkable ground confirmed ahead (tryStep), or NoCollider.
	stepFace ColliderID
	sliding  bool // gravity became motion along a slope
	idle     bool // StopOnSlope holds a character not asked to move along the ground
}

// slide casts the capsule from p along what is left of the request, stops Offset
// before each hit and projects the rest onto the free directions left by the
// contact planes met so far (the crease solve), for at most MaxIterations
// casts. A blocked low obstacle is climbed with the autostep (tryStep) when
// the move is on the ground.
func (c *Controller) slide(w *World, res *MoveResult, m *moveFlags, p, pos, remaining vec, r, hh float64) vec {
	up := c.cfg.Up
	onGround, idle := m.onGround, m.idle
	orig := remaining
	var hit CastHit
	for it := 0; it < c.cfg.MaxIterations; it++ {
		if dot(remaining, remaining) < 1e-20 {
			break
		}
		ok := c.castTo(&hit, w, &p, r, hh, &remaining)
		if ok && c.pushAt(&hit, remaining) {
			ok = c.castTo(&hit, w, &p, r, hh, &remaining) // it was moved: again
		}
		if !ok {
			p = add(p, remaining)
			remaining = vec{}
			break
		}
		p = madd(p, remaining, hit.Fraction)
		rem := scale(remaining, 1-hit.Fraction)
		c.collisions = append(c.collisions, Collision{
			Collider: hit.Collider, Normal: hit.Normal, Point: hit.Point,
			TranslationApplied: sub(p, pos), TranslationRemaining: rem,
		})
		n := hit.Normal
		cn := dot(n, up)
		walk, steep, _ := c.supportNormal(n, hit.FaceNormal, hit.OnFace)
		walkByNormal := cn >= c.cosMaxClimb
		ceiling := cn <= -c.cosMaxClimb
		switch {
		case ceiling:
			res.OnCeiling = true
		case !walk && !res.OnWall:
			res.OnWall = true
			res.WallNormal = n
		}
		if ceiling && c.cfg.StopOnCeiling {
			remaining = vec{}
			break
		}
		if !walk && c.listener != nil && c.stopsAt(hit.Collider) {
			remaining = vec{} // ContactStop: no slide along it
			break
		}
		if walk {
			onGround = true
		}
		if !walkByNormal && cn > -steepMinCos && c.cfg.Autostep != nil && (onGround || (m.steep && !c.cfg.ClimbSteepWalls)) && !hit.capsule {
			if np, nrem, ok := c.stepOver(w, m, p, r, hh, rem, &hit); ok {
				p, remaining = np, nrem
				c.nplanes = 0
				continue
			}
		}
		if c.clipHit(m, &rem, n, cn, walkByNormal, steep, idle) {
			remaining = vec{}
			break
		}
		if c.climbInto(&remaining, &rem, &n, onGround) {
			continue
		}
		remaining = c.solve(rem)
		if dot(remaining, orig) < 0 && dot(orig, up) >= 0 {
			// Sliding along the second plane of a corner would go back
			// against the request (the first slide turned it along the
			// first plane): a corner stops the motion. A request with a
			// downward part still slides down steep ground (the push into
			// the slope blocked, gravity's part kept).
			remaining = vec{}
		}
	}
	m.onGround = onGround
	return p
}

// stickToFloor probes the ground under p at the end of the move and snaps down by
// up to SnapToGround onto walkable ground when the move started grounded
// (or stepped) and the request did not try to leave the ground, i.e. go
// both up and away from the start ground plane (a jump does; walking up a
// ramp along its plane, walking down it horizontally, or falling does not).
func (c *Controller) stickToFloor(gEnd *groundInfo, w *World, p vec, r, hh float64, desired vec, g0 *groundInfo, stepped bool, cs []Contact, known bool) vec {
	up := c.cfg.Up
	if known {
		c.groundFrom(gEnd, cs, r) // the start's contacts, at p (endContacts)
	} else {
		c.ground(gEnd, w, &p, r, hh)
	}
	if gEnd.rim && !c.stepBelow(w, &p, r, hh) {
		// Walking off a ledge: its rim stops carrying the character at the
		// climb limit, and nothing is snapped to.
		*gEnd = groundInfo{state: GroundNone, normal: up, collider: NoCollider}
		return p
	}
	eps := float64(1e-6 * length(desired))
	leaving := dot(desired, up) > eps && dot(desired, g0.normal) > eps
	if c.cfg.SnapToGround > 0 && gEnd.state != Ground && (g0.state == Ground || stepped) && !leaving {
		down := scale(up, -c.cfg.SnapToGround)
		if hit, ok := c.cast(w, p, r, hh, down); ok {
			walk, _, _ := c.supportNormal(hit.Normal, hit.FaceNormal, hit.OnFace)
			if walk && c.leavingRim(&hit.Normal, hit.OnFace) && !c.stepBelow(w, &p, r, hh) {
				walk = false // the rim of a ledge walked off
			}
			if walk {
				p = madd(p, down, hit.Fraction)
				c.ground(gEnd, w, &p, r, hh)
			}
		}
	}
	return p
}

// report completes the move's result in place: the translation from the
// start to p (zero, in the air, if anything went non-finite) and the
// ground at the end.
func (c *Controller) report(res *MoveResult, gEnd *groundInfo, p, pos vec, sliding bool) {
	t := sub(p, pos)
	if !finiteVec(t) {
		t = vec{}
		*gEnd = groundInfo{state: GroundNone, normal: c.cfg.Up, collider: NoCollider}
	}
	res.Translation = t
	res.GroundState = gEnd.state
	res.Grounded = gEnd.state == Ground
	res.GroundNormal = gEnd.normal
	res.GroundCollider = gEnd.collider
	res.SlidingDownSlope = sliding
	res.Collisions = c.collisions
}

// stepOver tries to step up over what the cast hit (autostep), with the
// part of the rest of the move rem across Up: when it can, it returns the
// new position and what is left of the move (its upward part; none when
// the capsule rests on the step's face).
func (c *Controller) stepOver(w *World, m *moveFlags, p vec, r, hh float64, rem vec, hit *CastHit) (vec, vec, bool) {
	up := c.cfg.Up
	h := madd(rem, up, -dot(rem, up))
	if !(dot(h, h) > 1e-18) {
		return p, vec{}, false
	}
	np, ok, face := c.tryStep(w, p, r, hh, h, *hit)
	if !ok {
		return p, vec{}, false
	}
	m.stepped = true
	m.stepFace = NoCollider
	v := dot(rem, up)
	if face {
		// Resting on the step's face: nothing more this Move (an upward
		// part would leave it hovering).
		m.stepFace, v = hit.Collider, 0
	}
	if v > 0 {
		return np, scale(up, v), true
	}
	return np, vec{}, true
}

// clipHit clips the rest of the move rem against a hit's normal n (its
// part along Up cn, walkable by the normal or not, steep): gravity's part
// dropped on gentle walkable ground (or idle), the slide noted, and the
// hit's plane (with a horizontal one for ground too steep to climb)
// added. It reports whether the planes are full: the move stops.
func (c *Controller) clipHit(m *moveFlags, rem *vec, n vec, cn float64, walkByNormal, steep, idle bool) (stop bool) {
	up := c.cfg.Up
	vdown := dot(*rem, up)
	if walkByNormal {
		if (cn >= c.cosMinSlide || idle) && vdown < 0 {
			// Gentle walkable slope: gravity does not slide the
			// character, drop the downward part.
			*rem = madd(*rem, up, -vdown)
		} else if vdown < 0 {
			m.sliding = true
		}
	} else if steep && vdown < 0 {
		m.sliding = true
	}
	if !c.addPlane(n) {
		return true
	}
	if !walkByNormal && cn > 0 && !c.cfg.ClimbSteepWalls {
		// Too steep to climb: block the horizontal push like a wall. The
		// push into the wall is removed before the solve, so it cannot
		// cancel the downward part of the request in the crease of the
		// slope and its wall plane: a character holding forward into a
		// steep slope still slides down it under gravity.
		nh := normalizeOr(madd(n, up, -cn), vec{})
		if nh != (vec{}) {
			if a := dot(*rem, nh); a < 0 {
				*rem = madd(*rem, nh, -a)
			}
			if !c.addPlane(nh) {
				return true
			}
		}
	}
	return false
}

// tryStep tries to climb the obstacle hit at p while moving horizontally by
// h. The step height is measured from the ground under the feet: the feet
// rest Offset above the ground before the step and Offset above the step's
// top after it, so the rise between those two resting positions is the
// height of the step's top above the ground, and it must be at most
// MaxHeight. tryStep rises by MaxHeight plus twice Offset above p (so a step exactly MaxHeight high is cleared with the Offset
// skin), checks MinWidth of free space ahead and walkable ground there,
// then advances by h and settles down on the step. When settling at h
// leaves the capsule on a steep part of the obstacle (the sloped face of a
// kerb) while walkable ground was confirmed ahead (MinWidth ahead, or
// MinWidth plus the radius when MinWidth ahead is still on the face), the
// capsule rests there and face is true: the Move reports the step as its
// ground, and the next Moves climb on from the face (a Move that starts on
// steep ground may step too), so the character is never ungrounded on a
// climbable step and no Move goes further ahead than asked. It returns the
// new position and true on success.
func (c *Controller) tryStep(w *World, p vec, r, hh float64, h vec, hit CastHit) (q vec, ok, face bool) {
	as := c.cfg.Autostep
	up := c.cfg.Up
	if c.tooHighToStep(p, r, hh, &hit) {
		return p, false, false
	}
	hl := length(h)
	dir := scale(h, 1/hl)
	rise := as.MaxHeight + float64(2*c.cfg.Offset)
	if uh, ok := c.cast(w, p, r, hh, scale(up, rise)); ok {
		rise = float64(rise * uh.Fraction)
	}
	if rise < 1e-4 {
		return p, false, false
	}
	p1 := madd(p, up, rise)
	fwd := max(hl, as.MinWidth)
	free := fwd
	if fh, ok := c.cast(w, p1, r, hh, scale(dir, fwd)); ok {
		free = float64(fwd * fh.Fraction)
		if free < as.MinWidth-1e-9 || free < 1e-6 {
			return p, false, false
		}
	}
	adv := min(hl, free)
	// The ground on top of the step, MinWidth ahead, must be walkable.
	far := max(adv, min(as.MinWidth, free))
	qFar, okFar := c.stepLanding(w, p1, r, hh, dir, far, rise)
	if !okFar {
		// Still over a steep face there (a kerb's sloped face, met at an
		// angle or with a long run): the sphere's contact lies within r
		// of its axis, so look once more, up to a radius further.
		ext := as.MinWidth + r
		if fh, ok := c.cast(w, p1, r, hh, scale(dir, ext)); ok {
			ext = float64(ext * fh.Fraction)
		}
		far2 := max(adv, ext)
		if far2 <= far+1e-6 {
			return p, false, false
		}
		if qFar, okFar = c.stepLanding(w, p1, r, hh, dir, far2, rise); !okFar {
			return p, false, false
		}
		far = far2
	}
	q, ok, landed := c.stepLandingOn(w, p1, r, hh, dir, adv, rise)
	if !ok {
		if !landed || far <= adv+1e-6 {
			return p, false, false
		}
		// Landing at adv is on the step's steep face (a kerb's sloped face)
		// with walkable ground confirmed within far: the capsule stands on
		// the face, carried by the step, and climbs on in the next Moves.
		// No Move goes further than asked (plus the rise), and the step's
		// top, not the face, is what must be within MaxHeight.
		face = true
	}
	top := q
	if face {
		top = qFar
	}
	if !c.lowEnough(w, p, r, hh, top) {
		return p, false, false
	}
	return q, true, face
}

// tooHighToStep rejects at once a step at hit from p (capsule radius r,
// half height hh) that is higher than MaxHeight: the contact above it, or
// a vertical face that reaches above it at the contact (a wall: saves the
// casts). The height is over groundP, a bound from above of the ground
// under the feet: the capsule rests Offset above it, or hovers up to the
// ground probe distance above that; lowEnough measures the ground exactly
// when it matters.
func (c *Controller) tooHighToStep(p vec, r, hh float64, hit *CastHit) bool {
	as, up := c.cfg.Autostep, c.cfg.Up
	groundP := dot(p, up) - (hh + r) - c.cfg.Offset
	if dot(hit.Point, up)-groundP > as.MaxHeight+1e-9 {
		return true
	}
	if hit.box != nil {
		return math.Abs(dot(hit.FaceNormal, up)) < 1e-9 && hit.box.faceTop(hit.FaceNormal, hit.Point, up)-groundP > as.MaxHeight+1e-9
	}
	return math.Abs(dot(hit.tri.n, up)) < 1e-9 && faceTopAt(&hit.tri, hit.Point, up)-groundP > as.MaxHeight+1e-9
}

// lowEnough reports whether the step's top (the capsule's centre standing
// on it) is at most MaxHeight above the ground under the feet at p. The
// capsule at p rests at most the probe distance above its ground, so only
// a rise within that of MaxHeight needs the exact ground (a cast down
// from p).
func (c *Controller) lowEnough(w *World, p vec, r, hh float64, top vec) bool {
	as, up := c.cfg.Autostep, c.cfg.Up
	dq := dot(sub(top, p), up)
	if pd := c.probeDist(); dq <= as.MaxHeight+1e-6 && dq+pd > as.MaxHeight {
		if gh, ok := c.cast(w, p, r, hh, scale(up, -pd)); ok {
			dq += float64(pd * gh.Fraction)
		}
	}
	return !(dq > as.MaxHeight+1e-6)
}

// stepLanding casts the capsule raised to p1 down by at most rise after
// advancing it by a along dir, and returns where it settles and whether it
// settles on walkable support above the height it rose from.
func (c *Controller) stepLanding(w *World, p1 vec, r, hh float64, dir vec, a, rise float64) (vec, bool) {
	q, walk, _ := c.stepLandingOn(w, p1, r, hh, dir, a, rise)
	return q, walk
}

// stepLandingOn is stepLanding that also reports whether the capsule
// landed at all (on walkable support or not).
func (c *Controller) stepLandingOn(w *World, p1 vec, r, hh float64, dir vec, a, rise float64) (q vec, walk, landed bool) {
	p2 := madd(p1, dir, a)
	dh, ok := c.cast(w, p2, r, hh, scale(c.cfg.Up, -rise))
	if !ok || dh.Fraction >= 1-1e-6/rise {
		return p2, false, false
	}
	q = madd(p2, c.cfg.Up, float64(-rise*dh.Fraction))
	walk, _, _ = c.supportNormal(dh.Normal, dh.FaceNormal, dh.OnFace)
	return q, walk, true
}

// faceTopAt returns the highest point (along up) of the vertical triangle t
// on the vertical line through its point q.
func faceTopAt(t *tri, q, up vec) float64 {
	hdir := normalizeOr(cross(up, t.n), vec{})
	top := dot(q, up)
	vs := [3]vec{t.a, t.b, t.c}
	for i := 0; i < 3; i++ {
		a, b := vs[i], vs[(i+1)%3]
		ua, ub := dot(sub(a, q), hdir), dot(sub(b, q), hdir)
		ha, hb := dot(a, up), dot(b, up)
		if ua == 0 && ha > top {
			top = ha
		}
		if (ua < 0 && ub > 0) || (ua > 0 && ub < 0) {
			if h := ha + (hb-ha)*(-ua)/(ub-ua); h > top {
				top = h
			}
		}
	}
	return top
}
