package systems

import (
	"github.com/seedgames/motorkit/components"
	"github.com/seedgames/motorkit/motors"
)

// UpdateJumpBuffer advances one entity's jump timers by one tick and decides
// whether a jump is requested this tick. rules are the motor's windows at
// the tick rate (Motor.JumpRules), grounded is the KCC's report from the
// previous tick, pressed and held are the jump button's edge and level,
// captured says the UI owns the input.
//
// Timer semantics, all in ticks: a press sets BufferTicks to
// Rules.BufferTicks+1, so it is valid on its own tick and on the next
// BufferTicks ticks. Walking off ground without jumping sets CoyoteTicks to
// Rules.CoyoteTicks, so a jump is allowed on the first CoyoteTicks airborne
// ticks. The first grounded tick after being airborne sets LandingGraceTicks
// to Rules.LandingGraceTicks (counting that tick). A jump is requested when
// jumping is enabled, the input is not captured, the character is grounded or
// has coyote time, and a press is buffered (or AutoHop and jump is held).
// The request is consumed only by the KCC stage, which clears the buffer and
// coyote timers.
//
// While captured, CaptureFreeze keeps every timer where it is and
// CaptureExpire lets them run out; either way no jump is requested.
func UpdateJumpBuffer(jb *components.JumpBufferData, rules motors.JumpRules, grounded, pressed, held, captured bool) motors.JumpState {
	updateJumpBuffer(jb, &rules, grounded, pressed, held, captured)
	return jb.JumpState
}

// updateJumpBuffer is UpdateJumpBuffer without the copies of the rules and
// the result.
func updateJumpBuffer(jb *components.JumpBufferData, r *motors.JumpRules, grounded, pressed, held, captured bool) {
	jb.ConsumedThisTick = false
	freeze := captured && jb.CapturePolicy == components.CaptureFreeze
	if !freeze {
		dec(&jb.BufferTicks)
		dec(&jb.CoyoteTicks)
		dec(&jb.LandingGraceTicks)
	}
	justLanded := grounded && !jb.WasGrounded
	if pressed && !captured && r.Enabled {
		jb.BufferTicks = r.BufferTicks + 1
	}
	switch {
	case grounded:
		jb.CoyoteTicks = 0
		jb.JumpedSinceGrounded = false
		if justLanded {
			jb.LandingGraceTicks = r.LandingGraceTicks
		}
	case jb.WasGrounded && !jb.JumpedSinceGrounded && !freeze:
		jb.CoyoteTicks = r.CoyoteTicks
	}
	jb.WasGrounded = grounded

	want := jb.BufferTicks > 0 || (r.AutoHop && held && grounded)
	jb.RequestJump = r.Enabled && !captured && want && (grounded || jb.CoyoteTicks > 0)
	jb.JustLanded = justLanded
}

func dec(t *int) {
	if *t > 0 {
		*t--
	}
}

// bufferStep is a character's buffer stage. The motor's jump windows are
// asked once per motor (a motor's configuration does not change; a new
// motor is asked again).
func (p *Pipeline) bufferStep(c *character) {
	md := c.md
	if !(c.rulesKept && md.Motor == c.rulesOf) {
		c.rules, c.rulesOf = md.Motor.JumpRules(p.rate), md.Motor
		c.rulesKept = pointerMotor(md.Motor)
	}
	cmd := c.cmd
	updateJumpBuffer(c.jb, &c.rules, c.k.Grounded, md.Ctx.Command.JumpPressed, cmd.JumpHeld, cmd.UICaptured)
}
