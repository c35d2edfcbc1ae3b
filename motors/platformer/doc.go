// Package platformer is a side-view platformer motor whose default
// recipe is Celeste's published movement: the run approach with its
// acceleration, the reduce above the top speed and the air multiplier;
// gravity halved near the apex while jump is held; the fall cap and the
// fast fall with down held; the variable jump (the jump speed kept while
// the button is held, for the variable-jump time) with its horizontal
// boost; coyote time and a jump buffer; and an 8-direction dash refilled
// on landing. Celeste's player source is public: the numbers are its
// constants, the code is ours (docs/2d.md lists both side by side).
//
// The motor moves a character in the XY plane of a side view
// (components.PlaneSide, [kcc] plane = "side"): X is right, Y is up,
// Command.Strafe is the run axis (+1 right) and Command.Forward the
// up/down axis (+1 up, -1 down: fast fall, dash aim). Its knobs are in
// pixels and pixels per second: pixels_per_metre (default 8, one of
// Celeste's 8-pixel tiles per metre) converts them to the pipeline's
// metres once, when the motor is built.
//
// Unlike the 3D motors it owns the vertical speed in the air (gravity,
// the fall caps and the variable jump are Celeste's rules, not the KCC
// stage's): its recipe's KCC gravity is 0 and the jump speed its own
// (prefabs.Verticaler). The jump itself is consumed at the pipeline's
// single consume point, so buffering and coyote time are the buffer
// stage's windows (JumpRules).
//
// By hand (ExampleMotor runs it):
//
//	m, err := platformer.New(platformer.DefaultConfig())
//	if err != nil {
//		panic(err)
//	}
//	ctx := motors.NewContext(1.0 / 60)
//	ctx.Stance.Grounded = true
//	ctx.Command.Strafe = 1
//	for tick := 1; tick <= 6; tick++ {
//		m.Friction(ctx)
//		m.Accel(ctx)
//		m.Shaping(ctx)
package platformer
