package online

import (
	"net/http"

	"github.com/seedgames/motorkit/demo/internal/netops"
)

// RoomInfo is one room as the rooms list shows it (netops.RoomInfo).
type RoomInfo = netops.RoomInfo

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
// closing) and /rooms (the RoomList as JSON, for a lobby page); see
// netops.OpsHandler.
func (s *Server) OpsHandler() http.Handler {
	return netops.OpsHandler(s.Ready, "/rooms", func() any { return s.RoomList() })
}

func (r *Room) info() RoomInfo {
	r.mu.Lock()
	defer r.mu.Unlock()
	return RoomInfo{Room: r.num, Players: len(r.people), Bots: r.m.Bots(), Tick: r.m.Ticks()}
}
