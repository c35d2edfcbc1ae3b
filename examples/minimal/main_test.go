package main

import (
	"fmt"
	"strings"
	"testing"
)

// The basic motor accelerates at 40 m/s^2 toward 5 m/s. Forward (+X) for
// 2.5 s: 5*2.5 minus the ramp-up's 5*0.125/2 = 12.19 m. Then strafing right
// (+Z): the velocity turns from (5, 0, 0) to (0, 0, 5) along the straight
// line between them, |(−5, 0, 5)| = 7.07 m/s at 40 m/s^2, in 0.177 s, so x
// gains 5*0.177/2 = 0.44 m more (12.63) and z loses as much of its
// 5*2.5 = 12.5 (12.06). The jump at tick 60 changes nothing planar (the
// motor is at full speed already). Tick rounding: ±0.1 m.
func TestRun(t *testing.T) {
	var b strings.Builder
	if err := run(&b); err != nil {
		t.Fatal(err)
	}
	out := b.String()
	var x, y, z, speed float64
	var grounded bool
	var jumps int
	if _, err := fmt.Sscanf(out, "after 300 ticks: position (%f, %f, %f) m, speed %f m/s, grounded %t, jumps %d\n",
		&x, &y, &z, &speed, &grounded, &jumps); err != nil {
		t.Fatalf("output %q: %v", out, err)
	}
	if x < 12.53 || x > 12.73 || z < 11.96 || z > 12.16 {
		t.Errorf("x=%.2f z=%.2f, want 12.63±0.1 and 12.06±0.1", x, z)
	}
	if !grounded || jumps != 1 || speed < 4.99 || speed > 5.01 || y < 0.9 || y > 0.92 {
		t.Errorf("unexpected end state: %s", out)
	}
}
