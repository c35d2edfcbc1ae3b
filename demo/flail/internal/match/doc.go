// Package match runs one flail match for the demo's front end: a donburi
// world, the module's fixed-step pipeline (systems.Pipeline at 40 Hz driven
// by a systems.Runner) with the flail game installed, the demo arena,
// accessors for the players' Body, Flail and Rope components (each keeps
// its previous-tick positions for render interpolation), game events for
// the kill feed, an autopilot, and input recording and replay with package
// trace.
//
// The game itself is the flail domain's ECS glue: flailmatch.Install on
// the pipeline, players spawned from the "flail_player" and "flail_bot"
// prefabs, cars colliding with the demo level through the KCC stage. The
// local player's command goes through systems.Submit, so the persistent
// command buffer, the runner and the trace recorder work as for any other
// motorkit entity.
//
// It must not import ebiten (tests run without a display) and must not read
// the wall clock or use global randomness: the same options and the same
// per-tick commands give the same match bit for bit.
package match
