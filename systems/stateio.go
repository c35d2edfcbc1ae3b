package systems

import (
	"fmt"
	"math/bits"
	"slices"

	"github.com/seedgames/motorkit/components"
	"github.com/seedgames/motorkit/internal/binstate"
	"github.com/seedgames/motorkit/kcc"
	"github.com/yohamta/donburi"
)

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
// docs/netplay.md): take it between ticks. It numbers the world's new
// state entities first (components.StableID). Into a dst with room it
// allocates nothing. It fails while structural changes queued with Defer
// wait for the next tick.
func (p *Pipeline) SaveState(dst []byte) ([]byte, error) {
	if n := len(p.deferred); n > 0 {
		return dst, fmt.Errorf("%w: %d structural changes wait for the next tick; step once and save again", ErrState, n)
	}
	if err := p.stateEntities(); err != nil {
		return dst, err
	}
	st := &p.state
	start := len(dst)
	w := binstate.Writer{Buf: pipeStateEnvelope.Begin(dst)}
	w.U64(p.fingerprint())
	w.U64(p.tick)
	w.U32(uint32(p.ids.next))
	w.U32(uint32(len(st.ents)))
	for _, se := range st.ents {
		e := p.world.Entry(se.ent)
		w.U32(uint32(se.id))
		mask := se.mask
		w.U64(mask)
		w.U32(uint32(p.capsuleOf(se.id)))
		for b := range st.comps {
			if mask&(1<<b) == 0 {
				continue
			}
			// a record: its length, then the component's bytes
			at := w.BeginRecord()
			w.Buf = st.comps[b].append(e, w.Buf)
			w.EndRecord(at)
		}
	}
	world, movers, sensors := p.levelParts()
	for _, part := range [...]StateCodec{world, movers, sensors} {
		at := w.BeginRecord()
		if part != nil {
			w.Buf = part.AppendState(w.Buf)
		}
		w.EndRecord(at)
	}
	if err := pipeStateEnvelope.Seal(w.Buf[start:]); err != nil {
		return dst, fmt.Errorf("%w: %v", ErrState, err)
	}
	return w.Buf, nil
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
	// The envelope's header holds the payload's CRC, so the header is
	// hashed too: every byte.
	h := uint64(14695981039346656037)
	for _, c := range state {
		h ^= uint64(c)
		h *= 1099511628211
	}
	return h
}

// loadScratch is what LoadState decodes before it changes anything.
type loadScratch struct {
	tick    uint64
	next    components.StableID
	ents    []loadedEntity
	records [][]byte
	parts   [3][]byte
	world   []donburi.Entity // by index in ents: the world's entity, once matched
	kept    []bool           // by index in ents: the world's entity is kept
}

// LoadState restores a state written by SaveState, on this pipeline (a
// rewind) or on a pipeline built the same way on the same level (a client
// joining: its world may hold no characters yet, and any entities of its
// own). The state's length, checksum, format and fingerprint are checked
// before anything changes: a truncated, damaged, foreign or other
// pipeline's state is refused with an error saying which ("truncated",
// "checksum mismatch", "unsupported format version", "foreign data",
// "another pipeline"), wrapping ErrState.
//
// Entities are matched by stable ID (components.StableID). When the
// world's state entities are those saved (a rollback over ticks that
// spawned and removed nobody) only values are written, and nothing is
// allocated. Otherwise LoadState removes the state entities the state does
// not hold and makes those it holds and the world lacks (with the Spawner
// when they have an Origin), each with its saved stable ID. An entity with
// no state component (a camera, a UI root) is never touched. Functions
// queued with Defer are dropped: they belong to the abandoned future.
// Everything that can be checked is checked before the world changes; what
// cannot be (the Spawner failing on a saved recipe, a game's StateCodec
// refusing its bytes) returns its error with the world partly loaded: load
// a good state to recover.
func (p *Pipeline) LoadState(b []byte) error {
	payload, err := pipeStateEnvelope.Open(b)
	if err != nil {
		return fmt.Errorf("%w: %w", ErrState, err)
	}
	ls := &p.state.load
	if err := p.decodeState(payload, ls); err != nil {
		return fmt.Errorf("%w: %w", ErrState, err)
	}
	structural, err := p.matchEntities(ls)
	if err != nil {
		return err
	}
	if structural {
		if err := p.rebuildEntities(ls); err != nil {
			return fmt.Errorf("%w: %w", ErrState, err)
		}
	}
	if err := p.loadValues(ls); err != nil {
		return err
	}
	p.tick = ls.tick
	p.ids.next = ls.next
	p.deferred = p.deferred[:0]
	p.restoreCapsules(ls)
	return nil
}

