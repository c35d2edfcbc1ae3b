package plane2d_test

import (
	"math"
	"testing"

	"github.com/seedgames/motorkit/components"
	"github.com/seedgames/motorkit/plane2d"
	"github.com/seedgames/motorkit/prefabs"
	"github.com/seedgames/motorkit/systems"
	"github.com/yohamta/donburi"
	"github.com/yohamta/donburi/features/transform"
)

func TestSpaceRoundTrip(t *testing.T) {
	for _, s := range []plane2d.Space{plane2d.Side(16), plane2d.Top(16), plane2d.Side(10)} {
		p := s.ToWorld(48, 80)
		x, y := s.FromWorld(p)
		if math.Abs(x-48) > 1e-12 || math.Abs(y-80) > 1e-12 {
			t.Errorf("%v: (48, 80) -> %v -> (%v, %v)", s, p, x, y)
		}
	}
	// Side view: screen y down is world -Y; top view: world +Z.
	if p := plane2d.Side(16).ToWorld(16, 32); p[0] != 1 || p[1] != -2 || p[2] != 0 {
		t.Errorf("side (16, 32) px = %v m, want (1, -2, 0)", p)
	}
	if p := plane2d.Top(16).ToWorld(16, 32); p[0] != 1 || p[1] != 0 || p[2] != 2 {
		t.Errorf("top (16, 32) px = %v m, want (1, 0, 2)", p)
	}
	if err := (plane2d.Space{Plane: components.Plane3D, PixelsPerMetre: 16}).Validate(); err == nil {
		t.Error("a 3D plane validated")
	}
	if err := (plane2d.Space{Plane: components.PlaneSide, PixelsPerMetre: math.NaN()}).Validate(); err == nil {
		t.Error("a NaN scale validated")
	}
}

// testLevel (16 px tiles, y down): a floor along y = 160 from x = 0 to
// 640; a slope rising right over x in [160, 224) (64 x 64 px: 45
// degrees) onto a block whose top is at y = 96 reaching x = 320; a
// one-way ledge at y = 64 over x in [384, 448); a spike sensor on the
// floor beyond (x 480-512); walls at both ends.
func testLevel() *plane2d.Level {
	return &plane2d.Level{Space: plane2d.Side(16), Source: "test level", Rects: []plane2d.Rect{
		{MinX: 0, MinY: 160, MaxX: 640, MaxY: 192, Kind: plane2d.Solid},
		{MinX: 160, MinY: 96, MaxX: 224, MaxY: 160, Kind: plane2d.SlopeUpRight},
		{MinX: 224, MinY: 96, MaxX: 320, MaxY: 160, Kind: plane2d.Solid},
		{MinX: 384, MinY: 64, MaxX: 448, MaxY: 72, Kind: plane2d.OneWay},
		{MinX: 480, MinY: 144, MaxX: 512, MaxY: 160, Kind: plane2d.Sensor, Name: "spikes"},
		{MinX: -32, MinY: 0, MaxX: 0, MaxY: 192, Kind: plane2d.Solid},
		{MinX: 640, MinY: 0, MaxX: 672, MaxY: 192, Kind: plane2d.Solid},
	}, Spawns: []plane2d.Spawn{{Name: "hero", Recipe: "platformer_hero", X: 64, Y: 160}}}
}

