//go:build !js

package online

import (
	"bytes"
	"context"
	"crypto/rand"
	"encoding/binary"
	"errors"
	"fmt"
	"hash/crc32"
	"io"
	"log"
	"net"
	"net/http"
	"sync"
	"sync/atomic"
	"time"

	"github.com/coder/websocket"
	"github.com/seedgames/motorkit/demo/internal/netops"
	playkeys "github.com/seedgames/motorkit/demo/playground/internal/play"
	"github.com/seedgames/motorkit/netplay"
)

// Options configure a Server. Zero fields take their defaults, the values
// of DefaultOptions (docs/netplay.md has the table).
type Options struct {
	// Game is the match: its level and recipes.
	Game netplay.GameOptions
	// Seats is the most players at once (at most netplay.MaxSeats).
	Seats int
	// HelloTimeout bounds the wait for the first message.
	HelloTimeout time.Duration
	// WriteTimeout bounds one message write.
	WriteTimeout time.Duration
	// CloseTimeout bounds a close handshake.
	CloseTimeout time.Duration
	// IdleTimeout ends a connection that sent nothing for that long (a
	// client sends its inputs every frame).
	IdleTimeout time.Duration
	// Grace is how long a dropped player's character waits for a
	// reconnect with its token; then it leaves.
	Grace time.Duration
	// InputRate is the most messages per second a client may send on
	// average since it connected, plus one second's worth (60 Hz frames
	// with room for a fast display); more is a flood and ends the
	// connection.
	InputRate int
	// SendQueue is the most messages waiting for a client's writer; when
	// full, tick inputs messages are dropped (they are sent again).
	SendQueue int
	// SlowDrops is how many messages dropped in a row disconnect a client
	// as a slow reader.
	SlowDrops int
	// MaxPerAddress bounds the connections and the seats per remote
	// address.
	MaxPerAddress int
	// TrustedProxies are reverse proxies whose X-Forwarded-For is
	// believed (netops.AddressLimits).
	TrustedProxies []string
	// AllowedOrigins are the other web pages' host patterns allowed to
	// open a websocket from a browser (a page served by this server
	// always is).
	AllowedOrigins []string
	// Log receives one line per connection event (nil: log.Default()).
	Log *log.Logger
}

// Recipes are a Server's recipes by default: the playground's motors in
// the order of its keys 1-4 (play.Motors), so a Hello's or a Switch's
// recipe index is the key's.
var Recipes = func() []string {
	var r []string
	for _, kind := range playkeys.Motors {
		r = append(r, playkeys.Prefab(kind))
	}
	return r
}()

// DefaultOptions returns the values a zero field of Options takes (Log
// aside: log.Default()).
func DefaultOptions() Options {
	g := netplay.DefaultGameOptions()
	g.Recipes = Recipes
	return Options{
		Game:          g,
		Seats:         netplay.DefaultHostOptions().Seats,
		HelloTimeout:  5 * time.Second,
		WriteTimeout:  2 * time.Second,
		CloseTimeout:  2 * time.Second,
		IdleTimeout:   30 * time.Second,
		Grace:         10 * time.Second,
		InputRate:     120,
		SendQueue:     64,
		SlowDrops:     60,
		MaxPerAddress: 4,
	}
}

func (o *Options) defaults() {
	d := DefaultOptions()
	if len(o.Game.Recipes) == 0 {
		o.Game.Recipes = d.Game.Recipes
	}
	netops.OrDefault(&o.Seats, d.Seats)
	netops.OrDefault(&o.HelloTimeout, d.HelloTimeout)
	netops.OrDefault(&o.WriteTimeout, d.WriteTimeout)
	netops.OrDefault(&o.CloseTimeout, d.CloseTimeout)
	netops.OrDefault(&o.IdleTimeout, d.IdleTimeout)
	netops.OrDefault(&o.Grace, d.Grace)
	netops.OrDefault(&o.InputRate, d.InputRate)
	netops.OrDefault(&o.SendQueue, d.SendQueue)
	netops.OrDefault(&o.SlowDrops, d.SlowDrops)
	netops.OrDefault(&o.MaxPerAddress, d.MaxPerAddress)
	if o.Log == nil {
		o.Log = log.Default()
	}
}

