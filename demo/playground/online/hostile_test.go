//go:build !js

package online

import (
	"context"
	"errors"
	"math/rand/v2"
	"net/http"
	"sync"
	"testing"
	"time"

	"github.com/coder/websocket"
	"github.com/seedgames/motorkit/demo/internal/proctest"
	"github.com/seedgames/motorkit/motors"
	"github.com/seedgames/motorkit/netplay"
)

// player runs a client's Update at 60 Hz in a goroutine of its own until
// stopped, walking in a circle; check reads the client between frames.
type player struct {
	c       *Client
	mu      sync.Mutex
	err     error // the first Update error
	updates int
	stop    chan struct{}
	done    chan struct{}
}

func startPlayer(c *Client) *player {
	p := &player{c: c, stop: make(chan struct{}), done: make(chan struct{})}
	go func() {
		defer close(p.done)
		tk := time.NewTicker(frame)
		defer tk.Stop()
		for i := 0; ; i++ {
			select {
			case <-p.stop:
				return
			case <-tk.C:
			}
			cmd := netplay.EncodeCommand(motors.Command{Forward: 1}, motors.View{Yaw: float64(i) * 0.02})
			p.mu.Lock()
			if p.err == nil {
				p.err = c.Update(cmd)
				p.updates++
			}
			p.mu.Unlock()
		}
	}()
	return p
}

// check runs fn on the client between two frames.
func (p *player) check(fn func(c *Client, err error)) {
	p.mu.Lock()
	defer p.mu.Unlock()
	fn(p.c, p.err)
}

func (p *player) halt() {
	close(p.stop)
	<-p.done
}

// tick is the player's netplay tick, or the test's failure when its
// Update failed.
func (p *player) tick(t *testing.T) uint64 {
	t.Helper()
	var tk uint64
	p.check(func(c *Client, err error) {
		if err != nil {
			t.Fatalf("the good client's Update: %v", err)
		}
		if d := c.Net().Stats().Desyncs; d != 0 {
			t.Fatalf("the good client desynced %d times", d)
		}
		tk = c.Net().Tick()
	})
	return tk
}

// rawDial opens a websocket to url (with header, when not nil) that the
// test drives by hand.
func rawDial(t *testing.T, url string, header http.Header) *websocket.Conn {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	c, _, err := websocket.Dial(ctx, url, &websocket.DialOptions{HTTPHeader: header})
	if err != nil {
		t.Fatal(err)
	}
	c.SetReadLimit(netplay.MaxStateBytes + 1024)
	t.Cleanup(func() { _ = c.CloseNow() })
	return c
}

// readUntilClosed reads until the connection ends (or d passes) and
// returns the Bye the server sent (nil if none) and the read's error.
func readUntilClosed(c *websocket.Conn, d time.Duration) (*Bye, error) {
	ctx, cancel := context.WithTimeout(context.Background(), d)
	defer cancel()
	var bye *Bye
	for {
		_, b, err := c.Read(ctx)
		if err != nil {
			return bye, err
		}
		if len(b) > 0 && b[0] == MsgBye {
			if by, err := DecodeBye(b); err == nil {
				bye = &by
			}
		}
	}
}

