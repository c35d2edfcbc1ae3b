package kcc

import "math"

// Deep-overlap recovery. When the capsule's axis segment is in,
// or within half a radius of, the inside of a collider (a spawn or teleport
// into geometry, geometry added on top of a character, a squeeze), the
// contact normals no longer tell which way is out: the nearest face of the
// deepest point can be the bottom of a crate standing on the floor.
// recoverDeep instead considers every nearby surface. For each candidate
// direction (Up and Down, four horizontal directions, and the face normals
// of every collider the capsule overlaps) it finds the shortest translation
// along it that leaves the capsule free: it repeatedly gathers the
// colliders it overlaps at the candidate position and advances until it is
// Offset clear of each (exitAcross: exactly, not the separation of their
// projections, which along a slant across a wide box is far longer), until
// the position is free; then the whole way is swept (a cast that leaves out
// the colliders the capsule started inside), so nothing between two of
// those positions is jumped over.
//
// A candidate is discarded when it would pass through a collider the
// capsule did not start inside (recovery never moves the capsule through a
// surface or into another collider), when it leaves a collider by its far
// side (its exit along the opposite direction is shorter: down out of a
// floor slab the feet are 0.3 m into, up out of a ceiling slab a lift
// pressed the head into), except up and away when the capsule's centre is
// within the height of something it is in (onto a crate it was spawned
// low in, out of the top of a block dropped on it), and when it is longer
// than a capsule height or deepDetour times the shortest way out of what
// the capsule is in (whatever lies beyond), whichever is more: a long way
// round through a solid (along a pusher's length, over a wall) is no way
// out. The cheapest remaining exit wins, biased up: its length times
// 2 - dir.Up (up 1, sideways 2, down 3); slanted-up directions only when
// no other is free (out of a crate under a low slab, walled in). The bias
// never prefers an exit more than 3 times as long as a free one, so while
// the shortest way out is free the bound changes nothing. One Move takes
// at most deepMaxExit capsule heights of an exit, so a capsule buried
// deeper climbs out over several ticks.
//
// A collider that moved into the capsule comes first: the capsule leaves
// it ahead, along its velocity, crossing it if need be but nothing else. A
// collider moving away from the capsule (a pusher going back, a door
// opening off it) pushes nothing: it is judged as a still one.
//
// A squeeze by something that moves (a collider the capsule is in was
// ever moved: a platform, a door, a pusher, a character), where what the
// capsule is in presses it from opposite sides or the short way out is
// blocked at once, never teleports: every exit and press is bounded by the
// capsule's own move, the squeezers' travel this step and the skin.
//
// When there is no way out (the short way blocked: the wall a pusher
// presses the character on, the lift under a head in a ceiling) the
// capsule is squeezed: it keeps its place, pressed along the way out
// (ahead of its pusher, or the shortest way that leaves what it is in by
// their near sides, if not longer than the bound) as far as that way is
// free, up to the skin of what blocks it, and the Move reports Crushed.
// No contact push follows, which would push it into or through one of its
// squeezers.

// deepDirs bounds the candidate directions; deepIDs the colliders the
// capsule may start inside and still cross.
const (
	deepDirs = 32
	deepIDs  = 16
)

// deepScratch holds recoverDeep's fixed buffers (no allocation).
type deepScratch struct {
	dirs  [deepDirs]vec
	ndirs int
	ids   [deepIDs]ColliderID
	nids  int
	// The shapes the capsule really overlaps at the start (closer than
	// r - castTol): indices into the start's gathered triangles, and the
	// gathered boxes and capsules. Valid until the next gather.
	tris  []int
	boxes []*obb
	caps  []*capsuleShape
	// exits are the free exits found, by cost (recoverDeep).
	exits [deepDirs]deepExit
	nexit int
	// exitAcross's segment, motion and closest points (not locals: a
	// generic call's pointer arguments escape).
	exSeg, exQ  [2]vec
	exV         vec
	exRes, res0 boxResult
}

