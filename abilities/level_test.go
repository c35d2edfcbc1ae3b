package abilities

import (
	"strings"
	"testing"

	"github.com/go-gl/mathgl/mgl64"
	"github.com/seedgames/motorkit/kcc"
)

// Marking a collider again replaces what it was: the counts and the boxes
// follow.
func TestMarkAgain(t *testing.T) {
	w := kcc.NewWorld()
	a := w.AddBox(mgl64.Vec3{0, 1, 0}, mgl64.Vec3{1, 1, 1}, mgl64.QuatIdent())
	var l Level
	l.Mark(a, SurfaceWater, mgl64.Vec3{1, 1, 1})
	if l.Water() != 1 || l.Kind(a) != SurfaceWater {
		t.Fatalf("water: %d volumes, kind %v", l.Water(), l.Kind(a))
	}
	if s, id, ok := l.WaterAt(w, mgl64.Vec3{0.5, 1.5, 0}); !ok || id != a || s != 2 {
		t.Fatalf("WaterAt = %v %v %v, want surface 2 in collider %d", s, id, ok, a)
	}
	l.Mark(a, SurfaceOneWay, mgl64.Vec3{})
	if l.Water() != 0 || l.OneWays != 1 || len(l.boxes) != 0 {
		t.Fatalf("after one-way: %d water, %d one-way, %d boxes", l.Water(), l.OneWays, len(l.boxes))
	}
	if _, _, ok := l.WaterAt(w, mgl64.Vec3{0.5, 1.5, 0}); ok {
		t.Fatal("a one-way collider is not water")
	}
	l.Mark(a, SurfaceSolid, mgl64.Vec3{})
	if l.OneWays != 0 || l.Kind(a) != SurfaceSolid {
		t.Fatalf("after solid: %d one-way, kind %v", l.OneWays, l.Kind(a))
	}
	var nilLevel *Level
	if nilLevel.Kind(a) != SurfaceSolid || nilLevel.Water() != 0 {
		t.Fatal("a nil Level has no surfaces")
	}
	l.Mark(kcc.NoCollider, SurfaceLadder, mgl64.Vec3{1, 1, 1})
	if len(l.boxes) != 0 {
		t.Fatal("NoCollider marked")
	}
}

// Mode names are the TOML/HUD names; Ability tells the abilities' modes.
func TestModeNames(t *testing.T) {
	want := []string{"walk", "air", "climb", "swim", "hang", "mantle", "wall_slide"}
	for i, m := range Modes() {
		if m.String() != want[i] || m.Ability() != (i >= 2) {
			t.Errorf("mode %d: %q ability %v", i, m, m.Ability())
		}
	}
	if Mode(200).String() != "Mode(200)" || Mode(200).Ability() {
		t.Error("an unknown mode")
	}
}

// Config.Validate checks the enabled tables only, in order, and returns
// the first one's error.
func TestConfigValidate(t *testing.T) {
	c := Config{Climb: DefaultClimb(), Swim: DefaultSwim(), Ledge: DefaultLedge(), Wall: DefaultWall(), DropThrough: DefaultDropThrough()}
	if err := c.Validate("t"); err != nil {
		t.Fatalf("the defaults: %v", err)
	}
	c.Swim.Speed, c.Wall.JumpAngleDeg = -1, 200
	err := c.Validate("t")
	if err == nil || !strings.Contains(err.Error(), "swim.speed") || strings.Contains(err.Error(), "wall.") {
		t.Fatalf("a bad swim and wall: %v, want the swim table's error only", err)
	}
	c.Swim.Enabled = false
	if err := c.Validate("t"); err == nil || !strings.Contains(err.Error(), "wall.jump_angle_deg") {
		t.Fatalf("swim off, a bad wall: %v, want the wall table's error", err)
	}
	c.Wall.Enabled = false
	if err := c.Validate("t"); err != nil {
		t.Fatalf("the bad tables off: %v", err)
	}
}
