// Package match runs one flail match for the demo's front end: a donburi
// world, the module's fixed-step pipeline (systems.Pipeline at 40 Hz driven
// by a systems.Runner), the local player's command entity, one Body entity
// per car (Body.PrevPosition -> Position for render interpolation), the
// previous tick's flail and rope positions, game events for the kill feed,
// and input recording and replay with package trace.
//
// Until the flail engineer's ECS systems land (systems/flail*.go), the game
// itself is flail.Sim, run as one system in the pipeline's rules stage; the
// local player's command is read from its components.Command (filled by
// systems.Submit), so the persistent command buffer, the runner and the
// trace recorder work exactly as for any other motorkit entity.
//
// It must not import ebiten (tests run without a display) and must not read
// the wall clock or use global randomness: the same options and the same
// per-tick commands give the same match bit for bit.
package match
