package sim_test

import (
	"fmt"

	"github.com/seedgames/motorkit/demo/flailsim/sim"
)

// A headless match: 30 bots for 20 s; two runs with the same seed are
// identical.
func ExampleNewMatch() {
	sums := [2]uint64{}
	for i := range sums {
		m, _, err := sim.NewMatch(sim.Options{Bots: 30, Seed: 5})
		if err != nil {
			panic(err)
		}
		for t := 0; t < 800; t++ {
			m.Pipeline.Step()
		}
		sums[i] = m.Checksum()
	}
	fmt.Println(sums[0] == sums[1])
	// Output: true
}
