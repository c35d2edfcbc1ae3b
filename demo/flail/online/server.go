package online

import (
	"context"
	"crypto/rand"
	"errors"
	"fmt"
	"io"
	"log"
	"math"
	"net"
	"net/http"
	"slices"
	"sort"
	"strings"
	"sync"
	"sync/atomic"
	"time"
	"unicode"

	"github.com/coder/websocket"
	"github.com/seedgames/motorkit/components"
	"github.com/seedgames/motorkit/demo/flail/internal/match"
	"github.com/seedgames/motorkit/flail"
	"github.com/seedgames/motorkit/flail/wire"
	"github.com/seedgames/motorkit/systems"
	"github.com/yohamta/donburi"
)

// ServerOptions configure a Server. Zero fields take the defaults.
type ServerOptions struct {
	// RoomSize is the number of cars in a room: bots fill the places people
	// do not take (default 12).
	RoomSize int
	// MaxRooms bounds the rooms (default 16); a Hello is refused with
	// wire.CodeFull when every room is full of people.
	MaxRooms int
	// Seed is the first room's match seed (room k uses Seed+k).
	Seed uint64
	// Config is the tuning (default match.Config("")).
	Config *flail.Config
	// Grace is how long a disconnected player's car waits for a reconnect
	// with its token (default 10 s).
	Grace time.Duration
	// HelloTimeout bounds the wait for the first message (default 5 s).
	HelloTimeout time.Duration
	// WriteTimeout bounds one message write (default 2 s).
	WriteTimeout time.Duration
	// InputRate is the most inputs per second a client may send on
	// average since its connection started (plus one second's worth);
	// more is an input flood and ends the connection (default 48: 40 Hz
	// plus clock slack).
	InputRate int
	// InputQueue bounds the unapplied inputs of a client (default 200, five
	// seconds): it only fills when the server falls behind its own
	// schedule, and then ends the connection ("server overloaded").
	InputQueue int
	// SendQueue is the most messages waiting for a client's writer; when
	// full, snapshots are dropped, and after SlowDrops drops in a row the
	// client is disconnected as a slow reader (defaults 64 and 80).
	SendQueue, SlowDrops int
	// Log receives one line per connection event (default log.Default()).
	Log *log.Logger
	// AllowedOrigins are the host patterns (path.Match syntax, e.g.
	// "game.example.com" or "*.example.com:8443") of the other web pages
	// allowed to open a websocket on this server from a browser. A page
	// served by this server (an Origin whose host is the request's Host) is
	// always allowed; any other browser origin is refused with 403, so a
	// page on another site cannot use a visitor's browser to play here.
	// Native clients send no Origin header and are always accepted.
	AllowedOrigins []string
}

func (o *ServerOptions) defaults() error {
	if o.RoomSize <= 0 {
		o.RoomSize = 12
	}
	if o.RoomSize > match.MaxBots {
		return fmt.Errorf("online: room size %d > %d", o.RoomSize, match.MaxBots)
	}
	if o.MaxRooms <= 0 {
		o.MaxRooms = 16
	}
	if o.Config == nil {
		cfg, err := match.Config("")
		if err != nil {
			return err
		}
		o.Config = &cfg
	}
	if o.Grace <= 0 {
		o.Grace = 10 * time.Second
	}
	if o.HelloTimeout <= 0 {
		o.HelloTimeout = 5 * time.Second
	}
	if o.WriteTimeout <= 0 {
		o.WriteTimeout = 2 * time.Second
	}
	if o.InputRate <= 0 {
		o.InputRate = 48
	}
	if o.InputQueue <= 0 {
		o.InputQueue = 200
	}
	if o.SendQueue <= 0 {
		o.SendQueue = 64
	}
	if o.SlowDrops <= 0 {
		o.SlowDrops = 80
	}
	if o.Log == nil {
		o.Log = log.Default()
	}
	return nil
}

// Server is the authoritative game server. Serve its Handler (the
// WebSocket endpoint) over HTTP.
type Server struct {
	opts ServerOptions

	mu     sync.Mutex
	rooms  []*Room
	tokens map[wire.Token]*player
	closed bool

	ctx    context.Context
	cancel context.CancelFunc
	wg     sync.WaitGroup
}

