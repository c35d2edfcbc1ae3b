package fps_test

import (
	"fmt"

	"github.com/go-gl/mathgl/mgl64"
	"github.com/seedgames/motorkit/components"
	"github.com/seedgames/motorkit/input"
	"github.com/seedgames/motorkit/motors"
	"github.com/seedgames/motorkit/motors/fps"
	"github.com/seedgames/motorkit/prefabs"
	"github.com/seedgames/motorkit/systems"
	"github.com/yohamta/donburi"
)

// Parse a user tuning file on top of the defaults and read the derived
// values the pipeline uses.
func ExampleParse() {
	cfg, err := fps.Parse([]byte("jump_height = 1.2\ngravity = 20\njump_buffer_time = 0.1\n"), "mine.toml")
	if err != nil {
		fmt.Println(err)
		return
	}
	r := cfg.JumpRules(60)
	fmt.Printf("jump speed %.3f m/s, buffer %d ticks, coyote %d ticks at 60 Hz\n", cfg.JumpSpeed(), r.BufferTicks, r.CoyoteTicks)
	_, err = fps.Parse([]byte("air_control = 2\n"), "bad.toml")
	fmt.Println(err)
	// Output:
	// jump speed 6.928 m/s, buffer 6 ticks, coyote 8 ticks at 60 Hz
	// bad.toml: key "air_control": value 2 out of range [0, 1]
}

// A motor per entity; the prefab library calls New with the decoded [motor]
// section of a recipe.
func ExampleNew() {
	m, err := fps.New(fps.DefaultConfig())
	if err != nil {
		fmt.Println(err)
		return
	}
	g, jump, fall := m.Vertical()
	fmt.Printf("%s: gravity %.0f, jump %.4f, max fall %.1f\n", m.Kind(), g, jump, fall)
	// Output:
	// fps: gravity 24, jump 7.4297, max fall 42.5
}

// A whole game loop around the FPS player: spawn the prefab on a level,
// install the FPS systems, and every render frame turn key events into a
// command (input.Adapter), submit it, and advance the fixed-step runner.
func Example_gameLoop() {
	w := donburi.NewWorld()
	if _, err := prefabs.SpawnLevel(w, "flat"); err != nil {
		panic(err)
	}
	ent, err := prefabs.Spawn(w, "fps_player", prefabs.At(mgl64.Vec3{0, 0.91, 0}))
	if err != nil {
		panic(err)
	}
	p := systems.NewPipeline(w, systems.Options{TickRate: 60})
	cfg := fps.DefaultConfig()
	runner := systems.NewRunner(p, systems.RunnerOptions{MaxStepsPerFrame: 5, MaxFrameDt: cfg.RunnerMaxFrameDt()})

	var in input.Adapter // feed in.Event(...) from your key callbacks
	menuOpen, frameDt := false, 1.0/144
	in.Event(input.Forward, true, false)   // W goes down and stays down
	for frame := 0; frame < 144; frame++ { // 1 s at 144 FPS
		if frame == 72 {
			in.Event(input.Jump, true, false) // a tap on frame 72
			in.Event(input.Jump, false, false)
		}
		// every render frame:
		systems.Submit(w.Entry(ent), in.Update(input.Frame{UICaptured: menuOpen}))
		runner.Advance(frameDt)
	}
	player := w.Entry(ent)
	b := components.Body.Get(player)
	fmt.Printf("ticks %d, jumps %d, planar speed %.2f m/s\n",
		p.Ticks(), components.JumpBuffer.Get(player).Consumes, motors.Planar(b.Velocity).Len())
	// Output:
	// ticks 60, jumps 1, planar speed 3.50 m/s
}
