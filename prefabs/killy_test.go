package prefabs_test

import (
	"strings"
	"testing"

	"github.com/seedgames/motorkit/prefabs"
)

// TestKillY: a level's kill height is 10 m below its lowest geometry unless
// kill_y says otherwise; a non-finite kill_y is an error naming the key.
func TestKillY(t *testing.T) {
	lv, err := prefabs.LoadLiving("flat")
	if err != nil {
		t.Fatal(err)
	}
	// flat: a box whose bottom is at y = -1 (top 0, 0.5 half height).
	if lv.KillY != -11 {
		t.Fatalf("flat: kill height %v, want -11 (10 m below the floor's bottom at -1)", lv.KillY)
	}
	var s prefabs.LevelSpec
	s.Boxes = []prefabs.BoxSpec{{Center: [3]float64{0, -0.5, 0}, Half: [3]float64{5, 0.5, 5}}}
	k := -3.5
	s.KillY = &k
	got, err := s.BuildLiving("k.toml")
	if err != nil || got.KillY != -3.5 {
		t.Fatalf("kill_y -3.5: %v, %v", got.KillY, err)
	}
	bad := 1e300
	s.KillY = &bad
	if _, err := s.BuildLiving("k.toml"); err == nil || !strings.Contains(err.Error(), "kill_y") {
		t.Fatalf("kill_y 1e300: %v", err)
	}
}
