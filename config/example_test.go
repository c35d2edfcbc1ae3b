package config_test

import (
	"fmt"

	"github.com/seedgames/motorkit/config"
)

// Config is a loader's configuration: every field has a TOML key.
type Config struct {
	Speed float64 `toml:"speed"`
	Turn  float64 `toml:"turn_deg"`
}

// DefaultConfig is what a file's keys decode over.
func DefaultConfig() Config { return Config{Speed: 5, Turn: 90} }

// load decodes a user file over the defaults and checks its ranges.
func load(data []byte) (Config, error) {
	cfg := DefaultConfig()
	if err := config.Decode(data, "mine.toml", &cfg); err != nil {
		return Config{}, err // mine.toml:3: key "speeed": unknown key (did you mean "speed"?)
	}
	c := config.Checker{Source: "mine.toml"}
	c.Range("speed", cfg.Speed, 0, 100)
	return cfg, c.Err() // every problem, one line each
}

// A loader: strict keys, errors at the file, line and key, ranges checked.
func Example() {
	fmt.Println(load([]byte("# mine\nspeed = 7\n")))
	fmt.Println(load([]byte("# mine\n\nspeeed = 7\n")))
	fmt.Println(load([]byte("speed = 700\n")))
	// Output:
	// {7 90} <nil>
	// {0 0} mine.toml:3: key "speeed": unknown key (did you mean "speed"?)
	// {700 90} mine.toml: key "speed": value 700 out of range [0, 100]
}
