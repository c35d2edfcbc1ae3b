// Package sim sets up and runs a headless flail match on the real ECS
// pipeline: the world, the flail arena level, the flail systems and a crowd
// of bots. It is flailsim's engine and a ready-made setup for tests and
// benchmarks. It must not import ebiten.
package sim
