// Package platforms moves a level's kinematic colliders: platforms and
// elevators that follow waypoints at a speed with waits, platforms that
// turn, and doors that open and close on a schedule or while a sensor is
// occupied. It is pure Go (kcc and mgl64, no donburi): the ECS runs a Set
// once per tick before the KCC stage (systems.Pipeline does it for levels
// loaded with movers).
//
// Every pose is a function of the tick number and the path, not an
// accumulation of per-tick steps, so a path never drifts and a replay from
// any tick gives the same bits. Doors keep one number of state (how open
// they are), advanced by a fixed amount per tick.
//
// A lift rising 3 m at 1 m/s with a 1 s wait at each end (ExampleSet_Apply
// runs it):
//
//	lift := w.AddBox(mgl64.Vec3{0, 0, 0}, mgl64.Vec3{1, 0.1, 1}, mgl64.Quat{})
//	set := &platforms.Set{Movers: []platforms.Mover{{
//		Collider: lift,
//		Path: platforms.Path{
//			Waypoints: []mgl64.Vec3{{0, 0, 0}, {0, 3, 0}},
//			Wait:      []float64{1, 1},
//			Speed:     1,
//		},
//	}}}
//	if err := set.Validate(); err != nil {
//		panic(err)
//	}
//	const dt = 1.0 / 60
//	for tick := uint64(0); tick < 360; tick++ {
//		w.Step(dt)
//		if err := set.Apply(w, tick, dt, nil); err != nil {
//			panic(err)
//		}
package platforms
