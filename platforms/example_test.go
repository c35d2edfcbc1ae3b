package platforms_test

import (
	"fmt"

	"github.com/go-gl/mathgl/mgl64"
	"github.com/seedgames/motorkit/kcc"
	"github.com/seedgames/motorkit/platforms"
)

// A lift that rises 3 m at 1 m/s, waits 1 s at each end and comes back
// down: every tick, Apply places it at its path's pose for the end of that
// tick (a function of the tick number, so it never drifts).
func ExampleSet_Apply() {
	w := kcc.NewWorld()
	lift := w.AddBox(mgl64.Vec3{0, 0, 0}, mgl64.Vec3{1, 0.1, 1}, mgl64.Quat{})
	set := &platforms.Set{Movers: []platforms.Mover{{
		Collider: lift,
		Path: platforms.Path{
			Waypoints: []mgl64.Vec3{{0, 0, 0}, {0, 3, 0}},
			Wait:      []float64{1, 1},
			Speed:     1,
		},
	}}}
	if err := set.Validate(); err != nil {
		panic(err)
	}
	const dt = 1.0 / 60
	for tick := uint64(0); tick < 360; tick++ {
		w.Step(dt)
		if err := set.Apply(w, tick, dt, nil); err != nil {
			panic(err)
		}
		if (tick+1)%60 == 0 { // the end of each second
			pos, _, _ := w.Transform(lift)
			fmt.Printf("t=%.0fs y=%.2f\n", float64(tick+1)*dt, pos[1])
		}
	}
	// Output:
	// t=1s y=0.00
	// t=2s y=1.00
	// t=3s y=2.00
	// t=4s y=3.00
	// t=5s y=3.00
	// t=6s y=2.00
}
