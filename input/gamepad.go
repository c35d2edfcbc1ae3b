package input

import (
	"github.com/seedgames/motorkit/detmath"
	"math"
)

// Gamepad is one poll of a gamepad in the standard layout (Ebitengine's
// StandardGamepadAxis and StandardGamepadButton): sticks in [-1, 1] with +Y
// down, as the layout reports them, and the buttons a game binds.
type Gamepad struct {
	// Connected is false when no pad is plugged in: Apply then changes
	// nothing.
	Connected bool
	// LeftX, LeftY move; RightX, RightY look. +X right, +Y down.
	LeftX, LeftY, RightX, RightY float64
	// Jump (bottom face button), Crouch (right face button), Sprint (left
	// stick press), Walk (left shoulder), Primary (right trigger) and Dash
	// (right shoulder) are the buttons' levels.
	Jump, Crouch, Sprint, Walk, Primary, Dash bool
}

// GamepadConfig shapes a pad's sticks.
type GamepadConfig struct {
	// Deadzone is the radial dead zone of both sticks, in [0, 0.9]
	// (default 0.15): a stick nearer its centre reads 0, and the rest of
	// the travel is rescaled to [0, 1] so there is no jump at its edge.
	Deadzone float64
	// Curve is the response exponent applied to the rescaled magnitude
	// (default 1.5; 1 is linear, above 1 gives finer control near the
	// centre). The direction is kept.
	Curve float64
	// LookSpeed is the turn rate of the right stick at full deflection, in
	// rad/s (default 3).
	LookSpeed float64
	// InvertY makes pushing the right stick up look down.
	InvertY bool
}

// DefaultGamepadConfig returns the defaults documented on GamepadConfig.
func DefaultGamepadConfig() GamepadConfig {
	return GamepadConfig{Deadzone: 0.15, Curve: 1.5, LookSpeed: 3}
}

// sanitized clamps each setting to its documented range; NaN takes the
// default.
func (c GamepadConfig) sanitized() GamepadConfig {
	d := DefaultGamepadConfig()
	if !(c.Deadzone >= 0) {
		c.Deadzone = d.Deadzone
	}
	c.Deadzone = math.Min(c.Deadzone, 0.9)
	if !(c.Curve > 0) || math.IsInf(c.Curve, 0) {
		c.Curve = d.Curve
	}
	if !(c.LookSpeed >= 0) || math.IsInf(c.LookSpeed, 0) {
		c.LookSpeed = d.LookSpeed
	}
	return c
}

// Stick shapes one stick's raw x, y: radial dead zone, rescale, response
// curve, magnitude at most 1, direction kept. NaN or infinite input reads
// as centred.
func (c GamepadConfig) Stick(x, y float64) (float64, float64) {
	if !finite(x) || !finite(y) {
		return 0, 0
	}
	c = c.sanitized()
	m := detmath.Hypot(x, y)
	if m <= c.Deadzone || m == 0 {
		return 0, 0
	}
	s := math.Min(1, (m-c.Deadzone)/(1-c.Deadzone))
	s = detmath.Pow(s, c.Curve)
	return float64(x / m * s), float64(y / m * s)
}

// Apply merges pad into the frame f and returns the look change for a
// frame of dt seconds (yaw grows to the right, pitch up, in radians): the
// left stick becomes the analog move axes (so its magnitude reaches the
// motors' intent magnitude), the buttons the actions' key levels (OR-ed
// with the keyboard's), the right stick the look. A disconnected pad, or
// a non-positive or non-finite dt for the look, changes nothing.
func (c GamepadConfig) Apply(f *Frame, pad Gamepad, dt float64) (dyaw, dpitch float64) {
	if !pad.Connected {
		return 0, 0
	}
	c = c.sanitized()
	lx, ly := c.Stick(pad.LeftX, pad.LeftY)
	f.Forward += -ly // stick up (-Y) is forward
	f.Strafe += lx
	for _, b := range [...]struct {
		a  Action
		on bool
	}{{Jump, pad.Jump}, {Crouch, pad.Crouch}, {Sprint, pad.Sprint}, {Walk, pad.Walk}, {Primary, pad.Primary}, {Dash, pad.Dash}} {
		f.Keys[b.a] = f.Keys[b.a] || b.on
	}
	if !(dt > 0) || math.IsInf(dt, 0) {
		return 0, 0
	}
	rx, ry := c.Stick(pad.RightX, pad.RightY)
	dyaw = float64(rx * c.LookSpeed * dt)
	dpitch = float64(-ry * c.LookSpeed * dt)
	if c.InvertY {
		dpitch = -dpitch
	}
	return dyaw, dpitch
}
