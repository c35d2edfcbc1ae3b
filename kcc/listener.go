package kcc

import "github.com/go-gl/mathgl/mgl64"

// Contact listeners: a per-contact hook during a Move, as Jolt's
// CharacterContactListener (OnContactValidate, OnContactAdded) gives its
// CharacterVirtual. The listener, passed in MoveOptions.Listener, sees the
// first contact of each collider a Move meets (a sweep hit, or a touch or
// overlap found by the push-out and the ground probe) and decides, once
// per collider and Move, whether the character collides with it: one-way
// platforms (ignore a platform met from below), teammates walked through,
// doors a key opens. CarryWith (its sweep) and OverlapsWith (the room
// check) ask it the same way. Each event names the character moving
// (MoveOptions.Character), so one listener serves every character. Without
// a listener a Move makes no call and costs nothing more.

// ContactAction is a ContactListener's decision about a collider.
type ContactAction uint8

const (
	// ContactAccept collides as usual.
	ContactAccept ContactAction = iota
	// ContactIgnore passes through the collider for the rest of the Move:
	// no sweep stops at it, the push-out and the ground probe do not see
	// it.
	ContactIgnore
	// ContactStop collides and sticks: a Move whose motion hits the
	// collider where it is not walkable ground ends there instead of
	// sliding along it (a sticky wall, a character that must not skirt a
	// teammate). Walking on it, the push-out and the ground probe treat it
	// as ContactAccept.
	ContactStop
)

// ContactEvent is a contact as the listener sees it.
type ContactEvent struct {
	// Collider is the collider met.
	Collider ColliderID
	// Point is the contact point on the collider and Normal the unit
	// normal from the collider toward the capsule.
	Point, Normal mgl64.Vec3
	// Distance is the capsule's distance to the collider at the contact:
	// about Offset for a sweep hit, negative for an overlap.
	Distance float64
	// Sweep is true for a hit of the Move's motion (or of its step up and
	// snap), false for a contact found where the capsule stands.
	Sweep bool
	// Character is the id of the character moving, as the caller gave it
	// in MoveOptions.Character (0 when it gave none).
	Character uint64
}

// ContactListener decides about the contacts of a Move. OnContact is called
// during MoveWith (CarryWith, OverlapsWith), from the goroutine calling it,
// at most once per collider per call; it must not modify the World nor use
// the Controller that calls it.
type ContactListener interface {
	OnContact(ev ContactEvent) ContactAction
}

// consult asks the listener about collider id the first time the Move meets
// it and reports whether the Move now ignores it.
func (c *Controller) consult(ev ContactEvent) bool {
	for _, id := range c.asked {
		if id == ev.Collider {
			return false
		}
	}
	c.asked = append(c.asked, ev.Collider)
	ev.Character = c.character
	switch c.listener.OnContact(ev) {
	case ContactIgnore:
		c.s.ignore = append(c.s.ignore, ev.Collider)
		return true
	case ContactStop:
		c.stops = append(c.stops, ev.Collider)
	}
	return false
}

// stopsAt reports whether the listener made collider id stop the Move's
// slide (ContactStop).
func (c *Controller) stopsAt(id ColliderID) bool {
	for _, s := range c.stops {
		if s == id {
			return true
		}
	}
	return false
}

// contactsOf is World.contactsOf through the listener: contacts with
// colliders the listener ignores are dropped (the query runs again without
// them).
func (c *Controller) contactsOf(w *World, p0, p1 *vec, r, maxDist float64) []Contact {
	for {
		cs := w.contactsOf(&c.s, p0, p1, r, maxDist)
		if c.listener == nil {
			return cs
		}
		again := false
		for i := range cs {
			k := &cs[i]
			if c.consult(ContactEvent{Collider: k.Collider, Point: k.Point, Normal: k.Normal, Distance: k.Distance}) {
				again = true
			}
		}
		if !again {
			return cs
		}
	}
}
