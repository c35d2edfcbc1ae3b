// Package basic is motorkit's simplest motor: the planar velocity moves
// toward the move intent at a constant acceleration, with a weaker rate in
// the air. It exists as the foundation's reference motor (prefab
// "capsule_walker"), for tests of the pipeline itself, and as the smallest
// example of implementing motors.Motor.
//
// It must not do collision, gravity or jumping itself: the KCC stage owns
// those.
//
// The capsule_walker recipe uses it; by hand (ExampleMotor runs it):
//
//	m, err := basic.New(basic.DefaultConfig())
//	if err != nil {
//		panic(err)
//	}
//	ctx := motors.NewContext(1.0 / 60)
//	ctx.Stance.Grounded = true
//
// and every tick, with this tick's intent:
//
//	ctx.Intent.Speed = m.IntentSpeedCap(ctx)
//	m.Friction(ctx)
//	m.Accel(ctx)
//	m.Shaping(ctx)
package basic
