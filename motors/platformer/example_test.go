package platformer_test

import (
	"fmt"

	"github.com/seedgames/motorkit/motors"
	"github.com/seedgames/motorkit/motors/platformer"
)

// ExampleMotor runs the motor by hand for six ticks on the ground with
// right held: Celeste's run accel (1000 px/s^2) reaches the top speed
// (90 px/s, 11.25 m/s at 8 px per metre) on the sixth tick.
func ExampleMotor() {
	m, err := platformer.New(platformer.DefaultConfig())
	if err != nil {
		panic(err)
	}
	ctx := motors.NewContext(1.0 / 60)
	ctx.Stance.Grounded = true
	ctx.Command.Strafe = 1
	for tick := 1; tick <= 6; tick++ {
		m.Friction(ctx)
		m.Accel(ctx)
		m.Shaping(ctx)
		fmt.Printf("tick %d: %.2f px/s\n", tick, ctx.Velocity[0]*8)
	}
	// Output:
	// tick 1: 16.67 px/s
	// tick 2: 33.33 px/s
	// tick 3: 50.00 px/s
	// tick 4: 66.67 px/s
	// tick 5: 83.33 px/s
	// tick 6: 90.00 px/s
}
