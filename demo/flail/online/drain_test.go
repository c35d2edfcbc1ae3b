//go:build !js

package online

import (
	"context"
	"errors"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/coder/websocket"
	"github.com/seedgames/motorkit/demo/flail/wire"
	"github.com/seedgames/motorkit/demo/internal/proctest"
)

// TestDrainTellsPlayers: Drain tells a connected player that the server is
// restarting (a wire error CodeRestart naming it, then the websocket close
// code 1012), stops being ready, refuses new connections with 503 and
// returns (its player gone, it does not wait for its bound; 5 s past the
// bound is a drain that hangs, not a busy machine).
func TestDrainTellsPlayers(t *testing.T) {
	srv, url, _ := startServer(t, ServerOptions{RoomSize: 4})
	c := dial(t, url, DialOptions{Name: "stay"})
	defer c.Close()
	if !srv.Ready() {
		t.Fatal("not ready before the drain")
	}
	start := time.Now()
	srv.Drain(3 * time.Second)
	if d := time.Since(start); d > 3*time.Second+5*time.Second {
		t.Fatalf("Drain(3 s) took %v", d)
	}
	if srv.Ready() {
		t.Fatal("still ready after the drain")
	}
	if !proctest.WaitFor(3*time.Second, func() bool { return c.Err() != nil }) {
		t.Fatal("the client did not see the connection end")
	}
	err := c.Err()
	var se *wire.Error
	var ce websocket.CloseError
	switch {
	case errors.As(err, &se):
		if se.Code != wire.CodeRestart || !strings.Contains(se.Text, "restarting") {
			t.Fatalf("server error %+v, want CodeRestart", se)
		}
	case errors.As(err, &ce):
		if ce.Code != websocket.StatusServiceRestart {
			t.Fatalf("close code %v, want 1012", ce.Code)
		}
	default:
		t.Fatalf("the client saw %v, want the restart error or close code 1012", err)
	}
	resp, herr := http.Get(strings.Replace(url, "ws://", "http://", 1))
	if herr != nil {
		t.Fatal(herr)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusServiceUnavailable {
		t.Fatalf("a new connection after the drain got %d, want 503", resp.StatusCode)
	}
}

// TestSpectator: a spectator watches the room with the most people
// without taking a seat: it gets the welcome (player 0), the roster and
// snapshots of everyone, is not evicted for sending nothing, does not count
// as a player, and is refused when it sends an input.
func TestSpectator(t *testing.T) {
	srv, url, _ := startServer(t, ServerOptions{RoomSize: 4, IdleTimeout: 300 * time.Millisecond})
	if _, err := Dial(context.Background(), url, DialOptions{Spectate: true}); err == nil {
		t.Fatal("a spectator was let in with no room to watch")
	}
	a := dial(t, url, DialOptions{Name: "played"})
	defer a.Close()
	go func() { // keep the player from idling out
		for a.Err() == nil {
			_, _ = a.SendInput(context.Background(), 0, 0, 0)
			time.Sleep(25 * time.Millisecond)
		}
	}()
	w := dial(t, url, DialOptions{Spectate: true})
	defer w.Close()
	if w.Welcome.You != 0 || w.Welcome.Room != a.Welcome.Room {
		t.Fatalf("spectator welcome: player %d in room %d", w.Welcome.You, w.Welcome.Room)
	}
	var s wire.Snapshot
	if !proctest.WaitFor(3*time.Second, func() bool { return w.Latest(&s) && me(&s, a.Welcome.You) != nil && len(s.Players) == 4 }) {
		t.Fatal("the spectator sees no snapshot of the room")
	}
	time.Sleep(600 * time.Millisecond) // two idle timeouts
	if w.Err() != nil {
		t.Fatalf("the spectator was dropped: %v", w.Err())
	}
	if n := srv.Rooms()[0].People(); n != 1 {
		t.Fatalf("%d people in the room, want 1 (spectators take no seat)", n)
	}
	if _, err := w.SendInput(context.Background(), 0, 1, 0); err != nil {
		t.Fatal(err)
	}
	if !proctest.WaitFor(3*time.Second, func() bool { return w.Err() != nil }) {
		t.Fatal("a spectator's input was accepted")
	}
}
