package flail

import (
	"math"

	"github.com/go-gl/mathgl/mgl64"
	"github.com/seedgames/motorkit/detmath"
)

// Pickup is one energy pickup.
type Pickup struct {
	// Pos is its position (m) on the XZ plane.
	Pos mgl64.Vec3
	// Energy a car gains by touching it.
	Energy float64
	// Dropped is true for pickups dropped by a destroyed car (they do not
	// count toward the spawn target).
	Dropped bool
	// TTL is the time (s) a dropped pickup has left before it vanishes;
	// 0 means it never expires.
	TTL float64
}

// Pickups is the arena's set of energy pickups, stored densely with a fixed
// capacity (no allocation after NewPickups). Order changes when a pickup is
// collected (swap-remove) but is deterministic.
type Pickups struct {
	items   []Pickup
	pos     []mgl64.Vec3
	spawned int
	rng     RNG
	// Radius of a pickup (m).
	Radius             float64
	target, perTick    int
	eMin, eMax, margin float64
	dropLife           float64
}

// NewPickups returns an empty pickup field for the config, drawing random
// positions from seed.
func NewPickups(cfg *Config, seed uint64) *Pickups {
	pc := cfg.Pickups
	return &Pickups{
		items:   make([]Pickup, 0, pc.Capacity),
		pos:     make([]mgl64.Vec3, 0, pc.Capacity),
		rng:     NewRNG(seed),
		Radius:  pc.Radius / cfg.UnitsPerMeter,
		target:  pc.Target,
		perTick: pc.SpawnPerTick,
		eMin:    pc.EnergyMin, eMax: pc.EnergyMax,
		margin:   pc.Radius / cfg.UnitsPerMeter,
		dropLife: pc.DropLifetime,
	}
}

// Len returns the number of pickups.
func (pk *Pickups) Len() int { return len(pk.items) }

// At returns pickup i (0 <= i < Len()).
func (pk *Pickups) At(i int) Pickup { return pk.items[i] }

// All returns the pickups; the slice is only valid until the next change.
func (pk *Pickups) All() []Pickup { return pk.items }

// Positions returns the pickup positions (parallel to All).
func (pk *Pickups) Positions() []mgl64.Vec3 { return pk.pos }

// Spawned returns how many non-dropped pickups exist.
func (pk *Pickups) Spawned() int { return pk.spawned }

// Spawn adds up to SpawnPerTick random pickups while fewer than Target
// spawned pickups exist, at uniform positions inside the arena that do not
// touch an obstacle (up to 8 tries each).
func (pk *Pickups) Spawn(a *Arena) {
	for n := 0; n < pk.perTick && pk.spawned < pk.target && len(pk.items) < cap(pk.items); n++ {
		lim := a.Half - pk.margin
		for try := 0; try < 8; try++ {
			x := pk.rng.Range(-lim, lim)
			z := pk.rng.Range(-lim, lim)
			if a.Overlaps(x, z, pk.Radius) {
				continue
			}
			pk.add(Pickup{Pos: mgl64.Vec3{x, 0, z}, Energy: pk.rng.Range(pk.eMin, pk.eMax)})
			break
		}
	}
}

// Add inserts a pickup if there is capacity, sanitizing it: a non-finite
// position is dropped, energy is clamped to [0, 1e9]. It reports whether
// the pickup was added.
func (pk *Pickups) Add(p Pickup) bool {
	if !FiniteVec(p.Pos) || len(pk.items) >= cap(pk.items) {
		return false
	}
	if !(p.Energy > 0) {
		p.Energy = 0
	}
	if !(p.TTL > 0) || math.IsInf(p.TTL, 0) {
		p.TTL = 0
	}
	p.Energy = math.Min(p.Energy, 1e9)
	pk.add(p)
	return true
}

func (pk *Pickups) add(p Pickup) {
	pk.items = append(pk.items, p)
	pk.pos = append(pk.pos, p.Pos)
	if !p.Dropped {
		pk.spawned++
	}
}

// Drop scatters total energy as count pickups around at (within scatter m),
// each pushed out of walls. Pickups beyond capacity are lost.
func (pk *Pickups) Drop(a *Arena, at mgl64.Vec3, total float64, count int, scatter float64) {
	if count <= 0 || !(total > 0) {
		return
	}
	e := total / float64(count)
	for i := 0; i < count; i++ {
		ang := pk.rng.Range(0, 2*math.Pi)
		d := float64(scatter * math.Sqrt(pk.rng.Float64()))
		pt := Point{Pos: mgl64.Vec3{at[0] + float64(d*detmath.Cos(ang)), 0, at[2] + float64(d*detmath.Sin(ang))}}
		a.Collide(&pt, pk.Radius, 0)
		pk.Add(Pickup{Pos: pt.Pos, Energy: e, Dropped: true, TTL: pk.dropLife})
	}
}

// Age counts down the pickups' TTL by dt and removes those that expire.
func (pk *Pickups) Age(dt float64) {
	for i := len(pk.items) - 1; i >= 0; i-- {
		if t := pk.items[i].TTL; t > 0 {
			t -= dt
			if t <= 0 {
				pk.Remove(i)
				continue
			}
			pk.items[i].TTL = t
		}
	}
}

// Remove deletes pickup i by moving the last pickup into its place.
func (pk *Pickups) Remove(i int) {
	if i < 0 || i >= len(pk.items) {
		return
	}
	if !pk.items[i].Dropped {
		pk.spawned--
	}
	last := len(pk.items) - 1
	pk.items[i] = pk.items[last]
	pk.pos[i] = pk.pos[last]
	pk.items = pk.items[:last]
	pk.pos = pk.pos[:last]
}
