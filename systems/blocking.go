package systems

import (
	"cmp"
	"math"
	"slices"
	"time"

	"github.com/go-gl/mathgl/mgl64"
	"github.com/seedgames/motorkit/components"
	"github.com/seedgames/motorkit/detmath"
	"github.com/seedgames/motorkit/kcc"
	"github.com/seedgames/motorkit/motors"
)

// Characters as obstacles (Options.CharacterCollisions): each character
// has a capsule collider in the level, kept by stable ID; a character
// moves ignoring its own capsule, then its capsule is placed where it
// ended, so the characters after it in the stage's order see it there.

// crowdStage is the state of the moves among characters: the characters'
// capsule colliders, each worker's filters, and the tick's planned crowd.
type crowdStage struct {
	// capsules are the characters' capsule colliders, in stable ID order,
	// and colChar the index+1 in chars of each collider's character.
	capsules []charCapsule
	colChar  []int32
	// filters holds each worker's query filters of the moves among
	// characters.
	filters []crowdFilters
	// The crowd of the moves among characters: its members (the characters
	// with a controller), their indices in chars, each one's move across
	// its Up, the characters without a controller (by index in chars), the
	// plan, whether its moves run now, and what the last tick's plan found.
	members    []kcc.CrowdMember
	memberChar []int32
	// reach and pushable hold, by character, its reach before any push
	// and the layers that make it pushable with the share of each world
	// axis across its Up: what the members' list reads to pad the reaches
	// with the tick's longest push, so it needs no character's lines.
	reach    []mgl64.Vec3
	pushable []pushable
	loose    []int32
	plan     kcc.CrowdPlan
	on       bool
	stats    CrowdStats
	// order lists each phase's groups largest first, on several workers
	// (orderGroups).
	order []int32
	// The components' refetch in parts (planCrowd): its part count and
	// function, and what it notes: each character's capsule collider and
	// whether it has a controller, each part's having a character with no
	// capsule yet, and its pushes (found with its reaches, unless newSlot:
	// a controller without its slot yet); the tick's pushers and longest
	// push; motorsFrom is the first motor step the fetch parts run (after
	// stepShaping: none).
	fetchParts int
	fetchFn    func(int)
	capOf      []kcc.ColliderID
	hasCtrl    []bool
	missing    []bool
	newSlot    []bool // by part: a character whose controller needs a slot (prepareSlot)
	partPush   []partPush
	pushers    uint32
	longest    float64
	motorsFrom step
	velocityFn func(int) // pushVelocitiesOf, one part per worker's list
}

// charCapsule is the capsule collider of the character with stable ID id.
type charCapsule struct {
	id  components.StableID
	col kcc.ColliderID
}

// characterCollider returns c's capsule collider, registering it on the
// character's first move.
func (p *Pipeline) characterCollider(c *character, level *kcc.World) kcc.ColliderID {
	if c.capsule == kcc.NoCollider {
		c.capsule = level.AddCapsule(c.k.Shape, c.body.Position)
		i, _ := slices.BinarySearchFunc(p.crowd.capsules, c.id, byCapsuleID)
		p.crowd.capsules = slices.Insert(p.crowd.capsules, i, charCapsule{id: c.id, col: c.capsule})
		p.noteCollider(c.capsule, c)
	}
	return c.capsule
}

func byCapsuleID(k charCapsule, id components.StableID) int { return cmp.Compare(k.id, id) }

// noteCollider records that collider id is character c's capsule.
func (p *Pipeline) noteCollider(id kcc.ColliderID, c *character) {
	for len(p.crowd.colChar) <= int(id) {
		p.crowd.colChar = append(p.crowd.colChar, 0)
	}
	i, _ := p.charIndex(c.id) // c points into chars
	p.crowd.colChar[id] = int32(i + 1)
}

// linkCapsules gives every character its capsule collider (capsules and
// chars are both in stable ID order) and maps each capsule collider back
// to its character (colChar), after the list was made anew or a state
// loaded.
func (p *Pipeline) linkCapsules() {
	if !p.charCollide {
		return
	}
	clear(p.crowd.colChar)
	j := 0
	for i := range p.chars {
		c := &p.chars[i]
		c.capsule, c.placed = kcc.NoCollider, placement{}
		for j < len(p.crowd.capsules) && p.crowd.capsules[j].id < c.id {
			j++
		}
		if j < len(p.crowd.capsules) && p.crowd.capsules[j].id == c.id {
			c.capsule = p.crowd.capsules[j].col
			p.noteCollider(c.capsule, c)
		}
	}
}

