// Package examples holds no code of its own: each directory below it is a
// small main package that opens an Ebitengine window, to copy from (the
// headless examples are in the library module's examples/).
//
//   - topdown: an Ebitengine game in under 200 lines: one motor, a camera,
//     systems.Runner inside ebiten.Game.
//   - ecs: the pipeline inside a donburi ecs.ECS, next to your own systems
//     and layers.
//
// Their test, TestWindowExamples, runs both for a few seconds with -frames
// and -screenshot; it needs a display, so CI runs it under Xvfb
// (.ci/examples.sh) and a plain go test without DISPLAY skips it.
//
//	go run ./demo/examples/topdown
//	go run ./demo/examples/ecs
package examples
