package online

import (
	"context"
	"crypto/rand"
	"errors"
	"fmt"
	"io"
	"math"
	"net"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/coder/websocket"
	"github.com/seedgames/motorkit/demo/flail/wire"
	"github.com/seedgames/motorkit/demo/internal/netops"
)

// conn is one WebSocket connection.
type conn struct {
	s     *Server
	c     *websocket.Conn
	raw   net.Conn  // the socket, when the HTTP server has ConnContext
	start time.Time // when the connection was accepted: the input budget counts from here
	addr  string
	who   string
	frame wire.Frame
	out   chan []byte
	// drops counts snapshots dropped in a row because out was full.
	drops     int
	closeOnce sync.Once
	done      chan struct{}
	reason    atomic.Value
	// writeFail is why the writer ended on a failed write
	// (netops.WriteFailed: a slow reader, or a client that left).
	writeFail atomic.Value
	// idle is when the last input arrived, for the idle watchdog.
	idle netops.Idle
}

// watchIdle ends the connection when no input has arrived for the
// server's IdleTimeout, telling the player why. The kick's bounded close
// also frees a reader blocked in the middle of a frame the client never
// finishes.
func (cl *conn) watchIdle() {
	if idle, ok := cl.idle.Wait(cl.s.opts.IdleTimeout, cl.done, cl.s.ctx.Done()); ok {
		cl.close(fmt.Sprintf("idle: no input for %.1f s", idle.Seconds()))
	}
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
			if strings.HasPrefix(r, restartReason) {
				cl.s.met.Disconnect(r)
				cl.s.logf("disconnect %s: %s", cl.who, r)
				ctx, cancel := context.WithTimeout(cl.s.ctx, time.Second)
				_ = cl.c.Write(ctx, websocket.MessageBinary, wire.AppendError(nil, &wire.Error{Code: wire.CodeRestart, Text: r}))
				cancel()
				closeWithin(sock{cl.c, cl.raw}, websocket.StatusServiceRestart, "server restarting", cl.s.opts.CloseTimeout)
			} else if netops.ReasonLabel(r) != "closed" {
				cl.s.kick(sock{cl.c, cl.raw}, cl.who, wire.CodeKicked, r)
			} else {
				closeWithin(sock{cl.c, cl.raw}, websocket.StatusNormalClosure, "", cl.s.opts.CloseTimeout)
			}
			return
		case b := <-cl.out:
			ctx, cancel := context.WithTimeout(cl.s.ctx, cl.s.opts.WriteTimeout)
			err := cl.c.Write(ctx, websocket.MessageBinary, b)
			cancel()
			if err == nil {
				cl.s.met.AddOut(len(b))
			}
			if wire.KindOf(b) == wire.KindSnapshot { // per-client buffers (see Room.send)
				putSnapBuf(b)
			}
			if err != nil {
				// A write that timed out is a slow reader; one that failed
				// because the client closed or reset the connection (a
				// closed tab) is a client that left. The library closes the
				// connection when a write times out, so the reader may have
				// ended first, with reason "closed": serve counts this.
				wf := netops.WriteFailed(err, cl.s.opts.WriteTimeout)
				cl.writeFail.Store(wf)
				if r, _ := cl.reason.Load().(string); netops.ReasonLabel(r) == "closed" {
					if netops.ReasonLabel(wf) == "closed" {
						cl.s.logf("leave %s: %s", cl.who, wf)
					} else {
						cl.s.logf("disconnect %s: %s", cl.who, wf)
					}
				}
				cl.close(wf)
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
			case netops.PeerLeft(err): // a reset: the client left
				r := netops.LeftReason(err)
				cl.s.logf("leave %s: %s", cl.who, r)
				return r
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
		cl.s.met.AddIn(len(b))
		now := time.Now()
		tokens = math.Min(msgRate, tokens+float64(now.Sub(last).Seconds()*msgRate))
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
		if p.watcher {
			return "input from a spectator"
		}
		if err := wire.DecodeInput(b, &in, cl.frame); err != nil {
			return "bad input: " + err.Error()
		}
		cl.idle.Touch(now)
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