// NewServer returns a server with no rooms yet (the first Hello opens one).
func NewServer(opts ServerOptions) (*Server, error) {
	if err := opts.defaults(); err != nil {
		return nil, err
	}
	ctx, cancel := context.WithCancel(context.Background())
	return &Server{opts: opts, tokens: map[wire.Token]*player{}, ctx: ctx, cancel: cancel}, nil
}

// Close stops the rooms and disconnects everyone.
func (s *Server) Close() {
	s.mu.Lock()
	s.closed = true
	s.mu.Unlock()
	s.cancel()
	s.wg.Wait()
}

// Rooms returns the open rooms.
func (s *Server) Rooms() []*Room {
	s.mu.Lock()
	defer s.mu.Unlock()
	return slices.Clone(s.rooms)
}

func (s *Server) logf(format string, args ...any) { s.opts.Log.Printf(format, args...) }

// ServeHTTP accepts a WebSocket connection and runs it until it ends.
func (s *Server) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	c, err := websocket.Accept(w, r, &websocket.AcceptOptions{OriginPatterns: s.opts.AllowedOrigins})
	if err != nil {
		s.logf("accept %s: %v", r.RemoteAddr, err)
		return
	}
	c.SetReadLimit(wire.MaxClientMessage)
	s.wg.Add(1)
	defer s.wg.Done()
	s.serve(c, r.RemoteAddr)
}

// kick sends an Error and closes the connection, logging the reason.
func (s *Server) kick(c *websocket.Conn, who string, code uint8, reason string) {
	s.logf("disconnect %s: %s", who, reason)
	ctx, cancel := context.WithTimeout(s.ctx, time.Second)
	defer cancel()
	_ = c.Write(ctx, websocket.MessageBinary, wire.AppendError(nil, &wire.Error{Code: code, Text: reason}))
	c.Close(websocket.StatusPolicyViolation, trimReason(reason))
}

func trimReason(s string) string {
	if len(s) > 120 { // close reasons must fit a control frame
		s = s[:120]
	}
	return s
}

func (s *Server) serve(c *websocket.Conn, addr string) {
	ctx, cancel := context.WithTimeout(s.ctx, s.opts.HelloTimeout)
	typ, b, err := c.Read(ctx)
	cancel()
	if err != nil {
		s.logf("disconnect %s: no hello: %v", addr, err)
		c.CloseNow()
		return
	}
	var h wire.Hello
	if typ != websocket.MessageBinary {
		s.kick(c, addr, wire.CodeBadHello, "first message is not binary")
		return
	}
	if err := wire.DecodeHello(b, &h); err != nil {
		s.kick(c, addr, wire.CodeBadHello, "bad hello: "+err.Error())
		return
	}
	if h.Version != wire.Version {
		s.kick(c, addr, wire.CodeVersion, fmt.Sprintf("protocol version %d, server speaks %d", h.Version, wire.Version))
		return
	}
	frame := wire.Frame{}
	if h.Flags&wire.HelloSeedFrame != 0 {
		frame = wire.SeedFrame(s.opts.Config.UnitsPerMeter)
	}
	cl := &conn{s: s, c: c, addr: addr, frame: frame, out: make(chan []byte, s.opts.SendQueue), done: make(chan struct{})}
	p, room, err := s.join(cl, cleanName(h.Name), h.Token)
	if err != nil {
		s.kick(c, addr, wire.CodeFull, err.Error())
		return
	}
	cl.who = fmt.Sprintf("%s (%q, room %d, player %d)", addr, p.name, room.num, p.id)
	s.logf("join %s", cl.who)
	go cl.writeLoop()
	reason := cl.readLoop(room, p)
	room.leave(p, cl)
	cl.close(reason)
}

// cleanName keeps printable runes, trims spaces, cuts to wire.MaxName bytes;
// an empty name becomes "player".
func cleanName(n string) string {
	n = strings.Map(func(r rune) rune {
		if unicode.IsPrint(r) {
			return r
		}
		return -1
	}, n)
	n = strings.TrimSpace(n)
	for len(n) > wire.MaxName {
		_, size := lastRune(n)
		n = n[:len(n)-size]
	}
	if n == "" {
		n = "player"
	}
	return n
}

