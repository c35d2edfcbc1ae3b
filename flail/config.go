package flail

import (
	_ "embed"
	"fmt"
	"math"
	"os"

	"github.com/seedgames/motorkit/config"
	"github.com/seedgames/motorkit/detmath"
)

// Physics modes accepted by Config.Mode.
const (
	// ModeExact reproduces the reference game's 40 Hz server step (docs/flail.md#exact-mode-default-the-reference-server-reproduced).
	ModeExact = "exact"
	// ModeClean uses XPBD distance constraints for the rope; the flail's
	// mass can pull the car.
	ModeClean = "clean"
)

// DefaultFile is the embedded default tuning file (flail/default.toml). It
// decodes to exactly DefaultConfig(); a test keeps the two in sync.
//
//go:embed default.toml
var DefaultFile []byte

// Config is the flail game tuning. Lengths are in world units (u), the
// physics constants are per reference tick as the reference game states them, times
// are in seconds and rule speeds in world units per second. Physics converts
// it to SI per-tick constants for a given tick rate.
type Config struct {
	// Mode is "exact" (default) or "clean".
	Mode string `toml:"mode"`
	// UnitsPerMeter converts world units to meters (default 100: the
	// reference game's 8500-unit map is 85 m).
	UnitsPerMeter float64 `toml:"units_per_meter"`
	// ReferenceRate is the tick rate (Hz) the per-tick constants are
	// measured at (40, the reference game's server rate). At another pipeline rate the
	// constants are rescaled so per-second behaviour is kept; at the
	// reference rate they are used unchanged (bit-exact seed step).
	ReferenceRate float64 `toml:"reference_rate"`

	// The sections of the tuning file, one per table.
	Car     CarConfig    `toml:"car"`
	Flail   FlailConfig  `toml:"flail"`
	Rope    RopeConfig   `toml:"rope"`
	Quirks  Quirks       `toml:"quirks"`
	Clean   CleanConfig  `toml:"clean"`
	Rules   RulesConfig  `toml:"rules"`
	Pickups PickupConfig `toml:"pickups"`
	Arena   ArenaConfig  `toml:"arena"`
	Bots    BotsConfig   `toml:"bots"`
	// Collisions are the contact rules between players (game rules on
	// top of the reference game's physics; each can be switched off).
	Collisions CollisionConfig `toml:"collisions"`
}

// CollisionConfig switches and tunes the contacts between players: car
// against car, car against another player's flail, and flail against
// flail. They are game rules applied by Rules.Step after the physics step
// (docs/flail.md#exact-mode-default-the-reference-server-reproduced has no contacts; with every switch off a match is the reference game's
// physics plus the kill rule). Masses are the [clean] section's car_mass,
// flail_mass and flail_mass_exponent, in both physics modes.
type CollisionConfig struct {
	// Cars makes cars block each other (equal masses).
	Cars bool `toml:"cars"`
	// FlailCar makes a flail that touches another player's car without
	// killing it (too slow, or spawn protection) push it away: the car
	// bounces off a still flail and both share the impulse by mass.
	FlailCar bool `toml:"flail_car"`
	// Flails makes two players' flails clash: they are separated and
	// bounce apart by their masses (momentum is conserved).
	Flails bool `toml:"flails"`
	// Restitution is the normal speed kept by car-car and car-flail
	// contacts, FlailRestitution by flail clashes (0 = no bounce).
	Restitution      float64 `toml:"restitution"`
	FlailRestitution float64 `toml:"flail_restitution"`
	// Iterations are the Gauss-Seidel passes over all contacts per tick
	// (more settle dense piles faster).
	Iterations int `toml:"iterations"`
}

// CarConfig is the player car (docs/flail.md#exact-mode-default-the-reference-server-reproduced).
type CarConfig struct {
	// Accel is the velocity (u/tick) added per moving tick along the input
	// angle before drag (seed: 1).
	Accel float64 `toml:"accel"`
	// Drag is the per-tick velocity divisor (seed: 1.1).
	Drag float64 `toml:"drag"`
	// Radius is the car's collision radius (u) for pickups, hits and walls.
	Radius float64 `toml:"radius"`
}

