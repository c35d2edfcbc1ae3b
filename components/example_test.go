package components_test

import (
	"fmt"

	"github.com/go-gl/mathgl/mgl64"
	"github.com/seedgames/motorkit/components"
	"github.com/seedgames/motorkit/prefabs"
	"github.com/seedgames/motorkit/systems"
	"github.com/yohamta/donburi"
)

// A character's components read with donburi's accessors after a second
// of walking.
func Example() {
	w := donburi.NewWorld()
	if _, err := prefabs.SpawnLevel(w, "flat"); err != nil {
		panic(err)
	}
	player, err := prefabs.Spawn(w, "capsule_walker", prefabs.At(mgl64.Vec3{0, 0.91, 0}))
	if err != nil {
		panic(err)
	}
	p := systems.NewPipeline(w, systems.Options{TickRate: 60})
	for i := 0; i < 60; i++ {
		systems.Submit(w.Entry(player), components.CommandData{Forward: 1})
		p.Step()
	}
	e := w.Entry(player)
	body := components.Body.Get(e)
	k := components.KCC.Get(e)
	fmt.Printf("x %.2f m, %.1f m/s, grounded %v\n", body.Position.X(), body.Velocity.Len(), k.Grounded)
	// Output: x 4.67 m, 5.0 m/s, grounded true
}
