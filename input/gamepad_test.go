package input_test

import (
	"math"
	"testing"

	"github.com/seedgames/motorkit/input"
)

// The stick shaping, derived: with dead zone 0.15 and curve 1.5, a stick
// at 0.1 reads 0; at 0.575 (half of the live travel past the dead zone)
// reads 0.5^1.5 = 0.3536 in its own direction; full deflection reads 1,
// also on a diagonal whose raw length is 1.41 (the magnitude is clamped).
func TestGamepadStickShaping(t *testing.T) {
	c := input.DefaultGamepadConfig()
	near := func(a, b float64) bool { return math.Abs(a-b) < 1e-12 }
	if x, y := c.Stick(0.1, 0); x != 0 || y != 0 {
		t.Errorf("inside the dead zone: %v %v", x, y)
	}
	if x, y := c.Stick(0, -0.575); !near(x, 0) || !near(y, -math.Pow(0.5, 1.5)) {
		t.Errorf("half travel up: %v %v, want 0 and -0.3536", x, y)
	}
	x, y := c.Stick(1, 1)
	if !near(math.Hypot(x, y), 1) || !near(x, y) {
		t.Errorf("full diagonal: %v %v, want magnitude 1 at 45°", x, y)
	}
	if x, y := c.Stick(math.NaN(), 1); x != 0 || y != 0 {
		t.Errorf("NaN axis: %v %v", x, y)
	}
	lin := input.GamepadConfig{Deadzone: 0, Curve: 1, LookSpeed: 3}
	if x, _ := lin.Stick(0.3, 0); !near(x, 0.3) {
		t.Errorf("linear, no dead zone: %v, want 0.3", x)
	}
}

// A pad's left stick becomes the command's analog axes (magnitude kept for
// the motors' intent), its buttons the actions, its right stick the look;
// a disconnected pad changes nothing.
func TestGamepadApplyThroughAdapter(t *testing.T) {
	c := input.GamepadConfig{Deadzone: 0.1, Curve: 1, LookSpeed: 2}
	pad := input.Gamepad{Connected: true, LeftX: 0, LeftY: -0.55, RightX: 1, RightY: -1, Jump: true, Sprint: true}
	var f input.Frame
	dyaw, dpitch := c.Apply(&f, pad, 0.5)
	var ad input.Adapter
	cmd := ad.Update(f)
	// (0.55-0.1)/(1-0.1) = 0.5 forward; right stick (1, -1) clamps to
	// magnitude 1 at 45°: 2 rad/s * 0.5 s * 0.7071 each way.
	if math.Abs(cmd.Forward-0.5) > 1e-12 || cmd.Strafe != 0 || !cmd.JumpPressed || !cmd.JumpHeld || !cmd.Sprint || cmd.Crouch {
		t.Errorf("command %+v", cmd)
	}
	if math.Abs(dyaw-math.Sqrt2/2) > 1e-12 || math.Abs(dpitch-math.Sqrt2/2) > 1e-12 {
		t.Errorf("look %v %v, want 0.7071 each (right and up)", dyaw, dpitch)
	}
	c.InvertY = true
	if _, p := c.Apply(&input.Frame{}, pad, 0.5); p >= 0 {
		t.Errorf("inverted pitch %v, want down", p)
	}
	var g input.Frame
	if y, p := c.Apply(&g, input.Gamepad{LeftX: 1, Jump: true}, 1); y != 0 || p != 0 || g != (input.Frame{}) {
		t.Error("a disconnected pad changed the frame")
	}
	// Bad settings take documented values instead of NaN.
	bad := input.GamepadConfig{Deadzone: math.NaN(), Curve: -1, LookSpeed: math.Inf(1)}
	var h input.Frame
	if y, _ := bad.Apply(&h, pad, 0.5); math.IsNaN(y) || math.IsInf(y, 0) || math.IsNaN(h.Forward) {
		t.Errorf("bad config gave %v / %+v", y, h)
	}
}
