package systems

import (
	"cmp"
	"errors"
	"fmt"
	"hash/fnv"
	"reflect"
	"slices"
	"unsafe"

	"github.com/seedgames/motorkit/abilities"
	"github.com/seedgames/motorkit/components"
	"github.com/seedgames/motorkit/internal/binstate"
	"github.com/seedgames/motorkit/kcc"
	"github.com/seedgames/motorkit/motors"
	"github.com/yohamta/donburi"
)

// A pipeline state (SaveState) is everything that decides the world's
// future ticks:
//
//   - the tick counter and the next stable ID (components.StableID);
//   - every state entity: an entity with at least one state component
//     (every character: Body, KCC, Command, View, Intent, JumpBuffer, the
//     Motor's own state, its Origin, its Abilities; and the components a
//     game registered with RegisterState), by stable ID, with the value of
//     each of its state components;
//   - the level: the kcc world's colliders that move (platforms, doors,
//     the characters' capsules: poses, velocities, sensors), the doors'
//     openness, which characters are in which sensors, and each
//     character's capsule collider.
//
// Caches are not saved: the characters' contact caches, the level's
// hierarchies and the crowd's grid are rebuilt. Configuration is not
// saved: a character's motor configuration and controller come from the
// recipe it was spawned from (its Origin), so a state is loaded into a
// pipeline built the same way (same level, rate, options and registered
// components: a fingerprint of those is checked).
//
// Nothing of donburi's own is saved: not its entity IDs, versions or
// storage order. LoadState matches entities by stable ID, so a world may
// hold any other entities of the game's (a camera, a UI root): an entity
// without a state component is never touched. An entity LoadState has to
// make again (removed since the save, or never made in this world) is a
// new donburi entity with its saved stable ID; keep stable IDs, not
// donburi.Entity values, where a game needs to find a character again
// (Pipeline.Character).

// pipeStateEnvelope is the envelope of a pipeline state: magic "MKPIPEST",
// format version 2 (version 1, of v0.2, keyed entities by donburi's IDs).
var pipeStateEnvelope = binstate.Envelope{Magic: "MKPIPEST", Version: 2}

// ErrState is wrapped by every error of SaveState, LoadState and
// RegisterState.
var ErrState = errors.New("systems: pipeline state")

// maxStateEntities bounds the entities of a loaded state, so a damaged
// count cannot make LoadState create without bound.
const maxStateEntities = 1 << 17

// stateComp is a component type that is part of the state.
type stateComp struct {
	name  string
	ctype donburi.IComponentType
	// append appends e's value; check reports why src is not a record of
	// it (nil when it is not checkable before loading); load writes src
	// into e's value.
	append func(e *donburi.Entry, dst []byte) []byte
	check  func(src []byte) error
	load   func(e *donburi.Entry, src []byte) error
}

// stateTable is the pipeline's registry of state components and the
// scratch of SaveState, LoadState and Checksum.
type stateTable struct {
	comps []stateComp
	// archMask caches, per archetype index, which state components its
	// layout has (bit i: comps[i]).
	archMask []uint64
	spawner  Spawner
	// fp is the fingerprint of fpComps components on level fpLevel.
	fp      uint64
	fpComps int
	fpLevel string
	fpKnown bool
	// scratch
	ents      []idEntity
	originBuf []byte
	sum       []byte
	load      loadScratch
}

// idEntity is a state entity of the world, its stable ID and its state
// components (the mask of its archetype).
type idEntity struct {
	id   components.StableID
	ent  donburi.Entity
	mask uint64
}

// loadedEntity is one entity of a state being loaded.
type loadedEntity struct {
	id      components.StableID
	mask    uint64
	capsule kcc.ColliderID
	rec     int // index of its first record in loadScratch.records
}

// Spawner creates an entity spawned from origin (a recipe and its
// overrides) in w, when LoadState must create a character the world does
// not hold: prefabs.Library.Respawn is one. It must create exactly one
// entity; LoadState then overwrites its state components with the saved
// values.
type Spawner func(w donburi.World, origin components.OriginData) (donburi.Entity, error)

// SetSpawner sets the function LoadState calls to create an entity that
// has an Origin (a character spawned from a recipe) when the world does
// not hold it: a fresh pipeline joining a game, or a rewind past the
// character's removal. Without one, such a LoadState fails. An entity
// without an Origin is created with its saved state components alone.
func (p *Pipeline) SetSpawner(s Spawner) { p.state.spawner = s }

