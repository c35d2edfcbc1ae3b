package kcc

import (
	"fmt"
	"math"

	"github.com/go-gl/mathgl/mgl64"
	"github.com/seedgames/motorkit/internal/binstate"
)

// SetSensor makes collider id a sensor (on) or a solid collider again.
// A sensor never blocks: Move, casts, contacts, overlaps and rays ignore
// it. World.Sensors reports which sensors a character overlaps and a
// SensorTracker turns that into enter/stay/exit events. An unknown or
// removed id returns an error.
func (w *World) SetSensor(id ColliderID, on bool) error {
	c, err := w.movable(id)
	if err != nil {
		return err
	}
	c.sensor = on
	w.gen++
	return nil
}

// Sensors appends to out, in increasing ID order, every sensor that the
// upright capsule at pos (its bounding box with shape.Box, aligned with
// the world axes) overlaps (touching counts) and whose mask
// includes layer (the character's layer; 0 means DefaultLayer), and
// returns the extended slice. Invalid input appends nothing. It borrows
// pooled scratch and does not allocate once out has room.
func (w *World) Sensors(shape Capsule, pos mgl64.Vec3, layer uint32, out []ColliderID) []ColliderID {
	up := vec{0, 1, 0}
	if w == nil || !validCapsule(shape, pos, up) {
		return out
	}
	if layer == 0 {
		layer = DefaultLayer
	}
	s := w.getScratch()
	defer w.pool.Put(s)
	w.index(nil)
	p0, p1 := capsuleSeg(pos, up, shape.HalfHeight)
	r := shape.Radius
	q := segAABB(p0, p1, r)
	var b *charBox
	if shape.Box {
		cb := s.castBufs()
		b = &cb.box
		*b = charBox{c: pos, h: vec{r, shape.HalfHeight + r, r}, ax: [3]vec{{1, 0, 0}, {0, 1, 0}, {0, 0, 1}}, aligned: true}
	}
	var off sweepFilter
	s.top = w.top.query(&q, &off, s.top[:0])
	s.top = w.capsuleQuery(s, &q, &off, s.top)
	n0 := len(out)
	for _, ci := range s.top {
		c := &w.colliders[ci]
		if !c.sensor || c.removed || c.mask&layer == 0 {
			continue
		}
		if b != nil && !w.touchesBox(s, c, ColliderID(ci), q, b) || b == nil && !w.touches(s, c, ColliderID(ci), q, p0, p1, r) {
			continue
		}
		out = append(out, ColliderID(ci))
	}
	// The hierarchy's order is not the ID order: sort the (few) hits.
	for i := n0 + 1; i < len(out); i++ {
		for j := i; j > n0 && out[j] < out[j-1]; j-- {
			out[j], out[j-1] = out[j-1], out[j]
		}
	}
	return out
}

// touches reports whether segment p0-p1 comes within r of collider c.
func (w *World) touches(s *scratch, c *collider, id ColliderID, q aabb, p0, p1 vec, r float64) bool {
	var off sweepFilter
	switch c.kind {
	case kindBox:
		return len(c.tris) > 0 && c.ob.segBoxDist(&p0, &p1) <= r
	case kindMesh:
		s.sub = c.bvh.query(&q, &off, s.sub[:0])
		for _, ti := range s.sub {
			if segTriDist(&p0, &p1, &c.tris[ti]) <= r {
				return true
			}
		}
	case kindCapsule:
		return !c.capsuleEmpty && c.capsule.closestTo(p0, p1).dist <= r
	case kindHeightfield:
		s.hf = c.hf.gather(q, &off, id, s.hf[:0], nil)
		for i := range s.hf {
			if segTriDist(&p0, &p1, &s.hf[i]) <= r {
				return true
			}
		}
	}
	return false
}

// touchesBox reports whether the box character b (bounds q) overlaps or
// touches collider c, by the separating axes (box.go).
func (w *World) touchesBox(s *scratch, c *collider, id ColliderID, q aabb, b *charBox) bool {
	var off sweepFilter
	cb := s.castBufs()
	st := &cb.sat
	switch c.kind {
	case kindBox:
		if len(c.tris) == 0 {
			return false
		}
		st.beginRest(0)
		st.obb(b, &c.ob)
		return st.sep <= 0
	case kindMesh:
		s.sub = c.bvh.query(&q, &off, s.sub[:0])
		for _, ti := range s.sub {
			st.beginRest(0)
			if st.tri(b, &c.tris[ti]); st.sep <= 0 {
				return true
			}
		}
	case kindCapsule:
		if c.capsuleEmpty {
			return false
		}
		st.beginRest(0)
		if c.capsule.box {
			st.obb(b, &c.capsule.ob)
			return st.sep <= 0
		}
		s.charObb(&cb.obb, b)
		st.capsule(b, &c.capsule, &cb.obb, &cb.res0)
		return st.sep <= 0
	case kindHeightfield:
		s.hf = c.hf.gather(q, &off, id, s.hf[:0], nil)
		for i := range s.hf {
			st.beginRest(0)
			if st.tri(b, &s.hf[i]); st.sep <= 0 {
				return true
			}
		}
	}
	return false
}

// SensorEventKind says whether a character entered, stayed in or left a
// sensor this tick.
type SensorEventKind uint8

