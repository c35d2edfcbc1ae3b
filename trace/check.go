package trace

import (
	"fmt"
	"hash/fnv"
	"math"
	"strconv"

	"github.com/seedgames/motorkit/components"
	"github.com/yohamta/donburi"
)

// Check is a trace's record of the state it produced: a state hash after
// every Every-th tick. A replay compares its own hashes with them, so a
// recording replayed on another machine, build or version reports the
// first check where the two runs part instead of drifting silently.
type Check struct {
	// Every is the number of ticks between hashes (default 60).
	Every int `toml:"every"`
	// Kind names what is hashed: "entity" (the traced entity: position,
	// velocity, view yaw, grounded, crouched; trace.Replay checks these) or
	// "match" (a flail match's checksum; the flail demo checks those).
	Kind string `toml:"kind"`
	// Hashes are the 16-hex-digit hashes after tick Every, 2·Every, ...
	Hashes []string `toml:"hashes"`
}

// DefaultCheckEvery is the spacing of state hashes a Recorder writes.
const DefaultCheckEvery = 60

// Divergence is where a replay stopped matching its recording.
type Divergence struct {
	// Tick is the first checked tick whose state differs; the run still
	// matched at Tick - Every (or never matched when that is 0).
	Tick      int
	Every     int
	Want, Got string
}

func (d *Divergence) Error() string {
	return fmt.Sprintf("trace: replay diverged from the recording by tick %d (state matched at tick %d): hash %s, recorded %s",
		d.Tick, d.Tick-d.Every, d.Got, d.Want)
}

// EntityHash is the "entity" state hash of a check: FNV-64a of the bits of
// the body's position and velocity, the view yaw, the grounded and
// crouched flags, and for a character with abilities its movement mode and
// the tick it began. Components an entity lacks hash as zeros (the
// abilities' are left out).
func EntityHash(e *donburi.Entry) uint64 {
	h := fnv.New64a()
	var b [8]byte
	put := func(f float64) {
		u := math.Float64bits(f)
		if f != f {
			u = 0x7ff8000000000001 // one NaN, whatever its payload
		}
		for i := range b {
			b[i] = byte(u >> (8 * i))
		}
		h.Write(b[:])
	}
	flag := func(v bool) {
		if v {
			put(1)
		} else {
			put(0)
		}
	}
	if e.HasComponent(components.Body) {
		body := components.Body.Get(e)
		for i := 0; i < 3; i++ {
			put(body.Position[i])
			put(body.Velocity[i])
		}
	}
	if e.HasComponent(components.View) {
		put(components.View.Get(e).Yaw)
	}
	if e.HasComponent(components.KCC) {
		k := components.KCC.Get(e)
		flag(k.Grounded)
		flag(k.Crouched)
	}
	if e.HasComponent(components.Abilities) {
		// The movement mode and its tick: a replay that climbs where the
		// recording hung differs here first. Entities without abilities
		// hash as before.
		ab := components.Abilities.Get(e)
		put(float64(ab.Mode))
		put(float64(ab.Since))
	}
	return h.Sum64()
}

// FormatHash writes a state hash as a check stores it.
func FormatHash(h uint64) string { return fmt.Sprintf("%016x", h) }

// Checker compares a run's state hashes with a trace's Check as the run goes.
type Checker struct {
	check  *Check
	ticks  int
	checks int
	div    *Divergence
}

// NewChecker returns a checker for c (nil: nothing to check).
func NewChecker(c *Check) *Checker { return &Checker{check: c} }

// Tick is called after every tick with a function computing the state
// hash; it hashes only on check ticks and records the first divergence.
func (k *Checker) Tick(hash func() uint64) {
	k.ticks++
	c := k.check
	if c == nil || k.div != nil || c.Every <= 0 || k.ticks%c.Every != 0 {
		return
	}
	i := k.ticks/c.Every - 1
	if i >= len(c.Hashes) {
		return
	}
	got := FormatHash(hash())
	k.checks++
	if got != c.Hashes[i] {
		k.div = &Divergence{Tick: k.ticks, Every: c.Every, Want: c.Hashes[i], Got: got}
	}
}

// Checks returns how many recorded hashes matched or failed so far.
func (k *Checker) Checks() int { return k.checks }

// Divergence returns the first check that failed, or nil.
func (k *Checker) Divergence() *Divergence { return k.div }

// Err returns the divergence as an error, or nil when every check so far
// matched.
func (k *Checker) Err() error {
	if k.div == nil {
		return nil
	}
	return k.div
}

func validHash(s string) bool {
	if len(s) != 16 {
		return false
	}
	_, err := strconv.ParseUint(s, 16, 64)
	return err == nil
}