// seat is a player: connected, or waiting within its grace time.
type seat struct {
	name  string
	token Token
	addr  string
	c     *conn     // nil while waiting
	since time.Time // when it lost its connection
}

// conn is one websocket connection.
type conn struct {
	ws     *websocket.Conn
	raw    net.Conn
	out    chan []byte
	done   chan struct{}
	once   sync.Once
	reason atomic.Value // string
	drops  int          // messages dropped in a row (under the server's lock)
	idle   netops.Idle
}

func (c *conn) close(reason string) {
	c.once.Do(func() {
		c.reason.Store(reason)
		close(c.done)
	})
}

// Server is the playground's authoritative server: one match of up to
// Options.Seats players on one level. It is an http.Handler for the
// websocket endpoint; OpsHandler and MetricsHandler serve the operator's.
type Server struct {
	netops.Notifier // OnChange, for the fleet's directory

	opts   Options
	limits *netops.AddressLimits
	met    *netops.Metrics

	mu      sync.Mutex
	host    *netplay.Host
	seats   [netplay.MaxSeats]*seat
	conns   int
	closed  bool
	roster  bool // changed since last sent
	epoch   time.Time
	epochAt uint64

	stop     chan struct{}
	loopDone chan struct{}
	wg       sync.WaitGroup
}

// NewServer builds a server and starts its tick loop.
func NewServer(o Options) (*Server, error) {
	o.defaults()
	host, err := netplay.NewHost(netplay.HostOptions{Game: o.Game, Seats: o.Seats})
	if err != nil {
		return nil, err
	}
	o.Game = host.Options().Game
	limits, err := netops.NewAddressLimits(o.MaxPerAddress, o.TrustedProxies)
	if err != nil {
		return nil, err
	}
	s := &Server{opts: o, host: host, limits: limits, stop: make(chan struct{}), loopDone: make(chan struct{})}
	s.met = netops.NewMetrics("playground", s.RoomList, func() int {
		s.mu.Lock()
		defer s.mu.Unlock()
		return s.conns
	})
	go s.loop()
	return s, nil
}

// Options returns the options with their defaults.
func (s *Server) Options() Options { return s.opts }

func (s *Server) logf(format string, args ...any) { s.opts.Log.Printf(format, args...) }

// Logf writes a line to the server's log.
func (s *Server) Logf(format string, args ...any) { s.logf(format, args...) }

// Capacity is the players of the match and the one match a server runs.
func (s *Server) Capacity() (roomSize, maxRooms int) { return s.opts.Seats, 1 }

// RoomList describes the match: none while no one holds a seat.
//
// An empty match is not listed: the fleet hands a drained server's match
// only to a server with fewer rooms than its Capacity (1), so listing it
// always made every playground server look full and no handoff happened
// (TestFleetHandoff). An empty server takes a match (RestoreState).
func (s *Server) RoomList() []netops.RoomInfo {
	s.mu.Lock()
	defer s.mu.Unlock()
	n := 0
	for _, p := range s.seats {
		if p != nil {
			n++
		}
	}
	if n == 0 {
		return []netops.RoomInfo{}
	}
	return []netops.RoomInfo{{Room: 0, Players: n, Tick: s.host.Tick()}}
}

// Ready reports whether the server takes new players.
func (s *Server) Ready() bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	return !s.closed
}

// OpsHandler serves /healthz, /readyz and /rooms.
func (s *Server) OpsHandler() http.Handler {
	return netops.OpsHandler(s.Ready, "/rooms", func() any { return s.RoomList() })
}

// MetricsHandler serves the Prometheus metrics (playground_*).
func (s *Server) MetricsHandler() http.Handler { return s.met.Handler() }

// tickLen is the host's tick.
func (s *Server) tickLen() time.Duration {
	return time.Duration(float64(time.Second) / s.opts.Game.TickRate)
}

