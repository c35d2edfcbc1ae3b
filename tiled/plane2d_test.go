package tiled_test

import (
	"strings"
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

// liftMap is a Tiled map (as Tiled 1.10 writes one) with a moving
// platform: a "lift" object whose path property refers to a polyline.
const liftMap = `<?xml version="1.0" encoding="UTF-8"?>
<map version="1.10" orientation="orthogonal" renderorder="right-down" width="20" height="10" tilewidth="16" tileheight="16" infinite="0">
 <objectgroup id="1" name="things">
  <object id="1" class="lift" x="32" y="96" width="48" height="16">
   <properties>
    <property name="path" type="object" value="2"/>
    <property name="speed" type="float" value="40"/>
    <property name="one_way" type="bool" value="true"/>
   </properties>
  </object>
  <object id="2" x="56" y="104">
   <polyline points="0,0 0,-64 96,-64"/>
  </object>
  <object id="3" class="lift" x="0" y="0" width="16" height="16">
   <properties>
    <property name="path" type="object" value="2"/>
    <property name="loop" type="int" value="1"/>
   </properties>
  </object>
 </objectgroup>
</map>`

// TestMovingPlatformObject: the lift starts at its rectangle's centre
// (56, 104) and follows the polyline's points, at 40 px/s, one-way; a
// platform whose loop property is not a bool is refused, naming it.
func TestMovingPlatformObject(t *testing.T) {
	m, err := tiled.Parse([]byte(strings.Replace(liftMap, `class="lift" x="0"`, `class="other" x="0"`, 1)), "lift.tmx", nil)
	if err != nil {
		t.Fatal(err)
	}
	lv, err := m.Build2D(plane2d.Side(16), plane2d.Rules{Platforms: []string{"lift"}})
	if err != nil {
		t.Fatal(err)
	}
	if len(lv.Platforms) != 1 {
		t.Fatalf("%d platforms", len(lv.Platforms))
	}
	p := lv.Platforms[0]
	want := [][2]float64{{56, 104}, {56, 104}, {56, 40}, {152, 40}}
	if p.Speed != 40 || p.Rect.Kind != plane2d.OneWay || len(p.Path) != len(want) {
		t.Fatalf("platform %+v", p)
	}
	for i := range want {
		if p.Path[i] != want[i] {
			t.Fatalf("path %v, want %v", p.Path, want)
		}
	}
	if _, err := lv.Build(); err != nil {
		t.Fatal(err)
	}
	m, err = tiled.Parse([]byte(liftMap), "lift.tmx", nil)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := m.Build2D(plane2d.Side(16), plane2d.Rules{Platforms: []string{"lift"}}); err == nil || !strings.Contains(err.Error(), "object 3") || !strings.Contains(err.Error(), "loop") {
		t.Fatalf("a loop property of type int: %v", err)
	}
}
