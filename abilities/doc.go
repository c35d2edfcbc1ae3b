// Package abilities is the movement modes a level asks of a character
// beyond walking, jumping and falling: climbing ladders, swimming, hanging
// on and climbing up ledges (mantling), sliding down and jumping off walls,
// and dropping through one-way platforms.
//
// Every motor gets them the same way. The motor owns walking and the air
// (ModeWalk, ModeAir); an ability takes over the character's velocity
// while its mode is active (ModeClimb, ModeSwim, ModeHang, ModeMantle,
// ModeWallSlide) and hands it back when the mode ends. Each ability is a
// small state machine with its own recipe table ([climb], [swim], [ledge],
// [wall], [drop_through]), enabled per recipe: a character without them
// runs exactly as before, and costs nothing more.
//
// The package is pure: it imports no ECS. A Config is the recipe's tables,
// a State one character's mode and what it holds on to, and Level the
// level's climbable, swimmable and one-way colliders. The pipeline
// (systems.Pipeline) runs a character's abilities in its KCC stage: Begin
// before the move decides the mode and the velocity, After records what
// the move touched. docs/abilities.md describes every mode, its table and
// its transitions.
package abilities
