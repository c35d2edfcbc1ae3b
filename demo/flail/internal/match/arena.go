package match

import (
	_ "embed"
	"math"
	"os"

	"github.com/go-gl/mathgl/mgl64"
	"github.com/seedgames/motorkit/flail"
)

// DemoTuning is the demo's embedded tuning override (demo.toml), decoded
// over flail.DefaultConfig.
//
//go:embed demo.toml
var DemoTuning []byte

// Config returns the demo's tuning: flail.DefaultConfig, then demo.toml,
// then the user file at path when path is not empty. Unknown keys and
// out-of-range values are errors naming the file and the key.
func Config(path string) (flail.Config, error) {
	cfg := flail.DefaultConfig()
	if err := cfg.Decode(DemoTuning, "demo/flail/internal/match/demo.toml"); err != nil {
		return cfg, err
	}
	if path == "" {
		return cfg, nil
	}
	data, err := os.ReadFile(path)
	if err != nil {
		return cfg, err
	}
	err = cfg.Decode(data, path)
	return cfg, err
}

// WallThickness is the thickness (m) of the arena's outer walls.
const WallThickness = 1.0

// Arena returns the demo's playfield for the tuning: the square of side
// arena.size with outer walls, a diamond in the middle, four bars around it
// and four pillars toward the corners. Obstacle sizes scale with the
// arena.
func Arena(cfg flail.Config) *flail.Arena {
	half := cfg.Arena.Size / cfg.UnitsPerMeter / 2
	s := half / 20 // 1 for the demo's 40 m arena
	var boxes []flail.Box
	boxes = append(boxes, flail.Box{Center: mgl64.Vec3{}, HalfX: 1.6 * s, HalfZ: 1.6 * s, Yaw: math.Pi / 4})
	for _, d := range [4][2]float64{{1, 0}, {-1, 0}, {0, 1}, {0, -1}} {
		c := mgl64.Vec3{d[0] * 9 * s, 0, d[1] * 9 * s}
		hx, hz := 0.5*s, 3.2*s
		if d[0] == 0 {
			hx, hz = hz, hx
		}
		boxes = append(boxes, flail.Box{Center: c, HalfX: hx, HalfZ: hz})
	}
	for _, d := range [4][2]float64{{1, 1}, {-1, 1}, {1, -1}, {-1, -1}} {
		c := mgl64.Vec3{d[0] * 12.5 * s, 0, d[1] * 12.5 * s}
		boxes = append(boxes, flail.Box{Center: c, HalfX: 1.1 * s, HalfZ: 1.1 * s, Yaw: 0.35 * d[0] * d[1]})
	}
	return flail.NewArena(half, boxes, true, WallThickness)
}

// Corners returns the four corners of box b on the XZ plane, in order
// around it (for drawing). It uses the same rotation as flail.Box: local x
// maps to (cos yaw, 0, -sin yaw).
func Corners(b flail.Box) [4]mgl64.Vec3 {
	s, c := math.Sincos(b.Yaw)
	ax := mgl64.Vec3{c * b.HalfX, 0, -s * b.HalfX}
	az := mgl64.Vec3{s * b.HalfZ, 0, c * b.HalfZ}
	return [4]mgl64.Vec3{
		b.Center.Sub(ax).Sub(az),
		b.Center.Add(ax).Sub(az),
		b.Center.Add(ax).Add(az),
		b.Center.Sub(ax).Add(az),
	}
}
