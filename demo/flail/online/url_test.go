package online

import "testing"

func TestServerURL(t *testing.T) {
	for in, want := range map[string]string{
		"ws://127.0.0.1:8040":       "ws://127.0.0.1:8040/ws",
		"ws://127.0.0.1:8040/":      "ws://127.0.0.1:8040/ws",
		"127.0.0.1:8040":            "ws://127.0.0.1:8040/ws",
		" http://localhost:8040/ ":  "ws://localhost:8040/ws",
		"https://example.test":      "wss://example.test/ws",
		"ws://127.0.0.1:8040/ws":    "ws://127.0.0.1:8040/ws",
		"ws://127.0.0.1:9/other/ws": "ws://127.0.0.1:9/other/ws",
	} {
		got, err := ServerURL(in)
		if err != nil || got != want {
			t.Errorf("ServerURL(%q) = %q, %v; want %q", in, got, err, want)
		}
	}
	for _, bad := range []string{"ftp://127.0.0.1:8040", "ws://", "ws://[::1"} {
		if got, err := ServerURL(bad); err == nil {
			t.Errorf("ServerURL(%q) = %q, want an error", bad, got)
		}
	}
}