// capsuleOf returns the capsule collider of the state entity with stable
// ID id (kcc.NoCollider when it has none).
func (p *Pipeline) capsuleOf(id components.StableID) kcc.ColliderID {
	if i, ok := slices.BinarySearchFunc(p.crowd.capsules, id, byCapsuleID); ok {
		return p.crowd.capsules[i].col
	}
	return kcc.NoCollider
}

// moveAmongCharacters is the Move of a character that must not pass
// through the others (nor collide with its own capsule), pushing the one
// its move meets when it may push it (its pusher, kcc.MoveOptions.Pusher);
// gave is the share of that push the other gave way (push.go).
func (p *Pipeline) moveAmongCharacters(m *move, cache *kcc.ContactCache, desired mgl64.Vec3) (res kcc.MoveResult, gave float64) {
	c := m.c
	m.self = p.selfFilterOf(c, m.worker)
	p.optionsFor(m, cache)
	var ps *pusher
	if c.k.PushMask != 0 {
		ps = p.pusherFor(c, m.worker, 0, c.capsule)
		m.opts.Pusher = ps
	}
	res = m.ctrl.MoveWith(m.level, c.k.Shape, c.body.Position, desired, m.opts)
	if ps != nil {
		gave = ps.gave
		m.opts.Pusher = nil // the move's alone: an ability's moves after it push nobody
	}
	return res, gave
}

// crowdFilters are one worker's query filters of the moves among
// characters: the moving character's own (its capsule left out) and one
// per link of a line of pushes.
type crowdFilters struct {
	self     kcc.QueryFilter
	selfBuf  [1]kcc.ColliderID
	pushes   [maxPushChain]kcc.QueryFilter
	pushBufs [maxPushChain][1]kcc.ColliderID
	// pushers are the worker's pushers, one per link of a line, and
	// pushed the characters its moves pushed this tick, by index in chars
	// (push.go).
	pushers [maxPushChain]pusher
	pushed  []int32
}

// push returns the filter of the depth-th pushed character, whose capsule
// is id, moved for the character whose capsule is root: what it sees is
// the planned crowd's view of root (kcc.QueryFilter.Crowd).
func (f *crowdFilters) push(depth int, id kcc.ColliderID, root kcc.CrowdView) *kcc.QueryFilter {
	f.pushBufs[depth][0] = id
	f.pushes[depth].Exclude = f.pushBufs[depth][:]
	f.pushes[depth].Crowd = root
	return &f.pushes[depth]
}

// selfFilterOf is worker's query filter that leaves c's own capsule
// collider out (registered by planCrowd before the moves), with the
// planned crowd's view of c (its island: kcc.World.PlanCrowd).
func (p *Pipeline) selfFilterOf(c *character, worker int) *kcc.QueryFilter {
	f := &p.crowd.filters[worker]
	f.selfBuf[0] = c.capsule
	f.self.Crowd = p.crowdView(c.capsule)
	f.self.Exclude = f.selfBuf[:]
	return &f.self
}

// crowdView is the planned crowd's view of the member whose capsule is
// id while the plan's moves run (kcc.CrowdPlan.ViewOf), else none.
func (p *Pipeline) crowdView(id kcc.ColliderID) kcc.CrowdView {
	if !p.crowd.on {
		return kcc.CrowdView{}
	}
	return p.crowd.plan.ViewOf(id)
}

// CrowdStats is what the last tick's moves among characters
// (Options.CharacterCollisions) were split into (kcc.World.PlanCrowd): the
// islands of characters that might touch (each moved on one worker, in
// the stage's order; different islands in parallel), the size of the
// largest, how many islands were too large to move whole and were split
// into cells moved in phases (Split), and how many moves went further than
// planned (Escapes: 0 unless something moved a character further than its
// velocity, a carry and one push allow; such a character may overlap one
// of another island by up to that excess until its next move).
type CrowdStats struct {
	Characters, Islands, Largest, Split, Escapes int
}

// CrowdStats returns what the last tick's moves among characters were
// split into (zero without CharacterCollisions).
func (p *Pipeline) CrowdStats() CrowdStats { return p.crowd.stats }