// RegisterState makes component c part of the pipeline's state: SaveState
// saves its value on every entity that has it, LoadState restores it and
// Checksum hashes it. A plain-data type (numbers, bools, and arrays and
// structs of them) is stored field by field; any other type must
// implement StateCodec on its pointer. Register a component once, on
// every pipeline that exchanges states, in the same order, before the
// first SaveState. At most 64 state components (8 are built in).
func RegisterState[T any](p *Pipeline, c *donburi.ComponentType[T]) error {
	t := reflect.TypeFor[T]()
	if p.isStateComp(c) {
		return fmt.Errorf("%w: component %s is registered already", ErrState, c.Name())
	}
	if len(p.state.comps) >= 64 {
		return fmt.Errorf("%w: more than 64 state components", ErrState)
	}
	if _, ok := any((*T)(nil)).(StateCodec); ok {
		p.addStateComp(stateComp{name: c.Name(), ctype: c,
			append: func(e *donburi.Entry, dst []byte) []byte { return any(c.Get(e)).(StateCodec).AppendState(dst) },
			load:   func(e *donburi.Entry, src []byte) error { return any(c.Get(e)).(StateCodec).LoadState(src) },
		})
		return nil
	}
	pc, err := plainCodecOf(t)
	if err != nil {
		return fmt.Errorf("%w: component %s: %v", ErrState, c.Name(), err)
	}
	p.addStateComp(plainStateComp(c, pc))
	return nil
}

// plainStateComp is the state of a plain-data component type.
func plainStateComp[T any](c *donburi.ComponentType[T], pc *plainCodec) stateComp {
	return stateComp{name: c.Name(), ctype: c,
		append: func(e *donburi.Entry, dst []byte) []byte { return pc.append(dst, unsafe.Pointer(c.Get(e))) },
		check:  pc.check,
		load: func(e *donburi.Entry, src []byte) error {
			pc.load(src, unsafe.Pointer(c.Get(e)))
			return nil
		},
	}
}

func (p *Pipeline) addStateComp(sc stateComp) {
	p.state.comps = append(p.state.comps, sc)
	p.state.archMask = p.state.archMask[:0] // recomputed with the new bit
}

// mustPlain registers a built-in plain-data component.
func mustPlain[T any](p *Pipeline, c *donburi.ComponentType[T], skip ...reflect.Type) {
	pc, err := plainCodecOf(reflect.TypeFor[T](), skip...)
	if err != nil {
		panic(err) // the built-in components are plain data
	}
	p.addStateComp(plainStateComp(c, pc))
}

// registerBuiltinState registers the characters' components, in a fixed
// order (their bits in a state).
func (p *Pipeline) registerBuiltinState() {
	mustPlain(p, components.Body)
	// The controller is configuration (the recipe's): not state.
	mustPlain(p, components.KCC, reflect.TypeFor[*kcc.Controller]())
	mustPlain(p, components.Command)
	mustPlain(p, components.View)
	mustPlain(p, components.Intent)
	mustPlain(p, components.JumpBuffer)
	p.addStateComp(stateComp{name: "Motor", ctype: components.Motor, append: appendMotorState, load: loadMotorState})
	p.addStateComp(stateComp{name: "Origin", ctype: components.Origin, append: appendOrigin, check: checkOrigin, load: p.loadOrigin})
	p.addStateComp(abilitiesState())
}

