package match

import (
	"errors"
	"fmt"
	"hash/fnv"

	"github.com/go-gl/mathgl/mgl64"
	"github.com/seedgames/motorkit/components"
	"github.com/seedgames/motorkit/flail"
	"github.com/seedgames/motorkit/internal/binstate"
	"github.com/seedgames/motorkit/kcc"
	"github.com/yohamta/donburi"
)

// A match snapshot is everything that decides the match's future: the tick,
// every car's components (body, command, view, controller report, flail,
// rope, bot brain), the rules (random streams, pickups, leaderboard) and the
// world's entity bookkeeping (which entity ids are alive, at which version,
// and the order in which freed ids will be reused), so the entities a
// restored match creates later (a bot replacing a player) get the ids, and
// so the random streams, they would have had. RestoreMatch rebuilds a match
// from the same options, then replays that bookkeeping; the restored match
// continues bit for bit as the saved one would have (TestRestoreSameBits).
// Like Jolt's StateRecorder, a snapshot is only valid for the build of the
// same config, seed, rate and level: those are fingerprinted and checked.
// The whole snapshot is wrapped in a binstate.Envelope: its length and a CRC-32C
// of every byte are checked before a byte is decoded, so a cut or damaged
// snapshot is refused instead of restored as a different match.
// The Runner's leftover frame time (Advance) is not saved: a restored
// match's Runner starts with none, which changes when ticks run, not what
// they compute.

// snapEnvelope is the envelope of a match snapshot: magic "MKFLAILM", format
// version 3 (version 2 had the same payload without the length and the
// checksums; it is refused as "version 2, want 3").
var snapEnvelope = binstate.Envelope{Magic: "MKFLAILM", Version: 3}

// maxSnapCars bounds the cars and freed ids a snapshot may hold, and
// maxVersionSteps the sum of its entity versions (ids reused that often).
const (
	maxSnapCars     = 1 << 12
	maxVersionSteps = 1 << 20
)

// entityLog mirrors the world's entity id allocation (donburi reuses the
// most recently freed id, one version up; new ids count up from 1), so a
// snapshot can record it and a restore can reproduce it.
type entityLog struct {
	free  []donburi.Entity // freed entities as they will be reused, bottom first
	maxID uint32
}

func (l *entityLog) created(_ donburi.World, e donburi.Entity) {
	if n := len(l.free); n > 0 && l.free[n-1].Id() == e.Id() {
		l.free = l.free[:n-1]
	}
	if id := uint32(e.Id()); id > l.maxID {
		l.maxID = id
	}
}

func (l *entityLog) removed(_ donburi.World, e donburi.Entity) {
	l.free = append(l.free, e.IncVersion())
}

// restorePlaceholder marks the entities a restore creates only to reach an
// id or a version; none is left once the restore is done.
var restorePlaceholder = donburi.NewTag()

// fingerprint identifies what a snapshot can be restored into: the
// config, seed, rate and level of the options (after defaults).
func (m *Match) fingerprint() uint64 {
	h := fnv.New64a()
	fmt.Fprintf(h, "%#v|%d|%v|%s", m.Config, m.seed, m.Pipeline.TickRate(), m.level)
	return h.Sum64()
}

// ErrSnapshot is wrapped by every error of MarshalBinary and RestoreMatch.
var ErrSnapshot = errors.New("match snapshot")

