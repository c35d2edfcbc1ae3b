package kcc

import (
	"math"
	"slices"
	"testing"

	"github.com/go-gl/mathgl/mgl64"
)

// slopeSpeeds walks the test capsule at v m/s over a ramp of angle deg
// (up, or down from the plateau) and returns the median along-surface
// speed |translation|/dt and horizontal speed over the ticks that start and
// end with the ramp as the ground (the ramp's normal as GroundNormal).
func slopeSpeeds(t *testing.T, deg, v float64, down, constant bool) (along, horiz float64, flips int) {
	t.Helper()
	const rise = 2.0
	a := deg * math.Pi / 180
	w := rampWorld(deg, 1, rise)
	cfg := DefaultConfig()
	cfg.FloorConstantSpeed = constant
	n := mgl64.Vec3{-math.Sin(a), math.Cos(a), 0}
	start, dir := mgl64.Vec3{-1, restY(0), 0}, 1.0
	if down {
		start, dir = mgl64.Vec3{1 + rise/math.Tan(a) + 3, restY(rise), 0}, -1
	}
	// The documented caller (the pipeline's KCC stage): no gravity while
	// grounded, so only the controller's slope handling shapes the speed.
	c := NewController(cfg)
	pos, vy, grounded := start, 0.0, true
	var alongs, horizs []float64
	prevOnRamp := false
	for i := 0; i < 120; i++ {
		if !grounded {
			vy -= testG * testDt
		}
		res := c.Move(w, testShape, pos, mgl64.Vec3{dir * v * testDt, vy * testDt, 0})
		pos = pos.Add(res.Translation)
		if res.Grounded != grounded && i > 0 {
			flips++
		}
		grounded = res.Grounded
		if grounded {
			vy = 0
		}
		onRamp := grounded && res.GroundNormal.Sub(n).Len() < 1e-9
		if onRamp && prevOnRamp {
			tr := res.Translation
			alongs = append(alongs, tr.Len()/testDt)
			horizs = append(horizs, math.Hypot(tr[0], tr[2])/testDt)
		}
		prevOnRamp = onRamp
	}
	if len(alongs) < 5 {
		t.Fatalf("%v deg down=%v: only %d ticks on the ramp", deg, down, len(alongs))
	}
	return median(alongs), median(horizs), flips
}

func median(xs []float64) float64 {
	ys := slices.Clone(xs)
	slices.Sort(ys)
	return ys[len(ys)/2]
}

// On a walkable slope of angle a, a horizontal request of speed v moves
// the character along the surface. By default the horizontal speed is kept
// (the request is lifted onto the plane), so the speed along the surface is
// v/cos(a). With FloorConstantSpeed the request is turned along the plane
// keeping its length, so the speed along the surface is v and the
// horizontal speed v*cos(a). Both hold up and down the ramp, with no
// grounded flips.
func TestSlopeSpeedDefaultAndConstant(t *testing.T) {
	const v = 6.0
	for _, deg := range []float64{20, 30, 45} {
		c := math.Cos(deg * math.Pi / 180)
		for _, down := range []bool{false, true} {
			along, horiz, flips := slopeSpeeds(t, deg, v, down, false)
			if math.Abs(along-v/c) > 1e-6*v || math.Abs(horiz-v) > 1e-6*v || flips != 0 {
				t.Errorf("default %v deg down=%v: along %.6f (want v/cos %.6f), horizontal %.6f (want %v), %d flips",
					deg, down, along, v/c, horiz, v, flips)
			}
			along, horiz, flips = slopeSpeeds(t, deg, v, down, true)
			if math.Abs(along-v) > 1e-6*v || math.Abs(horiz-v*c) > 1e-6*v || flips != 0 {
				t.Errorf("constant %v deg down=%v: along %.6f (want %v), horizontal %.6f (want v cos %.6f), %d flips",
					deg, down, along, v, horiz, v*c, flips)
			}
		}
	}
}