func lastRune(s string) (rune, int) {
	for i := len(s) - 1; i >= 0; i-- {
		if s[i] < 0x80 || s[i] >= 0xC0 {
			return rune(s[i]), len(s) - i
		}
	}
	return 0, 1
}

// join puts the connection on its old car (valid token within the grace
// time) or a new car in the first room with space.
func (s *Server) join(cl *conn, name string, tok wire.Token) (*player, *Room, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.closed {
		return nil, nil, errors.New("server closing")
	}
	if tok != (wire.Token{}) {
		if p, ok := s.tokens[tok]; ok {
			if p.room.reattach(p, cl) {
				s.logf("reconnect %s to player %d in room %d", cl.addr, p.id, p.room.num)
				return p, p.room, nil
			}
		}
	}
	for _, r := range s.rooms {
		if p, err := r.add(cl, name); err == nil {
			s.tokens[p.token] = p
			return p, r, nil
		}
	}
	if len(s.rooms) >= s.opts.MaxRooms {
		return nil, nil, fmt.Errorf("server full (%d rooms of %d)", len(s.rooms), s.opts.RoomSize)
	}
	r, err := newRoom(s, len(s.rooms))
	if err != nil {
		return nil, nil, err
	}
	s.rooms = append(s.rooms, r)
	s.wg.Add(1)
	go func() { defer s.wg.Done(); r.run(s.ctx) }()
	p, err := r.add(cl, name)
	if err != nil {
		return nil, nil, err
	}
	s.tokens[p.token] = p
	return p, r, nil
}

func (s *Server) forget(tok wire.Token) {
	s.mu.Lock()
	delete(s.tokens, tok)
	s.mu.Unlock()
}

// conn is one WebSocket connection.
type conn struct {
	s     *Server
	c     *websocket.Conn
	addr  string
	who   string
	frame wire.Frame
	out   chan []byte
	// drops counts snapshots dropped in a row because out was full.
	drops     int
	closeOnce sync.Once
	done      chan struct{}
	reason    atomic.Value
}

// send queues a message without blocking; it reports false when the queue
// is full.
func (cl *conn) send(b []byte) bool {
	select {
	case cl.out <- b:
		return true
	default:
		return false
	}
}

func (cl *conn) close(reason string) {
	cl.closeOnce.Do(func() {
		cl.reason.Store(reason)
		close(cl.done)
	})
}

func (cl *conn) writeLoop() {
	defer cl.c.CloseNow()
	for {
		select {
		case <-cl.done:
			r, _ := cl.reason.Load().(string)
			if r != "" && r != "closed" {
				cl.s.kick(cl.c, cl.who, wire.CodeKicked, r)
			} else {
				cl.c.Close(websocket.StatusNormalClosure, "")
			}
			return
		case b := <-cl.out:
			ctx, cancel := context.WithTimeout(cl.s.ctx, cl.s.opts.WriteTimeout)
			err := cl.c.Write(ctx, websocket.MessageBinary, b)
			cancel()
			if wire.KindOf(b) == wire.KindSnapshot { // per-client buffers (see Room.send)
				putSnapBuf(b)
			}
			if err != nil {
				// the library closes the connection when a write times out,
				// so the reader may have ended first, with reason "closed".
				if r, _ := cl.reason.Load().(string); r == "" || r == "closed" {
					cl.s.logf("disconnect %s: slow reader: write failed: %v", cl.who, err)
				}
				cl.close("closed")
				cl.c.CloseNow()
				return
			}
		}
	}
}

