package systems

import (
	"fmt"
	"reflect"
	"slices"

	"github.com/seedgames/motorkit/components"
	"github.com/seedgames/motorkit/internal/binstate"
	"github.com/seedgames/motorkit/kcc"
	"github.com/yohamta/donburi"
)

// allocatorView reads donburi's entity ID allocator: the stack of freed
// entities (reused last freed first, one version up) and the next new ID.
// donburi keeps both unexported; they are read (never written) by
// reflection, once located. TestEntityAllocatorView checks the reading
// against what the donburi in go.mod does.
type allocatorView struct {
	located        bool
	ok             bool
	destroyed, nxt []int
}

func (a *allocatorView) locate(w donburi.World) {
	a.located = true
	v := reflect.ValueOf(w)
	if v.Kind() != reflect.Pointer || v.Elem().Kind() != reflect.Struct {
		return
	}
	t := v.Elem().Type()
	d, ok1 := t.FieldByName("destroyed")
	n, ok2 := t.FieldByName("nextEntityId")
	if !ok1 || !ok2 || d.Type.Kind() != reflect.Slice || d.Type.Elem().Kind() != reflect.Uint64 || n.Type.Kind() != reflect.Uint32 {
		return
	}
	a.destroyed, a.nxt, a.ok = d.Index, n.Index, true
}

// read appends the freed IDs (bottom of the stack first) to free and
// returns them with the next new ID.
func (a *allocatorView) read(w donburi.World, free []uint32) ([]uint32, uint32, error) {
	if !a.located {
		a.locate(w)
	}
	if !a.ok {
		return free, 0, fmt.Errorf("%w: cannot read this donburi's entity allocator", ErrState)
	}
	v := reflect.ValueOf(w).Elem()
	d := v.FieldByIndex(a.destroyed)
	for i := 0; i < d.Len(); i++ {
		free = append(free, uint32(donburi.Entity(d.Index(i).Uint()).Id()))
	}
	return free, uint32(v.FieldByIndex(a.nxt).Uint()), nil
}

// levelPartNames name the level's parts that hold state, in the order
// of levelParts and of a state's records.
var levelPartNames = [...]string{"collision world", "platforms", "sensors"}

// levelParts returns the level's parts that hold state, nil where the
// level has none.
func (p *Pipeline) levelParts() (world, movers, sensors StateCodec) {
	e, ok := p.levelEntry()
	if !ok {
		return nil, nil, nil
	}
	lv := components.Level.Get(e)
	if lv.World != nil {
		world = lv.World
	}
	if lv.Movers != nil {
		movers = lv.Movers
	}
	if lv.Sensors != nil {
		sensors = lv.Sensors
	}
	return world, movers, sensors
}

// SaveState appends the whole simulation state of the pipeline's world
// to dst (see the package's state overview in state.go and
// docs/netplay.md): take it between ticks. Into a dst with room it
// allocates nothing. It fails while structural changes queued with Defer
// wait for the next tick.
func (p *Pipeline) SaveState(dst []byte) ([]byte, error) {
	if n := len(p.deferred); n > 0 {
		return dst, fmt.Errorf("%w: %d structural changes wait for the next tick; step once and save again", ErrState, n)
	}
	st := &p.state
	start := len(dst)
	w := binstate.Writer{Buf: pipeStateFrame.Begin(dst)}
	w.U64(p.fingerprint())
	w.U64(p.tick)
	var next uint32
	var err error
	st.free, next, err = st.alloc.read(p.world, st.free[:0])
	if err != nil {
		return dst, err
	}
	st.free, next = canonicalFree(st.free, next)
	w.U32(next)
	w.U32(uint32(len(st.free)))
	for _, id := range st.free {
		w.U32(id)
	}
	p.stateEntities()
	w.U32(uint32(len(st.base)))
	for _, id := range st.base {
		w.U32(id)
	}
	w.U32(uint32(len(st.ents)))
	for _, ent := range st.ents {
		e := p.world.Entry(ent)
		id := uint32(ent.Id())
		w.U32(id)
		mask := p.maskOf(e)
		w.U64(mask)
		capsule := kcc.NoCollider
		if int(id) < len(p.charCol) {
			capsule = p.charCol[id]
		}
		w.U32(uint32(capsule))
		for b := range st.comps {
			if mask&(1<<b) == 0 {
				continue
			}
			// a record: its length, then the component's bytes
			at := len(w.Buf)
			w.U32(0)
			w.Buf = st.comps[b].append(e, w.Buf)
			putU32(w.Buf[at:], uint32(len(w.Buf)-at-4))
		}
	}
	world, movers, sensors := p.levelParts()
	for _, part := range [...]StateCodec{world, movers, sensors} {
		at := len(w.Buf)
		w.U32(0)
		if part != nil {
			w.Buf = part.AppendState(w.Buf)
		}
		putU32(w.Buf[at:], uint32(len(w.Buf)-at-4))
	}
	if err := pipeStateFrame.Seal(w.Buf[start:]); err != nil {
		return dst, fmt.Errorf("%w: %v", ErrState, err)
	}
	return w.Buf, nil
}

