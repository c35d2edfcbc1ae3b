// Command scenes runs the kcc side of the Rapier and Jolt comparison: it builds the
// comparison scenes, runs each one through kcc.Controller.Move with a
// simple caller (gravity, read-back vertical velocity), and prints one JSON
// document with each scene's geometry, input plan and kcc's outcome and
// timing. compare.mjs (next to this directory) replays the same geometry
// and plan through Rapier's KinematicCharacterController and Jolt's
// CharacterVirtual (jolt.mjs) and prints the
// side-by-side table. Not run by CI.
//
// Usage (from the repository root): go run ./tools/kcccompare/scenes > out.json
package main