// readLoop reads inputs until the connection ends or breaks a rule; it
// returns the reason ("" for a normal close).
func (cl *conn) readLoop(room *Room, p *player) string {
	var in wire.Input
	// a token bucket of messages: MsgRate per second, bursts of MsgRate.
	const msgRate = 120.0
	tokens, last := msgRate, time.Now()
	for {
		typ, b, err := cl.c.Read(cl.s.ctx)
		if err != nil {
			var ce websocket.CloseError
			switch {
			case errors.As(err, &ce) && (ce.Code == websocket.StatusNormalClosure || ce.Code == websocket.StatusGoingAway):
				cl.s.logf("leave %s: closed", cl.who)
				return "closed"
			case errors.Is(err, io.EOF), errors.Is(err, net.ErrClosed), cl.s.ctx.Err() != nil:
				return "closed" // our side closed it (the closer logs why) or the client left
			case strings.Contains(err.Error(), "read limited"):
				cl.s.logf("disconnect %s: oversized message (limit %d bytes)", cl.who, wire.MaxClientMessage)
				return "closed"
			}
			select {
			case <-cl.done:
				return "closed"
			default:
			}
			cl.s.logf("disconnect %s: read: %v", cl.who, err)
			return "closed"
		}
		now := time.Now()
		tokens = math.Min(msgRate, tokens+now.Sub(last).Seconds()*msgRate)
		last = now
		if tokens < 1 {
			return fmt.Sprintf("message flood: more than %.0f messages per second", msgRate)
		}
		tokens--
		if typ != websocket.MessageBinary {
			return "text message (the protocol is binary)"
		}
		if k := wire.KindOf(b); k != wire.KindInput {
			return fmt.Sprintf("unexpected %v message", k)
		}
		if err := wire.DecodeInput(b, &in, cl.frame); err != nil {
			return "bad input: " + err.Error()
		}
		if reason := room.queue(p, cl, in); reason != "" {
			return reason
		}
	}
}

// newToken returns a random reconnect token.
func newToken() wire.Token {
	var t wire.Token
	_, _ = rand.Read(t[:])
	return t
}

// Counters are a player's input statistics since it joined.
type Counters struct {
	// Received inputs (in order, each tick once); Applied of them were used
	// by a tick (Received - Applied are still queued).
	Received, Applied uint64
	// Duplicates are inputs with a tick at or below the last one received
	// (dropped); Gaps counts ticks skipped by the client.
	Duplicates, Gaps uint64
	// Clamped inputs had a NaN or infinite aim.
	Clamped uint64
	// LastApplied is the tick of the last applied input.
	LastApplied uint32
}

// player is a person's car in a room.
type player struct {
	room   *Room
	id     uint32
	ent    donburi.Entity
	name   string
	token  wire.Token
	cl     *conn // nil while disconnected
	goneAt time.Time
	// inputs waiting for a tick, in order.
	queue  []wire.Input
	lastIn uint32
	// inputs of this connection and when the first arrived (see
	// Room.queue).
	inCount uint64
	inAt    time.Time
	aim     float64
	cnt     Counters
}

// Room is one match: a donburi world on the systems pipeline at 40 Hz.
type Room struct {
	s   *Server
	num int
	m   *match.Match

	mu      sync.Mutex
	people  []*player
	ids     map[donburi.Entity]uint32
	nextID  uint32
	roster  bool // changed since last sent
	stats   TickStats
	lastAt  time.Time
	players []wire.PlayerState
	events  wire.Events
	// body holds the encoded players of the tick per frame (default,
	// seed); each person's snapshot copies it after its own header.
	body [2][]byte
}

// worldMu serializes all work on the rooms' donburi worlds (ticks, spawns,
// removals). donburi keeps its query caches in package-level objects
// shared by every world (ComponentType.First, queries built at package
// level), so two worlds must not be stepped at the same time. A room tick
// takes ~0.1-0.2 ms, so a core runs dozens of rooms at 40 Hz in turn. The
// lock order is Room.mu, then worldMu.
var worldMu sync.Mutex

func newRoom(s *Server, num int) (*Room, error) {
	worldMu.Lock()
	defer worldMu.Unlock()
	m, err := match.NewEmpty(*s.opts.Config, s.opts.Seed+uint64(num))
	if err != nil {
		return nil, err
	}
	r := &Room{s: s, num: num, m: m, ids: map[donburi.Entity]uint32{}, nextID: 1}
	for i := 1; i <= s.opts.RoomSize; i++ {
		if err := r.addBot(); err != nil {
			return nil, err
		}
	}
	m.Events()
	return r, nil
}

func (r *Room) addBot() error {
	n := r.m.Bots() + 1
	e, err := r.m.SpawnPlayer(match.BotName(int(r.nextID)), flail.Skill(1+(n-1)%3))
	if err != nil {
		return err
	}
	r.ids[e] = r.nextID
	r.nextID++
	r.roster = true
	return nil
}

// removeBot removes the most recently added bot.
func (r *Room) removeBot() {
	for i := len(r.m.Cars) - 1; i >= 0; i-- {
		if r.m.Bot(i) != nil {
			e := r.m.Cars[i]
			r.m.RemovePlayer(e)
			delete(r.ids, e)
			r.roster = true
			return
		}
	}
}

