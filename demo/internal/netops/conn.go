package netops

import (
	"context"
	"net"
	"sync/atomic"
	"time"

	"github.com/coder/websocket"
)

// LimitListener wraps l so that every accepted TCP connection gets a send
// buffer of sndbuf bytes: a client that stops reading then fills it soon,
// the server's writes time out and the client is dropped as a slow reader
// instead of the kernel queueing megabytes for it.
func LimitListener(l net.Listener, sndbuf int) net.Listener { return limitListener{l, sndbuf} }

type limitListener struct {
	net.Listener
	sndbuf int
}

func (l limitListener) Accept() (net.Conn, error) {
	c, err := l.Listener.Accept()
	if err != nil {
		return nil, err
	}
	if tc, ok := c.(*net.TCPConn); ok && l.sndbuf > 0 {
		_ = tc.SetWriteBuffer(l.sndbuf)
	}
	return c, nil
}

type rawConnKey struct{}

// ConnContext is for http.Server.ConnContext: it keeps each connection's
// socket in the requests' context, where RawConn finds it, so that
// CloseWithin can close a socket whose close handshake the client stalls.
func ConnContext(ctx context.Context, c net.Conn) context.Context {
	return context.WithValue(ctx, rawConnKey{}, c)
}

// RawConn returns the socket ConnContext kept in ctx (a request's
// context), or nil when the HTTP server was not set up with ConnContext.
func RawConn(ctx context.Context) net.Conn {
	c, _ := ctx.Value(rawConnKey{}).(net.Conn)
	return c
}

// maxCloseReason is the longest close reason CloseWithin sends: a close
// frame is a control frame (at most 125 bytes with its 2-byte code).
const maxCloseReason = 120

// CloseWithin closes c with a close frame of code and reason (cut to 120
// bytes) but waits at most d for the handshake: then the socket raw (the
// request's RawConn) is closed, which ends the handshake too. The
// websocket library's handshake reads whatever frame the client
// announced, so a client that announced a huge one and sends nothing
// would hold the socket for ever. When raw is nil the fallback is
// c.CloseNow, which waits for the library's own handshake timeout.
func CloseWithin(c *websocket.Conn, raw net.Conn, code websocket.StatusCode, reason string, d time.Duration) {
	if len(reason) > maxCloseReason {
		reason = reason[:maxCloseReason]
	}
	done := make(chan struct{})
	go func() {
		_ = c.Close(code, reason)
		close(done)
	}()
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-done:
	case <-t.C:
		if raw != nil {
			_ = raw.Close() // ends the library's stalled handshake too
		} else {
			_ = c.CloseNow()
		}
	}
}

// Idle is a connection's idle clock: its reader calls Touch on every
// input, and a watcher goroutine's Wait returns once none has come for a
// while. The zero Idle is ready; it is safe for concurrent use.
type Idle struct {
	last atomic.Int64 // unix nanoseconds of the last Touch
}

// Touch records an input at t.
func (i *Idle) Touch(t time.Time) { i.last.Store(t.UnixNano()) }

// Wait touches the clock now, then blocks until no Touch has come for
// longer than d (checked every d/4) and returns how long that has been
// and true. It returns 0 and false as soon as done or stop is closed (a
// nil channel never is).
func (i *Idle) Wait(d time.Duration, done, stop <-chan struct{}) (time.Duration, bool) {
	i.Touch(time.Now())
	t := time.NewTicker(d / 4)
	defer t.Stop()
	for {
		select {
		case <-done:
			return 0, false
		case <-stop:
			return 0, false
		case now := <-t.C:
			if idle := now.Sub(time.Unix(0, i.last.Load())); idle > d {
				return idle, true
			}
		}
	}
}
