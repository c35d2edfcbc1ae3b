package layout

import (
	"image"

	"github.com/go-gl/mathgl/mgl64"
)

// HUD holds the panel rectangles of a W x H screen.
type HUD struct {
	// Info is the text panel (motor, speed, ground state, timers, metrics).
	Info image.Rectangle
	// Graph is the 5 s speed graph under it.
	Graph image.Rectangle
	// Help is the key help in the top-right corner.
	Help image.Rectangle
	// Map is the minimap in the bottom-right corner.
	Map image.Rectangle
	// Banner is the two message lines between the graph and the map
	// (tuning errors, saves).
	Banner image.Rectangle
	// Crosshair is the first-person crosshair at the centre.
	Crosshair image.Rectangle
}

// For returns the panels of a w x h screen.
func For(w, h int) HUD {
	const m = 8
	mapSize := min(200, h/3)
	return HUD{
		Info:      image.Rect(m, m, m+340, m+262),
		Graph:     image.Rect(m, h-m-110, m+340, h-m),
		Help:      image.Rect(w-m-340, m, w-m, m+146),
		Map:       image.Rect(w-m-mapSize, h-m-mapSize, w-m, h-m),
		Banner:    image.Rect(m+340+m, h-m-44, w-m-mapSize-m, h-m),
		Crosshair: image.Rect(w/2-9, h/2-9, w/2+10, h/2+10),
	}
}

// Panels lists every panel, for code that skips them all.
func (h HUD) Panels() []image.Rectangle {
	return []image.Rectangle{h.Info, h.Graph, h.Help, h.Map, h.Banner, h.Crosshair}
}

// MapPoint is where the world point p (XZ) falls on a top-down map drawn in
// r that shows span meters across, centred on centre: screen right is +X,
// screen down is +Z. The playground's minimap centres it on the player, so
// the map follows the player; points outside r are clipped by the caller.
func MapPoint(r image.Rectangle, span float64, centre, p mgl64.Vec3) (float32, float32) {
	s := float64(r.Dx()) / span
	return float32(float64(r.Min.X) + float64(r.Dx())/2 + (p[0]-centre[0])*s),
		float32(float64(r.Min.Y) + float64(r.Dy())/2 + (p[2]-centre[2])*s)
}
