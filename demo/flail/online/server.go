package online

import (
	"context"
	"errors"
	"fmt"
	"log"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/seedgames/motorkit/demo/flail/internal/match"
	"github.com/seedgames/motorkit/demo/flail/wire"
	"github.com/seedgames/motorkit/demo/internal/netops"
	"github.com/seedgames/motorkit/flail"
)

// ServerOptions configure a Server. Zero fields take their defaults, the
// values of DefaultServerOptions (docs/online.md has the table).
type ServerOptions struct {
	// RoomSize is the number of cars in a room: bots fill the places people
	// do not take.
	RoomSize int
	// MaxRooms bounds the rooms; a Hello is refused with wire.CodeFull
	// when every room is full of people.
	MaxRooms int
	// Seed is the first room's match seed (room k uses Seed+k).
	Seed uint64
	// Config is the tuning (nil: match.Config("")).
	Config *flail.Config
	// Grace is how long a disconnected player's car waits for a reconnect
	// with its token.
	Grace time.Duration
	// HelloTimeout bounds the wait for the first message.
	HelloTimeout time.Duration
	// WriteTimeout bounds one message write.
	WriteTimeout time.Duration
	// InputRate is the most inputs per second a client may send on
	// average since its connection started (plus one second's worth);
	// more is an input flood and ends the connection (40 Hz plus clock
	// slack).
	InputRate int
	// InputQueue bounds the unapplied inputs of a client (five seconds'):
	// it only fills when the server falls behind its own schedule, and
	// then ends the connection ("server overloaded").
	InputQueue int
	// SendQueue is the most messages waiting for a client's writer; when
	// full, snapshots are dropped.
	SendQueue int
	// SlowDrops is how many snapshots dropped in a row disconnect a client
	// as a slow reader.
	SlowDrops int
	// Log receives one line per connection event (nil: log.Default()).
	Log *log.Logger
	// MaxPending bounds the connections that have not sent their Hello
	// yet; beyond it a new one is closed at once. Each waits at most
	// HelloTimeout.
	MaxPending int
	// MaxPerAddress bounds, per remote address, both the open connections
	// and the cars (connected or waiting within their grace time), so one
	// script cannot take every place (a household or LAN party behind one
	// address shares them). A connection over the limit gets HTTP 429; a
	// Hello over it, wire.CodeFull.
	MaxPerAddress int
	// TrustedProxies are the addresses (IPs or CIDRs) of reverse proxies in
	// front of the server: for a connection from one of them the remote
	// address is taken from X-Forwarded-For (its rightmost address that is
	// not itself a trusted proxy). Other connections' headers are ignored.
	TrustedProxies []string
	// EmptyRoomTimeout closes a room that has had no people (connected or
	// within their grace time) for that long: its bots stop ticking. The
	// next newcomer opens a new room.
	EmptyRoomTimeout time.Duration
	// IdleTimeout ends a connection that sent no input for that long; the
	// player is told why and may come back with the token within the
	// grace time.
	IdleTimeout time.Duration
	// CloseTimeout bounds a close handshake: when the client has not
	// answered the close frame by then, the connection is closed
	// without it. A client that announced a huge frame and sends nothing
	// would otherwise hold the socket, since the handshake reads what it
	// announced.
	CloseTimeout time.Duration
	// AllowedOrigins are the host patterns (path.Match syntax:
	// "game.example.com", "*.example.com:8443") of the other web pages
	// allowed to open a websocket on this server from a browser. A page
	// served by this server (an Origin whose host is the request's Host) is
	// always allowed; any other browser origin is refused with 403, so a
	// page on another site cannot use a visitor's browser to play here.
	// Native clients send no Origin header and are always accepted.
	AllowedOrigins []string
}

