package kcc

import (
	"errors"
	"fmt"
	"math"

	"github.com/seedgames/motorkit/detmath"
	"github.com/seedgames/motorkit/internal/binstate"
)

// The state of a World (AppendState, LoadState): what of its colliders can
// change after the level was built, so that a simulation saved at a tick
// and loaded again, into the same World or into one built from the same
// level, plays on with the same bits as one that never stopped.
//
// The section starts with stateVersion, then lastDt, the collider count
// and a fingerprint of the static geometry; then one record per collider,
// by ID: its kind, flags and, unless removed, its pose, its previous pose
// (when it differs), its velocities (when set), its surface velocity (when
// set), its layers and, for a capsule, its shape (a box character's
// collider flagged stBoxShape).
const stateVersion = 1

// Flags of a collider's state record.
const (
	stRemoved   = 1 << iota // removed (RemoveCollider): nothing follows
	stKinematic             // kinematic (SetVelocity)
	stSensor                // a sensor (SetSensor)
	stEmpty                 // a capsule added with invalid input
	stMoved                 // a box or mesh placed by SetTransform or Step
	stPrev                  // prev differs from pose: written
	stVel                   // lin and ang written
	stSurf                  // surf written
	// stBoxShape, on a capsule's record, marks a box character's collider
	// (Capsule.Box): stMoved, which no capsule record has otherwise.
	stBoxShape = stMoved
)

// ErrForeignState is wrapped by LoadState's error for a state that was not
// saved from this World or from one built from the same level.
var ErrForeignState = errors.New("kcc: state of another world")

// colliderState is one collider's record, decoded.
type colliderState struct {
	kind             colliderKind
	flags            uint8
	pose, prev       pose
	lin, ang, surf   vec
	layer, mask      uint32
	radius, halfSize float64
}

// AppendState appends the World's state to dst and returns the extended
// slice; it allocates nothing when dst has room.
//
// The state is what can change after the level was built: for every
// collider its pose and its pose at the last Step, its kinematic
// velocities (SetVelocity), its surface velocity, its layers, whether it
// is a sensor and whether it was removed; for a box or a mesh whether it
// was ever moved (its triangles are then placed from its pose); for a
// capsule collider also its shape (AddCapsule, SetCapsuleShape); the dt
// of the last Step and the collider count. The static geometry (a box's size, a mesh's triangles, a
// heightfield's samples) is not saved: the state is loaded into the same
// World or into one built from the same level (LoadState). The section
// starts with a version byte and is not framed: a caller that stores or
// sends it frames it with the rest of its state.
//
// It reads the World as a query does: it must not run while colliders are
// added, moved or removed.
func (w *World) AppendState(dst []byte) []byte {
	b := binstate.Writer{Buf: dst}
	b.U8(stateVersion)
	b.F64(w.lastDt)
	b.U32(uint32(len(w.colliders)))
	fp := fingerprintSeed
	for i := range w.colliders {
		if c := &w.colliders[i]; !c.removed && c.kind != kindCapsule {
			fp = c.fingerprint(fp, i)
		}
	}
	b.U64(fp)
	for i := range w.colliders {
		w.colliders[i].appendState(&b)
	}
	return b.Buf
}

// appendState writes the collider's record.
func (c *collider) appendState(b *binstate.Writer) {
	var fl uint8
	switch {
	case c.removed:
		b.U8(uint8(kindBox))
		b.U8(stRemoved)
		return
	case c.kind == kindCapsule && c.capsuleEmpty:
		fl |= stEmpty
	case c.kind == kindCapsule && c.capsule.box:
		fl |= stBoxShape
	case c.kind == kindBox || c.kind == kindMesh:
		if c.moved {
			fl |= stMoved
		}
	}
	if c.kinematic {
		fl |= stKinematic
	}
	if c.sensor {
		fl |= stSensor
	}
	if !samePose(&c.pose, &c.prev) {
		fl |= stPrev
	}
	if c.kinematic || !zeroBits(&c.lin) || !zeroBits(&c.ang) {
		fl |= stVel
	}
	if !zeroBits(&c.surf) {
		fl |= stSurf
	}
	b.U8(uint8(c.kind))
	b.U8(fl)
	appendPose(b, &c.pose)
	if fl&stPrev != 0 {
		appendPose(b, &c.prev)
	}
	if fl&stVel != 0 {
		b.Vec3(c.lin)
		b.Vec3(c.ang)
	}
	if fl&stSurf != 0 {
		b.Vec3(c.surf)
	}
	b.U32(c.layer)
	b.U32(c.mask)
	if c.kind == kindCapsule && !c.capsuleEmpty {
		b.F64(c.capsule.r)
		b.F64(c.capsule.half)
	}
}

