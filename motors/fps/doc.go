// Package fps is the first-person motor of docs/motors/fps.md (a horror FPS player
// controller): walk, sprint and crouch speeds, ground acceleration toward the
// move intent, ground friction when there is no input, air acceleration with
// an air-control scalar, and the vertical parameters the KCC stage needs
// (gravity, a jump speed derived from the jump height as v = sqrt(2 g h), a
// max fall speed), plus the jump buffer and coyote windows in seconds, which
// JumpRules converts to ticks at the pipeline's tick rate.
//
// Config holds every parameter of docs/motors/fps.md#knobs with the middle of each
// suggested range as its default; LoadFile/Decode read it from TOML (strictly:
// unknown keys and out-of-range values are errors naming the file, the key
// and the allowed range). DefaultTOML is the embedded default file fps.toml.
//
// What this package must not do: import donburi or ebiten, touch collision,
// gravity or the jump velocity (the KCC stage of package systems applies
// those and is the single jump-consume point, docs/motors/fps.md#jump-timing-in-ticks), read input
// devices (package input turns key states into commands), or read the wall
// clock. Motor's stage methods do not allocate.
//
// Main types: Config (DefaultConfig, Parse, Knobs) and Motor (New). A game
// loop around the fps_player prefab (Example_gameLoop):
//
//	ent, err := prefabs.Spawn(w, "fps_player", prefabs.At(mgl64.Vec3{0, 0.91, 0}))
//	if err != nil {
//		panic(err)
//	}
//	p := systems.NewPipeline(w, systems.Options{TickRate: 60})
//	cfg := fps.DefaultConfig()
//	runner := systems.NewRunner(p, systems.RunnerOptions{MaxStepsPerFrame: 5, MaxFrameDt: cfg.RunnerMaxFrameDt()})
//
// and every render frame, with an input.Adapter in fed from the key
// callbacks:
//
//	systems.Submit(w.Entry(ent), in.Update(input.Frame{UICaptured: menuOpen}))
//	runner.Advance(frameDt)
package fps
