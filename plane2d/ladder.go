package plane2d

import (
	"fmt"

	"github.com/go-gl/mathgl/mgl64"
	"github.com/seedgames/motorkit/abilities"
	"github.com/seedgames/motorkit/internal/binstate"
	"github.com/seedgames/motorkit/kcc"
)

// Ladder defaults: Celeste's climbing speed (ClimbUpSpeed, 45 px/s) and
// jump (JumpSpeed, 105 px/s) at 8 px per metre, and a quarter second
// before a ladder jumped off may be grabbed again.
const (
	DefaultLadderSpeed      = 45.0 / 8
	DefaultLadderJumpSpeed  = 105.0 / 8
	DefaultLadderNoGrabTime = 0.25
)

// ladderTopClearance is how far above a ladder's top the feet stop (m):
// above the skin of a character standing beside it, so a box steps off
// onto the ledge the ladder leads to.
const ladderTopClearance = 0.02

// Ladders is the side view's ladder ability (an abilities.Ability): a
// character in front of a ladder (a Ladder rectangle: it does not block)
// that presses up or down holds on to it and climbs at Speed, moves along
// it sideways at the same speed, stops with its feet just above the
// ladder's top (2 cm)
// and lets go at its foot on the ground, when it leaves the ladder's
// width, or with a jump (JumpSpeed up, the run axis times Speed
// sideways). Each character has its own (Level.SpawnAll gives one to
// each spawn of a level with ladders); its state is saved with the
// character's (systems.StateCodec).
type Ladders struct {
	// Boxes are the ladders (m): min x, min y, max x, max y in the XY
	// plane. Level.NewLadders fills them.
	Boxes [][4]float64
	// Speed is the climbing speed (m/s), JumpSpeed the upward speed of a
	// jump off the ladder (m/s), NoGrabTime how long after it the ladder
	// is not grabbed again (s).
	Speed, JumpSpeed, NoGrabTime float64

	climbing bool
	noGrab   int // ticks
}

// NewLadders returns the ladder ability for a character of the level,
// with the defaults (DefaultLadderSpeed, ...); nil when the level has no
// ladders.
func (l *Level) NewLadders() *Ladders {
	var boxes [][4]float64
	for _, r := range l.Rects {
		if r.Kind != Ladder {
			continue
		}
		a, b := l.Space.ToWorld(r.MinX, r.MaxY), l.Space.ToWorld(r.MaxX, r.MinY)
		boxes = append(boxes, [4]float64{a[0], a[1], b[0], b[1]})
	}
	if len(boxes) == 0 {
		return nil
	}
	return &Ladders{Boxes: boxes, Speed: DefaultLadderSpeed, JumpSpeed: DefaultLadderJumpSpeed, NoGrabTime: DefaultLadderNoGrabTime}
}

// Climbing reports whether the character holds a ladder.
func (a *Ladders) Climbing() bool { return a.climbing }

// at returns the ladder in front of a capsule at p (its index, -1: none):
// the centre within its width, the capsule's height overlapping it (down
// to below the feet by reach).
func (a *Ladders) at(p mgl64.Vec3, shape *kcc.Capsule, reach float64) int {
	half := shape.HalfHeight + shape.Radius
	for i, b := range a.Boxes {
		if p[0] >= b[0] && p[0] <= b[2] && p[1]+half >= b[1] && p[1]-half-reach <= b[3] {
			return i
		}
	}
	return -1
}

func digital(v float64) float64 {
	switch {
	case v >= 0.5:
		return 1
	case v <= -0.5:
		return -1
	}
	return 0
}

// Before grabs, climbs or leaves the ladder (abilities.Ability).
func (a *Ladders) Before(x *abilities.Context) abilities.Plan {
	if a.noGrab > 0 {
		a.noGrab--
	}
	up, side := digital(x.Command.Forward), digital(x.Command.Strafe)
	i := a.at(*x.Position, x.Shape, 0.05)
	if !a.climbing {
		if i < 0 || up == 0 || a.noGrab > 0 || (up < 0 && x.Stance.Grounded) {
			return abilities.Plan{}
		}
		a.climbing = true
	}
	if i < 0 || (up < 0 && x.Stance.Grounded) {
		a.climbing = false
		return abilities.Plan{}
	}
	v := x.Velocity
	if x.Command.JumpPressed || (x.Jump != nil && x.Jump.BufferTicks > 0) {
		a.climbing = false
		a.noGrab = int(a.NoGrabTime/x.Dt + 0.5)
		v[0], v[1], v[2] = float64(side*a.Speed), a.JumpSpeed, 0
		return abilities.Plan{Jumped: true}
	}
	v[0], v[1], v[2] = float64(side*a.Speed), float64(up*a.Speed), 0
	move := mgl64.Vec3{float64(v[0] * x.Dt), float64(v[1] * x.Dt), 0}
	if feet := x.Position[1] - x.Shape.HalfHeight - x.Shape.Radius; up > 0 && feet+move[1] > a.Boxes[i][3]+ladderTopClearance {
		// The feet stop just above the ladder's top: step off it
		// sideways (a box's flat bottom clears the ledge beside it).
		move[1], v[1] = max(0, a.Boxes[i][3]+ladderTopClearance-feet), 0
	}
	return abilities.Plan{Own: true, Move: move}
}

// After does nothing: the ladder is found by position (abilities.Ability).
func (a *Ladders) After(*abilities.Context, *kcc.MoveResult) {}

const laddersVersion = 1

// AppendState appends whether the character climbs and the no-grab
// ticks left (systems.StateCodec).
func (a *Ladders) AppendState(dst []byte) []byte {
	return binstate.AppendRecord(dst, laddersVersion, []bool{a.climbing}, []int{a.noGrab}, nil)
}

// LoadState restores AppendState's record (systems.StateCodec).
func (a *Ladders) LoadState(src []byte) error {
	c, n := a.climbing, a.noGrab
	if !binstate.LoadRecord(src, laddersVersion, []*bool{&c}, []*int{&n}, 1<<20, nil) {
		return fmt.Errorf("plane2d: ladder state of %d bytes is not one", len(src))
	}
	a.climbing, a.noGrab = c, n
	return nil
}
