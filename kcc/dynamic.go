package kcc

import (
	"errors"
	"fmt"
	"math"

	"github.com/go-gl/mathgl/mgl64"
	"github.com/seedgames/motorkit/detmath"
)

// Limits on collider motion. Velocities beyond them are clamped (their
// direction kept), so a hostile or broken platform script cannot launch a
// collider to infinity in one tick.
const (
	// MaxColliderSpeed bounds a kinematic collider's linear speed (m/s).
	MaxColliderSpeed = 1000.0
	// MaxColliderSpin bounds a kinematic collider's angular speed (rad/s).
	MaxColliderSpin = 100.0
	// MaxStepDt bounds World.Step's dt (s); a larger dt is clamped to it,
	// like systems.Runner clamps a frame.
	MaxStepDt = 0.25
)

// Errors returned by SetTransform and SetVelocity.
var (
	ErrBadTransform = errors.New("kcc: invalid transform (NaN or infinite position, zero or non-finite rotation)")
	ErrBadVelocity  = errors.New("kcc: invalid velocity (NaN or infinite)")
)

// pose is a collider's placement: world = rot·local + pos. Boxes are local
// about their centre (pos is the centre, as in AddBox); meshes and
// heightfields are local in the frame their vertices or origin were given
// in, so they start at the identity pose.
type pose struct {
	pos vec
	rot mgl64.Quat
}

func (p pose) apply(l vec) vec { return add(detmath.Rotate(p.rot, l), p.pos) }

func (p pose) inverse(w vec) vec { return detmath.Rotate(p.rot.Conjugate(), sub(w, p.pos)) }

// frame is a pose as a rotation matrix (columns: the images of the axes)
// and a translation: placing many points costs 9 multiplications each.
type frame struct {
	m [3]vec
	p vec
}

func (p pose) frame() frame {
	q := p.rot
	x, y, z, w := q.V[0], q.V[1], q.V[2], q.W
	return frame{
		m: [3]vec{
			{1 - float64(2*(float64(y*y)+float64(z*z))), float64(2 * (float64(x*y) + float64(w*z))), float64(2 * (float64(x*z) - float64(w*y)))},
			{float64(2 * (float64(x*y) - float64(w*z))), 1 - float64(2*(float64(x*x)+float64(z*z))), float64(2 * (float64(y*z) + float64(w*x)))},
			{float64(2 * (float64(x*z) + float64(w*y))), float64(2 * (float64(y*z) - float64(w*x))), 1 - float64(2*(float64(x*x)+float64(y*y)))},
		},
		p: p.pos,
	}
}

func (f *frame) dir(v vec) vec {
	return vec{
		float64(f.m[0][0]*v[0]) + float64(f.m[1][0]*v[1]) + float64(f.m[2][0]*v[2]),
		float64(f.m[0][1]*v[0]) + float64(f.m[1][1]*v[1]) + float64(f.m[2][1]*v[2]),
		float64(f.m[0][2]*v[0]) + float64(f.m[1][2]*v[1]) + float64(f.m[2][2]*v[2]),
	}
}

func (f *frame) point(v vec) vec { return add(f.dir(v), f.p) }

func (p pose) isIdentity() bool { return p.pos == (vec{}) && p.rot == mgl64.QuatIdent() }

// collider looks up id for a pose or velocity change.
func (w *World) movable(id ColliderID) (*collider, error) {
	if w == nil || id < 0 || int(id) >= len(w.colliders) {
		return nil, fmt.Errorf("%w: %d", ErrUnknownCollider, id)
	}
	c := &w.colliders[id]
	if c.removed {
		return nil, fmt.Errorf("%w: %d", ErrColliderRemoved, id)
	}
	return c, nil
}