// deepExit is a candidate exit: t along dir, at cost.
type deepExit struct {
	dir     vec
	t, cost float64
}

func (d *deepScratch) addDir(v vec) {
	if d.ndirs == deepDirs || !finiteVec(v) {
		return
	}
	for i := 0; i < d.ndirs; i++ {
		if dot(d.dirs[i], v) > 1-1e-9 {
			return
		}
	}
	d.dirs[d.ndirs] = v
	d.ndirs++
}

func (d *deepScratch) started(id ColliderID) bool {
	for i := 0; i < d.nids; i++ {
		if d.ids[i] == id {
			return true
		}
	}
	return false
}

// deepDetour bounds a deep exit: at most this many times the shortest
// way out of what the capsule is in (the cost bias's largest ratio, down
// against up).
const deepDetour = 3.0

// deepMaxExit is the longest part of an exit recoverDeep takes in one Move
// and deepMaxSearch the longest exit it considers, in capsule heights: a
// capsule buried deeper than one height climbs out over several Moves.
const (
	deepMaxExit   = 1.0
	deepMaxSearch = 8.0
)

// isDeep reports whether some contact is deeper than half the radius: the
// capsule's axis is in or near the inside of a collider.
func isDeep(cs []Contact, r float64) bool {
	for i := range cs {
		if cs[i].Distance < float64(-0.5*r) {
			return true
		}
	}
	return false
}

// recoverDeep returns the position after the best exit from a deep overlap
// at p, and whether the position is out (false when only the first
// deepMaxExit capsule heights of a longer exit were taken, or when the
// capsule is squeezed: then it is where it was, or pressed out as far as
// it is free to go); see the comment at the top of the file.
func (c *Controller) recoverDeep(w *World, p vec, r, hh, own float64) (q vec, out bool) {
	up := c.cfg.Up
	ds := &c.deep
	e1 := ds.baseDirs(up)
	// The colliders the capsule starts inside, and their face normals.
	p0, p1 := capsuleSeg(p, up, hh)
	tris := c.deepContacts(w, &p0, &p1, r, e1)
	height := float64(2 * (hh + r))
	maxT := float64(deepMaxSearch * height)
	maxExit := float64(deepMaxExit * height)
	// The shortest way out, and which colliders move into the capsule:
	// both read the shapes gathered at the start, before any exit search
	// gathers again.
	tmin, near, nt := c.shortestExit(tris, &p0, &p1, r)
	mover, moverDir := NoCollider, vec{}
	travel := 0.0 // the longest way a collider the capsule is in moved this step
	byMover := false
	for i := 0; i < ds.nids; i++ {
		byMover = byMover || w.hasMoved(ds.ids[i])
		v := w.motionVelocity(ds.ids[i], p)
		l := length(v)
		travel = max(travel, float64(l*w.lastDt))
		if l > 1e-6 && mover == NoCollider {
			dir := scale(v, 1/l)
			if !c.movesAway(tris, &p0, &p1, r, ds.ids[i], dir, float64(l*w.lastDt)) {
				mover, moverDir = ds.ids[i], dir
			}
		}
	}
	// (idealExit, opposed and centreIn read the start's triangles: before
	// any cast or search gathers again.)
	var ahead float64
	nearSide := false
	if mover != NoCollider {
		ahead, nearSide = c.idealExit(tris, &p0, &p1, r, moverDir, mover, NoCollider)
	}
	in := c.centreIn(tris, &p)
	// A squeeze never teleports: when something that moves (a platform,
	// a door, a pusher, another character) squeezes the capsule (what it
	// is in presses it from opposite sides, or the way out is blocked at
	// once) it moves at most its own move, the travel of what squeezes it
	// and the skin. Static geometry alone (a spawn into it, a box added
	// on a head) is left by the cheapest way out, as below.
	if byMover && (c.opposed(tris, &p0, &p1, r) || c.pressedAlong(w, p, r, hh, near, nt)) {
		if !(travel < math.Inf(1)) {
			travel = 0
		}
		reach := float64(own+travel) + c.cfg.Offset
		maxExit = min(maxExit, reach)
		maxT = min(maxT, reach)
	}
	// A collider that moved into the capsule pushes it ahead, along its
	// velocity at the capsule, even when that is the long way out: the
	// short way would be out through its back (a thin fast wall passing
	// over a standing character).
	// When that way is blocked (a wall or a ceiling behind the character),
	// the character is crushed: it stays where it is, out of what it did
	// not start inside, and the Move reports Crushed; no other exit is
	// taken, since any would pass around or through what squeezes it.
	if mover != NoCollider {
		if t, ok := c.exitAlongThrough(w, p, r, hh, moverDir, maxT, mover, false); ok && c.sweptFree(w, p, r, hh, moverDir, t) {
			return madd(p, moverDir, min(t, maxExit)), t <= maxExit
		}
		if nearSide {
			return c.pressOut(w, p, r, hh, moverDir, ahead, maxExit), false
		}
		return p, false
	}
	bound := max(float64(deepDetour*tmin), maxExit) + 1e-9
	if q, ok := c.cheapestExit(w, p, r, hh, min(maxT, bound), in); ok {
		return madd(p, q.dir, min(q.t, maxExit)), q.t <= maxExit
	}
	// No way out short enough: squeezed (or buried with no way out at
	// all). The capsule keeps its place, pressed out along the shortest
	// way as far as that is free; the Move reports Crushed.
	if nt < bound {
		return c.pressOut(w, p, r, hh, near, nt, maxExit), false
	}
	return p, false
}

