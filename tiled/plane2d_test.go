package tiled_test

import (
	"testing"

	"github.com/seedgames/motorkit/components"
	"github.com/seedgames/motorkit/plane2d"
	"github.com/seedgames/motorkit/prefabs"
	"github.com/seedgames/motorkit/systems"
	"github.com/seedgames/motorkit/tiled"
	"github.com/yohamta/donburi"
)

// TestStickerKnightPlays loads Tiled's Sticker Knight example (made in
// Tiled by its author: tile objects on object layers, templates) with the
// rules its objects' properties suggest: bodyType "static" is solid,
// its "hero" object is the platformer hero, its "coin" objects are
// sensors. The hero (feet at 109, 979.5 px, above the ground whose top is
// at y = 991) lands, runs right jumping for 6 s, stays on the map, above
// the ground's top and inside the bounds, and passes at least one coin.
func TestStickerKnightPlays(t *testing.T) {
	m, err := tiled.Load("testdata/sticker-knight/sandbox.tmx")
	if err != nil {
		t.Fatal(err)
	}
	rules := plane2d.Rules{KindProperty: "bodyType", Kinds: map[string]plane2d.Kind{"static": plane2d.Solid},
		Recipes: map[string]string{"hero": "platformer_hero"}, Sensors: []string{"coin"}}
	space := plane2d.Side(32)
	lv, err := m.Build2D(space, rules)
	if err != nil {
		t.Fatal(err)
	}
	data, err := lv.Build()
	if err != nil {
		t.Fatal(err)
	}
	w := donburi.NewWorld()
	prefabs.SetLevelData(w, data)
	ents, err := lv.SpawnAll(w)
	if err != nil || len(ents) != 1 {
		t.Fatalf("spawned %d heroes: %v", len(ents), err)
	}
	hero := w.Entry(ents[0])
	coins := 0
	systems.Events.Subscribe(w, func(_ donburi.World, e systems.Event) {
		if e.Kind == systems.EventEnteredSensor {
			coins++
		}
	})
	p := systems.NewPipeline(w, systems.Options{TickRate: 60, Events: true})
	landed := false
	for tick := 0; tick < 360; tick++ {
		cmd := components.Command.Get(hero)
		cmd.Strafe = 1
		cmd.JumpPressed = tick%40 == 10
		cmd.JumpHeld = tick%40 >= 10 && tick%40 < 25
		p.Step()
		landed = landed || components.KCC.Get(hero).Grounded
		x, y := space.Position(hero)
		if x < 32 || x > 2496 || y > 991 {
			t.Fatalf("tick %d: the hero's centre is at (%.1f, %.1f) px: off the map or under the ground", tick, x, y)
		}
	}
	if !landed || coins == 0 {
		t.Fatalf("landed %v, coins %d: the run did not play", landed, coins)
	}
	x, _ := space.Position(hero)
	t.Logf("ran to x = %.0f px, %d coins", x, coins)
}