// crowdSlack is added to every reach (m): rounding. A member's queries see
// only its island (kcc.QueryFilter.Crowd), so a reach needs to cover only
// where the capsule can end the tick, not how far its queries look.
const crowdSlack = 0.005

// planCrowd registers every character's capsule and plans the tick's moves
// among characters (kcc.World.PlanCrowd): each character with a
// controller is a member, reaching as far as its velocity, a jump,
// gravity and its ground's carry can take it in a tick, plus a step up
// and a snap down along its Up, a crouch's stand, and, when another
// character may push it, the longest push of the tick. The characters'
// motor steps from..stepShaping run first, in the planning's first pass
// over them (from after stepShaping: none).
func (p *Pipeline) planCrowd(level *kcc.World, from step) {
	cr := &p.crowd
	for len(cr.filters) < p.workers {
		cr.filters = append(cr.filters, crowdFilters{})
	}
	if cr.fetchFn == nil {
		// Once: a method value allocates.
		cr.fetchFn, cr.plan.Run = p.fetchPart, p.runParts
		cr.velocityFn = p.pushVelocitiesOf
	}
	// The components again (a game's Set may have moved them), in parts
	// on the workers: each character's are its own.
	// Each part also notes its characters' capsules and controllers, and
	// their reaches, so the lists below read short arrays.
	nc := len(p.chars)
	cr.fetchParts = partsOf(nc)
	cr.capOf = slices.Grow(cr.capOf[:0], nc)[:nc]
	cr.hasCtrl = slices.Grow(cr.hasCtrl[:0], nc)[:nc]
	cr.reach = slices.Grow(cr.reach[:0], nc)[:nc]
	cr.pushable = slices.Grow(cr.pushable[:0], nc)[:nc]
	np := cr.fetchParts
	cr.missing = slices.Grow(cr.missing[:0], np)[:np]
	cr.newSlot = slices.Grow(cr.newSlot[:0], np)[:np]
	cr.partPush = slices.Grow(cr.partPush[:0], np)[:np]
	cr.motorsFrom = from
	var t0 time.Time
	if p.timing {
		t0 = time.Now()
	}
	p.runParts(cr.fetchParts, cr.fetchFn)
	if p.timing && from <= stepShaping {
		p.noteRunTimes(0, time.Since(t0), 0) // the motor steps' pass
	}
	// The controllers' slots (prepareControllers), here, where the parts
	// read each character's controller anyway: the pass over every
	// character, serial because it may number a new configuration, runs
	// only when a part found a controller without its slot; then the
	// reaches of the parts that could not find them.
	if slices.Contains(cr.newSlot, true) {
		for i := range p.chars {
			p.prepareSlot(&p.chars[i])
		}
	}
	p.growControllers()
	for k, late := range cr.newSlot {
		if late {
			cr.partPush[k] = p.reachChars(partRange(k, nc, np))
		}
	}
	if slices.Contains(cr.missing, true) {
		for i := range p.chars { // a character's first move: its capsule
			cr.capOf[i] = p.characterCollider(&p.chars[i], level)
		}
	}
	cr.listMembers()
	if err := level.PlanCrowd(cr.members, &cr.plan); err != nil {
		panic("systems: planning the crowd: " + err.Error()) // the pipeline lists each capsule once
	}
	cr.on = true
	if p.workers > 1 {
		cr.orderGroups()
	}
	cr.stats = CrowdStats{Characters: len(cr.members), Islands: cr.plan.Islands(), Largest: cr.plan.Largest(), Split: cr.plan.Split()}
}

// listMembers lists the crowd's members (the characters with a
// controller) and the loose characters, each member reaching as far as its
// own move and, when another character may push it, the tick's longest
// push across its Up (on axis a, at most the share of the axis across Up).
func (cr *crowdStage) listMembers() {
	cr.members, cr.memberChar, cr.loose = cr.members[:0], cr.memberChar[:0], cr.loose[:0]
	cr.pushers, cr.longest = 0, 0
	for _, pp := range cr.partPush {
		cr.pushers |= pp.pushers
		cr.longest = max(cr.longest, pp.longest)
	}
	cr.longest = min(cr.longest, maxPushReach)
	for i, col := range cr.capOf {
		if !cr.hasCtrl[i] {
			cr.loose = append(cr.loose, int32(i))
			continue
		}
		r := cr.reach[i]
		if ps := &cr.pushable[i]; ps.layers&cr.pushers != 0 {
			for a := 0; a < 3; a++ {
				r[a] += float64(cr.longest * ps.share[a])
			}
		}
		cr.members = append(cr.members, kcc.CrowdMember{Collider: col, Reach: r})
		cr.memberChar = append(cr.memberChar, int32(i))
	}
}