func appendPose(b *binstate.Writer, p *pose) {
	b.Vec3(p.pos)
	b.F64(p.rot.W)
	b.Vec3(p.rot.V)
}

// LoadState sets the World to a state that AppendState saved from it or
// from a World built from the same level, and returns an error, leaving
// the World unchanged, for bytes that are not such a state (truncated or
// garbled, another version, a state of another level: ErrForeignState) or
// that cannot be restored into this World.
//
// Collider IDs are never reused, so a state saved when the World had n
// colliders restores colliders 0 to n-1. Colliders added since (IDs n and
// above) are dropped, and must all be capsules: a resimulation adds its
// characters' capsules again and gets the same IDs. A World with fewer
// colliders than the state (one built from the level, without the
// capsules added during play) gets the missing ones back, which must be
// capsules (or removed ones) in the state. A collider of the state that
// the World removed since cannot be brought back, unless it is a capsule.
//
// What the state holds is restored (see AppendState); what is derived from
// it is rebuilt: moved boxes and meshes are placed at their poses, the
// top-level hierarchy is refitted (or rebuilt by the next query when one
// was due), the capsule grid is rebuilt by the next query, and the World's
// generation moves on, so no ContactCache filled before is used. Query
// results afterwards are the same bits as in a World that never stopped.
// It allocates nothing when the World has the state's colliders already.
// It must not run while queries run.
func (w *World) LoadState(src []byte) error {
	// Everything is checked before anything is written.
	if err := w.loadState(src, false); err != nil {
		if errors.Is(err, ErrForeignState) {
			return err
		}
		return fmt.Errorf("kcc: LoadState: %w", err)
	}
	return w.loadState(src, true)
}

// loadState decodes src, checking it against the World; with apply it
// also writes it (src was checked by a first pass without apply).
func (w *World) loadState(src []byte, apply bool) error {
	r := binstate.NewReader(src)
	if v := r.U8(); r.Err() == nil && v != stateVersion {
		return fmt.Errorf("state version %d, want %d", v, stateVersion)
	}
	lastDt := r.F64()
	if r.Err() == nil && !(lastDt >= 0 && lastDt <= MaxStepDt) {
		r.Fail("last dt %v", lastDt)
	}
	n := r.Count("colliders", 2, math.MaxInt32-1)
	fp := r.U64()
	if err := r.Err(); err != nil {
		return err
	}
	have := len(w.colliders)
	if !apply {
		for i := n; i < have; i++ {
			if c := &w.colliders[i]; !c.removed && c.kind != kindCapsule {
				return fmt.Errorf("collider %d (%s) was added after the state was saved (only capsules are dropped)", i, c.kind)
			}
		}
	}
	if apply && n < have {
		clear(w.colliders[n:])
		w.colliders = w.colliders[:n]
	}
	got := fingerprintSeed
	var st colliderState
	for i := 0; i < n; i++ {
		if !readColliderState(r, &st) {
			return r.Err()
		}
		if apply {
			if i >= len(w.colliders) {
				w.colliders = append(w.colliders, collider{})
			}
			w.setState(ColliderID(i), &st)
			continue
		}
		if err := w.checkState(i, &st); err != nil {
			return err
		}
		if st.flags&stRemoved == 0 && st.kind != kindCapsule {
			got = w.colliders[i].fingerprint(got, i)
		}
	}
	r.End()
	if err := r.Err(); err != nil {
		return err
	}
	if !apply {
		if got != fp {
			return fmt.Errorf("%w: the static geometry differs", ErrForeignState)
		}
		return nil
	}
	w.loaded(lastDt)
	return nil
}

// loaded brings what the World derives from its colliders up to date after
// their state was loaded: the conveyors, the capsules' list and grid, the
// top hierarchy's boxes, the generation.
func (w *World) loaded(lastDt float64) {
	w.lastDt = lastDt
	w.conveyors = 0
	w.caps = w.caps[:0]
	for i := range w.colliders {
		c := &w.colliders[i]
		if !c.removed && c.surf != (vec{}) {
			w.conveyors++
		}
		if !c.removed && c.kind == kindCapsule {
			w.caps = append(w.caps, int32(i))
		}
	}
	w.capsDirty.Store(true)
	w.moved = w.moved[:0]
	w.refit.Store(false)
	if !w.dirty.Load() {
		// The hierarchy's items are the colliders it was built over: the
		// level's (the capsules and the colliders beyond the state's count
		// have empty boxes there).
		for i := range w.top.boxes {
			w.top.boxes[i] = emptyAABB()
			if i < len(w.colliders) && w.colliders[i].kind != kindCapsule {
				w.top.boxes[i] = w.colliders[i].box
			}
		}
		w.top.refit()
	}
	w.gen++
}

