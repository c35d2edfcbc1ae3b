package prefabs

import (
	"github.com/seedgames/motorkit/motors"
	"github.com/seedgames/motorkit/motors/basic"
)

func init() {
	RegisterMotor("basic", func(data []byte, source string) (motors.Motor, error) {
		cfg, err := basic.Parse(data, source)
		if err != nil {
			return nil, err
		}
		return basic.New(cfg)
	})
}
