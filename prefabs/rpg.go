package prefabs

import (
	"github.com/seedgames/motorkit/motors"
	"github.com/seedgames/motorkit/motors/rpg"
)

// The "rpg" motor kind: the [motor] table of a recipe is an rpg.toml
// (docs/motors/rpg.md#knobs-rpgtoml-the-motor-table-of-a-recipe) decoded over rpg.DefaultConfig, strictly.
func init() {
	RegisterMotor(rpg.Kind, func(data []byte, source string) (motors.Motor, error) {
		cfg, err := rpg.Parse(data, source)
		if err != nil {
			return nil, err
		}
		return rpg.New(cfg)
	})
}
