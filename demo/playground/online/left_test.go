//go:build !js

package online

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/coder/websocket"
	"github.com/seedgames/motorkit/demo/internal/proctest"
	"github.com/seedgames/motorkit/netplay"
)

// TestClientThatLeftIsNotASlowReader: a seated player whose connection is
// reset while the server sends it the match (a browser closing its tab)
// left: the log says "disconnected: closed: the client left (…)", the
// disconnects metric counts it as closed, and nothing calls it a slow
// reader; the seat waits for its grace as after any disconnect.
func TestClientThatLeftIsNotASlowReader(t *testing.T) {
	s := startServer(t, Options{Grace: time.Minute})
	hc, reset := proctest.ResettingClient()
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	c, _, err := websocket.Dial(ctx, s.url, &websocket.DialOptions{HTTPClient: hc})
	if err != nil {
		t.Fatal(err)
	}
	defer c.CloseNow()
	c.SetReadLimit(netplay.MaxStateBytes + 1024)
	if err := c.Write(ctx, websocket.MessageBinary, netplay.AppendHello(nil, &netplay.Hello{Name: "tab"})); err != nil {
		t.Fatal(err)
	}
	for i := 0; i < 3; i++ { // its welcome and what follows: the server is sending
		if _, _, err := c.Read(ctx); err != nil {
			t.Fatal(err)
		}
	}
	reset()
	if !proctest.WaitFor(5*time.Second, func() bool { return s.log.Logged(`("tab") disconnected:`) }) {
		t.Fatalf("the reset is not logged:\n%s", s.log)
	}
	if !s.log.Logged(`("tab") disconnected: closed`) || strings.Contains(s.log.String(), "slow reader") {
		t.Fatalf("a client that left is logged as something else:\n%s", s.log)
	}
	scrape := func() string { return proctest.Scrape(s.MetricsHandler()) }
	if !proctest.WaitFor(2*time.Second, func() bool {
		return strings.Contains(scrape(), `playground_disconnects_total{reason="closed"} 1`)
	}) || !strings.Contains(scrape(), `playground_disconnects_total{reason="slow_reader"} 0`) {
		t.Fatalf("a client that left is not counted as closed:\n%s", scrape())
	}
	t.Logf("server log:\n%s", s.log)
	if n := players(s.Server); n != 1 {
		t.Fatalf("%d players during the seat's grace, want 1", n)
	}
}