// DefaultServerOptions returns the values a zero field of ServerOptions
// takes (Config and Log aside: match.Config("") and log.Default(), made
// when a server starts).
func DefaultServerOptions() ServerOptions {
	return ServerOptions{
		RoomSize:         12,
		MaxRooms:         16,
		Grace:            10 * time.Second,
		HelloTimeout:     5 * time.Second,
		WriteTimeout:     2 * time.Second,
		InputRate:        48,
		InputQueue:       200,
		SendQueue:        64,
		SlowDrops:        80,
		MaxPending:       256,
		MaxPerAddress:    8,
		EmptyRoomTimeout: time.Minute,
		IdleTimeout:      60 * time.Second,
		CloseTimeout:     2 * time.Second,
	}
}

func (o *ServerOptions) defaults() error {
	d := DefaultServerOptions()
	if o.RoomSize <= 0 {
		o.RoomSize = d.RoomSize
	}
	if o.RoomSize > match.MaxBots {
		return fmt.Errorf("online: room size %d > %d", o.RoomSize, match.MaxBots)
	}
	if o.Config == nil {
		cfg, err := match.Config("")
		if err != nil {
			return err
		}
		o.Config = &cfg
	}
	if o.Log == nil {
		o.Log = log.Default()
	}
	netops.OrDefault(&o.MaxRooms, d.MaxRooms)
	netops.OrDefault(&o.MaxPerAddress, d.MaxPerAddress)
	netops.OrDefault(&o.MaxPending, d.MaxPending)
	netops.OrDefault(&o.InputRate, d.InputRate)
	netops.OrDefault(&o.InputQueue, d.InputQueue)
	netops.OrDefault(&o.SendQueue, d.SendQueue)
	netops.OrDefault(&o.SlowDrops, d.SlowDrops)
	netops.OrDefault(&o.Grace, d.Grace)
	netops.OrDefault(&o.HelloTimeout, d.HelloTimeout)
	netops.OrDefault(&o.WriteTimeout, d.WriteTimeout)
	netops.OrDefault(&o.CloseTimeout, d.CloseTimeout)
	netops.OrDefault(&o.IdleTimeout, d.IdleTimeout)
	netops.OrDefault(&o.EmptyRoomTimeout, d.EmptyRoomTimeout)
	return nil
}

// Server is the authoritative game server. Serve its Handler (the
// WebSocket endpoint) over HTTP.
type Server struct {
	netops.Notifier // OnChange, for a directory of servers (demo/internal/fleet)

	opts ServerOptions

	limits *netops.AddressLimits // open connections per remote address

	mu       sync.Mutex
	live     map[*conn]bool // the players' connections, for Drain
	pending  int            // connections that have not sent their Hello
	rooms    []*Room
	nextRoom int // the number of the next room opened
	tokens   map[wire.Token]*player
	closed   bool

	ctx    context.Context
	cancel context.CancelFunc
	wg     sync.WaitGroup
	met    *netops.Metrics
}

