//go:build !js

package online

import (
	"bufio"
	"context"
	"crypto/rand"
	"encoding/base64"
	"encoding/binary"
	"errors"
	"fmt"
	"net"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/coder/websocket"
	"github.com/seedgames/motorkit/demo/flail/wire"
	"github.com/seedgames/motorkit/demo/internal/proctest"
)

// rawHello opens a TCP connection to the server at url (ws://host/...),
// does the websocket handshake by hand and sends a masked binary Hello.
func rawHello(t *testing.T, url string) net.Conn {
	t.Helper()
	host := strings.TrimSuffix(strings.TrimPrefix(url, "ws://"), "/")
	c, err := net.DialTimeout("tcp", host, 5*time.Second)
	if err != nil {
		t.Fatal(err)
	}
	var key [16]byte
	_, _ = rand.Read(key[:])
	fmt.Fprintf(c, "GET / HTTP/1.1\r\nHost: %s\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"+
		"Sec-WebSocket-Key: %s\r\nSec-WebSocket-Version: 13\r\n\r\n", host, base64.StdEncoding.EncodeToString(key[:]))
	_ = c.SetReadDeadline(time.Now().Add(5 * time.Second))
	resp, err := http.ReadResponse(bufio.NewReader(c), nil)
	if err != nil || resp.StatusCode != http.StatusSwitchingProtocols {
		t.Fatalf("handshake: %v %v", resp, err)
	}
	hello := wire.AppendHello(nil, &wire.Hello{Version: wire.Version, Name: "probe"})
	frame := []byte{0x82, 0x80 | byte(len(hello)), 1, 2, 3, 4} // FIN binary, masked
	for i, b := range hello {
		frame = append(frame, b^[]byte{1, 2, 3, 4}[i%4])
	}
	if _, err := c.Write(frame); err != nil {
		t.Fatal(err)
	}
	return c
}

// A client that announces a 2^62-byte frame after its Hello and then sends
// nothing is disconnected within a bounded time: the close handshake does
// not wait for the announced payload. 50 such sockets at once.
func TestOversizedFrameHeaderClosesConnection(t *testing.T) {
	_, url, logs := startServer(t, ServerOptions{RoomSize: 60, MaxRooms: 1, IdleTimeout: 400 * time.Millisecond, CloseTimeout: 300 * time.Millisecond})
	const n = 50
	var wg sync.WaitGroup
	open := make(chan int, n)
	for i := 0; i < n; i++ {
		c := rawHello(t, url)
		defer c.Close()
		hdr := []byte{0x82, 0x80 | 127, 0, 0, 0, 0, 0, 0, 0, 0, 9, 9, 9, 9}
		binary.BigEndian.PutUint64(hdr[2:10], 1<<62)
		if _, err := c.Write(hdr); err != nil {
			t.Fatal(err)
		}
		wg.Add(1)
		go func(i int, c net.Conn) {
			defer wg.Done()
			// Read until the server closes the socket, for at most 5 s.
			_ = c.SetReadDeadline(time.Now().Add(5 * time.Second))
			buf := make([]byte, 4096)
			for {
				if _, err := c.Read(buf); err != nil {
					if ne, ok := err.(net.Error); ok && ne.Timeout() {
						open <- i
					}
					return
				}
			}
		}(i, c)
	}
	wg.Wait()
	close(open)
	if still := len(open); still > 0 {
		t.Fatalf("%d of %d sockets still open 5 s after an oversized frame header; log:\n%s", still, n, logs.String())
	}
}

// A player who sends no input for IdleTimeout is disconnected and told
// why; one who keeps sending inputs stays.
func TestIdleEviction(t *testing.T) {
	_, url, _ := startServer(t, ServerOptions{RoomSize: 4, IdleTimeout: 500 * time.Millisecond})
	idle := dial(t, url, DialOptions{Name: "Idle"})
	busy := dial(t, url, DialOptions{Name: "Busy"})
	defer busy.Close()
	stop := time.Now().Add(1500 * time.Millisecond)
	for time.Now().Before(stop) {
		if _, err := busy.SendInput(context.Background(), 0, 0, 0); err != nil {
			t.Fatalf("busy client: %v", err)
		}
		time.Sleep(25 * time.Millisecond)
	}
	select {
	case <-idle.Done():
	default:
		t.Fatal("idle client still connected after 3 idle timeouts")
	}
	if err := idle.Err(); err == nil || !strings.Contains(err.Error(), "idle") {
		t.Errorf("idle client ended with %v, want a reason naming idleness", err)
	}
	select {
	case <-busy.Done():
		t.Fatalf("busy client disconnected: %v", busy.Err())
	default:
	}
}