// unitQuat normalizes q; a zero Quat means identity (as in AddBox). It
// reports false for a non-finite or (near) zero-length non-zero Quat.
func unitQuat(q mgl64.Quat) (mgl64.Quat, bool) {
	if q.W == 0 && q.V == (vec{}) {
		return mgl64.QuatIdent(), true
	}
	if !finite(q.W) || !finiteVec(q.V) {
		return q, false
	}
	l := detmath.QuatLen(q)
	if !(l > 1e-12) || math.IsInf(l, 0) {
		return q, false
	}
	return detmath.QuatScale(q, 1/l), true
}

// SetTransform places collider id at pos with rotation rot. For a box, pos
// is its centre and rot its rotation (as in AddBox); a mesh or heightfield
// is placed by the transform of the frame its vertices or origin were given
// in (it starts at pos 0, identity). rot is normalized (a zero Quat means
// identity). A NaN or infinite pos, or a zero-length or non-finite rot,
// returns ErrBadTransform and changes nothing; an unknown or removed id
// returns ErrUnknownCollider or ErrColliderRemoved.
//
// The pose change is what Carry and PointVelocity report until the next
// Step. Cost: a box or a heightfield is O(1); a mesh re-places its
// triangles and refits its own hierarchy, O(its triangles) (keep moving
// meshes small: platforms, doors, lifts). The world's top-level hierarchy
// is refitted, not rebuilt, by the next query. Like adding colliders, it
// must not run while queries run.
func (w *World) SetTransform(id ColliderID, pos mgl64.Vec3, rot mgl64.Quat) error {
	c, err := w.movable(id)
	if err != nil {
		return err
	}
	q, ok := unitQuat(rot)
	if !ok || !finiteVec(pos) {
		return fmt.Errorf("%w: collider %d pos %v rot %v", ErrBadTransform, id, pos, rot)
	}
	np := pose{pos: pos, rot: q}
	if c.kind == kindCapsule && samePose(&c.pose, &np) {
		return nil // a character that did not move: its geometry stands
	}
	w.place(id, c, np)
	return nil
}

// Transform returns collider id's position and rotation (see SetTransform).
func (w *World) Transform(id ColliderID) (pos mgl64.Vec3, rot mgl64.Quat, err error) {
	c, err := w.movable(id)
	if err != nil {
		return vec{}, mgl64.QuatIdent(), err
	}
	return c.pose.pos, c.pose.rot, nil
}

// Bounds returns an axis-aligned box holding collider id where it is now
// (its faces may lie a little outside the shape: a rotated box's box).
func (w *World) Bounds(id ColliderID) (min, max mgl64.Vec3, err error) {
	c, err := w.movable(id)
	if err != nil {
		return vec{}, vec{}, err
	}
	return c.box.min, c.box.max, nil
}

// place moves c to p: its geometry, its bounds and, lazily, the top-level
// hierarchy.
func (w *World) place(id ColliderID, c *collider, p pose) {
	c.pose = p
	if c.kind == kindCapsule {
		// Capsules are in their grid (crowd.go); their moves may run on
		// several goroutines in a planned crowd, so they touch nothing
		// shared.
		if c.capsuleEmpty {
			return
		}
		c.placeShape(id, p)
		w.placedCapsule(c)
		return
	}
	w.gen++
	if c.kind == kindBox && len(c.tris) == 0 {
		return // an empty (invalid) box stays empty wherever it is
	}
	c.placeShape(id, p)
	w.refitTop(id, c.box)
}

// placeShape puts c's geometry at pose p and its bounds in c.box: a
// capsule's segment; a box's analytic shape, O(1) (its triangles, for rays
// and drawing only, are rebuilt from the pose when asked for); a mesh's
// triangles, re-placed from those it was added with, and its own
// hierarchy refitted; a heightfield's frame. A box or mesh is then marked
// moved. c must not be an empty capsule or box.
func (c *collider) placeShape(id ColliderID, p pose) {
	switch c.kind {
	case kindCapsule:
		c.capsule.place(p)
		c.box = c.capsule.bounds()
	case kindBox:
		if c.local == nil {
			c.local = boxTris(vec{}, c.ob.h, mgl64.QuatIdent(), id, nil)
		}
		c.moved = true
		c.ob.c = p.pos
		c.ob.setAxes(p.rot)
		c.box = c.ob.bounds()
	case kindMesh:
		if c.local == nil {
			c.local = append([]tri(nil), c.tris...)
		}
		c.moved = true
		f := p.frame()
		c.box = c.placeTris(&f)
		c.bvh.refit()
	case kindHeightfield:
		c.hf.posed = !p.isIdentity()
		c.hf.pose = p
		c.box = c.hf.bounds()
	}
}

