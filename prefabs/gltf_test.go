package prefabs_test

import (
	"math"
	"path/filepath"
	"testing"

	"github.com/go-gl/mathgl/mgl64"
	"github.com/seedgames/motorkit/components"
	"github.com/seedgames/motorkit/kcc"
	"github.com/seedgames/motorkit/prefabs"
	"github.com/seedgames/motorkit/systems"
	"github.com/yohamta/donburi"
)

// The test level, exported by Blender 3.4 from testdata/gltf/make_level.py:
// a 20 m floor (floor-col, top y = 0), a 20° ramp (ramp-col), a wall that
// collides but is not drawn (wall-colonly, x -8.25 .. -7.75), a pillar drawn
// only (at z = -6), a sensor zone (zone-sensor, around z = 6), an ignored
// helper (helper-noimp, at y = 10) and three steps under a rotated empty.
const testGLB = "testdata/gltf/level.glb"

func TestGLTFLevel(t *testing.T) {
	lv, err := prefabs.LoadLiving(filepath.FromSlash(testGLB))
	if err != nil {
		t.Fatal(err)
	}
	w := lv.World
	down := mgl64.Vec3{0, -1, 0}
	// The floor collides: a ray from above lands on y = 0.
	if hit, ok := w.RayCast(mgl64.Vec3{3, 5, 3}, down, 10); !ok || math.Abs(hit.Point[1]) > 1e-5 {
		t.Fatalf("floor: %v %v", hit, ok)
	}
	// The wall collides (a ray along +X stops at its face, x = -8.25).
	if hit, ok := w.RayCast(mgl64.Vec3{-12, 1, 0}, mgl64.Vec3{1, 0, 0}, 10); !ok || math.Abs(hit.Point[0]+8.25) > 1e-5 {
		t.Fatalf("wall: %v %v", hit, ok)
	}
	// The pillar is drawn only: no collision at its place.
	if hit, ok := w.RayCast(mgl64.Vec3{0, 5, -6}, down, 10); !ok || math.Abs(hit.Point[1]) > 1e-5 {
		t.Fatalf("pillar collides: %v %v", hit, ok)
	}
	// The helper is not imported: nothing at y = 10.
	if hit, ok := w.RayCast(mgl64.Vec3{0, 20, 0}, down, 9.4); ok {
		t.Fatalf("helper-noimp imported: hit at %v", hit.Point)
	}
	// The ramp: 20° (its top face normal is 20° from up).
	if hit, ok := w.RayCast(mgl64.Vec3{6, 5, 0}, down, 10); !ok || math.Abs(hit.Normal[1]-math.Cos(20*math.Pi/180)) > 1e-5 {
		t.Fatalf("ramp: %v %v", hit, ok)
	}
	// The steps: under the empty turned 90° about up at (-3, 0, 3); the
	// third step (0.6 m tall) is 1 m along the empty's X, which points
	// along world -Z: at (-3, ., 2).
	if hit, ok := w.RayCast(mgl64.Vec3{-3, 5, 2}, down, 10); !ok || math.Abs(hit.Point[1]-0.6) > 1e-5 {
		t.Fatalf("third step: %v %v", hit, ok)
	}
	// Drawn: the floor, ramp, pillar and steps (12 triangles each), not the
	// wall, the sensor or the helper.
	if n := len(lv.Visual); n != 6*12 {
		t.Fatalf("%d drawn triangles, want 72", n)
	}
	// The sensor zone reports a character in it.
	id, ok := lv.SensorNames["zone"]
	if !ok || lv.Sensors == nil {
		t.Fatalf("sensor names %v", lv.SensorNames)
	}
	in := w.Sensors(kcc.Capsule{Radius: 0.3, HalfHeight: 0.6}, mgl64.Vec3{0, 0.91, 6}, kcc.DefaultLayer, nil)
	if len(in) != 1 || in[0] != id {
		t.Fatalf("sensors at the zone: %v, want [%v]", in, id)
	}
}

