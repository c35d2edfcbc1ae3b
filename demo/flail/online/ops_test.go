//go:build !js

package online

import (
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/seedgames/motorkit/demo/flail/wire"
	"github.com/seedgames/motorkit/demo/internal/proctest"
)

// The operator's endpoints answer over real HTTP on 127.0.0.1: health,
// readiness (503 once the server closes) and the rooms list with a player
// in room 0.
func TestOpsEndpoints(t *testing.T) {
	srv, url, _ := startServer(t, ServerOptions{RoomSize: 4})
	c := dial(t, url, DialOptions{Name: "Ann"})
	defer c.Close()
	ops := httptest.NewServer(srv.OpsHandler())
	defer ops.Close()
	get := func(path string) (int, []byte) {
		t.Helper()
		resp, err := http.Get(ops.URL + path)
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		var b [4096]byte
		n, _ := resp.Body.Read(b[:])
		return resp.StatusCode, b[:n]
	}
	if code, _ := get("/healthz"); code != 200 {
		t.Errorf("/healthz %d", code)
	}
	if code, _ := get("/readyz"); code != 200 {
		t.Errorf("/readyz %d while serving", code)
	}
	code, body := get("/rooms")
	var rooms []RoomInfo
	if code != 200 || json.Unmarshal(body, &rooms) != nil || len(rooms) != 1 || rooms[0].Players != 1 || rooms[0].Bots != 3 {
		t.Errorf("/rooms %d %s", code, body)
	}
	srv.Close()
	if code, _ := get("/readyz"); code != http.StatusServiceUnavailable {
		t.Errorf("/readyz %d after Close, want 503", code)
	}
}

// The metrics endpoint serves the Prometheus text format with the room,
// player, connection, traffic, tick, input and disconnect figures of a real
// session: a client joins, sends inputs, leaves.
func TestMetrics(t *testing.T) {
	srv, url, _ := startServer(t, ServerOptions{RoomSize: 4})
	c := dial(t, url, DialOptions{Name: "Ann"})
	for i := 0; i < 10; i++ {
		if _, err := c.SendInput(context.Background(), 0, 1, 0); err != nil {
			t.Fatal(err)
		}
	}
	var s wire.Snapshot
	if !proctest.WaitFor(2*time.Second, func() bool { return c.Latest(&s) && s.Ack >= 10 }) {
		t.Fatalf("inputs not acked: %d", s.Ack)
	}
	scrape := func() string { return proctest.Scrape(srv.MetricsHandler()) }
	body := scrape()
	for _, want := range []string{"flail_rooms 1", "flail_players 1", "flail_bots 3", "flail_connections 1",
		`flail_inputs_total{result="applied"} 10`, "flail_tick_seconds_count", "flail_bytes_out_total", "flail_bytes_in_total"} {
		if !strings.Contains(body, want) {
			t.Errorf("metrics lack %q", want)
		}
	}
	c.Close()
	if !proctest.WaitFor(2*time.Second, func() bool { return strings.Contains(scrape(), `flail_disconnects_total{reason="closed"} 1`) }) {
		t.Errorf("a closed connection was not counted:\n%s", scrape())
	}
}
