// Command flail is motorkit's playable top-down flail game: an Ebitengine
// front end over the flail game domain running on the module's 40 Hz
// fixed-step pipeline.
//
//	go run ./demo/flail                      # play (mouse steers, click throws, hold attracts)
//	go run ./demo/flail -bots 20 -seed 7     # more bots, another match
//	go run ./demo/flail -config my.toml      # override any tuning value (see flail/default.toml)
//	go run ./demo/flail -record run.toml     # record your input; -replay run.toml plays it back
//	go run ./demo/flail -frames 300 -screenshot out.png   # run 300 frames, save the screen, exit
//	go run ./demo/flail -connect ws://127.0.0.1:8040/ws -name Ann   # online (go run ./demo/flailserver)
//
// See docs/demo.md. The non-drawing logic lives in internal/view (camera,
// interpolation, steering, HUD layout) and internal/match (the demo's
// tuning and playfield on flail/match.Match, record/replay, autopilot), which test without a display.
//
// What it must not do: hold game rules or physics (they live in flail/ and
// systems/; the front end only submits commands and draws), advance the
// simulation by wall-clock time (each Update advances exactly 1/60 s), or
// let drawing change simulation state. Online (-connect, netgame.go) the
// server runs the simulation; the demo draws a mirror match filled from its
// snapshots (package online).
package main
