//go:build !js

package online

import (
	"bytes"
	"errors"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/go-gl/mathgl/mgl64"
	"github.com/seedgames/motorkit/demo/internal/proctest"
	"github.com/seedgames/motorkit/motors"
	"github.com/seedgames/motorkit/netplay"
)

// TestGraceReconnect: a player who drops keeps its seat for Grace (300
// ms): dialing with its token within it gets the same seat back (and a
// second connection with the token replaces the first); after the grace
// the seat is freed: the room counts one player less, the other client's
// game loses the character and its name, and a new player takes the seat.
func TestGraceReconnect(t *testing.T) {
	const grace = 300 * time.Millisecond
	s := startServer(t, Options{Grace: grace})
	a := dial(t, s.url, DialOptions{Name: "a"})
	b := dial(t, s.url, DialOptions{Name: "b"})
	tokened(t, a, b)
	tok := b.Token()
	_ = b.Close()
	b2 := dial(t, s.url, DialOptions{Name: "b", Token: tok})
	if b2.Net().Seat() != 1 {
		t.Fatalf("back in seat %d, want 1", b2.Net().Seat())
	}
	tokened(t, b2)
	if b2.Token() != tok {
		t.Fatal("the seat's token changed on reconnect")
	}
	if !s.log.Logged(`back to seat 1: "b"`) {
		t.Fatalf("the reconnect is not logged:\n%s", s.log)
	}
	// the token again while b2 is connected: the new connection takes the
	// seat, the old one is told it was replaced.
	b3 := dial(t, s.url, DialOptions{Name: "b", Token: tok})
	if b3.Net().Seat() != 1 {
		t.Fatalf("back in seat %d, want 1", b3.Net().Seat())
	}
	if !proctest.WaitFor(2*time.Second, func() bool { return s.log.Logged("ended: replaced: the player connected again") }) {
		t.Fatalf("the replaced connection is not logged:\n%s", s.log)
	}
	if n := players(s.Server); n != 2 {
		t.Fatalf("%d players, want 2", n)
	}

	// b3 leaves for good: a keeps playing; within the grace plus a second
	// the seat is freed everywhere.
	_ = b3.Close()
	dropped := time.Now()
	if !play(t, grace+2*time.Second, func() bool {
		return players(s.Server) == 1 && !sees(a, 1) && a.Name(1) == ""
	}, nil, a) {
		t.Fatalf("%v after the drop: %d players, a sees seat 1 %v (%q)", time.Since(dropped), players(s.Server), sees(a, 1), a.Name(1))
	}
	if d := time.Since(dropped); d < grace {
		t.Fatalf("the seat was freed %v after the drop, before the grace of %v", d, grace)
	}
	if !s.log.Logged(`leave seat 1 ("b"): not back within 300ms`) {
		t.Fatalf("the leave is not logged:\n%s", s.log)
	}
	c := dial(t, s.url, DialOptions{Name: "c", Token: tok}) // a stale token: a new seat
	if c.Net().Seat() != 1 {
		t.Fatalf("the new player got seat %d, want the freed 1", c.Net().Seat())
	}
	tokened(t, c)
	if c.Token() == tok {
		t.Fatal("the new player got the old token")
	}
}

