package systems

import (
	"github.com/seedgames/motorkit/components"
	"github.com/yohamta/donburi"
	"github.com/yohamta/donburi/filter"
)

// Submit stores cmd as the entity's command for the next tick. Call it any
// number of times between ticks (from a game loop or Ebitengine's Update):
// levels (axes, held buttons) take the latest value, while the edges
// JumpPressed and DashPressed are OR-ed with any edge still waiting, so a
// press submitted in a frame that runs no tick is kept for the next one.
// The cleanup stage clears the edges after the first tick that saw them, so
// a frame that runs several ticks does not see the same press twice.
//
// Submit does nothing if the entry has no Command component.
func Submit(e *donburi.Entry, cmd components.CommandData) {
	if e == nil || !e.Valid() || !e.HasComponent(components.Command) {
		return
	}
	cur := components.Command.Get(e)
	if cur.Pending {
		cmd.JumpPressed = cmd.JumpPressed || cur.JumpPressed
		cmd.DashPressed = cmd.DashPressed || cur.DashPressed
	}
	cmd.Pending = true
	*cur = cmd
}

// SanitizeCommand returns c with its numbers made safe for the simulation:
// move axes clamped to [-1, 1], NaN to 0.
// The pipeline applies it to every command it reads; it is exported for
// games that want to show the effective input.
func SanitizeCommand(c components.CommandData) components.CommandData {
	c.Forward = sanitizeAxis(c.Forward)
	c.Strafe = sanitizeAxis(c.Strafe)
	return c
}

// clearEdges clears a command's consumed edges after the tick.
func clearEdges(c *components.CommandData) {
	c.JumpPressed = false
	c.DashPressed = false
	c.Pending = false
}

// cleanupStage clears the consumed input edges of every command at the
// end of the tick. When nothing that runs between the characters' moves
// and the cleanup can read a command (edgesInMove: no game system there,
// and no events, whose handlers are game code), each character's edges are
// cleared at the end of its move instead, while its command is still in
// the cache, and the cleanup clears only the commands of other entities.
// Either way every command's edges are cleared once a tick, after
// everything that could read them.
type cleanupStage struct {
	all, others commandList
	edgesInMove bool
}

// commandList is the commands of the entities a filter matches: a cache of
// the entities, and each one's archetype and position (fetch.go).
type commandList struct {
	cache entityCache
	at    [][2]int32
	each  func(e *donburi.Entry, arch, pos int)
}

func (l *commandList) init(f filter.LayoutFilter) {
	l.cache.filter = f
	l.each = func(_ *donburi.Entry, arch, pos int) {
		l.at = append(l.at, [2]int32{int32(arch), int32(pos)})
	}
}

// clear clears the edges of every listed command, each fetched anew (a
// game may have swapped it with ComponentType.Set).
func (l *commandList) clear(w donburi.World, s compStores) {
	l.cache.refresh(w, l.each, func() { l.at = l.at[:0] })
	s.clearEdges(l.at)
}
