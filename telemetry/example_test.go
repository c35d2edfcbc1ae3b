package telemetry_test

import (
	"fmt"

	"github.com/seedgames/motorkit/telemetry"
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