// AppendBinary appends the match's complete state (encoding.BinaryAppender).
// Take it between ticks. It fails while a removal queued by RemovePlayer
// waits for the next tick, while replaying, and for a world holding
// entities that are not flail players besides those the match built.
func (m *Match) AppendBinary(b []byte) ([]byte, error) {
	if n := m.Pipeline.DeferredPending(); n > 0 {
		return b, fmt.Errorf("%w: %d structural changes wait for the next tick; step once and save again", ErrSnapshot, n)
	}
	if m.Replaying() {
		return b, fmt.Errorf("%w: a replaying match is not saved", ErrSnapshot)
	}
	if m.World.Len() != m.baseCount+len(m.Cars) {
		return b, fmt.Errorf("%w: the world holds %d entities besides the %d players", ErrSnapshot, m.World.Len()-len(m.Cars), len(m.Cars))
	}
	start := len(b)
	w := binstate.Writer{Buf: snapEnvelope.Begin(b)}
	w.U64(m.fingerprint())
	w.U32(m.baseID)
	w.U64(m.Pipeline.Ticks())
	w.U32(m.alloc.maxID)
	w.U32(uint32(len(m.alloc.free)))
	for _, e := range m.alloc.free {
		w.U64(uint64(e))
	}
	w.U64(uint64(m.Player))
	w.U32(uint32(len(m.events)))
	for _, ev := range m.events {
		blob, _ := ev.AppendBinary(nil)
		w.Bytes(blob)
	}
	w.U32(uint32(len(m.Cars)))
	for _, ent := range m.Cars {
		if err := m.appendCar(&w, ent); err != nil {
			return b, err
		}
	}
	rules, err := m.Rules.AppendBinary(nil)
	if err != nil {
		return b, err
	}
	w.Bytes(rules)
	if err := snapEnvelope.Seal(w.Buf[start:]); err != nil {
		return b, fmt.Errorf("%w: %v", ErrSnapshot, err)
	}
	return w.Buf, nil
}

// MarshalBinary returns the match's complete state (encoding.BinaryMarshaler);
// see AppendBinary.
func (m *Match) MarshalBinary() ([]byte, error) { return m.AppendBinary(nil) }

func (m *Match) appendCar(w *binstate.Writer, ent donburi.Entity) error {
	if !m.World.Valid(ent) {
		return fmt.Errorf("%w: player entity %v is gone", ErrSnapshot, ent)
	}
	e := m.World.Entry(ent)
	w.U64(uint64(ent))
	w.U8(uint8(m.Skill(m.index[ent])))
	fd := Flail.Get(e)
	w.String(fd.Name)
	b := components.Body.Get(e)
	w.Vec3(b.Position)
	w.Vec3(b.Velocity)
	w.Vec3(b.PrevPosition)
	in := FlailInput.Get(e)
	w.F64(in.Aim)
	w.F64(in.Throttle)
	for _, f := range [...]bool{in.PrimaryPressed, in.PrimaryHeld, in.Pending} {
		w.Bool(f)
	}
	v := components.View.Get(e)
	w.F64(v.Yaw)
	w.F64(v.Pitch)
	k := components.KCC.Get(e)
	w.F64(k.Shape.Radius)
	w.F64(k.Shape.HalfHeight)
	w.Bool(k.Crouched)
	w.Bool(k.Grounded)
	w.Vec3(k.GroundNormal)
	w.U8(uint8(k.GroundState))
	w.U32(uint32(k.GroundCollider))
	w.Bool(k.OnWall)
	w.Vec3(k.WallNormal)
	w.Bool(k.OnCeiling)
	w.F64(k.CarriedYaw)
	player, _ := fd.Player.AppendBinary(nil)
	w.Bytes(player)
	w.Vec3(fd.PrevFlail)
	rd := Rope.Get(e)
	w.U32(uint32(len(rd.Nodes)))
	for i, n := range rd.Nodes {
		w.Vec3(n.Pos)
		w.Vec3(n.Vel)
		w.Vec3(rd.PrevNodes[i])
	}
	if e.HasComponent(FlailBot) {
		bot, _ := FlailBot.Get(e).Bot.AppendBinary(nil)
		w.Bytes(bot)
	}
	return nil
}

// savedCar is one car of a snapshot, decoded before the match is rebuilt.
type savedCar struct {
	ent     donburi.Entity
	skill   flail.Skill
	name    string
	body    components.BodyData
	input   FlailInputData
	view    components.ViewData
	kcc     components.KCCData // only the report fields and Shape/Crouched
	player  flail.Player
	prevFl  mgl64.Vec3
	nodes   []flail.Point
	prevNds []mgl64.Vec3
	bot     flail.Bot
}

