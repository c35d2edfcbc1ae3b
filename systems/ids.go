package systems

import (
	"cmp"
	"slices"

	"github.com/seedgames/motorkit/components"
	"github.com/yohamta/donburi"
)

// Stable IDs (components.StableID). The pipeline numbers each state entity
// (one with a state component: every character, and the entities with a
// component a game registered with RegisterState) the first time it sees
// it: before each tick, and in SaveState, LoadState, Character and IDOf.
// The numbers go in the order the entities were created (a callback the
// pipeline puts on the world, donburi's World.OnCreate), so two peers that
// ran the same game number the same entities alike whatever other entities
// each made; entities made before the pipeline, or given their first state
// component after the tick they were made in, follow in donburi entity ID
// order. The next number is part of the state.

// maxCreatedKept bounds the entities remembered between two numberings: a
// world whose pipeline stopped ticking must not grow the list for ever.
// Past it, the entities left are numbered in entity ID order.
const maxCreatedKept = 1 << 16

// idTable is the pipeline's numbering of its state entities.
type idTable struct {
	next    components.StableID // the next number; 0 until the first numbering
	created []donburi.Entity    // made since the last numbering, in order
	over    bool                // created overflowed: scan every archetype
	scan    []donburi.Entity    // scratch of the scan
}

// watchCreations remembers the entities created in w, in order, for the
// next numbering.
func (p *Pipeline) watchCreations() {
	p.ids.over = true // entities made before the pipeline are numbered by a scan
	p.world.OnCreate(func(_ donburi.World, e donburi.Entity) {
		t := &p.ids
		if len(t.created) >= maxCreatedKept {
			t.over = true
			return
		}
		t.created = append(t.created, e)
	})
}

// assignIDs numbers the state entities that have no number yet: those
// created since the last numbering, in creation order, then any other
// (made before the pipeline, or a state component added later), in entity
// ID order. It is a structural change of the world (the ID component is
// added where it is missing): call it between systems, never inside a
// query's iteration.
func (p *Pipeline) assignIDs() {
	t := &p.ids
	if t.next == 0 {
		t.next = 1
	}
	for _, ent := range t.created {
		if p.world.Valid(ent) {
			p.numberEntity(p.world.Entry(ent))
		}
	}
	t.created = t.created[:0]
	masks := p.archMasks()
	for i, a := range p.world.Archetypes() {
		if masks[i] == 0 || len(a.Entities()) == 0 {
			continue
		}
		if t.over || !a.Layout().HasComponent(components.ID) {
			t.scan = append(t.scan, a.Entities()...)
		}
	}
	t.over = false
	if len(t.scan) == 0 {
		return
	}
	slices.SortFunc(t.scan, func(a, b donburi.Entity) int { return cmp.Compare(a.Id(), b.Id()) })
	for _, ent := range t.scan {
		p.numberEntity(p.world.Entry(ent))
	}
	t.scan = t.scan[:0]
}

// numberEntity gives e the next number when it is a state entity without
// one.
func (p *Pipeline) numberEntity(e *donburi.Entry) {
	if p.maskOf(e) == 0 {
		return
	}
	if !e.HasComponent(components.ID) {
		e.AddComponent(components.ID)
	} else if *components.ID.Get(e) != 0 {
		return
	}
	*components.ID.Get(e) = p.ids.next
	p.ids.next++
}

// IDOf returns e's stable ID (components.StableID), numbering the world's
// new state entities first; ok is false for an entity that is not a state
// entity (no character, no registered state component). Call it between
// ticks or from a system, not inside a query's iteration: numbering may
// add the ID component.
func (p *Pipeline) IDOf(e *donburi.Entry) (id components.StableID, ok bool) {
	if e == nil || !e.Valid() {
		return 0, false
	}
	p.assignIDs()
	if !e.HasComponent(components.ID) {
		return 0, false
	}
	id = *components.ID.Get(e)
	return id, id != 0
}

// Character returns the character (an entity with a Body and a KCC) with
// stable ID id: the way to find a character again after LoadState, which
// may have made its entity anew.
func (p *Pipeline) Character(id components.StableID) (*donburi.Entry, bool) {
	p.refreshCharacters()
	i, ok := p.charIndex(id)
	if !ok {
		return nil, false
	}
	return p.chars[i].e, true
}

// charIndex returns the index in chars of the character with stable ID
// id, and whether there is one (chars are in stable ID order).
func (p *Pipeline) charIndex(id components.StableID) (int, bool) {
	return slices.BinarySearchFunc(p.chars, id, func(c character, id components.StableID) int {
		return cmp.Compare(c.id, id)
	})
}
