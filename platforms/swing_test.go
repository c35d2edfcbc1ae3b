package platforms

import (
	"math"
	"testing"

	"github.com/go-gl/mathgl/mgl64"
	"github.com/seedgames/motorkit/detmath"
)

// TestSwing: a seesaw path rocks about its axis by amplitude·sin(2πt/T):
// level at t = 0, T/2 and T, fully tilted one way at T/4 and the other at
// 3T/4, and stays where it is; bad swings are refused.
func TestSwing(t *testing.T) {
	p := Path{Waypoints: []mgl64.Vec3{{1, 2, 3}}, Swing: mgl64.Vec3{0.2, 0, 0}, SwingPeriod: 4}
	if err := p.Validate(); err != nil {
		t.Fatal(err)
	}
	up := func(q mgl64.Quat) mgl64.Vec3 { return detmath.Rotate(q, mgl64.Vec3{0, 1, 0}) }
	for _, c := range []struct{ t, angle float64 }{{0, 0}, {1, 0.2}, {2, 0}, {3, -0.2}, {4, 0}, {0.5, 0.2 * math.Sin(math.Pi/4)}} {
		pos, rot := p.PoseAt(c.t)
		u := up(rot)
		// Rotating up by angle about +X gives (0, cos, sin).
		if pos != (mgl64.Vec3{1, 2, 3}) || math.Abs(u[1]-math.Cos(c.angle)) > 1e-12 || math.Abs(u[2]-math.Sin(c.angle)) > 1e-12 {
			t.Errorf("t %v: pos %v, up %v, want the tilt %v", c.t, pos, u, c.angle)
		}
	}
	for _, bad := range []Path{
		{Waypoints: []mgl64.Vec3{{}}, Swing: mgl64.Vec3{0.2, 0, 0}},               // no period
		{Waypoints: []mgl64.Vec3{{}}, Swing: mgl64.Vec3{4, 0, 0}, SwingPeriod: 2}, // beyond π
		{Waypoints: []mgl64.Vec3{{}}, Swing: mgl64.Vec3{math.NaN(), 0, 0}, SwingPeriod: 2},
	} {
		if err := bad.Validate(); err == nil {
			t.Errorf("swing %v period %v accepted", bad.Swing, bad.SwingPeriod)
		}
	}
}
