package online

import (
	"context"
	"errors"
	"log"
	"math"
	"net"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/seedgames/motorkit/demo/flail/wire"
	"github.com/seedgames/motorkit/demo/internal/proctest"
)

// startServer runs a server on 127.0.0.1 (a free port) and returns its
// WebSocket URL and log.
func startServer(t testing.TB, opts ServerOptions) (*Server, string, *proctest.Log) {
	t.Helper()
	logs := &proctest.Log{}
	if opts.MaxPerAddress == 0 {
		// Every test client comes from 127.0.0.1; the tests of the
		// per-address limit set it.
		opts.MaxPerAddress = 1 << 20
	}
	if opts.Log == nil {
		opts.Log = log.New(logs, "", 0)
	}
	srv, err := NewServer(opts)
	if err != nil {
		t.Fatal(err)
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	hs := &http.Server{Handler: srv, ConnContext: ConnContext}
	go hs.Serve(LimitListener(ln, 32<<10))
	t.Cleanup(func() {
		srv.Close()
		hs.Close()
	})
	return srv, "ws://" + ln.Addr().String() + "/", logs
}

func dial(t testing.TB, url string, opts DialOptions) *Client {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	c, err := Dial(ctx, url, opts)
	if err != nil {
		t.Fatalf("dial: %v", err)
	}
	return c
}

func me(s *wire.Snapshot, id uint32) *wire.PlayerState { return findPlayer(s.Players, id, 0) }

// TestPlayOnline: two people join one room that bots fill to its size; a
// client that drives straight along +X for 2 s moves along +X on the
// server; every input is applied once (counters and ack); both clients
// get the roster with names, the leaderboard and the pickups.
func TestPlayOnline(t *testing.T) {
	srv, url, _ := startServer(t, ServerOptions{RoomSize: 6, Seed: 3})
	a := dial(t, url, DialOptions{Name: "Alice"})
	defer a.Close()
	b := dial(t, url, DialOptions{Name: "  Bob\x00\x07 "})
	defer b.Close()
	if a.Welcome.Room != 0 || b.Welcome.Room != 0 || a.Welcome.You == b.Welcome.You {
		t.Fatalf("rooms %d %d, ids %d %d", a.Welcome.Room, b.Welcome.Room, a.Welcome.You, b.Welcome.You)
	}
	if len(a.Welcome.Boxes) == 0 || a.Welcome.TickRate != 40 || a.Welcome.Half != 20 {
		t.Fatalf("welcome %+v", a.Welcome)
	}
	room := srv.Rooms()[0]
	if room.People() != 2 || room.Players() != 6 {
		t.Fatalf("people %d players %d, want 2 and 6 (bots fill the room)", room.People(), room.Players())
	}
	var s wire.Snapshot
	if !proctest.WaitFor(3*time.Second, func() bool { return a.Latest(&s) && me(&s, a.Welcome.You) != nil }) {
		t.Fatal("no snapshot with my car")
	}
	// wait for spawn protection/respawn not to matter: only the motion counts.
	start := *me(&s, a.Welcome.You)
	ctx := context.Background()
	const n = 80
	tk := time.NewTicker(25 * time.Millisecond)
	for i := 0; i < n; i++ {
		<-tk.C
		if _, err := a.SendInput(ctx, 0, 1, 0); err != nil {
			t.Fatal(err)
		}
	}
	tk.Stop()
	if !proctest.WaitFor(2*time.Second, func() bool { return a.Latest(&s) && s.Ack == n }) {
		t.Fatalf("ack %d, want %d", s.Ack, n)
	}
	c, _ := room.Counters(a.Welcome.You)
	if c.Received != n || c.Applied != n || c.Duplicates != 0 || c.Gaps != 0 || c.LastApplied != n {
		t.Fatalf("counters %+v", c)
	}
	end := *me(&s, a.Welcome.You)
	if end.Flags&wire.FlagAlive != 0 && start.Flags&wire.FlagAlive != 0 {
		// full throttle along aim 0 = +X tends to the reference game's 10 u/tick
		// (4 m/s at 100 u/m and 40 Hz): about 7 m in 2 s; obstacles may
		// stop it early, so only 1 m along +X is required.
		if !(end.X > start.X+1) {
			t.Fatalf("car went from x %.2f to %.2f driving +X", start.X, end.X)
		}
	}
	if e, ok := b.Roster(a.Welcome.You); !ok || e.Name != "Alice" || e.Skill != 0 {
		t.Fatalf("roster entry for Alice: %+v %v", e, ok)
	}
	if e, ok := a.Roster(b.Welcome.You); !ok || e.Name != "Bob" {
		t.Fatalf("Bob's cleaned name: %+v", e)
	}
	if !proctest.WaitFor(2*time.Second, func() bool { return len(a.Board(nil)) > 0 }) {
		t.Fatal("no leaderboard")
	}
	var pk []wire.Pickup
	if r, _ := a.Pickups(&pk); r <= 0 || len(pk) == 0 {
		t.Fatalf("pickups: radius %v, %d", r, len(pk))
	}
}

// TestReconnect: a client that drops comes back with its token within the
// grace time and gets the same car; a car whose owner does not come back
// is removed after the grace time and a bot takes its place.
func TestReconnect(t *testing.T) {
	srv, url, logs := startServer(t, ServerOptions{RoomSize: 4, Grace: 600 * time.Millisecond})
	a := dial(t, url, DialOptions{Name: "Ann"})
	id, tok := a.Welcome.You, a.Welcome.Token
	a.c.CloseNow() // the connection breaks
	<-a.Done()
	time.Sleep(100 * time.Millisecond)
	a2 := dial(t, url, DialOptions{Name: "Ann", Token: tok})
	if a2.Welcome.You != id {
		t.Fatalf("reconnected as player %d, want %d", a2.Welcome.You, id)
	}
	// The token is replaced on every reconnect: the one seen on the wire
	// no longer works.
	if a2.Welcome.Token == tok || a2.Welcome.Token == (wire.Token{}) {
		t.Fatalf("token not rotated on reconnect: %x", a2.Welcome.Token)
	}
	room := srv.Rooms()[0]
	if room.People() != 1 {
		t.Fatalf("people %d after reconnect", room.People())
	}
	// inputs on the new connection start at tick 1 again.
	if _, err := a2.SendInput(context.Background(), 1, 1, 0); err != nil {
		t.Fatal(err)
	}
	var s wire.Snapshot
	if !proctest.WaitFor(2*time.Second, func() bool { return a2.Latest(&s) && s.Ack == 1 }) {
		t.Fatalf("ack %d after reconnect", s.Ack)
	}
	a2.Close()
	if !proctest.WaitFor(3*time.Second, func() bool { return room.People() == 0 }) {
		t.Fatal("car not removed after the grace time")
	}
	if room.Players() != 4 {
		t.Fatalf("players %d, want 4 (a bot refilled)", room.Players())
	}
	// an expired token is refused (no new car); Redial then joins without
	// it and gets a new car.
	players := room.Players()
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	_, err := Dial(ctx, url, DialOptions{Name: "Ann", Token: a2.Welcome.Token})
	cancel()
	var se *wire.Error
	if !errors.As(err, &se) || se.Code != wire.CodeToken {
		t.Fatalf("expired token: %v, want a CodeToken refusal", err)
	}
	if room.Players() != players || room.People() != 0 {
		t.Fatalf("an expired token made a car: players %d people %d", room.Players(), room.People())
	}
	a3, err := Redial(context.Background(), url, DialOptions{Name: "Ann", Token: a2.Welcome.Token}, 5*time.Second, 500*time.Millisecond)
	if err != nil {
		t.Fatal(err)
	}
	defer a3.Close()
	if a3.Welcome.You == id {
		t.Fatal("expired token kept the car")
	}
	// a client whose connection broke redials with its token.
	b := dial(t, url, DialOptions{Name: "Ben"})
	bid := b.Welcome.You
	b.c.CloseNow()
	<-b.Done()
	b2, err := Redial(context.Background(), url, DialOptions{Name: "Ben", Token: b.Welcome.Token}, 5*time.Second, 500*time.Millisecond)
	if err != nil || b2.Welcome.You != bid {
		t.Fatalf("redial: %v", err)
	}
	// b's first token was replaced by the redial: it is refused now.
	ctx, cancel = context.WithTimeout(context.Background(), 5*time.Second)
	_, err = Dial(ctx, url, DialOptions{Name: "Ben", Token: b.Welcome.Token})
	cancel()
	if !errors.As(err, &se) || se.Code != wire.CodeToken {
		t.Fatalf("a replaced token: %v, want a CodeToken refusal", err)
	}
	// the current token while b2 is still connected: the new connection
	// takes the car over and b2 is told why it is closed.
	b3 := dial(t, url, DialOptions{Name: "Ben", Token: b2.Welcome.Token})
	if b3.Welcome.You != bid {
		t.Fatalf("takeover got player %d, want %d", b3.Welcome.You, bid)
	}
	select {
	case <-b2.Done():
	case <-time.After(3 * time.Second):
		t.Fatal("replaced connection not closed")
	}
	if err := b2.Err(); err == nil || !strings.Contains(err.Error(), "replaced by a reconnect") {
		t.Fatalf("replaced connection ended with %v", err)
	}
	b3.Close()
	if !strings.Contains(logs.String(), "reconnect") || !strings.Contains(logs.String(), "no reconnect within") {
		t.Fatalf("log:\n%s", logs)
	}
}

// TestRoomsFill: bots fill a room up to its size and leave as people join;
// when a room is full of people the next person opens a new room; the
// server refuses people beyond its rooms with wire.CodeFull.
func TestRoomsFill(t *testing.T) {
	srv, url, _ := startServer(t, ServerOptions{RoomSize: 2, MaxRooms: 2})
	var cs []*Client
	for i := 0; i < 4; i++ {
		c := dial(t, url, DialOptions{Name: "p"})
		defer c.Close()
		cs = append(cs, c)
		r := srv.Rooms()[c.Welcome.Room]
		if r.Players() != 2 {
			t.Fatalf("room %d has %d cars, want 2", c.Welcome.Room, r.Players())
		}
	}
	want := []uint16{0, 0, 1, 1}
	for i, c := range cs {
		if c.Welcome.Room != want[i] {
			t.Fatalf("client %d in room %d, want %d", i, c.Welcome.Room, want[i])
		}
	}
	for _, r := range srv.Rooms() {
		if r.People() != 2 {
			t.Fatalf("room people %d, want 2 (no bots left)", r.People())
		}
	}
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	_, err := Dial(ctx, url, DialOptions{Name: "late"})
	var se *wire.Error
	if !errors.As(err, &se) || se.Code != wire.CodeFull {
		t.Fatalf("fifth person: %v, want a CodeFull error", err)
	}
}

// TestSeedFrameClient: a client asking for the reference game's conventions sees the
// same state as a default client with positions x10 (100 u/m / 10) and
// the car angle shifted by -pi/2.
func TestSeedFrameClient(t *testing.T) {
	_, url, _ := startServer(t, ServerOptions{RoomSize: 3})
	a := dial(t, url, DialOptions{Name: "plain"})
	defer a.Close()
	b := dial(t, url, DialOptions{Name: "seed", Seed: true})
	defer b.Close()
	if b.Welcome.Half != a.Welcome.Half || !b.Frame.Seed {
		t.Fatalf("seed client decodes the welcome to %v m, want %v", b.Welcome.Half, a.Welcome.Half)
	}
	var sa, sb wire.Snapshot
	if !proctest.WaitFor(3*time.Second, func() bool {
		return a.Latest(&sa) && b.Latest(&sb) && sa.Tick == sb.Tick && len(sa.Players) == 3
	}) {
		t.Fatal("no common snapshot")
	}
	// raw wire values: re-encode b's view in the default frame.
	raw := wire.AppendPlayers(nil, sb.Players, wire.SeedFrame(100))
	var rs wire.Snapshot
	if err := wire.DecodeSnapshot(append(wire.AppendSnapshotHeader(nil, 0, 0), raw...), &rs, wire.Frame{}); err != nil {
		t.Fatal(err)
	}
	for i := range sa.Players {
		pa, pr := sa.Players[i], rs.Players[i]
		if math.Abs(pr.X-10*pa.X) > 1e-3 || math.Abs(pr.Aim-(pa.Aim-math.Pi/2)) > 1e-5 || pr.FlailAngle != pa.FlailAngle {
			t.Fatalf("player %d: seed wire x %v aim %v, plain x %v aim %v", i, pr.X, pr.Aim, pa.X, pa.Aim)
		}
	}
}
