// Package telemetry is the jump debugging aid of docs/motors/fps.md#telemetry: a per-entity
// ring buffer of the last N fixed ticks (default 240) holding the input
// edges, the jump timers, grounded, velocity, dt, the steps of the frame and
// whether a jump was consumed; and a "dump on failure" detector that writes
// the ring buffer out as a readable TOML file when the jump buffer stays
// positive longer than a threshold without a consume, with the reason flags
// grounded, coyote, ui_captured and consumed.
//
// The pure part (Ring, Detector, Recorder, Dump) knows nothing about ECS.
// Hook is the pipeline side: a system function a game adds after the KCC
// stage (p.AddAfter(systems.StageKCC, "telemetry", hook.System)) that records
// one Record per tick for every entity with a recorder attached (Attach).
//
// InstallConsole adds the other system of this package: it prints the
// debug block of motors that ask for one (ConsoleDebugger: the hybrid
// motor with enable_console_debug), so the motors themselves never print.
//
// What this package must not do: change simulation state (it only reads
// components), allocate per tick in steady state (a dump allocates, once),
// read the wall clock, or import ebiten.
//
// Per entity a Recorder, per pipeline one Hook (ExampleHook):
//
//	rec := telemetry.Attach(entry, telemetry.Options{TickRate: 60, Dir: dumpDir}) // per entity
//	h := telemetry.NewHook()
//	h.Install(p) // p.AddAfter(systems.StageKCC, "telemetry", h.System)
//	frameDt := 1.0 / 60
//	for frame := 0; frame < 30; frame++ {
//		systems.Submit(entry, components.CommandData{Forward: 1, JumpPressed: frame == 10, JumpHeld: frame == 10})
//		h.Advance(runner, frameDt) // instead of runner.Advance, to record frame, frame_dt, steps
//	}
package telemetry
