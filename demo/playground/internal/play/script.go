package play

import "github.com/seedgames/motorkit/trace"

// DefaultScript is the input of headless runs (-frames) without -script:
// about 3.5 s that move every motor: settle, run ahead, jump while
// strafing right, strafe left, back up toward the start and stand still
// looking down the course at the pillar in front of the wall (yaw 0).
// Walk, sprint and crouch are left out so every motor sees the same
// command; a -script trace can use them.
func DefaultScript() *trace.Trace {
	yaw := 0.0
	return &trace.Trace{
		TickRate: TickRate,
		Segments: []trace.Segment{
			{Ticks: 20, Yaw: &yaw},
			{Ticks: 40, Forward: 1},
			{Ticks: 1, Forward: 1, Strafe: 1, Jump: "tap"},
			{Ticks: 40, Forward: 1, Strafe: 1},
			{Ticks: 30, Strafe: -1},
			{Ticks: 60, Forward: -1},
			{Ticks: 20},
		},
	}
}

// ScriptRecording wraps a script trace (DefaultScript or a -script file)
// as a recording to replay on level with motor.
func ScriptRecording(tr *trace.Trace, level, motor string) *Recording {
	return &Recording{Trace: tr, Meta: Meta{Level: level, Motor: motor}}
}