func readCar(r *binstate.Reader) savedCar {
	var c savedCar
	c.ent = donburi.Entity(r.U64())
	c.skill = flail.Skill(r.U8())
	if r.Err() == nil && c.skill > flail.SkillHard {
		r.Fail("car skill %d", c.skill)
	}
	c.name = r.String()
	c.body = components.BodyData{Position: r.FiniteVec3("car position", r.Vec3()),
		Velocity: r.FiniteVec3("car velocity", r.Vec3()), PrevPosition: r.FiniteVec3("car position", r.Vec3())}
	c.input.Aim, c.input.Throttle = r.F64(), r.F64()
	for _, f := range [...]*bool{&c.input.PrimaryPressed, &c.input.PrimaryHeld, &c.input.Pending} {
		*f = r.Bool()
	}
	c.view = components.ViewData{Yaw: r.F64(), Pitch: r.F64()}
	k := &c.kcc
	k.Shape = kcc.Capsule{Radius: r.F64(), HalfHeight: r.F64()}
	k.Crouched = r.Bool()
	k.Grounded = r.Bool()
	k.GroundNormal = r.Vec3()
	k.GroundState = kcc.GroundState(r.U8())
	k.GroundCollider = kcc.ColliderID(int32(r.U32()))
	k.OnWall = r.Bool()
	k.WallNormal = r.Vec3()
	k.OnCeiling = r.Bool()
	k.CarriedYaw = r.F64()
	if err := c.player.UnmarshalBinary(r.Bytes()); err != nil && r.Err() == nil {
		r.Fail("%v", err)
	}
	c.prevFl = r.Vec3()
	n := r.Count("rope nodes", 72, flail.MaxRopeNodes)
	for i := 0; i < n; i++ {
		c.nodes = append(c.nodes, flail.Point{Pos: r.FiniteVec3("rope node", r.Vec3()), Vel: r.FiniteVec3("rope node", r.Vec3())})
		c.prevNds = append(c.prevNds, r.Vec3())
	}
	if c.skill != 0 {
		if err := c.bot.UnmarshalBinary(r.Bytes()); err != nil && r.Err() == nil {
			r.Fail("%v", err)
		}
	}
	return c
}

// RestoreMatch builds a match from o (the options the saved match was
// built with) and restores a snapshot written by Match.MarshalBinary into
// it. The snapshot's length and checksum are checked before anything else:
// a truncated snapshot, one with any byte changed, one of another format
// version or not a match snapshot at all is refused with an error that
// says which ("truncated", "checksum mismatch", "unsupported format
// version 2, want 3", "foreign data"); one of other options is refused
// next. Every error wraps ErrSnapshot; none is a panic.
func RestoreMatch(o MatchOptions, data []byte) (*Match, error) {
	payload, err := snapEnvelope.Open(data)
	if err != nil {
		return nil, fmt.Errorf("%w: %w", ErrSnapshot, err)
	}
	m, err := NewMatch(o)
	if err != nil {
		return nil, err
	}
	fail := func(format string, args ...any) (*Match, error) {
		return nil, fmt.Errorf("%w: %s", ErrSnapshot, fmt.Sprintf(format, args...))
	}
	r := binstate.NewReader(payload)
	if fp := r.U64(); r.Err() == nil && fp != m.fingerprint() {
		return fail("saved from a match of another config, seed, rate or level")
	}
	if base := r.U32(); r.Err() == nil && base != m.baseID {
		return fail("the saved world had %d entities before its players, this one %d", base, m.baseID)
	}
	tick := r.U64()
	maxID := r.U32()
	nFree := r.Count("freed entities", 8, maxSnapCars)
	free := make([]donburi.Entity, 0, nFree)
	for i := 0; i < nFree; i++ {
		free = append(free, donburi.Entity(r.U64()))
	}
	local := donburi.Entity(r.U64())
	nEv := r.Count("events", 4, maxSnapCars*16)
	events := make([]flail.Event, nEv)
	for i := range events {
		if err := events[i].UnmarshalBinary(r.Bytes()); err != nil && r.Err() == nil {
			r.Fail("%v", err)
		}
	}
	nCars := r.Count("cars", 100, maxSnapCars)
	cars := make([]savedCar, 0, nCars)
	for i := 0; i < nCars && r.Err() == nil; i++ {
		cars = append(cars, readCar(r))
	}
	rules := r.Bytes()
	r.End()
	if err := r.Err(); err != nil {
		return fail("%v", err)
	}
	if err := m.rebuildEntities(maxID, free, cars); err != nil {
		return fail("%v", err)
	}
	if err := m.Rules.UnmarshalBinary(rules); err != nil {
		return fail("%v", err)
	}
	m.Pipeline.RestoreTicks(tick)
	m.events = events
	// the local player is one of the cars, or none (it left): a saved id
	// outside the world would make donburi's Valid index past its table.
	m.Player = donburi.Null
	if _, ok := m.index[local]; ok {
		m.Player = local
	}
	return m, nil
}

