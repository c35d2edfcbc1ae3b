//go:build !js

package online

import (
	"context"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/coder/websocket"
)

// Browser websockets are accepted from the server's own pages and from the
// allowed origins only; native clients (no Origin header) always.
func TestOriginCheck(t *testing.T) {
	_, url, _ := startServer(t, ServerOptions{RoomSize: 2, MaxRooms: 1, AllowedOrigins: []string{"*.friends.example"}})
	host := strings.TrimSuffix(strings.TrimPrefix(url, "ws://"), "/")
	for _, tc := range []struct {
		origin string
		ok     bool
	}{
		{"", true},                                 // native client
		{"http://" + host, true},                   // a page this server served
		{"https://play.friends.example", true},     // allowed by the pattern
		{"https://evil.example", false},            // another site
		{"http://127.0.0.1:1", false},              // same address, another port
		{"https://friends.example.evil.io", false}, // the pattern is anchored
	} {
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		h := http.Header{}
		if tc.origin != "" {
			h.Set("Origin", tc.origin)
		}
		c, resp, err := websocket.Dial(ctx, url, &websocket.DialOptions{HTTPHeader: h})
		cancel()
		if tc.ok {
			if err != nil {
				t.Errorf("origin %q refused: %v", tc.origin, err)
				continue
			}
			c.Close(websocket.StatusNormalClosure, "")
			continue
		}
		if err == nil {
			c.Close(websocket.StatusNormalClosure, "")
			t.Errorf("origin %q accepted, want 403", tc.origin)
			continue
		}
		if resp == nil || resp.StatusCode != http.StatusForbidden {
			t.Errorf("origin %q: %v, want a 403 response", tc.origin, err)
		}
	}
}
