package netops

import (
	"encoding/json"
	"net/http"
)

// RoomInfo is one room of a game server as its rooms list, its metrics and
// a fleet's directory show it.
type RoomInfo struct {
	Room    int    `json:"room"`
	Players int    `json:"players"` // people, connected or within their grace time
	Bots    int    `json:"bots"`
	Tick    uint64 `json:"tick"`
}

// Handoff hands a room's state (from a halted room) to another server and
// returns the websocket URL its players should reconnect to (for example
// another server's AdoptRoom behind a message bus, as demo/internal/fleet
// does).
type Handoff func(room int, state []byte) (url string, err error)

// OpsHandler serves the operator's endpoints of a game server: /healthz
// (200 "ok" while the process serves), /readyz (200 "ready" while ready
// reports true, 503 "closing" once it reports false) and listPath (list's
// value as JSON, not to be cached: a lobby page's rooms list, say).
func OpsHandler(ready func() bool, listPath string, list func() any) http.Handler {
	mux := http.NewServeMux()
	mux.HandleFunc("/healthz", func(w http.ResponseWriter, _ *http.Request) {
		w.Header().Set("Content-Type", "text/plain; charset=utf-8")
		_, _ = w.Write([]byte("ok\n"))
	})
	mux.HandleFunc("/readyz", func(w http.ResponseWriter, _ *http.Request) {
		w.Header().Set("Content-Type", "text/plain; charset=utf-8")
		if !ready() {
			http.Error(w, "closing", http.StatusServiceUnavailable)
			return
		}
		_, _ = w.Write([]byte("ready\n"))
	})
	mux.HandleFunc(listPath, func(w http.ResponseWriter, _ *http.Request) {
		WriteJSON(w, list())
	})
	return mux
}

// WriteJSON answers v as JSON that no cache keeps.
func WriteJSON(w http.ResponseWriter, v any) {
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("Cache-Control", "no-store")
	_ = json.NewEncoder(w).Encode(v)
}
