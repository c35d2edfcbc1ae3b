package kcc

import "math"

// Deep-overlap recovery. When the capsule's axis segment is in,
// or within half a radius of, the inside of a collider (a spawn or teleport
// into geometry, or geometry added on top of a character), the contact
// normals no longer tell which way is out: the nearest face of the deepest
// point can be the bottom of a crate standing on the floor. recoverDeep
// instead considers every nearby surface. For each candidate direction (Up
// and Down, four horizontal directions, and the face normals of every
// collider the capsule overlaps) it finds the shortest translation along it
// that leaves the capsule free: it repeatedly gathers the colliders closer
// than Offset at the candidate position and advances past the farthest of
// them along the direction (the separating distance of their projections
// on it), until the position is free (verified by the same overlap query).
// A candidate that would have to pass through a collider the capsule did
// not start inside is discarded (recovery never moves the capsule through
// a surface or into another collider), as is one that leaves a collider by
// its far side (its exit along the opposite direction is shorter: moving
// down out of a floor slab the feet are 0.3 m into crosses the slab)
// unless the direction goes up (onto a crate the capsule is low in), or
// one longer than deepMaxSearch capsule heights. Diagonal directions (up
// and sideways) find the way out of a crate on the floor under a low
// ceiling. The cheapest remaining exit wins, biased up: its length times
// 2 - dir.Up (up 1, sideways 2, down 3). One Move takes at most
// deepMaxExit capsule heights of it, so a capsule buried deeper climbs out
// over several ticks. When no exit is found, the caller falls back to the
// contact-normal push. A collider moving into the capsule comes first: the
// capsule leaves it ahead, along its velocity, crossing it if need be but
// nothing else; when that way is blocked the capsule is crushed and stays.

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
// at p, whether there is one, and whether the position is out (false when
// only the first deepMaxExit capsule heights of a longer exit were taken);
// see the comment at the top of the file.
func (c *Controller) recoverDeep(w *World, p vec, r, hh float64) (q vec, found, out bool) {
	up := c.cfg.Up
	ds := &c.deep
	ds.ndirs, ds.nids = 0, 0
	e1 := normalizeOr(cross(up, vec{0, 0, 1}), vec{})
	if length(cross(up, vec{0, 0, 1})) < 0.5 {
		e1 = normalizeOr(cross(up, vec{1, 0, 0}), vec{1, 0, 0})
	}
	e2 := cross(up, e1)
	ds.addDir(up)
	for _, v := range [4]vec{e1, scale(e1, -1), e2, scale(e2, -1)} {
		ds.addDir(v)
	}
	ds.addDir(scale(up, -1))
	// Up and sideways at 45 degrees: out of a collider the capsule
	// is shallowly in (the floor) and one it is deep in (a crate on it)
	// when straight up is blocked (a slab overhead).
	for _, v := range [4]vec{e1, scale(e1, -1), e2, scale(e2, -1)} {
		ds.addDir(normalizeOr(add(up, v), up))
	}
	// The colliders the capsule starts inside, and their face normals.
	p0, p1 := capsuleSeg(p, up, hh)
	sb := segAABB(p0, p1, r)
	tris := w.gather(&sb, &c.s, false)
	for i := range tris {
		t := &tris[i]
		if segTriDist(&p0, &p1, t) < r {
			ds.addID(t.id)
			ds.addDir(t.n)
			ds.addDir(scale(t.n, -1))
		}
	}
	for _, o := range c.s.boxes {
		if o.segBoxDist(&p0, &p1) < r {
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
	// Other characters' capsules: out across the two axes.
	for _, k := range c.s.caps {
		c1, c2 := closestSegSeg(p0, p1, k.a, k.b)
		if d := sub(c1, c2); length(d) < r+k.r {
			ds.addID(k.id)
			if h := madd(d, up, -dot(d, up)); length(h) > 1e-9 {
				ds.addDir(normalizeOr(h, e1))
			}
		}
	}
	height := float64(2 * (hh + r))
	maxT := float64(deepMaxSearch * height)
	// A collider that moved into the capsule pushes it ahead, along its
	// velocity at the capsule, even when that is the long way out: the
	// short way would be out through its back (a thin fast wall passing
	// over a standing character).
	// When that way is blocked (a wall or a ceiling behind the character),
	// the character is crushed: it stays where it is, out of what it did
	// not start inside, and the Move reports Crushed; no other exit is
	// taken, since any would pass around or through what squeezes it.
	for i := 0; i < ds.nids; i++ {
		v := w.motionVelocity(ds.ids[i], p)
		if l := length(v); l > 1e-6 {
			dir := scale(v, 1/l)
			if t, ok := c.exitAlongThrough(w, p, r, hh, dir, maxT, ds.ids[i]); ok {
				return madd(p, dir, math.Min(t, float64(deepMaxExit*height))), true, t <= float64(deepMaxExit*height)
			}
			return p, true, false
		}
	}
	best, bestCost, bestOut := p, math.Inf(1), false
	for i := 0; i < ds.ndirs; i++ {
		dir := ds.dirs[i]
		t, ok := c.exitAlong(w, p, r, hh, dir, maxT)
		if !ok {
			continue
		}
		// Bias up: straight up costs its length, sideways twice it,
		// straight down three times.
		cost := float64(t * (2 - dot(dir, up)))
		if cost < bestCost {
			best, bestCost = madd(p, dir, math.Min(t, float64(deepMaxExit*height))), cost
			bestOut = t <= float64(deepMaxExit*height)
		}
	}
	return best, !math.IsInf(bestCost, 1), bestOut
}

func (d *deepScratch) addID(id ColliderID) {
	if d.nids < deepIDs && !d.started(id) {
		d.ids[d.nids] = id
		d.nids++
	}
}

// exitAlong returns the shortest t <= maxT at which the capsule at p moved
// by dir*t overlaps no collider, advancing past each collider it started
// inside until it is Offset clear of it; ok is false when there is no such
// t or the way out overlaps a collider it did not start inside.
func (c *Controller) exitAlong(w *World, p vec, r, hh float64, dir vec, maxT float64) (float64, bool) {
	return c.exitAlongThrough(w, p, r, hh, dir, maxT, NoCollider)
}

// exitAlongThrough is exitAlong that may also leave the collider mover by
// its far side (a pusher's direction: ahead of it, whatever its depth).
// Along a pusher's direction no other collider is left by its far side,
// up included: a character a lift presses into a ceiling slab does not
// come out on top of the slab.
func (c *Controller) exitAlongThrough(w *World, p vec, r, hh float64, dir vec, maxT float64, mover ColliderID) (float64, bool) {
	const margin = 1e-4
	up := c.cfg.Up
	off := c.cfg.Offset
	t := 0.0
	for it := 0; it < 16; it++ {
		q := madd(p, dir, t)
		q0, q1 := capsuleSeg(q, up, hh)
		// The capsule's lowest extent along dir.
		low := math.Min(dot(q0, dir), dot(q1, dir)) - r
		// and along -dir: a collider is left by its near side only, the
		// one that needs the shorter way out (never through it).
		lowBack := math.Min(-dot(q0, dir), -dot(q1, dir)) - r
		// Up and away may leave by the far side (onto a crate the capsule
		// is low in), except along a pusher's way, where only the pusher
		// may be crossed.
		upAway := mover == NoCollider && dot(dir, up) >= 0.5
		need, overlaps := 0.0, false
		// leave takes in a collider the capsule overlaps, whose extent along
		// dir is sup and along -dir back: it must be one the capsule started
		// inside, left by its near side (but the mover's or up and away),
		// and the capsule moves on until it is Offset clear of it. false:
		// this way is blocked.
		leave := func(id ColliderID, sup, back float64) bool {
			if !c.deep.started(id) {
				return false
			}
			if !upAway && id != mover && sup-low > back-lowBack+1e-6 {
				return false // its far side: through it
			}
			need = math.Max(need, sup-low+off+margin)
			overlaps = true
			return true
		}
		// Only a real overlap (not the Offset skin, which the contact push
		// restores afterwards) blocks or has to be cleared.
		sb := segAABB(q0, q1, r)
		tris := w.gather(&sb, &c.s, false)
		for i := range tris {
			tr := &tris[i]
			if segTriDist(&q0, &q1, tr) >= r-castTol {
				continue
			}
			sup := math.Max(dot(tr.a, dir), math.Max(dot(tr.b, dir), dot(tr.c, dir)))
			back := -math.Min(dot(tr.a, dir), math.Min(dot(tr.b, dir), dot(tr.c, dir)))
			if !leave(tr.id, sup, back) {
				return 0, false
			}
		}
		for _, o := range c.s.boxes {
			if o.segBoxDist(&q0, &q1) >= r-castTol {
				continue
			}
			ext := 0.0
			for k := 0; k < 3; k++ {
				ext += float64(o.h[k] * math.Abs(dot(o.ax[k], dir)))
			}
			if !leave(o.id, dot(o.c, dir)+ext, ext-dot(o.c, dir)) {
				return 0, false
			}
		}
		for _, k := range c.s.caps {
			c1, c2 := closestSegSeg(q0, q1, k.a, k.b)
			if length(sub(c1, c2)) >= r+k.r-castTol {
				continue
			}
			sup := math.Max(dot(k.a, dir), dot(k.b, dir)) + k.r
			back := math.Max(-dot(k.a, dir), -dot(k.b, dir)) + k.r
			if !leave(k.id, sup, back) {
				return 0, false
			}
		}
		if overlaps && need <= 0 {
			// Moving along dir does not separate what it overlaps.
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
