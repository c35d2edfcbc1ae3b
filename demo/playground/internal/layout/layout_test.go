package layout

import (
	"image"
	"testing"

	"github.com/go-gl/mathgl/mgl64"
)

// TestMapFollowsPlayer: the minimap is centred on the player wherever it is
// (even far outside the level, falling), a point span/2 east of it is on the
// map's right edge, and what lies further out falls outside the box (the
// playground clips by drawing on the map's sub-image).
func TestMapFollowsPlayer(t *testing.T) {
	r := image.Rect(1000, 500, 1200, 700)
	for _, player := range []mgl64.Vec3{{0, 1, 0}, {350, -381, -90}} {
		x, y := MapPoint(r, 60, player, player)
		if x != 1100 || y != 600 {
			t.Fatalf("player at %v drawn at (%v, %v), want the centre (1100, 600)", player, x, y)
		}
		x, _ = MapPoint(r, 60, player, player.Add(mgl64.Vec3{30, 0, 0}))
		if x != 1200 {
			t.Fatalf("30 m east on a 60 m map: x %v, want the right edge 1200", x)
		}
		_, y = MapPoint(r, 60, player, player.Add(mgl64.Vec3{0, 0, -45}))
		if y >= float32(r.Min.Y) {
			t.Fatalf("45 m north on a 60 m map: y %v should be above the box (clipped)", y)
		}
	}
}

// TestPanelsDoNotOverlap: the HUD's panels never overlap at common sizes.
func TestPanelsDoNotOverlap(t *testing.T) {
	for _, sz := range [][2]int{{1280, 720}, {960, 600}, {1920, 1080}} {
		ps := For(sz[0], sz[1]).Panels()
		for i := range ps {
			for j := i + 1; j < len(ps); j++ {
				if ps[i].Overlaps(ps[j]) {
					t.Errorf("%dx%d: panels %d %v and %d %v overlap", sz[0], sz[1], i, ps[i], j, ps[j])
				}
			}
		}
	}
}