// FlailConfig is the flail head (docs/flail.md#exact-mode-default-the-reference-server-reproduced) plus the throw rules' physics.
type FlailConfig struct {
	// Drag is the per-tick velocity divisor of the attached flail (1.1).
	Drag float64 `toml:"drag"`
	// ThrownDrag is the divisor while the flail is thrown (detached), lower
	// so a throw flies.
	ThrownDrag float64 `toml:"thrown_drag"`
	// Restitution is the fraction of the normal speed kept when the flail
	// bounces off a wall or obstacle.
	Restitution float64 `toml:"restitution"`
	// MinRadius is the smallest flail radius (u); the size formula is
	// negative below E ~ 61.
	MinRadius float64 `toml:"min_radius"`
	// AttractAccel is the velocity (u/tick) added per tick toward the car
	// while a thrown flail is being attracted.
	AttractAccel float64 `toml:"attract_accel"`
	// ReattachDistance (u): an attracted flail this close to its car
	// re-attaches to the rope.
	ReattachDistance float64 `toml:"reattach_distance"`
	// ThrowBoost is extra speed (u/tick) added along the flail's velocity
	// when it is thrown.
	ThrowBoost float64 `toml:"throw_boost"`
}

// RopeConfig is the chain between car and flail (docs/flail.md#exact-mode-default-the-reference-server-reproduced).
type RopeConfig struct {
	// Segments is the reference game's segment count: the chain has Segments-2
	// internal nodes (seed: 3, so one node).
	Segments int `toml:"segments"`
	// RestLength of each link (u, seed: 80).
	RestLength float64 `toml:"rest_length"`
	// K is the spring impulse per unit extension per tick (seed: 0.1).
	K float64 `toml:"k"`
	// NodeDrag is the per-tick velocity divisor of internal nodes (1.1).
	NodeDrag float64 `toml:"node_drag"`
}

// Quirks are the switches for the quirks of docs/flail.md#quirks-and-their-switches. All are false in
// exact mode (the default), which reproduces the measured server.
type Quirks struct {
	// RopePullsPlayer lets rope impulses change the car's velocity (the
	// reference game's car has isAffectedByRope = false).
	RopePullsPlayer bool `toml:"rope_pulls_player"`
	// TwoSidedSprings makes links push back when compressed (the reference game's
	// springs act on extension only).
	TwoSidedSprings bool `toml:"two_sided_springs"`
	// StaleSnapshot publishes the snapshot taken before the tick's
	// simulation (what the reference game's clients saw: send happens before the
	// step) instead of the state after it.
	StaleSnapshot bool `toml:"stale_snapshot"`
}

// CleanConfig tunes clean mode (XPBD rope).
type CleanConfig struct {
	// Compliance of each link (m/N; 0 = rigid).
	Compliance float64 `toml:"compliance"`
	// Substeps per tick.
	Substeps int `toml:"substeps"`
	// CarMass, NodeMass and FlailMass are in kg; the flail's mass grows
	// with its radius: FlailMass * (radius/MinRadius)^FlailMassExponent.
	CarMass           float64 `toml:"car_mass"`
	NodeMass          float64 `toml:"node_mass"`
	FlailMass         float64 `toml:"flail_mass"`
	FlailMassExponent float64 `toml:"flail_mass_exponent"`
}

// RulesConfig holds the game rules (see docs/flail.md).
type RulesConfig struct {
	// StartEnergy is a (re)spawned player's energy.
	StartEnergy float64 `toml:"start_energy"`
	// MinEnergy is the floor the drains stop at.
	MinEnergy float64 `toml:"min_energy"`
	// MaxEnergy caps energy (huge values are clamped here).
	MaxEnergy float64 `toml:"max_energy"`
	// KillSpeed (u/s): a flail touching another player's car kills it when
	// the flail's own world-frame speed is above KillSpeed; a slower flail
	// is an obstacle (see CollisionConfig). The default, 600 u/s, is 1.5x
	// the car's terminal speed (400 u/s): a flail dragged behind its car
	// never kills, nor does the swing of ordinary steering; it takes a
	// deliberate whip or a throw (docs/flail.md derives it).
	KillSpeed float64 `toml:"kill_speed"`
	// KillShare of the victim's energy goes to the killer.
	KillShare float64 `toml:"kill_share"`
	// DropShare of the victim's energy is dropped as DropCount pickups
	// scattered within DropScatter (u) of the wreck.
	DropShare   float64 `toml:"drop_share"`
	DropCount   int     `toml:"drop_count"`
	DropScatter float64 `toml:"drop_scatter"`
	// RespawnDelay and SpawnProtection are in seconds.
	RespawnDelay    float64 `toml:"respawn_delay"`
	SpawnProtection float64 `toml:"spawn_protection"`
	// FarDistance (u): a thrown flail farther than this from its car drains
	// FarDrain of the energy per second.
	FarDistance float64 `toml:"far_distance"`
	FarDrain    float64 `toml:"far_drain"`
	// A car slower than StillSpeed (u/s) for more than StillGrace seconds
	// drains StillDrain of its energy per second.
	StillSpeed float64 `toml:"still_speed"`
	StillGrace float64 `toml:"still_grace"`
	StillDrain float64 `toml:"still_drain"`
	// LeaderboardSize is how many players the leaderboard keeps (10).
	LeaderboardSize int `toml:"leaderboard_size"`
}

