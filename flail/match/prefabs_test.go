package match_test

import (
	"errors"
	"math"
	"os"
	"strings"
	"testing"

	"github.com/seedgames/motorkit/flail/match"

	"github.com/go-gl/mathgl/mgl64"
	"github.com/seedgames/motorkit/components"
	"github.com/seedgames/motorkit/config"
	"github.com/seedgames/motorkit/flail"
	"github.com/seedgames/motorkit/kcc"
	"github.com/seedgames/motorkit/prefabs"
	"github.com/seedgames/motorkit/systems"
	"github.com/yohamta/donburi"
)

func TestFlailRecipesSpawn(t *testing.T) {
	w := donburi.NewWorld()
	// no match installed: defaults (flail.DefaultConfig at 40 Hz).
	ent, err := prefabs.Spawn(w, "flail_bot", prefabs.At(mgl64.Vec3{1, 0, 2}),
		prefabs.Override("[flail]\nname = \"zed\"\n[flail_bot]\nskill = \"hard\"\n"))
	if err != nil {
		t.Fatal(err)
	}
	e := w.Entry(ent)
	for _, c := range []donburi.IComponentType{components.Command, components.Body, components.KCC,
		match.Flail, match.Rope, match.FlailBot} {
		if !e.HasComponent(c) {
			t.Fatalf("missing component %v", c)
		}
	}
	if e.HasComponent(components.Motor) {
		t.Fatal("a flail car has no motor: the flail drive system moves it")
	}
	f := match.Flail.Get(e)
	cfg := flail.DefaultConfig()
	ph := cfg.Physics(40)
	if f.Name != "zed" || f.ID != uint64(ent) || !f.Alive || f.Energy != cfg.Rules.StartEnergy ||
		f.Flail.Pos != (mgl64.Vec3{1, 0, 2}) || f.Flail.Radius != ph.FlailRadius(100) {
		t.Fatalf("flail state %+v", f)
	}
	if r := match.Rope.Get(e); len(r.Nodes) != cfg.Rope.Segments-2 || len(r.PrevNodes) != len(r.Nodes) {
		t.Fatalf("rope %+v", r)
	}
	if b := match.FlailBot.Get(e); b.Skill != flail.SkillHard {
		t.Fatalf("skill %v", b.Skill)
	}
	// the recipe's car matches the tuning: radius 30 u = 0.3 m, planar, no gravity.
	k := components.KCC.Get(e)
	if k.Shape.Radius != cfg.Car.Radius/cfg.UnitsPerMeter || k.Plane != components.PlaneTop || k.Gravity != 0 || k.Controller.Config().Autostep != nil {
		t.Fatalf("car kcc %+v", k)
	}
}

func TestFlailSectionsRejectBadKeys(t *testing.T) {
	w := donburi.NewWorld()
	for _, c := range []struct{ over, key string }{
		{"[flail]\nnmae = \"x\"\n", "flail.nmae"},
		{"[flail]\nenergy = 2e9\n", "flail.energy"},
		{"[flail_bot]\nskill = \"godlike\"\n", "flail_bot.skill"},
		{"[flail_bot]\nlevel = 3\n", "flail_bot.level"},
	} {
		_, err := prefabs.Spawn(w, "flail_bot", prefabs.Override(c.over))
		var ce *config.Error
		if !errors.As(err, &ce) || ce.Key != c.key {
			t.Errorf("%q: want an error naming %s, got %v", c.over, c.key, err)
		}
	}
	// a user prefab file overrides any field; errors name the file.
	lib, err := prefabs.NewLibrary()
	if err != nil {
		t.Fatal(err)
	}
	if err := lib.LoadTOML([]byte("[prefab.flail_bot.flail_bot]\nskill = \"easy\"\n"), "user.toml"); err != nil {
		t.Fatal(err)
	}
	ent, err := lib.Spawn(w, "flail_bot")
	if err != nil || match.FlailBot.Get(w.Entry(ent)).Skill != flail.SkillEasy {
		t.Fatalf("override not applied: %v", err)
	}
	err = lib.LoadTOML([]byte("[prefab.flail_player.flail]\nenergy = \"lots\"\n"), "user2.toml")
	if err == nil || !strings.Contains(err.Error(), "user2.toml") {
		t.Fatalf("bad user file: %v", err)
	}
}

