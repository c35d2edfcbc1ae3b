// Command playground is a 3D playground for motorkit's movement motors:
// one window, a depth-correct software-rendered view of the module's
// levels, the arena, RPG, hybrid and FPS motors switchable live (keys 1-4)
// and every knob tunable while playing from a watched TOML file.
//
//	go run ./demo/playground                      # arena motor on the course
//	go run ./demo/playground -motor hybrid -config my.toml
//
// See docs/playground.md for the controls, flags and checks.
package main
