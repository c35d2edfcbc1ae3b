// Package abilities is the movement modes a level asks of a character
// beyond walking, jumping and falling: climbing ladders, swimming, hanging
// on and climbing up ledges (mantling), sliding down and jumping off walls,
// and dropping through one-way platforms; and the interface a game's own
// ability (a grappling hook, a jetpack) plugs in through.
//
// A recipe turns the built-in abilities on with its tables ([climb],
// [swim], [ledge], [wall], [drop_through]; a spawn may add them with
// prefabs.Override), and a game adds its own to a character
// (ExampleAbility):
//
//	ab := components.Abilities.Get(e)
//	ab.Own = append(ab.Own, &jetpack{tank: 30})
//
// where a jetpack is an Ability that thrusts while jump is held in the
// air, changing the character's velocity where it lives:
//
//	func (j *jetpack) Before(x *abilities.Context) abilities.Plan {
//		switch {
//		case x.Stance.Grounded:
//			j.fuel = j.tank
//		case x.Command.JumpHeld && j.fuel > 0:
//			j.fuel--
//			x.Velocity[1] += 15 * x.Dt
//		}
//		return abilities.Plan{}
//	}
//
// Every motor gets them the same way. The motor owns walking and the air
// (ModeWalk, ModeAir); an ability takes over the character's velocity
// while its mode is active (ModeClimb, ModeSwim, ModeHang, ModeMantle,
// ModeWallSlide) and hands it back when the mode ends. Each built-in
// ability is a small state machine with its own recipe table, enabled per
// recipe: a character without them runs exactly as before.
//
// The package is pure: it imports no ECS. An Ability is anything the
// pipeline (systems.Pipeline) calls in its KCC stage, Before a character's
// move (deciding the mode and the velocity) and After it (seeing what the
// move touched), with a Context that points at the character's state
// where it lives. The five built-in abilities are one Ability, Set: a
// Config (the recipe's tables) and a State (one character's mode and what
// it holds on to). Level is the level's climbable, swimmable and one-way
// colliders. docs/abilities.md describes every mode, its table and its
// transitions.
package abilities
