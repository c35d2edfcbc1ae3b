package view

import (
	"math"

	"github.com/seedgames/motorkit/flail"
)

// SteerConfig tunes the mouse steering.
type SteerConfig struct {
	// DeadRadius (px): with the cursor closer to the car than this the car
	// coasts (throttle 0) and keeps its last heading.
	DeadRadius float64
	// FullRadius (px): from DeadRadius to FullRadius the throttle ramps
	// linearly from 0 to 1; beyond it the throttle is 1.
	FullRadius float64
}

// DefaultSteer is the demo's mouse steering: coast within 18 px of the car,
// full throttle beyond 60 px.
var DefaultSteer = SteerConfig{DeadRadius: 18, FullRadius: 60}

// Throttle maps the cursor's distance from the car (px) to a throttle in
// [0, 1]: 0 up to DeadRadius, a linear ramp to 1 at FullRadius, 1 beyond.
// NaN gives 0.
func (c SteerConfig) Throttle(dist float64) float64 {
	if !(dist > c.DeadRadius) {
		return 0
	}
	span := c.FullRadius - c.DeadRadius
	if !(span > 0) {
		return 1
	}
	t := (dist - c.DeadRadius) / span
	if t > 1 {
		return 1
	}
	return t
}

// Keys is the demo's keyboard and mouse state of one render frame.
type Keys struct {
	// Up, Down, Left, Right are W, S, A, D (or the arrow keys): screen up
	// is world -Z.
	Up, Down, Left, Right bool
	// Primary is the throw/attract button's level (left mouse or Space);
	// PrimaryPressed its down edge this frame.
	Primary, PrimaryPressed bool
}

// SteerMode says which device steers.
type SteerMode uint8

// Steering modes.
const (
	// SteerMouse: the car heads toward the cursor.
	SteerMouse SteerMode = iota
	// SteerKeys: WASD steers; the mouse takes over again once it moves.
	SteerKeys
)

// Steerer turns a frame's cursor and keys into a flail command. It keeps
// the last heading (so a car coasting inside the dead radius or with the
// keys released does not snap to angle 0) and which device steers: pressing
// a move key switches to the keyboard; moving the mouse by more than
// DeadRadius pixels switches back to the mouse.
type Steerer struct {
	Config SteerConfig
	// Mode is the current steering device.
	Mode SteerMode
	// Aim is the last heading (radians).
	Aim float64

	lastX, lastY float64
	seen         bool
}

// Update returns the car input for this frame. carX, carY is the car's
// position on screen and curX, curY the cursor's (px). Non-finite cursor
// coordinates are ignored (the car coasts).
func (s *Steerer) Update(carX, carY, curX, curY float64, k Keys) flail.Input {
	cmd := flail.Input{PrimaryHeld: k.Primary, PrimaryPressed: k.PrimaryPressed}
	if !finite(s.Aim) {
		s.Aim = 0
	}
	kx, kz := axis(k.Right, k.Left), axis(k.Down, k.Up)
	cursorOK := finite(curX) && finite(curY) && finite(carX) && finite(carY)
	if kx != 0 || kz != 0 {
		s.Mode = SteerKeys
		s.lastX, s.lastY, s.seen = curX, curY, cursorOK
	} else if s.Mode == SteerKeys && cursorOK {
		if !s.seen {
			s.lastX, s.lastY, s.seen = curX, curY, true
		} else if math.Hypot(curX-s.lastX, curY-s.lastY) > s.Config.DeadRadius {
			s.Mode = SteerMouse
		}
	}
	switch {
	case s.Mode == SteerKeys:
		if kx != 0 || kz != 0 {
			s.Aim = math.Atan2(kz, kx)
			cmd.Throttle = 1
		}
	case cursorOK:
		dx, dy := curX-carX, curY-carY
		d := math.Hypot(dx, dy)
		if t := s.Config.Throttle(d); t > 0 {
			s.Aim = math.Atan2(dy, dx)
			cmd.Throttle = t
		}
	}
	cmd.Aim = s.Aim
	return cmd
}

func axis(pos, neg bool) float64 {
	switch {
	case pos && !neg:
		return 1
	case neg && !pos:
		return -1
	}
	return 0
}

func finite(x float64) bool { return !math.IsNaN(x) && !math.IsInf(x, 0) }
