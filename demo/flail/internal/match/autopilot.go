package match

import (
	"math"

	"github.com/seedgames/motorkit/detmath"
	"github.com/seedgames/motorkit/flail"
	flailmatch "github.com/seedgames/motorkit/flail/match"
)

// Autopilot drives the local player without a person, for screenshot runs
// and demos: it heads for the nearest pickup (a slow circle when none is
// near), steers away from walls, throws the flail every ThrowEvery ticks
// and holds primary to attract it back after HoldAfter ticks. Its output
// depends only on the match state, so a run is reproducible.
type Autopilot struct {
	// ThrowEvery and HoldAfter are in ticks (defaults 160 and 40).
	ThrowEvery, HoldAfter uint64
	aim                   float64
	// slow counts calls with the car nearly still; detour is how many more
	// calls steer sideways around whatever blocks the way.
	slow, detour int
}

// Input returns the local player's input for the coming tick.
func (a *Autopilot) Input(m *flailmatch.Match) flail.Input {
	every, hold := a.ThrowEvery, a.HoldAfter
	if every == 0 {
		every = 160
	}
	if hold == 0 {
		hold = 40
	}
	me := m.Flail(Me)
	pos := m.Body(Me).Position
	if !me.Alive {
		return flail.Input{Aim: a.aim}
	}
	dx, dz := detmath.Cos(a.aim+0.02), detmath.Sin(a.aim+0.02)
	best, bd := -1, 8.0*8.0 // look 8 m around
	for i, p := range m.Rules.Pickups.Positions() {
		d := float64((p[0]-pos[0])*(p[0]-pos[0])) + float64((p[2]-pos[2])*(p[2]-pos[2]))
		if d < bd {
			best, bd = i, d
		}
	}
	if best >= 0 {
		p := m.Rules.Pickups.Positions()[best]
		dx, dz = p[0]-pos[0], p[2]-pos[2]
		if l := detmath.Hypot(dx, dz); l > 1e-9 {
			dx, dz = dx/l, dz/l
		}
	}
	wx, wz := m.Arena.WallAvoid(pos[0], pos[2], 2.5)
	dx += float64(2 * wx)
	dz += float64(2 * wz)
	v := m.Body(Me).Velocity
	if detmath.Hypot(v[0], v[2]) < 0.8 {
		a.slow++
	} else {
		a.slow = 0
	}
	if a.slow > 30 && a.detour == 0 {
		a.detour, a.slow = 60, 0 // stuck against an obstacle: go around it
		a.aim += math.Pi / 2
	}
	switch {
	case a.detour > 0:
		a.detour--
		a.aim += 0.03
	case dx != 0 || dz != 0:
		a.aim = detmath.Atan2(dz, dx)
	}
	c := flail.Input{Aim: a.aim, Throttle: 1}
	t := m.Ticks() % every
	switch {
	case t == every/2:
		c.PrimaryPressed, c.PrimaryHeld = true, true // throw (attached) ...
	case t == every/2+hold:
		c.PrimaryPressed, c.PrimaryHeld = true, true // ... then attract
	case t > every/2+hold:
		c.PrimaryHeld = true
	}
	return c
}
