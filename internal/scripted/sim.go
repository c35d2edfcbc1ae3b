package scripted

import (
	"github.com/seedgames/motorkit/netplay"
	"github.com/seedgames/motorkit/rollback"
)

// Sim is a Scene as a rollback.Simulation: a netplay.Characters whose
// players are, each tick, the scene's characters in stable ID order
// (input i goes to the i-th), with the scene's removal or spawn before
// the step. Build its scene with NoScript, so the inputs are the only
// ones.
type Sim struct {
	netplay.Characters
	Scene *Scene
}

var _ rollback.Simulation = (*Sim)(nil)

// NewSim returns s as a Simulation.
func NewSim(s *Scene) *Sim {
	sim := &Sim{Scene: s}
	sim.Pipeline = s.Pipeline
	sim.BeforeStep = func([]rollback.Input) error { return s.churn() }
	return sim
}

// Advance gives input i to the i-th character and plays one tick.
func (s *Sim) Advance(inputs []rollback.Input) error {
	s.Players = s.Scene.IDs(s.Players[:0])
	return s.Characters.Advance(inputs)
}

// Inputs is the script as rollback.SyncTest's inputs: player i's
// Command at tick, encoded.
func Inputs(tick uint64, player int, dst []byte) {
	c, v := Command(tick, player)
	b := netplay.EncodeCommand(c, v)
	copy(dst, b[:])
}