// rebuildEntities recreates the saved players at their exact entity ids and
// versions and leaves the world's freed ids as they were saved: ids above
// the match's own entities are created in order; an id alive or freed at a
// version v is removed and recreated until it reaches it (donburi reuses
// the id just freed, one version up); the freed ids are then removed in
// the saved order.
func (m *Match) rebuildEntities(maxID uint32, free []donburi.Entity, cars []savedCar) error {
	if len(m.alloc.free) != 0 {
		return fmt.Errorf("the match freed %d entities while it was built", len(m.alloc.free))
	}
	slots, err := m.savedSlots(maxID, free, cars)
	if err != nil {
		return err
	}
	if err := m.recreate(slots, free, cars); err != nil {
		return err
	}
	if len(m.alloc.free) != len(free) {
		return fmt.Errorf("%d freed ids after the rebuild, %d saved", len(m.alloc.free), len(free))
	}
	for i := range free {
		if m.alloc.free[i] != free[i] {
			return fmt.Errorf("freed id %d is %v after the rebuild, %v saved", i, m.alloc.free[i], free[i])
		}
	}
	// the players in their saved order, with their saved state.
	m.Cars, m.bots = m.Cars[:0], 0
	clear(m.index)
	for i := range cars {
		c := &cars[i]
		m.index[c.ent] = len(m.Cars)
		m.Cars = append(m.Cars, c.ent)
		if c.skill != 0 {
			m.bots++
		}
		if err := m.applySaved(c); err != nil {
			return err
		}
	}
	return nil
}

// entitySlot is what a snapshot says of one entity id above the match's
// own: the player saved there (its index in cars, -1 for none) or that it
// is freed, and its version.
type entitySlot struct {
	car  int
	free bool
	ver  uint32
}

// savedSlots lays the saved players and freed ids out by id, refusing an
// id outside the match's range or saved twice, and versions that add up
// to more work than a real match asks for.
func (m *Match) savedSlots(maxID uint32, free []donburi.Entity, cars []savedCar) ([]entitySlot, error) {
	n := int(maxID) - int(m.baseID)
	if n < 0 || n > maxSnapCars {
		return nil, fmt.Errorf("%d entity ids above the match's own %d", maxID, m.baseID)
	}
	slots := make([]entitySlot, n)
	for i := range slots {
		slots[i].car = -1
	}
	at := func(e donburi.Entity) (*entitySlot, error) {
		id := uint32(e.Id())
		if id <= m.baseID || id > maxID {
			return nil, fmt.Errorf("entity id %d outside (%d, %d]", id, m.baseID, maxID)
		}
		s := &slots[id-m.baseID-1]
		if s.car >= 0 || s.free {
			return nil, fmt.Errorf("entity id %d saved twice", id)
		}
		s.ver = e.Version()
		return s, nil
	}
	for i, c := range cars {
		s, err := at(c.ent)
		if err != nil {
			return nil, err
		}
		s.car = i
	}
	for _, e := range free {
		s, err := at(e)
		if err != nil {
			return nil, err
		}
		if e.Version() == 0 {
			return nil, fmt.Errorf("freed entity id %d at version 0", e.Id())
		}
		s.free = true
	}
	// each version step is a remove and a create: bound the work a
	// corrupted snapshot can ask for (a real match reuses an id once per
	// player that leaves).
	steps := 0
	for _, s := range slots {
		steps += int(s.ver)
	}
	if steps > maxVersionSteps {
		return nil, fmt.Errorf("entity versions add up to %d, more than %d", steps, maxVersionSteps)
	}
	return slots, nil
}

