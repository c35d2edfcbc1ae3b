package bad

// Config states its defaults in its doc comments.
type Config struct {
	// Speed is the speed (m/s). Default 5; allowed [0, 10].
	Speed        float64 `toml:"speed"`
	Undocumented float64 `toml:"undocumented"`
}
