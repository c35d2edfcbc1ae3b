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

// playLevel builds lv into a new world and spawns its characters; it
// returns the world, the first character and the level built.
func playLevel(t *testing.T, lv *plane2d.Level) (donburi.World, *donburi.Entry, components.LevelData) {
	t.Helper()
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
	return w, w.Entry(ents[0]), data
}

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
// and runs it right: up the slope, over the block, down onto the floor,
// into the spike sensor (an EnteredSensor event named "spikes"); every
// tick the transform holds the hero's position in pixels. On the
// 45-degree slope (surface y = 160 - (x - 160), screen px) the feet
// (the centre less the half height and radius, 0.6875 m, and the 0.01 m
// skin) rest where each shape's contact puts them:
//
//   - the platformer hero, a box (its default): on its lower corner,
//     half its width (8 px) uphill, the skin measured along the normal:
//     feet = surface(x + 8) - 0.01 x 16 x (sqrt 2 - 1) = surface(x) - 8.066;
//   - a capsule (box = false): its round bottom touches the surface
//     r + skin along the normal, the feet (r + skin)(sqrt 2 - 1) = 3.38 px
//     above the surface under the centre.
func TestLevelPlays(t *testing.T) {
	for _, tc := range []struct {
		name, override string
		above          float64 // px the feet are above the surface under the centre
	}{
		{"box", "", 8 + 0.01*16*(math.Sqrt2-1)},
		{"capsule", "[kcc]\nbox = false\n", 0.51 * (math.Sqrt2 - 1) * 16},
	} {
		t.Run(tc.name, func(t *testing.T) {
			lv := testLevel()
			lv.Spawns[0].Override = tc.override
			w, hero, data := playLevel(t, lv)
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
				feet := y + (0.6875+0.01)*16
				if x > 176 && x < 208 && components.KCC.Get(hero).Grounded {
					onSlope = true
					if want := 160 - (x - 160) - tc.above; math.Abs(feet-want) > 0.2 {
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
		})
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

// TestLadderClimb: a 16 px wide ladder from the floor (y = 160) up to a
// ledge's top (y = 64) on its right. The hero stands in front of it and
// holds up: it climbs at DefaultLadderSpeed (5.625 m/s: 90 px/s, 1.5 px a
// tick at 16 px per metre) without gravity, its feet stop at the
// ladder's top, and right then walks it onto the ledge, where it stands.
func TestLadderClimb(t *testing.T) {
	lv := &plane2d.Level{Space: plane2d.Side(16), Source: "ladder", Rects: []plane2d.Rect{
		{MinX: 0, MinY: 160, MaxX: 320, MaxY: 192, Kind: plane2d.Solid},
		{MinX: 112, MinY: 64, MaxX: 320, MaxY: 160, Kind: plane2d.Solid},
		{MinX: 96, MinY: 64, MaxX: 112, MaxY: 160, Kind: plane2d.Ladder},
	}, Spawns: []plane2d.Spawn{{Name: "hero", Recipe: "platformer_hero", X: 100, Y: 160}}}
	w, hero, _ := playLevel(t, lv)
	p := systems.NewPipeline(w, systems.Options{TickRate: 60})
	feet := func() float64 { _, y := lv.Space.Position(hero); return y + (0.6875+0.01)*16 }
	for i := 0; i < 5; i++ {
		p.Step()
	}
	cmd := components.Command.Get(hero)
	climbed := 0
	for tick := 0; tick < 90; tick++ {
		cmd.Forward = 1
		before := feet()
		p.Step()
		if d := before - feet(); d > 0 {
			climbed++
			if d > 1.5+1e-9 {
				t.Fatalf("tick %d: rose %v px, faster than 1.5 px a tick", tick, d)
			}
		}
	}
	if f := feet(); math.Abs(f-64) > 0.2 || climbed < 60 {
		t.Fatalf("after climbing %d ticks the feet are at y = %.3f px, want the ladder's top, 64", climbed, f)
	}
	cmd.Forward = 0
	for tick := 0; tick < 30; tick++ {
		cmd.Strafe = 1
		p.Step()
	}
	x, _ := lv.Space.Position(hero)
	if !components.KCC.Get(hero).Grounded || x < 120 || math.Abs(feet()-64) > 0.2 {
		t.Fatalf("stepping off: at x = %.1f, feet y = %.3f, grounded %v; want on the ledge (x > 120, feet at 64)", x, feet(), components.KCC.Get(hero).Grounded)
	}
}

// TestOneWayPlatform: a one-way platform 64 px above the floor. The hero
// jumps up through it from below and lands on it; down (crouch) and jump
// drops it through back to the floor.
func TestOneWayPlatform(t *testing.T) {
	lv := &plane2d.Level{Space: plane2d.Side(16), Source: "one way", Rects: []plane2d.Rect{
		{MinX: 0, MinY: 160, MaxX: 320, MaxY: 192, Kind: plane2d.Solid},
		{MinX: 64, MinY: 112, MaxX: 192, MaxY: 120, Kind: plane2d.OneWay},
	}, Spawns: []plane2d.Spawn{{Name: "hero", Recipe: "platformer_hero", X: 128, Y: 160}}}
	w, hero, _ := playLevel(t, lv)
	p := systems.NewPipeline(w, systems.Options{TickRate: 60})
	feet := func() float64 { _, y := lv.Space.Position(hero); return y + (0.6875+0.01)*16 }
	run := func(ticks int, set func(tick int, c *components.CommandData)) {
		for i := 0; i < ticks; i++ {
			c := components.Command.Get(hero)
			*c = components.CommandData{}
			set(i, c)
			p.Step()
		}
	}
	run(5, func(int, *components.CommandData) {})
	// A full jump rises 26.75 Celeste px, 3.34 m: 53.5 px here, through the
	// platform (40 px above the feet) and onto it.
	run(60, func(i int, c *components.CommandData) { c.JumpPressed, c.JumpHeld = i == 0, i < 30 })
	if f := feet(); !components.KCC.Get(hero).Grounded || math.Abs(f-112) > 0.2 {
		t.Fatalf("after jumping up through it: feet at %.3f px, grounded %v; want on the platform's top, 112", f, components.KCC.Get(hero).Grounded)
	}
	run(60, func(i int, c *components.CommandData) {
		c.Forward, c.Crouch, c.JumpPressed, c.JumpHeld = -1, i < 10, i == 2, i == 2
	})
	if f := feet(); !components.KCC.Get(hero).Grounded || math.Abs(f-160) > 0.2 {
		t.Fatalf("after down and jump: feet at %.3f px, grounded %v; want on the floor, 160", f, components.KCC.Get(hero).Grounded)
	}
}

// cornerRun jumps the hero (recipe override extra) straight up under
// the right end of a block (x 0-96, bottom at y = 96) with its body 3 px
// under it, and returns the highest its head (16 px per metre: the
// centre less 11 px) got and its x then.
func cornerRun(t *testing.T, extra string) (head, x float64) {
	t.Helper()
	lv := &plane2d.Level{Space: plane2d.Side(16), Source: "corner", Rects: []plane2d.Rect{
		{MinX: 0, MinY: 160, MaxX: 320, MaxY: 192, Kind: plane2d.Solid},
		{MinX: 0, MinY: 80, MaxX: 96, MaxY: 96, Kind: plane2d.Solid},
	}, Spawns: []plane2d.Spawn{{Name: "hero", Recipe: "platformer_hero", X: 96 + 8 - 3, Y: 160, Override: extra}}}
	w, hero, _ := playLevel(t, lv)
	p := systems.NewPipeline(w, systems.Options{TickRate: 60})
	head = math.Inf(1)
	for tick := 0; tick < 60; tick++ {
		c := components.Command.Get(hero)
		c.JumpPressed, c.JumpHeld = tick == 5, tick >= 5 && tick < 30
		p.Step()
		if hx, y := lv.Space.Position(hero); y-11 < head {
			head, x = y-11, hx
		}
	}
	return head, x
}

// TestCornerSlip: a full jump under a block's corner that the body
// overlaps by 3 px. The head starts at y = 160 - (0.6875 + 0.01) x 16 =
// 137.84 px and a full jump rises 26.75 Celeste px, 53.5 px here: to
// 84.34. With the upward corner correction (4 Celeste px, slid a pixel,
// 2 px here, at a time) the jump is slid clear of the block (x at least
// 96 + 8) and reaches its full height, give or take the slip's own step
// up; without it the hero's flat head (a box, the platformer hero's
// shape) stops at the block's bottom, y = 96.
func TestCornerSlip(t *testing.T) {
	head, x := cornerRun(t, "")
	if math.Abs(head-84.34) > 2.5 || x < 104-1e-9 {
		t.Fatalf("with corner correction the head got to y = %.2f px at x = %.2f; want the full jump's 84.34 with x at least 104", head, x)
	}
	head0, x0 := cornerRun(t, "[motor]\nupward_corner_correction = 0.0\n")
	if head0 < 90 {
		t.Fatalf("without corner correction the head got to y = %.2f px at x = %.2f: the block did not stop the jump, the test tests nothing", head0, x0)
	}
	t.Logf("corner correction on: head to y = %.2f at x = %.2f; off: y = %.2f at x = %.2f", head, x, head0, x0)
}

// ledgeLevel is a ledge (x 0-160, top at y = 160) with a floor 160 px
// lower, and the hero (recipe overrides extra) with its feet at x.
func ledgeLevel(x float64, extra string) *plane2d.Level {
	return &plane2d.Level{Space: plane2d.Side(16), Source: "ledge", Rects: []plane2d.Rect{
		{MinX: 0, MinY: 160, MaxX: 160, MaxY: 192, Kind: plane2d.Solid},
		{MinX: 0, MinY: 320, MaxX: 480, MaxY: 352, Kind: plane2d.Solid},
	}, Spawns: []plane2d.Spawn{{Name: "hero", Recipe: "platformer_hero", X: x, Y: 160, Override: extra}}}
}

// TestLedgeLastPixel: the platformer hero, a box 16 px wide, stands still
// with one pixel of its body over the ledge's edge for 2 s: its flat
// bottom rests on the ledge, grounded, not moving.
func TestLedgeLastPixel(t *testing.T) {
	lv := ledgeLevel(160+8-1, "")
	_, hero, _ := playLevel(t, lv)
	p := systems.NewPipeline(hero.World, systems.Options{TickRate: 60})
	for range 10 {
		p.Step()
	}
	x0, y0 := lv.Space.Position(hero)
	for range 120 {
		p.Step()
	}
	x, y := lv.Space.Position(hero)
	if g := components.KCC.Get(hero).Grounded; x != x0 || y != y0 || !g || y > 160 {
		t.Fatalf("the box moved from (%v, %v) to (%v, %v) px (grounded %v): it should stand on the last pixel", x0, y0, x, y, g)
	}
}

// TestLedgeWalkOff walks the hero slowly off the ledge (max_run 6
// Celeste px/s: 0.2 px a tick here) and finds where it last stood. The
// box stands until its back face passes the edge: its centre at
// 160 + 8 px (half its width) plus the skin (0.16 px), give or take a
// tick's 0.2 px. A capsule of the same size (box = false) leaves the rim
// once its centre is (r + skin) sin 45 = 0.51 x 0.7071 m = 5.77 px past
// the edge (kcc: the rim carries a capsule up to the climb limit),
// with 2.2 px of its width still over the ledge.
func TestLedgeWalkOff(t *testing.T) {
	for _, tc := range []struct {
		name, override string
		last           float64 // px: the centre's x on the last grounded tick
	}{
		{"box", "[motor]\nmax_run = 6.0\n", 168.16},
		{"capsule", "[motor]\nmax_run = 6.0\n[kcc]\nbox = false\n", 160 + 0.51*math.Sqrt2/2*16},
	} {
		t.Run(tc.name, func(t *testing.T) {
			lv := ledgeLevel(150, tc.override)
			_, hero, _ := playLevel(t, lv)
			p := systems.NewPipeline(hero.World, systems.Options{TickRate: 60})
			last := 0.0
			for range 600 {
				components.Command.Get(hero).Strafe = 1
				p.Step()
				if x, y := lv.Space.Position(hero); components.KCC.Get(hero).Grounded && y < 160 {
					last = x
				}
			}
			if math.Abs(last-tc.last) > 0.25 {
				t.Fatalf("last stood with its centre at x = %.3f px, want %.3f", last, tc.last)
			}
		})
	}
}

// TestDashCornerSlip: a box hero dashes right along the floor (y = 160)
// into a step 4 px high (x from 200, top at y = 156): the dash corner
// correction (4 Celeste px, 8 px here, a Celeste pixel, 2 px, at a time)
// slides it up onto the step and the dash goes on; with it off the step
// stops the dash (the recipe has no autostep).
func TestDashCornerSlip(t *testing.T) {
	for _, tc := range []struct {
		override string
		over     bool
	}{{"", true}, {"[motor]\ndash_corner_correction = 0.0\n", false}} {
		lv := &plane2d.Level{Space: plane2d.Side(16), Source: "step", Rects: []plane2d.Rect{
			{MinX: 0, MinY: 160, MaxX: 480, MaxY: 192, Kind: plane2d.Solid},
			{MinX: 200, MinY: 156, MaxX: 480, MaxY: 160, Kind: plane2d.Solid},
		}, Spawns: []plane2d.Spawn{{Name: "hero", Recipe: "platformer_hero", X: 150, Y: 160, Override: tc.override}}}
		_, hero, _ := playLevel(t, lv)
		p := systems.NewPipeline(hero.World, systems.Options{TickRate: 60})
		for tick := 0; tick < 40; tick++ {
			c := components.Command.Get(hero)
			c.DashPressed = tick == 5
			p.Step()
		}
		x, _ := lv.Space.Position(hero)
		if over := x > 210; over != tc.over {
			t.Fatalf("%q: the hero ended at x = %.1f px; over the step: %v, want %v", tc.override, x, over, tc.over)
		}
	}
}
