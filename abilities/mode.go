package abilities

import "fmt"

// Mode is a character's movement mode.
type Mode uint8

// The modes. Walk and Air are the motor's; the others are an ability's.
const (
	// ModeWalk: on walkable ground, moved by the motor.
	ModeWalk Mode = iota
	// ModeAir: off the ground (jumping, falling), moved by the motor.
	ModeAir
	// ModeClimb: on a ladder ([climb]).
	ModeClimb
	// ModeSwim: in water ([swim]).
	ModeSwim
	// ModeHang: hanging from a ledge by the hands ([ledge]).
	ModeHang
	// ModeMantle: climbing up onto a ledge, out of water or off the top of
	// a ladder.
	ModeMantle
	// ModeWallSlide: sliding down a steep wall ([wall]).
	ModeWallSlide
	numModes
)

var modeNames = [numModes]string{"walk", "air", "climb", "swim", "hang", "mantle", "wall_slide"}

// String returns the mode's lower-case name.
func (m Mode) String() string {
	if m >= numModes {
		return fmt.Sprintf("Mode(%d)", uint8(m))
	}
	return modeNames[m]
}

// Ability reports whether an ability owns the mode (not the motor).
func (m Mode) Ability() bool { return m >= ModeClimb && m < numModes }

// Modes returns every mode in order.
func Modes() []Mode {
	out := make([]Mode, numModes)
	for i := range out {
		out[i] = Mode(i)
	}
	return out
}
