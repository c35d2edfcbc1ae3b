//go:build !js

package online

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/coder/websocket"
	"github.com/seedgames/motorkit/demo/internal/proctest"
)

// TestClientThatLeftIsNotASlowReader: a player whose connection is reset
// while the server sends it snapshots (a browser closing its tab) left:
// the log says "leave …: closed: the client left (…)", the disconnects
// metric counts it as closed, and nothing calls it a slow reader.
func TestClientThatLeftIsNotASlowReader(t *testing.T) {
	srv, url, logs := startServer(t, ServerOptions{RoomSize: 4})
	hc, reset := proctest.ResettingClient()
	c := rawDial(t, url, hc)
	defer c.CloseNow()
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	if err := c.Write(ctx, websocket.MessageBinary, hello("tab")); err != nil {
		t.Fatal(err)
	}
	for i := 0; i < 3; i++ { // its welcome and snapshots: the server is sending
		if _, _, err := c.Read(ctx); err != nil {
			t.Fatal(err)
		}
	}
	reset()
	scrape := func() string { return proctest.Scrape(srv.MetricsHandler()) }
	if !proctest.WaitFor(5*time.Second, func() bool {
		return strings.Contains(scrape(), `flail_disconnects_total{reason="closed"} 1`)
	}) || !strings.Contains(scrape(), `flail_disconnects_total{reason="slow_reader"} 0`) {
		t.Fatalf("a client that left is not counted as closed:\n%s\nserver log:\n%s", scrape(), logs)
	}
	if strings.Contains(logs.String(), "slow reader") || strings.Contains(logs.String(), "disconnect ") {
		t.Fatalf("a client that left is logged as disconnected:\n%s", logs)
	}
	t.Logf("server log:\n%s", logs)
}
