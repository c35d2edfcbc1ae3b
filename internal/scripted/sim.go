package scripted

import (
	"github.com/seedgames/motorkit/netplay"
	"github.com/seedgames/motorkit/rollback"
)

// Sim is a Scene as a rollback.Simulation: each tick, input i (a
// netplay.Command) goes to the i-th character in entity-ID order, then
// the scene advances (its removal or spawn, the step). Build its scene
// with NoScript, so the inputs are the only ones.
type Sim struct {
	*Scene
	ids []uint32
}

var _ rollback.Simulation = (*Sim)(nil)

// SaveState is the pipeline's.
func (s *Sim) SaveState(dst []byte) ([]byte, error) { return s.Pipeline.SaveState(dst) }

// LoadState is the pipeline's.
func (s *Sim) LoadState(state []byte) error { return s.Pipeline.LoadState(state) }

// Checksum is the pipeline's.
func (s *Sim) Checksum() uint64 { return s.Pipeline.Checksum() }

// Advance submits the inputs and plays one tick.
func (s *Sim) Advance(inputs []rollback.Input) error {
	s.ids = s.IDs(s.ids[:0])
	for i, in := range inputs {
		if i < len(s.ids) {
			if err := netplay.Submit(s.Pipeline, s.ids[i], in.Bytes); err != nil {
				return err
			}
		}
	}
	return s.Scene.Advance()
}

// Inputs is the script as rollback.SyncTest's inputs: player i's
// Command at tick, encoded.
func Inputs(tick uint64, player int, dst []byte) {
	c, v := Command(tick, player)
	b := netplay.EncodeCommand(c, v)
	copy(dst, b[:])
}
