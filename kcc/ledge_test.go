package kcc

import (
	"math"
	"testing"

	"github.com/go-gl/mathgl/mgl64"
)

// Walking off a ledge, slowly or not, the capsule leaves the edge cleanly.
// Its round bottom rolls over the edge only while the contact normal is
// within the climb limit (45°): resting the skin (Offset) off the edge, it
// leaves the ground once its centre is (r + Offset)·sin 45° = 0.2192 m past
// the edge (plus at most one tick of travel), having dropped at most
// (r + Offset)·(1 - cos 45°) = 0.0908 m; it neither hangs on the
// rim (rolling down it to nearly its full radius) nor snaps down into a
// fall that loses speed: no tick until it lands
// moves it less than v·dt along x (sliding off the rim it gains a little),
// and it leaves the ground once.
func TestLedgeWalkOffIsClean(t *testing.T) {
	const edge, height = 2.0, 3.0
	rollPast := (testRadius + DefaultOffset) * math.Sin(math.Pi/4)
	maxDrop := (testRadius + DefaultOffset) * (1 - math.Cos(math.Pi/4))
	for _, v := range []float64{0.25, 0.5, 1, 2, 5} {
		w := NewWorld()
		w.AddBox(mgl64.Vec3{0, -0.5, 0}, mgl64.Vec3{edge, 0.5, 2}, mgl64.QuatIdent())         // top at 0
		w.AddBox(mgl64.Vec3{0, -height - 0.5, 0}, mgl64.Vec3{40, 0.5, 40}, mgl64.QuatIdent()) // floor 3 m below
		s := newSim(t, w, DefaultConfig(), mgl64.Vec3{edge - 0.5, restY(0), 0})
		left, landed := -1, -1
		var lastPast, lastDrop float64 // at the last grounded tick
		for i := 0; i < int(10/v)*60 && landed < 0; i++ {
			x0 := s.pos[0]
			res := s.step(mgl64.Vec3{v, 0, 0}, 0)
			if dx := s.pos[0] - x0; landed < 0 && dx < v*testDt-1e-9 {
				t.Fatalf("v %v tick %d: moved %.6f m along x, want %.6f: speed lost", v, i, dx, v*testDt)
			}
			switch {
			case res.Grounded && left < 0:
				lastPast, lastDrop = s.pos[0]-edge, restY(0)-s.pos[1]
			case !res.Grounded && left < 0:
				left = i
				if past := s.pos[0] - edge; past < rollPast-1e-3 || lastPast > rollPast+1e-3 {
					t.Fatalf("v %v: on the rim up to %.4f m past the edge, left at %.4f; want the rim left at %.4f", v, lastPast, past, rollPast)
				}
				if lastDrop > maxDrop+1e-3 {
					t.Fatalf("v %v: dropped %.4f m while still on the rim, want at most %.4f", v, lastDrop, maxDrop)
				}
			case res.Grounded && left >= 0:
				landed = i
			}
		}
		if left < 0 || landed < 0 || s.transitions != 1 {
			t.Fatalf("v %v: left at tick %d, landed at %d, %d air-to-ground transitions (want 1, the landing)", v, left, landed, s.transitions)
		}
		if math.Abs(s.pos[1]-restY(-height)) > 2e-3 {
			t.Fatalf("v %v: landed at y %.4f, want %.4f", v, s.pos[1], restY(-height))
		}
	}
}