// add spawns a person's car, taking a bot's place.
func (r *Room) add(cl *conn, name string) (*player, error) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if len(r.people) >= r.s.opts.RoomSize {
		return nil, errors.New("room full")
	}
	worldMu.Lock()
	defer worldMu.Unlock()
	if r.m.Bots() > 0 && r.m.Players() >= r.s.opts.RoomSize {
		r.removeBot()
	}
	e, err := r.m.SpawnPlayer(name, 0)
	if err != nil {
		return nil, err
	}
	p := &player{room: r, id: r.nextID, ent: e, name: name, token: newToken(), cl: cl}
	r.nextID++
	r.ids[e] = p.id
	r.people = append(r.people, p)
	r.roster = true
	r.welcome(p)
	return p, nil
}

// reattach gives a reconnecting client its car back (it reports false when
// the car is gone).
func (r *Room) reattach(p *player, cl *conn) bool {
	r.mu.Lock()
	defer r.mu.Unlock()
	if !slices.Contains(r.people, p) {
		return false
	}
	if p.cl != nil {
		p.cl.close("replaced by a reconnect")
	}
	p.cl = cl
	p.queue = p.queue[:0]
	p.lastIn = 0
	p.inAt = time.Time{}
	p.cnt.LastApplied = 0 // acks count the new connection's ticks
	r.roster = true
	r.welcome(p)
	return true
}

// welcome queues the Welcome and the full state (roster, board, pickups).
func (r *Room) welcome(p *player) {
	a := r.m.Arena
	w := wire.Welcome{You: p.id, Token: p.token, Room: uint16(r.num), TickRate: match.TickRate,
		Tick: uint32(r.m.Ticks()), UnitsPerMeter: r.m.Config.UnitsPerMeter, Half: a.Half, CarRadius: r.m.Game.Ph.CarRadius}
	for _, b := range a.Boxes {
		w.Boxes = append(w.Boxes, wire.Box{X: b.Center[0], Z: b.Center[2], HalfX: b.HalfX, HalfZ: b.HalfZ, Yaw: b.Yaw})
	}
	p.cl.send(wire.AppendWelcome(nil, &w, p.cl.frame))
	p.cl.send(r.rosterMsg())
	p.cl.send(r.pickupsMsg(p.cl.frame))
}

// leave marks p disconnected (its car waits Grace for a reconnect).
func (r *Room) leave(p *player, cl *conn) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if p.cl == cl {
		p.cl = nil
		p.goneAt = time.Now()
		p.queue = p.queue[:0]
		r.s.logf("gone player %d (%q) in room %d: car kept %v for a reconnect", p.id, p.name, r.num, r.s.opts.Grace)
	}
}

// queue stores an input for the coming ticks; it returns a reason to
// disconnect, or "".
func (r *Room) queue(p *player, cl *conn, in wire.Input) string {
	r.mu.Lock()
	defer r.mu.Unlock()
	if p.cl != cl {
		return "closed"
	}
	if in.Tick <= p.lastIn {
		p.cnt.Duplicates++
		if p.cnt.Duplicates == 1 {
			r.s.logf("clamp %s: input tick %d after %d dropped (duplicate or out of order)", cl.who, in.Tick, p.lastIn)
		}
		return ""
	}
	if in.Tick > p.lastIn+1 {
		p.cnt.Gaps += uint64(in.Tick - p.lastIn - 1)
	}
	p.lastIn = in.Tick
	if math.IsNaN(in.Aim) || math.IsInf(in.Aim, 0) {
		p.cnt.Clamped++
		if p.cnt.Clamped == 1 {
			r.s.logf("clamp %s: aim %v replaced by the last valid aim", cl.who, in.Aim)
		}
		in.Aim = p.aim
	}
	in.Aim = math.Remainder(in.Aim, 2*math.Pi)
	p.aim = in.Aim
	// the input rate: since the connection started a client may have sent
	// InputRate inputs per second plus one second's worth. The budget is
	// not capped, so inputs that arrive in a burst after the server (or
	// the network) stalled are fine; a client that runs faster than real
	// time is not.
	now := time.Now()
	if p.inAt.IsZero() {
		p.inAt, p.inCount = now, 0
	}
	rate := float64(r.s.opts.InputRate)
	p.inCount++
	if float64(p.inCount) > (now.Sub(p.inAt).Seconds()+1)*rate {
		return fmt.Sprintf("input flood: more than %d inputs per second", r.s.opts.InputRate)
	}
	if len(p.queue) >= r.s.opts.InputQueue {
		return fmt.Sprintf("server overloaded: %d inputs waiting", len(p.queue))
	}
	p.queue = append(p.queue, in)
	p.cnt.Received++
	return ""
}