func putU32(b []byte, v uint32) {
	b[0], b[1], b[2], b[3] = byte(v), byte(v>>8), byte(v>>16), byte(v>>24)
}

// Checksum hashes the pipeline's state (the bytes SaveState writes, with
// FNV-1a, 64 bits): two pipelines with the same checksum hold the same
// state up to a hash collision. It allocates nothing in steady state. It
// returns 0 when the state cannot be saved (structural changes wait for
// the next tick).
func (p *Pipeline) Checksum() uint64 {
	var err error
	p.state.sum, err = p.SaveState(p.state.sum[:0])
	if err != nil {
		return 0
	}
	return StateChecksum(p.state.sum)
}

// StateChecksum is the checksum of a state SaveState wrote: what
// Checksum returns for the pipeline in that state. A rollback client
// compares the states it keeps with the authority's checksums without
// loading them.
func StateChecksum(state []byte) uint64 {
	// The frame's header holds the payload's CRC, so the header is hashed
	// too: every byte.
	h := uint64(14695981039346656037)
	for _, c := range state {
		h ^= uint64(c)
		h *= 1099511628211
	}
	return h
}

// statePlaceholder marks the entities LoadState creates only to hold an
// ID while it puts the world's IDs in the saved order; none is left once
// it returns.
var statePlaceholder = donburi.NewTag()

// loadScratch is what LoadState decodes before it changes anything.
type loadScratch struct {
	tick             uint64
	next             uint32
	free, base       []uint32
	ents             []loadedEntity
	records          [][]byte
	parts            [3][]byte
	seen             []uint8
	holders          []donburi.Entity // by ID: the placeholder holding it
	kept             []bool           // by index in ents: the world's entity is kept
	world            []donburi.Entity // the world's state entities, by index in ents once matched
	curFree, keptIDs []uint32
}