// orderKeys bounds the sizes orderGroups tells apart: groups of more
// members come first, in the plan's order.
const orderKeys = 64

// orderGroups lists each phase's groups largest first (order[lo:hi] for
// the phase's PhaseGroups lo..hi), so the workers claim the long groups
// first and share the short ones at the phase's end instead of one
// waiting for the other's last long group (longest first). The groups of a
// phase never touch the same characters, so their order changes no bit.
// A counting sort on the size: linear, and stable, so it is deterministic.
func (cr *crowdStage) orderGroups() {
	pl := &cr.plan
	phases := pl.Phases()
	if phases == 0 {
		cr.order = cr.order[:0]
		return
	}
	_, ng := pl.PhaseGroups(phases - 1)
	cr.order = slices.Grow(cr.order[:0], ng)[:ng]
	for ph := 0; ph < phases; ph++ {
		lo, hi := pl.PhaseGroups(ph)
		var at [orderKeys + 1]int32 // by key (orderKeys-1 - size): where its groups start
		for g := lo; g < hi; g++ {
			at[groupKey(len(pl.Group(g)))+1]++
		}
		at[0] = int32(lo)
		for k := 1; k <= orderKeys; k++ {
			at[k] += at[k-1]
		}
		for g := lo; g < hi; g++ {
			k := groupKey(len(pl.Group(g)))
			cr.order[at[k]] = int32(g)
			at[k]++
		}
	}
}

// groupKey is the sort key of a group of size members: smaller for larger
// groups, 0 for orderKeys-1 members and more.
func groupKey(size int) int { return orderKeys - 1 - min(size, orderKeys-1) }

// partSize is how many characters a part of the refetch (with their
// motor steps and reaches: fetchPart) takes at least: 1,000 characters
// make 15 parts, which two workers share evenly (at 256 a part they made
// 3, shared two to one).
const partSize = 64

// partsOf is how many parts n characters make: 1 to 64 of at least
// partSize.
func partsOf(n int) int { return max(1, min(64, n/partSize)) }

// partRange is the items [lo, hi) of part k of n items in parts parts.
func partRange(k, n, parts int) (lo, hi int) { return k * n / parts, (k + 1) * n / parts }

// fetchPart fetches the components of part k of the characters again,
// runs their motor steps from cr.motorsFrom, and notes each one's capsule
// collider, whether it has a controller, and whether the part has a
// character with no capsule yet, or whose controller has no slot yet
// (prepareSlot). The motor steps here rather than in a pass of their own
// read each character's components once rather than twice: 10,000
// characters' components do not stay in the caches from one pass to the
// next.
func (p *Pipeline) fetchPart(k int) {
	cr := &p.crowd
	lo, hi := partRange(k, len(p.chars), cr.fetchParts)
	p.stores.refetch(p.chars[lo:hi])
	missing, newSlot := false, false
	slots := len(p.ctrlCfg)
	for i := lo; i < hi; i++ {
		c := &p.chars[i]
		if cr.motorsFrom <= stepShaping {
			p.motorSteps(c, cr.motorsFrom, stepShaping)
		}
		ctrl := c.k.Controller
		cr.capOf[i], cr.hasCtrl[i] = c.capsule, ctrl != nil
		missing = missing || c.capsule == kcc.NoCollider
		newSlot = newSlot || (ctrl != nil && (c.seen != ctrl || c.slot >= slots))
	}
	// The reaches now, while the part's components are in the caches,
	// when every controller of the part has its slot's controller (else
	// planCrowd finds them after the slots).
	newSlot = newSlot || len(p.ctrls) == 0 || len(p.ctrls[0]) < slots
	cr.missing[k], cr.newSlot[k] = missing, newSlot
	if !newSlot {
		cr.partPush[k] = p.reachChars(lo, hi)
	}
}

