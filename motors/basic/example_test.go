package basic_test

import (
	"fmt"

	"github.com/seedgames/motorkit/motors"
	"github.com/seedgames/motorkit/motors/basic"
)

// The basic motor accelerates straight toward the intent velocity at a
// fixed rate: 40 m/s^2 reaches 5 m/s in 0.125 s, 7.5 ticks at 60 Hz.
func ExampleMotor() {
	m, err := basic.New(basic.DefaultConfig())
	if err != nil {
		panic(err)
	}
	ctx := motors.NewContext(1.0 / 60)
	ctx.Stance.Grounded = true
	for tick := 1; tick <= 8; tick++ {
		*ctx.Intent = motors.Intent{Dir: motors.YawForward(0), PlanarDir: motors.YawForward(0), Mag: 1}
		ctx.Intent.Speed = m.IntentSpeedCap(ctx)
		m.Friction(ctx)
		m.Accel(ctx)
		m.Shaping(ctx)
		if tick%2 == 0 {
			fmt.Printf("tick %d: %.3f m/s\n", tick, ctx.PlanarSpeed())
		}
	}
	// Output:
	// tick 2: 1.333 m/s
	// tick 4: 2.667 m/s
	// tick 6: 4.000 m/s
	// tick 8: 5.000 m/s
}