// pressedAlong reports whether the shortest way out of what the capsule at
// p is in by their near sides (along near, nt) is blocked at once: by
// something within the skin of it (a ceiling a lift pressed it against).
func (c *Controller) pressedAlong(w *World, p vec, r, hh float64, near vec, nt float64) bool {
	if !(nt < math.Inf(1)) {
		return false
	}
	f, hit := c.sweepOut(w, p, r, hh, near, nt, 0)
	return hit && float64(f*nt) <= float64(2*c.cfg.Offset)
}

// opposed reports whether two colliders the capsule segment p0-p1 of
// radius r really overlaps at the start press it from opposite sides: the
// shortest ways out of each alone, by its near side, point more than 120
// degrees apart (a lift and the ceiling it carried the capsule into, a
// pusher and the wall).
func (c *Controller) opposed(tris []tri, p0, p1 *vec, r float64) bool {
	ds := &c.deep
	var ways [deepIDs]vec
	n := 0
	for i := 0; i < ds.nids; i++ {
		shortest, way := math.Inf(1), vec{}
		for k := 0; k < ds.ndirs; k++ {
			need, nearSide := c.idealExit(tris, p0, p1, r, ds.dirs[k], NoCollider, ds.ids[i])
			if nearSide && need > 0 && need < shortest {
				shortest, way = need, ds.dirs[k]
			}
		}
		if shortest == math.Inf(1) {
			continue
		}
		for j := 0; j < n; j++ {
			if dot(ways[j], way) < -0.5 {
				return true
			}
		}
		ways[n] = way
		n++
	}
	return false
}

// baseDirs starts the deep search's directions: up, the four sideways
// (returning the first, e1), down, and up and sideways at 45 degrees (out
// of a collider the capsule is shallowly in, the floor, and one it is deep
// in, a crate on it, when straight up is blocked by a slab overhead).
func (ds *deepScratch) baseDirs(up vec) (e1 vec) {
	ds.ndirs, ds.nids = 0, 0
	e1 = normalizeOr(cross(up, vec{0, 0, 1}), vec{})
	if length(cross(up, vec{0, 0, 1})) < 0.5 {
		e1 = normalizeOr(cross(up, vec{1, 0, 0}), vec{1, 0, 0})
	}
	e2 := cross(up, e1)
	ds.addDir(up)
	for _, v := range [4]vec{e1, scale(e1, -1), e2, scale(e2, -1)} {
		ds.addDir(v)
	}
	ds.addDir(scale(up, -1))
	for _, v := range [4]vec{e1, scale(e1, -1), e2, scale(e2, -1)} {
		ds.addDir(normalizeOr(add(up, v), up))
	}
	return e1
}

