package kcc

import "github.com/go-gl/mathgl/mgl64"

// ContactCache carries the contacts one Move found around the capsule
// where it ended into the same character's next Move, which starts there
// when nothing moved the character in between: that Move then skips its
// first query of the level (the penetration check and the ground at the
// start), a quarter of a walk on flat ground. Keep one per character (the
// zero value is an empty cache) and pass it to MoveCached; it is used only
// when everything the query depends on is what it was: the same World with
// no collider added, moved, reshaped, removed, put on other layers or made
// a sensor since (World.SetVelocity and SetSurfaceVelocity change no
// contact), the same position to the bit, the same capsule, and a
// Controller with the same Up, Offset, GroundTolerance and CollisionMask.
// A Move with a QueryFilter or a contact listener neither reads nor fills
// it. It also keeps the character's colliders nearby, which answer the
// Move's queries of the level's top hierarchy while they stay near
// (near.go). The results are the same bits with or without a cache
// (TestContactCacheSameBits, TestNearCollidersSameBits).
type ContactCache struct {
	world    *World // nil: empty
	gen      uint64
	pos, up  vec
	r, hh    float64
	probe    float64
	mask     uint32
	contacts []Contact
	// near is the character's colliders nearby (near.go).
	near nearColliders
}

// MoveCached is Move for a character that keeps a ContactCache: the
// contacts where the last Move with this cache ended are reused when the
// character starts there and nothing changed (see ContactCache), and the
// contacts where this Move ends are stored for the next one. A nil cache
// is Move.
func (c *Controller) MoveCached(w *World, shape Capsule, pos, desired mgl64.Vec3, cache *ContactCache) MoveResult {
	if c.listener == nil && cache != nil {
		c.s.cache = cache // endMove clears it
	}
	return c.MoveFiltered(w, shape, pos, desired, nil)
}

// cached returns the cache's contacts when they are those of the capsule
// at p in w.
func (c *Controller) cached(w *World, p *vec, r, hh float64) ([]Contact, bool) {
	cc := c.s.cache
	if cc == nil || cc.world != w || cc.gen != w.gen || cc.pos != *p || cc.r != r ||
		cc.hh != hh || cc.up != c.cfg.Up || cc.probe != c.probeDist() || cc.mask != c.cfg.CollisionMask {
		return nil, false
	}
	return cc.contacts, true
}

// remember stores the contacts cs of the capsule at p in w in the cache.
func (c *Controller) remember(w *World, p *vec, r, hh float64, cs []Contact) {
	cc := c.s.cache
	if cc == nil {
		return
	}
	cc.world, cc.gen = w, w.gen
	cc.pos, cc.up, cc.r, cc.hh = *p, c.cfg.Up, r, hh
	cc.probe, cc.mask = c.probeDist(), c.cfg.CollisionMask
	if len(cs) > cap(cc.contacts) {
		// Room for a few more than now: a walker meets its most contacts
		// one new place at a time (a step, a wall, a corner), and a crowd
		// should stop allocating soon after it spreads out.
		cc.contacts = make([]Contact, 0, max(4, 2*len(cs)))
	}
	cc.contacts = append(cc.contacts[:0], cs...)
}
