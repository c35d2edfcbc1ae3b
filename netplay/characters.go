package netplay

import (
	"fmt"

	"github.com/seedgames/motorkit/components"
	"github.com/seedgames/motorkit/rollback"
	"github.com/seedgames/motorkit/systems"
	"github.com/yohamta/donburi"
)

// Characters is a rollback.Simulation that runs a systems.Pipeline, one
// character per player: each tick, player i's input (a Command in its
// first CommandSize bytes) is submitted to the character of stable ID
// Players[i] (systems.Submit; the view is set to the command's), then
// BeforeStep runs and the pipeline steps. Its state is the pipeline's
// (SaveState, LoadState, Checksum).
type Characters struct {
	Pipeline *systems.Pipeline
	// Players are the stable IDs of the players' characters
	// (components.StableID), by player index; a player whose ID names no
	// character (0, or one removed) has its input ignored. Stable IDs
	// survive LoadState; donburi.Entity values may not (docs/netplay.md).
	Players []components.StableID
	// BeforeStep, when set, runs every tick after the inputs are
	// submitted and before the step: a game's spawns and removals. It
	// must depend on the world's state and the inputs only, as the rest
	// of the simulation.
	BeforeStep func(inputs []rollback.Input) error
}

var _ rollback.Simulation = (*Characters)(nil)

// SaveState is the pipeline's.
func (c *Characters) SaveState(dst []byte) ([]byte, error) { return c.Pipeline.SaveState(dst) }

// LoadState is the pipeline's.
func (c *Characters) LoadState(state []byte) error { return c.Pipeline.LoadState(state) }

// Checksum is the pipeline's.
func (c *Characters) Checksum() uint64 { return c.Pipeline.Checksum() }

// UnsavedState names the game's components its characters carry that the
// pipeline's state leaves out (systems.Pipeline.UnsavedComponents):
// rollback.SyncTest reports them, since it cannot see them change.
func (c *Characters) UnsavedState() []string { return c.Pipeline.UnsavedComponents() }

// Advance submits each player's command to its character and runs one
// tick.
func (c *Characters) Advance(inputs []rollback.Input) error {
	for i, in := range inputs {
		if i >= len(c.Players) {
			break
		}
		if err := Submit(c.Pipeline, c.Players[i], in.Bytes); err != nil {
			return fmt.Errorf("netplay: player %d: %w", i, err)
		}
	}
	if c.BeforeStep != nil {
		if err := c.BeforeStep(inputs); err != nil {
			return err
		}
	}
	c.Pipeline.Step()
	return nil
}

// Submit gives the character of stable ID id the command in input (at
// least CommandSize bytes): its Command through systems.Submit, its View
// set to the command's. An ID that names no character is ignored.
func Submit(p *systems.Pipeline, id components.StableID, input []byte) error {
	if len(input) < CommandSize {
		return fmt.Errorf("an input of %d bytes, want %d", len(input), CommandSize)
	}
	e, ok := p.Character(id)
	if !ok {
		return nil
	}
	return submitTo(e, input)
}

// submitTo gives character e the command in input (CommandSize bytes at
// least).
func submitTo(e *donburi.Entry, input []byte) error {
	if len(input) < CommandSize {
		return fmt.Errorf("an input of %d bytes, want %d", len(input), CommandSize)
	}
	cmd, view := Command(input[:CommandSize]).Decode()
	if e.HasComponent(components.Command) {
		systems.Submit(e, cmd)
	}
	if e.HasComponent(components.View) {
		*components.View.Get(e) = view
	}
	return nil
}
