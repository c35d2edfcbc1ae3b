// Package basic is motorkit's simplest motor: the planar velocity moves
// toward the move intent at a constant acceleration, with a weaker rate in
// the air. It exists as the foundation's reference motor (prefab
// "capsule_walker"), for tests of the pipeline itself, and as the smallest
// example of implementing motors.Motor.
//
// It must not do collision, gravity or jumping itself: the KCC stage owns
// those.
//
// The capsule_walker recipe uses it; by hand (ExampleMotor):
//
//	m, err := basic.New(basic.DefaultConfig()) // 5 m/s, 40 m/s^2
//	ctx.Intent.Speed = m.IntentSpeedCap(ctx)
//	m.Accel(ctx)
package basic
