package prefabs

import (
	"github.com/seedgames/motorkit/motors"
	"github.com/seedgames/motorkit/motors/hybrid"
)

// The "hybrid" motor kind: the [motor] table of a recipe is a hybrid.toml
// (docs/motors/hybrid.md#the-model MovementConfig) decoded over hybrid.DefaultConfig, strictly. The
// motor implements Verticaler, so the KCC's gravity, jump speed
// (sqrt(2 g h)) and max fall speed come from it unless [kcc] sets them.
func init() {
	RegisterMotor(hybrid.Kind, func(data []byte, source string) (motors.Motor, error) {
		cfg, err := hybrid.Parse(data, source)
		if err != nil {
			return nil, err
		}
		return hybrid.New(cfg)
	})
}
