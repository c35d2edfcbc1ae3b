package match

import (
	"github.com/go-gl/mathgl/mgl64"
	"github.com/seedgames/motorkit/flail"
	"github.com/yohamta/donburi"
)

// FlailData is a flail player's game state (see flail.Player): the flail
// head, energy, alive/respawn/protection timers, kills and deaths, the
// sanitized input of the tick and the published snapshot. The car itself is
// the entity's Body (meters, m/s, on the XZ plane) moved by the KCC stage.
//
// Player.ID is uint64(entity) and is what events and the leaderboard report;
// convert back with donburi.Entity(id).
type FlailData struct {
	flail.Player
	// Name is shown by front ends (leaderboard, kill feed).
	Name string
	// PrevFlail is the flail position before the last tick, for drawing
	// that interpolates between ticks (like BodyData.PrevPosition).
	PrevFlail mgl64.Vec3
}

// RopeData is the chain between a flail car and its flail: the internal
// nodes (flail.Rope) and their positions before the last tick (PrevNodes,
// same length) for interpolation. Nodes are allocated at spawn.
type RopeData struct {
	flail.Rope
	// PrevNodes are the node positions before the last tick.
	PrevNodes []mgl64.Vec3
}

// FlailInputData is a flail car's input buffer between the game loop and
// the fixed-step pipeline, as components.CommandData is for the motors:
// SubmitInput stores the latest heading and throttle and ORs the primary
// button's down edge into any edge still waiting; the tick that reads it
// (the accel stage's flail.drive) clears the edge and Pending.
type FlailInputData struct {
	flail.Input
	// Pending is set by SubmitInput and cleared when a tick consumes the
	// input; it tells whether an edge still waits for a tick.
	Pending bool
}

// FlailBotData marks a flail player driven by a bot brain; the bots system
// submits the bot's decision as the entity's FlailInput each tick.
type FlailBotData struct {
	flail.Bot
}

// FlailMatchData is the flail match resource (one entity per world): the
// rules engine holding the tuning, physics constants, arena, pickups,
// events and leaderboard.
type FlailMatchData struct {
	// Rules is the match's rules engine (shared with match.Game).
	Rules *flail.Rules
}

// Flail component types.
var (
	Flail      = donburi.NewComponentType[FlailData]()
	Rope       = donburi.NewComponentType[RopeData]()
	FlailInput = donburi.NewComponentType[FlailInputData]()
	FlailBot   = donburi.NewComponentType[FlailBotData]()
	FlailMatch = donburi.NewComponentType[FlailMatchData]()
)

// FlailMatchOf returns the world's flail rules, or nil when no match was
// installed.
func FlailMatchOf(w donburi.World) *flail.Rules {
	e, ok := FlailMatch.First(w)
	if !ok {
		return nil
	}
	return FlailMatch.Get(e).Rules
}

// SubmitInput stores in as the flail car's input for the next tick. Call it
// any number of times between ticks: Aim, Throttle and PrimaryHeld take the
// latest value, while PrimaryPressed is OR-ed with an edge still waiting, so
// a press submitted in a frame that runs no tick is kept for the next one
// and a frame that runs several ticks does not see it twice.
//
// SubmitInput does nothing if the entry has no FlailInput component.
func SubmitInput(e *donburi.Entry, in flail.Input) {
	if e == nil || !e.Valid() || !e.HasComponent(FlailInput) {
		return
	}
	cur := FlailInput.Get(e)
	if cur.Pending {
		in.PrimaryPressed = in.PrimaryPressed || cur.PrimaryPressed
	}
	*cur = FlailInputData{Input: in, Pending: true}
}
