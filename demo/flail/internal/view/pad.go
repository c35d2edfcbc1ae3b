package view

import (
	"math"

	"github.com/seedgames/motorkit/flail"
	"github.com/seedgames/motorkit/input"
)

// PadSteer steers the flail car with a gamepad in the standard layout: the
// left stick's direction is the aim (screen right = +X, screen down = +Z,
// as the camera draws the arena), its shaped magnitude the throttle, the
// right trigger throws (pressed on its down edge, held while down). It
// keeps the last aim while the stick rests. ok is false when the pad is not
// in use this frame (disconnected, or stick at rest and trigger up), so the
// mouse and keys keep control.
type PadSteer struct {
	Config      input.GamepadConfig
	aim         float64
	prevPrimary bool
}

// Update returns the car input for pad's state.
func (p *PadSteer) Update(pad input.Gamepad) (cmd flail.Input, ok bool) {
	pressed := pad.Connected && pad.Primary && !p.prevPrimary
	p.prevPrimary = pad.Connected && pad.Primary
	if !pad.Connected {
		return cmd, false
	}
	x, y := p.Config.Stick(pad.LeftX, pad.LeftY)
	m := math.Hypot(x, y)
	if m == 0 && !pad.Primary {
		return cmd, false
	}
	if m > 0 {
		p.aim = math.Atan2(y, x)
	}
	return flail.Input{Aim: p.aim, Throttle: math.Min(1, m), PrimaryPressed: pressed, PrimaryHeld: pad.Primary}, true
}
