package main

import (
	"fmt"
	"image"
	"image/color"
	"math"
	"strings"

	"github.com/seedgames/motorkit/demo/flail/internal/view"
)

// Thresholds are the pass limits of Check.
type Thresholds struct {
	// MinColors is the number of distinct colors a non-blank frame has.
	MinColors int
	// MinLumaStd is the smallest standard deviation of luma (0..255).
	MinLumaStd float64
	// MinFloor is the fraction of playfield pixels (outside HUD panels)
	// that must be arena floor.
	MinFloor float64
	// CarRadius (px) around the screen center where the local car must be,
	// with at least MinCarPixels pixels of its color.
	CarRadius    float64
	MinCarPixels int
	// MinBotPixels bot-colored pixels must be on the playfield.
	MinBotPixels int
	// Tolerance per color channel when matching palette colors.
	Tolerance int
}

// DefaultThresholds suit the demo's default view (about 44 px per meter:
// a car of radius 0.3 m covers about 500 px).
var DefaultThresholds = Thresholds{MinColors: 64, MinLumaStd: 8, MinFloor: 0.25,
	CarRadius: 60, MinCarPixels: 80, MinBotPixels: 80, Tolerance: 6}

// Result holds what Check measured and which checks failed.
type Result struct {
	W, H       int
	Colors     int
	LumaStd    float64
	Floor      float64 // fraction of playfield pixels
	CarPixels  int
	BotPixels  int
	BotCenters int // bot-colored blobs (cells of 16 px holding >= 20 bot pixels)
	Failures   []string
}

// OK reports whether every check passed.
func (r Result) OK() bool { return len(r.Failures) == 0 }

// String is the report screencheck prints.
func (r Result) String() string {
	var b strings.Builder
	fmt.Fprintf(&b, "image %dx%d: %d colors, luma std %.1f\n", r.W, r.H, r.Colors, r.LumaStd)
	fmt.Fprintf(&b, "arena floor: %.1f%% of the playfield\n", 100*r.Floor)
	fmt.Fprintf(&b, "local car: %d px near the center\n", r.CarPixels)
	fmt.Fprintf(&b, "bots: %d px on the playfield in %d place(s)\n", r.BotPixels, r.BotCenters)
	if r.OK() {
		b.WriteString("PASS\n")
	} else {
		for _, f := range r.Failures {
			fmt.Fprintf(&b, "FAIL: %s\n", f)
		}
	}
	return b.String()
}

func near(c color.RGBA, r, g, b uint8, tol int) bool {
	d := func(x, y uint8) int {
		if x > y {
			return int(x - y)
		}
		return int(y - x)
	}
	return d(c.R, r) <= tol && d(c.G, g) <= tol && d(c.B, b) <= tol
}

// Check measures img against the demo's palette and HUD layout.
func Check(img image.Image, th Thresholds) Result {
	b := img.Bounds()
	w, h := b.Dx(), b.Dy()
	r := Result{W: w, H: h}
	if w < 320 || h < 240 {
		r.Failures = append(r.Failures, fmt.Sprintf("image %dx%d smaller than 320x240", w, h))
		return r
	}
	layout := view.NewLayout(float64(w), float64(h))
	colors := map[uint32]struct{}{}
	var sum, sum2 float64
	field, floor := 0, 0
	cx, cy := float64(w)/2, float64(h)/2
	const cell = 16
	cells := map[[2]int]int{}
	for y := 0; y < h; y++ {
		for x := 0; x < w; x++ {
			c := color.RGBAModel.Convert(img.At(b.Min.X+x, b.Min.Y+y)).(color.RGBA)
			if len(colors) <= th.MinColors*4 {
				colors[uint32(c.R)<<16|uint32(c.G)<<8|uint32(c.B)] = struct{}{}
			}
			l := 0.299*float64(c.R) + 0.587*float64(c.G) + 0.114*float64(c.B)
			sum += l
			sum2 += l * l
			fx, fy := float64(x)+0.5, float64(y)+0.5
			if layout.InPanel(fx, fy) {
				continue
			}
			field++
			if near(c, view.Floor.R, view.Floor.G, view.Floor.B, th.Tolerance) ||
				near(c, view.GridLine.R, view.GridLine.G, view.GridLine.B, th.Tolerance) {
				floor++
			}
			if math.Hypot(fx-cx, fy-cy) <= th.CarRadius && near(c, view.Me.R, view.Me.G, view.Me.B, th.Tolerance) {
				r.CarPixels++
			}
			for _, bc := range view.BotColors {
				if near(c, bc.R, bc.G, bc.B, th.Tolerance) {
					r.BotPixels++
					cells[[2]int{x / cell, y / cell}]++
					break
				}
			}
		}
	}
	n := float64(w * h)
	r.Colors = len(colors)
	mean := sum / n
	r.LumaStd = math.Sqrt(math.Max(0, sum2/n-mean*mean))
	if field > 0 {
		r.Floor = float64(floor) / float64(field)
	}
	r.BotCenters = blobs(cells, 20)
	if r.Colors < th.MinColors || r.LumaStd < th.MinLumaStd {
		r.Failures = append(r.Failures, fmt.Sprintf("blank-looking image: %d colors (need %d), luma std %.1f (need %.1f)",
			r.Colors, th.MinColors, r.LumaStd, th.MinLumaStd))
	}
	if r.Floor < th.MinFloor {
		r.Failures = append(r.Failures, fmt.Sprintf("arena floor covers %.1f%% of the playfield (need %.0f%%)", 100*r.Floor, 100*th.MinFloor))
	}
	if r.CarPixels < th.MinCarPixels {
		r.Failures = append(r.Failures, fmt.Sprintf("local car: %d px of its color within %.0f px of the center (need %d)",
			r.CarPixels, th.CarRadius, th.MinCarPixels))
	}
	// MinBotPixels 0 means bots are not required (a live online match:
	// whether one is in view at the moment of the shot is chance).
	if th.MinBotPixels > 0 && (r.BotPixels < th.MinBotPixels || r.BotCenters < 1) {
		r.Failures = append(r.Failures, fmt.Sprintf("bots: %d bot-colored px on the playfield (need %d)", r.BotPixels, th.MinBotPixels))
	}
	return r
}

// blobs counts groups of adjacent cells that each hold at least min
// pixels.
func blobs(cells map[[2]int]int, min int) int {
	seen := map[[2]int]bool{}
	n := 0
	for k, v := range cells {
		if v < min || seen[k] {
			continue
		}
		n++
		stack := [][2]int{k}
		seen[k] = true
		for len(stack) > 0 {
			c := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			for dx := -1; dx <= 1; dx++ {
				for dy := -1; dy <= 1; dy++ {
					q := [2]int{c[0] + dx, c[1] + dy}
					if cells[q] >= min && !seen[q] {
						seen[q] = true
						stack = append(stack, q)
					}
				}
			}
		}
	}
	return n
}
