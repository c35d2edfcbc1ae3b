package wire_test

import (
	"fmt"

	"github.com/seedgames/motorkit/demo/flail/wire"
)

// A client's input on the wire and back, in the default frame and in the
// reference game's (where the server reads the angle minus pi/2).
func Example() {
	in := wire.Input{Tick: 1, Aim: 0, Throttle: 1, Buttons: wire.ButtonHeld}
	b := wire.AppendInput(nil, &in, wire.Frame{})
	var got wire.Input
	if err := wire.DecodeInput(b, &got, wire.Frame{}); err != nil {
		panic(err)
	}
	fmt.Println(len(b), got.Tick, got.Throttle, got.Buttons)
	seed := wire.SeedFrame(100)
	fmt.Printf("%.0f m -> %.0f on the seed wire\n", 2.0, seed.Pos(2))
	// Output:
	// 11 1 1 2
	// 2 m -> 20 on the seed wire
}