// deepContacts gathers the shapes around the capsule's segment p0-p1
// (radius r) and records the colliders it is inside (those it is in
// deeper than the tolerance apart), with the directions out of each: a
// triangle's normal both ways, a box's axes both ways and up and down its
// sides, across the axes of another character's capsule (e1 when they
// meet end on). It returns the triangles gathered.
func (c *Controller) deepContacts(w *World, p0, p1 *vec, r float64, e1 vec) []tri {
	up := c.cfg.Up
	ds := &c.deep
	sb := segAABB(*p0, *p1, r)
	tris := w.gather(&sb, &c.s, false)
	ds.tris, ds.boxes, ds.caps = ds.tris[:0], ds.boxes[:0], ds.caps[:0]
	for i := range tris {
		t := &tris[i]
		if d := segTriDist(p0, p1, t); d < r {
			if d < r-castTol {
				ds.tris = append(ds.tris, i)
			}
			ds.addID(t.id)
			ds.addDir(t.n)
			ds.addDir(scale(t.n, -1))
		}
	}
	for _, o := range c.s.boxes {
		if d := o.segBoxDist(p0, p1); d < r {
			if d < r-castTol {
				ds.boxes = append(ds.boxes, o)
			}
			ds.addID(o.id)
			for k := 0; k < 3; k++ {
				ds.addDir(o.ax[k])
				ds.addDir(scale(o.ax[k], -1))
				if h := madd(o.ax[k], up, -dot(o.ax[k], up)); length(h) > 0.5 {
					ds.addDir(normalizeOr(add(up, normalizeOr(h, vec{})), up))
					ds.addDir(normalizeOr(sub(up, normalizeOr(h, vec{})), up))
				}
			}
		}
	}
	for _, k := range c.s.caps {
		l, kr, d := k.reachTo(p0, p1)
		if l < r+kr {
			if l < r+kr-castTol {
				ds.caps = append(ds.caps, k)
			}
			ds.addID(k.id)
			if h := madd(d, up, -dot(d, up)); length(h) > 1e-9 {
				ds.addDir(normalizeOr(h, e1))
			}
		}
	}
	return tris
}

// pressOut is where the capsule at p goes when it is pressed along dir, a
// direction that leaves what it is in by the near sides (what it is in
// the mover's way, or the shortest way out), t out: as far as it is free
// to, up to Offset short of what blocks it (a ceiling a lift going down
// leaves room under: the head comes out of the slab as the lift goes), and
// at most maxExit.
func (c *Controller) pressOut(w *World, p vec, r, hh float64, dir vec, t, maxExit float64) vec {
	if f, hit := c.sweepOut(w, p, r, hh, dir, t, c.cfg.Offset); hit {
		t = float64(t * f)
	}
	return madd(p, dir, min(t, maxExit))
}

