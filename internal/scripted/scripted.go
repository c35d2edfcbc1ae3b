// Package scripted is a scene of characters of every recipe on a level,
// played by scripted inputs (walk, turn, jump, crouch, sprint, dash) with
// characters spawned and removed as it goes: what the pipeline-state tests,
// their fuzz test, the rollback benchmarks and tools/synctest run. Every
// input and every spawn or removal is a function of the tick and of the
// world's state (entity IDs), never of state kept outside the world, so a
// rollback that restores the world replays the same script.
package scripted

import (
	"fmt"
	"slices"

	"github.com/go-gl/mathgl/mgl64"
	"github.com/seedgames/motorkit/components"
	"github.com/seedgames/motorkit/detmath"
	"github.com/seedgames/motorkit/motors"
	"github.com/seedgames/motorkit/prefabs"
	"github.com/seedgames/motorkit/systems"
	"github.com/yohamta/donburi"
	"github.com/yohamta/donburi/filter"
)

// Recipes are the built-in character recipes the scene spawns, in turn.
var Recipes = []string{"capsule_walker", "arena_player", "rpg_player", "hybrid_player", "fps_player"}

// Options configure a Scene.
type Options struct {
	// Level is the built-in level's name ("living", "playground", ...).
	Level string
	// Characters is how many characters are spawned before the first
	// tick (default 16).
	Characters int
	// Recipes restricts the recipes spawned (default: Recipes).
	Recipes []string
	// Churn spawns and removes characters while the scene plays: every
	// 97 ticks the character of the lowest ID goes at tick 40 and a new
	// one comes at tick 70 (default on; NoChurn turns it off).
	NoChurn bool
	// NoScript leaves the inputs to the caller (a rollback session or
	// SyncTest submits them): the scene's input system is not added.
	NoScript bool
	// Pipeline are the pipeline's options (TickRate default 60).
	Pipeline systems.Options
}

// Scene is a world, its pipeline and the script that plays it.
type Scene struct {
	World    donburi.World
	Pipeline *systems.Pipeline
	opts     Options
	query    *donburi.Query
	spawned  int
}

// New builds the scene: the level, the characters and the pipeline with
// its input system and the prefabs library as its Spawner.
func New(o Options) (*Scene, error) { return build(o, false) }

func build(o Options, empty bool) (*Scene, error) {
	if o.Characters == 0 {
		o.Characters = 16
	}
	if len(o.Recipes) == 0 {
		o.Recipes = Recipes
	}
	if o.Pipeline.TickRate == 0 {
		o.Pipeline.TickRate = 60
	}
	s := &Scene{World: donburi.NewWorld(), opts: o}
	lv, err := prefabs.LoadLiving(o.Level)
	if err != nil {
		return nil, err
	}
	prefabs.SetLevelData(s.World, lv)
	s.Pipeline = systems.NewPipeline(s.World, o.Pipeline)
	s.Pipeline.SetSpawner(prefabs.Respawn)
	for i := 0; i < o.Characters && !empty; i++ {
		if _, err := s.spawn(); err != nil {
			return nil, err
		}
	}
	s.query = donburi.NewQuery(filter.Contains(components.Command, components.View, components.Body))
	if !o.NoScript {
		if err := s.Pipeline.AddBefore(systems.StageIntent, "scripted.input", s.input); err != nil {
			return nil, err
		}
	}
	return s, nil
}

// NewEmpty builds the scene's level and pipeline without characters: a
// pipeline a saved state of a Scene with the same options loads into (a
// client joining).
func NewEmpty(o Options) (*Scene, error) { return build(o, true) }

// spawn spawns the next character: recipe and place by the count of
// spawns so far (which the world holds: see Advance).
func (s *Scene) spawn() (donburi.Entity, error) {
	i := s.spawned
	s.spawned++
	pos := mgl64.Vec3{float64(i%5)*2 - 4, 2, float64((i/5)%4)*2 - 4}
	ent, err := prefabs.Spawn(s.World, s.opts.Recipes[i%len(s.opts.Recipes)], prefabs.At(pos), prefabs.Facing(float64(i)*0.7))
	if err != nil {
		return donburi.Null, fmt.Errorf("scripted: spawning character %d: %w", i, err)
	}
	return ent, nil
}

// input is the scene's input system: each character's command and view
// are the script's (Command) for the tick and its stable ID.
func (s *Scene) input(w donburi.World, tk systems.Tick) {
	s.query.Each(w, func(e *donburi.Entry) {
		cmd, view := Command(tk.N, int(components.ID.GetValue(e)))
		systems.Submit(e, cmd)
		*components.View.Get(e) = view
	})
}

// Advance plays one tick: this tick's removal or spawn, then the
// pipeline's Step. The spawn count is the world's: the highest character
// count so far is not kept outside the world, so it is derived from the
// tick (how many churn spawns happened before it).
func (s *Scene) Advance() error {
	if err := s.churn(); err != nil {
		return err
	}
	s.Pipeline.Step()
	return nil
}

// churn removes or spawns the tick's character, if any: the one of the
// lowest stable ID goes at tick 40 mod 97, a new one comes at 70 mod 97.
func (s *Scene) churn() error {
	if s.opts.NoChurn {
		return nil
	}
	t := s.Pipeline.Ticks()
	s.spawned = s.opts.Characters + int((t+26)/97)
	switch t % 97 {
	case 40:
		if ids := s.IDs(nil); len(ids) > 0 {
			e, _ := s.Pipeline.Character(ids[0])
			s.World.Remove(e.Entity())
		}
	case 70:
		if _, err := s.spawn(); err != nil {
			return err
		}
	}
	return nil
}

// IDs appends the characters' stable IDs, in increasing order, to dst.
func (s *Scene) IDs(dst []components.StableID) []components.StableID {
	start := len(dst)
	s.query.Each(s.World, func(e *donburi.Entry) { dst = append(dst, components.ID.GetValue(e)) })
	slices.Sort(dst[start:])
	return dst
}

// Command is the script's command and view for character i at tick: the
// scene's own input system gives it to the character of stable ID i, a
// Sim's inputs (Inputs) to the i-th character in stable ID order.
func Command(tick uint64, i int) (motors.Command, motors.View) {
	n := float64(tick) + float64(i*13)
	c := int(tick) + i
	return motors.Command{
		Forward: detmath.Cos(float64(n * 0.021)), Strafe: float64(detmath.Sin(float64(n*0.037)) * 0.8),
		JumpPressed: c%53 == 0, JumpHeld: c%53 < 10,
		Sprint: (c/90)%2 == 0, Crouch: (c/130)%4 == 3, Walk: (c/70)%5 == 4,
		DashPressed: c%71 == 5,
	}, motors.View{Yaw: float64(float64(i)*0.7) + float64(0.8*detmath.Sin(float64(n*0.013)))}
}
