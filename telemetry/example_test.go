package telemetry_test

import (
	"fmt"
	"os"

	"github.com/seedgames/motorkit/components"
	"github.com/seedgames/motorkit/prefabs"
	"github.com/seedgames/motorkit/systems"
	"github.com/seedgames/motorkit/telemetry"
	"github.com/yohamta/donburi"
)

// A recorder fed by hand (the Hook does this from the pipeline): a jump
// press whose buffer never drains triggers one dump with its reason flags.
func ExampleRecorder() {
	rec := telemetry.NewRecorder(telemetry.Options{Ticks: 240, TickRate: 60, Entity: 1})
	for tick := uint64(0); tick < 30; tick++ {
		r := telemetry.Record{Tick: tick, Dt: 1.0 / 60, Steps: 1, Grounded: true, BufferTicks: 5}
		if d := rec.Record(r); d != nil {
			fmt.Printf("dump at tick %d after %d stuck ticks: %s\n", d.TriggerTick, d.StuckTicks, d.Flags)
		}
	}
	fmt.Println("ticks held:", rec.Ring().Len())
	// Output:
	// dump at tick 15 after 16 stuck ticks: grounded
	// ticks held: 30
}

// Record a player's jump telemetry from the pipeline: a recorder per entity,
// one hook on the pipeline, and the hook advancing the runner so frames and
// fixed ticks are both recorded.
func ExampleHook() {
	dumpDir, err := os.MkdirTemp("", "dumps")
	if err != nil {
		panic(err)
	}
	defer os.RemoveAll(dumpDir)
	w := donburi.NewWorld()
	if _, err := prefabs.SpawnLevel(w, "flat"); err != nil {
		panic(err)
	}
	ent, err := prefabs.Spawn(w, "fps_player")
	if err != nil {
		panic(err)
	}
	p := systems.NewPipeline(w, systems.Options{TickRate: 60})
	runner := systems.NewRunner(p, systems.DefaultRunnerOptions())
	entry := w.Entry(ent)

	rec := telemetry.Attach(entry, telemetry.Options{TickRate: 60, Dir: dumpDir}) // per entity
	h := telemetry.NewHook()
	h.Install(p) // p.AddAfter(systems.StageKCC, "telemetry", h.System)
	frameDt := 1.0 / 60
	for frame := 0; frame < 30; frame++ {
		systems.Submit(entry, components.CommandData{Forward: 1, JumpPressed: frame == 10, JumpHeld: frame == 10})
		h.Advance(runner, frameDt) // instead of runner.Advance, to record frame, frame_dt, steps
	}
	fmt.Println("ticks recorded:", rec.Ring().Len())
	// Output: ticks recorded: 30
}
