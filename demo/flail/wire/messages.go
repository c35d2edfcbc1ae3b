package wire

import "fmt"

// Hello flags.
const (
	// HelloSeedFrame asks for the reference game's wire conventions (SeedFrame) in
	// both directions.
	HelloSeedFrame = 1 << 0
	// HelloSpectate asks to watch a room without a car: the Welcome's You
	// is 0 and no input is accepted.
	HelloSpectate = 1 << 1
)

// TokenSize is the length of a reconnect token.
const TokenSize = 16

// Token lets a client that lost its connection take its car back (the
// zero token asks for a new player).
type Token [TokenSize]byte

// Hello opens a connection (client to server).
type Hello struct {
	// Version is the client's protocol Version.
	Version uint16
	// Flags: HelloSeedFrame, HelloSpectate.
	Flags uint8
	// Name is the player's display name (at most MaxName bytes: a longer
	// one is cut at a rune boundary, by the writer and by the reader).
	Name string
	// Token is the reconnect token of an earlier Welcome, or zero.
	Token Token
}

// AppendHello appends h's encoding to dst.
func AppendHello(dst []byte, h *Hello) []byte {
	w := writer{dst}
	w.u8(uint8(KindHello))
	w.u16(h.Version)
	w.u8(h.Flags)
	w.str(h.Name, MaxName)
	w.b = append(w.b, h.Token[:]...)
	return w.b
}

// DecodeHello decodes a Hello. The version is decoded before anything else
// can fail, so a server can answer a newer client's hello with
// CodeVersion even when the rest has changed.
func DecodeHello(b []byte, h *Hello) error {
	r := reader{b: b}
	r.kind(KindHello)
	h.Version = r.u16()
	if r.err == nil && h.Version != Version {
		return nil
	}
	h.Flags = r.u8()
	h.Name = r.strCut(MaxName)
	copy(h.Token[:], r.take(TokenSize))
	return r.done()
}

// Box is an arena obstacle on the XZ plane: center, half extents and yaw.
type Box struct {
	X, Z, HalfX, HalfZ, Yaw float64
}

// Welcome accepts a Hello (server to client).
type Welcome struct {
	// You is the player's ID in snapshots, rosters and events.
	You uint32
	// Token reconnects to the same car within the grace time.
	Token Token
	// Room is the room number on the server.
	Room uint16
	// TickRate is the server's simulation rate (Hz).
	TickRate uint8
	// Tick is the server tick at the time of the welcome.
	Tick uint32
	// UnitsPerMeter is the world units per meter of the match's tuning.
	UnitsPerMeter float64
	// Half is the arena's half size (m); CarRadius the car radius (m).
	Half, CarRadius float64
	// Boxes are the walls and obstacles.
	Boxes []Box
}

const boxBytes = 5 * 4

// AppendWelcome appends m's encoding in frame f.
func AppendWelcome(dst []byte, m *Welcome, f Frame) []byte {
	w := writer{dst}
	w.u8(uint8(KindWelcome))
	w.u32(m.You)
	w.b = append(w.b, m.Token[:]...)
	w.u16(m.Room)
	w.u8(m.TickRate)
	w.u32(m.Tick)
	w.f32(float32(m.UnitsPerMeter))
	w.f32(f.Pos(m.Half))
	w.f32(f.Pos(m.CarRadius))
	n := w.count(len(m.Boxes))
	for _, b := range m.Boxes[:n] {
		w.f32(f.Pos(b.X))
		w.f32(f.Pos(b.Z))
		w.f32(f.Pos(b.HalfX))
		w.f32(f.Pos(b.HalfZ))
		w.f32(float32(b.Yaw))
	}
	return w.b
}

// DecodeWelcome decodes a Welcome in frame f.
func DecodeWelcome(b []byte, m *Welcome, f Frame) error {
	r := reader{b: b}
	r.kind(KindWelcome)
	m.You = r.u32()
	copy(m.Token[:], r.take(TokenSize))
	m.Room = r.u16()
	m.TickRate = r.u8()
	m.Tick = r.u32()
	m.UnitsPerMeter = float64(r.f32())
	m.Half = f.Meters(r.f32())
	m.CarRadius = f.Meters(r.f32())
	n := r.count(boxBytes, 0xffff)
	m.Boxes = resize(m.Boxes, n)
	for i := range m.Boxes {
		m.Boxes[i] = Box{X: f.Meters(r.f32()), Z: f.Meters(r.f32()), HalfX: f.Meters(r.f32()),
			HalfZ: f.Meters(r.f32()), Yaw: float64(r.f32())}
	}
	return r.done()
}

