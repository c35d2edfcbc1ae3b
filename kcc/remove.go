package kcc

import (
	"errors"
	"fmt"
)

// Errors returned by RemoveCollider.
var (
	ErrUnknownCollider = errors.New("kcc: unknown collider")
	ErrColliderRemoved = errors.New("kcc: collider already removed")
)

// RemoveCollider takes a collider out of the world: queries after the call
// no longer see it (an opened door lets a character through on the next
// Move). IDs are never reused, so other colliders keep theirs and
// NumColliders still counts the removed one. Removing an unknown ID, or one
// already removed, returns an error and changes nothing. Like adding, it
// must not run while queries run; the top-level hierarchy is rebuilt by the
// next query, O(n log n) in the collider count.
func (w *World) RemoveCollider(id ColliderID) error {
	if w == nil || id < 0 || int(id) >= len(w.colliders) {
		return fmt.Errorf("%w: %d", ErrUnknownCollider, id)
	}
	c := &w.colliders[id]
	if c.removed {
		return fmt.Errorf("%w: %d", ErrColliderRemoved, id)
	}
	if c.surf != (vec{}) {
		w.conveyors--
	}
	if c.kind == kindCapsule {
		w.capsDirty.Store(true) // the next build drops it from the grid
	}
	// An empty box is what a collider with NaN input already is: its
	// bounds overlap nothing, so no query reaches it.
	*c = collider{kind: kindBox, box: emptyAABB(), removed: true}
	w.dirty.Store(true)
	w.gen++
	return nil
}
