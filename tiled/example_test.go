package tiled_test

import (
	"fmt"

	"github.com/seedgames/motorkit/tiled"
)

// A game reads a Tiled map: its static bodies (objects with the property
// bodyType = static) and where its hero stands.
func ExampleLoad() {
	m, err := tiled.Load("testdata/sticker-knight/sandbox.tmx")
	if err != nil {
		panic(err)
	}
	bounds, _ := m.Layer("bounds")
	for _, o := range bounds.Objects {
		if p, ok := o.Property("bodyType"); ok && p.Value == "static" {
			fmt.Printf("static box at (%g, %g), %g x %g px\n", o.X, o.Y, o.Width, o.Height)
		}
	}
	game, _ := m.Layer("game")
	for _, o := range game.Objects {
		if o.Class == "hero" {
			fmt.Printf("hero's feet at (%g, %g) px\n", o.X+o.Width/2, o.Y) // a tile object's (x, y) is its bottom-left corner
		}
	}
	// Output:
	// static box at (2496, 0), 32 x 992 px
	// static box at (0, 0), 32 x 992 px
	// hero's feet at (109, 979.5) px
}