// cheapestExit is the cheapest way out of the search's directions (up to
// maxT, biased up: straight up costs its length, sideways twice it,
// straight down three times) whose whole way is free; in says the centre
// is inside a collider. Slanted up directions come last, when no other way
// out is free (a crate the capsule is in under a slab, walled in): with
// exact exits they would often beat a short sideways one and pop the
// capsule up into the air.
func (c *Controller) cheapestExit(w *World, p vec, r, hh, maxT float64, in bool) (deepExit, bool) {
	up := c.cfg.Up
	ds := &c.deep
	for pass := 0; pass < 2; pass++ {
		ds.nexit = 0
		for i := 0; i < ds.ndirs; i++ {
			dir := ds.dirs[i]
			du := dot(dir, up)
			if slanted := du > 1e-9 && du < 1-1e-9; slanted != (pass == 1) {
				continue
			}
			t, ok := c.exitAlongThrough(w, p, r, hh, dir, maxT, NoCollider, in && du >= 0.5)
			if !ok {
				continue
			}
			ds.addExit(deepExit{dir: dir, t: t, cost: float64(t * (2 - du))})
		}
		// The sweep is the costly check: the first candidate usually
		// passes it.
		for i := 0; i < ds.nexit; i++ {
			if e := ds.exits[i]; c.sweptFree(w, p, r, hh, e.dir, e.t) {
				return e, true
			}
		}
	}
	return deepExit{}, false
}

// addExit inserts e among the exits in order of cost (the earlier
// direction first among equal costs).
func (d *deepScratch) addExit(e deepExit) {
	i := d.nexit
	for i > 0 && d.exits[i-1].cost > e.cost {
		d.exits[i] = d.exits[i-1]
		i--
	}
	d.exits[i] = e
	d.nexit++
}

// shortestExit is the shortest way out of the shapes the capsule segment
// p0-p1 of radius r really overlaps at the start, over the candidate
// directions (idealExit): whichever side of them it leaves by (tmin), and
// by their near sides (along near, nt; nt is +Inf when no direction
// leaves them all by their near sides).
func (c *Controller) shortestExit(tris []tri, p0, p1 *vec, r float64) (tmin float64, near vec, nt float64) {
	ds := &c.deep
	tmin, nt = math.Inf(1), math.Inf(1)
	for i := 0; i < ds.ndirs; i++ {
		dir := ds.dirs[i]
		need, nearSide := c.idealExit(tris, p0, p1, r, dir, NoCollider, NoCollider)
		tmin = min(tmin, need)
		if nearSide && need < nt {
			near, nt = dir, need
		}
	}
	return tmin, near, nt
}

// idealExit is the way out along the unit dir of the shapes the capsule
// segment p0-p1 of radius r really overlaps at the start (ds.tris in
// tris, ds.boxes, ds.caps), with the skin and margin an exit adds, if
// nothing else were in the way; and whether it leaves each by its near
// side, but those of collider except (a pusher ahead of which the way is);
// of collider only's shapes alone, unless only is NoCollider.
func (c *Controller) idealExit(tris []tri, p0, p1 *vec, r float64, dir vec, except, only ColliderID) (need float64, nearSide bool) {
	const margin = 1e-4
	ds := &c.deep
	off := c.cfg.Offset
	target := r + off + margin
	low := min(dot(*p0, dir), dot(*p1, dir)) - r
	lowBack := min(-dot(*p0, dir), -dot(*p1, dir)) - r
	nearSide = true
	take := func(id ColliderID, sup, back float64) float64 {
		if id != except && sup-low > back-lowBack+1e-6 {
			nearSide = false
		}
		return sup - low + off + margin
	}
	skip := func(id ColliderID) bool { return only != NoCollider && id != only }
	for _, k := range ds.tris {
		tr := &tris[k]
		if skip(tr.id) {
			continue
		}
		tp := take(tr.id, max(dot(tr.a, dir), max(dot(tr.b, dir), dot(tr.c, dir))),
			-min(dot(tr.a, dir), min(dot(tr.b, dir), dot(tr.c, dir))))
		need = max(need, exitAcross(ds, tr, p0, p1, dir, target, tp))
	}
	for _, o := range ds.boxes {
		if skip(o.id) {
			continue
		}
		ext := o.extentAlong(dir)
		tp := take(o.id, dot(o.c, dir)+ext, ext-dot(o.c, dir))
		need = max(need, exitAcross(ds, o, p0, p1, dir, target, tp))
	}
	for _, k := range ds.caps {
		if skip(k.id) {
			continue
		}
		sup, back := k.span(dir)
		tp := take(k.id, sup, back)
		need = max(need, exitAcross(ds, k, p0, p1, dir, target, tp))
	}
	return need, nearSide
}

