package systems

import (
	"github.com/seedgames/motorkit/kcc"
)

// The KCC stage moves characters with the pipeline's own controllers: one
// per distinct configuration and worker. A kcc.Controller holds scratch
// buffers only, no per-character state (the results are the same bits
// whichever controller of that configuration moves a character), so the
// scratch that a controller grows while moving characters is kept once per
// configuration instead of once per character, and parallel workers never
// share one, nor do two pipelines. KCCData.Controller still says whether (nil: no collision) and
// with which configuration a character moves.

// controller returns worker's controller for r's configuration (set up
// by prepareControllers).
func (p *Pipeline) controller(c *character, worker int) *kcc.Controller {
	return p.ctrls[worker][c.slot]
}

// controllerFor is controller, c given its slot first when its
// controller is new to it (its first move, or a game replaced its
// KCCData.Controller) or worker has no controller for that slot yet. The
// moves number the slots themselves when the characters do not collide:
// the character's controller is read in its move anyway, while a serial
// pass over every character before the moves (prepareControllers) would
// read each from memory once more on a crowd too large for the caches.
func (p *Pipeline) controllerFor(c *character, worker int) *kcc.Controller {
	if c.seen != c.k.Controller || c.slot >= len(p.ctrls[worker]) {
		p.slotMu.Lock()
		p.prepareSlot(c)
		p.ctrls[worker] = p.fillSlots(p.ctrls[worker])
		p.slotMu.Unlock()
	}
	return p.ctrls[worker][c.slot]
}

// controllerAt is worker's controller for c's configuration at depth of a
// line of pushes (push.go): the character moving is at depth 0, the one it
// pushes at 1, and so on; a push runs inside the move of the depth before,
// which keeps its controller until it ends.
func (p *Pipeline) controllerAt(c *character, worker, depth int) *kcc.Controller {
	if depth == 0 {
		return p.controller(c, worker)
	}
	return p.pushCtrls[worker][depth-1][c.slot]
}

// prepareControllers assigns each character the slot of its
// configuration (again when its KCCData.Controller was replaced) and makes
// sure every worker has a controller for every slot, serially, before the
// characters move.
func (p *Pipeline) prepareControllers(chars []character) {
	for i := range chars {
		p.prepareSlot(&chars[i])
	}
	p.growControllers()
}

func (p *Pipeline) prepareSlot(c *character) {
	if ctrl := c.k.Controller; ctrl != nil && (c.seen != ctrl || c.slot >= len(p.ctrlCfg)) {
		c.seen = ctrl
		c.slot = p.slotFor(ctrl)
	}
}

func (p *Pipeline) growControllers() {
	for len(p.ctrls) < p.workers {
		p.ctrls = append(p.ctrls, nil)
	}
	// Every worker its own, the first too: the characters' controllers
	// are often one shared by every spawn of a recipe, in every world, and
	// another pipeline may be stepping on another goroutine.
	for w := range p.ctrls {
		p.ctrls[w] = p.fillSlots(p.ctrls[w])
	}
	if !p.charCollide {
		return
	}
	for len(p.pushCtrls) < p.workers {
		p.pushCtrls = append(p.pushCtrls, [maxPushChain][]*kcc.Controller{})
	}
	for w := range p.pushCtrls {
		for d := range p.pushCtrls[w] {
			p.pushCtrls[w][d] = p.fillSlots(p.pushCtrls[w][d])
		}
	}
}

// fillSlots appends to cs a controller of each configuration slot it has
// none for yet.
func (p *Pipeline) fillSlots(cs []*kcc.Controller) []*kcc.Controller {
	for s := len(cs); s < len(p.ctrlCfg); s++ {
		cs = append(cs, kcc.NewController(p.ctrlCfg[s].cfg))
	}
	return cs
}

type ctrlConfig struct {
	cfg  kcc.Config
	ctrl *kcc.Controller // the first controller seen with it
}

// slotFor returns the slot of c's configuration, adding one for a new
// configuration. It runs serially (prepareControllers, the crowd's
// planning) or under slotMu (controllerFor, in the workers' moves).
func (p *Pipeline) slotFor(c *kcc.Controller) int {
	cfg := c.Config()
	for i := range p.ctrlCfg {
		if sameConfig(p.ctrlCfg[i].cfg, cfg) {
			return i
		}
	}
	p.ctrlCfg = append(p.ctrlCfg, ctrlConfig{cfg: cfg, ctrl: c})
	return len(p.ctrlCfg) - 1
}

// sameConfig compares two sanitized configurations by value.
func sameConfig(a, b kcc.Config) bool {
	sa, sb := a.Autostep, b.Autostep
	a.Autostep, b.Autostep = nil, nil
	if a != b || (sa == nil) != (sb == nil) {
		return false
	}
	return sa == nil || *sa == *sb
}