// TickStats are a room's tick durations (the simulation step plus
// encoding and queueing the messages).
type TickStats struct {
	// Durations of the ticks (seconds), in order; bounded to the last
	// 1<<16 ticks.
	Durations []float64
	// Intervals between the starts of consecutive ticks (seconds; 0.025
	// when the room keeps its 40 Hz), bounded like Durations.
	Intervals []float64
	// Ticks run.
	Ticks uint64
	// Bytes queued for clients, and messages dropped for slow readers.
	Bytes, Dropped uint64
}

// Stats returns a copy of the room's tick statistics.
func (r *Room) Stats() TickStats {
	r.mu.Lock()
	defer r.mu.Unlock()
	st := r.stats
	st.Durations = slices.Clone(st.Durations)
	st.Intervals = slices.Clone(st.Intervals)
	return st
}

// Counters returns the input counters of the person with player ID id.
func (r *Room) Counters(id uint32) (Counters, bool) {
	r.mu.Lock()
	defer r.mu.Unlock()
	for _, p := range r.people {
		if p.id == id {
			return p.cnt, true
		}
	}
	return Counters{}, false
}

// People returns the number of people (connected or within grace).
func (r *Room) People() int {
	r.mu.Lock()
	defer r.mu.Unlock()
	return len(r.people)
}

// Players returns the number of cars (people and bots).
func (r *Room) Players() int {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.m.Players()
}

// run ticks the room on a fixed schedule: tick k starts at start + k/40 s.
// A late tick is followed at once by the next (so the room keeps 40 ticks
// per second on average); more than a quarter second behind, the schedule
// restarts from now instead.
func (r *Room) run(ctx context.Context) {
	dt := time.Second / match.TickRate
	timer := time.NewTimer(dt)
	defer timer.Stop()
	next := time.Now()
	for {
		next = next.Add(dt)
		wait := time.Until(next)
		if wait < -250*time.Millisecond {
			next = time.Now()
			wait = 0
		}
		if wait > 0 {
			timer.Reset(wait)
			select {
			case <-ctx.Done():
				r.closeAll()
				return
			case <-timer.C:
			}
		} else if ctx.Err() != nil {
			r.closeAll()
			return
		}
		r.tick()
	}
}

func (r *Room) closeAll() {
	r.mu.Lock()
	defer r.mu.Unlock()
	for _, p := range r.people {
		if p.cl != nil {
			p.cl.close("server closing")
		}
	}
}

// tick applies one queued input per person (two when a client runs ahead),
// steps the match and sends the results.
func (r *Room) tick() {
	// tokens of cars that left are forgotten after the room's lock is
	// released: Server.join takes the server's lock, then a room's.
	for _, tok := range r.step() {
		r.s.forget(tok)
	}
}

func (r *Room) step() (gone []wire.Token) {
	r.mu.Lock()
	defer r.mu.Unlock()
	start := time.Now()
	worldMu.Lock()
	defer worldMu.Unlock()
	m := r.m
	// people gone longer than the grace time leave; bots take their place.
	for i := 0; i < len(r.people); i++ {
		p := r.people[i]
		if p.cl == nil && start.Sub(p.goneAt) > r.s.opts.Grace {
			r.s.logf("leave player %d (%q) in room %d: no reconnect within %v", p.id, p.name, r.num, r.s.opts.Grace)
			m.RemovePlayer(p.ent)
			delete(r.ids, p.ent)
			r.people = append(r.people[:i], r.people[i+1:]...)
			gone = append(gone, p.token)
			i--
			r.roster = true
			if m.Players() < r.s.opts.RoomSize {
				if err := r.addBot(); err != nil {
					r.s.logf("room %d: add bot: %v", r.num, err)
				}
			}
		}
	}
	for _, p := range r.people {
		r.applyInput(p)
	}
	m.Pipeline.Step()
	r.send(start)
	return gone
}

