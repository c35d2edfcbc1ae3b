package systems_test

import (
	"math"
	"testing"

	"github.com/go-gl/mathgl/mgl64"
	"github.com/seedgames/motorkit/components"
	"github.com/seedgames/motorkit/prefabs"
	"github.com/seedgames/motorkit/systems"
	"github.com/yohamta/donburi"
)

// TestConveyorCarries: a character standing still on a conveyor belt
// (surface_velocity 2 m/s along +Z) is carried 2 m in 1 s, stays grounded,
// and the belt itself does not move.
func TestConveyorCarries(t *testing.T) {
	w := donburi.NewWorld()
	spec := &prefabs.LevelSpec{Boxes: []prefabs.BoxSpec{
		{Center: [3]float64{0, -0.5, 0}, Half: [3]float64{50, 0.5, 50}},
		{Center: [3]float64{0, 0.1, 0}, Half: [3]float64{2, 0.1, 10}, SurfaceVelocity: [3]float64{0, 0, 2}},
	}}
	lv, err := spec.BuildLiving("belt.toml")
	if err != nil {
		t.Fatal(err)
	}
	prefabs.SetLevelData(w, lv)
	ent, err := prefabs.Spawn(w, "capsule_walker", prefabs.At(mgl64.Vec3{0, 1.11, -5}))
	if err != nil {
		t.Fatal(err)
	}
	p := systems.NewPipeline(w, systems.Options{TickRate: 60})
	e := w.Entry(ent)
	for i := 0; i < 30; i++ { // settle onto the belt
		p.Step()
	}
	start := components.Body.Get(e).Position
	for i := 0; i < 60; i++ {
		p.Step()
		if !components.KCC.Get(e).Grounded {
			t.Fatalf("tick %d: not grounded on the belt", i)
		}
	}
	d := components.Body.Get(e).Position.Sub(start)
	if math.Abs(d[2]-2) > 1e-6 || math.Abs(d[0]) > 1e-9 || math.Abs(d[1]) > 1e-9 {
		t.Fatalf("carried %v in 1 s, want (0, 0, 2)", d)
	}
	pos, _, _ := lv.World.Transform(1)
	if pos != (mgl64.Vec3{0, 0.1, 0}) {
		t.Fatalf("the belt moved to %v", pos)
	}
}

// TestSeesawRide: a character standing on a seesaw (a plank rocking 12°
// either way about X every 4 s) stays on it, grounded, through two periods,
// and is carried up and down with its end.
func TestSeesawRide(t *testing.T) {
	w := donburi.NewWorld()
	spec := &prefabs.LevelSpec{
		Boxes: []prefabs.BoxSpec{{Center: [3]float64{0, -0.5, 0}, Half: [3]float64{50, 0.5, 50}}},
		Platforms: []prefabs.PlatformSpec{{Half: [3]float64{1.5, 0.15, 3}, Waypoints: [][3]float64{{0, 1, 0}},
			SwingDeg: [3]float64{12, 0, 0}, SwingPeriod: 4}},
	}
	lv, err := spec.BuildLiving("seesaw.toml")
	if err != nil {
		t.Fatal(err)
	}
	prefabs.SetLevelData(w, lv)
	// On the plank's +Z half, 2 m from the pivot.
	ent, err := prefabs.Spawn(w, "capsule_walker", prefabs.At(mgl64.Vec3{0, 1.15 + 0.91, 2}))
	if err != nil {
		t.Fatal(err)
	}
	p := systems.NewPipeline(w, systems.Options{TickRate: 60})
	e := w.Entry(ent)
	lo, hi := math.Inf(1), math.Inf(-1)
	for i := 0; i < 480; i++ {
		p.Step()
		if i > 30 && !components.KCC.Get(e).Grounded {
			t.Fatalf("tick %d: fell off the seesaw at %v", i, components.Body.Get(e).Position)
		}
		y := components.Body.Get(e).Position[1]
		lo, hi = math.Min(lo, y), math.Max(hi, y)
	}
	// 2 m from the pivot the deck rises and falls by about 2·sin 12° = 0.42 m.
	if hi-lo < 0.6 || hi-lo > 1.0 {
		t.Fatalf("rode between y %v and %v (%.2f m), want about 0.83 m of travel", lo, hi, hi-lo)
	}
}
