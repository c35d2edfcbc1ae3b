//go:build !js

package online

import (
	"errors"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/coder/websocket"
	"github.com/seedgames/motorkit/flail/wire"
)

// TestDrainTellsPlayers: Drain tells a connected player that the server is
// restarting (a wire error CodeRestart naming it, then the websocket close
// code 1012), stops being ready, refuses new connections with 503 and ends
// within its bound.
func TestDrainTellsPlayers(t *testing.T) {
	srv, url, _ := startServer(t, ServerOptions{RoomSize: 4})
	c := dial(t, url, DialOptions{Name: "stay"})
	defer c.Close()
	if !srv.Ready() {
		t.Fatal("not ready before the drain")
	}
	start := time.Now()
	srv.Drain(3 * time.Second)
	if d := time.Since(start); d > 3500*time.Millisecond {
		t.Fatalf("drain took %v", d)
	}
	if srv.Ready() {
		t.Fatal("still ready after the drain")
	}
	if !waitFor(3*time.Second, func() bool { return c.Err() != nil }) {
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