// TestHostileClients: while a good client plays, each hostile connection
// is ended by the server with its reason in the log: a text message,
// garbage as hello, a hello of another version, an input beyond MaxLead,
// random bytes after a hello, a flood, a message over MaxClientMessage, no
// hello within HelloTimeout, silence after the hello for IdleTimeout. The
// good client's Update never fails, it does not desync, and its tick
// keeps advancing through every case.
func TestHostileClients(t *testing.T) {
	s := startServer(t, Options{HelloTimeout: 500 * time.Millisecond, IdleTimeout: time.Second, Grace: 200 * time.Millisecond})
	good := dial(t, s.url, DialOptions{Name: "good"})
	p := startPlayer(good)
	defer p.halt()
	if !proctest.WaitFor(2*time.Second, func() bool { return p.tick(t) >= 30 }) {
		t.Fatal("the good client does not play")
	}
	ctx := context.Background()
	hello := netplay.AppendHello(nil, &netplay.Hello{Name: "hostile"})
	seated := func(t *testing.T) *websocket.Conn {
		c := rawDial(t, s.url, nil)
		if err := c.Write(ctx, websocket.MessageBinary, hello); err != nil {
			t.Fatal(err)
		}
		// its welcome, so that what follows is sent by a seated player
		if _, b, err := c.Read(ctx); err != nil || b[0] != netplay.MsgWelcome {
			t.Fatalf("no welcome: %v", err)
		}
		return c
	}
	// the host's MaxLead is 240 ticks (netplay's default); an input for
	// tick 10000 is far beyond it whatever the host's tick in this test.
	farAhead := netplay.AppendInputs(nil, &netplay.Inputs{First: 10000, Commands: []netplay.Command{{}}})
	junk := make([]byte, 40)
	rng := rand.New(rand.NewPCG(7, 7))
	for i := range junk {
		junk[i] = byte(rng.Uint32())
	}
	junk[0] = netplay.MsgInputs // a message of a known kind that does not decode
	cases := []struct {
		name   string
		run    func(t *testing.T, c *websocket.Conn)
		seated bool
		within time.Duration // the connection ends within
		logged string
	}{
		{"text message", func(t *testing.T, c *websocket.Conn) {
			_ = c.Write(ctx, websocket.MessageText, []byte("hello?"))
		}, false, 2 * time.Second, "text message"},
		{"garbage hello", func(t *testing.T, c *websocket.Conn) {
			_ = c.Write(ctx, websocket.MessageBinary, []byte{0xde, 0xad, 0xbe, 0xef, 0, 1, 2})
		}, false, 2 * time.Second, "bad hello: netplay: bad message: not a hello"},
		{"wrong version", func(t *testing.T, c *websocket.Conn) {
			b := netplay.AppendHello(nil, &netplay.Hello{Name: "old"})
			b[1] = 99
			_ = c.Write(ctx, websocket.MessageBinary, b)
		}, false, 2 * time.Second, "protocol version 99"},
		{"input beyond MaxLead", func(t *testing.T, c *websocket.Conn) {
			_ = c.Write(ctx, websocket.MessageBinary, farAhead)
		}, true, 2 * time.Second, "bad input: netplay: bad message: input for tick 10000"},
		{"random bytes after hello", func(t *testing.T, c *websocket.Conn) {
			_ = c.Write(ctx, websocket.MessageBinary, junk)
		}, true, 2 * time.Second, "bad input: netplay: bad message"},
		{"unknown kind after hello", func(t *testing.T, c *websocket.Conn) {
			_ = c.Write(ctx, websocket.MessageBinary, []byte{0xee, 1, 2, 3})
		}, true, 2 * time.Second, "unexpected message kind 238"},
		{"input flood", func(t *testing.T, c *websocket.Conn) {
			// 1000 valid inputs at once; InputRate 120 allows 120 × (1 s +
			// the time since the first input): the 121st, sent within a
			// few milliseconds, ends it.
			for i := range 1000 {
				b := netplay.AppendInputs(nil, &netplay.Inputs{First: uint64(i), Commands: []netplay.Command{{}}})
				if c.Write(ctx, websocket.MessageBinary, b) != nil {
					break
				}
			}
		}, true, 3 * time.Second, "input flood"},
		{"oversized message", func(t *testing.T, c *websocket.Conn) {
			_ = c.Write(ctx, websocket.MessageBinary, make([]byte, 4*MaxClientMessage))
		}, true, 2 * time.Second, "read limited at 257 bytes"}, // the limit is MaxClientMessage, the error names one more
		{"no hello", func(t *testing.T, c *websocket.Conn) {}, false, 2 * time.Second, "first message:"},
		{"silent after hello", func(t *testing.T, c *websocket.Conn) {}, true, 3 * time.Second, "idle: nothing received for"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			before := p.tick(t)
			var c *websocket.Conn
			if tc.seated {
				c = seated(t)
			} else {
				c = rawDial(t, s.url, nil)
			}
			start := time.Now()
			tc.run(t, c)
			_, err := readUntilClosed(c, tc.within)
			if errors.Is(err, context.DeadlineExceeded) {
				t.Fatalf("the connection is still open after %v", tc.within)
			}
			took := time.Since(start)
			// the log line is written once the connection's goroutines end
			if !proctest.WaitFor(time.Second, func() bool { return s.log.Logged("connection from 127.0.0.1 ended", tc.logged) }) {
				t.Fatalf("no %q in the log:\n%s", tc.logged, s.log)
			}
			// the good client plays on: its tick advances (6 ticks = 100 ms;
			// a second allows for a busy machine).
			var after uint64
			if !proctest.WaitFor(time.Second, func() bool { after = p.tick(t); return after >= before+6 }) {
				t.Fatalf("the good client's tick went from %d to %d in a second", before, after)
			}
			t.Logf("ended after %v (%v); the good client went from tick %d to %d", took.Round(time.Millisecond), err, before, after)
		})
	}
	// the hostile seats left after their grace: only the good one is
	// left, still playing.
	if !proctest.WaitFor(2*time.Second, func() bool { return players(s.Server) == 1 }) {
		t.Fatalf("%d players, want the good one only", players(s.Server))
	}
	p.check(func(c *Client, err error) {
		if err != nil || c.Err() != nil {
			t.Fatalf("the good client: %v, %v", err, c.Err())
		}
	})
}

