package match

import (
	_ "embed"
	"os"

	"github.com/go-gl/mathgl/mgl64"
	"github.com/seedgames/motorkit/detmath"
	"github.com/seedgames/motorkit/flail"
	"github.com/seedgames/motorkit/prefabs"
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

// LevelSpec returns the demo's playfield as a level (the format of
// prefabs/levels): the square of side arena.size with outer walls, a
// diamond in the middle, four bars around it and four pillars toward the
// corners, boxes 3 m tall around the cars' plane y = 0. Obstacle sizes
// scale with the arena (the demo's 40 m arena has scale 1).
func LevelSpec(cfg flail.Config) prefabs.LevelSpec {
	half := cfg.Arena.Size / cfg.UnitsPerMeter / 2
	s := half / 20
	box := func(x, z, hx, hz, yawDeg float64) prefabs.BoxSpec {
		return prefabs.BoxSpec{Center: [3]float64{x, 0.5, z}, Half: [3]float64{hx, 1.5, hz}, RotDeg: [3]float64{0, yawDeg, 0}}
	}
	t := WallThickness / 2
	var spec prefabs.LevelSpec
	spec.Boxes = append(spec.Boxes,
		box(-half-t, 0, t, half+float64(2*t), 0), box(half+t, 0, t, half+float64(2*t), 0),
		box(0, -half-t, half+float64(2*t), t, 0), box(0, half+t, half+float64(2*t), t, 0),
		box(0, 0, float64(1.6*s), float64(1.6*s), 45))
	for _, d := range [4][2]float64{{1, 0}, {-1, 0}, {0, 1}, {0, -1}} {
		hx, hz := float64(0.5*s), float64(3.2*s)
		if d[0] == 0 {
			hx, hz = hz, hx
		}
		spec.Boxes = append(spec.Boxes, box(float64(d[0]*9*s), float64(d[1]*9*s), hx, hz, 0))
	}
	for _, d := range [4][2]float64{{1, 1}, {-1, 1}, {1, -1}, {-1, -1}} {
		spec.Boxes = append(spec.Boxes, box(float64(d[0]*12.5*s), float64(d[1]*12.5*s), float64(1.1*s), float64(1.1*s), float64(20*d[0]*d[1])))
	}
	return spec
}

// LevelName is the name the demo's level gets as the world's Level.
const LevelName = "flaildemo"

// Corners returns the four corners of box b on the XZ plane, in order
// around it (for drawing). It uses the same rotation as flail.Box: local x
// maps to (cos yaw, 0, -sin yaw).
func Corners(b flail.Box) [4]mgl64.Vec3 {
	s, c := detmath.Sincos(b.Yaw)
	ax := mgl64.Vec3{float64(c * b.HalfX), 0, float64(-s * b.HalfX)}
	az := mgl64.Vec3{float64(s * b.HalfZ), 0, float64(c * b.HalfZ)}
	return [4]mgl64.Vec3{
		b.Center.Sub(ax).Sub(az),
		b.Center.Add(ax).Sub(az),
		b.Center.Add(ax).Add(az),
		b.Center.Sub(ax).Add(az),
	}
}