// readColliderState reads a record into st and checks it on its own; it
// reports false on an error (in r).
func readColliderState(r *binstate.Reader, st *colliderState) bool {
	*st = colliderState{kind: colliderKind(r.U8()), flags: r.U8()}
	if r.Err() != nil {
		return false
	}
	if st.kind > kindCapsule {
		r.Fail("collider kind %d", st.kind)
		return false
	}
	if st.flags&stRemoved != 0 {
		if st.flags != stRemoved || st.kind != kindBox {
			r.Fail("removed collider with flags %#x, kind %s", st.flags, st.kind)
			return false
		}
		return true
	}
	if st.flags&stEmpty != 0 && st.kind != kindCapsule || st.flags&stMoved != 0 && st.kind != kindBox && st.kind != kindMesh &&
		(st.kind != kindCapsule || st.flags&stEmpty != 0) {
		r.Fail("%s collider with flags %#x", st.kind, st.flags)
		return false
	}
	readPose(r, &st.pose)
	st.prev = st.pose
	if st.flags&stPrev != 0 {
		readPose(r, &st.prev)
	}
	if st.flags&stVel != 0 {
		st.lin, st.ang = r.Vec3(), r.Vec3()
		checkSpeed(r, "linear velocity", &st.lin, MaxColliderSpeed)
		checkSpeed(r, "angular velocity", &st.ang, MaxColliderSpin)
	}
	if st.flags&stSurf != 0 {
		st.surf = r.Vec3()
		checkSpeed(r, "surface velocity", &st.surf, MaxColliderSpeed)
	}
	st.layer, st.mask = r.U32(), r.U32()
	if st.kind == kindCapsule && st.flags&stEmpty == 0 {
		st.radius, st.halfSize = r.F64(), r.F64()
		if r.Err() == nil && !validCapsule(Capsule{Radius: st.radius, HalfHeight: st.halfSize}, st.pose.pos, vec{0, 1, 0}) {
			r.Fail("capsule radius %v, half height %v", st.radius, st.halfSize)
		}
	}
	return r.Err() == nil
}

// readPose reads a pose: a finite position and a unit rotation. (Read
// value by value: a vector built element by element and copied whole
// stalls on store forwarding.)
func readPose(r *binstate.Reader, p *pose) {
	x, y, z := r.F64(), r.F64(), r.F64()
	qw, qx, qy, qz := r.F64(), r.F64(), r.F64(), r.F64()
	if r.Err() != nil {
		return
	}
	p.pos[0], p.pos[1], p.pos[2] = x, y, z
	p.rot.W, p.rot.V[0], p.rot.V[1], p.rot.V[2] = qw, qx, qy, qz
	l2 := float64(qw*qw) + float64(qx*qx) + float64(qy*qy) + float64(qz*qz)
	if !finite3(x, y, z) || !(math.Abs(l2-1) <= 1e-9) {
		r.Fail("pose %v %v", p.pos, p.rot)
	}
}

// checkSpeed checks that v is finite and no longer than max (as clampLen
// leaves it, with a rounding's slack).
func checkSpeed(r *binstate.Reader, what string, v *vec, max float64) {
	if r.Err() != nil {
		return
	}
	if !finiteVec(*v) || !(length(*v) <= float64(max*(1+1e-12))) {
		r.Fail("%s %v", what, *v)
	}
}

// checkState checks record st against collider i of the World (or its
// absence).
func (w *World) checkState(i int, st *colliderState) error {
	removed := st.flags&stRemoved != 0
	if i >= len(w.colliders) {
		if !removed && st.kind != kindCapsule {
			return fmt.Errorf("%w: collider %d (%s) is missing (a World built from another level?)", ErrForeignState, i, st.kind)
		}
		return nil
	}
	c := &w.colliders[i]
	switch {
	case removed:
		return nil // whatever it is, it is removed again
	case c.removed:
		if st.kind == kindCapsule {
			return nil // a capsule comes back whole
		}
		return fmt.Errorf("collider %d (%s) was removed after the state was saved and cannot be restored", i, st.kind)
	case c.kind != st.kind:
		return fmt.Errorf("%w: collider %d is a %s, the state's a %s", ErrForeignState, i, c.kind, st.kind)
	case st.kind == kindBox && st.flags&stMoved != 0 && len(c.tris) == 0:
		return fmt.Errorf("%w: collider %d is an empty box, moved in the state", ErrForeignState, i)
	}
	return nil
}