// PickupConfig tunes the energy pickups.
type PickupConfig struct {
	// Target is how many spawned pickups the arena keeps.
	Target int `toml:"target"`
	// Capacity bounds all pickups (spawned plus dropped); drops beyond it
	// are lost.
	Capacity int `toml:"capacity"`
	// SpawnPerTick is the most pickups spawned per tick while below Target.
	SpawnPerTick int `toml:"spawn_per_tick"`
	// EnergyMin and EnergyMax bound a spawned pickup's energy (uniform).
	EnergyMin float64 `toml:"energy_min"`
	EnergyMax float64 `toml:"energy_max"`
	// Radius (u) of a pickup.
	Radius float64 `toml:"radius"`
	// DropLifetime (s) after which a dropped pickup vanishes (0 = never).
	DropLifetime float64 `toml:"drop_lifetime"`
}

// ArenaConfig is the playfield.
type ArenaConfig struct {
	// Size is the side of the square arena (u; seed map 8500), centered on
	// the origin.
	Size float64 `toml:"size"`
	// GridCell is the spatial grid's cell size (u).
	GridCell float64 `toml:"grid_cell"`
}

// BotsConfig holds the bot skill levels.
type BotsConfig struct {
	// Easy, Normal and Hard are the three skill levels.
	Easy   SkillConfig `toml:"easy"`
	Normal SkillConfig `toml:"normal"`
	Hard   SkillConfig `toml:"hard"`
}

// SkillConfig is one bot skill level.
type SkillConfig struct {
	// ReactionTicks between decisions.
	ReactionTicks int `toml:"reaction_ticks"`
	// AimNoiseDeg is the uniform aim error amplitude in degrees.
	AimNoiseDeg float64 `toml:"aim_noise_deg"`
	// Perception (u) is how far the bot sees players and pickups.
	Perception float64 `toml:"perception"`
	// AttackRatio: targets with energy below AttackRatio*own are attacked.
	AttackRatio float64 `toml:"attack_ratio"`
	// FleeRatio: players with energy above FleeRatio*own are fled from.
	FleeRatio float64 `toml:"flee_ratio"`
	// OrbitRadius (u) is the loop radius of the bot's strafing runs: it
	// drives through its target (the trailing flail follows through it),
	// runs out to this distance (plus its flail radius) and curves back.
	OrbitRadius float64 `toml:"orbit_radius"`
	// WallMargin (u): closer to a wall than this the bot steers away.
	WallMargin float64 `toml:"wall_margin"`
	// Throws lets the bot throw its flail at a target in line.
	Throws bool `toml:"throws"`
	// ThrowCooldownTicks is how long a throwing bot waits after its flail
	// came back before it throws again.
	ThrowCooldownTicks int `toml:"throw_cooldown_ticks"`
	// DodgeDistance (u): a lethal flail (faster than kill_speed) within
	// this distance on a course to hit the bot makes it swerve off the
	// flail's line (0 = never dodges).
	DodgeDistance float64 `toml:"dodge_distance"`
}