// TestAddressLimits: with MaxPerAddress 2, a third connection from one
// address is refused with HTTP 429; when two seats of that address are
// held (one of them within its grace time), a third player from it is
// told "full" even though it could connect.
func TestAddressLimits(t *testing.T) {
	s := startServer(t, Options{MaxPerAddress: 2})
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	for range 2 {
		rawDial(t, s.url, nil) // no hello yet: a connection, not a seat
	}
	ws, resp, err := websocket.Dial(ctx, s.url, nil)
	if err == nil {
		ws.CloseNow()
		t.Fatal("a third connection from one address was accepted")
	}
	if resp == nil || resp.StatusCode != http.StatusTooManyRequests {
		t.Fatalf("a third connection: %v (response %v), want 429", err, resp)
	}
	if !s.log.Logged("refuse 127.0.0.1: more than 2 connections") {
		t.Fatalf("the refusal is not logged:\n%s", s.log)
	}

	// the raw ones end after the hello timeout (5 s) unless closed:
	// closing them frees their places.
	s2 := startServer(t, Options{MaxPerAddress: 2})
	a := dial(t, s2.url, DialOptions{Name: "a"})
	b := dial(t, s2.url, DialOptions{Name: "b"})
	_ = b.Close() // its seat waits for it (Grace, 10 s): two seats of the address, one connection
	if !proctest.WaitFor(2*time.Second, func() bool { return s2.log.Logged("seat 1 (\"b\") disconnected") }) {
		t.Fatalf("b's drop is not logged:\n%s", s2.log)
	}
	_, err = Dial(ctx, s2.url, DialOptions{Name: "c"})
	if be, ok := errorsAsBye(err); !ok || be.Reason != "full: too many players from your address" {
		t.Fatalf("a third player from the address: %v, want a Bye full", err)
	}
	if a.Err() != nil {
		t.Fatalf("a: %v", a.Err())
	}
	if n := players(s2.Server); n != 2 {
		t.Fatalf("%d players, want 2 (a, and b within its grace)", n)
	}
}

// TestSeatsFull: with 2 seats, a third player (from another address, as a
// trusted proxy's X-Forwarded-For says) gets a Bye "full: every seat is
// taken"; the seated ones play on.
func TestSeatsFull(t *testing.T) {
	s := startServer(t, Options{Seats: 2, MaxPerAddress: 2, TrustedProxies: []string{"127.0.0.1"}})
	a := dial(t, s.url, DialOptions{Name: "a"})
	b := dial(t, s.url, DialOptions{Name: "b"})
	c := rawDial(t, s.url, http.Header{"X-Forwarded-For": {"203.0.113.9"}})
	if err := c.Write(context.Background(), websocket.MessageBinary, netplay.AppendHello(nil, &netplay.Hello{Name: "c"})); err != nil {
		t.Fatal(err)
	}
	bye, err := readUntilClosed(c, 3*time.Second)
	if bye == nil || bye.Reason != "full: every seat is taken" {
		t.Fatalf("the third player got %+v (%v), want a Bye full", bye, err)
	}
	if !proctest.WaitFor(time.Second, func() bool {
		return s.log.Logged("connection from 203.0.113.9 ended: full: every seat is taken")
	}) {
		t.Fatalf("the refusal is not logged with the forwarded address:\n%s", s.log)
	}
	play(t, 500*time.Millisecond, nil, nil, a, b) // fails the test on an Update error
	if a.Err() != nil || b.Err() != nil || players(s.Server) != 2 {
		t.Fatalf("after the refusal: %v, %v, %d players", a.Err(), b.Err(), players(s.Server))
	}
}
