// Package hybrid is the hybrid third-person motor of docs/motors/hybrid.md#the-model: camera-relative
// input, a character facing kept as motor state, a movement direction that
// blends the input direction with the facing by a speed-dependent "rotation
// influence" (plus a momentum bonus while the input direction is held), a
// speed-dependent turn rate applied with lerp_angle, move_toward acceleration
// and deceleration (ground_accel, ground_decel), reduced air direction and rotation control, walk / run
// (max_speed) / sprint speed tiers with a smoothed multiplier, and jump speed from jump
// height and gravity (v = sqrt(2 g h)) with coyote time and a jump buffer
// served by the pipeline's shared buffer stage.
//
// At low speed the character moves where the stick points (arcade); at sprint
// it moves where it faces and the facing turns slowly toward the input
// (momentum).
//
// The package is pure Go over mgl64. It implements motors.Motor,
// motors.MetricsReporter and the optional Vertical() hook that lets the prefab
// fill the KCC's gravity, jump speed and max fall speed from this config. It
// must not import donburi or ebiten, query collision, integrate gravity, apply
// the jump velocity or decide grounding: the KCC stage owns vertical motion
// and the single jump-consume point, the buffer stage owns coyote and buffer
// timers.
//
// Main types: Config (DefaultConfig, Load) and Motor (New, Facing, Debug).
// With the ECS (Example_spawn runs it):
//
//	ent, err := prefabs.Spawn(w, "hybrid_player", prefabs.Facing(math.Pi/2))
//	if err != nil {
//		panic(err)
//	}
//	m := components.Motor.Get(w.Entry(ent)).Motor.(*hybrid.Motor)
//	yaw := m.Facing() // the character's facing for rendering
//	dbg := m.Debug()  // debug vectors: input, facing, blended and velocity directions
package hybrid