// TestGLTFLevelPlayable: a character spawned on the glTF level through
// SpawnLevel walks up its ramp.
func TestGLTFLevelPlayable(t *testing.T) {
	w := donburi.NewWorld()
	if _, err := prefabs.SpawnLevel(w, testGLB); err != nil {
		t.Fatal(err)
	}
	ent, err := prefabs.Spawn(w, "capsule_walker", prefabs.At(mgl64.Vec3{0, 0.91, 0}))
	if err != nil {
		t.Fatal(err)
	}
	p := systems.NewPipeline(w, systems.Options{TickRate: 60})
	e := w.Entry(ent)
	maxY := 0.0
	for i := 0; i < 150; i++ {
		systems.Submit(e, components.CommandData{Forward: 1})
		p.Step()
		maxY = math.Max(maxY, components.Body.Get(e).Position[1])
	}
	if maxY < 1.5 {
		t.Fatalf("never climbed the ramp: highest centre y %v", maxY)
	}
}

// TestGLTFLift: the lift's glTF extras (from a Blender custom property)
// make it a moving platform: a character standing on its deck (top y =
// 0.5) waits 1 s, then rises 3 m at 1.5 m/s with it.
func TestGLTFLift(t *testing.T) {
	w := donburi.NewWorld()
	if _, err := prefabs.SpawnLevel(w, testGLB); err != nil {
		t.Fatal(err)
	}
	lvE, _ := components.Level.First(w)
	if lv := components.Level.Get(lvE); lv.Movers == nil || len(lv.Movers.Movers) != 1 {
		t.Fatalf("movers %+v, want the lift", lv.Movers)
	}
	ent, err := prefabs.Spawn(w, "capsule_walker", prefabs.At(mgl64.Vec3{6, 0.5 + 0.91, 6}))
	if err != nil {
		t.Fatal(err)
	}
	p := systems.NewPipeline(w, systems.Options{TickRate: 60})
	e := w.Entry(ent)
	for i := 0; i < 60; i++ {
		p.Step()
	}
	y0 := components.Body.Get(e).Position[1]
	for i := 0; i < 150; i++ { // 2.5 s: the 2 s climb and half the top wait
		p.Step()
	}
	y1 := components.Body.Get(e).Position[1]
	if math.Abs(y0-1.41) > 0.02 || math.Abs(y1-y0-3) > 0.02 || !components.KCC.Get(e).Grounded {
		t.Fatalf("on the lift: y %v at 1 s, %v at 3.5 s (want 1.41 and 3 m more, grounded)", y0, y1)
	}
}

