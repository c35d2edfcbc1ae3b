package systems

import (
	"github.com/go-gl/mathgl/mgl64"
	"github.com/seedgames/motorkit/components"
	"github.com/seedgames/motorkit/kcc"
	"github.com/yohamta/donburi"
)

// Characters as obstacles (Options.CharacterCollisions): each character
// has a capsule collider in the level, indexed by entity ID; a character
// moves ignoring its own capsule, then its capsule is placed where it
// ended, so the characters after it in the stage's order see it there.

// characterCollider returns e's capsule collider, registering it on the
// character's first move.
func (p *Pipeline) characterCollider(e *donburi.Entry, k *components.KCCData, body *components.BodyData, level *kcc.World) kcc.ColliderID {
	i := int(e.Entity().Id())
	for len(p.charCol) <= i {
		p.charCol = append(p.charCol, kcc.NoCollider)
		p.charSeen = append(p.charSeen, 0)
	}
	if p.charCol[i] == kcc.NoCollider {
		id := level.AddCapsule(k.Shape, body.Position)
		p.charCol[i] = id
		for len(p.colChar) <= int(id) {
			p.colChar = append(p.colChar, 0)
		}
		p.colChar[id] = int32(i + 1)
	}
	p.charSeen[i] = p.tick + 1
	return p.charCol[i]
}

// moveAmongCharacters is the Move of a character that must not pass
// through the others (nor collide with its own capsule), after the push
// of the one in its way when it may push it; gave is the share of that
// push the other gave way (push.go).
func (p *Pipeline) moveAmongCharacters(e *donburi.Entry, ctrl *kcc.Controller, k *components.KCCData, body *components.BodyData, level *kcc.World, desired mgl64.Vec3) (res kcc.MoveResult, gave float64) {
	self := p.selfFilterOf(e, k, body, level)
	if k.PushMask != 0 {
		gave = p.pushAhead(e.Entity(), k, body, level, desired, self)
	}
	res = ctrl.MoveWith(level, k.Shape, body.Position, desired, p.moveOptions(e.Entity(), self, nil))
	return res, gave
}

// selfFilterOf is the query filter that leaves e's own capsule collider
// out (the pipeline's one filter: character collisions run on one worker).
func (p *Pipeline) selfFilterOf(e *donburi.Entry, k *components.KCCData, body *components.BodyData, level *kcc.World) *kcc.QueryFilter {
	p.selfBuf[0] = p.characterCollider(e, k, body, level)
	p.selfFilter.Exclude = p.selfBuf[:]
	return &p.selfFilter
}

// placeCharacter moves e's capsule collider to its body after its move
// (and to its current shape: crouching shrinks it).
func (p *Pipeline) placeCharacter(e *donburi.Entry, k *components.KCCData, body *components.BodyData, level *kcc.World) {
	if level == nil {
		return
	}
	id := p.characterCollider(e, k, body, level)
	level.SetCapsuleShape(id, k.Shape)
	level.SetTransform(id, body.Position, mgl64.Quat{})
}

// dropGoneCharacters removes the capsules of characters that did not move
// this tick (removed entities), in entity-ID order.
func (p *Pipeline) dropGoneCharacters() {
	if !p.charCollide {
		return
	}
	level := components.LevelOf(p.world)
	for i, id := range p.charCol {
		if id != kcc.NoCollider && p.charSeen[i] != p.tick+1 {
			if level != nil {
				level.RemoveCollider(id)
			}
			p.charCol[i] = kcc.NoCollider
			p.colChar[id] = 0
		}
	}
}
