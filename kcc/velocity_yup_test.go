package kcc

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/go-gl/mathgl/mgl64"
)

// VelocityAfter computes a Y-up controller's rule on the components
// (velocityAfterYUp, what the pipeline's KCC stage runs every tick) and any
// other up axis on vectors (velocityAfterAlong): for Up = +Y the two give
// equal results (the same numbers; only a zero's sign may differ, as the
// vector form adds and subtracts zero products) on random velocities,
// moves cut short or not, grounded, steep and airborne.
func TestVelocityAfterYUpIsTheRule(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	up := mgl64.Vec3{0, 1, 0}
	pick := func() float64 {
		switch r.IntN(6) {
		case 0:
			return 0
		case 1:
			return math.Copysign(0, -1)
		}
		return (r.Float64()*2 - 1) * 20
	}
	for i := 0; i < 200000; i++ {
		dt := 1.0 / 60
		vel := mgl64.Vec3{pick(), pick(), pick()}
		desired := vel.Mul(dt)
		res := MoveResult{Translation: desired, Grounded: r.IntN(3) == 0, GroundState: GroundState(r.IntN(3))}
		switch r.IntN(3) {
		case 0: // cut short along some axes
			for k := range res.Translation {
				if r.IntN(2) == 0 {
					res.Translation[k] *= r.Float64()
				}
			}
		case 1: // moved elsewhere (a slide)
			res.Translation = mgl64.Vec3{pick() * dt, pick() * dt, pick() * dt}
		}
		x, y, z := velocityAfterYUp(vel[0], vel[1], vel[2], desired[0], desired[1], desired[2],
			res.Translation[0], res.Translation[1], res.Translation[2], dt, res.GroundState == GroundSteep, res.Grounded)
		want := velocityAfterAlong(up, vel, desired, res, dt)
		if x != want[0] || y != want[1] || z != want[2] {
			t.Fatalf("vel %v desired %v res %+v: components (%v, %v, %v), vectors %v", vel, desired, res, x, y, z, want)
		}
	}
}
