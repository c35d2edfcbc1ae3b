package ldtk_test

import (
	"fmt"

	"github.com/seedgames/motorkit/ldtk"
)

// A game reads an LDtk project: for each level, the solid cells of its
// IntGrid layer as a few rectangles (the level's colliders) and where its
// player starts.
func ExampleLoad() {
	p, err := ldtk.Load("testdata/Typical_2D_platformer_example.ldtk")
	if err != nil {
		panic(err)
	}
	lv, _ := p.Level("Your_typical_2D_platformer")
	col, _ := lv.Layer("Collisions")
	dirt, _ := col.Value("dirt")
	stone, _ := col.Value("stone")
	walls := col.Rects(dirt, stone)
	fmt.Printf("%s: %d x %d px, %d wall rectangles, the first %+v\n", lv.Name, lv.Width, lv.Height, len(walls), walls[0])
	ents, _ := lv.Layer("Entities")
	for _, e := range ents.Entities {
		if e.Name == "Player" {
			items, _ := e.Field("items")
			fmt.Printf("player's feet at (%d, %d) px, carrying %v\n", e.X, e.Y, items.Value)
		}
	}
	// Output:
	// Your_typical_2D_platformer: 848 x 336 px, 30 wall rectangles, the first {MinX:144 MinY:0 MaxX:704 MaxY:32}
	// player's feet at (184, 208) px, carrying [Knife Boots]
}
