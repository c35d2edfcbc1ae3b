package online

import "github.com/seedgames/motorkit/demo/flail/wire"

// playerOf returns the player a token names (tests only).
func (s *Server) playerOf(tok wire.Token) *player {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.tokens[tok]
}
