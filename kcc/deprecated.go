package kcc

import "github.com/go-gl/mathgl/mgl64"

// The v0.1 forms of MoveWith, CarryWith and OverlapsWith, each one option
// at a time: kept as thin wrappers until v0.3.0.

// MoveFiltered is Move seeing only the colliders that Config.CollisionMask
// and f admit (f may be nil), with the listener set by SetContactListener.
//
// Deprecated: use MoveWith with MoveOptions{Filter: f}, which combines
// with a ContactCache and a listener. Removed in v0.3.0.
func (c *Controller) MoveFiltered(w *World, shape Capsule, pos, desired mgl64.Vec3, f *QueryFilter) MoveResult {
	return c.MoveWith(w, shape, pos, desired, MoveOptions{Filter: f})
}

// MoveCached is Move for a character that keeps a ContactCache (nil: no
// cache), with the listener set by SetContactListener.
//
// Deprecated: use MoveWith with MoveOptions{Cache: cache}, which combines
// with a filter and a listener. Removed in v0.3.0.
func (c *Controller) MoveCached(w *World, shape Capsule, pos, desired mgl64.Vec3, cache *ContactCache) MoveResult {
	return c.MoveWith(w, shape, pos, desired, MoveOptions{Cache: cache})
}

// SetContactListener sets (or with nil removes) the listener the
// controller's Moves, Carry and Overlaps consult when their MoveOptions
// give none.
//
// Deprecated: pass the listener in MoveOptions.Listener to MoveWith,
// CarryWith and OverlapsWith, with MoveOptions.Character to tell it which
// character moves: nothing to bind to the Controller and unbind per
// character. Removed in v0.3.0.
func (c *Controller) SetContactListener(l ContactListener) { c.bound = l }

// Carry is CarryWith with f as the filter (nil: all colliders) and the
// listener set by SetContactListener.
//
// Deprecated: use CarryWith with MoveOptions{Filter: f}: the same options
// as the character's Moves, a listener and its Character included.
// Removed in v0.3.0.
func (c *Controller) Carry(w *World, shape Capsule, pos mgl64.Vec3, ground ColliderID, f *QueryFilter) (delta mgl64.Vec3, yaw float64) {
	return c.CarryWith(w, shape, pos, ground, MoveOptions{Filter: f})
}

// Overlaps is OverlapsWith with f as the filter (nil: all colliders) and
// the listener set by SetContactListener.
//
// Deprecated: use OverlapsWith with MoveOptions{Filter: f}: the same
// options as the character's Moves, a listener and its Character
// included. Removed in v0.3.0.
func (c *Controller) Overlaps(w *World, shape Capsule, pos mgl64.Vec3, f *QueryFilter) bool {
	return c.OverlapsWith(w, shape, pos, MoveOptions{Filter: f})
}
