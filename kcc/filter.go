package kcc

import "github.com/go-gl/mathgl/mgl64"

// Collision layers. A collider is on one or more layers (bits) and has a
// mask of the layers it detects; a query, a controller or a sensor with
// mask m sees a collider on layers l when l&m != 0 (Godot's rule: the
// mover's mask tests the other's layer). New colliders are on DefaultLayer
// with mask AllLayers, and a zero mask on a controller or a filter means
// AllLayers, so a world without layers behaves as before.
const (
	DefaultLayer uint32 = 1
	AllLayers    uint32 = 0xFFFFFFFF
)

// SetCollisionLayers sets the layers collider id is on and the layers it
// detects (used when it is a sensor: it reports characters whose layer is
// in its mask). A zero layer takes the collider out of every query (it is
// on no layer). An unknown or removed id returns an error.
func (w *World) SetCollisionLayers(id ColliderID, layer, mask uint32) error {
	c, err := w.movable(id)
	if err != nil {
		return err
	}
	c.layer, c.mask = layer, mask
	w.gen++
	return nil
}

// CollisionLayers returns collider id's layer and mask.
func (w *World) CollisionLayers(id ColliderID) (layer, mask uint32, err error) {
	c, err := w.movable(id)
	if err != nil {
		return 0, 0, err
	}
	return c.layer, c.mask, nil
}

// QueryFilter narrows a query (or a Move, as MoveOptions.Filter) to some
// colliders, like Rapier's QueryFilter: by layer mask, by excluded IDs, and by a predicate. The zero
// value (or a nil *QueryFilter) admits every collider. Sensors never block
// casts, contacts, overlaps or rays whatever the filter says.
type QueryFilter struct {
	// Mask selects the colliders whose layer shares a bit with it; 0 means
	// AllLayers.
	Mask uint32
	// Exclude lists colliders to leave out (a character's own capsule, the
	// door it just opened). It is scanned linearly: keep it short.
	Exclude []ColliderID
	// Predicate, when set, is called for each collider that passes Mask
	// and Exclude and must return true to keep it. It is called from the
	// querying goroutine, maybe more than once for a collider during one
	// Move (it must give the same answer each time), and must not modify
	// the World.
	Predicate func(ColliderID) bool
	// Crowd, when set, is the planned crowd's view of the member the
	// queries are made for (CrowdPlan.ViewOf): they see only the capsules
	// of its island and those that are not members (World.PlanCrowd). A
	// character's own moves are made for it, and so are the moves of the
	// characters it pushes. The zero value sees every capsule. The
	// queries of a pushed member's move (one in Exclude, its own capsule)
	// read that member's neighbour list near it: the same answer as the
	// capsule grid's, found faster.
	Crowd CrowdView
}

// admits reports whether the filter keeps collider id on layer.
func (f *QueryFilter) admits(id ColliderID, layer uint32) bool {
	if f == nil {
		return true
	}
	if f.Mask != 0 && layer&f.Mask == 0 {
		return false
	}
	for _, x := range f.Exclude {
		if x == id {
			return false
		}
	}
	return f.Predicate == nil || f.Predicate(id)
}

// admits reports whether a blocking query with scratch s sees collider ci:
// not a sensor, on a layer in the scratch's mask, and kept by its filter.
func (s *scratch) admits(c *collider, ci int32) bool {
	if c.sensor || c.layer&s.mask == 0 {
		return false
	}
	for _, x := range s.ignore {
		if x == ColliderID(ci) {
			return false
		}
	}
	return s.filter.admits(ColliderID(ci), c.layer)
}

// Query is a World seen through a QueryFilter: its methods are the World's
// queries restricted to the colliders the filter admits. Get one with
// World.Filtered; it is a small value, cheap to make per query.
type Query struct {
	w *World
	f *QueryFilter
}

// Filtered returns the World's queries restricted by f (nil: no filter).
// The filter is read, not copied: it must not change while a query runs.
func (w *World) Filtered(f *QueryFilter) Query { return Query{w: w, f: f} }

// scratch borrows a pooled scratch set up for the query's filter.
func (q Query) scratch() *scratch {
	s := q.w.getScratch()
	s.setFilter(0, q.f)
	s.crowd = crowdViewOf(q.f)
	return s
}

func (q Query) release(s *scratch) {
	s.box = false
	s.setFilter(0, nil)
	s.crowd = crowdView{}
	q.w.pool.Put(s)
}

// setFilter sets the scratch's layer mask (0: all layers) and filter
// (combined: a collider must pass both).
func (s *scratch) setFilter(mask uint32, f *QueryFilter) {
	if mask == 0 {
		mask = AllLayers
	}
	if f != nil && f.Mask != 0 {
		mask &= f.Mask
	}
	s.mask, s.filter = mask, f
}

// CastCapsule is World.CastCapsule restricted by the filter.
func (q Query) CastCapsule(shape Capsule, pos, axis, translation mgl64.Vec3, skin float64) (CastHit, bool) {
	axis = normalizeOr(axis, vec{0, 1, 0})
	if q.w == nil || !validCapsule(shape, pos, axis) || !finiteVec(translation) || !(skin >= 0) || !finite(skin) {
		return CastHit{Collider: NoCollider}, false
	}
	s := q.scratch()
	defer q.release(s)
	s.boxFor(&shape, axis)
	p0, p1 := capsuleSeg(pos, axis, shape.HalfHeight)
	return q.w.castCapsule(s, p0, p1, shape.Radius, translation, skin)
}

// Contacts is World.Contacts restricted by the filter.
func (q Query) Contacts(shape Capsule, pos, axis mgl64.Vec3, maxDist float64, out []Contact) []Contact {
	axis = normalizeOr(axis, vec{0, 1, 0})
	if q.w == nil || !validCapsule(shape, pos, axis) || !finite(maxDist) {
		return out
	}
	s := q.scratch()
	defer q.release(s)
	s.boxFor(&shape, axis)
	p0, p1 := capsuleSeg(pos, axis, shape.HalfHeight)
	return append(out, q.w.contacts(s, p0, p1, shape.Radius, maxDist)...)
}

// OverlapCapsuleAxis is World.OverlapCapsuleAxis restricted by the filter.
func (q Query) OverlapCapsuleAxis(shape Capsule, pos, axis mgl64.Vec3, margin float64) bool {
	axis = normalizeOr(axis, vec{0, 1, 0})
	if q.w == nil || !validCapsule(shape, pos, axis) || !finite(margin) {
		return true
	}
	s := q.scratch()
	defer q.release(s)
	if s.boxFor(&shape, axis) {
		p0, p1 := capsuleSeg(pos, axis, shape.HalfHeight)
		return len(q.w.contacts(s, p0, p1, shape.Radius, max(margin, 0))) > 0
	}
	return q.w.overlap(s, shape, pos, axis, margin)
}

// boxFor sets the scratch up for the queries of shape with the unit axis
// (scratch.box, the box frame of axis, for a box character) and reports
// whether it is a box.
func (s *scratch) boxFor(shape *Capsule, axis vec) bool {
	s.box = shape.Box
	if s.box {
		s.boxAx, s.boxAligned = boxFrame(axis)
	}
	return s.box
}

// RayCast is World.RayCast restricted by the filter.
func (q Query) RayCast(origin, dir mgl64.Vec3, maxDist float64) (RayHit, bool) {
	if q.w == nil {
		return RayHit{Collider: NoCollider}, false
	}
	s := q.scratch()
	defer q.release(s)
	return q.w.rayCast(s, origin, dir, maxDist)
}