// Input buttons.
const (
	// ButtonPressed: the primary button went down this tick (throw/attract).
	ButtonPressed = 1 << 0
	// ButtonHeld: the primary button is down.
	ButtonHeld = 1 << 1
)

// Input is one client tick's command (client to server). The server
// applies inputs in Tick order, each once; it never takes positions from
// a client.
type Input struct {
	// Tick is the client's tick number: 1 for the first input of a
	// connection, then +1 per input.
	Tick uint32
	// Aim is the steering angle (radians; the server clamps NaN and
	// infinities).
	Aim float64
	// Throttle in [0, 1], sent in 1/255 steps.
	Throttle float64
	// Buttons: ButtonPressed | ButtonHeld.
	Buttons uint8
}

// InputSize is the encoded size of an Input.
const InputSize = 1 + 4 + 4 + 1 + 1

// AppendInput appends in's encoding in frame f.
func AppendInput(dst []byte, in *Input, f Frame) []byte {
	w := writer{dst}
	w.u8(uint8(KindInput))
	w.u32(in.Tick)
	w.f32(f.InputAngle(in.Aim))
	t := in.Throttle
	switch {
	case !(t > 0): // also NaN
		t = 0
	case t > 1:
		t = 1
	}
	w.u8(uint8(float64(t*255) + 0.5))
	w.u8(in.Buttons)
	return w.b
}

// DecodeInput decodes an Input in frame f. The aim may be NaN or
// infinite: the caller clamps it (see the server).
func DecodeInput(b []byte, in *Input, f Frame) error {
	r := reader{b: b}
	r.kind(KindInput)
	in.Tick = r.u32()
	in.Aim = f.InputAngleIn(r.f32())
	in.Throttle = float64(r.u8()) / 255
	in.Buttons = r.u8()
	if r.err == nil && in.Buttons&^(ButtonPressed|ButtonHeld) != 0 {
		r.fail(fmt.Errorf("%w: buttons %#x", ErrRange, in.Buttons))
	}
	return r.done()
}

// Player state flags.
const (
	FlagAlive      = 1 << 0
	FlagThrown     = 1 << 1
	FlagAttracting = 1 << 2
	FlagProtected  = 1 << 3
	FlagBot        = 1 << 4
)

// PlayerState is one player in a Snapshot.
type PlayerState struct {
	// ID is the player's ID (see Roster for its name).
	ID uint32
	// Flags: FlagAlive, FlagThrown, FlagAttracting, FlagProtected, FlagBot.
	Flags uint8
	// Car position and velocity (m, m/s) on the XZ plane, and its aim.
	X, Z, VX, VZ, Aim float64
	// Flail head position (m), its angle (docs/flail.md#exact-mode-default-the-reference-server-reproduced; sent as is) and radius.
	FX, FZ, FlailAngle, Radius float64
	// Energy, kills and deaths.
	Energy        float64
	Kills, Deaths uint16
	// RespawnIn is the time (s) until a dead player respawns (0.1 s steps).
	RespawnIn float64
	// Nodes are the rope nodes (X, Z pairs), at most MaxNodes.
	NodeCount uint8
	Nodes     [MaxNodes][2]float64
}

// Snapshot is the room's state after a server tick (server to client).
type Snapshot struct {
	// Tick is the server tick the state is from.
	Tick uint32
	// Ack is the last input tick of this client the server applied (0:
	// none yet).
	Ack uint32
	// Players are every player in the room.
	Players []PlayerState
}

const playerMinBytes = 4 + 1 + 4*10 + 2 + 2 + 1 + 1

// AppendSnapshot appends m's encoding in frame f.
func AppendSnapshot(dst []byte, m *Snapshot, f Frame) []byte {
	dst = AppendSnapshotHeader(dst, m.Tick, m.Ack)
	return AppendPlayers(dst, m.Players, f)
}

// AppendSnapshotHeader appends the start of a snapshot (kind, tick, ack).
// A server encodes the players once per tick with AppendPlayers and sends
// every client its own header followed by them.
func AppendSnapshotHeader(dst []byte, tick, ack uint32) []byte {
	w := writer{dst}
	w.u8(uint8(KindSnapshot))
	w.u32(tick)
	w.u32(ack)
	return w.b
}

