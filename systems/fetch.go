package systems

import (
	"unsafe"

	"github.com/seedgames/motorkit/components"
	"github.com/yohamta/donburi"
	"github.com/yohamta/donburi/filter"
)

// Fetching the characters' components. A game may swap a component's
// value for another with donburi's ComponentType.Set at any time between
// two ticks: the entity stays where it is, but its component now lives
// elsewhere. So the pipeline keeps no component pointer from one run of
// the characters' steps to the next: it fetches them again before every
// run (compStores.refetch).
//
// ComponentType.Get finds an entity's component through its Entry (about
// 6 ns each, eight components a character); the pipeline instead reads
// donburi's storage of each component type (World.StorageAccessor) at the
// entity's archetype and its position in it, which it knows from the
// archetype's entity list (entityCache): a third of the time.
// TestStoragePositionsAreGets checks the two agree on the donburi in
// go.mod.

// compStores reads each character component's storage in one world: a
// storeSet instantiated with donburi's own index types, which the
// compiler infers from the storages' Component methods (the pipeline names
// none of donburi's internal types). Each read is one call of a method
// value, with no generic dictionary between.
type compStores interface {
	// refetch fetches the components of the characters cs again, from
	// their archetypes and positions (the entity's set of components is
	// the one the list was made with: a change of archetype makes the list
	// anew).
	refetch(cs []character)
	// clearEdges clears the edges of the Command of each entity at, an
	// archetype and a position.
	clearEdges(at [][2]int32)
}

// storeSet is a compStores whose storage reads take donburi's archetype
// index type A and component index type C.
type storeSet[A, C ~int] struct {
	body, kcc, cmd, view, jb, motor, intent, abilities func(A, C) unsafe.Pointer
}

func newCompStores(w donburi.World) compStores {
	cs := w.StorageAccessor().Components
	return newStoreSet(cs.Storage(components.Body).Component, cs.Storage(components.KCC).Component,
		cs.Storage(components.Command).Component, cs.Storage(components.View).Component,
		cs.Storage(components.JumpBuffer).Component, cs.Storage(components.Motor).Component,
		cs.Storage(components.Intent).Component, cs.Storage(components.Abilities).Component)
}

func newStoreSet[A, C ~int](body, kcc, cmd, view, jb, motor, intent, abilities func(A, C) unsafe.Pointer) *storeSet[A, C] {
	return &storeSet[A, C]{body: body, kcc: kcc, cmd: cmd, view: view, jb: jb, motor: motor, intent: intent, abilities: abilities}
}

func (s *storeSet[A, C]) clearEdges(at [][2]int32) {
	for _, x := range at {
		clearEdges((*components.CommandData)(s.cmd(A(x[0]), C(x[1]))))
	}
}

func (s *storeSet[A, C]) refetch(cs []character) {
	for i := range cs {
		c := &cs[i]
		a, j := A(c.arch), C(c.pos)
		c.body = (*components.BodyData)(s.body(a, j))
		c.k = (*components.KCCData)(s.kcc(a, j))
		if c.cmd != nil {
			c.cmd = (*components.CommandData)(s.cmd(a, j))
		}
		if c.view != nil {
			c.view = (*components.ViewData)(s.view(a, j))
		}
		if c.jb != nil {
			c.jb = (*components.JumpBufferData)(s.jb(a, j))
		}
		if c.md != nil {
			c.md = (*components.MotorData)(s.motor(a, j))
			c.it = (*components.IntentData)(s.intent(a, j))
			if c.ab != nil {
				c.ab = (*components.AbilitiesData)(s.abilities(a, j))
			}
		}
	}
}

// entityCache remembers which entities a filter matched at the last
// refresh, in donburi's order (matching archetypes in index order,
// entities in archetype order). Every run it asks the World for its
// archetypes (World.Archetypes) and compares their entity lists with the
// cached ones (a compare of a word per entity, no locks): an entity
// created, removed, or moved to another archetype (a component added or
// removed) makes the list anew. While the lists are the same, each
// entity's archetype and position in it are those of the last refresh.
type entityCache struct {
	filter filter.LayoutFilter
	archs  []int // matching archetype indices
	counts []int // by index in archs: its entities at the last refresh
	seen   int   // archetypes examined so far
	ents   []donburi.Entity
	fresh  bool
}

// current reports whether the matching entities are exactly those
// cached, in the same order.
func (c *entityCache) current(w donburi.World) bool {
	archs := w.Archetypes()
	for ; c.seen < len(archs); c.seen++ {
		if c.filter.MatchesLayout(archs[c.seen].Layout().Components()) {
			c.archs = append(c.archs, c.seen)
		}
	}
	if !c.fresh {
		return false
	}
	if len(c.counts) != len(c.archs) {
		return false // a matching archetype new since the refresh
	}
	k := 0
	for x, ai := range c.archs {
		if len(archs[ai].Entities()) != c.counts[x] {
			return false // the same entities may still read the same in order
		}
		for _, ent := range archs[ai].Entities() {
			if k >= len(c.ents) || c.ents[k] != ent {
				return false
			}
			k++
		}
	}
	return k == len(c.ents)
}

// refresh refills the cache when the matching entities are no longer
// those cached, calling each with every entity, its archetype index and
// its position in the archetype, after reset has emptied the caller's
// list. It reports whether it refilled.
func (c *entityCache) refresh(w donburi.World, each func(e *donburi.Entry, arch, pos int), reset func()) bool {
	if c.current(w) {
		return false
	}
	c.ents, c.counts = c.ents[:0], c.counts[:0]
	reset()
	archs := w.Archetypes()
	for _, ai := range c.archs {
		c.counts = append(c.counts, len(archs[ai].Entities()))
		for j, ent := range archs[ai].Entities() {
			c.ents = append(c.ents, ent)
			each(w.Entry(ent), ai, j)
		}
	}
	c.fresh = true
	return true
}