// loadValues writes the state's component values and level parts.
func (p *Pipeline) loadValues(ls *loadScratch) error {
	st := &p.state
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
	ls.next = components.StableID(r.U32())
	if r.Err() == nil && ls.next == 0 {
		r.Fail("next stable ID 0")
	}
	ls.ents, ls.records = ls.ents[:0], ls.records[:0]
	for n := r.Count("state entities", 16, maxStateEntities); n > 0 && r.Err() == nil; n-- {
		le := loadedEntity{id: components.StableID(r.U32()), mask: r.U64(), capsule: kcc.ColliderID(int32(r.U32())), rec: len(ls.records)}
		switch {
		case r.Err() != nil:
		case le.mask == 0 || le.mask>>len(st.comps) != 0:
			r.Fail("entity %d: state components %#x of %d", le.id, le.mask, len(st.comps))
		case le.id == 0 || le.id >= ls.next:
			r.Fail("stable ID %d outside [1, %d)", le.id, ls.next)
		case len(ls.ents) > 0 && le.id <= ls.ents[len(ls.ents)-1].id:
			r.Fail("state entities out of stable ID order at %d", le.id)
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
	return r.Err()
}

// originBit is the bit of components.Origin in a state's masks.
const originBit = 7

// matchEntities matches the state's entities with the world's state
// entities by stable ID (ls.world, ls.kept) and reports whether the world
// must change: an entity to remove or make (or one of another origin or
// other state components).
func (p *Pipeline) matchEntities(ls *loadScratch) (structural bool, err error) {
	if err := p.stateEntities(); err != nil {
		return false, err
	}
	st := &p.state
	structural = len(st.ents) != len(ls.ents)
	ls.world = slices.Grow(ls.world[:0], len(ls.ents))[:len(ls.ents)]
	ls.kept = slices.Grow(ls.kept[:0], len(ls.ents))[:len(ls.ents)]
	j := 0
	for i := range ls.ents {
		le := &ls.ents[i]
		ls.world[i], ls.kept[i] = donburi.Null, false
		for j < len(st.ents) && st.ents[j].id < le.id {
			j++
		}
		if j == len(st.ents) || st.ents[j].id != le.id {
			structural = true
			continue
		}
		e := p.world.Entry(st.ents[j].ent)
		if st.ents[j].mask != le.mask {
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
		ls.world[i], ls.kept[i] = st.ents[j].ent, true
	}
	return structural, nil
}

// bitsBelow counts the set bits of mask below bit.
func bitsBelow(mask uint64, bit int) int { return bits.OnesCount64(mask & (1<<bit - 1)) }

// rebuildEntities makes the world's state entities those of the state:
// the world's state entities the state does not keep are removed, the
// ones it lacks made (by the Spawner from their Origin, or with their
// saved state components), in stable ID order, each given its saved ID.
func (p *Pipeline) rebuildEntities(ls *loadScratch) error {
	st := &p.state
	for i := range ls.ents {
		if !ls.kept[i] && ls.ents[i].mask&(1<<originBit) != 0 && st.spawner == nil {
			return fmt.Errorf("entity %d must be spawned again from its recipe: set Pipeline.SetSpawner (prefabs.Respawn)", ls.ents[i].id)
		}
	}
	k := 0
	for _, se := range st.ents {
		for k < len(ls.ents) && ls.ents[k].id < se.id {
			k++
		}
		if k == len(ls.ents) || ls.ents[k].id != se.id || !ls.kept[k] {
			p.world.Remove(se.ent)
		}
	}
	for i := range ls.ents {
		if ls.kept[i] {
			continue
		}
		le := &ls.ents[i]
		ent, err := p.createSaved(ls, le)
		if err != nil {
			return fmt.Errorf("entity %d: %w", le.id, err)
		}
		e := p.world.Entry(ent)
		if m := p.maskOf(e); m != le.mask {
			return fmt.Errorf("entity %d was spawned with state components %#x, saved with %#x", le.id, m, le.mask)
		}
		if !e.HasComponent(components.ID) {
			e.AddComponent(components.ID)
		}
		*components.ID.Get(e) = le.id
		ls.world[i] = ent
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
	types := []donburi.IComponentType{components.ID}
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
	if !p.charCollide {
		return
	}
	p.crowd.capsules = p.crowd.capsules[:0]
	for i := range ls.ents {
		if le := &ls.ents[i]; le.capsule != kcc.NoCollider {
			p.crowd.capsules = append(p.crowd.capsules, charCapsule{id: le.id, col: le.capsule})
		}
	}
	p.linkCapsules()
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
		payload, err := pipeStateEnvelope.Open(s.b)
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
	case la.next != lb.next || len(la.ents) != len(lb.ents):
		return fmt.Sprintf("stable IDs (%d and %d state entities, next IDs %d and %d)", len(la.ents), len(lb.ents), la.next, lb.next)
	}
	for i := range la.ents {
		ea, eb := &la.ents[i], &lb.ents[i]
		switch {
		case ea.id != eb.id:
			return fmt.Sprintf("stable IDs (%d, %d)", ea.id, eb.id)
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
	return "the envelope"
}
