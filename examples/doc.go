// Package examples holds no code of its own: each directory below it is a
// small main package to copy from.
//
//   - minimal: a donburi world, a level, one character, 300 ticks, no display.
//   - kcc: the character controller on its own (no ECS): stairs, a slope,
//     a moving platform, and the velocity kept right on steps and landings.
//   - custommotor: a motor of your own, registered with prefabs and
//     spawned from a TOML recipe.
//   - platformer2d: a 2D game: LDtk's platformer sample as a side view,
//     the platformer hero (Celeste's movement), donburi's transform in
//     pixels, character events.
//
// Each is run by its test (go test ./examples/...). The two examples that
// open a window are in the demo module, so the library module needs no
// Ebitengine (demo/examples):
//
//   - topdown: an Ebitengine game in under 200 lines: one motor, a camera,
//     systems.Runner inside ebiten.Game.
//   - ecs: the pipeline inside a donburi ecs.ECS, next to your own systems
//     and layers.
package examples