// TestGLTFEveryMotor: each motor's character on the Blender level lands on
// the floor at its standing height (feet 0.01 m above y = 0: the centre at
// half height + radius + offset), walks into the wall that collides but is
// not drawn and stops a radius from it (x ≥ -7.75 + r), rides the lift 3 m
// up, and climbs the three 0.2 m steps (each under every recipe's step
// height) to the 0.6 m top.
func TestGLTFEveryMotor(t *testing.T) {
	for _, recipe := range []string{"capsule_walker", "arena_player", "rpg_player", "hybrid_player", "fps_player"} {
		run := func(at mgl64.Vec3, yaw float64, ticks int, cmd components.CommandData) (*donburi.Entry, float64) {
			w := donburi.NewWorld()
			if _, err := prefabs.SpawnLevel(w, testGLB); err != nil {
				t.Fatal(err)
			}
			ent, err := prefabs.Spawn(w, recipe, prefabs.At(at), prefabs.Facing(yaw))
			if err != nil {
				t.Fatal(err)
			}
			p := systems.NewPipeline(w, systems.Options{TickRate: 60})
			e := w.Entry(ent)
			maxY := 0.0
			for i := 0; i < ticks; i++ {
				components.View.Get(e).Yaw = yaw
				systems.Submit(e, cmd)
				p.Step()
				maxY = math.Max(maxY, components.Body.Get(e).Position[1])
			}
			return e, maxY
		}
		// Landing from 1 m up, away from everything.
		e, _ := run(mgl64.Vec3{-4, 2.5, -8}, 0, 90, components.CommandData{})
		k := components.KCC.Get(e)
		stand := k.Shape.HalfHeight + k.Shape.Radius + k.Controller.Offset()
		if y := components.Body.Get(e).Position[1]; !k.Grounded || math.Abs(y-stand) > 1e-6 {
			t.Errorf("%s: landed at y %v (grounded %v), want %v", recipe, y, k.Grounded, stand)
		}
		// Into the wall (facing -X).
		e, _ = run(mgl64.Vec3{-4, 1.5, -2}, math.Pi, 180, components.CommandData{Forward: 1})
		if x, r := components.Body.Get(e).Position[0], components.KCC.Get(e).Shape.Radius; x < -7.75+r-1e-6 || x > -7.75+r+0.05 {
			t.Errorf("%s: stopped at x %v, want just off the wall at %v", recipe, x, -7.75+r)
		}
		// On the lift (deck top 0.5 at (6, ., 6)): after 1 s of wait and
		// 2 s of climb it is 3 m higher.
		e, _ = run(mgl64.Vec3{6, 1.5, 6}, 0, 200, components.CommandData{})
		k = components.KCC.Get(e)
		if want := 3.5 + k.Shape.HalfHeight + k.Shape.Radius + k.Controller.Offset(); math.Abs(components.Body.Get(e).Position[1]-want) > 0.02 || !k.Grounded {
			t.Errorf("%s: on the lift at y %v after 3.3 s, want %v (grounded %v)", recipe, components.Body.Get(e).Position[1], want, k.Grounded)
		}
		// Up the stairs: they climb toward world -Z from (-3, 0, 3).
		e, maxY := run(mgl64.Vec3{-3, 1.5, 5}, -math.Pi/2, 240, components.CommandData{Forward: 1})
		k = components.KCC.Get(e)
		if want := 0.6 + k.Shape.HalfHeight + k.Shape.Radius + k.Controller.Offset(); maxY < want-0.02 {
			t.Errorf("%s: highest centre y %v on the stairs, want the top step's %v", recipe, maxY, want)
		}
	}
}

// TestGLTFDoorAndSpawn: the door (extras naming the sensor "zone") slides
// 3 m up at 2 m/s while a character stands in the zone; the spawn point
// (an empty with the custom property spawn) is at (2, 0, 2) facing +Z.
func TestGLTFDoorAndSpawn(t *testing.T) {
	w := donburi.NewWorld()
	if _, err := prefabs.SpawnLevel(w, testGLB); err != nil {
		t.Fatal(err)
	}
	lvE, _ := components.Level.First(w)
	lv := components.Level.Get(lvE)
	if len(lv.Spawns) != 1 || lv.Spawns[0].Name != "start" || lv.Spawns[0].Position.Sub(mgl64.Vec3{2, 0, 2}).Len() > 1e-6 ||
		math.Abs(lv.Spawns[0].Yaw-math.Pi/2) > 1e-6 {
		t.Fatalf("spawns %+v, want start at (2, 0, 2) facing +Z (yaw π/2)", lv.Spawns)
	}
	if lv.Movers == nil || len(lv.Movers.Doors) != 1 {
		t.Fatalf("doors: %+v", lv.Movers)
	}
	door := lv.Movers.Doors[0].Collider
	if _, err := prefabs.Spawn(w, "capsule_walker", prefabs.At(mgl64.Vec3{0, 0.91, 6})); err != nil {
		t.Fatal(err)
	}
	p := systems.NewPipeline(w, systems.Options{TickRate: 60})
	for i := 0; i < 120; i++ { // 2 s: 1.5 s to open 3 m at 2 m/s
		p.Step()
	}
	pos, _, _ := lv.World.Transform(door)
	if math.Abs(pos[1]-4.5) > 1e-6 {
		t.Fatalf("door at y %v after 2 s with someone in the zone, want 4.5 (open)", pos[1])
	}
}
