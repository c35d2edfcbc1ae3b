// Package game is the platformer demo without its window: the LDtk
// level, the world, the pipeline, the hero, its respawns and goals.
package game

import (
	_ "embed"
	"fmt"

	"github.com/seedgames/motorkit/components"
	"github.com/seedgames/motorkit/ldtk"
	"github.com/seedgames/motorkit/motors/platformer"
	"github.com/seedgames/motorkit/plane2d"
	"github.com/seedgames/motorkit/prefabs"
	"github.com/seedgames/motorkit/systems"
	"github.com/yohamta/donburi"
	"github.com/yohamta/donburi/features/transform"
)

// The level, an LDtk project (levelgen_test.go writes it).
//
//go:embed level/platformer.ldtk
var levelFile []byte

// tile is the level's grid (px); a tile is a metre.
const tile = 16

// sideRules say what the project's IntGrid values and entities are in
// the side view, topRules in the top view (where water is a pond the
// hero walks around).
var (
	sideRules = plane2d.Rules{
		Kinds:     map[string]plane2d.Kind{"spikes": plane2d.Sensor, "goal": plane2d.Sensor},
		Recipes:   map[string]string{"Hero": "platformer_hero"},
		Platforms: []string{"MovingPlatform"},
	}
	topRules = plane2d.Rules{
		Kinds:   map[string]plane2d.Kind{"spikes": plane2d.Sensor, "goal": plane2d.Sensor, "water": plane2d.Solid},
		Recipes: map[string]string{"TopHero": "topdown_hero"},
	}
)

// TopDown is the name of the project's top-down level.
const TopDown = "TopDown"

// Sim is the game without a window: the level, the world, the pipeline
// and the hero, its respawns and its goals.
type Sim struct {
	Space    plane2d.Space
	Level    *plane2d.Level
	Data     components.LevelData
	W        donburi.World
	P        *systems.Pipeline
	Hero     donburi.Entity
	SpawnX   float64 // the hero's start (px, its centre)
	SpawnY   float64
	X0, Y0   float64 // the level's top-left corner in the world (px)
	Width    float64 // the level's size (px)
	Height   float64
	Deaths   int
	Goals    int
	GoalTick uint64
}

// The project's levels for online games (netplay.GameOptions.Level):
// every peer builds them alike from the embedded project.
const (
	OnlineSide    = "platformer-side"
	OnlineTopDown = "platformer-topdown"
)

func init() {
	for _, l := range [][2]string{{OnlineSide, "Side"}, {OnlineTopDown, TopDown}} {
		level := l[1]
		prefabs.RegisterLevel(l[0], func() (components.LevelData, error) {
			lv, _, err := buildLevel(level)
			if err != nil {
				return components.LevelData{}, err
			}
			return lv.Build()
		})
	}
}

// buildLevel reads the project's level name as a 2D level.
func buildLevel(name string) (*plane2d.Level, *ldtk.Level, error) {
	proj, err := ldtk.Parse(levelFile, "platformer.ldtk", nil)
	if err != nil {
		return nil, nil, err
	}
	space, rules := plane2d.Side(tile), sideRules
	if name == TopDown {
		space, rules = plane2d.Top(tile), topRules
	}
	for i := range proj.Levels {
		if l := &proj.Levels[i]; l.Name == name {
			lv, err := l.Build2D(space, rules, proj.Source)
			return lv, l, err
		}
	}
	return nil, nil, fmt.Errorf("platformer.ldtk has no level %q", name)
}

