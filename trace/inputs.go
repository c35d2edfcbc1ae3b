package trace

import (
	"math"

	"github.com/seedgames/motorkit/components"
)

// Input is one step of a trace: the command and view yaw to submit before
// one tick (tick segments) or one frame (frame segments).
type Input struct {
	// Segment is the index of the segment the step belongs to.
	Segment int
	// FrameDt is 0 for a tick, or the frame's length in seconds.
	FrameDt float64
	// Command is the command to submit (systems.Submit).
	Command components.CommandData
	// Yaw is the view yaw (radians) to set before the step.
	Yaw float64
	// Car is the step's input for a car steered by heading and throttle
	// (the segment's aim, throttle and primary keys); Replay hands it to
	// the WithSubmit hook.
	Car Car
}

// Car is the input of a car steered by heading and throttle, such as the
// flail game's: its flail.Input has the same fields, so flail.Input(in.Car)
// converts it. It is not part of components.CommandData, which holds what
// the motors read.
type Car struct {
	// Aim is the heading in radians on the XZ plane: direction
	// (cos Aim, 0, sin Aim).
	Aim float64
	// Throttle in [0, 1].
	Throttle float64
	// PrimaryPressed is the primary button's down edge; PrimaryHeld its level.
	PrimaryPressed, PrimaryHeld bool
}

// Inputs expands the trace into its steps, in order, exactly as Replay
// submits them. startYaw is the view yaw before the first segment (the
// spawned entity's). tickRate is the rate the steps will run at: when it
// differs from the trace's TickRate, tick segments are rescaled to the same
// duration in seconds (rounded to whole ticks); 0 means the trace's rate.
//
// Yaw and aim carry over between segments; a segment's yaw_rate_deg turns
// the yaw every step (by rate*dt per tick, rate*frame_dt per frame).
// "tap"/"hold" buttons derive their pressed edge from the held level of the
// step before; exact pressed/held fields (recorded traces) are used as is.
func (t *Trace) Inputs(startYaw, tickRate float64) []Input {
	if !(tickRate > 0) {
		tickRate = t.TickRate
	}
	scale := tickRate / t.TickRate
	dt := 1 / tickRate
	out := make([]Input, 0, int(float64(float64(t.Ticks())*scale))+1)
	yaw, aim := startYaw, 0.0
	var prevJump, prevPrimary bool
	for si, s := range t.Segments {
		if s.Yaw != nil {
			yaw = *s.Yaw
		} else if s.YawDeg != nil {
			yaw = deg(*s.YawDeg)
		}
		if s.Aim != nil {
			aim = *s.Aim
		} else if s.AimDeg != nil {
			aim = deg(*s.AimDeg)
		}
		yawRate := deg(s.YawRateDeg)
		n, step := s.Duration(), dt
		if s.Frames > 0 {
			step = s.FrameDt
		} else if scale != 1 {
			n = int(math.Round(float64(float64(s.Ticks) * scale)))
		}
		yaw0 := yaw
		for i := 0; i < n; i++ {
			jumpHeld, jumpPressed := buttons(s.Jump, s.JumpHeld, s.JumpPressed, i, prevJump)
			primHeld, primPressed := buttons(s.Primary, s.PrimaryHeld, s.PrimaryPressed, i, prevPrimary)
			prevJump, prevPrimary = jumpHeld, primHeld
			in := Input{Segment: si, Yaw: yaw, Command: components.CommandData{
				Forward: s.Forward, Strafe: s.Strafe,
				JumpPressed: jumpPressed, JumpHeld: jumpHeld,
				Sprint: s.Sprint, Walk: s.Walk, Crouch: s.Crouch,
				DashPressed: (s.Dash == "tap" && i == 0) || (s.DashPressed != nil && *s.DashPressed),
				UICaptured:  s.UICaptured,
			}, Car: Car{Aim: aim, Throttle: s.Throttle, PrimaryPressed: primPressed, PrimaryHeld: primHeld}}
			if s.Frames > 0 {
				in.FrameDt = s.FrameDt
			}
			out = append(out, in)
			yaw = yaw0 + float64(float64(i+1)*yawRate*step)
		}
	}
	return out
}

func buttons(mode string, exactHeld, exactPressed *bool, i int, prevHeld bool) (held, pressed bool) {
	if exactHeld != nil || exactPressed != nil {
		if exactHeld != nil {
			held = *exactHeld
		}
		if exactPressed != nil {
			pressed = *exactPressed
		}
		return held, pressed
	}
	held = mode == "hold" || (mode == "tap" && i == 0)
	return held, held && !prevHeld
}