// placeTris places the collider's local triangles by f into tris and
// tbox and returns their bounds. A rigid motion keeps a triangle's shape,
// so normals and edge normals are rotated, not recomputed.
func (c *collider) placeTris(f *frame) aabb {
	box := emptyAABB()
	for i := range c.local {
		c.tris[i] = placeTri(&c.local[i], f)
		c.tbox[i] = c.tris[i].bounds()
		box = box.union(c.tbox[i])
	}
	return box
}

// placeTri returns the local triangle t placed by f.
func placeTri(t *tri, f *frame) tri {
	out := *t
	out.a, out.b, out.c = f.point(t.a), f.point(t.b), f.point(t.c)
	out.n = f.dir(t.n)
	out.en = [3]vec{f.dir(t.en[0]), f.dir(t.en[1]), f.dir(t.en[2])}
	return out
}

// refitTop records collider id's new bounds in the top-level hierarchy;
// the next query refits it (O(colliders), no rebuild). When a rebuild is
// already due (colliders were added or removed), that rebuild reads the
// new bounds itself.
func (w *World) refitTop(id ColliderID, box aabb) {
	if w.dirty.Load() || int(id) >= len(w.top.boxes) {
		w.dirty.Store(true)
		return
	}
	w.top.boxes[id] = box
	if c := &w.colliders[id]; !c.pendingRefit {
		c.pendingRefit = true
		w.moved = append(w.moved, int32(id))
	}
	w.refit.Store(true)
}

// clearMoved forgets the pending refits (they were done, or a rebuild
// makes them moot).
func (w *World) clearMoved() {
	for _, id := range w.moved {
		w.colliders[id].pendingRefit = false
	}
	w.moved = w.moved[:0]
}

// refit recomputes every node's box from its items' boxes, children before
// parents (children always come after their parent in nodes).
func (b *bvh) refit() {
	for i := len(b.nodes) - 1; i >= 0; i-- {
		nd := &b.nodes[i]
		if nd.count > 0 {
			box := emptyAABB()
			for _, it := range b.items[nd.first : nd.first+nd.count] {
				box = box.union(b.boxes[it])
			}
			nd.box = box
			continue
		}
		nd.box = b.nodes[nd.left].box.union(b.nodes[nd.left+1].box)
	}
}

// bounds is the world box of a heightfield: its local box (grid extent,
// lowest to highest sample) placed by its pose.
func (h *heightfield) bounds() aabb {
	l := aabb{
		min: vec{h.origin[0], h.origin[1] + h.lo, h.origin[2]},
		max: vec{h.origin[0] + float64(float64(h.cols-1)*h.cell), h.origin[1] + h.hi, h.origin[2] + float64(float64(h.rows-1)*h.cell)},
	}
	if !h.posed {
		return l
	}
	return transformBox(l, h.pose.apply)
}

// transformBox returns the box around the 8 corners of b mapped by f.
func transformBox(b aabb, f func(vec) vec) aabb {
	out := emptyAABB()
	for k := 0; k < 8; k++ {
		corner := b.min
		for i := 0; i < 3; i++ {
			if k&(1<<i) != 0 {
				corner[i] = b.max[i]
			}
		}
		out = out.grow(f(corner))
	}
	return out
}

