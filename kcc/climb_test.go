package kcc

import (
	"math"
	"testing"

	"github.com/go-gl/mathgl/mgl64"
)

// A grounded character walking horizontally into stairs or up a walkable
// ramp must keep its horizontal travel: a move's horizontal translation
// equals the request's (to 1e-9 m), except on at most two ticks per scene
// where a convex crest meets the capsule as a crease of two planes (the
// crease solve applies there; measured loss 0.2%, bound 1%). Projecting the request onto the rounded
// contact of a step's edge (or a ramp's face) instead of lifting it would
// shorten it by the contact's cos², which pipelines that read velocity back
// from the movement turn into a 30-50% speed loss at every step.
func TestGroundedHorizontalTravelIsKeptOnStairsAndRamps(t *testing.T) {
	const dt = 1.0 / 60
	worlds := map[string]*World{
		"stairs 0.2/0.4": stairsWorld(1, 0.2, 0.4, 6),
		"ramp 30":        rampWorld(30, 1, 2),
		"step 0.3":       stepWorld(1, 0.30),
	}
	for _, name := range []string{"stairs 0.2/0.4", "ramp 30", "step 0.3"} {
		w := worlds[name]
		for _, speed := range []float64{2, 5, 6, 8} {
			c := NewController(DefaultConfig())
			pos := mgl64.Vec3{0, restY(0), 0}
			grounded := true
			lossy := 0
			for i := 0; i < int(4/speed*60)+30; i++ {
				// The pipeline's grounded request: horizontal only.
				d := mgl64.Vec3{speed * dt, 0, 0}
				if !grounded {
					d[1] = -testG * dt * dt
				}
				res := c.Move(w, testShape, pos, d)
				if grounded && math.Abs(res.Translation[0]-d[0]) > 1e-9 {
					lossy++
					if lossy > 2 || res.Translation[0] < 0.99*d[0] {
						t.Fatalf("%s at %v m/s, tick %d (x=%.3f y=%.3f): horizontal travel %.6f, want %.6f (lossy ticks %d)",
							name, speed, i, pos[0], pos[1], res.Translation[0], d[0], lossy)
					}
				}
				if !res.Grounded {
					t.Fatalf("%s at %v m/s, tick %d: lost the ground at x=%.3f", name, speed, i, pos[0])
				}
				pos = pos.Add(res.Translation)
				grounded = res.Grounded
			}
		}
	}
}

// With the climb limit raised to 65°, a 55° ramp (steeper than the default
// 45°) is climbed at the requested speed along its surface, as Jolt and
// Rapier climb it, not at the requested horizontal speed (which would be
// 1/cos 55° = 1.74 times faster along the slope). A 30° ramp keeps the
// horizontal speed as before.
func TestSteepRampUnderARaisedLimitClimbsAtTheRequestedSpeed(t *testing.T) {
	cfg := DefaultConfig()
	cfg.MaxSlopeClimbAngle = 65 * math.Pi / 180
	for _, tc := range []struct {
		deg, want float64 // speed along the slope for a 3 m/s request
	}{
		{55, 3},
		{30, 3 / math.Cos(30*math.Pi/180)},
	} {
		w := rampWorld(tc.deg, 1, 20) // a long ramp from x = 1
		s := newSim(t, w, cfg, mgl64.Vec3{0, restY(0), 0})
		for i := 0; i < 30; i++ { // onto the ramp
			s.step(mgl64.Vec3{3, 0, 0}, 0)
		}
		p0 := s.pos
		for i := 0; i < 60; i++ {
			s.step(mgl64.Vec3{3, 0, 0}, 0)
			if !s.grounded {
				t.Fatalf("%v°: left the ground on tick %d", tc.deg, i)
			}
		}
		along := s.pos.Sub(p0).Len() // over 1 s
		if math.Abs(along-tc.want) > 0.02*tc.want {
			t.Errorf("%v° ramp under a 65° limit: %.3f m/s along the slope, want %.3f", tc.deg, along, tc.want)
		}
	}
}