// A room whose people all left (and whose grace time ran out) closes after
// EmptyRoomTimeout; the next newcomer opens a new one.
func TestEmptyRoomCloses(t *testing.T) {
	srv, url, _ := startServer(t, ServerOptions{RoomSize: 4, Grace: 100 * time.Millisecond, EmptyRoomTimeout: 300 * time.Millisecond})
	a := dial(t, url, DialOptions{Name: "Ann"})
	if len(srv.Rooms()) != 1 {
		t.Fatalf("%d rooms after the first join", len(srv.Rooms()))
	}
	a.Close()
	if !proctest.WaitFor(3*time.Second, func() bool { return len(srv.Rooms()) == 0 }) {
		t.Fatal("the empty room still runs 3 s after everyone left")
	}
	b := dial(t, url, DialOptions{Name: "Ben"})
	defer b.Close()
	rs := srv.Rooms()
	if len(rs) != 1 || b.Welcome.Room != 1 {
		t.Fatalf("newcomer: %d rooms, room %d; want a new room 1", len(rs), b.Welcome.Room)
	}
}

// dialFrom dials the server from a given loopback source address (the
// whole of 127.0.0.0/8 is this machine), as a distinct remote player.
func dialFrom(url, from string, opts DialOptions) (*Client, error) {
	d := &net.Dialer{LocalAddr: &net.TCPAddr{IP: net.ParseIP(from)}, Timeout: 5 * time.Second}
	opts.HTTPClient = &http.Client{Transport: &http.Transport{DialContext: d.DialContext}}
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	return Dial(ctx, url, opts)
}

// One script opening many connections from one address takes at most
// MaxPerAddress places; a newcomer from another address still gets in
// (on a19d386, 200 such connections filled a 192-place server).
func TestPerAddressLimit(t *testing.T) {
	_, url, _ := startServer(t, ServerOptions{RoomSize: 12, MaxRooms: 2, MaxPerAddress: 4})
	var held []*Client
	refused := 0
	for i := 0; i < 40; i++ {
		c, err := dialFrom(url, "127.0.0.2", DialOptions{Name: "script"})
		if err != nil {
			refused++
			continue
		}
		held = append(held, c)
	}
	defer func() {
		for _, c := range held {
			c.Close()
		}
	}()
	if len(held) != 4 || refused != 36 {
		t.Fatalf("one address got %d places (%d refused), want 4", len(held), refused)
	}
	c, err := dialFrom(url, "127.0.0.3", DialOptions{Name: "newcomer"})
	if err != nil {
		t.Fatalf("newcomer from another address refused: %v", err)
	}
	c.Close()
	// Dropped cars wait their grace time and still count against their
	// address: closing the connections frees no car for the script.
	for _, c := range held {
		c.Close()
	}
	held = nil
	// the server ends the four connections (their close handshakes)
	// before their address has a connection free again: until then a dial
	// is refused at the door (HTTP 429), which is not what this checks.
	var se *wire.Error
	proctest.WaitFor(5*time.Second, func() bool {
		_, err = dialFrom(url, "127.0.0.2", DialOptions{Name: "script"})
		return err == nil || !strings.Contains(err.Error(), "429")
	})
	if !errors.As(err, &se) || se.Code != wire.CodeFull {
		t.Fatalf("fifth car from one address within the grace time: %v, want CodeFull", err)
	}
}

// Behind a trusted proxy the limit counts the client addresses the proxy
// reports in X-Forwarded-For; from anyone else the header is ignored.
func TestTrustedProxyAddress(t *testing.T) {
	srv, err := NewServer(ServerOptions{MaxPerAddress: 2, TrustedProxies: []string{"127.0.0.4/32"}})
	if err != nil {
		t.Fatal(err)
	}
	defer srv.Close()
	for _, tc := range []struct{ remote, xff, want string }{
		{"127.0.0.4:5000", "203.0.113.7", "203.0.113.7"},
		{"127.0.0.4:5000", "198.51.100.1, 203.0.113.7, 127.0.0.4", "203.0.113.7"},
		{"127.0.0.5:5000", "203.0.113.7", "127.0.0.5"},
		{"127.0.0.4:5000", "", "127.0.0.4"},
		{"127.0.0.4:5000", "garbage", "127.0.0.4"},
	} {
		r := &http.Request{RemoteAddr: tc.remote, Header: http.Header{}}
		if tc.xff != "" {
			r.Header.Set("X-Forwarded-For", tc.xff)
		}
		if got := srv.remoteAddr(r); got != tc.want {
			t.Errorf("remote %s, X-Forwarded-For %q: address %q, want %q", tc.remote, tc.xff, got, tc.want)
		}
	}
	if _, err := NewServer(ServerOptions{TrustedProxies: []string{"not-an-ip"}}); err == nil {
		t.Error("a bad trusted proxy accepted")
	}
}

