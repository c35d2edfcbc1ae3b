// Command minimal is the smallest motorkit program: a donburi world with the
// "flat" level, one capsule character walking forward for 300 fixed ticks
// (5 s at 60 Hz), and where it went. No window, no cgo.
//
//	go run ./examples/minimal
package main

import (
	"fmt"
	"io"
	"log"
	"os"

	"github.com/seedgames/motorkit/components"
	"github.com/seedgames/motorkit/prefabs"
	"github.com/seedgames/motorkit/systems"
	"github.com/yohamta/donburi"
)

func main() {
	if err := run(os.Stdout); err != nil {
		log.Fatal(err)
	}
}

func run(out io.Writer) error {
	w := donburi.NewWorld()
	if _, err := prefabs.SpawnLevel(w, "flat"); err != nil {
		return err
	}
	player, err := prefabs.Spawn(w, "capsule_walker") // the basic motor: 5 m/s
	if err != nil {
		return err
	}
	p := systems.NewPipeline(w, systems.Options{TickRate: 60})
	for tick := 0; tick < 300; tick++ {
		cmd := components.CommandData{Forward: 1}
		if tick >= 150 {
			cmd = components.CommandData{Strafe: 1} // turn right half way
		}
		cmd.JumpPressed = tick == 60
		cmd.JumpHeld = tick >= 60 && tick < 70
		systems.Submit(w.Entry(player), cmd)
		p.Step()
	}
	e := w.Entry(player)
	body, k := components.Body.Get(e), components.KCC.Get(e)
	fmt.Fprintf(out, "after %d ticks: position (%.2f, %.2f, %.2f) m, speed %.2f m/s, grounded %v, jumps %d\n",
		p.Ticks(), body.Position[0], body.Position[1], body.Position[2], body.Velocity.Len(), k.Grounded,
		components.JumpBuffer.Get(e).Consumes)
	return nil
}