// DefaultConfig returns the default tuning: the reference game's constants in exact
// mode plus the game rules documented in docs/flail.md.
func DefaultConfig() Config {
	return Config{
		Mode:          ModeExact,
		UnitsPerMeter: 100,
		ReferenceRate: 40,
		Car:           CarConfig{Accel: 1, Drag: 1.1, Radius: 30},
		Flail: FlailConfig{Drag: 1.1, ThrownDrag: 1.02, Restitution: 0.5, MinRadius: 10,
			AttractAccel: 2.5, ReattachDistance: 120, ThrowBoost: 10},
		Rope:  RopeConfig{Segments: 3, RestLength: 80, K: 0.1, NodeDrag: 1.1},
		Clean: CleanConfig{Compliance: 1e-6, Substeps: 8, CarMass: 10, NodeMass: 2, FlailMass: 1, FlailMassExponent: 1},
		Rules: RulesConfig{StartEnergy: 100, MinEnergy: 100, MaxEnergy: 100000,
			KillSpeed: 600, KillShare: 0.5, DropShare: 0.3, DropCount: 6, DropScatter: 150,
			RespawnDelay: 3, SpawnProtection: 2,
			FarDistance: 500, FarDrain: 0.1,
			StillSpeed: 40, StillGrace: 1, StillDrain: 0.05, LeaderboardSize: 10},
		Pickups: PickupConfig{Target: 400, Capacity: 4096, SpawnPerTick: 4, EnergyMin: 5, EnergyMax: 15, Radius: 15, DropLifetime: 20},
		Arena:   ArenaConfig{Size: 8500, GridCell: 600},
		Bots: BotsConfig{
			Easy: SkillConfig{ReactionTicks: 12, AimNoiseDeg: 25, Perception: 800, AttackRatio: 0.7,
				FleeRatio: 2.5, OrbitRadius: 300, WallMargin: 300, Throws: false, DodgeDistance: 200},
			Normal: SkillConfig{ReactionTicks: 6, AimNoiseDeg: 10, Perception: 1100, AttackRatio: 1.0,
				FleeRatio: 1.8, OrbitRadius: 250, WallMargin: 350, Throws: false, DodgeDistance: 300},
			Hard: SkillConfig{ReactionTicks: 3, AimNoiseDeg: 3, Perception: 1400, AttackRatio: 1.3,
				FleeRatio: 1.5, OrbitRadius: 200, WallMargin: 400, Throws: true, ThrowCooldownTicks: 80, DodgeDistance: 400},
		},
		Collisions: CollisionConfig{Cars: true, FlailCar: true, Flails: true,
			Restitution: 0.3, FlailRestitution: 0.5, Iterations: 2},
	}
}

// Decode decodes TOML tuning on top of c (absent keys keep c's values),
// rejecting unknown keys, then validates. source names the file in errors.
func (c *Config) Decode(data []byte, source string) error {
	if err := config.Decode(data, source, c); err != nil {
		return err
	}
	return c.Validate(source)
}

// Parse returns DefaultConfig with data decoded over it, validated.
func Parse(data []byte, source string) (Config, error) {
	c := DefaultConfig()
	err := c.Decode(data, source)
	return c, err
}

// LoadFile reads a tuning file and returns DefaultConfig overridden by it.
func LoadFile(path string) (Config, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return Config{}, err
	}
	return Parse(data, path)
}

