package main

import (
	"fmt"
	"math"
	"strings"
	"testing"
)

// Derived from the skater's rules at 60 Hz:
//   - pushing at 4 m/s^2 from rest for 60 ticks: 4 m/s, and the body moves
//     by the speed after each tick: sum 4i/60 * 1/60 for i = 1..60 = 2.033 m;
//   - gliding 120 ticks with q = 1/(1 + 0.5/60) per tick: 4*q^120 = 1.478
//     m/s, covering (4/60)*q(1-q^120)/(1-q) = 5.045 m; x = 7.078 m;
//   - the misspelt key is reported with its file and line.
func TestRun(t *testing.T) {
	var b strings.Builder
	if err := run(&b); err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSpace(b.String()), "\n")
	var pushed, glided, x float64
	if _, err := fmt.Sscanf(lines[0], "pushed 1 s: %f m/s; glided 2 s: %f m/s; at x=%f m", &pushed, &glided, &x); err != nil {
		t.Fatalf("%q: %v", lines[0], err)
	}
	q := 1 / (1 + 0.5/60)
	wantGlide := 4 * math.Pow(q, 120)
	wantX := 4.0*60*61/2/3600 + 4.0/60*q*(1-math.Pow(q, 120))/(1-q)
	if math.Abs(pushed-4) > 1e-3 || math.Abs(glided-wantGlide) > 1e-3 || math.Abs(x-wantX) > 0.01 {
		t.Errorf("got %s; want 4.000, %.3f, x=%.2f", lines[0], wantGlide, wantX)
	}
	if len(lines) != 2 || lines[1] != `typo.toml:4: key "motor.gilde": unknown key (did you mean "glide"?)` {
		t.Errorf("typo error: %q", lines[1:])
	}
}
