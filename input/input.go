package input

import (
	"math"

	"github.com/seedgames/motorkit/components"
)

// Action is a gameplay button a game binds keys to.
type Action uint8

// The actions. Forward/Back/Left/Right are digital move keys combined into
// the move axes; Jump, Sprint, Walk, Crouch and Dash map to CommandData's
// buttons; Primary (a fire or use button, the flail game's throw) is in no
// command: read it with Adapter.Button.
const (
	Forward Action = iota
	Back
	Left
	Right
	Jump
	Sprint
	Walk
	Crouch
	Primary
	Dash
	// NumActions is the number of actions (array size).
	NumActions
)

var actionNames = [NumActions]string{"forward", "back", "left", "right", "jump", "sprint", "walk", "crouch", "primary", "dash"}

// String names the action ("jump", ...); out-of-range values give "action?".
func (a Action) String() string {
	if a < NumActions {
		return actionNames[a]
	}
	return "action?"
}

// Frame is the raw input of one render frame as a game polls it.
type Frame struct {
	// Keys holds the polled level of each action's key (true = down). In
	// pure event mode leave it all false: Event keeps the levels.
	Keys [NumActions]bool
	// Forward and Strafe are analog axes (a gamepad stick) in [-1, 1],
	// added to the digital keys' axes and clamped; NaN counts as 0.
	Forward, Strafe float64
	// UICaptured is true while a UI owns the keyboard this frame (for
	// example ImGui's WantCaptureKeyboard).
	UICaptured bool
	// FocusLost is true when the game knows the window lost focus: every
	// held state is cleared (the key-up events will never come).
	FocusLost bool
}

// Adapter converts frames and key events into commands. The zero value is
// ready to use; it is not safe for concurrent use.
type Adapter struct {
	prev      [NumActions]bool // raw level at the previous Update
	evLevel   [NumActions]bool // level from events
	evPressed [NumActions]bool // a fresh (non-repeat) down event since the last Update
	down      [NumActions]bool // raw level at the last Update
	pressed   [NumActions]bool // raw edges at the last Update (before gating)
	held      [NumActions]bool // level after UI gating (Button)
	edge      [NumActions]bool // edge after UI gating (Button)
	out       components.CommandData
	captured  bool
	frames    uint64
}

// Event records a key event for action a: down or up, and whether the OS
// flagged it as an auto-repeat. Repeats are ignored, and a down event for a
// key that is already down counts as a repeat (no new edge).
func (ad *Adapter) Event(a Action, down, repeat bool) {
	if a >= NumActions || repeat {
		return
	}
	if down && !ad.evLevel[a] {
		ad.evPressed[a] = true
	}
	ad.evLevel[a] = down
}

// Update ends a render frame: it merges the polled levels of f with the
// events since the last Update, detects edges, applies UI capture gating and
// returns the command for systems.Submit. Call it once per render frame.
func (ad *Adapter) Update(f Frame) components.CommandData {
	ad.frames++
	if f.FocusLost {
		ad.evLevel = [NumActions]bool{}
	}
	for a := Action(0); a < NumActions; a++ {
		lvl := f.Keys[a] || ad.evLevel[a]
		ad.pressed[a] = (lvl && !ad.prev[a]) || ad.evPressed[a]
		ad.down[a] = lvl
		ad.prev[a] = lvl
		ad.evPressed[a] = false
	}
	ad.captured = f.UICaptured
	out := &ad.out
	out.JumpPressed, out.DashPressed = false, false
	ad.edge = [NumActions]bool{}
	out.UICaptured = f.UICaptured
	out.Pending = false
	if f.FocusLost {
		// Explicit focus loss: nothing is held any more.
		out.Forward, out.Strafe = 0, 0
		out.JumpHeld, out.Sprint, out.Walk, out.Crouch = false, false, false, false
		ad.held = [NumActions]bool{}
	}
	if f.UICaptured {
		// Gameplay input ignored: keep the held states and axes as they
		// were, drop this frame's edges.
		return *out
	}
	d := &ad.down
	ad.held, ad.edge = ad.down, ad.pressed
	out.Forward = axis(d[Forward], d[Back], f.Forward)
	out.Strafe = axis(d[Right], d[Left], f.Strafe)
	out.JumpHeld, out.Sprint, out.Walk, out.Crouch = d[Jump], d[Sprint], d[Walk], d[Crouch]
	out.JumpPressed, out.DashPressed = ad.pressed[Jump], ad.pressed[Dash]
	return *out
}

// Button returns action a's state as gameplay sees it after the last
// Update, with the same UI gating as the command: while the UI captures,
// held keeps its value from the last uncaptured frame and pressed is false;
// after a focus loss nothing is held. Use it for buttons that are not in
// CommandData (Primary) or for a game's own command type.
func (ad *Adapter) Button(a Action) (held, pressed bool) {
	if a >= NumActions {
		return false, false
	}
	return ad.held[a], ad.edge[a]
}

// Down reports whether action a's key was down at the last Update (raw,
// before UI gating), for debug overlays ("spaceDown").
func (ad *Adapter) Down(a Action) bool { return a < NumActions && ad.down[a] }

// Pressed reports whether action a's key had a down edge at the last Update
// (raw, before UI gating: true even when the UI swallowed it), for debug
// overlays ("spacePressed").
func (ad *Adapter) Pressed(a Action) bool { return a < NumActions && ad.pressed[a] }

// Captured reports whether the last Update was UI-captured.
func (ad *Adapter) Captured() bool { return ad.captured }

// Frames counts Update calls.
func (ad *Adapter) Frames() uint64 { return ad.frames }

// Last returns the command the last Update returned.
func (ad *Adapter) Last() components.CommandData { return ad.out }

// Reset forgets every level, edge and frozen state, as after a level load.
func (ad *Adapter) Reset() { *ad = Adapter{} }

func axis(pos, neg bool, analog float64) float64 {
	v := 0.0
	if pos {
		v++
	}
	if neg {
		v--
	}
	if finite(analog) {
		v += analog
	}
	return clamp(v, -1, 1)
}

func clamp(x, lo, hi float64) float64 {
	switch {
	case !(x == x):
		return 0
	case x < lo:
		return lo
	case x > hi:
		return hi
	}
	return x
}

func finite(x float64) bool { return !math.IsNaN(x) && !math.IsInf(x, 0) }
