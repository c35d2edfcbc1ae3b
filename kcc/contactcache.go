package kcc

// ContactCache carries the contacts one Move found around the capsule
// where it ended into the same character's next Move, which starts there
// when nothing moved the character in between: that Move then skips its
// first query of the level (the penetration check and the ground at the
// start), a quarter of a walk on flat ground. Keep one per character (the
// zero value is an empty cache) and pass it in MoveOptions.Cache; it is
// used only when everything the query depends on is what it was: the same
// World with no collider added, moved, reshaped, removed, put on other
// layers or made a sensor since (World.SetVelocity and SetSurfaceVelocity
// change no contact; the contacts with capsule colliders, other
// characters that move all the time, are not kept but asked for afresh
// from the capsule grid, which is cheap), the same position to the bit, the same capsule, and
// a Controller with the same Up, Offset, GroundTolerance and
// CollisionMask. It holds the contacts before any QueryFilter or contact
// listener: a Move with either reads it and applies them on top (asking
// the listener as it would about a fresh query), so one cache serves a
// character whatever options each of its Moves takes. It also keeps the
// character's colliders nearby, which answer the Move's queries of the
// level's top hierarchy while they stay near (near.go). The results are
// the same bits with or without a cache (TestContactCacheSameBits,
// TestNearCollidersSameBits, TestMoveWithCacheSameBits).
type ContactCache struct {
	// What the contacts were found for (104 bytes), the contacts, the
	// colliders nearby: the Move of a walker with one contact (its floor)
	// reads 5 of the cache's 7 lines, 0 to 2 and 4 to 5, when the cache
	// starts a line (TestContactCacheLayout).
	world   *World // nil: empty
	gen     uint64
	pos, up vec
	r, hh   float64
	probe   float64
	mask    uint32
	box     bool // the contacts of a box character (Capsule.Box)
	// The contacts: the first inlineContacts in the cache itself (a
	// walker's floor, read with the rest of the cache, not from another
	// allocation), the others in more.
	n      int
	inline [inlineContacts]Contact
	// near is the character's colliders nearby (near.go).
	near nearColliders
	more []Contact
}

// inlineContacts is how many contacts a ContactCache keeps in itself.
const inlineContacts = 2

// cached returns the cache's contacts when they are those of the capsule
// at p in w.
func (c *Controller) cached(w *World, p *vec, r, hh float64) ([]Contact, bool) {
	cc := c.s.cache
	if cc == nil || cc.world != w || cc.gen != w.gen || cc.pos != *p || cc.r != r ||
		cc.hh != hh || cc.box != c.s.box || cc.up != c.cfg.Up || cc.probe != c.probeDist() || cc.mask != c.cfg.CollisionMask {
		return nil, false
	}
	return cc.list(), true
}

// list is the cache's contacts.
func (cc *ContactCache) list() []Contact {
	if cc.n <= inlineContacts {
		return cc.inline[:cc.n]
	}
	return cc.more[:cc.n]
}

// cachedContacts returns the contacts of the capsule at p from the Move's
// ContactCache, as the Move sees them (through its filter and listener,
// into the scratch's contacts), when the cache holds those of p.
func (c *Controller) cachedContacts(w *World, p *vec, r, hh float64) ([]Contact, bool) {
	cs, ok := c.cached(w, p, r, hh)
	if !ok || (!c.sifting() && len(w.caps) == 0) {
		return cs, ok
	}
	c.s.contacts = append(c.s.contacts[:0], cs...)
	if len(w.caps) > 0 {
		// The capsules' contacts afresh, after the level's, where
		// contactsOf puts them. Through the Move's filter: sift applies
		// it again, which changes nothing, and a character's own capsule
		// is left out before its distance is measured.
		var p0, p1 vec
		capsuleSegTo(&p0, &p1, p, &c.cfg.Up, hh)
		w.capsuleContactsOf(&c.s, &p0, &p1, r, c.probeDist())
	}
	if !c.sifting() {
		return c.s.contacts, true
	}
	return c.sift(w, c.s.contacts), true
}

// sifting reports whether the Move under way sees fewer colliders than
// Config.CollisionMask admits: it has a filter or a listener.
func (c *Controller) sifting() bool { return c.s.filter != nil || c.listener != nil }

// rawContactsOf is World.contactsOf with only Config.CollisionMask: no
// filter, no collider the listener ignored left out (the contacts a
// ContactCache keeps).
func (c *Controller) rawContactsOf(w *World, p0, p1 *vec, r, maxDist float64) []Contact {
	s := &c.s
	mask, f, ign := s.mask, s.filter, s.ignore
	s.setFilter(c.cfg.CollisionMask, nil)
	s.ignore = nil
	s.noCaps = true
	w.contactsOf(s, p0, p1, r, maxDist)
	s.noCaps = false
	s.mask, s.filter, s.ignore = mask, f, ign
	// The capsules' contacts are not kept (remember), so they may as well
	// go through the filter: sift applies it again, which changes nothing.
	return w.capsuleContactsOf(s, p0, p1, r, maxDist)
}

// sift drops from cs, in place, the contacts of the colliders the Move
// does not see (rawContactsOf's contacts, or the cache's copied into the
// scratch) and returns the rest: the contacts World.contactsOf gives with
// the Move's filter and listener. The filter's test is the query's
// (scratch.admits); the listener is asked about each collider met for the
// first time, in the contacts' order, with the events contactsOf gives it,
// and a collider it ignores is dropped, as contactsOf's second query
// leaves it out: a query's contacts of one collider do not depend on the
// others, and it keeps the order of the rest.
func (c *Controller) sift(w *World, cs []Contact) []Contact {
	n := 0
	for i := range cs {
		k := &cs[i]
		if !c.s.admits(&w.colliders[k.Collider], int32(k.Collider)) {
			continue
		}
		if c.listener != nil && c.consult(ContactEvent{Collider: k.Collider, Point: k.Point, Normal: k.Normal, Distance: k.Distance}) {
			continue
		}
		if n != i {
			cs[n] = cs[i]
		}
		n++
	}
	return cs[:n]
}

// remember stores the contacts cs of the capsule at p in w in the cache.
func (c *Controller) remember(w *World, p *vec, r, hh float64, cs []Contact) {
	cc := c.s.cache
	if cc == nil {
		return
	}
	cc.world, cc.gen = w, w.gen
	cc.pos, cc.up, cc.r, cc.hh, cc.box = *p, c.cfg.Up, r, hh, c.s.box
	cc.probe, cc.mask = c.probeDist(), c.cfg.CollisionMask
	n := 0
	for i := range cs {
		// Not the capsules (other characters, which move all the time):
		// cachedContacts asks for theirs afresh.
		if w.colliders[cs[i].Collider].kind != kindCapsule {
			n++
		}
	}
	if n > cap(cc.more) {
		// Room for a few more than now, from the first Move on: a walker
		// meets its most contacts one new place at a time (a step, a
		// wall, a corner), and a crowd should stop allocating soon after
		// it spreads out.
		cc.more = make([]Contact, 0, max(4, 2*n))
	}
	dst := cc.inline[:0]
	if n > inlineContacts {
		dst = cc.more[:0]
	}
	for i := range cs {
		if w.colliders[cs[i].Collider].kind != kindCapsule {
			dst = append(dst, cs[i])
		}
	}
	cc.n = n
}
