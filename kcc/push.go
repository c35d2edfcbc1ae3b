package kcc

import "github.com/go-gl/mathgl/mgl64"

// Pushing from inside a Move: a caller that lets characters push each
// other gives MoveWith a Pusher (MoveOptions.Pusher). The first time the
// Move's slide meets a capsule collider (another character), the Move asks
// the Pusher, which may move that character out of the way (its own Move,
// on another Controller, then World.SetTransform of its capsule) before the
// slide casts again from where it stands. So a push costs no look ahead of
// its own: the sweep that finds the character is the Move's.

// A Pusher is asked by a Move (MoveOptions.Pusher) about the first capsule
// collider its slide meets.
type Pusher interface {
	// Push is called at most once per Move, from MoveWith's goroutine,
	// with the slide's hit on a capsule collider (its Fraction of motion,
	// its Normal from the capsule toward the moving one) and the motion
	// swept. It may move that collider (World.SetTransform) and run Moves
	// on other Controllers; it must not use the Controller that calls it.
	// It reports whether it moved the collider: then the Move casts the
	// same motion again.
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
