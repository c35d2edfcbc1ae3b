package online

import (
	"context"
	"errors"
	"fmt"
	"log"
	"net"
	"net/http"
	"net/netip"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"
	"unicode"

	"github.com/coder/websocket"
	"github.com/seedgames/motorkit/demo/flail/internal/match"
	"github.com/seedgames/motorkit/flail"
	"github.com/seedgames/motorkit/flail/wire"
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
	// MaxPending bounds the connections that have not sent their Hello yet
	// (default 256); beyond it a new one is closed at once. Each waits at
	// most HelloTimeout.
	MaxPending int
	// MaxPerAddress bounds, per remote address, both the open connections
	// and the cars (connected or waiting within their grace time), so one
	// script cannot take every place (default 8; a household or LAN party
	// behind one address shares them). A connection over the limit gets
	// HTTP 429; a Hello over it, wire.CodeFull.
	MaxPerAddress int
	// TrustedProxies are the addresses (IPs or CIDRs) of reverse proxies in
	// front of the server: for a connection from one of them the remote
	// address is taken from X-Forwarded-For (its rightmost address that is
	// not itself a trusted proxy). Other connections' headers are ignored.
	TrustedProxies []string
	// EmptyRoomTimeout closes a room that has had no people (connected or
	// within their grace time) for that long (default 1 min): its bots
	// stop ticking. The next newcomer opens a new room.
	EmptyRoomTimeout time.Duration
	// IdleTimeout ends a connection that sent no input for that long
	// (default 60 s); the player is told why and may come back with the
	// token within the grace time.
	IdleTimeout time.Duration
	// CloseTimeout bounds a close handshake (default 2 s): when the client
	// has not answered the close frame by then, the connection is closed
	// without it. A client that announced a huge frame and sends nothing
	// would otherwise hold the socket, since the handshake reads what it
	// announced.
	CloseTimeout time.Duration
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
	if o.CloseTimeout <= 0 {
		o.CloseTimeout = 2 * time.Second
	}
	if o.IdleTimeout <= 0 {
		o.IdleTimeout = 60 * time.Second
	}
	if o.EmptyRoomTimeout <= 0 {
		o.EmptyRoomTimeout = time.Minute
	}
	if o.MaxPerAddress <= 0 {
		o.MaxPerAddress = 8
	}
	if o.MaxPending <= 0 {
		o.MaxPending = 256
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

	mu       sync.Mutex
	conns    map[string]int // open connections per remote address
	live     map[*conn]bool // the players' connections, for Drain
	pending  int            // connections that have not sent their Hello
	proxies  []netip.Prefix
	rooms    []*Room
	nextRoom int // the number of the next room opened
	tokens   map[wire.Token]*player
	closed   bool

	onChange atomic.Value // func(), see OnChange

	ctx    context.Context
	cancel context.CancelFunc
	wg     sync.WaitGroup
	met    *metrics
}

// NewServer returns a server with no rooms yet (the first Hello opens one).
func NewServer(opts ServerOptions) (*Server, error) {
	if err := opts.defaults(); err != nil {
		return nil, err
	}
	var proxies []netip.Prefix
	for _, p := range opts.TrustedProxies {
		pre, err := netip.ParsePrefix(p)
		if err != nil {
			ip, err2 := netip.ParseAddr(p)
			if err2 != nil {
				return nil, fmt.Errorf("online: trusted proxy %q: not an IP or CIDR", p)
			}
			pre = netip.PrefixFrom(ip.Unmap(), ip.Unmap().BitLen())
		}
		proxies = append(proxies, pre)
	}
	ctx, cancel := context.WithCancel(context.Background())
	s := &Server{opts: opts, tokens: map[wire.Token]*player{}, conns: map[string]int{}, proxies: proxies,
		ctx: ctx, cancel: cancel}
	s.met = newMetrics(s)
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
// another server's AdoptRoom behind a message bus, as demo/flail/fleet
// does).
type Handoff func(room int, state []byte) (url string, err error)

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
		s.met.roomMove("failed")
		return
	}
	s.met.roomMove("out")
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
// alongside it (demo/flail/fleet).
func (s *Server) Logf(format string, args ...any) { s.logf(format, args...) }

// OnChange sets fn to be called (on the goroutine of the change, with no
// lock held) whenever a player joins or leaves or a room opens or closes,
// so a directory of servers (demo/flail/fleet) can publish the new counts
// at once. fn must not block.
func (s *Server) OnChange(fn func()) { s.onChange.Store(fn) }

func (s *Server) changed() {
	if fn, ok := s.onChange.Load().(func()); ok && fn != nil {
		fn()
	}
}

// Options returns the server's options with their defaults filled in.
func (s *Server) Options() ServerOptions { return s.opts }

// ServeHTTP accepts a WebSocket connection and runs it until it ends.
func (s *Server) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	addr := s.remoteAddr(r)
	if !s.Ready() {
		http.Error(w, "the server is restarting: try again in a few seconds", http.StatusServiceUnavailable)
		return
	}
	if !s.openConn(addr) {
		s.logf("refuse %s: more than %d connections from that address", addr, s.opts.MaxPerAddress)
		http.Error(w, "too many connections from your address", http.StatusTooManyRequests)
		return
	}
	defer s.closeConn(addr)
	c, err := websocket.Accept(w, r, &websocket.AcceptOptions{OriginPatterns: s.opts.AllowedOrigins})
	if err != nil {
		s.logf("accept %s: %v", r.RemoteAddr, err)
		return
	}
	c.SetReadLimit(wire.MaxClientMessage)
	raw, _ := r.Context().Value(rawConnKey{}).(net.Conn)
	s.wg.Add(1)
	defer s.wg.Done()
	s.serve(sock{c, raw}, addr, preferredRoom(r))
}