func (r *Room) applyInput(p *player) {
	e := r.m.World.Entry(p.ent)
	if len(p.queue) == 0 {
		// no input this tick: keep the last one's steering, no click.
		c := components.Command.Get(e)
		c.PrimaryPressed = false
		if p.cl == nil {
			*c = components.CommandData{AimAngle: p.aim}
		}
		return
	}
	// one input per tick; when more than 3 wait (the client's clock runs
	// ahead or the server fell behind), catch up by merging a few.
	n := 1
	if k := len(p.queue); k > 3 {
		n = min(k, 2+(k-3)/8)
	}
	var cmd components.CommandData
	for _, in := range p.queue[:n] {
		cmd.AimAngle = in.Aim
		cmd.Throttle = in.Throttle
		cmd.PrimaryHeld = in.Buttons&wire.ButtonHeld != 0
		cmd.PrimaryPressed = cmd.PrimaryPressed || in.Buttons&wire.ButtonPressed != 0
		p.cnt.Applied++
		p.cnt.LastApplied = in.Tick
	}
	p.queue = append(p.queue[:0], p.queue[n:]...)
	components.View.Get(e).Yaw = cmd.AimAngle
	systems.Submit(e, cmd)
}

// send encodes the tick's messages and queues them for every connected
// person (never blocking on a client).
func (r *Room) send(start time.Time) {
	m := r.m
	tick := uint32(m.Ticks())
	r.players = r.players[:0]
	for i, ent := range m.Cars {
		fd := m.Flail(i)
		b := m.Body(i)
		ps := wire.PlayerState{ID: r.ids[ent], X: b.Position[0], Z: b.Position[2], VX: b.Velocity[0], VZ: b.Velocity[2],
			Aim: fd.Input.Aim, FX: fd.Flail.Pos[0], FZ: fd.Flail.Pos[2], FlailAngle: fd.Flail.Angle, Radius: fd.Flail.Radius,
			Energy: fd.Energy, Kills: clamp16(fd.Kills), Deaths: clamp16(fd.Deaths), RespawnIn: fd.RespawnIn}
		if fd.Alive {
			ps.Flags |= wire.FlagAlive
		}
		if fd.Flail.Thrown {
			ps.Flags |= wire.FlagThrown
		}
		if fd.Flail.Attracting {
			ps.Flags |= wire.FlagAttracting
		}
		if fd.Protected > 0 {
			ps.Flags |= wire.FlagProtected
		}
		if m.Bot(i) != nil {
			ps.Flags |= wire.FlagBot
		}
		rd := m.Rope(i)
		for k := range rd.Nodes {
			if k >= wire.MaxNodes {
				break
			}
			ps.Nodes[k] = [2]float64{rd.Nodes[k].Pos[0], rd.Nodes[k].Pos[2]}
			ps.NodeCount++
		}
		r.players = append(r.players, ps)
	}
	r.events.Events = r.events.Events[:0]
	for _, ev := range m.Events() {
		if ev.Kind != flail.EventKill && ev.Kind != flail.EventRespawn {
			continue
		}
		r.events.Events = append(r.events.Events, wire.Event{Kind: uint8(ev.Kind), Tick: uint32(ev.Tick),
			Killer: r.ids[donburi.Entity(ev.Killer)], Victim: r.ids[donburi.Entity(ev.Victim)], Energy: ev.Energy})
	}
	var bodies [2][]byte // per frame: default, seed (r.body's storage)
	var extra [2][][]byte
	for _, p := range r.people {
		cl := p.cl
		if cl == nil {
			continue
		}
		fi := 0
		if cl.frame.Seed {
			fi = 1
		}
		if bodies[fi] == nil {
			r.body[fi] = wire.AppendPlayers(r.body[fi][:0], r.players, cl.frame)
			bodies[fi] = r.body[fi]
			if r.roster {
				extra[fi] = append(extra[fi], r.rosterMsg())
			}
			if len(r.events.Events) > 0 {
				extra[fi] = append(extra[fi], wire.AppendEvents(nil, &r.events))
			}
			if tick%20 == 0 {
				extra[fi] = append(extra[fi], r.boardMsg())
			}
			if tick%10 == 0 {
				extra[fi] = append(extra[fi], r.pickupsMsg(cl.frame))
			}
		}
		for _, b := range extra[fi] {
			r.queueMsg(p, b)
		}
		msg := getSnapBuf()
		msg = wire.AppendSnapshotHeader(msg, tick, p.cnt.LastApplied)
		msg = append(msg, bodies[fi]...)
		if !r.queueMsg(p, msg) {
			putSnapBuf(msg)
		}
	}
	r.roster = false
	st := &r.stats
	st.Ticks++
	st.Durations = appendBounded(st.Durations, time.Since(start).Seconds())
	if !r.lastAt.IsZero() {
		st.Intervals = appendBounded(st.Intervals, start.Sub(r.lastAt).Seconds())
	}
	r.lastAt = start
}

