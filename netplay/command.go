package netplay

import (
	"math"

	"github.com/seedgames/motorkit/motors"
)

// CommandSize is the size of an encoded Command: the rollback.Config's
// InputSize of a game whose inputs are Commands.
const CommandSize = 8

// The command's buttons, one bit each in byte 2.
const (
	bitJumpPressed = 1 << iota
	bitJumpHeld
	bitSprint
	bitWalk
	bitCrouch
	bitDashPressed
	bitUICaptured
)

// Quantization steps: the axes in 1/127 (int8), the yaw in 2π/65536 of a
// turn (uint16), the pitch in (π/2)/32767 (int16).
const (
	axisSteps  = 127
	yawStep    = 2 * math.Pi / 65536
	pitchSteps = 32767
	halfPi     = math.Pi / 2
)

// Command is one tick of a player's input as it travels: a
// motors.Command (its axes, buttons and edges) and the view's yaw and
// pitch, quantized into CommandSize bytes. Every peer simulates the
// decoded value, the local one too, so quantizing changes nothing
// between peers: the game encodes its local input, hands the bytes to
// the session, and the Simulation decodes them.
type Command [CommandSize]byte

// EncodeCommand quantizes c and v: Forward and Strafe to 1/127 (clamped
// to [-1, 1], NaN to 0), the buttons to bits (UICaptured included;
// Pending is the pipeline's, not input), the yaw to 1/65536 of a turn,
// the pitch to (π/2)/32767 (clamped to ±π/2).
func EncodeCommand(c motors.Command, v motors.View) Command {
	var b Command
	b[0] = byte(int8(quantize(c.Forward, axisSteps)))
	b[1] = byte(int8(quantize(c.Strafe, axisSteps)))
	for bit, on := range [...]bool{c.JumpPressed, c.JumpHeld, c.Sprint, c.Walk, c.Crouch, c.DashPressed, c.UICaptured} {
		if on {
			b[2] |= 1 << bit
		}
	}
	yaw := v.Yaw
	if math.IsNaN(yaw) || math.IsInf(yaw, 0) {
		yaw = 0
	}
	turns := yaw / (2 * math.Pi)
	q := uint16(int64(math.Round(float64((turns - math.Floor(turns)) * 65536)))) // 65536 wraps to 0
	b[4], b[5] = byte(q), byte(q>>8)
	p := uint16(int16(quantize(v.Pitch/halfPi, pitchSteps)))
	b[6], b[7] = byte(p), byte(p>>8)
	return b
}

// quantize maps x in [-1, 1] to [-steps, steps] (clamped, NaN to 0).
func quantize(x float64, steps int) int {
	if !(x >= -1) { // NaN or below
		if math.IsNaN(x) {
			return 0
		}
		x = -1
	}
	if x > 1 {
		x = 1
	}
	return int(math.Round(float64(x * float64(steps))))
}

// Decode returns the command and view the bytes encode. It is exact and
// the same on every platform: each value is a small integer times a
// constant, rounded once.
func (b Command) Decode() (motors.Command, motors.View) {
	bits := b[2]
	c := motors.Command{
		Forward:     float64(int8(b[0])) / axisSteps,
		Strafe:      float64(int8(b[1])) / axisSteps,
		JumpPressed: bits&bitJumpPressed != 0,
		JumpHeld:    bits&bitJumpHeld != 0,
		Sprint:      bits&bitSprint != 0,
		Walk:        bits&bitWalk != 0,
		Crouch:      bits&bitCrouch != 0,
		DashPressed: bits&bitDashPressed != 0,
		UICaptured:  bits&bitUICaptured != 0,
	}
	yaw := float64(float64(uint16(b[4])|uint16(b[5])<<8) * yawStep)
	pitch := float64(float64(int16(uint16(b[6])|uint16(b[7])<<8)) * (halfPi / pitchSteps))
	return c, motors.View{Yaw: yaw, Pitch: pitch}
}
