package match

import (
	_ "embed"
	"fmt"
	"math"
	"os"
	"path/filepath"

	"github.com/go-gl/mathgl/mgl64"
	"github.com/seedgames/motorkit/components"
	"github.com/seedgames/motorkit/config"
	"github.com/seedgames/motorkit/flail"
	"github.com/seedgames/motorkit/prefabs"
	"github.com/seedgames/motorkit/systems"
	"github.com/yohamta/donburi"
)

// The flail game's recipe sections:
//
//	[flail]              a flail player (components Flail, Rope, FlailInput)
//	name = "player"      shown by front ends
//	energy = 0.0         start energy; 0 = the match's rules.start_energy
//
//	[flail_bot]          a bot brain (component FlailBot)
//	skill = "normal"     "easy" | "normal" | "hard"
//
// The car itself is the recipe's Body and KCC (plane = "top", no
// gravity; see flail/match/data/flail_player.toml). When the world has a flail
// match (Install or InstallArena) the player is set up with
// the match's tuning and an EventSpawn is emitted; otherwise with
// flail.DefaultConfig at 40 Hz.
//
//go:embed data/flail_player.toml
var playerRecipe []byte

//go:embed data/flail_bot.toml
var botRecipe []byte

func init() {
	prefabs.RegisterRecipe("flail_player", playerRecipe, "flail/match/data/flail_player.toml")
	prefabs.RegisterRecipe("flail_bot", botRecipe, "flail/match/data/flail_bot.toml")
	prefabs.RegisterSection("flail", prefabs.Section[flailSection]{
		Components: []donburi.IComponentType{Flail, Rope, FlailInput},
		Defaults:   func() flailSection { return flailSection{Name: "player"} },
		Check: func(s flailSection, source string) error {
			c := config.Checker{Source: source}
			c.Range("energy", s.Energy, 0, 1e9)
			c.Check(len(s.Name) <= 64, "name", "longer than 64 bytes")
			return c.Err()
		},
		Apply: applyFlailSection,
	})
	prefabs.RegisterSection("flail_bot", prefabs.Section[botSection]{
		Components: []donburi.IComponentType{FlailBot},
		Defaults:   func() botSection { return botSection{Skill: "normal"} },
		Check: func(s botSection, source string) error {
			c := config.Checker{Source: source}
			c.OneOf("skill", s.Skill, "easy", "normal", "hard")
			return c.Err()
		},
		Apply: applyBotSection,
	})
}

// flailSection is the [flail] table.
type flailSection struct {
	Name   string  `toml:"name"`
	Energy float64 `toml:"energy"`
}

// botSection is the [flail_bot] table.
type botSection struct {
	Skill string `toml:"skill"`
}

func applyFlailSection(e *donburi.Entry, s flailSection) error {
	rules := FlailMatchOf(e.World)
	cfg := flail.DefaultConfig()
	if rules != nil {
		cfg = rules.Cfg
	}
	body := components.Body.Get(e)
	pos := body.Position
	rope := flail.NewRope(cfg.Rope.Segments-2, pos)
	fd := FlailData{Name: s.Name}
	fd.ID = uint64(e.Entity())
	var car flail.Point
	if rules != nil {
		rules.Reset(&fd.Player, &car, &rope, pos)
	} else {
		ph := cfg.Physics(cfg.ReferenceRate)
		fd.Flail = flail.FlailState{Point: flail.Point{Pos: pos}, Radius: ph.FlailRadius(cfg.Rules.StartEnergy)}
		fd.Energy = cfg.Rules.StartEnergy
		fd.Alive = true
		fd.Protected = cfg.Rules.SpawnProtection
	}
	if s.Energy > 0 {
		ph := cfg.Physics(cfg.ReferenceRate)
		fd.Energy = ph.ClampEnergy(s.Energy)
		fd.Flail.Radius = ph.FlailRadius(fd.Energy)
	}
	body.Velocity = mgl64.Vec3{}
	fd.PrevFlail = pos
	fd.Publish(pos, &rope, false)
	Flail.SetValue(e, fd)
	prev := make([]mgl64.Vec3, len(rope.Nodes))
	for i := range prev {
		prev[i] = pos
	}
	Rope.SetValue(e, RopeData{Rope: rope, PrevNodes: prev})
	if rules != nil {
		rules.Events.Emit(flail.Event{Tick: rules.Tick, Kind: flail.EventSpawn, Victim: fd.ID, Energy: fd.Energy})
	}
	return nil
}

func applyBotSection(e *donburi.Entry, s botSection) error {
	skill, err := flail.ParseSkill(s.Skill)
	if err != nil {
		return err
	}
	var seed uint64
	if rules := FlailMatchOf(e.World); rules != nil {
		seed = rules.Seed
	}
	FlailBot.SetValue(e, FlailBotData{Bot: flail.NewBot(skill, flail.Derive(seed, uint64(e.Entity())))})
	return nil
}

