package prefabs_test

import (
	"image"
	"image/color"
	"image/png"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/go-gl/mathgl/mgl64"
	"github.com/seedgames/motorkit/prefabs"
)

// TestHeightfieldPNG: a 16-bit grayscale PNG next to the level file gives
// the heights (black 0, white height_scale): a 5x3 image is 4x2 cells; a
// ray at each sample lands on its height. Bad references are errors naming
// the key.
func TestHeightfieldPNG(t *testing.T) {
	dir := t.TempDir()
	img := image.NewGray16(image.Rect(0, 0, 5, 3))
	for y := 0; y < 3; y++ {
		for x := 0; x < 5; x++ {
			img.SetGray16(x, y, color.Gray16{Y: uint16(x * 65535 / 4)})
		}
	}
	f, err := os.Create(filepath.Join(dir, "hills.png"))
	if err != nil {
		t.Fatal(err)
	}
	if err := png.Encode(f, img); err != nil {
		t.Fatal(err)
	}
	f.Close()
	level := func(body string) string {
		p := filepath.Join(dir, "terrain.toml")
		if err := os.WriteFile(p, []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	lv, err := prefabs.LoadLiving(level("[[heightfield]]\norigin = [0.0, 0.0, 0.0]\ncell_size = 2.0\npng = \"hills.png\"\nheight_scale = 4.0\n"))
	if err != nil {
		t.Fatal(err)
	}
	for x := 0; x < 5; x++ {
		want := float64(x*65535/4) / 65535 * 4
		hit, ok := lv.World.RayCast(mgl64.Vec3{float64(2 * x), 10, 2}, mgl64.Vec3{0, -1, 0}, 20)
		if !ok || math.Abs(hit.Point[1]-want) > 1e-9 {
			t.Fatalf("sample %d: ray hit %v %v, want height %v", x, hit.Point, ok, want)
		}
	}
	for _, c := range []struct{ body, want string }{
		{"[[heightfield]]\ncell_size = 1.0\npng = \"../hills.png\"\nheight_scale = 1.0\n", "inside the level's folder"},
		{"[[heightfield]]\ncell_size = 1.0\npng = \"none.png\"\nheight_scale = 1.0\n", "none.png"},
		{"[[heightfield]]\ncell_size = 1.0\npng = \"hills.png\"\nheight_scale = 0.0\n", "height_scale"},
		{"[[heightfield]]\ncell_size = 1.0\npng = \"hills.png\"\nheight_scale = 1.0\ncols = 7\n", "4x2 cells"},
	} {
		_, err := prefabs.LoadLiving(level(c.body))
		if err == nil || !strings.Contains(err.Error(), "heightfield[0].png") || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%q: %v, want an error on heightfield[0].png mentioning %q", c.body, err, c.want)
		}
	}
}
