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

// planeLevel is a side-view level that tries its best to knock a
// character out of the z = 0 plane: a floor; boxes turned about Y so
// their faces push along Z as well as X; a platform whose path drifts in
// Z as it rises and crosses; a lift that rises under a slab (1.2 m of
// room for a 1.8 m capsule: a crush); a sensor.
const planeLevel = `
[[box]]
center = [0.0, -0.5, 0.0]
half = [40.0, 0.5, 40.0]

[[box]]
center = [6.0, 0.5, 0.3]
half = [0.5, 0.5, 3.0]
rot_deg = [0.0, 35.0, 0.0]

[[box]]
center = [-6.0, 0.2, -0.4]
half = [1.0, 0.2, 3.0]
rot_deg = [0.0, -20.0, 10.0]

[[platform]]
half = [1.5, 0.25, 1.5]
waypoints = [[2.0, 0.25, 0.0], [4.0, 2.0, 1.0], [1.0, 1.0, -1.0]]
wait = [0.2, 0.2, 0.2]
speed = 1.5

[[box]]
center = [-12.0, 3.5, 0.0]
half = [4.0, 0.5, 4.0]

[[platform]]
half = [1.5, 0.25, 1.5]
waypoints = [[-12.0, -0.25, 0.0], [-12.0, 1.55, 0.0]]
wait = [0.3, 1000.0]
speed = 2.0

[[sensor]]
name = "gate"
center = [0.0, 1.0, 0.0]
half = [0.25, 1.0, 2.0]
`

// TestSideViewNeverLeavesThePlane walks, jumps and pushes six side-view
// characters around planeLevel for 1,200 ticks (20 s at 60 Hz) with
// scripted input that also asks to move along Z (Forward at a yaw
// between the axes): a character on a turned box, on the drifting
// platform, pushed by the others and crushed by the lift. Every tick,
// every one of them has z exactly 0 (the spawn's: not one bit off) and no
// velocity along Z, and nothing is NaN.
func TestSideViewNeverLeavesThePlane(t *testing.T) {
	w := donburi.NewWorld()
	lv, err := prefabs.BuildLivingLevel([]byte(planeLevel), "plane.toml")
	if err != nil {
		t.Fatal(err)
	}
	prefabs.SetLevelData(w, lv)
	side := prefabs.Override("[kcc]\nplane = \"side\"\npush_mask = 1\n")
	starts := []float64{-12, -6, 0.5, 2, 3.2, 6.2}
	var chars []donburi.Entity
	for _, x := range starts {
		e, err := prefabs.Spawn(w, "capsule_walker", side, prefabs.At(mgl64.Vec3{x, 2, 0}), prefabs.Facing(0.4))
		if err != nil {
			t.Fatal(err)
		}
		chars = append(chars, e)
	}
	p := systems.NewPipeline(w, systems.Options{TickRate: 60, CharacterCollisions: true})
	crushed := 0
	for tick := 0; tick < 1200; tick++ {
		for i, ent := range chars {
			cmd := components.Command.Get(w.Entry(ent))
			phase := (tick/90 + i) % 4
			cmd.Forward = []float64{1, -1, 0.5, 0}[phase]
			cmd.Strafe = []float64{0.3, 1, -1, 0}[phase]
			cmd.JumpPressed = (tick+15*i)%70 == 0
			cmd.JumpHeld = cmd.JumpPressed
		}
		p.Step()
		for i, ent := range chars {
			e := w.Entry(ent)
			b, k := components.Body.Get(e), components.KCC.Get(e)
			if math.Float64bits(b.Position[2]) != 0 || b.Velocity[2] != 0 {
				t.Fatalf("tick %d, character %d: position %v, velocity %v: left the plane", tick, i, b.Position, b.Velocity)
			}
			for _, v := range []float64{b.Position[0], b.Position[1], b.Velocity[0], b.Velocity[1]} {
				if math.IsNaN(v) || math.IsInf(v, 0) {
					t.Fatalf("tick %d, character %d: %v %v", tick, i, b.Position, b.Velocity)
				}
			}
			if k.Crushed {
				crushed++
			}
		}
	}
	if crushed == 0 {
		t.Fatalf("the lift never crushed its rider: the scene does not test a crush")
	}
}
