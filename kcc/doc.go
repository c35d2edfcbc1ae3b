// Package kcc is a kinematic character controller: a collision world
// (oriented boxes, triangle meshes, heightfields) indexed by bounding-volume
// hierarchies, whose colliders can move (SetTransform, kinematic velocities
// advanced by World.Step), be removed, sit on collision layers and act as
// sensors; capsule/ray/contact queries against it, with filters; and
// Controller.Move,
// which turns a desired translation into a collision-free one with sliding,
// a skin offset, autostep, snap-to-ground, slope limits, a multi-plane crease
// solve, penetration recovery, a grounded state with its normal, and a list
// of the collisions met on the way. Controller.MoveWith is the same Move
// with MoveOptions, in any combination: a QueryFilter, the character's
// ContactCache, and a ContactListener told which character moves.
//
// The behaviour follows the documented behaviour of Rapier's
// KinematicCharacterController (crate rapier3d) and Jolt's CharacterVirtual;
// the code is original. docs/kcc.md describes every setting and how this
// controller differs from Rapier's.
//
// Conventions: lengths in meters, angles in radians, float64 throughout. A
// Capsule's position is its centre and its axis is Config.Up; its feet are at
// pos - Up*(HalfHeight+Radius).
//
// What this package must not do: import donburi or ebiten, keep
// per-character state (a Controller only holds scratch buffers and each
// call brings its character's MoveOptions, so it may be shared by many
// characters as long as one goroutine uses it at a time),
// apply gravity or velocities (the caller passes a translation per tick), read
// the wall clock or use global randomness. A World is read-only during
// queries, so many goroutines may query one World at the same time as long
// as nobody adds, moves or removes colliders meanwhile. Riding a moving
// platform is the caller's explicit step: World.Carry (or
// Controller.CarryWith, which stops the carry short of other colliders) with
// the collider in MoveResult.GroundCollider, before the Move. For rollback,
// World.AppendState and LoadState save and restore what of the World
// changes as it plays; the ticks played again from a loaded state give the
// same bits.
//
// A capsule on a floor, moved every tick (Example_quickStart runs it up
// stairs):
//
//	w := kcc.NewWorld()
//	w.AddBox(mgl64.Vec3{0, -0.5, 0}, mgl64.Vec3{50, 0.5, 50}, mgl64.Quat{}) // floor, top at y=0
//	c := kcc.NewController(kcc.DefaultConfig())
//	shape := kcc.Capsule{Radius: 0.3, HalfHeight: 0.6} // 1.8 m tall
//	pos := mgl64.Vec3{0, 0.91, 0}                      // centre; feet 1 cm above the floor
//
// and every tick, with the character's velocity vel and the tick length dt:
//
//	// every tick (the caller owns velocity and gravity):
//	vel[1] -= 20 * dt
//	desired := vel.Mul(dt)
//	res := c.Move(w, shape, pos, desired)
//	pos = pos.Add(res.Translation)
//	vel = c.VelocityAfter(vel, desired, res, dt) // floor, ceiling and walls take speed away
package kcc
