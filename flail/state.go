package flail

import (
	"fmt"

	"github.com/go-gl/mathgl/mgl64"
	"github.com/seedgames/motorkit/internal/binstate"
)

// Snapshots: the dynamic state of the rules, a player and a bot, internal
// fields included, as bytes that restore the exact values (floats by their
// bits). A match saved with these and restored into rules built from the
// same config and seed continues bit for bit as if it never stopped
// (flail/match.Match.MarshalBinary builds on them). The formats carry a
// version byte; a different version is refused, not guessed at.

// stateVersion is the version byte of the snapshot formats of this file.
const stateVersion = 1

// maxStateItems bounds the element counts a decoder accepts (pickups,
// leaderboard rows, events), far above any real match.
const maxStateItems = 1 << 20

func putPoint(w *binstate.Writer, p Point) {
	w.Vec3(p.Pos)
	w.Vec3(p.Vel)
}

func getPoint(r *binstate.Reader, what string) Point {
	return Point{Pos: r.FiniteVec3(what, r.Vec3()), Vel: r.FiniteVec3(what, r.Vec3())}
}

func putInput(w *binstate.Writer, in Input) {
	w.F64(in.Aim)
	w.F64(in.Throttle)
	w.Bool(in.PrimaryPressed)
	w.Bool(in.PrimaryHeld)
}

func getInput(r *binstate.Reader) Input {
	return Input{Aim: r.F64(), Throttle: r.F64(), PrimaryPressed: r.Bool(), PrimaryHeld: r.Bool()}
}

func putSnapshot(w *binstate.Writer, s *Snapshot) {
	w.Vec3(s.Car)
	w.Vec3(s.Flail)
	w.F64(s.Angle)
	w.F64(s.Radius)
	w.U32(uint32(s.NodeCount))
	for i := 0; i < s.NodeCount && i < MaxRopeNodes; i++ {
		w.Vec3(s.Nodes[i])
	}
	w.Bool(s.Alive)
}

func getSnapshot(r *binstate.Reader, s *Snapshot) {
	*s = Snapshot{Car: r.Vec3(), Flail: r.Vec3(), Angle: r.F64(), Radius: r.F64()}
	n := int(r.U32())
	if n > MaxRopeNodes {
		r.Fail("snapshot of %d rope nodes, more than %d", n, MaxRopeNodes)
		return
	}
	s.NodeCount = n
	for i := 0; i < n; i++ {
		s.Nodes[i] = r.Vec3()
	}
	s.Alive = r.Bool()
}

func checkVersion(r *binstate.Reader, what string) {
	if v := r.U8(); r.Err() == nil && v != stateVersion {
		r.Fail("%s snapshot version %d, this build reads %d", what, v, stateVersion)
	}
}

// AppendBinary appends p's complete state (encoding.BinaryAppender).
func (p *Player) AppendBinary(b []byte) ([]byte, error) {
	w := binstate.Writer{Buf: b}
	w.U8(stateVersion)
	w.U64(p.ID)
	putPoint(&w, p.Flail.Point)
	w.F64(p.Flail.Angle)
	w.F64(p.Flail.Radius)
	w.Bool(p.Flail.Thrown)
	w.Bool(p.Flail.Attracting)
	w.F64(p.Energy)
	w.Bool(p.Alive)
	w.F64(p.RespawnIn)
	w.F64(p.Protected)
	w.F64(p.StillFor)
	w.Int(p.Kills)
	w.Int(p.Deaths)
	putInput(&w, p.Input)
	putSnapshot(&w, &p.Snap)
	putSnapshot(&w, &p.pending)
	w.F64(p.radiusE)
	return w.Buf, nil
}

// MarshalBinary returns p's complete state (encoding.BinaryMarshaler).
func (p *Player) MarshalBinary() ([]byte, error) { return p.AppendBinary(nil) }