// appendBounded appends x, keeping the newest half when 1<<16 values are
// stored.
func appendBounded(xs []float64, x float64) []float64 {
	if len(xs) >= 1<<16 {
		xs = xs[:copy(xs, xs[len(xs)/2:])]
	}
	return append(xs, x)
}

// queueMsg queues b for p without blocking and reports whether it was
// queued.
func (r *Room) queueMsg(p *player, b []byte) bool {
	cl := p.cl
	if cl.send(b) {
		cl.drops = 0
		r.stats.Bytes += uint64(len(b))
		return true
	}
	r.stats.Dropped++
	cl.drops++
	if cl.drops == r.s.opts.SlowDrops {
		cl.close(fmt.Sprintf("slow reader: %d messages dropped in a row", cl.drops))
	}
	return false
}

// Snapshot messages are the only per-client ones (each has its own ack);
// their buffers are recycled after the write so a tick allocates little.
// Shared messages (roster, events, board, pickups) are never recycled.
var snapBufs = sync.Pool{New: func() any { b := make([]byte, 0, 2048); return &b }}

func getSnapBuf() []byte { return (*snapBufs.Get().(*[]byte))[:0] }

func putSnapBuf(b []byte) {
	b = b[:0]
	snapBufs.Put(&b)
}

func clamp16(n int) uint16 {
	if n < 0 {
		return 0
	}
	if n > 0xffff {
		return 0xffff
	}
	return uint16(n)
}

func (r *Room) rosterMsg() []byte {
	var ro wire.Roster
	for i, ent := range r.m.Cars {
		ro.Players = append(ro.Players, wire.RosterEntry{ID: r.ids[ent], Skill: uint8(r.m.Skill(i)), Name: r.m.Flail(i).Name})
	}
	return wire.AppendRoster(nil, &ro)
}

func (r *Room) boardMsg() []byte {
	var bo wire.Board
	for _, row := range r.m.Rules.Board.Rows() {
		bo.Rows = append(bo.Rows, wire.BoardRow{ID: r.ids[donburi.Entity(row.ID)], Energy: row.Energy, Kills: clamp16(row.Kills)})
	}
	return wire.AppendBoard(nil, &bo)
}

func (r *Room) pickupsMsg(f wire.Frame) []byte {
	pk := r.m.Rules.Pickups
	ps := wire.Pickups{Radius: pk.Radius, Items: make([]wire.Pickup, 0, pk.Len())}
	for _, p := range pk.All() {
		ps.Items = append(ps.Items, wire.Pickup{X: p.Pos[0], Z: p.Pos[2], Energy: p.Energy, Dropped: p.Dropped})
	}
	return wire.AppendPickups(nil, &ps, f)
}

// Percentile returns the q-quantile (0..1) of xs (0 for none).
func Percentile(xs []float64, q float64) float64 {
	if len(xs) == 0 {
		return 0
	}
	s := slices.Clone(xs)
	sort.Float64s(s)
	i := int(math.Ceil(q*float64(len(s)))) - 1
	return s[max(0, min(i, len(s)-1))]
}

// MaxRoomSize bounds ServerOptions.RoomSize.
const MaxRoomSize = match.MaxBots

// Config returns the demo's tuning with the user file at path decoded
// over it ("" = none), as the offline demo loads it.
func Config(path string) (flail.Config, error) { return match.Config(path) }