// exitAcross returns how far the segment q0-q1 must move along the unit
// dir to be target clear of shape, which it is closer to than that, given
// tproj, an advance that separates them (their projections on dir are
// target - radius apart): the distance between a segment moving along a
// line and a convex shape is a convex function of the advance, so a cast
// back from tproj towards the start meets the one place where it is target
// (castShape: conservative advancement, never past it). Along a slant
// across a wide box it is much shorter than tproj.
func exitAcross[S segmentCloser](ds *deepScratch, shape S, q0, q1 *vec, dir vec, target, tproj float64) float64 {
	if !(tproj > 0) {
		return 0
	}
	for i := 0; i < 3; i++ {
		ds.exQ[0][i] = q0[i] + float64(dir[i]*tproj)
		ds.exQ[1][i] = q1[i] + float64(dir[i]*tproj)
		ds.exV[i] = float64(-dir[i] * tproj)
	}
	shape.closestInto(&ds.res0, &ds.exQ[0], &ds.exQ[1])
	s0, ok := castStart(target, &ds.exV, tproj, &ds.res0)
	if !ok {
		return tproj
	}
	t, ok := castShape(&ds.exRes, &ds.exSeg, &ds.exQ[0], &ds.exQ[1], target, &ds.exV, tproj, shape, 1, s0, &ds.res0)
	if !ok {
		return tproj
	}
	return float64(tproj * (1 - t))
}

// centreIn reports whether the capsule's centre p lies, along up, within
// the extent of a shape it really overlaps at the start: the capsule is in
// it (a crate it was spawned in, a block dropped on it), not under it (a
// ceiling slab a lift pressed its head into) or over it.
func (c *Controller) centreIn(tris []tri, p *vec) bool {
	ds := &c.deep
	up := c.cfg.Up
	m := dot(*p, up)
	in := func(sup, back float64) bool { return -back <= m && m <= sup }
	for _, k := range ds.tris {
		tr := &tris[k]
		if in(max(dot(tr.a, up), max(dot(tr.b, up), dot(tr.c, up))),
			-min(dot(tr.a, up), min(dot(tr.b, up), dot(tr.c, up)))) {
			return true
		}
	}
	for _, o := range ds.boxes {
		ext := o.extentAlong(up)
		if in(dot(o.c, up)+ext, ext-dot(o.c, up)) {
			return true
		}
	}
	for _, k := range ds.caps {
		if in(k.span(up)) {
			return true
		}
	}
	return false
}

// movesAway reports whether collider id, moving along the unit dir by
// step this tick, moves away from the capsule segment p0-p1 of radius r:
// along dir, the overlap of its shapes the capsule really overlaps with
// the capsule was larger before the step (the capsule is behind it: a
// pusher going back, a door opening off it). A collider that overlaps the
// capsule as much as before (the capsule inside it) or more does not.
func (c *Controller) movesAway(tris []tri, p0, p1 *vec, r float64, id ColliderID, dir vec, step float64) bool {
	ds := &c.deep
	lo, hi := math.Inf(1), math.Inf(-1)
	span := func(sup, back float64) {
		lo, hi = min(lo, -back), max(hi, sup)
	}
	for _, k := range ds.tris {
		if tr := &tris[k]; tr.id == id {
			span(max(dot(tr.a, dir), max(dot(tr.b, dir), dot(tr.c, dir))),
				-min(dot(tr.a, dir), min(dot(tr.b, dir), dot(tr.c, dir))))
		}
	}
	for _, o := range ds.boxes {
		if o.id == id {
			ext := o.extentAlong(dir)
			span(dot(o.c, dir)+ext, ext-dot(o.c, dir))
		}
	}
	for _, k := range ds.caps {
		if k.id == id {
			span(k.span(dir))
		}
	}
	if lo > hi || !(step > 0) {
		return false
	}
	low := min(dot(*p0, dir), dot(*p1, dir)) - r
	high := max(dot(*p0, dir), dot(*p1, dir)) + r
	now := min(hi, high) - max(lo, low)
	before := min(hi-step, high) - max(lo-step, low)
	return before > now+1e-9
}

