package play

import (
	"fmt"
	"math"
)

// TimeScales are the steps of slow motion and fast forward ([ and ]).
var TimeScales = [...]float64{0.1, 0.25, 0.5, 1, 2, 4}

// Clock is the playground's time control: it turns a frame's real time
// into the simulated time fed to the session's fixed-step runner. Scale
// slows it down or speeds it up; Paused stops it; a Step while paused runs
// exactly one tick. The tick length never changes, so the simulation (and a
// replay's hash) is the same at any scale.
type Clock struct {
	// Scale multiplies frame time, in [0.1, 4].
	Scale float64
	// Paused stops the simulation; Step runs single ticks.
	Paused bool
	steps  int
}

// NewClock returns a running clock at scale, or an error outside [0.1, 4].
func NewClock(scale float64) (*Clock, error) {
	if !(scale >= TimeScales[0] && scale <= TimeScales[len(TimeScales)-1]) {
		return nil, fmt.Errorf("play: time scale %v out of range [%v, %v]", scale, TimeScales[0], TimeScales[len(TimeScales)-1])
	}
	return &Clock{Scale: scale}, nil
}

// Faster moves to the next larger time scale; Slower to the next smaller.
func (c *Clock) Faster() {
	for _, s := range TimeScales {
		if s > c.Scale+1e-9 {
			c.Scale = s
			return
		}
	}
}

// Slower moves to the next smaller time scale.
func (c *Clock) Slower() {
	for i := len(TimeScales) - 1; i >= 0; i-- {
		if TimeScales[i] < c.Scale-1e-9 {
			c.Scale = TimeScales[i]
			return
		}
	}
}

// TogglePause pauses or resumes.
func (c *Clock) TogglePause() { c.Paused, c.steps = !c.Paused, 0 }

// Step pauses (if running) and asks for one tick at the next Advance.
func (c *Clock) Step() {
	c.Paused = true
	c.steps++
}

// Advance runs the ticks due after a frame of frameDt real seconds and
// returns how many ran: frameDt·Scale of simulated time when running, one
// tick per Step when paused.
func (c *Clock) Advance(s *Session, frameDt float64) int {
	if !c.Paused {
		return s.Advance(frameDt * c.Scale)
	}
	n := 0
	for ; c.steps > 0; c.steps-- {
		s.Runner.Step()
		n++
	}
	return n
}

// Label is the HUD's name for the clock's state ("" at normal speed).
func (c *Clock) Label() string {
	switch {
	case c.Paused:
		return "PAUSED (. steps, P resumes)"
	case math.Abs(c.Scale-1) < 1e-9:
		return ""
	default:
		return fmt.Sprintf("time x%g", c.Scale)
	}
}

// Scenes are the levels the playground cycles through (F2).
var Scenes = [...]string{"playground", "controller", "slopes", "living", "ledge", "abilities"}

// NextScene is the scene after level in Scenes (the first for a level
// not in the list).
func NextScene(level string) string {
	for i, name := range Scenes {
		if name == level {
			return Scenes[(i+1)%len(Scenes)]
		}
	}
	return Scenes[0]
}
