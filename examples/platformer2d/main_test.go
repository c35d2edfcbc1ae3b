package main

import (
	"fmt"
	"strings"
	"testing"
)

// The hero runs right at Celeste's 90 px/s (its pixels, 8 a metre:
// 11.25 m/s, 180 of this level's 16 px tiles' pixels a second) and jumps
// once a second, from x = 184 px: unhindered it would cover 900 px in
// 5 s, but the sample's rooms have walls and steps higher than a jump,
// so it ends more than 300 px right of its start, inside the room
// (848 x 336 px), having landed from its jumps (five presses: at least
// four landings).
func TestRun(t *testing.T) {
	var b strings.Builder
	if err := run(&b, "../../ldtk/testdata/Typical_2D_platformer_example.ldtk"); err != nil {
		t.Fatal(err)
	}
	var x, y, dx float64
	var landings int
	var grounded bool
	if _, err := fmt.Sscanf(b.String(), "after 300 ticks: hero at (%f, %f) px, %f px right of its start, %d landings, grounded %t\n",
		&x, &y, &dx, &landings, &grounded); err != nil {
		t.Fatalf("output %q: %v", b.String(), err)
	}
	if dx < 300 || x > 848 || y < 0 || y > 336 || landings < 4 {
		t.Errorf("unexpected run: %s", b.String())
	}
}
