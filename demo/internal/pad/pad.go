// Package pad polls the first gamepad in the standard layout for the demos:
// a new pad is picked up on the next frame (hot-plugging) and a removed one
// reads as disconnected. The mapping to commands is package input's
// (input.GamepadConfig), which tests without a device.
package pad

import (
	"github.com/hajimehoshi/ebiten/v2"
	"github.com/seedgames/motorkit/input"
)

// Poller keeps the gamepad ID list between frames (no allocation per poll).
type Poller struct {
	ids []ebiten.GamepadID
}

// Poll returns the state of the first connected gamepad that has the
// standard layout, or a disconnected input.Gamepad.
func (p *Poller) Poll() input.Gamepad {
	p.ids = ebiten.AppendGamepadIDs(p.ids[:0])
	for _, id := range p.ids {
		if !ebiten.IsStandardGamepadLayoutAvailable(id) {
			continue
		}
		a := func(x ebiten.StandardGamepadAxis) float64 { return ebiten.StandardGamepadAxisValue(id, x) }
		b := func(x ebiten.StandardGamepadButton) bool { return ebiten.IsStandardGamepadButtonPressed(id, x) }
		return input.Gamepad{
			Connected: true,
			LeftX:     a(ebiten.StandardGamepadAxisLeftStickHorizontal),
			LeftY:     a(ebiten.StandardGamepadAxisLeftStickVertical),
			RightX:    a(ebiten.StandardGamepadAxisRightStickHorizontal),
			RightY:    a(ebiten.StandardGamepadAxisRightStickVertical),
			Jump:      b(ebiten.StandardGamepadButtonRightBottom),
			Crouch:    b(ebiten.StandardGamepadButtonRightRight),
			Sprint:    b(ebiten.StandardGamepadButtonLeftStick),
			Walk:      b(ebiten.StandardGamepadButtonFrontTopLeft),
			Primary:   b(ebiten.StandardGamepadButtonFrontBottomRight),
			Dash:      b(ebiten.StandardGamepadButtonFrontTopRight),
		}
	}
	return input.Gamepad{}
}