// abilitiesState is the Abilities component's state: the built-in
// abilities' State field by field (their Config is the recipe's: not
// state) and, when the character has abilities of the game's own, the
// count of those that implement StateCodec and each one's bytes.
func abilitiesState() stateComp {
	pc, err := plainCodecOf(reflect.TypeFor[abilities.Set](), reflect.TypeFor[*abilities.Config]())
	if err != nil {
		panic(err) // the built-in state is plain data
	}
	return stateComp{name: "Abilities", ctype: components.Abilities,
		append: func(e *donburi.Entry, dst []byte) []byte {
			ab := components.Abilities.Get(e)
			dst = pc.append(dst, unsafe.Pointer(&ab.Set))
			if len(ab.Own) == 0 {
				return dst
			}
			w := binstate.Writer{Buf: dst}
			w.U32(uint32(countCodecs(ab.Own)))
			for _, a := range ab.Own {
				if sc, ok := a.(StateCodec); ok {
					at := w.BeginRecord()
					w.Buf = sc.AppendState(w.Buf)
					w.EndRecord(at)
				}
			}
			return w.Buf
		},
		check: func(src []byte) error {
			if len(src) < pc.size {
				return fmt.Errorf("%d bytes, want at least %d", len(src), pc.size)
			}
			return pc.check(src[:pc.size])
		},
		load: func(e *donburi.Entry, src []byte) error {
			ab := components.Abilities.Get(e)
			pc.load(src[:pc.size], unsafe.Pointer(&ab.Set))
			rest := src[pc.size:]
			if len(ab.Own) == 0 {
				if len(rest) != 0 {
					return fmt.Errorf("%d bytes of the game's abilities saved, the character has none", len(rest))
				}
				return nil
			}
			r := binstate.NewReader(rest)
			if n := r.Count("abilities", 4, 1<<10); r.Err() == nil && n != countCodecs(ab.Own) {
				return fmt.Errorf("%d of the game's abilities saved, the character has %d with a state", n, countCodecs(ab.Own))
			}
			for _, a := range ab.Own {
				if sc, ok := a.(StateCodec); ok {
					b := r.Bytes()
					if r.Err() != nil {
						break
					}
					if err := sc.LoadState(b); err != nil {
						return err
					}
				}
			}
			r.End()
			return r.Err()
		},
	}
}

// countCodecs counts the abilities that implement StateCodec.
func countCodecs(own []abilities.Ability) int {
	n := 0
	for _, a := range own {
		if _, ok := a.(StateCodec); ok {
			n++
		}
	}
	return n
}

// appendMotorState appends the motor's kind and, for a motors.Stateful
// motor, its state.
func appendMotorState(e *donburi.Entry, dst []byte) []byte {
	m := components.Motor.Get(e).Motor
	w := binstate.Writer{Buf: dst}
	if m == nil {
		w.String("")
		return w.Buf
	}
	w.String(m.Kind())
	if s, ok := m.(motors.Stateful); ok {
		return s.AppendState(w.Buf)
	}
	return w.Buf
}

func loadMotorState(e *donburi.Entry, src []byte) error {
	m := components.Motor.Get(e).Motor
	r := binstate.NewReader(src)
	kind := r.Bytes()
	if r.Err() != nil {
		return r.Err()
	}
	rest := src[4+len(kind):]
	if m == nil {
		if len(kind) != 0 || len(rest) != 0 {
			return fmt.Errorf("a %q motor was saved, the entity has none", kind)
		}
		return nil
	}
	if string(kind) != m.Kind() {
		return fmt.Errorf("a %q motor was saved, the entity has a %q one", kind, m.Kind())
	}
	if s, ok := m.(motors.Stateful); ok {
		return s.LoadState(rest)
	}
	if len(rest) != 0 {
		return fmt.Errorf("%d bytes of state saved for a %q motor that keeps none", len(rest), kind)
	}
	return nil
}

func appendOrigin(e *donburi.Entry, dst []byte) []byte {
	return appendOriginRecord(dst, components.Origin.Get(e))
}

// appendOriginRecord appends o's record: the recipe, the count of
// overrides and each override.
func appendOriginRecord(dst []byte, o *components.OriginData) []byte {
	w := binstate.Writer{Buf: dst}
	w.String(o.Recipe)
	w.U32(uint32(len(o.Overrides)))
	for _, s := range o.Overrides {
		w.String(s)
	}
	return w.Buf
}

// readOrigin decodes an Origin record.
func readOrigin(src []byte) (components.OriginData, error) {
	r := binstate.NewReader(src)
	var o components.OriginData
	o.Recipe = r.String()
	n := r.Count("overrides", 4, 1<<10)
	for i := 0; i < n; i++ {
		o.Overrides = append(o.Overrides, r.String())
	}
	r.End()
	return o, r.Err()
}

// checkOrigin checks an Origin record's layout without decoding its
// strings.
func checkOrigin(src []byte) error {
	r := binstate.NewReader(src)
	r.Bytes()
	for n := r.Count("overrides", 4, 1<<10); n > 0; n-- {
		r.Bytes()
	}
	r.End()
	return r.Err()
}

func (p *Pipeline) loadOrigin(e *donburi.Entry, src []byte) error {
	o := components.Origin.Get(e)
	// The same origin (the usual case) is left as it is: no allocation.
	if string(p.originBytes(o)) == string(src) {
		return nil
	}
	v, err := readOrigin(src)
	if err != nil {
		return err
	}
	*o = v
	return nil
}