// NewServer returns a server with no rooms yet (the first Hello opens one).
func NewServer(opts ServerOptions) (*Server, error) {
	if err := opts.defaults(); err != nil {
		return nil, err
	}
	limits, err := netops.NewAddressLimits(opts.MaxPerAddress, opts.TrustedProxies)
	if err != nil {
		return nil, fmt.Errorf("online: %w", err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	s := &Server{opts: opts, tokens: map[wire.Token]*player{}, limits: limits, ctx: ctx, cancel: cancel}
	s.met = netops.NewMetrics("flail", s.RoomList, limits.Count)
	return s, nil
}

// restartReason is what Drain tells every player.
const restartReason = "restart: the server is restarting, reconnect in a few seconds"

// Drain ends the server gracefully: it stops taking players (/readyz says
// 503, new connections are refused with 503), tells every connected player
// that the server is restarting (a wire error CodeRestart, then the
// websocket close code 1012, service restart) so clients reconnect by
// themselves, waits up to timeout for the connections to end, and closes
// the server. The rooms stay in memory for SaveState.
func (s *Server) Drain(timeout time.Duration) { s.DrainTo(timeout, nil) }

// Handoff hands a room's state (from a halted room) to another server and
// returns the websocket URL its players should reconnect to (for example
// another server's AdoptRoom behind a message bus, as demo/internal/fleet
// does).
type Handoff = netops.Handoff

// DrainTo is Drain that first hands every room to another server: each
// room is halted, its state given to handoff, and its players told to
// reconnect at the URL handoff returns (the CodeRestart text ends with
// "at URL"; MovedTo reads it back). A room whose handoff fails stays here
// (for SaveState) and its players get the plain restart notice.
func (s *Server) DrainTo(timeout time.Duration, handoff Handoff) {
	s.mu.Lock()
	s.closed = true
	rooms := slices.Clone(s.rooms)
	s.mu.Unlock()
	if handoff != nil {
		for _, r := range rooms {
			s.moveRoom(r, handoff)
		}
	}
	s.mu.Lock()
	var cls []*conn
	for cl := range s.live {
		cls = append(cls, cl)
	}
	s.mu.Unlock()
	s.logf("draining: telling %d players the server restarts", len(cls))
	for _, cl := range cls {
		cl.close(restartReason)
	}
	deadline := time.Now().Add(timeout)
	for time.Now().Before(deadline) {
		s.mu.Lock()
		n := len(s.live)
		s.mu.Unlock()
		if n == 0 {
			break
		}
		time.Sleep(10 * time.Millisecond)
	}
	s.Close()
}

// moveRoom halts r, hands its state over and sends its players on.
func (s *Server) moveRoom(r *Room, handoff Handoff) {
	state, err := s.haltRoom(r)
	var url string
	if err == nil {
		url, err = handoff(r.num, state)
	}
	if err != nil {
		s.logf("room %d: handoff failed: %v", r.num, err)
		s.met.RoomMove("failed")
		return
	}
	s.met.RoomMove("out")
	r.mu.Lock()
	var gone []wire.Token
	for _, p := range r.people {
		gone = append(gone, p.token)
		if p.cl != nil {
			p.cl.close(restartReason + " at " + url)
		}
	}
	for _, p := range r.watchers {
		p.cl.close(restartReason + " at " + url)
	}
	r.mu.Unlock()
	s.mu.Lock()
	for _, t := range gone {
		delete(s.tokens, t)
	}
	if i := slices.Index(s.rooms, r); i >= 0 {
		s.rooms = slices.Delete(s.rooms, i, i+1)
	}
	s.mu.Unlock()
	s.logf("room %d handed over: %d people sent to %s", r.num, len(gone), url)
}

// MovedTo reports the URL a server's restart notice (err from a Client)
// sends the player to, when its room was handed to another server.
func MovedTo(err error) (url string, ok bool) {
	var se *wire.Error
	if !errors.As(err, &se) || se.Code != wire.CodeRestart {
		return "", false
	}
	i := strings.LastIndex(se.Text, " at ")
	if i < 0 {
		return "", false
	}
	url = se.Text[i+len(" at "):]
	if !strings.HasPrefix(url, "ws://") && !strings.HasPrefix(url, "wss://") {
		return "", false
	}
	return url, true
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

// Logf writes to the server's log (ServerOptions.Log), for code that runs
// alongside it (demo/internal/fleet).
func (s *Server) Logf(format string, args ...any) { s.logf(format, args...) }

// Options returns the server's options with their defaults filled in.
func (s *Server) Options() ServerOptions { return s.opts }

// Capacity is the number of cars in a room and the most rooms the server
// opens (ServerOptions.RoomSize and MaxRooms with their defaults), as a
// fleet's directory shows them.
func (s *Server) Capacity() (roomSize, maxRooms int) { return s.opts.RoomSize, s.opts.MaxRooms }

// MaxRoomSize bounds ServerOptions.RoomSize.
const MaxRoomSize = match.MaxBots

// Config returns the demo's tuning with the user file at path decoded
// over it ("" = none), as the offline demo loads it.
func Config(path string) (flail.Config, error) { return match.Config(path) }
