package kcc

import "github.com/go-gl/mathgl/mgl64"

// Pushing from inside a Move: a caller that lets characters push each
// other gives MoveWith a Pusher (MoveOptions.Pusher). The first time the
// Move meets a capsule collider (another character) — touched at the start
// and walked into, or met by the slide's cast — the Move asks the Pusher,
// which may move that character out of the way (its own Move, on another
// Controller, then World.SetTransform of its capsule) before the slide
// casts (again) from where it stands. So a push costs no look ahead of its
// own: the contacts or the sweep that find the character are the Move's.

// A Pusher is asked by a Move (MoveOptions.Pusher) about the first capsule
// collider it meets.
type Pusher interface {
	// Push is called at most once per Move, from MoveWith's goroutine,
	// with the hit on a capsule collider (its Fraction of motion, 0 for
	// one touched at the start; its Normal from the capsule toward the
	// moving one) and the motion swept. It may move that collider
	// (World.SetTransform) and run Moves on other Controllers; it must not
	// use the Controller that calls it. It reports whether it moved the
	// collider: then the Move casts the same motion (again).
	Push(hit CastHit, motion mgl64.Vec3) bool
}

// pushAt asks the Move's Pusher, once per Move, about the slide's hit on a
// capsule collider along motion v, and reports whether it moved it.
func (c *Controller) pushAt(hit *CastHit, v vec) bool {
	if c.pusher == nil || c.pushAsked || !hit.capsule {
		return false
	}
	c.pushAsked = true
	return c.pusher.Push(*hit, v)
}

// pushTouching offers the Pusher the character k touched at the start of
// the Move, when what is left of the request (v, the walls touched
// clipped from it) still walks into it: the hit the slide's first cast
// would make, at time zero, without that cast. If the Pusher moves it, the
// slide's first cast finds it where it now stands; if not, the cast finds
// it in the way, as without a Pusher (the Pusher is not asked again).
func (c *Controller) pushTouching(k *Contact, v vec) {
	vl := length(v)
	if !(vl > 0) || dot(k.Normal, v) >= float64(-approachEps*vl) {
		return
	}
	hit := CastHit{Collider: k.Collider, Point: k.Point, Normal: k.Normal, FaceNormal: k.FaceNormal, OnFace: k.OnFace, capsule: true}
	c.pushAt(&hit, v)
}
