package play_test

import (
	"math"
	"os"
	"path/filepath"
	"testing"

	"github.com/seedgames/motorkit/demo/playground/internal/play"
)

// 10 frames of 1/60 s into a ring of 60: 60 FPS (the average over the
// whole ring read 10 FPS), 1 tick a frame: 60 TPS.
func TestRatesOverFilledFrames(t *testing.T) {
	var dts [60]float64
	var steps [60]int
	for i := 0; i < 10; i++ {
		dts[i], steps[i] = 1.0/60, 1
	}
	fps, tps := play.Rates(dts[:], steps[:], 10)
	if math.Abs(fps-60) > 1e-9 || math.Abs(tps-60) > 1e-9 {
		t.Fatalf("fps %v tps %v, want 60 and 60", fps, tps)
	}
	if fps, tps := play.Rates(dts[:], steps[:], 0); fps != 0 || tps != 0 {
		t.Fatalf("no frames: %v %v", fps, tps)
	}
	for i := range dts {
		dts[i], steps[i] = 1.0/30, 2
	}
	if fps, tps := play.Rates(dts[:], steps[:], 1000); math.Abs(fps-30) > 1e-9 || math.Abs(tps-60) > 1e-9 {
		t.Fatalf("full ring: fps %v tps %v, want 30 and 60", fps, tps)
	}
}

func TestCheckWritable(t *testing.T) {
	dir := t.TempDir()
	if err := play.CheckWritable(filepath.Join(dir, "rec.toml")); err != nil {
		t.Fatal(err)
	}
	left, _ := os.ReadDir(dir)
	if len(left) != 0 {
		t.Fatalf("left %d files behind", len(left))
	}
	if err := play.CheckWritable(filepath.Join(dir, "no", "such", "dir", "rec.toml")); err == nil {
		t.Fatal("a path in a missing folder passed")
	}
}

// After a switch to another motor the HUD does not name the old motor's
// tuning as the one in force.
func TestTuningLabel(t *testing.T) {
	tun := &play.Tuning{Source: "mine.toml", Kind: "arena"}
	for _, tc := range []struct {
		t     *play.Tuning
		motor string
		want  string
	}{
		{nil, "rpg", "prefab defaults"},
		{tun, "arena", "mine.toml (arena)"},
		{tun, "fps", "prefab defaults (mine.toml tunes arena)"},
	} {
		if got := play.TuningLabel(tc.t, tc.motor); got != tc.want {
			t.Errorf("TuningLabel(%v, %s) = %q, want %q", tc.t, tc.motor, got, tc.want)
		}
	}
}