// preferredRoom reads the room a player asks for from the websocket URL's
// query (?room=N); -1 when there is none.
func preferredRoom(r *http.Request) int {
	n, err := strconv.Atoi(r.URL.Query().Get("room"))
	if err != nil || n < 0 {
		return -1
	}
	return n
}

// remoteAddr is the address limits count against: the connection's IP, or
// for a trusted proxy the client's IP from X-Forwarded-For.
func (s *Server) remoteAddr(r *http.Request) string {
	host, _, err := net.SplitHostPort(r.RemoteAddr)
	if err != nil {
		host = r.RemoteAddr
	}
	ip, err := netip.ParseAddr(host)
	if err != nil || !s.trusted(ip) {
		return host
	}
	hops := strings.Split(strings.Join(r.Header.Values("X-Forwarded-For"), ","), ",")
	for i := len(hops) - 1; i >= 0; i-- {
		h, err := netip.ParseAddr(strings.TrimSpace(hops[i]))
		if err != nil {
			break
		}
		if !s.trusted(h) {
			return h.String()
		}
	}
	return host
}

func (s *Server) trusted(ip netip.Addr) bool {
	for _, p := range s.proxies {
		if p.Contains(ip.Unmap()) {
			return true
		}
	}
	return false
}

// openConn counts a new connection from addr; false when addr is at the
// limit.
func (s *Server) openConn(addr string) bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.conns[addr] >= s.opts.MaxPerAddress {
		return false
	}
	s.conns[addr]++
	return true
}

func (s *Server) closeConn(addr string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.conns[addr]--; s.conns[addr] <= 0 {
		delete(s.conns, addr)
	}
}

// carsFrom counts the cars of people from addr, connected or within their
// grace time. Callers hold s.mu.
func (s *Server) carsFrom(addr string) int {
	n := 0
	for _, p := range s.tokens {
		if p.addr == addr {
			n++
		}
	}
	return n
}

type rawConnKey struct{}

// ConnContext is for http.Server.ConnContext: it hands the server each
// connection's socket, so that a close handshake a client stalls (by
// announcing a frame it never sends) ends with the socket closed after
// ServerOptions.CloseTimeout. Without it the server falls back to the
// websocket library's close, which waits for the client.
func ConnContext(ctx context.Context, c net.Conn) context.Context {
	return context.WithValue(ctx, rawConnKey{}, c)
}

// sock is a websocket connection and, when the HTTP server was set up with
// ConnContext, its socket.
type sock struct {
	c   *websocket.Conn
	raw net.Conn
}

// kick sends an Error and closes the connection, logging the reason.
func (s *Server) kick(sk sock, who string, code uint8, reason string) {
	c := sk.c
	s.met.disconnect(reason)
	s.logf("disconnect %s: %s", who, reason)
	ctx, cancel := context.WithTimeout(s.ctx, time.Second)
	defer cancel()
	_ = c.Write(ctx, websocket.MessageBinary, wire.AppendError(nil, &wire.Error{Code: code, Text: reason}))
	closeWithin(sk, websocket.StatusPolicyViolation, trimReason(reason), s.opts.CloseTimeout)
}

