package trace_test

import (
	"fmt"

	"github.com/seedgames/motorkit/trace"
)

// Replay a trace file (the RPG motor runs forward, then lets go) through
// the real pipeline and read its samples.
func ExampleReplay() {
	tr, err := trace.Load("../testdata/rpg/stop_distance.toml")
	if err != nil {
		panic(err)
	}
	res, err := trace.Replay(tr)
	if err != nil {
		panic(err)
	}
	last := res.Samples[len(res.Samples)-1]
	fmt.Printf("%d ticks, stopped %v, grounded %v\n", len(res.Samples), last.PlanarSpeed < 0.01, last.Grounded)
	// Output: 480 ticks, stopped true, grounded true
}
