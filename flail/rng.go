package flail

// RNG is a small deterministic random source (SplitMix64). Every random
// decision of the game draws from an RNG seeded explicitly, never from the
// global source, so a match is reproducible from its seed.
type RNG struct {
	// State is the generator state; copying an RNG forks the sequence.
	State uint64
}

// NewRNG returns an RNG seeded with seed (any value, including 0).
func NewRNG(seed uint64) RNG { return RNG{State: seed ^ 0x9e3779b97f4a7c15} }

// Derive returns a seed for an independent stream labeled i, so per-entity
// streams (bot i, pickups) do not overlap.
func Derive(seed, i uint64) uint64 {
	r := RNG{State: seed + (i+1)*0xbf58476d1ce4e5b9}
	return r.Uint64()
}

// Uint64 returns the next 64 random bits.
func (r *RNG) Uint64() uint64 {
	r.State += 0x9e3779b97f4a7c15
	z := r.State
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9
	z = (z ^ (z >> 27)) * 0x94d049bb133111eb
	return z ^ (z >> 31)
}

// Float64 returns a uniform float in [0, 1).
func (r *RNG) Float64() float64 { return float64(r.Uint64()>>11) / (1 << 53) }

// Range returns a uniform float in [lo, hi).
func (r *RNG) Range(lo, hi float64) float64 { return lo + float64((hi-lo)*r.Float64()) }

// Intn returns a uniform int in [0, n); 0 when n <= 0.
func (r *RNG) Intn(n int) int {
	if n <= 0 {
		return 0
	}
	return int(r.Uint64() % uint64(n))
}
