package online

import (
	"context"
	"errors"
	"fmt"
	"net"
	"net/http"
	"strconv"
	"time"

	"github.com/coder/websocket"
	"github.com/seedgames/motorkit/demo/flail/wire"
	"github.com/seedgames/motorkit/demo/internal/netops"
)

// Accepting connections: the HTTP upgrade, the per-address limits, the
// handshake and the reader loop of one connection.

// ServeHTTP accepts a WebSocket connection and runs it until it ends.
func (s *Server) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	a, ok := netops.Accept(w, r, netops.AcceptOptions{Limits: s.limits, Ready: s.Ready,
		Origins: s.opts.AllowedOrigins, ReadLimit: wire.MaxClientMessage, Logf: s.logf})
	if !ok {
		return
	}
	defer a.Release(s.limits)
	c, raw, addr := a.Conn, a.Raw, a.Addr
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
func (s *Server) remoteAddr(r *http.Request) string { return s.limits.RemoteAddr(r) }

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

// ConnContext is for http.Server.ConnContext: it hands the server each
// connection's socket, so that a close handshake a client stalls (by
// announcing a frame it never sends) ends with the socket closed after
// ServerOptions.CloseTimeout. Without it the server falls back to the
// websocket library's close, which waits for the client. It is
// netops.ConnContext.
func ConnContext(ctx context.Context, c net.Conn) context.Context { return netops.ConnContext(ctx, c) }

// sock is a websocket connection and, when the HTTP server was set up with
// ConnContext, its socket.
type sock struct {
	c   *websocket.Conn
	raw net.Conn
}

// kick sends an Error and closes the connection, logging the reason.
func (s *Server) kick(sk sock, who string, code uint8, reason string) {
	c := sk.c
	s.met.Disconnect(reason)
	s.logf("disconnect %s: %s", who, reason)
	ctx, cancel := context.WithTimeout(s.ctx, time.Second)
	defer cancel()
	_ = c.Write(ctx, websocket.MessageBinary, wire.AppendError(nil, &wire.Error{Code: code, Text: reason}))
	closeWithin(sk, websocket.StatusPolicyViolation, reason, s.opts.CloseTimeout)
}

// closeWithin closes the connection with a close frame but waits at most d
// for the handshake, then closes the socket (netops.CloseWithin).
func closeWithin(sk sock, code websocket.StatusCode, reason string, d time.Duration) {
	netops.CloseWithin(sk.c, sk.raw, code, reason, d)
}

func (s *Server) serve(sk sock, addr string, pref int) {
	c := sk.c
	start := time.Now()
	if !s.addPending(1) {
		s.logf("refuse %s: more than %d connections waiting for their hello", addr, s.opts.MaxPending)
		s.met.Disconnect("full")
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
	s.Changed()
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
	writerDone := make(chan struct{})
	go func() { defer close(writerDone); cl.writeLoop() }()
	if !p.watcher {
		go cl.watchIdle() // a spectator sends nothing by design
	}
	reason := cl.readLoop(room, p)
	room.leave(p, cl)
	s.Changed()
	cl.close(reason)
	<-writerDone
	r, _ := cl.reason.Load().(string)
	switch wf, _ := cl.writeFail.Load().(string); {
	case wf != "": // the writer ended on a failed write, without a kick
		if netops.ReasonLabel(r) == "closed" {
			r = wf
		}
		s.met.Disconnect(r)
	case netops.ReasonLabel(r) == "closed":
		s.met.Disconnect(r)
	} // else a kick counted itself
}

// cleanName keeps printable runes, trims spaces, cuts to wire.MaxName bytes;
// an empty name becomes "player".
func cleanName(n string) string { return netops.CleanName(n, wire.MaxName) }
