package prefabs

import (
	"github.com/seedgames/motorkit/motors/arena"
	"github.com/seedgames/motorkit/motors/basic"
	"github.com/seedgames/motorkit/motors/fps"
	"github.com/seedgames/motorkit/motors/hybrid"
	"github.com/seedgames/motorkit/motors/platformer"
	"github.com/seedgames/motorkit/motors/rpg"
	"github.com/seedgames/motorkit/motors/topdown"
)

// The built-in motor kinds. A recipe's [motor] table with kind = "..."
// takes the keys of that motor's default file (motors/<kind>/<kind>.toml;
// docs/motors), decoded over its defaults:
//
//   - "arena", the Golden Angle motor (docs/motors/arena.md): angles in
//     degrees; keys left out whose defaults are multiples of max_speed
//     follow the max_speed the recipe sets (arena.Config.AdjustDefaults).
//   - "basic", a walk-and-jump motor (package motors/basic).
//   - "fps" (docs/motors/fps.md): times in seconds, angles in degrees. Its
//     configuration owns gravity, jump_speed = sqrt(2 g h) and
//     max_fall_speed (Verticaler) and the controller's slope limit, step
//     height and ground snap (KCCProfiler).
//   - "hybrid" (docs/motors/hybrid.md): owns the vertical values as fps
//     does, and the crouched capsule (CrouchShaper).
//   - "rpg" (docs/motors/rpg.md): the vertical motion belongs to [kcc].
//   - "platformer" (package motors/platformer, docs/2d.md): Celeste's
//     movement in a side view, knobs in pixels; it owns the vertical
//     motion in the air (Verticaler: KCC gravity 0, its jump speed).
//   - "topdown" (package motors/topdown, docs/2d.md): 8-direction
//     movement in a top view, knobs in pixels.
func init() {
	RegisterMotor(arena.Kind, arena.DefaultConfig, arena.New)
	RegisterMotor(basic.Kind, basic.DefaultConfig, basic.New)
	RegisterMotor(fps.Kind, fps.DefaultConfig, fps.New)
	RegisterMotor(hybrid.Kind, hybrid.DefaultConfig, hybrid.New)
	RegisterMotor(rpg.Kind, rpg.DefaultConfig, rpg.New)
	RegisterMotor(platformer.Kind, platformer.DefaultConfig, platformer.New)
	RegisterMotor(topdown.Kind, topdown.DefaultConfig, topdown.New)
}