// reachChars sets the reach of chars[lo:hi] that have a controller from
// their own moves (moveReach), with the pad and what their moves reach
// along Up, and returns their pushers and longest push.
func (p *Pipeline) reachChars(lo, hi int) (pp partPush) {
	cr := &p.crowd
	for i := lo; i < hi; i++ {
		c := &p.chars[i]
		if !cr.hasCtrl[i] {
			continue
		}
		ctrl := p.controller(c, 0)
		up := ctrl.Up()
		ps := &cr.pushable[i]
		ps.layers = c.k.PushLayers
		for a := 0; a < 3; a++ {
			ps.share[a] = acrossShare(up, a)
		}
		r, planar := moveReach(c, up, &ps.share, p.level, p.dt)
		if c.k.PushMask != 0 {
			pp.pushers |= c.k.PushMask
			pp.longest = max(pp.longest, planar)
		}
		padReach(&r, c.k, ctrl, planar)
		cr.reach[i] = r
	}
	return pp
}

// padReach adds to a member's reach r the pad and what its move reaches
// along Up (k its KCCData, ctrl a controller of its configuration, planar
// its move across Up).
func padReach(r *mgl64.Vec3, k *components.KCCData, ctrl *kcc.Controller, planar float64) {
	pad := ctrl.Offset() + crowdSlack
	// Along Up: a step up, and on the ground a snap down and the move
	// lifted onto a slope (at most a few times its length); a stand
	// from a crouch.
	along := ctrl.StepHeight()
	if k.Grounded {
		along += float64(3*planar) + ctrl.SnapDistance()
	}
	if k.Crouched && k.StandHalfHeight > k.CrouchHalfHeight {
		along += float64(2 * (k.StandHalfHeight - k.CrouchHalfHeight)) // the top rises twice the centre's rise
	}
	up := ctrl.Up()
	for a := 0; a < 3; a++ {
		r[a] = r[a] + pad + float64(along*math.Abs(up[a]))
	}
}

// pushable is what listMembers reads of a character: the layers that
// make it pushable (KCCData.PushLayers) and how much of each world axis
// lies across its Up (acrossShare).
type pushable struct {
	layers uint32
	share  [3]float64
}

// partPush is what a part of the reaches found of the tick's pushes: the
// layers its members push and the longest move of one that pushes.
type partPush struct {
	pushers uint32
	longest float64
}

// maxPushReach caps the push every pushable character's reach allows for
// (m a tick: 30 m/s at 60 Hz), so that one fast character does not make
// every reach in the crowd long. A faster push may take the pushed one
// out of its bound: an escape (CrowdStats), overlapping a character of
// another island by the excess until its next move.
const maxPushReach = 0.5

// moveReach is how far a character's move can take it this tick before any
// push, along each world axis (m): its velocity, a jump it is about to
// make and, in the air, a tick of gravity (both along y, as the KCC stage
// applies them), for dt, and the carry of a moving ground; and planar, the
// length of that move across up (share holds acrossShare of up for each
// axis, which the push pass reads too).
func moveReach(c *character, up mgl64.Vec3, share *[3]float64, level *kcc.World, dt float64) (r mgl64.Vec3, planar float64) {
	k, v := c.k, c.body.Velocity
	if !motors.FiniteVec(v) {
		v = mgl64.Vec3{}
	}
	vy := math.Abs(v[1])
	if c.jb != nil && c.jb.RequestJump {
		vy += math.Abs(k.JumpSpeed)
	}
	if !k.Grounded {
		vy += float64(math.Abs(k.Gravity) * dt)
	}
	r = mgl64.Vec3{float64(math.Abs(v[0]) * dt), float64(vy * dt), float64(math.Abs(v[2]) * dt)}
	planar = float64(detmath.Len(across(v, up)) * dt)
	if k.Grounded && k.GroundCollider != kcc.NoCollider && level.Carries(k.GroundCollider) {
		d, _ := level.Carry(k.GroundCollider, c.body.Position, motors.Up)
		if motors.FiniteVec(d) {
			for a := 0; a < 3; a++ {
				r[a] += math.Abs(d[a])
			}
			planar += detmath.Len(d)
		}
	}
	// A slide turns the move across Up: along a wall or another capsule,
	// its length may go to any axis across Up, not only those of the
	// velocity (the weave's 5 mm escapes along z, in pairs walking into
	// each other along x).
	for a := 0; a < 3; a++ {
		r[a] = max(r[a], float64(planar*share[a]))
	}
	for a := 0; a < 3; a++ {
		if !(r[a] <= 1e3) {
			r[a] = 1e3 // a hostile velocity: the character is planned alone
		}
	}
	return r, min(planar, 1e3)
}