// SetVelocity makes collider id kinematic: each Step(dt) moves it by
// linear·dt and turns it by angular·dt (radians about the world axis
// angular, through its pose position: a box's centre, a mesh's frame
// origin). Zero velocities make it static again. A NaN or infinite
// component returns ErrBadVelocity and changes nothing; speeds above
// MaxColliderSpeed and MaxColliderSpin are clamped to them.
func (w *World) SetVelocity(id ColliderID, linear, angular mgl64.Vec3) error {
	c, err := w.movable(id)
	if err != nil {
		return err
	}
	if !finiteVec(linear) || !finiteVec(angular) {
		return fmt.Errorf("%w: collider %d linear %v angular %v", ErrBadVelocity, id, linear, angular)
	}
	c.lin = clampLen(linear, MaxColliderSpeed)
	c.ang = clampLen(angular, MaxColliderSpin)
	c.kinematic = c.lin != (vec{}) || c.ang != (vec{})
	return nil
}

// SetSurfaceVelocity makes collider id a conveyor: it stays where it is,
// and a character standing on it is carried at v (Carry, PointVelocity;
// Godot's constant_linear_velocity of a static body). Zero makes it a
// plain collider again. A NaN or infinite component returns
// ErrBadVelocity and changes nothing; speeds above MaxColliderSpeed are
// clamped to it.
func (w *World) SetSurfaceVelocity(id ColliderID, v mgl64.Vec3) error {
	c, err := w.movable(id)
	if err != nil {
		return err
	}
	if !finiteVec(v) {
		return fmt.Errorf("%w: collider %d surface velocity %v", ErrBadVelocity, id, v)
	}
	had := c.surf != (vec{})
	c.surf = clampLen(v, MaxColliderSpeed)
	switch has := c.surf != (vec{}); {
	case has && !had:
		w.conveyors++
	case had && !has:
		w.conveyors--
	}
	return nil
}

// HasConveyors reports whether some collider has a surface velocity: the
// world must then be stepped every tick (Step) for Carry to carry.
func (w *World) HasConveyors() bool { return w != nil && w.conveyors > 0 }

// Velocity returns collider id's kinematic velocities (zero for a collider
// moved only by SetTransform, or static).
func (w *World) Velocity(id ColliderID) (linear, angular mgl64.Vec3, err error) {
	c, err := w.movable(id)
	if err != nil {
		return vec{}, vec{}, err
	}
	return c.lin, c.ang, nil
}

func clampLen(v vec, max float64) vec {
	l := length(v)
	if l-l != 0 { // the squares overflowed: a huge but finite vector
		return scale(unitOfHuge(v), max)
	}
	if l > max {
		return scale(v, max/l)
	}
	return v
}

// unitOfHuge is the unit vector of a finite v too long for length (its
// squares overflow): v divided by its largest component first.
func unitOfHuge(v vec) vec {
	m := max(math.Abs(v[0]), max(math.Abs(v[1]), math.Abs(v[2])))
	u := vec{v[0] / m, v[1] / m, v[2] / m}
	return scale(u, 1/length(u))
}

// Step starts a tick of the world's motion: it forgets the previous tick's
// pose changes (Carry and PointVelocity report what happens after this
// call) and advances every kinematic collider by dt. Call it once per
// tick, before moving colliders with SetTransform and before moving the
// characters. A NaN or negative dt advances nothing; dt above MaxStepDt is
// clamped to it. It is O(colliders) plus the cost of placing each moving
// one (see SetTransform); it must not run while queries run.
func (w *World) Step(dt float64) {
	if w == nil {
		return
	}
	if !(dt >= 0) {
		dt = 0
	}
	dt = min(dt, MaxStepDt)
	w.lastDt = dt
	for i := range w.colliders {
		c := &w.colliders[i]
		c.prev = c.pose
		if !c.kinematic || c.removed || dt == 0 {
			continue
		}
		p := c.pose
		p.pos = madd(p.pos, c.lin, dt)
		// A spin so slow that its length underflows to 0 turns nothing
		// (its axis, ang/0, would be NaN).
		if l := length(c.ang); l > 0 {
			a := float64(l * dt)
			p.rot = detmath.QuatNormalize(detmath.QuatMul(detmath.QuatRotate(a, scale(c.ang, 1/l)), p.rot))
		}
		w.place(ColliderID(i), c, p)
	}
}

