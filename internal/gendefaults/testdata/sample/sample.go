package sample

// Config is a sample configuration.
type Config struct {
	// --- Speeds ---

	// MaxSpeed is the speed of a full stick (m/s). Typical 4-6.
	MaxSpeed float64 `toml:"max_speed"`
	// Ratio is a fraction of MaxSpeed.
	Ratio float64 `toml:"ratio"`
	// Ticks counts ticks.
	Ticks int `toml:"ticks"`
	// Mode is "a" or "b".
	Mode string `toml:"mode"`
	// On switches it on.
	On bool `toml:"on"`
	// Hidden has no key.
	Hidden float64 `toml:"-"`
}