// sweptFree reports whether the capsule at p moved by dir*t meets no
// collider it did not start inside on the way (a cast that leaves those
// out, judging overlaps as the exit search does: closer than r - castTol).
func (c *Controller) sweptFree(w *World, p vec, r, hh float64, dir vec, t float64) bool {
	_, hit := c.sweepOut(w, p, r, hh, dir, t, -2*castTol)
	return !hit
}

// sweepOut casts the capsule at p by dir*t with skin, leaving out the
// colliders it started inside: the fraction of the way it goes, and
// whether something stops it.
func (c *Controller) sweepOut(w *World, p vec, r, hh float64, dir vec, t, skin float64) (float64, bool) {
	ds := &c.deep
	if !(t > 0) {
		return 0, false
	}
	n := len(c.s.ignore)
	c.s.ignore = append(c.s.ignore, ds.ids[:ds.nids]...)
	var p0, p1 vec
	capsuleSegTo(&p0, &p1, &p, &c.cfg.Up, hh)
	v := scale(dir, t)
	var hit CastHit
	blocked := w.castCapsuleTo(&hit, &c.s, &p0, &p1, r, &v, skin)
	c.s.ignore = c.s.ignore[:n]
	return hit.Fraction, blocked
}

func (d *deepScratch) addID(id ColliderID) {
	if d.nids < deepIDs && !d.started(id) {
		d.ids[d.nids] = id
		d.nids++
	}
}

// exitAlongThrough returns the shortest t <= maxT at which the capsule at
// p moved by dir*t overlaps no collider, advancing past each collider it
// started inside until it is Offset clear of it; ok is false when there is
// no such t or the way out overlaps a collider it did not start inside. It
// may leave the collider mover by its far side (a pusher's direction:
// ahead of it, whatever its depth), and, with away (a direction up and
// away from a capsule whose centre is in what it overlaps), any collider
// it started inside (onto a crate the capsule is low in, out of the top of
// a block dropped on it). Otherwise no collider is left by its far side,
// up included: a character a lift presses into a ceiling slab does not
// come out on top of the slab. It judges the positions it stops at;
// sweptFree judges the way between.
func (c *Controller) exitAlongThrough(w *World, p vec, r, hh float64, dir vec, maxT float64, mover ColliderID, away bool) (float64, bool) {
	t := 0.0
	for it := 0; it < 16; it++ {
		need, overlaps, ok := c.exitNeed(w, madd(p, dir, t), r, hh, dir, mover, away)
		if !ok || (overlaps && need <= 0) {
			// Blocked, or moving along dir does not separate what it
			// overlaps.
			return 0, false
		}
		if need == 0 {
			return t, true
		}
		t += need
		if t > maxT {
			return 0, false
		}
	}
	return 0, false
}