// Sensor event kinds.
const (
	SensorEnter SensorEventKind = iota
	SensorStay
	SensorExit
)

// String returns "enter", "stay" or "exit".
func (k SensorEventKind) String() string {
	switch k {
	case SensorEnter:
		return "enter"
	case SensorStay:
		return "stay"
	case SensorExit:
		return "exit"
	}
	return fmt.Sprintf("SensorEventKind(%d)", uint8(k))
}

// SensorEvent is one character's relation to one sensor this tick.
type SensorEvent struct {
	Character int
	Sensor    ColliderID
	Kind      SensorEventKind
}

// SensorTracker turns each tick's overlaps (World.Sensors) into
// enter/stay/exit events. Characters are small non-negative integers
// chosen by the caller (an index into its character list). Per tick: call
// Begin, then Update once per character in increasing character order;
// Events then lists, per character in that order, its sensors in
// increasing ID order, each with its kind (exits included), so the events
// are the same on every run. It allocates only when a character or its
// overlap count grows beyond what it has seen.
type SensorTracker struct {
	prev   [][]ColliderID // per character: sensors overlapped last tick, sorted
	Events []SensorEvent
}

// Begin starts a tick: it clears Events.
func (t *SensorTracker) Begin() { t.Events = t.Events[:0] }

// Update records that character now overlaps the sensors in now (sorted in
// increasing ID order, as World.Sensors returns them) and appends the
// character's events. A negative character is ignored.
func (t *SensorTracker) Update(character int, now []ColliderID) {
	if character < 0 {
		return
	}
	if n := len(t.prev); n <= character {
		// Lists beyond the length (a LoadState of fewer characters)
		// keep their storage, emptied.
		t.prev = growLists(t.prev, character+1)
		for k := n; k <= character; k++ {
			t.prev[k] = t.prev[k][:0]
		}
	}
	old := t.prev[character]
	i, j := 0, 0
	for i < len(old) || j < len(now) {
		switch {
		case j == len(now) || (i < len(old) && old[i] < now[j]):
			t.Events = append(t.Events, SensorEvent{Character: character, Sensor: old[i], Kind: SensorExit})
			i++
		case i == len(old) || now[j] < old[i]:
			t.Events = append(t.Events, SensorEvent{Character: character, Sensor: now[j], Kind: SensorEnter})
			j++
		default:
			t.Events = append(t.Events, SensorEvent{Character: character, Sensor: now[j], Kind: SensorStay})
			i++
			j++
		}
	}
	t.prev[character] = append(old[:0], now...)
}

// Forget reports the exits of a character that is gone (despawned) and
// forgets it; call it between Begin and the next Begin.
func (t *SensorTracker) Forget(character int) {
	if character < 0 || character >= len(t.prev) {
		return
	}
	t.Update(character, nil)
}

// trackerVersion starts a SensorTracker's state.
const trackerVersion = 1

// AppendState appends the tracker's state to dst and returns the extended
// slice; it allocates nothing when dst has room. The state is, for each
// character, the sensors it overlapped at its last Update (what the next
// Update compares with). Events are not state: they are the output of one
// tick, cleared by Begin.
func (t *SensorTracker) AppendState(dst []byte) []byte {
	b := binstate.Writer{Buf: dst}
	b.U8(trackerVersion)
	b.U32(uint32(len(t.prev)))
	for _, ids := range t.prev {
		b.U32(uint32(len(ids)))
		for _, id := range ids {
			b.U32(uint32(id))
		}
	}
	return b.Buf
}

// LoadState sets the tracker's state from bytes AppendState wrote. It
// returns an error, and changes nothing, for bytes that are not such a
// state (truncated or garbled, another version, a sensor list that is not
// of increasing IDs). It reuses the tracker's storage: it allocates
// nothing when the tracker has had as many characters and overlaps. Events
// are left as they are.
func (t *SensorTracker) LoadState(src []byte) error {
	for apply := range 2 {
		r := binstate.NewReader(src)
		if v := r.U8(); r.Err() == nil && v != trackerVersion {
			return fmt.Errorf("kcc: SensorTracker.LoadState: state version %d, want %d", v, trackerVersion)
		}
		n := r.Count("characters", 4, math.MaxInt32)
		if apply == 1 {
			t.prev = growLists(t.prev, n)
		}
		for i := 0; i < n && r.Err() == nil; i++ {
			k := r.Count("sensors", 4, math.MaxInt32)
			if apply == 1 {
				t.prev[i] = t.prev[i][:0]
			}
			last := int64(-1)
			for j := 0; j < k && r.Err() == nil; j++ {
				id := r.U32()
				if r.Err() == nil && (id > math.MaxInt32 || int64(id) <= last) {
					r.Fail("character %d: sensor %d after %d", i, id, last)
				}
				last = int64(id)
				if apply == 1 {
					t.prev[i] = append(t.prev[i], ColliderID(id))
				}
			}
		}
		r.End()
		if err := r.Err(); err != nil {
			return fmt.Errorf("kcc: SensorTracker.LoadState: %w", err)
		}
	}
	return nil
}

// growLists returns s with length n, keeping the lists beyond its length
// (their storage is reused).
func growLists(s [][]ColliderID, n int) [][]ColliderID {
	if n <= cap(s) {
		return s[:n]
	}
	return append(s[:cap(s)], make([][]ColliderID, n-cap(s))...)
}
