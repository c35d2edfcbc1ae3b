// Package topdown is an 8-direction top-down motor for a Zelda-like game:
// the velocity approaches the input's direction times the top speed at
// an acceleration, comes to rest at a friction when the input lets go,
// and an optional dash bursts along the input (or the facing) for a
// moment. Its knobs are in pixels and pixels per second.
//
// The motor moves a character in the XZ plane of a top view
// (components.PlaneTop, [kcc] plane = "top"; package plane2d): screen x
// is world X and screen y (down) world Z. Command.Strafe is the x axis
// (+1 right) and Command.Forward the y axis (+1 up the screen, -Z); the
// view yaw is ignored. A diagonal is as fast as a straight line: the
// input is clamped to the unit circle.
//
// The topdown_hero recipe uses it; by hand (ExampleMotor runs it):
//
//	m, err := topdown.New(topdown.DefaultConfig())
//	if err != nil {
//		panic(err)
//	}
//	ctx := motors.NewContext(1.0 / 60)
//	ctx.Command.Strafe = 1
//	for tick := 1; tick <= 8; tick++ {
//		m.Friction(ctx)
//		m.Accel(ctx)
//		m.Shaping(ctx)
package topdown
