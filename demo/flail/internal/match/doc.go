// Package match is the demo's side of a flail match: the demo's tuning
// (Config: demo.toml over the defaults) and playfield (LevelSpec), a match
// with the local player and named bots (New, on the one match type
// flail/match.Match), an autopilot, and input recording and replay with
// package trace (Recording, ReadMeta, Commands).
//
// It must not import ebiten (tests run without a display) and must not read
// the wall clock or use global randomness: the same options and the same
// per-tick commands give the same match bit for bit.
package match