// Validate checks every field against its documented range. The error names
// source, the dotted key and the allowed range.
func (c *Config) Validate(source string) error {
	k := config.Checker{Source: source}
	k.OneOf("mode", c.Mode, ModeExact, ModeClean)
	k.Range("units_per_meter", c.UnitsPerMeter, 1e-3, 1e6)
	k.Range("reference_rate", c.ReferenceRate, 1, 1000)
	k.Range("car.accel", c.Car.Accel, 0, 1000)
	k.Range("car.drag", c.Car.Drag, 1.0001, 10)
	k.Range("car.radius", c.Car.Radius, 1, 10000)
	k.Range("flail.drag", c.Flail.Drag, 1, 10)
	k.Range("flail.thrown_drag", c.Flail.ThrownDrag, 1, 10)
	k.Range("flail.restitution", c.Flail.Restitution, 0, 1)
	k.Range("flail.min_radius", c.Flail.MinRadius, 0.1, 10000)
	k.Range("flail.attract_accel", c.Flail.AttractAccel, 0, 1000)
	k.Range("flail.reattach_distance", c.Flail.ReattachDistance, 0, 1e5)
	k.Range("flail.throw_boost", c.Flail.ThrowBoost, 0, 1000)
	k.IntRange("rope.segments", c.Rope.Segments, 2, MaxRopeNodes+2)
	k.Range("rope.rest_length", c.Rope.RestLength, 0, 1e5)
	k.Range("rope.k", c.Rope.K, 0, 0.5)
	k.Range("rope.node_drag", c.Rope.NodeDrag, 1, 10)
	k.Range("clean.compliance", c.Clean.Compliance, 0, 1)
	k.IntRange("clean.substeps", c.Clean.Substeps, 1, 64)
	k.Range("clean.car_mass", c.Clean.CarMass, 1e-3, 1e6)
	k.Range("clean.node_mass", c.Clean.NodeMass, 1e-3, 1e6)
	k.Range("clean.flail_mass", c.Clean.FlailMass, 1e-3, 1e6)
	k.Range("clean.flail_mass_exponent", c.Clean.FlailMassExponent, 0, 3)
	r := &c.Rules
	k.Range("rules.max_energy", r.MaxEnergy, 1, 1e9)
	k.Range("rules.min_energy", r.MinEnergy, 0, r.MaxEnergy)
	k.Range("rules.start_energy", r.StartEnergy, r.MinEnergy, r.MaxEnergy)
	k.Range("rules.kill_speed", r.KillSpeed, 0, 1e6)
	k.Range("rules.kill_share", r.KillShare, 0, 1)
	k.Range("rules.drop_share", r.DropShare, 0, 1-r.KillShare)
	k.IntRange("rules.drop_count", r.DropCount, 0, 64)
	k.Range("rules.drop_scatter", r.DropScatter, 0, 1e5)
	k.Range("rules.respawn_delay", r.RespawnDelay, 0, 3600)
	k.Range("rules.spawn_protection", r.SpawnProtection, 0, 3600)
	k.Range("rules.far_distance", r.FarDistance, 0, 1e6)
	k.Range("rules.far_drain", r.FarDrain, 0, 10)
	k.Range("rules.still_speed", r.StillSpeed, 0, 1e5)
	k.Range("rules.still_grace", r.StillGrace, 0, 3600)
	k.Range("rules.still_drain", r.StillDrain, 0, 10)
	k.IntRange("rules.leaderboard_size", r.LeaderboardSize, 1, MaxLeaderboard)
	p := &c.Pickups
	k.IntRange("pickups.capacity", p.Capacity, 1, 1<<20)
	k.IntRange("pickups.target", p.Target, 0, p.Capacity)
	k.IntRange("pickups.spawn_per_tick", p.SpawnPerTick, 0, 1<<16)
	k.Range("pickups.energy_min", p.EnergyMin, 0, 1e6)
	k.Range("pickups.energy_max", p.EnergyMax, p.EnergyMin, 1e6)
	k.Range("pickups.radius", p.Radius, 0.1, 1e4)
	k.Range("pickups.drop_lifetime", p.DropLifetime, 0, 1e6)
	k.Range("arena.size", c.Arena.Size, float64(10*c.Car.Radius), 1e7)
	k.Range("arena.grid_cell", c.Arena.GridCell, c.Car.Radius, c.Arena.Size)
	for _, s := range []struct {
		name string
		s    *SkillConfig
	}{{"easy", &c.Bots.Easy}, {"normal", &c.Bots.Normal}, {"hard", &c.Bots.Hard}} {
		pre := "bots." + s.name + "."
		k.IntRange(pre+"reaction_ticks", s.s.ReactionTicks, 1, 1000)
		k.Range(pre+"aim_noise_deg", s.s.AimNoiseDeg, 0, 180)
		k.Range(pre+"perception", s.s.Perception, 0, 1e6)
		k.Range(pre+"attack_ratio", s.s.AttackRatio, 0, 100)
		k.Range(pre+"flee_ratio", s.s.FleeRatio, 0, 100)
		k.Range(pre+"orbit_radius", s.s.OrbitRadius, 0, 1e5)
		k.Range(pre+"wall_margin", s.s.WallMargin, 0, 1e5)
		k.Range(pre+"dodge_distance", s.s.DodgeDistance, 0, 1e5)
		k.IntRange(pre+"throw_cooldown_ticks", s.s.ThrowCooldownTicks, 0, 100000)
	}
	k.Range("collisions.restitution", c.Collisions.Restitution, 0, 1)
	k.Range("collisions.flail_restitution", c.Collisions.FlailRestitution, 0, 1)
	k.IntRange("collisions.iterations", c.Collisions.Iterations, 1, 16)
	return k.Err()
}

// Skill returns the skill level's config.
func (c *Config) Skill(s Skill) SkillConfig {
	switch s {
	case SkillEasy:
		return c.Bots.Easy
	case SkillHard:
		return c.Bots.Hard
	default:
		return c.Bots.Normal
	}
}