// closeWithin closes c with a close frame but waits at most d for the
// handshake: then the raw connection is closed. The library's handshake
// reads whatever frame the client announced, so a client that announced a
// huge one and sends nothing would hold the socket for ever.
func closeWithin(sk sock, code websocket.StatusCode, reason string, d time.Duration) {
	done := make(chan struct{})
	go func() {
		_ = sk.c.Close(code, reason)
		close(done)
	}()
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-done:
	case <-t.C:
		if sk.raw != nil {
			_ = sk.raw.Close() // ends the library's stalled handshake too
		} else {
			_ = sk.c.CloseNow()
		}
	}
}

func trimReason(s string) string {
	if len(s) > 120 { // close reasons must fit a control frame
		s = s[:120]
	}
	return s
}

func (s *Server) serve(sk sock, addr string, pref int) {
	c := sk.c
	start := time.Now()
	if !s.addPending(1) {
		s.logf("refuse %s: more than %d connections waiting for their hello", addr, s.opts.MaxPending)
		s.met.disconnect("full")
		c.CloseNow()
		return
	}
	ctx, cancel := context.WithTimeout(s.ctx, s.opts.HelloTimeout)
	typ, b, err := c.Read(ctx)
	cancel()
	s.addPending(-1)
	if err != nil {
		s.logf("disconnect %s: no hello: %v", addr, err)
		c.CloseNow()
		return
	}
	var h wire.Hello
	if typ != websocket.MessageBinary {
		s.kick(sk, addr, wire.CodeBadHello, "first message is not binary")
		return
	}
	if err := wire.DecodeHello(b, &h); err != nil {
		s.kick(sk, addr, wire.CodeBadHello, "bad hello: "+err.Error())
		return
	}
	if h.Version != wire.Version {
		s.kick(sk, addr, wire.CodeVersion, fmt.Sprintf("protocol version %d, server speaks %d", h.Version, wire.Version))
		return
	}
	frame := wire.Frame{}
	if h.Flags&wire.HelloSeedFrame != 0 {
		frame = wire.SeedFrame(s.opts.Config.UnitsPerMeter)
	}
	cl := &conn{s: s, c: c, raw: sk.raw, start: start, addr: addr, frame: frame, out: make(chan []byte, s.opts.SendQueue), done: make(chan struct{})}
	var p *player
	var room *Room
	if h.Flags&wire.HelloSpectate != 0 {
		p, room, err = s.spectate(cl, pref)
	} else {
		p, room, err = s.join(cl, cleanName(h.Name), h.Token, pref)
	}
	if err != nil {
		code := uint8(wire.CodeFull)
		if errors.Is(err, errUnknownToken) {
			code = wire.CodeToken
		}
		s.kick(sk, addr, code, err.Error())
		return
	}
	cl.who = fmt.Sprintf("%s (%q, room %d, player %d)", addr, p.name, room.num, p.id)
	s.logf("join %s", cl.who)
	s.changed()
	s.mu.Lock()
	if s.live == nil {
		s.live = map[*conn]bool{}
	}
	s.live[cl] = true
	draining := s.closed
	s.mu.Unlock()
	defer func() {
		s.mu.Lock()
		delete(s.live, cl)
		s.mu.Unlock()
	}()
	if draining {
		cl.close(restartReason)
	}
	go cl.writeLoop()
	if !p.watcher {
		go cl.watchIdle() // a spectator sends nothing by design
	}
	reason := cl.readLoop(room, p)
	room.leave(p, cl)
	s.changed()
	cl.close(reason)
	if r, _ := cl.reason.Load().(string); r == "" || r == "closed" {
		s.met.disconnect("closed") // a kick counted itself
	}
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
func (s *Server) join(cl *conn, name string, tok wire.Token, pref int) (*player, *Room, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.closed {
		return nil, nil, errors.New("server closing")
	}
	if tok != (wire.Token{}) {
		// A token gets its car back and is replaced by a new one (a token
		// seen on the wire cannot be used twice); a token of no car is
		// refused rather than turned into a new car.
		p, ok := s.tokens[tok]
		if ok {
			delete(s.tokens, tok)
			next := newToken()
			if p.room.reattach(p, cl, next) {
				s.tokens[next] = p
				s.logf("reconnect %s to player %d in room %d", cl.addr, p.id, p.room.num)
				return p, p.room, nil
			}
		}
		return nil, nil, errUnknownToken
	}
	if n := s.carsFrom(cl.addr); n >= s.opts.MaxPerAddress {
		return nil, nil, fmt.Errorf("%d cars from your address already (at most %d)", n, s.opts.MaxPerAddress)
	}
	// the room the player asked for (?room=N: a friend's room, or the
	// one a fleet's /join picked) first, then the first with space.
	rooms := s.rooms
	if i := slices.IndexFunc(rooms, func(r *Room) bool { return r.num == pref }); i > 0 {
		rooms = append([]*Room{rooms[i]}, slices.Delete(slices.Clone(rooms), i, i+1)...)
	}
	for _, r := range rooms {
		if p, err := r.add(cl, name); err == nil {
			s.tokens[p.token] = p
			return p, r, nil
		}
	}
	if len(s.rooms) >= s.opts.MaxRooms {
		// Full of people, but some may be dropped cars waiting for a
		// reconnect: the newcomer takes the seat of the one gone longest,
		// so seats nobody is using do not lock people out.
		if p, r, ok := s.takeGraceSeat(cl, name); ok {
			return p, r, nil
		}
		return nil, nil, fmt.Errorf("server full (%d rooms of %d)", len(s.rooms), s.opts.RoomSize)
	}
	r, err := newRoom(s, s.nextRoom)
	if err != nil {
		return nil, nil, err
	}
	s.nextRoom++
	s.openRoom(r)
	p, err := r.add(cl, name)
	if err != nil {
		return nil, nil, err
	}
	s.tokens[p.token] = p
	return p, r, nil
}

// openRoom lists r and starts its loop. Callers hold s.mu.
func (s *Server) openRoom(r *Room) {
	s.rooms = append(s.rooms, r)
	s.wg.Add(1)
	go func() { defer s.wg.Done(); r.run(s.ctx) }()
}

// spectate puts a spectator in room pref, or in the room with the most
// people.
func (s *Server) spectate(cl *conn, pref int) (*player, *Room, error) {
	s.mu.Lock()
	if s.closed {
		s.mu.Unlock()
		return nil, nil, errors.New("server closing")
	}
	var best *Room
	for _, r := range s.rooms {
		if r.num == pref {
			best = r
			break
		}
		if best == nil || r.People() > best.People() {
			best = r
		}
	}
	s.mu.Unlock()
	if best == nil {
		return nil, nil, errors.New("no room to watch")
	}
	p, err := best.watch(cl)
	return p, best, err
}

// addPending counts a connection waiting for its Hello (+1) or done waiting
// (-1); it refuses (false) a +1 beyond MaxPending.
func (s *Server) addPending(d int) bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	if d > 0 && s.pending >= s.opts.MaxPending {
		return false
	}
	s.pending += d
	return true
}

