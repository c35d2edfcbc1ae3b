package main

import (
	"fmt"
	"image"
	"image/color"
	"strings"

	"github.com/go-gl/mathgl/mgl64"
	"github.com/seedgames/motorkit/demo/playground/internal/layout"
	"github.com/seedgames/motorkit/demo/playground/internal/render"
	"github.com/seedgames/motorkit/kcc"
)

// Step is the sample spacing in pixels.
const Step = 8

// Tolerance is the largest per-channel difference of a matching pixel.
const Tolerance = 8

// MinMatch is the fraction of samples (overall, sky, floor, occluded)
// that must match.
const MinMatch = 0.97

// Occluder and wall colliders of the playground course (see
// prefabs/levels/playground.toml): the pillar is box 1, the wall boxes 2-4.
const (
	pillar    = kcc.ColliderID(1)
	wallFirst = kcc.ColliderID(2)
	wallLast  = kcc.ColliderID(4)
	// MinOccluded is how many pillar-in-front-of-wall samples the course's
	// check needs at 1280x720 (scaled by the pixel count, at least 10).
	MinOccluded = 40
)

// Report counts the samples of one check.
type Report struct {
	Samples, Match          int
	Sky, SkyMatch           int
	Floor, FloorMatch       int
	Occluded, OccludedMatch int
	OccludedShowsWall       int
	Course                  bool
	Pixels                  int
	FirstMismatches         []string
}

func (r *Report) minOccluded() int {
	return max(10, MinOccluded*r.Pixels/(1280*720))
}

func frac(a, b int) float64 {
	if b == 0 {
		return 0
	}
	return float64(a) / float64(b)
}

// Err returns nil when the report passes, else what failed.
func (r *Report) Err() error {
	var fails []string
	if f := frac(r.Match, r.Samples); f < MinMatch {
		fails = append(fails, fmt.Sprintf("%.1f%% of %d samples match the ray-cast prediction, want >= %.0f%%", 100*f, r.Samples, 100*MinMatch))
	}
	if r.Sky < 20 || frac(r.SkyMatch, r.Sky) < MinMatch {
		fails = append(fails, fmt.Sprintf("sky: %d of %d samples match (want >= 20 samples, %.0f%%)", r.SkyMatch, r.Sky, 100*MinMatch))
	}
	if r.Floor < 20 || frac(r.FloorMatch, r.Floor) < MinMatch {
		fails = append(fails, fmt.Sprintf("floor: %d of %d samples match (want >= 20 samples, %.0f%%)", r.FloorMatch, r.Floor, 100*MinMatch))
	}
	if r.Course && (r.Occluded < r.minOccluded() || frac(r.OccludedMatch, r.Occluded) < MinMatch) {
		fails = append(fails, fmt.Sprintf("pillar in front of the wall: %d of %d samples show the pillar, %d show the wall (want >= %d samples, %.0f%%)",
			r.OccludedMatch, r.Occluded, r.OccludedShowsWall, r.minOccluded(), 100*MinMatch))
	}
	if len(fails) == 0 {
		return nil
	}
	if len(r.FirstMismatches) > 0 {
		fails = append(fails, "first mismatches: "+strings.Join(r.FirstMismatches, "; "))
	}
	return fmt.Errorf("screencheck: %s", strings.Join(fails, "; "))
}

func close8(a, b color.RGBA) bool {
	d := func(x, y uint8) bool { return int(x)-int(y) <= Tolerance && int(y)-int(x) <= Tolerance }
	return d(a.R, b.R) && d(a.G, b.G) && d(a.B, b.B)
}

