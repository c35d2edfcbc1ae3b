package ldtk_test

import (
	"math"
	"testing"

	"github.com/seedgames/motorkit/components"
	"github.com/seedgames/motorkit/ldtk"
	"github.com/seedgames/motorkit/plane2d"
	"github.com/seedgames/motorkit/prefabs"
	"github.com/seedgames/motorkit/systems"
	"github.com/yohamta/donburi"
)

// sampleRules are the rules of LDtk's platformer sample: its IntGrid
// values dirt and stone are ground, ladder is a ladder; its Player is the
// platformer hero.
var sampleRules = plane2d.Rules{
	Kinds:   map[string]plane2d.Kind{"dirt": plane2d.Solid, "stone": plane2d.Solid, "ladder": plane2d.Ladder},
	Recipes: map[string]string{"Player": "platformer_hero"},
}

// TestSamplePlays loads LDtk's own platformer sample (made in LDtk by its
// author), builds its first level in a side view of 16 px per metre,
// spawns the platformer hero at the sample's Player and plays 10 s of
// running right and left with jumps: the hero lands on the sample's
// ground on the first ticks, never leaves the level's box (848 x 336 px)
// and never ends a tick inside a solid cell.
func TestSamplePlays(t *testing.T) {
	proj, err := ldtk.Load("testdata/Typical_2D_platformer_example.ldtk")
	if err != nil {
		t.Fatal(err)
	}
	space := plane2d.Side(16)
	lv, err := proj.Levels[0].Build2D(space, sampleRules, proj.Source)
	if err != nil {
		t.Fatal(err)
	}
	if n := len(lv.Rects); n < 10 || n > 200 {
		t.Fatalf("%d rectangles for the sample's first level", n)
	}
	data, err := lv.Build()
	if err != nil {
		t.Fatal(err)
	}
	w := donburi.NewWorld()
	prefabs.SetLevelData(w, data)
	heroes, err := lv.SpawnAll(w)
	if err != nil || len(heroes) != 1 {
		t.Fatalf("spawned %d heroes (want the sample's one Player): %v", len(heroes), err)
	}
	hero := w.Entry(heroes[0])
	if x, y := space.Position(hero); math.Abs(x-184) > 1e-9 || y > 208 || y < 190 {
		t.Fatalf("hero's centre at (%v, %v) px, want above the Player's feet (184, 208)", x, y)
	}
	p := systems.NewPipeline(w, systems.Options{TickRate: 60})
	solid := solidCells(t, proj)
	landed := -1
	minX, maxX := math.Inf(1), math.Inf(-1)
	for tick := 0; tick < 600; tick++ {
		cmd := components.Command.Get(hero)
		cmd.Strafe = 1
		if (tick/120)%2 == 1 {
			cmd.Strafe = -1
		}
		cmd.JumpPressed = tick%45 == 20
		cmd.JumpHeld = tick%45 >= 20 && tick%45 < 32
		p.Step()
		if landed < 0 && components.KCC.Get(hero).Grounded {
			landed = tick
		}
		x, y := space.Position(hero)
		minX, maxX = math.Min(minX, x), math.Max(maxX, x)
		if x < 0 || x > 848 || y < 0 || y > 336 {
			t.Fatalf("tick %d: the hero left the level: (%v, %v) px", tick, x, y)
		}
		if solid(x, y) {
			t.Fatalf("tick %d: the hero's centre (%v, %v) px is in a solid cell", tick, x, y)
		}
	}
	if maxX-minX < 64 {
		t.Fatalf("the hero only went from x = %v to %v px: the run did not play", minX, maxX)
	}
	t.Logf("landed on tick %d, ran between x = %.1f and %.1f px", landed, minX, maxX)
	if landed < 0 || landed > 5 {
		t.Fatalf("the hero landed on tick %d, want within 5 ticks of its spawn", landed)
	}
}

// solidCells returns whether a pixel of the sample's first level is in
// a dirt or stone cell.
func solidCells(t *testing.T, p *ldtk.Project) func(x, y float64) bool {
	ly, ok := p.Levels[0].Layer("Collisions")
	if !ok {
		t.Fatal("no Collisions layer")
	}
	return func(x, y float64) bool {
		c, r := int(x)/ly.GridSize, int(y)/ly.GridSize
		if c < 0 || r < 0 || c >= ly.Cols || r >= ly.Rows {
			return false
		}
		v := ly.Cells[r*ly.Cols+c]
		return v == 1 || v == 3
	}
}

