package view

import "math"

// Rect is a screen rectangle in pixels.
type Rect struct{ X, Y, W, H float64 }

// Contains reports whether pixel (x, y) is inside r.
func (r Rect) Contains(x, y float64) bool {
	return x >= r.X && x < r.X+r.W && y >= r.Y && y < r.Y+r.H
}

// Layout is where the HUD panels go on a screen of W x H pixels. The
// drawing code and the screenshot checker share it, so the checker knows
// which pixels belong to the playfield.
type Layout struct {
	W, H        float64
	Leaderboard Rect // top right
	Minimap     Rect // bottom right
	Stats       Rect // bottom left: energy, flail size, kills
	Feed        Rect // top left: kill feed
	Debug       Rect // left, below the feed: F1 overlay
}

// NewLayout computes the HUD layout for a w x h screen. The minimap's side
// is a fifth of the smaller screen side, between 120 and 220 px.
func NewLayout(w, h float64) Layout {
	m := 12.0
	mm := math.Max(120, math.Min(220, math.Min(w, h)/5))
	l := Layout{W: w, H: h}
	l.Leaderboard = Rect{w - 230 - m, m, 230, 40 + 11*20 + 4} // 10 rows + your rank
	l.Minimap = Rect{w - mm - m, h - mm - m, mm, mm}
	l.Stats = Rect{m, h - 112 - m, 280, 112}
	l.Feed = Rect{m, m, 420, 5 * 22}
	l.Debug = Rect{m, m + 5*22 + 8, 360, 330}
	return l
}

// Panels returns the panels always drawn over the playfield (the debug
// overlay is not one of them).
func (l Layout) Panels() []Rect { return []Rect{l.Leaderboard, l.Minimap, l.Stats, l.Feed} }

// InPanel reports whether pixel (x, y) is covered by a HUD panel.
func (l Layout) InPanel(x, y float64) bool {
	for _, r := range l.Panels() {
		if r.Contains(x, y) {
			return true
		}
	}
	return false
}