// loop runs the host's ticks on the wall clock: each wake runs the ticks
// due (at most 4; a server that falls further behind skips the rest).
func (s *Server) loop() {
	defer close(s.loopDone)
	t := time.NewTicker(s.tickLen())
	defer t.Stop()
	s.mu.Lock()
	s.epoch, s.epochAt = time.Now(), s.host.Tick()
	s.mu.Unlock()
	for {
		select {
		case <-s.stop:
			return
		case now := <-t.C:
			start := time.Now()
			s.mu.Lock()
			due := int64(now.Sub(s.epoch)/s.tickLen()) - int64(s.host.Tick()-s.epochAt)
			if due > 4 {
				s.epoch, s.epochAt, due = now, s.host.Tick(), 1
			}
			for range due {
				if err := s.tick(now); err != nil {
					s.logf("tick %d: %v", s.host.Tick(), err)
				}
			}
			s.mu.Unlock()
			if due > 0 {
				s.met.ObserveTick(time.Since(start).Seconds())
			}
		}
	}
}

// tick runs one host tick and sends what is due. Callers hold s.mu.
func (s *Server) tick(now time.Time) error {
	if err := s.host.Step(); err != nil {
		return err
	}
	tk := s.host.Tick()
	for i, p := range s.seats {
		if p == nil {
			continue
		}
		if p.c == nil {
			if now.Sub(p.since) > s.opts.Grace {
				s.logf("leave seat %d (%q): not back within %v", i, p.name, s.opts.Grace)
				s.host.Leave(i)
				s.seats[i], s.roster = nil, true
				go s.Changed()
			}
			continue
		}
		if tk%2 != 0 {
			continue
		}
		msg, err := s.host.TickInputsMessage(nil, i)
		if errors.Is(err, netplay.ErrResync) {
			msg, err = s.host.Welcome(nil, i)
		}
		if err != nil {
			return err
		}
		s.queue(p.c, msg)
	}
	if s.roster || tk%60 == 0 {
		s.roster = false
		r := s.rosterMsg()
		for _, p := range s.seats {
			if p != nil && p.c != nil {
				s.queue(p.c, r)
			}
		}
	}
	return nil
}

// queue hands a message to c's writer, or drops it when the writer is
// SendQueue behind; SlowDrops drops in a row end the connection. Callers
// hold s.mu.
func (s *Server) queue(c *conn, b []byte) {
	select {
	case c.out <- b:
		c.drops = 0
	default:
		if c.drops++; c.drops >= s.opts.SlowDrops {
			c.close("slow reader: the connection does not keep up")
		}
	}
}

func (s *Server) rosterMsg() []byte {
	var r []RosterEntry
	for i, p := range s.seats {
		if p != nil {
			r = append(r, RosterEntry{Seat: i, Name: p.name})
		}
	}
	return AppendRoster(nil, r)
}

// ServeHTTP accepts a websocket connection and runs it until it ends.
func (s *Server) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	a, ok := netops.Accept(w, r, netops.AcceptOptions{Limits: s.limits, Ready: s.Ready,
		Origins: s.opts.AllowedOrigins, ReadLimit: MaxClientMessage, Logf: s.logf})
	if !ok {
		return
	}
	defer a.Release(s.limits)
	ws, addr := a.Conn, a.Addr
	c := &conn{ws: ws, raw: a.Raw, out: make(chan []byte, s.opts.SendQueue), done: make(chan struct{})}
	s.wg.Add(1)
	defer s.wg.Done()
	s.mu.Lock()
	s.conns++
	s.mu.Unlock()
	reason := s.serve(c, addr)
	s.mu.Lock()
	s.conns--
	s.mu.Unlock()
	s.met.Disconnect(reason)
}

// serve runs a connection: its hello, its seat, its writer and idle
// watcher, its reader; it returns why it ended.
func (s *Server) serve(c *conn, addr string) string {
	writerDone := make(chan struct{})
	go func() { defer close(writerDone); s.writeLoop(c) }()
	reason := s.run(c, addr)
	c.close(reason)
	<-writerDone
	r, _ := c.reason.Load().(string)
	if r != "closed" {
		s.logf("connection from %s ended: %s", addr, r)
	}
	return r
}