// bigWorld builds bigLevel (200 x 100 tiles) as a side view and spawns n
// platformer heroes on its floor, spread along it (the first at the
// level's Player), on a pipeline with the given workers.
func bigWorld(tb testing.TB, n, workers int) (*systems.Pipeline, []donburi.Entity) {
	tb.Helper()
	p, err := ldtk.Parse(bigLevel(1), "big.ldtk", nil)
	if err != nil {
		tb.Fatal(err)
	}
	space := plane2d.Side(16)
	lv, err := p.Levels[0].Build2D(space, plane2d.Rules{Recipes: map[string]string{"Player": "platformer_hero"}}, "big.ldtk")
	if err != nil {
		tb.Fatal(err)
	}
	data, err := lv.Build()
	if err != nil {
		tb.Fatal(err)
	}
	w := donburi.NewWorld()
	prefabs.SetLevelData(w, data)
	ents, err := lv.SpawnAll(w)
	if err != nil {
		tb.Fatal(err)
	}
	for i := 1; i < n; i++ {
		lv.Spawns[0].X = float64(24 + (i*37)%(198*16))
		more, err := lv.SpawnAll(w)
		if err != nil {
			tb.Fatal(err)
		}
		ents = append(ents, more...)
	}
	return systems.NewPipeline(w, systems.Options{TickRate: 60, Workers: workers}), ents
}

// heroInput is a hero's command on a tick: run one way then the other,
// jump now and then (each hero at its own phase).
func heroInput(tick, i int) components.CommandData {
	t := tick + 13*i
	c := components.CommandData{Strafe: 1}
	if (t/180)%2 == 1 {
		c.Strafe = -1
	}
	c.JumpHeld = t%50 < 14
	c.JumpPressed = t%50 == 0
	return c
}

// BenchmarkPlatformerTick is one platformer hero's tick (its motor and
// its move through the pipeline) on the 200 x 100 tile level, running
// and jumping: ns/op is the cost of a tick (issue budget: 1 us).
// BenchmarkPlatformer1000 is 1,000 of them with 2 workers: ns/op is a
// tick of all 1,000 (budget: 1 ms).
func BenchmarkPlatformerTick(b *testing.B) { benchPlatformer(b, 1, 1) }

func BenchmarkPlatformer1000(b *testing.B) { benchPlatformer(b, 1000, 2) }

func benchPlatformer(b *testing.B, n, workers int) {
	p, ents := bigWorld(b, n, workers)
	defer p.Close()
	w := p.World()
	step := func(tick int) {
		for i, e := range ents {
			systems.Submit(w.Entry(e), heroInput(tick, i))
		}
		p.Step()
	}
	for t := 0; t < 120; t++ { // landed and running
		step(t)
	}
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		step(120 + i)
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(n), "ns/hero")
}

// BenchmarkLoadBigLevel2D reads the 200 x 100 tile level and builds it
// into the pipeline's level (issue budget: 20 ms, a few hundred
// colliders): the parse, the merge into rectangles and the colliders.
func BenchmarkLoadBigLevel2D(b *testing.B) {
	data := bigLevel(1)
	b.ReportAllocs()
	n := 0
	for i := 0; i < b.N; i++ {
		p, err := ldtk.Parse(data, "big.ldtk", nil)
		if err != nil {
			b.Fatal(err)
		}
		lv, err := p.Levels[0].Build2D(plane2d.Side(16), plane2d.Rules{}, "big.ldtk")
		if err != nil {
			b.Fatal(err)
		}
		if _, err := lv.Build(); err != nil {
			b.Fatal(err)
		}
		n = len(lv.Rects)
	}
	b.ReportMetric(float64(n), "colliders")
}

// TestBigLevelPlays: 50 heroes run and jump on the 200 x 100 tile level
// for 10 s; none falls through the floor (their feet stay above the
// floor's top, y = 1552 px) or leaves the level.
func TestBigLevelPlays(t *testing.T) {
	p, ents := bigWorld(t, 50, 2)
	defer p.Close()
	w := p.World()
	space := plane2d.Side(16)
	for tick := 0; tick < 600; tick++ {
		for i, e := range ents {
			systems.Submit(w.Entry(e), heroInput(tick, i))
		}
		p.Step()
	}
	for i, e := range ents {
		x, y := space.Position(w.Entry(e))
		if y > 1552 || x < 16 || x > 199*16 {
			t.Fatalf("hero %d at (%.1f, %.1f) px: out of the level", i, x, y)
		}
	}
}

// BenchmarkPlatformer1000W1 is BenchmarkPlatformer1000 on one worker:
// ns/hero is a hero's whole share of a tick on one core.
func BenchmarkPlatformer1000W1(b *testing.B) { benchPlatformer(b, 1000, 1) }
