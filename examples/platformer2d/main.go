// Command platformer2d is a 2D game's motorkit without a window: LDtk's
// own platformer sample loaded as a side view (16 px tiles, a metre
// each), the platformer hero (Celeste's movement) spawned at the
// sample's Player, donburi's transform kept in pixels, landings counted
// from the character events, and 300 ticks of running right and jumping.
//
//	go run ./examples/platformer2d
package main

import (
	"fmt"
	"io"
	"log"
	"os"

	"github.com/seedgames/motorkit/components"
	"github.com/seedgames/motorkit/ldtk"
	"github.com/seedgames/motorkit/plane2d"
	"github.com/seedgames/motorkit/prefabs"
	"github.com/seedgames/motorkit/systems"
	"github.com/yohamta/donburi"
	"github.com/yohamta/donburi/features/transform"
)

func main() {
	if err := run(os.Stdout, "ldtk/testdata/Typical_2D_platformer_example.ldtk"); err != nil {
		log.Fatal(err)
	}
}

func run(out io.Writer, path string) error {
	project, err := ldtk.Load(path)
	if err != nil {
		return err
	}
	// The sample's IntGrid values are dirt, stone and ladder; its Player
	// entity is where the hero starts.
	rules := plane2d.Rules{
		Kinds:   map[string]plane2d.Kind{"dirt": plane2d.Solid, "stone": plane2d.Solid, "ladder": plane2d.Ladder},
		Recipes: map[string]string{"Player": "platformer_hero"},
	}
	space := plane2d.Side(16)
	level, err := project.Levels[0].Build2D(space, rules, project.Source)
	if err != nil {
		return err
	}
	data, err := level.Build()
	if err != nil {
		return err
	}
	w := donburi.NewWorld()
	prefabs.SetLevelData(w, data)
	heroes, err := level.SpawnAll(w)
	if err != nil {
		return err
	}
	hero := w.Entry(heroes[0])
	hero.AddComponent(transform.Transform) // the pipeline keeps it in pixels
	landings := 0
	systems.Events.Subscribe(w, func(_ donburi.World, e systems.Event) {
		if e.Kind == systems.EventLanded {
			landings++
		}
	})
	p := systems.NewPipeline(w, systems.Options{TickRate: 60, Events: true})
	if err := space.Install(p); err != nil {
		return err
	}
	x0, _ := space.Position(hero) // the transform is written from the first tick on
	for tick := 0; tick < 300; tick++ {
		jump := tick%60 >= 10 && tick%60 < 25 // hold jump for a quarter second, once a second
		systems.Submit(hero, components.CommandData{Strafe: 1, JumpHeld: jump, JumpPressed: tick%60 == 10})
		p.Step()
	}
	at := transform.WorldPosition(hero)
	fmt.Fprintf(out, "after 300 ticks: hero at (%.0f, %.0f) px, %.0f px right of its start, %d landings, grounded %t\n",
		at.X, at.Y, at.X-x0, landings, components.KCC.Get(hero).Grounded)
	return nil
}