func (s *Server) run(c *conn, addr string) (reason string) {
	ctx, cancel := context.WithTimeout(context.Background(), s.opts.HelloTimeout)
	typ, b, err := c.ws.Read(ctx)
	cancel()
	if err != nil {
		if netops.PeerLeft(err) {
			return netops.LeftReason(err)
		}
		return "first message: " + err.Error()
	}
	s.met.AddIn(len(b))
	if typ != websocket.MessageBinary {
		return "text message"
	}
	h, err := netplay.DecodeHello(b)
	if err != nil {
		return "bad hello: " + err.Error()
	}
	h.Name = netops.CleanName(h.Name, MaxName)
	seatIdx, why := s.seat(c, addr, h)
	if seatIdx < 0 {
		s.queueBye(c, Bye{Reason: why})
		return why
	}
	defer func() {
		c.close(reason) // the first reason stays: a kick's, or this one
		s.unseat(c, seatIdx)
	}()
	go func() {
		if idle, ok := c.idle.Wait(s.opts.IdleTimeout, c.done, nil); ok {
			c.close(fmt.Sprintf("idle: nothing received for %v", idle.Round(time.Second)))
		}
	}()
	start := time.Now()
	var count int
	for {
		typ, b, err := c.ws.Read(context.Background())
		if err != nil {
			if r, ok := c.reason.Load().(string); ok {
				return r
			}
			if websocket.CloseStatus(err) == websocket.StatusNormalClosure || websocket.CloseStatus(err) == websocket.StatusGoingAway {
				return "closed"
			}
			if netops.PeerLeft(err) { // a reset, a closed tab: not the server's doing
				return netops.LeftReason(err)
			}
			return "read: " + err.Error()
		}
		s.met.AddIn(len(b))
		if typ != websocket.MessageBinary {
			return "text message"
		}
		count++
		if allowed := float64(s.opts.InputRate) * (time.Since(start).Seconds() + 1); float64(count) > allowed {
			return fmt.Sprintf("input flood: %d messages in %.1f s", count, time.Since(start).Seconds())
		}
		c.idle.Touch(time.Now())
		if len(b) == 0 {
			return "bad input: an empty message"
		}
		s.mu.Lock()
		switch b[0] {
		case netplay.MsgInputs, netplay.MsgSwitch:
			err = s.host.Receive(seatIdx, b)
			if err == nil {
				s.met.Input("applied")
			}
		case MsgResync:
			var w []byte
			if w, err = s.welcome(seatIdx); err == nil {
				s.queue(c, w)
			}
		default:
			err = fmt.Errorf("unexpected message kind %d", b[0])
		}
		s.mu.Unlock()
		if err != nil {
			s.met.Input("dropped")
			if errors.Is(err, netplay.ErrMessage) {
				return "bad input: " + err.Error()
			}
			return err.Error()
		}
	}
}

// seat gives the connection its seat: back to the one its token names, or
// a new one. It returns -1 and why not.
func (s *Server) seat(c *conn, addr string, h netplay.Hello) (int, string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.closed {
		return -1, "restart: the server is restarting"
	}
	idx := -1
	if h.Token != (Token{}) {
		for i, p := range s.seats {
			if p != nil && p.token == h.Token {
				idx = i
				if p.c != nil {
					p.c.close("replaced: the player connected again")
				}
				p.c, p.addr = c, addr
				s.logf("back to seat %d: %q from %s", i, p.name, addr)
			}
		}
	}
	if idx < 0 {
		n := 0
		for _, p := range s.seats {
			if p != nil && p.addr == addr {
				n++
			}
		}
		if n >= s.opts.MaxPerAddress {
			return -1, "full: too many players from your address"
		}
		recipe := h.Recipe
		if recipe < 0 || recipe >= len(s.opts.Game.Recipes) {
			recipe = 0
		}
		var err error
		if idx, err = s.host.Join(recipe); err != nil {
			return -1, "full: every seat is taken"
		}
		p := &seat{name: h.Name, addr: addr, c: c}
		_, _ = rand.Read(p.token[:])
		s.seats[idx] = p
		s.logf("join seat %d: %q from %s as %s", idx, h.Name, addr, s.opts.Game.Recipes[recipe])
	}
	w, err := s.welcome(idx)
	if err != nil {
		return -1, "welcome: " + err.Error()
	}
	s.queue(c, w)
	s.queue(c, append([]byte{MsgToken}, s.seats[idx].token[:]...))
	s.roster = true
	go s.Changed()
	return idx, ""
}