// AppendPlayers appends the players part of a snapshot.
func AppendPlayers(dst []byte, ps []PlayerState, f Frame) []byte {
	w := writer{dst}
	n := w.count(len(ps))
	for i := range ps[:n] {
		p := &ps[i]
		w.u32(p.ID)
		w.u8(p.Flags)
		w.f32(f.Pos(p.X))
		w.f32(f.Pos(p.Z))
		w.f32(f.Pos(p.VX))
		w.f32(f.Pos(p.VZ))
		w.f32(f.CarAngle(p.Aim))
		w.f32(f.Pos(p.FX))
		w.f32(f.Pos(p.FZ))
		w.f32(float32(p.FlailAngle))
		w.f32(f.Pos(p.Radius))
		w.f32(float32(p.Energy))
		w.u16(p.Kills)
		w.u16(p.Deaths)
		ri := float64(p.RespawnIn * 10)
		switch {
		case !(ri > 0):
			ri = 0
		case ri > 255:
			ri = 255
		}
		w.u8(uint8(ri + 0.5))
		nc := min(p.NodeCount, MaxNodes)
		w.u8(nc)
		for k := range p.Nodes[:nc] {
			w.f32(f.Pos(p.Nodes[k][0]))
			w.f32(f.Pos(p.Nodes[k][1]))
		}
	}
	return w.b
}

// DecodeSnapshot decodes a Snapshot in frame f, reusing m.Players.
func DecodeSnapshot(b []byte, m *Snapshot, f Frame) error {
	r := reader{b: b}
	r.kind(KindSnapshot)
	m.Tick = r.u32()
	m.Ack = r.u32()
	n := r.count(playerMinBytes, 0xffff)
	m.Players = resize(m.Players, n)
	for i := range m.Players {
		p := &m.Players[i]
		p.ID = r.u32()
		p.Flags = r.u8()
		p.X, p.Z = f.Meters(r.f32()), f.Meters(r.f32())
		p.VX, p.VZ = f.Meters(r.f32()), f.Meters(r.f32())
		p.Aim = f.CarAngleIn(r.f32())
		p.FX, p.FZ = f.Meters(r.f32()), f.Meters(r.f32())
		p.FlailAngle = float64(r.f32())
		p.Radius = f.Meters(r.f32())
		p.Energy = float64(r.f32())
		p.Kills, p.Deaths = r.u16(), r.u16()
		p.RespawnIn = float64(r.u8()) / 10
		p.NodeCount = r.u8()
		if p.NodeCount > MaxNodes {
			r.fail(fmt.Errorf("%w: %d rope nodes (max %d)", ErrRange, p.NodeCount, MaxNodes))
			p.NodeCount = 0
		}
		for k := range p.Nodes[:p.NodeCount] {
			p.Nodes[k] = [2]float64{f.Meters(r.f32()), f.Meters(r.f32())}
		}
		if r.err != nil {
			m.Players = m.Players[:i]
			break
		}
	}
	return r.done()
}

// RosterEntry names a player.
type RosterEntry struct {
	ID uint32
	// Skill is a bot's skill (1 easy, 2 normal, 3 hard) or 0 for a person.
	Skill uint8
	Name  string
}

// Roster lists the room's players; the server sends it whole when it
// changes.
type Roster struct {
	Players []RosterEntry
}

// AppendRoster appends m's encoding.
func AppendRoster(dst []byte, m *Roster) []byte {
	w := writer{dst}
	w.u8(uint8(KindRoster))
	n := w.count(len(m.Players))
	for _, p := range m.Players[:n] {
		w.u32(p.ID)
		w.u8(p.Skill)
		w.str(p.Name, MaxName)
	}
	return w.b
}

// DecodeRoster decodes a Roster, reusing m.Players.
func DecodeRoster(b []byte, m *Roster) error {
	r := reader{b: b}
	r.kind(KindRoster)
	n := r.count(6, 0xffff)
	m.Players = resize(m.Players, n)
	for i := range m.Players {
		id := r.u32()
		skill := r.u8()
		if r.err == nil && skill > 3 {
			r.fail(fmt.Errorf("%w: skill %d", ErrRange, skill))
		}
		m.Players[i] = RosterEntry{ID: id, Skill: skill, Name: r.str(MaxName)}
	}
	return r.done()
}

// BoardRow is one leaderboard row.
type BoardRow struct {
	ID     uint32
	Energy float64
	Kills  uint16
}

// Board is the room's leaderboard, best first.
type Board struct {
	Rows []BoardRow
}

// AppendBoard appends m's encoding.
func AppendBoard(dst []byte, m *Board) []byte {
	w := writer{dst}
	w.u8(uint8(KindBoard))
	n := w.count(len(m.Rows))
	for _, row := range m.Rows[:n] {
		w.u32(row.ID)
		w.f32(float32(row.Energy))
		w.u16(row.Kills)
	}
	return w.b
}

