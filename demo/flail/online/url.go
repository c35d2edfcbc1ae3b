package online

import (
	"fmt"
	"net/url"
	"strings"
)

// GamePath is the path of the server's WebSocket endpoint (demo/flailserver
// serves the browser page on "/" and the game on GamePath).
const GamePath = "/ws"

// ServerURL turns what a player types after -connect into the game's
// WebSocket URL: "127.0.0.1:8040", "ws://127.0.0.1:8040" and
// "http://127.0.0.1:8040/" all become "ws://127.0.0.1:8040/ws" (https
// becomes wss); a URL with another path is kept as it is.
func ServerURL(s string) (string, error) {
	s = strings.TrimSpace(s)
	if !strings.Contains(s, "://") {
		s = "ws://" + s
	}
	u, err := url.Parse(s)
	if err != nil {
		return "", fmt.Errorf("server address %q: %w", s, err)
	}
	switch u.Scheme {
	case "ws", "wss":
	case "http":
		u.Scheme = "ws"
	case "https":
		u.Scheme = "wss"
	default:
		return "", fmt.Errorf("server address %q: scheme %q (want ws, wss, http or https)", s, u.Scheme)
	}
	if u.Host == "" {
		return "", fmt.Errorf("server address %q: no host", s)
	}
	if u.Path == "" || u.Path == "/" {
		u.Path = GamePath
	}
	return u.String(), nil
}
