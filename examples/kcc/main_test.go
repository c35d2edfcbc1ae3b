package main

import (
	"fmt"
	"math"
	"strings"
	"testing"
)

// The figures the example prints, derived:
//   - stairs: the feet never rise above the plateau (0.75 m) plus the 0.01 m
//     skin and the vertical velocity never turns upward (steps are position
//     corrections); walking off the ledge at x=6 at 3 m/s (t=2 s, tick
//     ~119) the character falls 0.75 m in sqrt(2*0.75/20) = 0.27 s
//     (16 ticks) and lands about tick 136..140; x = 3*2.5 = 7.5 m.
//   - ramp: 4 m/s planar for 1.5 s is z=-5+6 = 1; 5 m of it on the 20°
//     ramp rises 5*tan20 = 1.82 m, plus the skin and the capsule's rounded
//     bottom on a slope, r*(1/cos20-1) = 0.02 m: feet at 1.85 m.
//   - platform: 2 m/s for the 59 ticks after the first grounded one:
//     59/60*2 = 1.97 m.
func TestRun(t *testing.T) {
	var b strings.Builder
	if err := run(&b); err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSpace(b.String()), "\n")
	if len(lines) != 3 {
		t.Fatalf("want 3 lines, got %q", b.String())
	}
	var top, vy, x float64
	var landed int
	if _, err := fmt.Sscanf(lines[0], "stairs: highest feet %f m (plateau 0.75 + 0.01 skin), highest vy %f m/s, landed below the ledge at tick %d, x=%f",
		&top, &vy, &landed, &x); err != nil {
		t.Fatalf("%q: %v", lines[0], err)
	}
	if top > 0.76+1e-6 || vy > 0 || landed < 135 || landed > 141 || math.Abs(x-7.5) > 0.01 {
		t.Errorf("stairs: %s", lines[0])
	}
	var feet, z float64
	var grounded bool
	if _, err := fmt.Sscanf(lines[1], "ramp: feet at %f m, z=%f, grounded %t", &feet, &z, &grounded); err != nil {
		t.Fatalf("%q: %v", lines[1], err)
	}
	if math.Abs(feet-1.85) > 0.02 || math.Abs(z-1) > 0.02 || !grounded {
		t.Errorf("ramp: %s", lines[1])
	}
	var carried float64
	var on bool
	if _, err := fmt.Sscanf(lines[2], "platform: carried %f m along +Z in 1 s, still on it: %t", &carried, &on); err != nil {
		t.Fatalf("%q: %v", lines[2], err)
	}
	if math.Abs(carried-59.0/60*2) > 0.01 || !on {
		t.Errorf("platform: %s", lines[2])
	}
}