// takeGraceSeat gives the newcomer the seat of the dropped car that has
// waited longest for its reconnect. Callers hold s.mu.
func (s *Server) takeGraceSeat(cl *conn, name string) (*player, *Room, bool) {
	var old *player
	var since time.Time
	for _, p := range s.tokens {
		if t, ok := p.room.graceSince(p); ok && (old == nil || t.Before(since) || (t.Equal(since) && p.id < old.id)) {
			old, since = p, t
		}
	}
	if old == nil || !old.room.evict(old) {
		return nil, nil, false
	}
	delete(s.tokens, old.token)
	p, err := old.room.add(cl, name)
	if err != nil {
		return nil, nil, false
	}
	s.tokens[p.token] = p
	return p, old.room, true
}

// errUnknownToken refuses a Hello whose token names no car.
var errUnknownToken = errors.New("unknown or expired token: join without one")

// retire closes room r if it is still empty: it leaves the list at once,
// under the lock joins take, so no newcomer can land in it.
func (s *Server) retire(r *Room) bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	if r.People() != 0 {
		return false
	}
	i := slices.Index(s.rooms, r)
	if i < 0 {
		return false
	}
	s.rooms = slices.Delete(s.rooms, i, i+1)
	s.logf("room %d closed: empty for %v", r.num, s.opts.EmptyRoomTimeout)
	return true
}

func (s *Server) forget(tok wire.Token) {
	s.mu.Lock()
	delete(s.tokens, tok)
	s.mu.Unlock()
}

// MaxRoomSize bounds ServerOptions.RoomSize.
const MaxRoomSize = match.MaxBots

// Config returns the demo's tuning with the user file at path decoded
// over it ("" = none), as the offline demo loads it.
func Config(path string) (flail.Config, error) { return match.Config(path) }