// originBytes is an Origin's record, in the pipeline's scratch.
func (p *Pipeline) originBytes(o *components.OriginData) []byte {
	p.state.originBuf = appendOriginRecord(p.state.originBuf[:0], o)
	return p.state.originBuf
}

// maskOf returns which state components e's archetype has.
func (p *Pipeline) maskOf(e *donburi.Entry) uint64 { return p.layoutMask(e.Archetype().Layout()) }

// layoutMask returns which state components an archetype's layout has
// (bit i: comps[i]).
func (p *Pipeline) layoutMask(lay interface {
	HasComponent(donburi.IComponentType) bool
}) uint64 {
	var m uint64
	for b, sc := range p.state.comps {
		if lay.HasComponent(sc.ctype) {
			m |= 1 << b
		}
	}
	return m
}

// archMasks returns the state components of every archetype, by index,
// computing those of archetypes new since the last call.
func (p *Pipeline) archMasks() []uint64 {
	st := &p.state
	archs := p.world.Archetypes()
	for len(st.archMask) < len(archs) {
		st.archMask = append(st.archMask, p.layoutMask(archs[len(st.archMask)].Layout()))
	}
	return st.archMask
}

// stateEntities lists the world's state entities in stable ID order into
// st.ents, numbering new ones first (assignIDs). Two with one ID (a game
// that copied the ID component) are an error.
func (p *Pipeline) stateEntities() error {
	p.assignIDs()
	st := &p.state
	st.ents = st.ents[:0]
	masks := p.archMasks()
	for i, a := range p.world.Archetypes() {
		if masks[i] == 0 {
			continue
		}
		for _, ent := range a.Entities() {
			id := *components.ID.Get(p.world.Entry(ent))
			st.ents = append(st.ents, idEntity{id: id, ent: ent, mask: masks[i]})
		}
	}
	slices.SortFunc(st.ents, func(a, b idEntity) int { return cmp.Compare(a.id, b.id) })
	for i := 1; i < len(st.ents); i++ {
		if st.ents[i].id == st.ents[i-1].id {
			return fmt.Errorf("%w: two entities have stable ID %d (the ID component is the pipeline's to write)", ErrState, st.ents[i].id)
		}
	}
	return nil
}

// fingerprint identifies the pipelines a state can be loaded into: the
// rate, the character collisions, the level's name and the state
// components' names in order.
func (p *Pipeline) fingerprint() uint64 {
	st := &p.state
	level := ""
	if e, ok := p.levelEntry(); ok {
		level = components.Level.Get(e).Name
	}
	if st.fpComps == len(st.comps) && st.fpLevel == level && st.fpKnown {
		return st.fp
	}
	h := fnv.New64a()
	var b [8]byte
	put := func(s string) {
		h.Write([]byte(s))
		h.Write(b[:1])
	}
	put(fmt.Sprint(p.rate, p.charCollide))
	put(level)
	for _, sc := range st.comps {
		if sc.ctype == components.Abilities {
			// Added in v0.2 with no bit of a state without abilities
			// changed: states of pipelines before it load, and their
			// checksums stay.
			continue
		}
		put(sc.name)
	}
	st.fp, st.fpComps, st.fpLevel, st.fpKnown = h.Sum64(), len(st.comps), level, true
	return st.fp
}

// UnsavedComponents names the component types that state entities carry
// and that are not part of the state (neither built in nor registered with
// RegisterState), sorted: a game's component on a character that SaveState
// leaves out (a kill counter, a cooldown), so a rollback or a load resets
// nothing of it and a SyncTest cannot see it change. A component that is
// configuration, or a cache rebuilt each tick, belongs here; anything else
// is a RegisterState call missing. Entities with no state component (a
// camera, a UI root) are not saved at all and not listed.
func (p *Pipeline) UnsavedComponents() []string {
	masks := p.archMasks()
	seen := map[string]bool{}
	for i, a := range p.world.Archetypes() {
		if masks[i] == 0 || len(a.Entities()) == 0 {
			continue
		}
		for _, ct := range a.Layout().Components() {
			if ct.Id() == components.ID.Id() || p.isStateComp(ct) {
				continue
			}
			seen[ct.Name()] = true
		}
	}
	out := make([]string, 0, len(seen))
	for name := range seen {
		out = append(out, name)
	}
	slices.Sort(out)
	return out
}

// isStateComp reports whether ct is one of the state components.
func (p *Pipeline) isStateComp(ct donburi.IComponentType) bool {
	for _, sc := range p.state.comps {
		if sc.ctype.Id() == ct.Id() {
			return true
		}
	}
	return false
}
