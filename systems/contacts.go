package systems

import (
	"github.com/go-gl/mathgl/mgl64"
	"github.com/seedgames/motorkit/detmath"
	"github.com/seedgames/motorkit/kcc"
	"github.com/yohamta/donburi"
)

// A game's say about the characters' contacts in the KCC stage, as
// kcc.ContactListener gives it for one kcc.Controller: the pipeline moves
// every character with its own controllers, so the game gives the pipeline
// one listener, told which character is moving.

// ContactListener decides about the contacts of the characters' moves in
// the KCC stage. OnContact is asked about the first contact of each
// collider a character's move meets (as kcc.ContactListener.OnContact,
// with the character's entity), and likewise by the carry of a moving
// platform and the room check of a crouched character standing up, and
// answers with a kcc.ContactAction:
// ContactIgnore passes through the collider for the rest of that move (a
// one-way platform met from below, a teammate walked through), ContactStop
// collides and sticks, ContactAccept collides as usual.
//
// With Options.CharacterCollisions it also decides pushes. Before a
// character A that may push (its PushMask covers B's PushLayers) pushes the
// character B in its way, OnContact(A, contact with B's capsule) must
// answer ContactAccept, and OnContact(B, contact with A's capsule) too: B
// may refuse to be pushed (it then blocks A like a wall). Any other answer
// means no push; A's move then asks about B's capsule again and, on
// ContactIgnore, passes through B. ev.Sweep is true for these questions.
//
// OnContact runs on the KCC stage's workers (Options.Workers): with more
// than one it must be safe for concurrent use (characters move in
// parallel; with CharacterCollisions, island by island). It must not
// change the level. Its answers reach the character's moves, carries and
// room checks through kcc.MoveOptions (Character is the entity).
type ContactListener interface {
	OnContact(e donburi.Entity, ev kcc.ContactEvent) kcc.ContactAction
}

// ContactListenerFunc is a ContactListener from a function.
type ContactListenerFunc func(e donburi.Entity, ev kcc.ContactEvent) kcc.ContactAction

// OnContact calls f.
func (f ContactListenerFunc) OnContact(e donburi.Entity, ev kcc.ContactEvent) kcc.ContactAction {
	return f(e, ev)
}

// SetContactListener sets (or with nil removes) the listener the KCC
// stage consults about every character's contacts (ContactListener). Set
// it between ticks.
func (p *Pipeline) SetContactListener(l ContactListener) {
	p.contactListener = l
	p.kccListener = nil
	if l != nil {
		p.kccListener = entityListener{l}
	}
}

// entityListener is the game's listener as the kcc calls see it: the
// character's entity comes with each contact (kcc.MoveOptions.Character),
// so one value serves every character and worker.
type entityListener struct{ l ContactListener }

func (b entityListener) OnContact(ev kcc.ContactEvent) kcc.ContactAction {
	return b.l.OnContact(donburi.Entity(ev.Character), ev)
}

// moveOptions are the kcc options of character e's carry, room check and
// moves: its filter f (nil without character collisions), the game's
// listener told e, and cache (nil: none).
func (p *Pipeline) moveOptions(e donburi.Entity, f *kcc.QueryFilter, cache *kcc.ContactCache) kcc.MoveOptions {
	return kcc.MoveOptions{Filter: f, Cache: cache, Listener: p.kccListener, Character: uint64(e)}
}

// mayPush asks the listener whether A (moving) pushes B, whose capsule it
// met (hit, at distance skin): both must accept the contact.
func (p *Pipeline) mayPush(a, b donburi.Entity, hit *kcc.CastHit, aCollider kcc.ColliderID, skin float64) bool {
	l := p.contactListener
	if l == nil {
		return true
	}
	if l.OnContact(a, kcc.ContactEvent{Collider: hit.Collider, Point: hit.Point, Normal: hit.Normal, Distance: skin, Sweep: true}) != kcc.ContactAccept {
		return false
	}
	// B's side: the point on A's capsule, the normal from A towards B.
	onA := hit.Point.Add(detmath.Scale(hit.Normal, skin))
	n := hit.Normal
	return l.OnContact(b, kcc.ContactEvent{Collider: aCollider, Point: onA, Normal: mgl64.Vec3{-n[0], -n[1], -n[2]}, Distance: skin, Sweep: true}) == kcc.ContactAccept
}

// CharacterOf returns the character whose capsule collider is id, with
// Options.CharacterCollisions (a listener telling teammates from
// opponents): ok is false for any other collider, and before the
// character's first tick.
func (p *Pipeline) CharacterOf(id kcc.ColliderID) (e donburi.Entity, ok bool) {
	if id < 0 || int(id) >= len(p.crowd.colChar) || p.crowd.colChar[id] == 0 || int(p.crowd.colChar[id]) > len(p.chars) {
		return e, false
	}
	return p.chars[p.crowd.colChar[id]-1].e.Entity(), true
}