// TestLevelPlays spawns the hero on testLevel with donburi's transform
// and runs it right: up the slope (its feet follow the 45-degree surface:
// y = 160 - (x - 160) at the slope's middle), over the block, down onto
// the floor, into the spike sensor (an EnteredSensor event named
// "spikes"); every tick the transform holds the hero's position in
// pixels.
func TestLevelPlays(t *testing.T) {
	lv := testLevel()
	data, err := lv.Build()
	if err != nil {
		t.Fatal(err)
	}
	w := donburi.NewWorld()
	prefabs.SetLevelData(w, data)
	ents, err := lv.SpawnAll(w)
	if err != nil {
		t.Fatal(err)
	}
	hero := w.Entry(ents[0])
	hero.AddComponent(transform.Transform)
	var spiked []string
	systems.Events.Subscribe(w, func(_ donburi.World, e systems.Event) {
		if e.Kind == systems.EventEnteredSensor && e.Collider == data.SensorNames["spikes"] {
			spiked = append(spiked, "spikes")
		}
	})
	p := systems.NewPipeline(w, systems.Options{TickRate: 60, Events: true})
	if err := lv.Space.Install(p); err != nil {
		t.Fatal(err)
	}
	onSlope := false
	for tick := 0; tick < 240; tick++ {
		components.Command.Get(hero).Strafe = 1
		p.Step()
		x, y := lv.Space.Position(hero)
		tp := transform.WorldPosition(hero)
		if tp.X != x || tp.Y != y {
			t.Fatalf("tick %d: transform at (%v, %v), hero at (%v, %v) px", tick, tp.X, tp.Y, x, y)
		}
		// The capsule's feet (the centre less its half height and radius,
		// 0.6875 m, and the 0.01 m skin) hang above a 45-degree slope: its
		// round bottom touches the surface r + skin along the normal, so
		// the feet are (r + skin)(sqrt 2 - 1) = 0.211 m (3.38 px) above
		// the surface under the centre.
		feet := y + (0.6875+0.01)*16
		if x > 176 && x < 208 && components.KCC.Get(hero).Grounded {
			onSlope = true
			want := 160 - (x - 160) - 0.51*(math.Sqrt2-1)*16
			if math.Abs(feet-want) > 0.2 {
				t.Fatalf("tick %d: on the slope at x = %.2f the feet are at y = %.3f px, want %.3f", tick, x, feet, want)
			}
		}
	}
	if !onSlope {
		t.Fatal("the hero never stood on the slope")
	}
	if len(spiked) == 0 || spiked[0] != "spikes" {
		t.Fatalf("sensor events %q, want the hero entering \"spikes\"", spiked)
	}
}

// TestLevelErrors: an empty rectangle, a kindless one, a slope in a top
// view, a platform without a path fail naming the level.
func TestLevelErrors(t *testing.T) {
	for name, lv := range map[string]plane2d.Level{
		"empty":    {Space: plane2d.Side(16), Rects: []plane2d.Rect{{MinX: 5, MinY: 5, MaxX: 5, MaxY: 9, Kind: plane2d.Solid}}},
		"nan":      {Space: plane2d.Side(16), Rects: []plane2d.Rect{{MinX: math.NaN(), MinY: 5, MaxX: 5, MaxY: 9, Kind: plane2d.Solid}}},
		"kindless": {Space: plane2d.Side(16), Rects: []plane2d.Rect{{MaxX: 5, MaxY: 9}}},
		"topslope": {Space: plane2d.Top(16), Rects: []plane2d.Rect{{MaxX: 5, MaxY: 9, Kind: plane2d.SlopeUpLeft}}},
		"platform": {Space: plane2d.Side(16), Platforms: []plane2d.Platform{{Rect: plane2d.Rect{MaxX: 5, MaxY: 9, Kind: plane2d.Solid}, Speed: 3}}},
		"space":    {Space: plane2d.Space{}},
	} {
		lv.Source = name
		if _, err := lv.Build(); err == nil {
			t.Errorf("%s: built", name)
		}
	}
}

func TestOverride(t *testing.T) {
	got, err := plane2d.Override([]plane2d.OverrideLine{{"motor", "max_run", 120.0}, {"kcc", "plane", "side"}, {"motor", "dashes", 2}})
	want := "[motor]\nmax_run = 120.0\ndashes = 2\n[kcc]\nplane = \"side\"\n"
	if err != nil || got != want {
		t.Fatalf("Override = %q, %v; want %q", got, err, want)
	}
	if _, err := plane2d.Override([]plane2d.OverrideLine{{"motor", "x", math.Inf(1)}}); err == nil {
		t.Fatal("an infinite value was written")
	}
}