// welcome is seat's MsgWelcome (the game's state). Callers hold s.mu.
func (s *Server) welcome(seat int) ([]byte, error) {
	return s.host.Welcome(nil, seat)
}

// unseat starts the grace time of the seat c held.
func (s *Server) unseat(c *conn, idx int) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if p := s.seats[idx]; p != nil && p.c == c {
		p.c, p.since = nil, time.Now()
		r, _ := c.reason.Load().(string)
		st := s.host.Stats(idx)
		s.logf("seat %d (%q) disconnected: %s (inputs: %d in time, %d late)", idx, p.name, r, st.Inputs, st.Late)
	}
}

// queueBye queues the last message of a connection.
func (s *Server) queueBye(c *conn, b Bye) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.queue(c, AppendBye(nil, b))
}

// writeLoop writes c's messages until it closes, then what is left
// (a Bye).
func (s *Server) writeLoop(c *conn) {
	write := func(b []byte) bool {
		ctx, cancel := context.WithTimeout(context.Background(), s.opts.WriteTimeout)
		defer cancel()
		if err := c.ws.Write(ctx, websocket.MessageBinary, b); err != nil {
			// a write that timed out is a slow reader; one that failed
			// because the client closed or reset the connection is a
			// client that left (netops.WriteFailed).
			c.close(netops.WriteFailed(err, s.opts.WriteTimeout))
			_ = c.ws.CloseNow() // ends the reader's Read
			return false
		}
		s.met.AddOut(len(b))
		return true
	}
	for {
		select {
		case b := <-c.out:
			if !write(b) {
				return
			}
		case <-c.done:
			// A Bye waiting is the connection's last word; then the close
			// handshake, which also ends the reader's Read.
			for more := true; more; {
				select {
				case b := <-c.out:
					if b[0] == MsgBye && !write(b) {
						more = false
					}
				default:
					more = false
				}
			}
			reason, _ := c.reason.Load().(string)
			code := websocket.StatusPolicyViolation
			if netops.ReasonLabel(reason) == "closed" {
				code = websocket.StatusNormalClosure
			}
			netops.CloseWithin(c.ws, c.raw, code, reason, s.opts.CloseTimeout)
			return
		}
	}
}

// stateMagic starts a server's state file.
var stateMagic = []byte("MKPGSRV1")

// halt stops taking players and the tick loop, and returns the server's
// state: the host's game and the seats' names and tokens.
func (s *Server) halt() ([]byte, error) {
	s.mu.Lock()
	s.closed = true
	s.mu.Unlock()
	select {
	case <-s.stop:
	default:
		close(s.stop)
	}
	<-s.loopDone
	s.mu.Lock()
	defer s.mu.Unlock()
	var body []byte
	body = append(body, byte(len(s.seats)))
	for i, p := range s.seats {
		if p == nil {
			continue
		}
		body = append(body, byte(i))
		body = append(body, p.token[:]...)
		body = append(body, byte(len(p.name)))
		body = append(body, p.name...)
	}
	body = append(body, 0xff)
	game, err := s.host.SaveState(nil)
	if err != nil {
		return nil, err
	}
	body = append(body, game...)
	out := append([]byte(nil), stateMagic...)
	out = binary.LittleEndian.AppendUint32(out, crc32.Checksum(body, crc32.MakeTable(crc32.Castagnoli)))
	return append(out, body...), nil
}

// ErrState reports a state file that is damaged, not a playground
// server's, or of another level.
var ErrState = errors.New("online: bad server state")