// UnmarshalBinary restores a state written by MarshalBinary. On error p is
// unchanged.
func (p *Player) UnmarshalBinary(data []byte) error {
	r := binstate.NewReader(data)
	checkVersion(r, "player")
	var q Player
	q.ID = r.U64()
	q.Flail.Point = getPoint(r, "flail")
	q.Flail.Angle = r.F64()
	q.Flail.Radius = r.Finite("flail radius", r.F64())
	q.Flail.Thrown = r.Bool()
	q.Flail.Attracting = r.Bool()
	q.Energy = r.Finite("energy", r.F64())
	q.Alive = r.Bool()
	q.RespawnIn = r.F64()
	q.Protected = r.F64()
	q.StillFor = r.F64()
	q.Kills = r.Int()
	q.Deaths = r.Int()
	q.Input = getInput(r)
	getSnapshot(r, &q.Snap)
	getSnapshot(r, &q.pending)
	q.radiusE = r.F64()
	r.End()
	if err := r.Err(); err != nil {
		return fmt.Errorf("flail: player state: %w", err)
	}
	*p = q
	return nil
}

// AppendBinary appends b's complete state (encoding.BinaryAppender).
func (b *Bot) AppendBinary(dst []byte) ([]byte, error) {
	w := binstate.Writer{Buf: dst}
	w.U8(stateVersion)
	w.U8(uint8(b.Skill))
	w.U64(b.RNG.State)
	w.Int(b.Cooldown)
	w.U8(uint8(b.Mode))
	w.U64(b.Target)
	putInput(&w, b.input)
	w.F64(b.orbit)
	w.Int(b.thrown)
	w.Int(b.rest)
	w.Bool(b.passing)
	return w.Buf, nil
}

// MarshalBinary returns b's complete state (encoding.BinaryMarshaler).
func (b *Bot) MarshalBinary() ([]byte, error) { return b.AppendBinary(nil) }

// UnmarshalBinary restores a state written by MarshalBinary. On error b is
// unchanged.
func (b *Bot) UnmarshalBinary(data []byte) error {
	r := binstate.NewReader(data)
	checkVersion(r, "bot")
	var q Bot
	q.Skill = Skill(r.U8())
	if r.Err() == nil && (q.Skill < SkillEasy || q.Skill > SkillHard) {
		r.Fail("bot skill %d", q.Skill)
	}
	q.RNG.State = r.U64()
	q.Cooldown = r.Int()
	q.Mode = BotMode(r.U8())
	q.Target = r.U64()
	q.input = getInput(r)
	q.orbit = r.F64()
	q.thrown = r.Int()
	q.rest = r.Int()
	q.passing = r.Bool()
	r.End()
	if err := r.Err(); err != nil {
		return fmt.Errorf("flail: bot state: %w", err)
	}
	*b = q
	return nil
}

// AppendBinary appends the rules' dynamic state (encoding.BinaryAppender):
// the tick, the random stream, the pickups, the leaderboard and the events
// of the last tick. The tuning, physics and arena are not part of it: they
// come from the config the rules are built with.
func (r *Rules) AppendBinary(b []byte) ([]byte, error) {
	w := binstate.Writer{Buf: b}
	w.U8(stateVersion)
	w.U64(r.Seed)
	w.U64(r.Tick)
	w.U64(r.rng.State)
	w.F64(r.CarWallMargin)
	pk := r.Pickups
	w.U64(pk.rng.State)
	w.U32(uint32(pk.spawned))
	w.U32(uint32(cap(pk.items)))
	w.U32(uint32(len(pk.items)))
	for _, it := range pk.items {
		w.Vec3(it.Pos)
		w.F64(it.Energy)
		w.Bool(it.Dropped)
		w.F64(it.TTL)
	}
	w.U32(uint32(r.Board.size))
	w.U32(uint32(r.Board.n))
	for _, e := range r.Board.Rows() {
		w.U64(e.ID)
		w.F64(e.Energy)
		w.Int(e.Kills)
	}
	w.U32(uint32(len(r.Events.list)))
	for _, ev := range r.Events.list {
		putEvent(&w, ev)
	}
	return w.Buf, nil
}