// acrossShare is how much of world axis a lies across the unit vector
// up: the most a move of length 1 across up goes along a.
func acrossShare(up mgl64.Vec3, a int) float64 {
	return math.Sqrt(max(0, 1-float64(up[a]*up[a])))
}

// endCrowd ends the tick's planned crowd and records its escapes: no
// filter sees it any more.
func (p *Pipeline) endCrowd(level *kcc.World) {
	p.crowd.stats.Escapes = p.crowd.plan.Escapes(level)
	p.crowd.on = false
}

// moveGroups moves the characters of the planned crowd's groups lo..hi
// (on several workers, of the phase's groups largest first: orderGroups)
// with worker's controllers, each group's in the stage's order.
func (p *Pipeline) moveGroups(lo, hi, worker int) {
	var t0 time.Time
	if p.timing {
		t0 = time.Now()
	}
	cr := &p.crowd
	for i := lo; i < hi; i++ {
		g := i
		if p.workers > 1 {
			g = int(cr.order[i])
		}
		for _, j := range cr.plan.Group(g) {
			p.moveStep(&p.chars[cr.memberChar[j]], worker)
		}
	}
	if p.timing {
		p.noteRunTimes(worker, 0, time.Since(t0))
	}
}

// placeCharacter moves c's capsule collider to its body after its move
// (and to its current shape: crouching shrinks it), its axis along up, the
// character's Up (read by the caller from a worker's controller of its
// configuration, warm in the cache, rather than from its own).
func (p *Pipeline) placeCharacter(c *character, level *kcc.World, up mgl64.Vec3) {
	if level == nil {
		return
	}
	k, body := c.k, c.body
	id := p.characterCollider(c, level)
	pl := &c.placed
	if pl.level == level && pl.id == id && pl.shape == k.Shape && detmath.SameBits(&pl.pos, &body.Position) && detmath.SameBits(&pl.up, &up) {
		return // as it was placed last: its collider stands
	}
	if level.SetCapsuleShape(id, k.Shape) != nil || level.SetTransform(id, body.Position, turnUpTo(up)) != nil {
		*pl = placement{}
		return
	}
	*pl = placement{level: level, id: id, shape: k.Shape, pos: body.Position, up: up}
}

// placement is where and as what placeCharacter last placed a character's
// capsule collider: while they stay the same to the bit, the collider
// needs no SetTransform (which would read its cold lines to find out).
// linkCapsules forgets it (a state loaded, the list made anew).
type placement struct {
	level   *kcc.World
	id      kcc.ColliderID
	shape   kcc.Capsule
	pos, up mgl64.Vec3
}

// turnUpTo is the rotation taking +Y to the unit vector up (the zero Quat,
// identity, for +Y itself): the half-way quaternion (1 + y·up, y × up),
// normalized, which needs no trigonometry; a half turn about X for -Y.
func turnUpTo(up mgl64.Vec3) mgl64.Quat {
	if up == motors.Up {
		return mgl64.Quat{}
	}
	w := 1 + up[1]
	if w < 1e-9 {
		return mgl64.Quat{W: 0, V: mgl64.Vec3{1, 0, 0}}
	}
	return detmath.QuatNormalize(mgl64.Quat{W: w, V: mgl64.Vec3{up[2], 0, -up[0]}})
}

// dropGoneCharacters removes the capsules of characters gone from the
// list (removed entities, or no longer characters), in stable ID order.
func (p *Pipeline) dropGoneCharacters() {
	if !p.charCollide || len(p.crowd.capsules) == 0 || !p.charsMade {
		return
	}
	p.charsMade = false
	level := p.levelWorld()
	kept, i := p.crowd.capsules[:0], 0
	for _, k := range p.crowd.capsules {
		for i < len(p.chars) && p.chars[i].id < k.id {
			i++
		}
		if i < len(p.chars) && p.chars[i].id == k.id {
			kept = append(kept, k)
			continue
		}
		if level != nil {
			level.RemoveCollider(k.col)
		}
		if int(k.col) < len(p.crowd.colChar) {
			p.crowd.colChar[k.col] = 0
		}
	}
	p.crowd.capsules = kept
}