// Carry returns how the point p, attached to collider id, moved with it
// since the last Step: delta is its displacement (so a character standing
// on a platform at p is carried to p+delta) and yaw the platform's turn
// about up in radians (counter-clockwise seen from above, for turning the
// character's view with it); a conveyor's surface velocity adds to delta.
// Both are zero for a collider that did not move and has no surface
// velocity, an unknown or removed id, or non-finite input.
func (w *World) Carry(id ColliderID, p, up mgl64.Vec3) (delta mgl64.Vec3, yaw float64) {
	c, err := w.movable(id)
	if err != nil || !finiteVec(p) {
		return vec{}, 0
	}
	if c.pose == c.prev {
		if c.surf == (vec{}) || !(w.lastDt > 0) {
			return vec{}, 0
		}
		return scale(c.surf, w.lastDt), 0
	}
	delta = sub(c.pose.apply(c.prev.inverse(p)), p)
	if c.surf != (vec{}) && w.lastDt > 0 {
		delta = madd(delta, c.surf, w.lastDt)
	}
	if !finiteVec(delta) {
		return vec{}, 0
	}
	up = normalizeOr(up, vec{0, 1, 0})
	dq := detmath.QuatMul(c.pose.rot, c.prev.rot.Conjugate())
	// The twist of dq about up: 2·atan2(v·up, w).
	yaw = float64(2 * detmath.Atan2(dot(dq.V, up), dq.W))
	if yaw > math.Pi {
		yaw -= 2 * math.Pi
	} else if yaw < -math.Pi {
		yaw += 2 * math.Pi
	}
	return delta, yaw
}

// Carries reports whether Carry moves a point attached to collider id:
// the collider moved in the last Step (or by SetTransform since) or has a
// surface velocity. When it is false, Carry (and Controller.CarryWith)
// returns a zero delta and yaw for any point; an unknown or removed id is
// false.
func (w *World) Carries(id ColliderID) bool {
	c, err := w.movable(id)
	if err != nil {
		return false
	}
	return c.pose != c.prev || (c.surf != (vec{}) && w.lastDt > 0)
}

// PointVelocity returns the velocity of the point p attached to collider
// id: linear + angular × (p - position) for a kinematic collider, and for
// one moved by SetTransform its displacement since the last Step over that
// Step's dt. It is zero for a static collider, an unknown or removed id, or
// before the first Step with dt > 0.
func (w *World) PointVelocity(id ColliderID, p mgl64.Vec3) mgl64.Vec3 {
	c, err := w.movable(id)
	if err != nil || !finiteVec(p) {
		return vec{}
	}
	if c.kinematic {
		return add(add(c.lin, cross(c.ang, sub(p, c.pose.pos))), c.surf)
	}
	if w.lastDt <= 0 {
		return c.surf
	}
	d, _ := w.Carry(id, p, vec{0, 1, 0})
	return scale(d, 1/w.lastDt)
}

// motionVelocity is PointVelocity without the surface velocity: how the
// collider's material itself moves at p (zero for a conveyor at rest).
func (w *World) motionVelocity(id ColliderID, p vec) vec {
	c, err := w.movable(id)
	if err != nil {
		return vec{}
	}
	return sub(w.PointVelocity(id, p), c.surf)
}

// hasMoved reports whether collider id moves: a box or mesh ever placed
// by SetTransform or Step, a kinematic one, or one (a character's capsule)
// that moved at the last Step or since.
func (w *World) hasMoved(id ColliderID) bool {
	c, err := w.movable(id)
	return err == nil && (c.moved || c.kinematic || !samePose(&c.pose, &c.prev))
}

