// Package motors defines the contract between the movement pipeline and a
// character-movement motor, plus the small math every motor shares.
//
// A motor is a per-entity value (its config pointer plus its own state) that
// fills three pipeline stages, in this order, once per fixed tick:
//
//	Friction -> Accel -> Shaping
//
// The pipeline calls them with a *Context that points at the character's
// state, each part in its one home: the tick's sanitized Command, the View,
// the Stance the kinematic controller reported last tick (grounded, ground
// normal, crouched), the Move Intent built by the intent stage and the jump
// timers and decision of the buffer stage. A stage reads the context and
// changes Context.Velocity (and its own state and debug metrics); it may
// leave a stage empty. It never writes through the context's pointers, logs
// or allocates.
//
// What a motor must not do: collision queries, stepping, plane clipping,
// gravity or applying the jump velocity. Those belong to the KCC stage
// (package kcc and the systems package). Motors import neither donburi nor
// ebiten: they are pure functions of (config, state, context) so they can be
// tested and reused without an ECS.
//
// Velocity convention: Context.Velocity is the body's full 3D velocity in m/s,
// Y up. Motors shape the planar part (X and Z). The KCC stage owns the
// vertical part: it integrates gravity in the air, sets the jump speed on the
// single jump-consume tick, and zeroes it while grounded. On walkable ground
// the stored velocity is therefore planar (Y = 0); the KCC stage lifts it onto
// the ground plane when it moves the body (same horizontal speed, following
// the slope). Intent.Dir is the ground-tangent direction for motors that want
// to reason in the slope plane; a motor that does must store the planar part
// back (see motors/arena).
package motors