// RestoreState resumes a drained server's match in this one (started with
// the same options, no one seated yet): its characters keep their seats
// for the Grace time, for their players to reconnect with their tokens.
func (s *Server) RestoreState(data []byte) error {
	if len(data) < len(stateMagic)+4 || !bytes.Equal(data[:len(stateMagic)], stateMagic) {
		return fmt.Errorf("%w: not a playground server's state", ErrState)
	}
	body := data[len(stateMagic)+4:]
	if crc32.Checksum(body, crc32.MakeTable(crc32.Castagnoli)) != binary.LittleEndian.Uint32(data[len(stateMagic):]) {
		return fmt.Errorf("%w: checksum mismatch", ErrState)
	}
	if len(body) < 1 {
		return fmt.Errorf("%w: truncated", ErrState)
	}
	var seats [netplay.MaxSeats]*seat
	b := body[1:]
	for {
		if len(b) == 0 {
			return fmt.Errorf("%w: truncated seats", ErrState)
		}
		if b[0] == 0xff {
			b = b[1:]
			break
		}
		if int(b[0]) >= netplay.MaxSeats || len(b) < 1+16+1 || len(b) < 18+int(b[17]) || int(b[17]) > MaxName {
			return fmt.Errorf("%w: a seat", ErrState)
		}
		p := &seat{since: time.Now()}
		copy(p.token[:], b[1:17])
		p.name = string(b[18 : 18+int(b[17])])
		seats[b[0]] = p
		b = b[18+int(b[17]):]
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	for _, p := range s.seats {
		if p != nil {
			return fmt.Errorf("%w: the server already has players", ErrState)
		}
	}
	err := s.host.LoadState(b)
	if err != nil {
		return fmt.Errorf("%w: %v", ErrState, err)
	}
	for i := range seats {
		switch {
		case seats[i] != nil && s.host.Seated(i):
			s.seats[i] = seats[i]
		case s.host.Seated(i):
			s.host.Leave(i) // a character without a player
		}
	}
	s.epoch, s.epochAt, s.roster = time.Now(), s.host.Tick(), true
	go s.Changed()
	return nil
}

// AdoptRoom resumes a match another server handed over (the fleet).
func (s *Server) AdoptRoom(state []byte) (int, error) {
	if err := s.RestoreState(state); err != nil {
		return 0, err
	}
	s.met.RoomMove("in")
	return 0, nil
}

// SaveState stops the server's match and writes its state (for a state
// file: a new server's RestoreState resumes it).
func (s *Server) SaveState(w io.Writer) error {
	b, err := s.halt()
	if err != nil {
		return err
	}
	_, err = w.Write(b)
	return err
}

// Drain stops taking players, tells them the server restarts and waits up
// to timeout for their connections to end.
func (s *Server) Drain(timeout time.Duration) { s.DrainTo(timeout, nil) }

// DrainTo is Drain that first hands the match to handoff (another server
// of a fleet): its players are told to reconnect there.
func (s *Server) DrainTo(timeout time.Duration, handoff netops.Handoff) {
	state, err := s.halt()
	bye := Bye{Reason: "restart: the server is restarting"}
	if err == nil && handoff != nil {
		if url, herr := handoff(0, state); herr == nil {
			bye.URL = url
			s.met.RoomMove("out")
		} else {
			s.logf("handoff: %v", herr)
			s.met.RoomMove("failed")
		}
	}
	s.mu.Lock()
	for _, p := range s.seats {
		if p != nil && p.c != nil {
			s.queue(p.c, AppendBye(nil, bye))
			p.c.close(bye.Reason)
		}
	}
	s.mu.Unlock()
	done := make(chan struct{})
	go func() { s.wg.Wait(); close(done) }()
	select {
	case <-done:
	case <-time.After(timeout):
	}
}

// Close ends the server at once.
func (s *Server) Close() {
	_, _ = s.halt()
	s.mu.Lock()
	for _, p := range s.seats {
		if p != nil && p.c != nil {
			p.c.close("closed")
			p.c.ws.CloseNow()
		}
	}
	s.mu.Unlock()
	s.wg.Wait()
}