// setState writes record st into collider id (checked by checkState).
func (w *World) setState(id ColliderID, st *colliderState) {
	c := &w.colliders[id]
	if st.flags&stRemoved != 0 {
		*c = collider{kind: kindBox, box: emptyAABB(), removed: true}
		return
	}
	if st.kind == kindCapsule {
		*c = collider{kind: kindCapsule, capsuleEmpty: st.flags&stEmpty != 0}
	}
	old, wasMoved := c.pose, c.moved
	c.pose, c.prev = st.pose, st.prev
	c.lin, c.ang, c.surf = st.lin, st.ang, st.surf
	c.kinematic = st.flags&stKinematic != 0
	c.sensor = st.flags&stSensor != 0
	c.layer, c.mask = st.layer, st.mask
	c.pendingRefit = false
	moved := st.flags&stMoved != 0
	switch c.kind {
	case kindCapsule:
		if c.capsuleEmpty {
			c.box = emptyAABB()
			return
		}
		c.capsule = capsuleShape{r: st.radius, half: st.halfSize, id: id, box: st.flags&stBoxShape != 0}
		c.placeShape(id, c.pose)
		c.bound = marginBound(&c.box)
	case kindBox:
		if len(c.tris) == 0 || moved == wasMoved && samePose(&old, &c.pose) {
			// An empty box stays empty wherever it is; a box where it
			// is already has its shape and bounds.
			return
		}
		if moved {
			c.placeShape(id, c.pose)
			return
		}
		// Where it was added (its pose was never changed): its triangles
		// and bounds as AddBox made them.
		c.ob.c = c.pose.pos
		c.ob.setAxes(c.pose.rot)
		c.moved = false
		c.box = emptyAABB()
		for i := range c.tbox {
			c.box = c.box.union(c.tbox[i])
		}
	case kindMesh:
		switch {
		case moved && (!wasMoved || !samePose(&old, &c.pose)):
			c.placeShape(id, c.pose)
		case !moved && wasMoved:
			// Back to the triangles as added, kept in local.
			copy(c.tris, c.local)
			c.box = emptyAABB()
			for i := range c.tris {
				c.tbox[i] = c.tris[i].bounds()
				c.box = c.box.union(c.tbox[i])
			}
			c.bvh.refit()
		}
		c.moved = moved
	case kindHeightfield:
		c.placeShape(id, c.pose)
	}
}

// samePose reports whether a and b are the same bits.
func samePose(a, b *pose) bool {
	return detmath.SameBits(&a.pos, &b.pos) && detmath.SameBits(&a.rot.V, &b.rot.V) &&
		math.Float64bits(a.rot.W) == math.Float64bits(b.rot.W)
}

func zeroBits(v *vec) bool { return detmath.SameBits(v, &vec{}) }

// fingerprintSeed starts a fingerprint of static geometry.
const fingerprintSeed uint64 = 0x6b63632d73746174

// fingerprint mixes collider i's kind and what does not change of its
// geometry (a box's half extents, a mesh's triangle count and first and
// last triangles as added, a heightfield's grid) into h: a cheap check
// that a state is loaded into a World built from the same level.
func (c *collider) fingerprint(h uint64, i int) uint64 {
	h = mix64(h, uint64(i))
	h = mix64(h, uint64(c.kind))
	f := func(x float64) { h = mix64(h, math.Float64bits(x)) }
	v := func(x vec) { f(x[0]); f(x[1]); f(x[2]) }
	switch c.kind {
	case kindBox:
		h = mix64(h, uint64(len(c.tris)))
		v(c.ob.h)
	case kindMesh:
		h = mix64(h, uint64(len(c.tris)))
		added := c.tris
		if c.local != nil {
			added = c.local
		}
		for _, t := range [2]*tri{&added[0], &added[len(added)-1]} {
			v(t.a)
			v(t.b)
			v(t.c)
		}
	case kindHeightfield:
		v(c.hf.origin)
		f(c.hf.cell)
		h = mix64(h, uint64(c.hf.cols))
		h = mix64(h, uint64(c.hf.rows))
		f(c.hf.lo)
		f(c.hf.hi)
	}
	return h
}

// mix64 mixes x into h (murmur3's finalizer over h^x).
func mix64(h, x uint64) uint64 {
	h ^= x
	h ^= h >> 33
	h *= 0xff51afd7ed558ccd
	h ^= h >> 33
	h *= 0xc4ceb9fe1a85ec53
	h ^= h >> 33
	return h
}

// String names a collider kind in errors.
func (k colliderKind) String() string {
	switch k {
	case kindBox:
		return "box"
	case kindMesh:
		return "mesh"
	case kindHeightfield:
		return "heightfield"
	case kindCapsule:
		return "capsule"
	}
	return fmt.Sprintf("kind %d", uint8(k))
}
