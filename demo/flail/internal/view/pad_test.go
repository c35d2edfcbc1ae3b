package view_test

import (
	"math"
	"testing"

	"github.com/seedgames/motorkit/demo/flail/internal/view"
	"github.com/seedgames/motorkit/input"
)

// Stick down-right at full deflection aims at +45° (screen down is +Z) with
// full throttle; half the live travel gives 0.5 throttle with a linear
// curve; the trigger's down edge throws once; at rest with the trigger up
// the pad leaves control to the mouse, and the aim is kept.
func TestPadSteer(t *testing.T) {
	p := view.PadSteer{Config: input.GamepadConfig{Deadzone: 0.1, Curve: 1, LookSpeed: 1}}
	cmd, ok := p.Update(input.Gamepad{Connected: true, LeftX: 1, LeftY: 1})
	if !ok || math.Abs(cmd.Aim-math.Pi/4) > 1e-12 || math.Abs(cmd.Throttle-1) > 1e-12 || cmd.PrimaryPressed {
		t.Fatalf("full down-right: %+v %v", cmd, ok)
	}
	cmd, _ = p.Update(input.Gamepad{Connected: true, LeftX: -0.55, Primary: true})
	if math.Abs(cmd.Aim-math.Pi) > 1e-12 || math.Abs(cmd.Throttle-0.5) > 1e-12 || !cmd.PrimaryPressed || !cmd.PrimaryHeld {
		t.Fatalf("half left with the trigger: %+v", cmd)
	}
	cmd, _ = p.Update(input.Gamepad{Connected: true, Primary: true})
	if cmd.PrimaryPressed || !cmd.PrimaryHeld || math.Abs(cmd.Aim-math.Pi) > 1e-12 || cmd.Throttle != 0 {
		t.Fatalf("trigger held at rest: %+v", cmd)
	}
	if _, ok := p.Update(input.Gamepad{Connected: true}); ok {
		t.Fatal("a pad at rest took control")
	}
	if _, ok := p.Update(input.Gamepad{LeftX: 1}); ok {
		t.Fatal("a disconnected pad took control")
	}
}
