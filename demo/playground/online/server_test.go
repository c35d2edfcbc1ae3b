//go:build !js

package online

import (
	"context"
	"errors"
	"log"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/go-gl/mathgl/mgl64"
	"github.com/seedgames/motorkit/components"
	"github.com/seedgames/motorkit/demo/internal/netops"
	"github.com/seedgames/motorkit/demo/internal/proctest"
	"github.com/seedgames/motorkit/motors"
	"github.com/seedgames/motorkit/netplay"
)

// frame is one display frame at 60 Hz.
const frame = time.Second / 60

// testServer is a Server behind an httptest server on 127.0.0.1.
type testServer struct {
	*Server
	http *httptest.Server
	url  string // ws://127.0.0.1:port/ws
	log  *proctest.Log
}

// startServer runs a server on 127.0.0.1 (a free port) until the test ends.
// Every test client comes from 127.0.0.1: unless the test sets it,
// MaxPerAddress is the number of seats plus 4 (the hostile connections).
func startServer(t testing.TB, o Options) *testServer {
	t.Helper()
	logs := &proctest.Log{}
	if o.Log == nil {
		o.Log = log.New(logs, "", log.Lmicroseconds)
	}
	if o.MaxPerAddress == 0 {
		o.MaxPerAddress = netplay.MaxSeats + 4
	}
	srv, err := NewServer(o)
	if err != nil {
		t.Fatal(err)
	}
	hs := httptest.NewUnstartedServer(srv)
	hs.Config.ConnContext = netops.ConnContext
	hs.Start()
	t.Cleanup(func() {
		srv.Close()
		hs.Close()
	})
	return &testServer{Server: srv, http: hs, url: "ws" + strings.TrimPrefix(hs.URL, "http") + "/ws", log: logs}
}

func dial(t testing.TB, url string, o DialOptions) *Client {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	c, err := Dial(ctx, url, o)
	if err != nil {
		t.Fatalf("dial %s as %q: %v", url, o.Name, err)
	}
	t.Cleanup(func() { _ = c.Close() })
	return c
}

// play runs the clients' Update at 60 Hz (each with its command, a zero
// one when cmds is short) until cond holds (checked after every frame) or
// d passes; it reports whether cond held. An Update error fails the test.
func play(t testing.TB, d time.Duration, cond func() bool, cmds []netplay.Command, cs ...*Client) bool {
	t.Helper()
	tk := time.NewTicker(frame)
	defer tk.Stop()
	end := time.Now().Add(d)
	for time.Now().Before(end) {
		<-tk.C
		for i, c := range cs {
			var cmd netplay.Command
			if i < len(cmds) {
				cmd = cmds[i]
			}
			if err := c.Update(cmd); err != nil {
				t.Fatalf("client %d (seat %d): Update: %v", i, c.Net().Seat(), err)
			}
		}
		if cond != nil && cond() {
			return true
		}
	}
	return cond != nil && cond()
}

// tokened plays the clients until each has its token (it comes after the
// welcome Dial waits for, in the first Update).
func tokened(t testing.TB, cs ...*Client) {
	t.Helper()
	if !play(t, time.Second, func() bool {
		for _, c := range cs {
			if c.Token() == (Token{}) {
				return false
			}
		}
		return true
	}, nil, cs...) {
		t.Fatal("no token within a second")
	}
}

// sees reports whether c's game has seat's character.
func sees(c *Client, seat int) bool {
	_, ok := c.Net().Game().Character(seat)
	return ok
}

// position is seat's character's simulated position in c's game.
func position(c *Client, seat int) (mgl64.Vec3, bool) {
	e, ok := c.Net().Game().Character(seat)
	if !ok {
		return mgl64.Vec3{}, false
	}
	return components.Body.Get(e).Position, true
}

