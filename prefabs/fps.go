package prefabs

import (
	"github.com/seedgames/motorkit/motors"
	"github.com/seedgames/motorkit/motors/fps"
)

// The FPS motor of docs/motors/fps.md: a recipe's [motor] table with kind = "fps"
// takes the keys of motors/fps/fps.toml (times in seconds, angles in
// degrees, unknown keys rejected); absent keys keep the defaults. The motor
// implements Verticaler, so gravity, jump_speed = sqrt(2 g h) and
// max_fall_speed come from it unless the recipe's [kcc] table sets them.
func init() {
	RegisterMotor(fps.Kind, func(data []byte, source string) (motors.Motor, error) {
		cfg, err := fps.Parse(data, source)
		if err != nil {
			return nil, err
		}
		return fps.New(cfg)
	})
}