// New loads the project's level name into a new world.
func New(name string) (*Sim, error) {
	lv, lvl, err := buildLevel(name)
	if err != nil {
		return nil, err
	}
	s := &Sim{Space: lv.Space, Level: lv}
	s.Width, s.Height = float64(lvl.Width), float64(lvl.Height)
	s.X0, s.Y0 = float64(lvl.WorldX), float64(lvl.WorldY)
	if s.Data, err = s.Level.Build(); err != nil {
		return nil, err
	}
	s.W = donburi.NewWorld()
	prefabs.SetLevelData(s.W, s.Data)
	ents, err := s.Level.SpawnAll(s.W)
	if err != nil {
		return nil, err
	}
	if len(ents) != 1 {
		return nil, fmt.Errorf("the level has %d heroes, want 1", len(ents))
	}
	s.Hero = ents[0]
	hero := s.W.Entry(s.Hero)
	hero.AddComponent(transform.Transform)
	s.SpawnX, s.SpawnY = s.Space.Position(hero)
	s.P = systems.NewPipeline(s.W, systems.Options{TickRate: 60, Events: true})
	if err := s.Space.Install(s.P); err != nil {
		return nil, err
	}
	systems.Events.Subscribe(s.W, s.onEvent)
	return s, nil
}

// Attach makes a Sim of another's world, an online client's: the
// project's level name for drawing, the world's own level and
// characters. Its P is nil; the caller sets Hero (its seat's character)
// every frame.
func Attach(w donburi.World, name string) (*Sim, error) {
	lv, lvl, err := buildLevel(name)
	if err != nil {
		return nil, err
	}
	s := &Sim{Space: lv.Space, Level: lv, W: w, Hero: donburi.Null}
	s.Width, s.Height = float64(lvl.Width), float64(lvl.Height)
	s.X0, s.Y0 = float64(lvl.WorldX), float64(lvl.WorldY)
	if e, ok := components.Level.First(w); ok {
		s.Data = *components.Level.Get(e)
	}
	return s, nil
}

// LevelOf returns the project's level an online game plays: "Side" or
// TopDown for OnlineSide and OnlineTopDown.
func LevelOf(online string) (string, bool) {
	switch online {
	case OnlineSide:
		return "Side", true
	case OnlineTopDown:
		return TopDown, true
	}
	return "", false
}

// onEvent respawns the hero on spikes and counts the goal.
func (s *Sim) onEvent(_ donburi.World, e systems.Event) {
	if e.Kind != systems.EventEnteredSensor {
		return
	}
	for name, id := range s.Data.SensorNames {
		if id != e.Collider {
			continue
		}
		switch {
		case len(name) >= 6 && name[:6] == "spikes":
			s.Respawn()
		case name == "goal":
			s.Goals++
			s.GoalTick = s.P.Ticks()
		}
	}
}

// Respawn puts the hero back at its start, standing still.
func (s *Sim) Respawn() {
	hero := s.W.Entry(s.Hero)
	s.Space.SetPosition(hero, s.SpawnX, s.SpawnY)
	s.Space.SetVelocity(hero, 0, 0)
	s.Deaths++
}

// Step runs one tick with the command; a hero fallen below the level
// respawns.
func (s *Sim) Step(cmd components.CommandData) {
	hero := s.W.Entry(s.Hero)
	systems.Submit(hero, cmd)
	s.P.Step()
	if _, y := s.Space.Position(hero); s.Space.Plane == components.PlaneSide && y > s.Y0+s.Height+4*tile {
		s.Respawn()
	}
}

// Motor is the hero's platformer motor (nil in the top view, or with no
// hero).
func (s *Sim) Motor() *platformer.Motor {
	if !s.W.Valid(s.Hero) {
		return nil
	}
	m, _ := components.Motor.Get(s.W.Entry(s.Hero)).Motor.(*platformer.Motor)
	return m
}

// Autopilot is the scripted input of the demo's -frames runs for a
// frame: run right, jump over the block and the hill, dash up now and
// then, run on. (x, y are the axes, y up; jump and dash the buttons
// held.)
func Autopilot(frame int) (x, y float64, jump, dash bool) {
	x = 1
	jump = frame%60 >= 20 && frame%60 < 34
	dash = frame%120 == 70
	if dash {
		y = 1
	}
	return x, y, jump, dash
}

// AutopilotTop is the scripted input of the top view's -frames runs: a
// square walked clockwise, a side a second, a dash at each corner.
func AutopilotTop(frame int) (x, y float64, dash bool) {
	switch frame / 60 % 4 {
	case 0:
		x = 1
	case 1:
		y = -1
	case 2:
		x = -1
	default:
		y = 1
	}
	return x, y, frame%60 == 30
}
