package fps_test

import (
	"math"
	"testing"

	"github.com/seedgames/motorkit/kcc"
)

// TestAcceptanceSteepSlopeForwardSlidesDown replays a drop onto
// the 55° ramp while holding forward into it through the real pipeline
// (the KCC stage is the documented caller: vertical velocity zeroed only
// while grounded). It must slide down to the floor, never grounded on the
// slope. Bound: with gravity g, the stage sends the trapezoidal fall of
// the vertical speed u it read back, the controller keeps its component
// along the slope (sin a) and the stage reads back the vertical part, so
// per tick the slide is at least sin(a)*(g*dt/2)*dt (gravity along the
// slope, g*sin(a), acting for one tick) and u' = sin²a*(u + g*dt/2). The
// test iterates that model for the slope length between first contact and
// the floor and allows 10 ticks more. (The fps motor accelerates its planar
// velocity from the read-back value, which the blocked push zeroes; kcc's
// TestLandingOnSteepSlopeSlidesDown covers a caller that sets the planar
// velocity from the wish every tick. This is the check through the real
// pipeline.)
func TestAcceptanceSteepSlopeForwardSlidesDown(t *testing.T) {
	res := replay(t, loadTrace(t, "steep_slope_forward.toml"))
	const dt = 1.0 / 60
	a := 55 * math.Pi / 180
	sa := math.Sin(a)
	land, floor := -1, -1
	for i, s := range res.Samples {
		if s.GroundState == kcc.GroundSteep && land < 0 {
			land = i
		}
		if s.Grounded {
			if s.Position[1] > 0.91+0.02 {
				t.Fatalf("tick %d: grounded on the slope at %v", i, s.Position)
			}
			floor = i
			break
		}
	}
	if land < 0 || floor < 0 {
		t.Fatalf("touched the slope on tick %d, reached the floor on tick %d (last %v)", land, floor, res.Samples[len(res.Samples)-1].Position)
	}
	// The motor's gravity, measured from the free fall before the contact.
	g := (res.Samples[1].Velocity[1] - res.Samples[2].Velocity[1]) / dt
	L := (res.Samples[land].Position[1] - 0.91) / sa
	n, u, slid := 0, 0.0, 0.0
	for slid < L && n < 100000 {
		slid += sa * (u + g*dt/2) * dt
		u = sa * sa * (u + g*dt/2)
		n++
	}
	if got := floor - land; got > n+10 {
		t.Fatalf("reached the floor %d ticks after touching the slope, model %d+10 (g %v, slide %.3f m)", got, n, g, L)
	}
}