// MarshalBinary returns the rules' dynamic state (encoding.BinaryMarshaler).
func (r *Rules) MarshalBinary() ([]byte, error) { return r.AppendBinary(nil) }

// UnmarshalBinary restores a state written by MarshalBinary into rules
// built with the same config and seed (a different seed or pickup capacity
// is an error). On error r is unchanged.
func (r *Rules) UnmarshalBinary(data []byte) error {
	rd := binstate.NewReader(data)
	checkVersion(rd, "rules")
	seed := rd.U64()
	if rd.Err() == nil && seed != r.Seed {
		rd.Fail("rules of seed %d, these rules have seed %d", seed, r.Seed)
	}
	tick := rd.U64()
	rng := rd.U64()
	margin := rd.F64()
	pkRNG := rd.U64()
	spawned := int(rd.U32())
	capacity := int(rd.U32())
	if rd.Err() == nil && capacity != cap(r.Pickups.items) {
		rd.Fail("pickup capacity %d, the config gives %d", capacity, cap(r.Pickups.items))
	}
	n := rd.Count("pickups", 8*5+1, capacity)
	items := make([]Pickup, 0, cap(r.Pickups.items))
	pos := make([]mgl64.Vec3, 0, cap(r.Pickups.pos))
	for i := 0; i < n; i++ {
		it := Pickup{Pos: rd.FiniteVec3("pickup", rd.Vec3()), Energy: rd.F64(), Dropped: rd.Bool(), TTL: rd.F64()}
		items = append(items, it)
		pos = append(pos, it.Pos)
	}
	var board Leaderboard
	board.size = int(rd.U32())
	board.n = int(rd.U32())
	if rd.Err() == nil && (board.size < 1 || board.size > MaxLeaderboard || board.n > board.size) {
		rd.Fail("leaderboard of %d rows in %d", board.n, board.size)
	}
	for i := 0; i < board.n && rd.Err() == nil; i++ {
		board.rows[i] = Entry{ID: rd.U64(), Energy: rd.F64(), Kills: rd.Int()}
	}
	ne := rd.Count("events", eventSize, maxStateItems)
	events := make([]Event, 0, ne)
	for i := 0; i < ne; i++ {
		events = append(events, getEvent(rd))
	}
	rd.End()
	if err := rd.Err(); err != nil {
		return fmt.Errorf("flail: rules state: %w", err)
	}
	r.Tick, r.rng.State, r.CarWallMargin = tick, rng, margin
	pk := r.Pickups
	pk.rng.State, pk.spawned, pk.items, pk.pos = pkRNG, spawned, items, pos
	r.Board = board
	r.Events.list = append(r.Events.list[:0], events...)
	r.Kills, r.Respawns = r.Kills[:0], r.Respawns[:0]
	return nil
}

// eventSize is the encoded size of an Event.
const eventSize = 8 + 1 + 8 + 8 + 8 + 1

func putEvent(w *binstate.Writer, ev Event) {
	w.U64(ev.Tick)
	w.U8(uint8(ev.Kind))
	w.U64(ev.Killer)
	w.U64(ev.Victim)
	w.F64(ev.Energy)
	w.Bool(ev.Thrown)
}

func getEvent(r *binstate.Reader) Event {
	return Event{Tick: r.U64(), Kind: EventKind(r.U8()), Killer: r.U64(), Victim: r.U64(), Energy: r.F64(), Thrown: r.Bool()}
}

// AppendBinary appends the event's fields (encoding.BinaryAppender).
func (ev Event) AppendBinary(b []byte) ([]byte, error) {
	w := binstate.Writer{Buf: b}
	putEvent(&w, ev)
	return w.Buf, nil
}

// UnmarshalBinary reads an event written by AppendBinary.
func (ev *Event) UnmarshalBinary(data []byte) error {
	r := binstate.NewReader(data)
	e := getEvent(r)
	r.End()
	if err := r.Err(); err != nil {
		return fmt.Errorf("flail: event: %w", err)
	}
	*ev = e
	return nil
}