// LoadState restores a state written by SaveState, on this pipeline (a
// rewind) or on a pipeline built the same way on the same level (a client
// joining: its world may hold no characters yet). The state's length,
// checksum, format and fingerprint are checked before anything changes: a
// truncated, damaged, foreign or other pipeline's state is refused with an
// error saying which ("truncated", "checksum mismatch", "unsupported
// format version", "foreign data", "another pipeline"), wrapping ErrState.
//
// Entities are matched by ID. When the world's state entities and entity
// IDs are those saved (a rollback over ticks that spawned and removed
// nobody) only values are written, and nothing is allocated. Otherwise
// LoadState removes the state entities the state does not hold, creates
// those it holds and the world lacks (with the Spawner when they have an
// Origin), each at its saved ID, and leaves the free IDs in the saved
// reuse order. Functions queued with Defer are dropped: they belong to the
// abandoned future. Everything that can be checked is checked before the
// world changes; what cannot be (the Spawner failing on a saved recipe, a
// game's StateCodec refusing its bytes) returns its error with the world
// partly loaded: load a good state to recover.
func (p *Pipeline) LoadState(b []byte) error {
	payload, err := pipeStateFrame.Open(b)
	if err != nil {
		return fmt.Errorf("%w: %w", ErrState, err)
	}
	st := &p.state
	ls := &st.load
	if err := p.decodeState(payload, ls); err != nil {
		return fmt.Errorf("%w: %w", ErrState, err)
	}
	structural, err := p.matchEntities(ls)
	if err != nil {
		return fmt.Errorf("%w: %w", ErrState, err)
	}
	if structural {
		if err := p.rebuildEntities(ls); err != nil {
			return fmt.Errorf("%w: %w", ErrState, err)
		}
		if _, err := p.matchEntities(ls); err != nil {
			return fmt.Errorf("%w: after rebuilding the entities: %w", ErrState, err)
		}
	}
	for i := range ls.ents {
		le := &ls.ents[i]
		e := p.world.Entry(ls.world[i])
		r := le.rec
		for bit := range st.comps {
			if le.mask&(1<<bit) == 0 {
				continue
			}
			if err := st.comps[bit].load(e, ls.records[r]); err != nil {
				return fmt.Errorf("%w: entity %d: %s: %w", ErrState, le.id, st.comps[bit].name, err)
			}
			r++
		}
	}
	world, movers, sensors := p.levelParts()
	for i, part := range [...]StateCodec{world, movers, sensors} {
		name := levelPartNames[i]
		rec := ls.parts[i]
		if part == nil {
			if len(rec) != 0 {
				return fmt.Errorf("%w: the state has %s the level lacks", ErrState, name)
			}
			continue
		}
		if err := part.LoadState(rec); err != nil {
			return fmt.Errorf("%w: %s: %w", ErrState, name, err)
		}
	}
	p.tick = ls.tick
	p.deferred = p.deferred[:0]
	p.restoreCapsules(ls)
	return nil
}

// decodeState decodes and checks a state's payload into ls.
func (p *Pipeline) decodeState(payload []byte, ls *loadScratch) error {
	st := &p.state
	r := binstate.NewReader(payload)
	if fp := r.U64(); r.Err() == nil && fp != p.fingerprint() {
		return fmt.Errorf("saved by another pipeline (its level, tick rate, character collisions or state components differ)")
	}
	ls.tick = r.U64()
	ls.next = r.U32()
	if r.Err() == nil && (ls.next == 0 || ls.next > maxStateEntities) {
		r.Fail("next entity ID %d", ls.next)
	}
	ls.free = ls.free[:0]
	for n := r.Count("free entity IDs", 4, maxStateEntities); n > 0; n-- {
		ls.free = append(ls.free, r.U32())
	}
	ls.base = ls.base[:0]
	for n := r.Count("other entities", 4, maxStateEntities); n > 0; n-- {
		ls.base = append(ls.base, r.U32())
	}
	ls.ents, ls.records = ls.ents[:0], ls.records[:0]
	for n := r.Count("state entities", 16, maxStateEntities); n > 0 && r.Err() == nil; n-- {
		le := loadedEntity{id: r.U32(), mask: r.U64(), capsule: kcc.ColliderID(int32(r.U32())), rec: len(ls.records)}
		if r.Err() == nil && (le.mask == 0 || le.mask>>len(st.comps) != 0) {
			r.Fail("entity %d: state components %#x of %d", le.id, le.mask, len(st.comps))
		}
		for bit := range st.comps {
			if le.mask&(1<<bit) == 0 || r.Err() != nil {
				continue
			}
			rec := r.Bytes()
			if r.Err() != nil {
				break
			}
			if chk := st.comps[bit].check; chk != nil {
				if err := chk(rec); err != nil {
					r.Fail("entity %d: %s: %v", le.id, st.comps[bit].name, err)
				}
			}
			ls.records = append(ls.records, rec)
		}
		ls.ents = append(ls.ents, le)
	}
	for i := range ls.parts {
		ls.parts[i] = r.Bytes()
	}
	r.End()
	if err := r.Err(); err != nil {
		return err
	}
	// Every ID below next is exactly one of: an entity of the state,
	// another entity, a free ID.
	if n := len(ls.free) + len(ls.base) + len(ls.ents); n != int(ls.next)-1 {
		return fmt.Errorf("%d entity IDs below %d accounted for, want %d", n, ls.next, ls.next-1)
	}
	ls.seen = slices.Grow(ls.seen[:0], int(ls.next))[:ls.next]
	clear(ls.seen)
	mark := func(id uint32, what string) error {
		if id == 0 || id >= ls.next {
			return fmt.Errorf("%s ID %d outside [1, %d)", what, id, ls.next)
		}
		if ls.seen[id] != 0 {
			return fmt.Errorf("entity ID %d listed twice", id)
		}
		ls.seen[id] = 1
		return nil
	}
	for _, id := range ls.free {
		if err := mark(id, "free"); err != nil {
			return err
		}
	}
	for _, id := range ls.base {
		if err := mark(id, "other entity"); err != nil {
			return err
		}
	}
	for i := range ls.ents {
		if err := mark(ls.ents[i].id, "state entity"); err != nil {
			return err
		}
		if i > 0 && ls.ents[i].id <= ls.ents[i-1].id {
			return fmt.Errorf("state entities out of ID order at %d", ls.ents[i].id)
		}
	}
	return nil
}

