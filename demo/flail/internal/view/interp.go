package view

import (
	"math"

	"github.com/go-gl/mathgl/mgl64"
)

// SnapDistance (m) is the largest per-tick move Lerp interpolates; a larger
// jump between the two ticks (a respawn, a teleport) is drawn at the new
// position at once instead of streaking across the arena.
const SnapDistance = 5.0

// Lerp returns the draw position between the previous tick's position prev
// and the current one cur for the runner's interpolation fraction alpha in
// [0, 1): prev + (cur-prev)*alpha. Alpha outside [0, 1] or NaN is clamped
// (NaN counts as 1, the newest state); a jump longer than SnapDistance
// returns cur; non-finite prev returns cur.
func Lerp(prev, cur mgl64.Vec3, alpha float64) mgl64.Vec3 {
	if !(alpha >= 0) {
		if math.IsNaN(alpha) {
			alpha = 1
		} else {
			alpha = 0
		}
	}
	if alpha > 1 {
		alpha = 1
	}
	d := cur.Sub(prev)
	l2 := d.Dot(d)
	if !(l2 <= SnapDistance*SnapDistance) {
		return cur
	}
	return mgl64.Vec3{prev[0] + d[0]*alpha, prev[1] + d[1]*alpha, prev[2] + d[2]*alpha}
}

// LerpAngle interpolates between angles a and b (radians) along the shorter
// arc.
func LerpAngle(a, b, alpha float64) float64 {
	if math.IsNaN(a) || math.IsInf(a, 0) {
		return b
	}
	d := math.Remainder(b-a, 2*math.Pi)
	if math.IsNaN(d) {
		return b
	}
	if !(alpha >= 0) {
		alpha = 0
	}
	if alpha > 1 {
		alpha = 1
	}
	return a + d*alpha
}