// bounds is the box's world bounding box: its centre plus, per world
// axis, the half extents projected on it.
func (o *obb) bounds() aabb {
	var e vec
	for i := 0; i < 3; i++ {
		e[i] = float64(math.Abs(o.ax[0][i])*o.h[0]) + float64(math.Abs(o.ax[1][i])*o.h[1]) + float64(math.Abs(o.ax[2][i])*o.h[2])
	}
	return aabb{min: sub(o.c, e), max: add(o.c, e)}
}

// CarryWith is World.Carry for a character with this controller's Up:
// the displacement (and turn about Up) the collider ground gives a capsule
// of shape at pos standing on it (the feet point, pos - Up*(HalfHeight +
// Radius), is the point carried), cut short where the capsule swept along
// it would come within Offset of another collider. A lift rising toward a
// ceiling so stops carrying its rider under the ceiling instead of pushing
// it in; the lift then presses the character and the next Move reports
// Crushed. A shape with Box set sweeps the box (see Capsule). opts are
// the character's MoveOptions, as for its Move: the
// sweep sees the colliders opts.Filter admits (the carrier itself is
// always left out), and the listener is asked about the sweep's hits as
// by a Move (a collider it ignores does not cut the carry short) with
// opts.Character; opts.Cache is not used (a sweep reads no contacts).
func (c *Controller) CarryWith(w *World, shape Capsule, pos mgl64.Vec3, ground ColliderID, opts MoveOptions) (delta mgl64.Vec3, yaw float64) {
	up := c.cfg.Up
	if w == nil || !validCapsuleP(&shape, &pos, &up) {
		return mgl64.Vec3{}, 0
	}
	feet := madd(pos, up, -(shape.HalfHeight + shape.Radius))
	delta, yaw = w.Carry(ground, feet, up)
	if delta == (mgl64.Vec3{}) || !finiteVec(delta) {
		return delta, yaw
	}
	c.carryEx = append(c.carryEx[:0], ground)
	c.carryF = QueryFilter{}
	if f := opts.Filter; f != nil {
		c.carryEx = append(c.carryEx, f.Exclude...)
		// The whole filter but its exclusions, which gain the carrier: a
		// planned crowd's view too, so the sweep never rebuilds the capsule
		// grid that the plan's other moves are reading.
		c.carryF.Mask, c.carryF.Predicate, c.carryF.Crowd = f.Mask, f.Predicate, f.Crowd
	}
	c.carryF.Exclude = c.carryEx
	opts.Filter, opts.Cache = &c.carryF, nil
	c.beginMove(w, &opts, shape.Box)
	defer c.endMove()
	if hit, ok := c.cast(w, pos, shape.Radius, shape.HalfHeight, delta); ok && hit.Fraction < 1 {
		delta = scale(delta, hit.Fraction)
	}
	return delta, yaw
}

// OverlapsWith reports whether a capsule of the given shape at pos (its
// box with shape.Box), its axis along Config.Up, overlaps or touches a
// collider this controller's
// Moves with opts collide with: one that Config.CollisionMask and
// opts.Filter admit and that opts' listener does not ignore (it is asked
// as by a Move, with Sweep false and opts.Character; opts.Cache is not
// used). It is the room check of a crouched character about to stand up:
// a character's own capsule left out by the filter, a one-way platform the
// listener lets it into. Invalid input (a nil World, a non-positive
// radius, a non-finite value) reports true, the safe answer to "is there
// room?".
func (c *Controller) OverlapsWith(w *World, shape Capsule, pos mgl64.Vec3, opts MoveOptions) bool {
	up := c.cfg.Up
	if w == nil || !validCapsuleP(&shape, &pos, &up) {
		return true
	}
	opts.Cache = nil
	c.beginMove(w, &opts, shape.Box)
	defer c.endMove()
	if c.listener == nil && !shape.Box {
		return w.overlap(&c.s, shape, pos, up, 0)
	}
	var p0, p1 vec
	capsuleSegTo(&p0, &p1, &pos, &up, shape.HalfHeight)
	return len(c.contactsOf(w, &p0, &p1, shape.Radius, 0)) > 0
}