// originBit is the bit of components.Origin in a state's masks.
const originBit = 7

// matchEntities matches the state's entities with the world's by ID
// (ls.world, ls.kept) and reports whether the world's entities differ
// from the state's: an entity to remove or create (or one of another
// origin or other state components), another free-ID order, other
// entities besides.
func (p *Pipeline) matchEntities(ls *loadScratch) (structural bool, err error) {
	st := &p.state
	p.stateEntities()
	var next uint32
	ls.curFree, next, err = st.alloc.read(p.world, ls.curFree[:0])
	if err != nil {
		return false, err
	}
	ls.curFree, next = canonicalFree(ls.curFree, next)
	structural = next != ls.next || !slices.Equal(ls.curFree, ls.free) || !slices.Equal(st.base, ls.base) ||
		len(st.ents) != len(ls.ents)
	ls.world = slices.Grow(ls.world[:0], len(ls.ents))[:len(ls.ents)]
	ls.kept = slices.Grow(ls.kept[:0], len(ls.ents))[:len(ls.ents)]
	j := 0
	for i := range ls.ents {
		le := &ls.ents[i]
		ls.world[i], ls.kept[i] = donburi.Null, false
		for j < len(st.ents) && uint32(st.ents[j].Id()) < le.id {
			j++
		}
		if j == len(st.ents) || uint32(st.ents[j].Id()) != le.id {
			structural = true
			continue
		}
		e := p.world.Entry(st.ents[j])
		if p.maskOf(e) != le.mask {
			structural = true
			continue
		}
		if le.mask&(1<<originBit) != 0 {
			rec := ls.records[le.rec+bitsBelow(le.mask, originBit)]
			if string(p.originBytes(components.Origin.Get(e))) != string(rec) {
				structural = true
				continue
			}
		}
		ls.world[i], ls.kept[i] = st.ents[j], true
	}
	return structural, nil
}

// bitsBelow counts the set bits of mask below bit.
func bitsBelow(mask uint64, bit int) int {
	n := 0
	for b := 0; b < bit; b++ {
		if mask&(1<<b) != 0 {
			n++
		}
	}
	return n
}

// canonicalFree drops from the bottom of the free stack the IDs that
// the allocator would mint next anyway (the bottom is next-1: after the
// rest of the stack it hands out next-1, then next...), so two worlds that
// will hand out the same IDs read the same.
func canonicalFree(free []uint32, next uint32) ([]uint32, uint32) {
	k := 0
	for k < len(free) && free[k] == next-1 {
		k++
		next--
	}
	if k > 0 {
		free = append(free[:0], free[k:]...)
	}
	return free, next
}

