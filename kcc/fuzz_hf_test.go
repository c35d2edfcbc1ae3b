package kcc

import (
	"math"
	"testing"

	"github.com/go-gl/mathgl/mgl64"
)

// hfWorld builds a 12 x 12 heightfield of 0.5 m cells from the bytes (each
// a height in [0, 1.5] m; missing ones are 0) around the origin.
func hfWorld(heights []byte) *World {
	const n = 12
	hs := make([]float64, n*n)
	for i := range hs {
		if i < len(heights) {
			hs[i] = float64(heights[i]) / 255 * 1.5
		}
	}
	w := NewWorld()
	w.AddHeightfield(mgl64.Vec3{-3, 0, -3}, 0.5, n, n, hs)
	return w
}

// tightBound is how far a Move from rest in contact may go for a request d:
// the request's length, lifted onto a walkable slope (at most
// 1/cos(MaxSlopeClimbAngle) longer), plus one step up (MaxHeight and the
// skin twice) or a snap down (SnapToGround, less than a step), plus the
// skin that recovery restores. No step goes further ahead than asked.
func tightBound(cfg Config, d mgl64.Vec3) float64 {
	l := math.Min(d.Len(), cfg.MaxTranslation)
	b := l/math.Cos(cfg.MaxSlopeClimbAngle) + math.Max(cfg.SnapToGround, 0) + cfg.Offset
	if cfg.Autostep != nil {
		b = l/math.Cos(cfg.MaxSlopeClimbAngle) + math.Max(cfg.SnapToGround, cfg.Autostep.MaxHeight+2*cfg.Offset) + cfg.Offset
	}
	return b + 1e-6
}

func FuzzMoveHeightfieldTight(f *testing.F) {
	f.Add([]byte{0, 30, 60, 90, 120, 150, 180, 210, 240, 255, 10, 20}, 0.05, 0.0, 0.03, uint8(20))
	f.Add([]byte{255, 0, 255, 0, 255, 0, 128, 128, 40, 40, 200, 200, 0, 0, 90}, 0.06, -0.02, -0.05, uint8(40))
	f.Fuzz(func(t *testing.T, heights []byte, dx, dy, dz float64, steps uint8) {
		if !finite(dx) || !finite(dy) || !finite(dz) {
			return
		}
		w := hfWorld(heights)
		c := NewController(DefaultConfig())
		// settle from above onto the field
		pos := mgl64.Vec3{0.1, 4, 0.2}
		for i := 0; i < 60; i++ {
			pos = pos.Add(c.Move(w, testShape, pos, mgl64.Vec3{0, -0.2, 0}).Translation)
		}
		d := mgl64.Vec3{dx, dy, dz}
		if d.Len() > 0.5 {
			d = d.Mul(0.5 / d.Len())
		}
		for i := 0; i < int(steps%50)+1; i++ {
			if minDistance(w, testShape, pos) < -1e-6 {
				return // only moves that start out of the geometry are bounded
			}
			res := c.Move(w, testShape, pos, d)
			tr := res.Translation
			if l, lim := tr.Len(), tightBound(c.Config(), d); l > lim {
				t.Fatalf("step %d at %v: moved %v (%v) for a request of %v (length %v), bound %v", i, pos, l, tr, d, d.Len(), lim)
			}
			// In the request's half-space, but for the skin: except that a
			// request with a downward part slides down steep ground while
			// its push into the slope is blocked (docs/kcc.md).
			if dl := d.Len(); dl > 1e-3 && d[1] >= 0 {
				if back := -tr.Dot(d) / dl; back > 2*c.Config().Offset+1e-6 {
					t.Fatalf("step %d at %v: moved %v, %v m against the request %v", i, pos, tr, back, d)
				}
			}
			pos = pos.Add(tr)
		}
	})
}
