package online

import (
	"encoding/json"
	"net/http"
)

// RoomInfo is one room as the rooms list shows it.
type RoomInfo struct {
	Room    int    `json:"room"`
	Players int    `json:"players"` // people, connected or within their grace time
	Bots    int    `json:"bots"`
	Tick    uint64 `json:"tick"`
}

// RoomList describes the open rooms, in the order they opened.
func (s *Server) RoomList() []RoomInfo {
	rooms := s.Rooms()
	out := make([]RoomInfo, 0, len(rooms))
	for _, r := range rooms {
		out = append(out, r.info())
	}
	return out
}

// Ready reports whether the server takes new players (false once it is
// closing).
func (s *Server) Ready() bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	return !s.closed
}

// OpsHandler serves the operator's endpoints: /healthz (200 while the
// process serves), /readyz (200 while it takes new players, 503 once it is
// closing) and /rooms (the RoomList as JSON, for a lobby page).
func (s *Server) OpsHandler() http.Handler {
	mux := http.NewServeMux()
	mux.HandleFunc("/healthz", func(w http.ResponseWriter, _ *http.Request) {
		w.Header().Set("Content-Type", "text/plain; charset=utf-8")
		_, _ = w.Write([]byte("ok\n"))
	})
	mux.HandleFunc("/readyz", func(w http.ResponseWriter, _ *http.Request) {
		w.Header().Set("Content-Type", "text/plain; charset=utf-8")
		if !s.Ready() {
			http.Error(w, "closing", http.StatusServiceUnavailable)
			return
		}
		_, _ = w.Write([]byte("ready\n"))
	})
	mux.HandleFunc("/rooms", func(w http.ResponseWriter, _ *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		w.Header().Set("Cache-Control", "no-store")
		_ = json.NewEncoder(w).Encode(s.RoomList())
	})
	return mux
}

func (r *Room) info() RoomInfo {
	r.mu.Lock()
	defer r.mu.Unlock()
	return RoomInfo{Room: r.num, Players: len(r.people), Bots: r.m.Bots(), Tick: r.m.Ticks()}
}
