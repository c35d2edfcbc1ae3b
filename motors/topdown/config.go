package topdown

import (
	_ "embed"

	"github.com/seedgames/motorkit/config"
)

// Config is the top-down motor's tuning, in pixels (px), pixels per
// second and seconds. Each key's default and range are in topdown.toml
// (DefaultTOML), generated from DefaultConfig and Validate.
type Config struct {
	// PixelsPerMetre is how many of the knobs' pixels make one metre of
	// the pipeline (16: a 16 px tile is a metre).
	PixelsPerMetre float64 `toml:"pixels_per_metre"`
	// MaxSpeed is the walking speed at full input (px/s).
	MaxSpeed float64 `toml:"max_speed"`
	// Accel is the rate the velocity approaches the input's (px/s^2):
	// from rest to MaxSpeed takes max_speed/accel.
	Accel float64 `toml:"accel"`
	// Friction is the rate the velocity comes to rest without input
	// (px/s^2): from MaxSpeed it stops in max_speed/friction seconds,
	// max_speed^2/(2 friction) pixels.
	Friction float64 `toml:"friction"`
	// DashSpeed is the speed of a dash (px/s); 0 disables the dash.
	DashSpeed float64 `toml:"dash_speed"`
	// DashTime is how long a dash lasts (s).
	DashTime float64 `toml:"dash_time"`
	// DashCooldown is the time from a dash's start before the next (s).
	DashCooldown float64 `toml:"dash_cooldown"`
}

// DefaultConfig returns the defaults, the one place they are written
// (topdown.toml is generated from it): 16 px per metre, 96 px/s (six
// tiles a second) reached in 0.1 s, a stop in 0.08 s, a dash of 288 px/s
// for 0.15 s every 0.5 s.
func DefaultConfig() Config {
	return Config{PixelsPerMetre: 16, MaxSpeed: 96, Accel: 960, Friction: 1200,
		DashSpeed: 288, DashTime: 0.15, DashCooldown: 0.5}
}

// Validate reports every out-of-range field, naming source and key.
func (c Config) Validate(source string) error {
	ch := config.Checker{Source: source}
	ch.Range("pixels_per_metre", c.PixelsPerMetre, 0.01, 10000)
	ch.Range("max_speed", c.MaxSpeed, 0, 100000)
	ch.Range("accel", c.Accel, 0, 1e6)
	ch.Range("friction", c.Friction, 0, 1e6)
	ch.Range("dash_speed", c.DashSpeed, 0, 100000)
	ch.Range("dash_time", c.DashTime, 0, 10)
	ch.Range("dash_cooldown", c.DashCooldown, 0, 10)
	return ch.Err()
}

// topdown.toml is generated: go generate runs the test that writes it.
//
//go:generate go test -run TestDefaultTOMLIsGenerated -update-defaults
//go:embed topdown.toml
var defaultTOML []byte

// DefaultTOML returns the default configuration file's text (a copy):
// every key with its default, unit and allowed range.
func DefaultTOML() []byte { return append([]byte(nil), defaultTOML...) }

// Parse decodes TOML over the defaults, rejecting unknown keys and
// out-of-range values with errors naming source, line and key.
func Parse(data []byte, source string) (Config, error) {
	return config.Load(data, source, DefaultConfig())
}
