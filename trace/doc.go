// Package trace records and replays input traces through motorkit's real
// pipeline, for acceptance tests and demos.
//
// A trace is a TOML file: the tick rate, the prefab recipe to spawn, the
// level, and run-length segments of commands (move axes, jump held, view yaw
// set or turning at a rate, flail aim and throttle). Replay spawns the level
// and the prefab in a fresh donburi world, drives a systems.Runner tick by
// tick (or frame by frame, for frame-rate tests) and returns one Sample per
// tick: position, velocity, planar speed, grounded, jump request/consume and
// the motor's debug metrics. Same trace, same config, same samples, bit for
// bit.
//
// A Recorder captures a live run's per-tick commands as a trace that replays
// to identical samples.
//
// This package must not import ebiten, and nothing in the simulation path may
// depend on it.
//
// Replay a trace file through the real pipeline and read its samples
// (ExampleReplay runs it):
//
//	tr, err := trace.Load("../testdata/rpg/stop_distance.toml")
//	if err != nil {
//		panic(err)
//	}
//	res, err := trace.Replay(tr)
//	if err != nil {
//		panic(err)
//	}
//	last := res.Samples[len(res.Samples)-1]
package trace