// Physics is Config converted to SI per-tick constants for one tick rate.
// Velocities are m/s and positions meters; the "per tick" divisors and
// impulses apply once per Step.
type Physics struct {
	// Rate is the tick rate (Hz) and Dt = 1/Rate.
	Rate, Dt float64
	// Exact is true in exact mode.
	Exact bool
	// Quirks are the section-12 switches.
	Quirks Quirks
	// CarDrag, FlailDrag, ThrownDrag and NodeDrag are per-tick divisors.
	CarDrag, FlailDrag, ThrownDrag, NodeDrag float64
	// CarAccel is the velocity (m/s) added per moving tick.
	CarAccel float64
	// K is the per-tick spring impulse factor: a link extended by x meters
	// changes velocity by K*x*Rate m/s.
	K float64
	// Rest is the link rest length (m).
	Rest float64
	// Nodes is the internal rope node count.
	Nodes int
	// AttractAccel (m/s per tick), ThrowBoost (m/s), ReattachDistance (m),
	// Restitution and MinRadius (m) are the throw/bounce parameters.
	AttractAccel, ThrowBoost, ReattachDistance, Restitution float64
	// CarRadius (m).
	CarRadius float64
	// Substeps, Compliance (m/N), inverse masses (1/kg) and the flail
	// mass law (FlailMass kg at MinRadius, exponent FlailMassExp) of
	// clean mode.
	Substeps                int
	Compliance              float64
	CarInvMass, NodeInvMass float64
	FlailMass, FlailMassExp float64
	// UnitsPerMeter and MinRadius/MaxEnergy feed FlailRadius.
	UnitsPerMeter, MinRadius, MaxEnergy float64
}

// Physics converts the tuning for a pipeline running at rate Hz. At the
// reference rate every constant is the reference game's, unchanged; at another rate
// drags become Drag^(ref/rate), the car's added speed keeps the terminal
// speed in m/s, K scales by (ref/rate)^2 (same spring frequency) and the
// attraction keeps its acceleration in m/s^2. A non-finite or non-positive
// rate is replaced by the reference rate.
func (c Config) Physics(rate float64) Physics {
	ref := c.ReferenceRate
	if !(rate > 0) || math.IsInf(rate, 0) {
		rate = ref
	}
	upm := c.UnitsPerMeter
	s := ref / rate
	scaleDrag := func(d float64) float64 {
		if rate == ref {
			return d
		}
		return detmath.Pow(d, s)
	}
	p := Physics{Rate: rate, Dt: 1 / rate, Exact: c.Mode != ModeClean, Quirks: c.Quirks}
	p.CarDrag = scaleDrag(c.Car.Drag)
	p.FlailDrag = scaleDrag(c.Flail.Drag)
	p.ThrownDrag = scaleDrag(c.Flail.ThrownDrag)
	p.NodeDrag = scaleDrag(c.Rope.NodeDrag)
	accel := c.Car.Accel // u/tick at this rate, keeping terminal u/s
	k := c.Rope.K
	attract := c.Flail.AttractAccel
	if rate != ref {
		accel = float64(c.Car.Accel * (p.CarDrag - 1) / (c.Car.Drag - 1) * s)
		k = float64(c.Rope.K * s * s)
		attract = float64(c.Flail.AttractAccel * s * s)
	}
	p.CarAccel = accel * rate / upm
	p.K = k
	p.AttractAccel = attract * rate / upm
	p.ThrowBoost = c.Flail.ThrowBoost * ref / upm
	p.Rest = c.Rope.RestLength / upm
	p.Nodes = c.Rope.Segments - 2
	p.ReattachDistance = c.Flail.ReattachDistance / upm
	p.Restitution = c.Flail.Restitution
	p.CarRadius = c.Car.Radius / upm
	p.Substeps = c.Clean.Substeps
	p.Compliance = c.Clean.Compliance
	p.CarInvMass = 1 / c.Clean.CarMass
	p.NodeInvMass = 1 / c.Clean.NodeMass
	p.FlailMass = c.Clean.FlailMass
	p.FlailMassExp = c.Clean.FlailMassExponent
	p.UnitsPerMeter = upm
	p.MinRadius = c.Flail.MinRadius
	p.MaxEnergy = c.Rules.MaxEnergy
	return p
}

// String names the mode and rate, for logs.
func (p *Physics) String() string {
	mode := ModeClean
	if p.Exact {
		mode = ModeExact
	}
	return fmt.Sprintf("flail physics %s @ %g Hz", mode, p.Rate)
}