// TestDrainAndRestore: a server with two players (one has walked) saves
// its state and drains: both are told "restart". A new server with the
// same options restores it: the same tick, game state (checksum) and
// seats; each player, dialing with its token, is back in its seat with
// its character where it was. A state with one byte changed, cut short,
// not a state, or restored into a server with players is ErrState.
func TestDrainAndRestore(t *testing.T) {
	o := Options{Grace: 5 * time.Second, Game: netplay.GameOptions{Level: "course"}}
	s := startServer(t, o)
	a := dial(t, s.url, DialOptions{Name: "a"})
	b := dial(t, s.url, DialOptions{Name: "b", Recipe: 2})
	walk := netplay.EncodeCommand(motors.Command{Forward: 1}, motors.View{})
	play(t, time.Second, nil, []netplay.Command{{}, walk}, a, b)
	play(t, time.Second, nil, nil, a, b) // b stops, and comes to rest
	tokA, tokB := a.Token(), b.Token()
	if tokA == (Token{}) || tokB == (Token{}) {
		t.Fatal("no tokens")
	}

	var saved bytes.Buffer
	if err := s.SaveState(&saved); err != nil {
		t.Fatal(err)
	}
	// SaveState halted the match: its state now is the one saved.
	tick, sum, posB := s.gameState(1)
	_, _, posA := s.gameState(0)
	start := time.Now()
	s.Drain(2 * time.Second)
	if d := time.Since(start); d > 2*time.Second+5*time.Second { // a drain that hangs, not a busy machine
		t.Fatalf("the drain took %v, bound 2 s", d)
	}
	if s.Ready() {
		t.Fatal("ready after the drain")
	}
	for i, c := range []*Client{a, b} {
		var err error
		if !proctest.WaitFor(2*time.Second, func() bool { err = c.Update(netplay.Command{}); return err != nil }) {
			t.Fatalf("client %d still connected after the drain", i)
		}
		if be, ok := errorsAsBye(err); !ok || !strings.HasPrefix(be.Reason, "restart") || be.URL != "" {
			t.Fatalf("client %d: %v (%T), want a Bye restart", i, err, err)
		}
	}
	if resp, err := http.Get(s.http.URL + "/ws"); err != nil || resp.StatusCode != http.StatusServiceUnavailable {
		t.Fatalf("a connection after the drain: %v %v, want 503", resp, err)
	} else {
		resp.Body.Close()
	}

	// RestoreState into a new server. Its tick loop may run a tick right
	// after the restore (the next is due one tick, 16.7 ms, later): a
	// busy machine that lets one run before the state is read gets
	// another try.
	var s2 *testServer
	for try := 0; ; try++ {
		s2 = startServer(t, o)
		if err := s2.RestoreState(saved.Bytes()); err != nil {
			t.Fatal(err)
		}
		tick2, sum2, _ := s2.gameState(1)
		if tick2 == tick {
			if sum2 != sum {
				t.Fatalf("restored checksum %x, saved %x", sum2, sum)
			}
			break
		}
		if try == 2 {
			t.Fatalf("the restored server is at tick %d, saved %d (3 tries)", tick2, tick)
		}
		s2.Close()
	}
	if r := match(t, s2.Server); r.Players != 2 || r.Tick < tick {
		t.Fatalf("restored: %+v, want 2 players from tick %d", r, tick)
	}
	a2 := dial(t, s2.url, DialOptions{Name: "a", Token: tokA})
	b2 := dial(t, s2.url, DialOptions{Name: "b", Token: tokB})
	if a2.Net().Seat() != 0 || b2.Net().Seat() != 1 {
		t.Fatalf("back in seats %d and %d, want 0 and 1", a2.Net().Seat(), b2.Net().Seat())
	}
	if r, _ := b2.Net().Game().Recipe(1); r != 2 {
		t.Fatalf("b plays recipe %d, want its 2", r)
	}
	if !play(t, time.Second, func() bool { return a2.Name(1) == "b" && b2.Name(0) == "a" }, nil, a2, b2) {
		t.Fatalf("names after the restore: %q %q", a2.Name(1), b2.Name(0))
	}
	// at rest since before the save, the characters are where they were:
	// the restored game is the saved one (the checksum above), and the
	// ticks run since, with zero commands, move a character at rest by
	// nothing (1e-9 m: the same bits).
	for _, c := range []struct {
		c    *Client
		seat int
		was  mgl64.Vec3
	}{{a2, 0, posA}, {b2, 1, posB}} {
		p, ok := position(c.c, c.seat)
		if !ok {
			t.Fatalf("seat %d has no character", c.seat)
		}
		t.Logf("seat %d: %.2g m from where it was before the drain", c.seat, p.Sub(c.was).Len())
		if d := p.Sub(c.was).Len(); d > 1e-9 {
			t.Fatalf("seat %d is %.4f m from where it was before the drain (%v, was %v)", c.seat, d, p, c.was)
		}
	}
	if n := players(s2.Server); n != 2 {
		t.Fatalf("%d players after the reconnects", n)
	}

	// damaged states
	if err := s2.RestoreState(saved.Bytes()); !errors.Is(err, ErrState) || !strings.Contains(err.Error(), "already has players") {
		t.Fatalf("a restore into a server with players: %v", err)
	}
	s3 := startServer(t, o)
	for i, bad := range [][]byte{
		flip(saved.Bytes(), len(saved.Bytes())/2),
		flip(saved.Bytes(), len(stateMagic)+4+1), // the first seat
		saved.Bytes()[:len(saved.Bytes())-1],
		saved.Bytes()[:len(stateMagic)+2],
		[]byte("not a state at all"),
	} {
		if err := s3.RestoreState(bad); !errors.Is(err, ErrState) {
			t.Fatalf("damaged state %d: %v, want ErrState", i, err)
		}
	}
	if n := players(s3.Server); n != 0 {
		t.Fatalf("the refused states seated %d players", n)
	}
	// and a good state still restores there
	if err := s3.RestoreState(saved.Bytes()); err != nil {
		t.Fatal(err)
	}
}

// flip returns a copy of b with a bit of byte i flipped.
func flip(b []byte, i int) []byte {
	b = bytes.Clone(b)
	b[i] ^= 0x10
	return b
}

// TestDrainBye: a player told by Drain sees the Bye with its reason (not
// the websocket close that follows it), however the frames and the close
// interleave with its Updates.
func TestDrainBye(t *testing.T) {
	for i := range 5 {
		s := startServer(t, Options{})
		a := dial(t, s.url, DialOptions{Name: "a"})
		play(t, 100*time.Millisecond, nil, nil, a)
		s.Drain(time.Second)
		time.Sleep(time.Duration(i) * 20 * time.Millisecond) // the close arrives before the next Update
		var err error
		if !proctest.WaitFor(2*time.Second, func() bool { err = a.Update(netplay.Command{}); return err != nil }) {
			t.Fatal("still connected after the drain")
		}
		if be, ok := errorsAsBye(err); !ok || !strings.HasPrefix(be.Reason, "restart") {
			t.Fatalf("try %d: %v (%T), want the Bye restart", i, err, err)
		}
		if _, ok := errorsAsBye(a.Err()); !ok {
			t.Fatalf("try %d: Err %v", i, a.Err())
		}
	}
}
