package prefabs

import (
	"github.com/seedgames/motorkit/motors"
	"github.com/seedgames/motorkit/motors/arena"
)

// The arena motor "Golden Angle" (docs/motors/arena.md): a recipe's [motor] table with
// kind = "arena" takes the keys of motors/arena/arena.toml (angles in
// degrees, unknown keys rejected); absent keys keep the defaults, rescaled
// to the table's max_speed_ground when it sets one.
func init() {
	RegisterMotor(arena.Kind, func(data []byte, source string) (motors.Motor, error) {
		cfg, err := arena.Parse(data, source)
		if err != nil {
			return nil, err
		}
		return arena.New(cfg)
	})
}
