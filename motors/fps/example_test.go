package fps_test

import (
	"fmt"

	"github.com/seedgames/motorkit/motors/fps"
)

// Parse a user tuning file on top of the defaults and read the derived
// values the pipeline uses.
func ExampleParse() {
	cfg, err := fps.Parse([]byte("jump_height = 1.2\ngravity = 20\njump_buffer = 0.1\n"), "mine.toml")
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
