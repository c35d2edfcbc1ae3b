package input_test

import (
	"fmt"

	"github.com/seedgames/motorkit/input"
)

// A game loop feeds key events (from its windowing library's callbacks) and
// calls Update once per render frame; the result goes to systems.Submit.
func ExampleAdapter() {
	var ad input.Adapter
	ad.Event(input.Forward, true, false)
	ad.Event(input.Jump, true, false)
	c := ad.Update(input.Frame{})
	fmt.Println("frame 1:", c.Forward, c.JumpPressed, c.JumpHeld)

	ad.Event(input.Jump, true, true) // OS auto-repeat: ignored
	c = ad.Update(input.Frame{})
	fmt.Println("frame 2:", c.Forward, c.JumpPressed, c.JumpHeld)

	ad.Event(input.Jump, false, false)
	ad.Event(input.Jump, true, false) // a new press while a chat box has focus
	c = ad.Update(input.Frame{UICaptured: true})
	fmt.Println("frame 3:", c.Forward, c.JumpPressed, c.UICaptured)
	// Output:
	// frame 1: 1 true true
	// frame 2: 1 false true
	// frame 3: 1 false true
}