// The input budget counts from the connection's start (docs/protocol.md):
// a client that joined 1 s ago may send (1+1)*48 = 96 inputs at once;
// counted from its first input the budget was only 48.
func TestInputBudgetFromConnectionStart(t *testing.T) {
	_, url, _ := startServer(t, ServerOptions{RoomSize: 4})
	c := dial(t, url, DialOptions{Name: "late"})
	defer c.Close()
	time.Sleep(1100 * time.Millisecond)
	for i := 0; i < 90; i++ {
		if _, err := c.SendInput(context.Background(), 0, 1, 0); err != nil {
			t.Fatalf("input %d: %v", i, err)
		}
	}
	select {
	case <-c.Done():
		t.Fatalf("kicked after 90 inputs 1 s into the connection: %v", c.Err())
	case <-time.After(500 * time.Millisecond):
	}
}

// Seats of dropped players do not lock newcomers out: when every place is
// taken, a newcomer takes the seat of the car that has waited longest for
// its reconnect; with no such seat the server is full.
func TestNewcomerTakesGraceSeat(t *testing.T) {
	srv, url, _ := startServer(t, ServerOptions{RoomSize: 2, MaxRooms: 1, Grace: 10 * time.Second})
	a := dial(t, url, DialOptions{Name: "Ann"})
	b := dial(t, url, DialOptions{Name: "Ben"})
	defer b.Close()
	a.c.CloseNow() // Ann's connection drops: her car waits 10 s
	<-a.Done()
	room := srv.Rooms()[0]
	if !proctest.WaitFor(2*time.Second, func() bool { _, ok := room.graceSince(srv.playerOf(a.Welcome.Token)); return ok }) {
		t.Fatal("Ann's car is not waiting for a reconnect")
	}
	c := dial(t, url, DialOptions{Name: "Cleo"}) // takes Ann's seat
	defer c.Close()
	if room.People() != 2 {
		t.Fatalf("people %d, want 2 (Ben and Cleo)", room.People())
	}
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	var se *wire.Error
	if _, err := Dial(ctx, url, DialOptions{Name: "Ann", Token: a.Welcome.Token}); !errors.As(err, &se) || se.Code != wire.CodeToken {
		t.Fatalf("Ann's token after her seat was taken: %v, want CodeToken", err)
	}
	if _, err := Dial(ctx, url, DialOptions{Name: "Dan"}); !errors.As(err, &se) || se.Code != wire.CodeFull {
		t.Fatalf("a newcomer with every seat in use: %v, want CodeFull", err)
	}
}

// Connections that never send their Hello hold at most MaxPending places,
// each for at most HelloTimeout: beyond the cap a connection is closed at
// once, and once the silent ones time out a player gets in.
func TestHalfOpenCap(t *testing.T) {
	_, url, _ := startServer(t, ServerOptions{RoomSize: 4, MaxPending: 3, HelloTimeout: 400 * time.Millisecond})
	var silent []*websocket.Conn
	for i := 0; i < 3; i++ {
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		c, _, err := websocket.Dial(ctx, url, nil)
		cancel()
		if err != nil {
			t.Fatal(err)
		}
		silent = append(silent, c)
	}
	time.Sleep(50 * time.Millisecond)
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
	defer cancel()
	if _, err := Dial(ctx, url, DialOptions{Name: "early"}); err == nil {
		t.Fatal("a fourth connection got in while 3 silent ones held every pending place")
	}
	if !proctest.WaitFor(3*time.Second, func() bool {
		ctx, cancel := context.WithTimeout(context.Background(), time.Second)
		defer cancel()
		c, err := Dial(ctx, url, DialOptions{Name: "later"})
		if err == nil {
			c.Close()
		}
		return err == nil
	}) {
		t.Fatal("no player got in after the silent connections timed out")
	}
	for _, c := range silent {
		c.CloseNow()
	}
}
