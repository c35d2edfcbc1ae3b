//go:build !js

package online

import (
	"github.com/go-gl/mathgl/mgl64"
	"github.com/seedgames/motorkit/components"
)

// gameState is the host's tick, its game's checksum and seat's character's
// position, read between two ticks (tests only).
func (s *Server) gameState(seat int) (tick, checksum uint64, pos mgl64.Vec3) {
	s.mu.Lock()
	defer s.mu.Unlock()
	g := s.host.Game()
	if e, ok := g.Character(seat); ok {
		pos = components.Body.Get(e).Position
	}
	return s.host.Tick(), g.Checksum(), pos
}