// rebuildEntities makes the world's entities those of the state: the
// state entities at their saved IDs, the free IDs in the saved reuse
// order. Only creates and removes are used: the world hands out the ID
// on top of its free stack, so an ID is reached by holding every other.
func (p *Pipeline) rebuildEntities(ls *loadScratch) (err error) {
	st := &p.state
	w := p.world
	defer func() {
		// A failure half-way (a spawner's error) must not leave
		// placeholders: they would count as the world's other entities and
		// refuse every later state.
		if err != nil {
			for id, h := range ls.holders {
				if h != donburi.Null {
					w.Remove(h)
					ls.holders[id] = donburi.Null
				}
			}
		}
	}()
	if !slices.Equal(st.base, ls.base) {
		return fmt.Errorf("the world's other entities (not characters, no state component) are %v, the state's %v", st.base, ls.base)
	}
	for i := range ls.ents {
		if !ls.kept[i] && ls.ents[i].mask&(1<<originBit) != 0 && st.spawner == nil {
			return fmt.Errorf("entity %d must be spawned again from its recipe: set Pipeline.SetSpawner (prefabs.Respawn)", ls.ents[i].id)
		}
	}
	// The world's state entities the state does not keep go.
	ls.keptIDs = ls.keptIDs[:0]
	for i := range ls.ents {
		if ls.kept[i] {
			ls.keptIDs = append(ls.keptIDs, uint32(ls.world[i].Id()))
		}
	}
	for _, ent := range st.ents {
		if _, keep := slices.BinarySearch(ls.keptIDs, uint32(ent.Id())); !keep {
			w.Remove(ent)
		}
	}
	// Hold every ID below max(next, saved next): empty the free stack,
	// then mint.
	ls.holders = ls.holders[:0]
	free, next, err := st.alloc.read(w, ls.curFree[:0])
	if err != nil {
		return err
	}
	top := max(next, ls.next)
	ls.holders = slices.Grow(ls.holders[:0], int(top))[:top]
	clear(ls.holders)
	for range free {
		e := w.Create(statePlaceholder)
		ls.holders[e.Id()] = e
	}
	for n := next; n < top; n++ {
		e := w.Create(statePlaceholder)
		if uint32(e.Id()) >= top {
			return fmt.Errorf("the world minted entity ID %d, expected below %d", e.Id(), top)
		}
		ls.holders[e.Id()] = e
	}
	// Each entity to create: free its ID, create it there.
	for i := range ls.ents {
		if ls.kept[i] {
			continue
		}
		le := &ls.ents[i]
		h := ls.holders[le.id]
		if h == donburi.Null {
			return fmt.Errorf("entity ID %d is held by an entity outside the state", le.id)
		}
		w.Remove(h)
		ls.holders[le.id] = donburi.Null
		ent, err := p.createSaved(ls, le)
		if err != nil {
			return fmt.Errorf("entity %d: %w", le.id, err)
		}
		if uint32(ent.Id()) != le.id {
			return fmt.Errorf("entity %d came back as ID %d", le.id, ent.Id())
		}
		if m := p.maskOf(w.Entry(ent)); m != le.mask {
			return fmt.Errorf("entity %d was spawned with state components %#x, saved with %#x", le.id, m, le.mask)
		}
	}
	// Free the rest in the saved order: the IDs the saved world would
	// have minted, at the bottom (the last to be reused, in ascending
	// order), then the saved free stack.
	release := func(id uint32) error {
		h := ls.holders[id]
		if h == donburi.Null {
			return fmt.Errorf("free entity ID %d is alive", id)
		}
		w.Remove(h)
		ls.holders[id] = donburi.Null
		return nil
	}
	for id := top - 1; id >= ls.next; id-- {
		if err := release(id); err != nil {
			return err
		}
	}
	for _, id := range ls.free {
		if err := release(id); err != nil {
			return err
		}
	}
	for id, h := range ls.holders {
		if h != donburi.Null {
			return fmt.Errorf("entity ID %d left held", id)
		}
	}
	return nil
}