// predict returns the color the view must show along the ray through
// pixel centre (x, y), the first collider hit (kcc.NoCollider for sky) and
// the collider behind the pillar when the pillar is hit first.
func predict(w *kcc.World, sh *layout.Shot, x, y float64) (want color.RGBA, first, behind kcc.ColliderID, wall color.RGBA) {
	cam := sh.Camera
	ray := cam.Ray(x, y)
	fwd, _, _ := cam.Basis()
	hit, ok := w.RayCast(cam.Pos, ray, 1e4)
	if !ok {
		return sh.Style.SkyColor(cam, y), kcc.NoCollider, kcc.NoCollider, color.RGBA{}
	}
	shade := func(h kcc.RayHit) color.RGBA {
		base := render.ColliderColor(h.Collider, h.Normal, sh.WalkableCos)
		return sh.Style.SurfaceColor(base, true, h.Normal, h.Point, h.Distance*ray.Dot(fwd))
	}
	want, first, behind = shade(hit), hit.Collider, kcc.NoCollider
	if first == pillar {
		// Continue through the pillar: the first hit of another collider.
		o := hit.Point
		for i := 0; i < 8; i++ {
			o = o.Add(ray.Mul(1e-4))
			h2, ok := w.RayCast(o, ray, 1e4)
			if !ok {
				break
			}
			if h2.Collider != pillar {
				behind = h2.Collider
				h2.Distance = h2.Point.Sub(cam.Pos).Len()
				wall = shade(h2)
				break
			}
			o = h2.Point
		}
	}
	return want, first, behind, wall
}

// nearBody reports whether the ray through (x, y) passes within the drawn
// body's reach (capsule radius plus its nose and a margin).
func nearBody(sh *layout.Shot, x, y float64) bool {
	if sh.ThirdPerson && nearCapsule(sh, sh.Body, x, y) {
		return true
	}
	for _, b := range sh.Others {
		if nearCapsule(sh, b, x, y) {
			return true
		}
	}
	return false
}

// nearCapsule reports whether the ray through (x, y) passes within body
// b's reach.
func nearCapsule(sh *layout.Shot, b layout.Body, x, y float64) bool {
	o, d := sh.Camera.Pos, sh.Camera.Ray(x, y)
	a := b.Centre.Sub(mgl64.Vec3{0, b.HalfHeight, 0})
	c := b.Centre.Add(mgl64.Vec3{0, b.HalfHeight, 0})
	// Distance between the ray and the segment a-c, by sampling the
	// segment (it is short).
	best := 1e9
	for i := 0; i <= 16; i++ {
		p := a.Add(c.Sub(a).Mul(float64(i) / 16))
		t := p.Sub(o).Dot(d)
		if t < 0 {
			t = 0
		}
		best = min(best, p.Sub(o.Add(d.Mul(t))).Len())
	}
	return best < b.Radius+0.5
}

// Check compares img with the prediction for every sample pixel.
func Check(img image.Image, sh *layout.Shot, w *kcc.World, course bool) *Report {
	bounds := img.Bounds()
	r := &Report{Course: course, Pixels: bounds.Dx() * bounds.Dy()}
	panels := sh.HUD.Panels()
	for py := Step / 2; py < bounds.Dy(); py += Step {
	sample:
		for px := Step / 2; px < bounds.Dx(); px += Step {
			pt := image.Pt(px, py)
			for _, p := range panels {
				if pt.In(p.Inset(-2)) {
					continue sample
				}
			}
			x, y := float64(px)+0.5, float64(py)+0.5
			if nearBody(sh, x, y) {
				continue
			}
			got := color.RGBAModel.Convert(img.At(bounds.Min.X+px, bounds.Min.Y+py)).(color.RGBA)
			want, first, behind, wall := predict(w, sh, x, y)
			ok := close8(got, want)
			r.Samples++
			if ok {
				r.Match++
			} else if len(r.FirstMismatches) < 5 {
				r.FirstMismatches = append(r.FirstMismatches, fmt.Sprintf("(%d,%d) got %v want %v (collider %d)", px, py, got, want, first))
			}
			switch first {
			case kcc.NoCollider:
				r.Sky++
				if ok {
					r.SkyMatch++
				}
			case 0:
				r.Floor++
				if ok {
					r.FloorMatch++
				}
			}
			if course && first == pillar && behind >= wallFirst && behind <= wallLast {
				r.Occluded++
				if ok && !close8(got, wall) {
					r.OccludedMatch++
				}
				if close8(got, wall) {
					r.OccludedShowsWall++
				}
			}
		}
	}
	return r
}