// recreate makes the entities of slots in id order: a player saved at
// version 0 is spawned; any other id is created and removed until it
// reaches the version before its saved one, then spawned over (a player)
// or held until every slot is made and removed in the saved order (a
// freed id).
func (m *Match) recreate(slots []entitySlot, free []donburi.Entity, cars []savedCar) error {
	w := m.World
	placeholders := make([]donburi.Entity, len(slots))
	for i, s := range slots {
		id := m.baseID + uint32(i) + 1
		if s.car < 0 && !s.free {
			return fmt.Errorf("entity id %d is neither a player nor freed", id)
		}
		if s.car >= 0 && s.ver == 0 {
			if err := m.spawnSaved(&cars[s.car]); err != nil {
				return err
			}
			continue
		}
		e := w.Create(restorePlaceholder)
		for e.Version() < s.ver-1 {
			w.Remove(e)
			e = w.Create(restorePlaceholder)
		}
		if uint32(e.Id()) != id {
			return fmt.Errorf("entity id %d came out as %d", id, e.Id())
		}
		if s.free {
			placeholders[i] = e
			continue
		}
		w.Remove(e)
		if err := m.spawnSaved(&cars[s.car]); err != nil {
			return err
		}
	}
	for _, f := range free {
		w.Remove(placeholders[uint32(f.Id())-m.baseID-1])
	}
	return nil
}

// spawnSaved spawns a saved player from its recipe; the world's next id
// must be the saved entity.
func (m *Match) spawnSaved(c *savedCar) error {
	e, err := m.SpawnPlayer(c.name, c.skill)
	if err != nil {
		return err
	}
	if e != c.ent {
		return fmt.Errorf("player %q came back as %v, saved as %v", c.name, e, c.ent)
	}
	return nil
}

// applySaved overwrites a respawned player's components with its saved
// state.
func (m *Match) applySaved(c *savedCar) error {
	e := m.World.Entry(c.ent)
	if e.HasComponent(FlailBot) != (c.skill != 0) {
		return fmt.Errorf("player %v: bot component does not match its skill %d", c.ent, c.skill)
	}
	*components.Body.Get(e) = c.body
	*FlailInput.Get(e) = c.input
	*components.View.Get(e) = c.view
	k := components.KCC.Get(e)
	k.Shape, k.Crouched, k.Grounded, k.GroundNormal = c.kcc.Shape, c.kcc.Crouched, c.kcc.Grounded, c.kcc.GroundNormal
	k.GroundState, k.GroundCollider, k.OnWall, k.WallNormal = c.kcc.GroundState, c.kcc.GroundCollider, c.kcc.OnWall, c.kcc.WallNormal
	k.OnCeiling, k.CarriedYaw = c.kcc.OnCeiling, c.kcc.CarriedYaw
	fd := Flail.Get(e)
	fd.Player, fd.PrevFlail = c.player, c.prevFl
	rd := Rope.Get(e)
	if len(rd.Nodes) != len(c.nodes) {
		return fmt.Errorf("player %v: %d rope nodes saved, the config gives %d", c.ent, len(c.nodes), len(rd.Nodes))
	}
	copy(rd.Nodes, c.nodes)
	copy(rd.PrevNodes, c.prevNds)
	if c.skill != 0 {
		FlailBot.Get(e).Bot = c.bot
	}
	return nil
}