// DecodeBoard decodes a Board, reusing m.Rows.
func DecodeBoard(b []byte, m *Board) error {
	r := reader{b: b}
	r.kind(KindBoard)
	n := r.count(10, 0xffff)
	m.Rows = resize(m.Rows, n)
	for i := range m.Rows {
		m.Rows[i] = BoardRow{ID: r.u32(), Energy: float64(r.f32()), Kills: r.u16()}
	}
	return r.done()
}

// Event kinds (the values of flail.EventKind).
const (
	EventKill    = 1
	EventSpawn   = 2
	EventRespawn = 3
	EventRemoved = 4
)

// Event is one game event: a kill (Killer smashed Victim and gained
// Energy), a spawn, respawn or removal (Victim).
type Event struct {
	Kind           uint8
	Tick           uint32
	Killer, Victim uint32
	Energy         float64
}

// Events are the game events of one or more ticks (the kill feed).
type Events struct {
	Events []Event
}

// AppendEvents appends m's encoding.
func AppendEvents(dst []byte, m *Events) []byte {
	w := writer{dst}
	w.u8(uint8(KindEvents))
	n := w.count(len(m.Events))
	for _, e := range m.Events[:n] {
		w.u8(e.Kind)
		w.u32(e.Tick)
		w.u32(e.Killer)
		w.u32(e.Victim)
		w.f32(float32(e.Energy))
	}
	return w.b
}

// DecodeEvents decodes Events, reusing m.Events.
func DecodeEvents(b []byte, m *Events) error {
	r := reader{b: b}
	r.kind(KindEvents)
	n := r.count(17, 0xffff)
	m.Events = resize(m.Events, n)
	for i := range m.Events {
		m.Events[i] = Event{Kind: r.u8(), Tick: r.u32(), Killer: r.u32(), Victim: r.u32(), Energy: float64(r.f32())}
	}
	return r.done()
}

// Pickup is one energy pickup.
type Pickup struct {
	X, Z, Energy float64
	Dropped      bool
}

// Pickups lists the arena's pickups (sent a few times a second).
type Pickups struct {
	// Radius of a pickup (m).
	Radius float64
	Items  []Pickup
}

// AppendPickups appends m's encoding in frame f.
func AppendPickups(dst []byte, m *Pickups, f Frame) []byte {
	w := writer{dst}
	w.u8(uint8(KindPickups))
	w.f32(f.Pos(m.Radius))
	n := w.count(len(m.Items))
	for _, p := range m.Items[:n] {
		w.f32(f.Pos(p.X))
		w.f32(f.Pos(p.Z))
		w.f32(float32(p.Energy))
		if p.Dropped {
			w.u8(1)
		} else {
			w.u8(0)
		}
	}
	return w.b
}

// DecodePickups decodes Pickups in frame f, reusing m.Items.
func DecodePickups(b []byte, m *Pickups, f Frame) error {
	r := reader{b: b}
	r.kind(KindPickups)
	m.Radius = f.Meters(r.f32())
	n := r.count(13, 0xffff)
	m.Items = resize(m.Items, n)
	for i := range m.Items {
		m.Items[i] = Pickup{X: f.Meters(r.f32()), Z: f.Meters(r.f32()), Energy: float64(r.f32()), Dropped: r.u8() != 0}
	}
	return r.done()
}

// Error codes.
const (
	CodeVersion  = 1 // the Hello's version is not Version
	CodeBadHello = 2 // the first message was not a valid Hello
	CodeFull     = 3 // no room has space
	CodeKicked   = 4 // the connection broke a rule (Text says which)
	CodeToken    = 5 // the Hello's token names no car (expired or never issued): dial again without one
	CodeRestart  = 6 // the server is restarting (its websocket close code is 1012): dial again in a few seconds
)

// Error tells the client why the server closes the connection.
type Error struct {
	Code uint8
	Text string
}

// Error implements error.
func (e *Error) Error() string { return fmt.Sprintf("server error %d: %s", e.Code, e.Text) }

// AppendError appends m's encoding (Text cut to MaxText bytes).
func AppendError(dst []byte, m *Error) []byte {
	w := writer{dst}
	w.u8(uint8(KindError))
	w.u8(m.Code)
	w.str(m.Text, MaxText)
	return w.b
}

// DecodeError decodes an Error.
func DecodeError(b []byte, m *Error) error {
	r := reader{b: b}
	r.kind(KindError)
	m.Code = r.u8()
	m.Text = r.str(MaxText)
	return r.done()
}