// TestTwoPlayers: two clients take seats 0 and 1 and see each other's
// character and name within a second; one walks forward for 2 s and its
// character moves on the other client too, with no desync on either;
// Switch(3) puts seat 1 on recipe 3 on both clients within a second.
func TestTwoPlayers(t *testing.T) {
	s := startServer(t, Options{})
	a := dial(t, s.url, DialOptions{Name: "Ann"})
	b := dial(t, s.url, DialOptions{Name: "Bob", Recipe: 1})
	if a.Net().Seat() != 0 || b.Net().Seat() != 1 {
		t.Fatalf("seats %d and %d, want 0 and 1", a.Net().Seat(), b.Net().Seat())
	}
	if !play(t, time.Second, func() bool {
		return sees(a, 1) && sees(b, 0) && a.Name(1) == "Bob" && b.Name(0) == "Ann" && a.Name(0) == "Ann"
	}, nil, a, b) {
		t.Fatalf("within a second: a sees seat 1 %v (%q), b sees seat 0 %v (%q)", sees(a, 1), a.Name(1), sees(b, 0), b.Name(0))
	}
	if r, _ := b.Net().Game().Recipe(1); r != 1 {
		t.Fatalf("Bob plays recipe %d, asked for 1", r)
	}

	// b walks forward: ~2 s of frames at 60 Hz = 120 Updates. Its
	// commands count once its clock has synced (a few frames), then a
	// character walks metres in a second; 0.5 m on a's display of seat 1
	// shows its input went through the server.
	from, ok := a.Net().Display(1)
	if !ok {
		t.Fatal("a does not draw seat 1")
	}
	walk := netplay.EncodeCommand(motors.Command{Forward: 1}, motors.View{})
	play(t, 2*time.Second, nil, []netplay.Command{{}, walk}, a, b)
	to, _ := a.Net().Display(1)
	own, _ := b.Net().Display(1)
	t.Logf("seat 1 walked %.2f m on a's display, %.2f m on its own", to.Sub(from).Len(), own.Sub(from).Len())
	if d := to.Sub(from).Len(); d < 0.5 {
		t.Fatalf("seat 1 moved %.3f m on the other client in 2 s of walking, want ≥ 0.5", d)
	}
	if a0, _ := a.Net().Display(0); a0.Sub(to).Len() < 1e-9 {
		t.Fatal("seats 0 and 1 are drawn at the same place")
	}
	for i, c := range []*Client{a, b} {
		st := c.Net().Stats()
		if st.Desyncs != 0 || c.Resyncs() != 0 {
			t.Fatalf("client %d: %d desyncs (first at tick %d), %d resyncs", i, st.Desyncs, st.DesyncTick, c.Resyncs())
		}
		if st.ChecksumsCompared < 2 {
			t.Fatalf("client %d compared %d checksums in 3 s (one every 30 ticks)", i, st.ChecksumsCompared)
		}
	}

	b.Switch(3)
	if !play(t, time.Second, func() bool {
		ra, _ := a.Net().Game().Recipe(1)
		rb, _ := b.Net().Game().Recipe(1)
		return ra == 3 && rb == 3
	}, nil, a, b) {
		ra, _ := a.Net().Game().Recipe(1)
		rb, _ := b.Net().Game().Recipe(1)
		t.Fatalf("seat 1's recipe a second after Switch(3): %d on a, %d on b", ra, rb)
	}
	if a.Err() != nil || b.Err() != nil {
		t.Fatalf("connections ended: %v, %v", a.Err(), b.Err())
	}
	if in, out := a.Bytes(); in == 0 || out == 0 {
		t.Fatalf("a's bytes: %d in, %d out", in, out)
	}
}

// errorsAsBye returns err's Bye, if the server sent one.
func errorsAsBye(err error) (*ByeError, bool) {
	var be *ByeError
	ok := errors.As(err, &be)
	return be, ok
}

// players is the number of seats held (connected or within their grace).
func players(s *Server) int {
	n := 0
	for _, r := range s.RoomList() {
		n += r.Players
	}
	return n
}

// match is the server's match as RoomList lists it (once someone holds a
// seat).
func match(t testing.TB, s *Server) netops.RoomInfo {
	t.Helper()
	rs := s.RoomList()
	if len(rs) != 1 {
		t.Fatalf("RoomList %+v, want the one match", rs)
	}
	return rs[0]
}