// exitNeed is one step of exitAlongThrough with the capsule at q: how much
// further along dir it must go to leave what it overlaps there (0: it
// overlaps nothing), whether it overlaps anything, and false when this way
// is blocked. Only a real overlap (not the Offset skin, which the contact
// push restores afterwards) blocks or has to be cleared. The separation of
// the projections bounds the way out of a shape from above (far above
// along a slant across a wide box); exitAcross finds it.
func (c *Controller) exitNeed(w *World, q vec, r, hh float64, dir vec, mover ColliderID, away bool) (need float64, overlaps, ok bool) {
	const margin = 1e-4
	up := c.cfg.Up
	off := c.cfg.Offset
	q0, q1 := capsuleSeg(q, up, hh)
	// The capsule's lowest extent along dir, and along -dir: a collider is
	// left by its near side only, the one that needs the shorter way out
	// (never through it).
	low := min(dot(q0, dir), dot(q1, dir)) - r
	lowBack := min(-dot(q0, dir), -dot(q1, dir)) - r
	// leave judges a collider the capsule overlaps, whose extent along dir
	// is sup and along -dir back: it must be one the capsule started
	// inside, left by its near side (but the mover, or any with away). It
	// returns the advance that separates their projections by the Offset
	// and a margin; false: this way is blocked.
	leave := func(id ColliderID, sup, back float64) (float64, bool) {
		if !c.deep.started(id) {
			return 0, false
		}
		if !away && id != mover && sup-low > back-lowBack+1e-6 {
			return 0, false // its far side: through it
		}
		overlaps = true
		return sup - low + off + margin, true
	}
	ds := &c.deep
	target := r + off + margin
	sb := segAABB(q0, q1, r)
	tris := w.gather(&sb, &c.s, false)
	for i := range tris {
		tr := &tris[i]
		if segTriDist(&q0, &q1, tr) >= r-castTol {
			continue
		}
		sup := max(dot(tr.a, dir), max(dot(tr.b, dir), dot(tr.c, dir)))
		back := -min(dot(tr.a, dir), min(dot(tr.b, dir), dot(tr.c, dir)))
		tp, ok := leave(tr.id, sup, back)
		if !ok {
			return 0, overlaps, false
		}
		need = max(need, exitAcross(ds, tr, &q0, &q1, dir, target, tp))
	}
	for _, o := range c.s.boxes {
		if o.segBoxDist(&q0, &q1) >= r-castTol {
			continue
		}
		ext := o.extentAlong(dir)
		tp, ok := leave(o.id, dot(o.c, dir)+ext, ext-dot(o.c, dir))
		if !ok {
			return 0, overlaps, false
		}
		need = max(need, exitAcross(ds, o, &q0, &q1, dir, target, tp))
	}
	for _, k := range c.s.caps {
		if l, kr, _ := k.reachTo(&q0, &q1); l >= r+kr-castTol {
			continue
		}
		sup, back := k.span(dir)
		tp, ok := leave(k.id, sup, back)
		if !ok {
			return 0, overlaps, false
		}
		need = max(need, exitAcross(ds, k, &q0, &q1, dir, target, tp))
	}
	return need, overlaps, true
}

// extentAlong is the box's half extent along the unit dir.
func (o *obb) extentAlong(dir vec) float64 {
	ext := 0.0
	for k := 0; k < 3; k++ {
		ext += float64(o.h[k] * math.Abs(dot(o.ax[k], dir)))
	}
	return ext
}

// span is the capsule collider's extent along the unit dir: its support
// (the largest dot product with dir) and its support against dir.
func (k *capsuleShape) span(dir vec) (sup, back float64) {
	if k.box {
		ext := k.ob.extentAlong(dir)
		return dot(k.ob.c, dir) + ext, ext - dot(k.ob.c, dir)
	}
	return max(dot(k.a, dir), dot(k.b, dir)) + k.r, max(-dot(k.a, dir), -dot(k.b, dir)) + k.r
}

// reachTo measures the segment p0-p1 against the capsule collider: the
// distance l from the collider's core (the capsule's segment, or the box)
// to the segment, the collider's radius kr over that core (0 for a box),
// and the vector from the core's closest point to the segment's; the
// segment is within r of the collider when l < r + kr.
func (k *capsuleShape) reachTo(p0, p1 *vec) (l, kr float64, d vec) {
	if k.box {
		var res boxResult
		k.ob.segBoxInto(&res, p0, p1)
		return res.dist, 0, sub(res.onSeg, res.onTri)
	}
	c1, c2 := closestSegSeg(*p0, *p1, k.a, k.b)
	d = sub(c1, c2)
	return length(d), k.r, d
}