// The flail's 2D arena and the kcc level built from the same file agree:
// at random points a car-sized circle overlaps a flail.Box exactly when the
// car's sphere overlaps the kcc level (away from a thin band at surfaces).
// Points whose centre is inside a box are skipped: the kcc represents boxes
// by their surface triangles and only reports contacts near the surface.
func TestFlailArenaMatchesKCCLevel(t *testing.T) {
	for _, level := range []string{"flail_arena", "flail_open", "flail_arena_floor"} {
		w := donburi.NewWorld()
		p := systems.NewPipeline(w, systems.Options{TickRate: 40})
		g, err := match.InstallArena(p, level, match.Options{})
		if err != nil {
			t.Fatal(err)
		}
		kw := components.LevelOf(w)
		arena := g.Rules.Arena
		if arena.Half != 42.5 {
			t.Fatalf("%s: arena half %v", level, arena.Half)
		}
		rng := flail.NewRNG(1)
		const r = 0.3
		checked := 0
		for i := 0; i < 4000; i++ {
			x, z := rng.Range(-43.4, 43.4), rng.Range(-43.4, 43.4)
			if arena.Overlaps(x, z, 0) {
				checked++
				continue
			}
			a := arena.Overlaps(x, z, r)
			kIn := kw.OverlapCapsule(kcc.Capsule{Radius: r}, mgl64.Vec3{x, 0, z}, 0)
			if a == kIn {
				checked++
				continue
			}
			// disagreement only within 1 cm of a surface.
			if arena.Overlaps(x, z, r-0.01) == arena.Overlaps(x, z, r+0.01) {
				t.Fatalf("%s: at (%.3f, %.3f) flail arena says %v, kcc level says %v", level, x, z, a, kIn)
			}
		}
		if checked < 3990 {
			t.Fatalf("%s: only %d agreements", level, checked)
		}
	}
}

func TestArenaFromLevelRejectsNonBoxes(t *testing.T) {
	spec := prefabs.LevelSpec{Boxes: []prefabs.BoxSpec{{Center: [3]float64{0, 0, 0}, Half: [3]float64{1, 1, 1}, RotDeg: [3]float64{10, 0, 0}}}}
	if _, err := match.ArenaFromLevel(&spec, "x.toml", 10, 0, 0.3); err == nil {
		t.Fatal("tilted box accepted")
	}
	spec = prefabs.LevelSpec{Ramps: []prefabs.RampSpec{{Length: 1, Width: 1}}}
	if _, err := match.ArenaFromLevel(&spec, "x.toml", 10, 0, 0.3); err == nil {
		t.Fatal("ramp accepted")
	}
	spec = prefabs.LevelSpec{Boxes: []prefabs.BoxSpec{
		{Center: [3]float64{0, -1, 0}, Half: [3]float64{5, 0.5, 5}},                                // floor: skipped
		{Center: [3]float64{2, 0.5, 0}, Half: [3]float64{1, 1.5, 1}, RotDeg: [3]float64{0, 30, 0}}, // kept
	}}
	a, err := match.ArenaFromLevel(&spec, "x.toml", 10, 0, 0.3)
	if err != nil || len(a.Boxes) != 1 || math.Abs(a.Boxes[0].Yaw-math.Pi/6) > 1e-15 {
		t.Fatalf("%v %+v", err, a)
	}
	if _, err := match.InstallArena(systems.NewPipeline(donburi.NewWorld(), systems.Options{}), "nope", match.Options{}); err == nil {
		t.Fatal("unknown level accepted")
	}
}

// The yaw convention of a turned box is the same in the flail arena and the
// kcc level (a 4 m x 1 m bar turned 30 degrees is not symmetric).
func TestFlailArenaYawConventionMatchesKCC(t *testing.T) {
	spec := prefabs.LevelSpec{Boxes: []prefabs.BoxSpec{
		{Center: [3]float64{0, 0.5, 0}, Half: [3]float64{2, 1.5, 0.5}, RotDeg: [3]float64{0, 30, 0}},
	}}
	kw, err := spec.Build("bar.toml")
	if err != nil {
		t.Fatal(err)
	}
	arena, err := match.ArenaFromLevel(&spec, "bar.toml", 10, 0, 0.3)
	if err != nil {
		t.Fatal(err)
	}
	rng := flail.NewRNG(2)
	hits := 0
	for i := 0; i < 3000; i++ {
		x, z := rng.Range(-3, 3), rng.Range(-3, 3)
		if arena.Overlaps(x, z, 0) {
			continue
		}
		a := arena.Overlaps(x, z, 0.3)
		k := kw.OverlapCapsule(kcc.Capsule{Radius: 0.3}, mgl64.Vec3{x, 0, z}, 0)
		if a != k && arena.Overlaps(x, z, 0.29) == arena.Overlaps(x, z, 0.31) {
			t.Fatalf("at (%.3f, %.3f): flail %v, kcc %v", x, z, a, k)
		}
		if a {
			hits++
		}
	}
	if hits < 100 {
		t.Fatalf("only %d overlaps sampled", hits)
	}
}

func TestFlailArenaFromUserFile(t *testing.T) {
	dir := t.TempDir()
	path := dir + "/my_arena.toml"
	text := "[[box]]\ncenter = [5.0, 0.5, 5.0]\nhalf = [1.0, 1.5, 2.0]\nrot_deg = [0.0, 10.0, 0.0]\n"
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	w := donburi.NewWorld()
	p := systems.NewPipeline(w, systems.Options{TickRate: 40})
	g, err := match.InstallArenaFile(p, path, match.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if len(g.Rules.Arena.Boxes) != 1 || components.LevelOf(w) == nil {
		t.Fatalf("arena %+v", g.Rules.Arena.Boxes)
	}
	if err := os.WriteFile(path, []byte("[[box]]\ncentre = [0.0, 0.0, 0.0]\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	_, err = match.InstallArenaFile(systems.NewPipeline(donburi.NewWorld(), systems.Options{}), path, match.Options{})
	if err == nil || !strings.Contains(err.Error(), "my_arena.toml") {
		t.Fatalf("bad user level: %v", err)
	}
}