// ArenaLevel is the default flail arena level name
// (prefabs/levels/flail_arena.toml).
const ArenaLevel = "flail_arena"

// ArenaFromLevel converts a level's boxes into the flail game's 2D arena
// of the given half size (m): every box that reaches the cars' plane
// (y = planeY within reach) becomes a flail.Box; floors and ceilings clear of
// the plane are skipped. Boxes may only be turned about Y (rot_deg = [0, yaw,
// 0]); ramps, stairs, meshes and heightfields are not part of a flail arena.
func ArenaFromLevel(spec *prefabs.LevelSpec, source string, half, planeY, reach float64) (*flail.Arena, error) {
	if len(spec.Ramps)+len(spec.Stairs)+len(spec.Meshes)+len(spec.Heightfields) > 0 {
		return nil, &config.Error{Source: source, Reason: "a flail arena holds only [[box]] entries"}
	}
	var boxes []flail.Box
	for i, b := range spec.Boxes {
		if b.RotDeg[0] != 0 || b.RotDeg[2] != 0 {
			return nil, &config.Error{Source: source, Key: fmt.Sprintf("box[%d].rot_deg", i),
				Reason: "flail arena boxes may only turn about Y: rot_deg = [0, yaw, 0]"}
		}
		if b.Center[1]-b.Half[1] > planeY+reach || b.Center[1]+b.Half[1] < planeY-reach {
			continue
		}
		boxes = append(boxes, flail.Box{Center: mgl64.Vec3{b.Center[0], 0, b.Center[2]},
			HalfX: b.Half[0], HalfZ: b.Half[2], Yaw: config.Deg2Rad(b.RotDeg[1])})
	}
	if !(half > 0) || math.IsInf(half, 0) {
		return nil, &config.Error{Source: source, Reason: "arena half size must be positive"}
	}
	return flail.NewArena(half, boxes, false, 1), nil
}

// InstallArena sets the embedded level (ArenaLevel when level is
// "") as the world's kcc Level, builds the matching flail.Arena from the same
// boxes and installs the flail match on p (opts.Arena is replaced). The cars
// collide with the level through the KCC stage; the flail bounces off the
// same boxes.
func InstallArena(p *systems.Pipeline, level string, opts Options) (*Game, error) {
	if level == "" {
		level = ArenaLevel
	}
	data, source, err := prefabs.LevelText(level)
	if err != nil {
		return nil, err
	}
	return InstallArenaTOML(p, data, source, level, opts)
}

// InstallArenaFile is InstallArena with a user level file (the
// same [[box]] format; errors name the file).
func InstallArenaFile(p *systems.Pipeline, path string, opts Options) (*Game, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	return InstallArenaTOML(p, data, filepath.Base(path), filepath.Base(path), opts)
}

// InstallArenaTOML is InstallArena on level text already read;
// source names it in errors and name is stored in the Level resource.
func InstallArenaTOML(p *systems.Pipeline, data []byte, source, name string, opts Options) (*Game, error) {
	var spec prefabs.LevelSpec
	if err := config.Decode(data, source, &spec); err != nil {
		return nil, err
	}
	return InstallArenaSpec(p, &spec, source, name, opts)
}

// InstallArenaSpec is InstallArena on a level built in code (a level file's
// [[box]] entries as a prefabs.LevelSpec); source names it in errors and
// name is stored in the Level resource.
func InstallArenaSpec(p *systems.Pipeline, spec *prefabs.LevelSpec, source, name string, opts Options) (*Game, error) {
	kw, err := spec.Build(source)
	if err != nil {
		return nil, err
	}
	cfg := opts.Config
	if cfg.Mode == "" {
		cfg = flail.DefaultConfig()
	}
	if err := cfg.Validate("match.InstallArena"); err != nil {
		return nil, err
	}
	half := cfg.Arena.Size / cfg.UnitsPerMeter / 2
	arena, err := ArenaFromLevel(spec, source, half, 0, cfg.Car.Radius/cfg.UnitsPerMeter)
	if err != nil {
		return nil, err
	}
	prefabs.SetLevel(p.World(), kw, name)
	opts.Config, opts.Arena = cfg, arena
	return Install(p, opts)
}

// Spawn spawns a flail recipe ("flail_player", "flail_bot" or a user
// recipe with a [flail] section) at a free random spawn point of the world's
// match (or at the recipe's position when no match is installed). Call it
// outside a tick or from a function queued with Pipeline.Defer.
func Spawn(w donburi.World, recipe string, opts ...prefabs.Option) (donburi.Entity, error) {
	if rules := FlailMatchOf(w); rules != nil {
		pt := rules.SpawnPoint()
		opts = append([]prefabs.Option{prefabs.At(pt)}, opts...)
	}
	return prefabs.Spawn(w, recipe, opts...)
}
