//go:build !js

package online

import (
	"context"
	"net"
	"net/http"
	"net/http/httptest"
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
	var raw net.Conn
	hc := &http.Client{Transport: &http.Transport{DialContext: func(ctx context.Context, network, addr string) (net.Conn, error) {
		c, err := (&net.Dialer{}).DialContext(ctx, network, addr)
		raw = c
		return c, err
	}}}
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
	_ = raw.(*net.TCPConn).SetLinger(0) // close sends a reset
	_ = raw.Close()
	scrape := func() string {
		rec := httptest.NewRecorder()
		srv.MetricsHandler().ServeHTTP(rec, httptest.NewRequest("GET", "/metrics", nil))
		return rec.Body.String()
	}
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