// createSaved creates a state entity the world lacks: by the Spawner from
// its Origin, or with its state components alone.
func (p *Pipeline) createSaved(ls *loadScratch, le *loadedEntity) (donburi.Entity, error) {
	st := &p.state
	if le.mask&(1<<originBit) != 0 {
		o, err := readOrigin(ls.records[le.rec+bitsBelow(le.mask, originBit)])
		if err != nil {
			return donburi.Null, err
		}
		return st.spawner(p.world, o)
	}
	var types []donburi.IComponentType
	for bit, sc := range st.comps {
		if le.mask&(1<<bit) != 0 {
			types = append(types, sc.ctype)
		}
	}
	return p.world.Create(types...), nil
}

// restoreCapsules gives the characters their saved capsule colliders
// (character collisions).
func (p *Pipeline) restoreCapsules(ls *loadScratch) {
	for i := range p.charCol {
		p.charCol[i] = kcc.NoCollider
	}
	clear(p.colChar)
	for i := range ls.ents {
		le := &ls.ents[i]
		if le.capsule == kcc.NoCollider || !p.charCollide {
			continue
		}
		p.bindCapsule(int(le.id), le.capsule)
		p.charSeen[le.id] = p.tick
	}
}

// StateDiff names the first difference between two states of this
// pipeline (SaveState's bytes), for a desync report: "tick", "entity
// IDs", "entity 7: Body", "collision world"... It returns "" when they
// are the same, and says so when one cannot be read.
func (p *Pipeline) StateDiff(a, b []byte) string {
	if string(a) == string(b) {
		return ""
	}
	var la, lb loadScratch
	for i, s := range [...]struct {
		b  []byte
		ls *loadScratch
	}{{a, &la}, {b, &lb}} {
		payload, err := pipeStateFrame.Open(s.b)
		if err == nil {
			err = p.decodeState(payload, s.ls)
		}
		if err != nil {
			return fmt.Sprintf("state %d cannot be read: %v", i+1, err)
		}
	}
	switch {
	case la.tick != lb.tick:
		return fmt.Sprintf("tick (%d, %d)", la.tick, lb.tick)
	case la.next != lb.next || !slices.Equal(la.free, lb.free) || !slices.Equal(la.base, lb.base) || len(la.ents) != len(lb.ents):
		return fmt.Sprintf("entity IDs (%d and %d state entities)", len(la.ents), len(lb.ents))
	}
	for i := range la.ents {
		ea, eb := &la.ents[i], &lb.ents[i]
		switch {
		case ea.id != eb.id:
			return fmt.Sprintf("entity IDs (%d, %d)", ea.id, eb.id)
		case ea.mask != eb.mask:
			return fmt.Sprintf("entity %d: its state components (%#x, %#x)", ea.id, ea.mask, eb.mask)
		case ea.capsule != eb.capsule:
			return fmt.Sprintf("entity %d: its capsule collider (%d, %d)", ea.id, ea.capsule, eb.capsule)
		}
		r := 0
		for bit, sc := range p.state.comps {
			if ea.mask&(1<<bit) == 0 {
				continue
			}
			if string(la.records[ea.rec+r]) != string(lb.records[eb.rec+r]) {
				return fmt.Sprintf("entity %d: %s", ea.id, sc.name)
			}
			r++
		}
	}
	for i, name := range levelPartNames {
		if string(la.parts[i]) != string(lb.parts[i]) {
			return name
		}
	}
	return "the frame"
}

// Character returns the character (an entity with a Body and a KCC) of
// entity ID id, the way to find a character again after LoadState, which
// keeps entity IDs but may give a re-created entity another version.
func (p *Pipeline) Character(id uint32) (*donburi.Entry, bool) {
	p.refreshCharacters()
	i, ok := slices.BinarySearchFunc(p.chars, id, func(c character, id uint32) int {
		return int(c.e.Entity().Id()) - int(id)
	})
	if !ok {
		return nil, false
	}
	return p.chars[i].e, true
}
