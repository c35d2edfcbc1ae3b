package systems

import (
	"math"

	"github.com/go-gl/mathgl/mgl64"
	"github.com/seedgames/motorkit/components"
	"github.com/seedgames/motorkit/kcc"
	"github.com/seedgames/motorkit/motors"
	"github.com/yohamta/donburi"
)

// Characters that push each other (Options.CharacterCollisions and a
// PushMask). Before character A moves, its capsule is swept along the
// planar part of its move; when the first thing it would meet is the
// capsule of a character B that A may push (A.PushMask&B.PushLayers != 0),
// B is moved first, through B's own controller (so walls still hold it),
// along the horizontal direction from A to B by
//
//	s = (the part of A's move left after the contact, along that direction)
//	    * mA/(mA+mB)
//
// and then A moves as usual, stopping at B where B now stands. A keeps its
// velocity in the share of the push that B gave way (all of it when B moved
// as far as asked, none when a wall held B), so the contact does not brake
// A as a wall would. Two equal masses walk on together at half the
// pusher's speed; a character pushes one ten times heavier at 1/11 of its
// speed, and one held by a wall not at all. The capsules never overlap: B moves only where its controller
// lets it, and A's move still collides with B's capsule. B keeps its
// velocity (a push moves it, it does not launch it). B pushes a third
// character C the same way when B's mask covers C's layers, before B
// moves, and so on down a line of at most maxPushChain characters: each
// link gives way by its own mass share, so a line is harder to push than
// one character. The pushes run in the KCC stage's order, so they are
// deterministic.

// maxPushChain is the longest line of characters a push moves.
const maxPushChain = 4

// pushAhead pushes the character A's move would meet first, if A may push
// it; self is A's filter (leaving A's own capsule out). It returns the
// share of the push B gave way, in [0, 1] (0 when there was no push).
func (p *Pipeline) pushAhead(a donburi.Entity, k *components.KCCData, body *components.BodyData, level *kcc.World, desired mgl64.Vec3, self *kcc.QueryFilter) float64 {
	return p.pushChain(a, k, body, level, desired, self, 0)
}

// pushChain is pushAhead for the depth-th link of a line of pushes.
func (p *Pipeline) pushChain(a donburi.Entity, k *components.KCCData, body *components.BodyData, level *kcc.World, desired mgl64.Vec3, self *kcc.QueryFilter, depth int) float64 {
	d := mgl64.Vec3{desired[0], 0, desired[2]}
	l := math.Sqrt(float64(d[0]*d[0]) + float64(d[2]*d[2]))
	if !(l > 1e-9) || !motors.FiniteVec(d) {
		return 0
	}
	skin := k.Controller.Offset()
	hit, ok := level.Filtered(self).CastCapsule(k.Shape, body.Position, motors.Up, d, skin)
	if !ok || int(hit.Collider) >= len(p.colChar) || p.colChar[hit.Collider] == 0 {
		return 0
	}
	id := int(p.colChar[hit.Collider] - 1)
	if id >= len(p.charRef) || p.charRef[id] == 0 {
		return 0 // the capsule of a character gone since the list was made
	}
	ri := p.charRef[id] - 1
	rb := &p.chars[ri]
	kb, bb := rb.k, rb.body
	if k.PushMask&kb.PushLayers == 0 || kb.Controller == nil {
		return 0
	}
	b := rb.e.Entity()
	if !p.mayPush(a, b, &hit, p.charCol[a.Id()], skin) {
		return 0
	}
	// The way from A to B: the horizontal part of the contact normal,
	// which points from B toward A.
	ux, uz := -hit.Normal[0], -hit.Normal[2]
	ul := math.Sqrt(float64(ux*ux) + float64(uz*uz))
	if !(ul > 1e-6) {
		return 0 // met on top or below: standing on it, not pushing it
	}
	ux, uz = ux/ul, uz/ul
	rest := float64((1 - hit.Fraction) * (float64(d[0]*ux) + float64(d[2]*uz)))
	if !(rest > 0) {
		return 0
	}
	ma, mb := massOf(k), massOf(kb)
	s := float64(rest * ma / (ma + mb))
	push := mgl64.Vec3{float64(ux * s), 0, float64(uz * s)}
	f := &p.pushFilters[depth]
	p.pushBufs[depth][0] = p.charCol[b.Id()]
	f.Exclude = p.pushBufs[depth][:]
	if kb.PushMask != 0 && depth+1 < maxPushChain {
		p.pushChain(b, kb, bb, level, push, f, depth+1) // B pushes C first
	}
	bc := p.controller(rb, 0)
	res := bc.MoveWith(level, kb.Shape, bb.Position, push, p.moveOptions(b, f, nil))
	t := res.Translation
	if !motors.FiniteVec(t) {
		return 0
	}
	bb.Position = bb.Position.Add(mgl64.Vec3{t[0], 0, t[2]})
	p.placeCharacter(rb.e, kb, bb, level)
	if !(s > 0) {
		return 0
	}
	gave := (float64(t[0]*ux) + float64(t[2]*uz)) / s
	return math.Max(0, math.Min(1, gave))
}

// massOf is the character's mass, DefaultMass when it is not a positive
// finite number.
func massOf(k *components.KCCData) float64 {
	if m := k.Mass; m > 0 && m <= math.MaxFloat64 {
		return m
	}
	return components.DefaultMass
}

// noteCharacterRef records that the character with entity e is chars[i],
// for the pushes.
func (p *Pipeline) noteCharacterRef(e donburi.Entity, i int) {
	p.charRef = setByID(p.charRef, e, i)
}
