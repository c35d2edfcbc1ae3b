package play

import "github.com/go-gl/mathgl/mgl64"

// SpeedSamples is the length of the speed graph: 5 s of ticks.
const SpeedSamples = 5 * TickRate

// TrailPoints is the length of the minimap trail: one point every
// TrailEvery ticks for 8 s.
const (
	TrailEvery  = 4
	TrailPoints = 8 * TickRate / TrailEvery
)

// History is the rolling data of the HUD, sampled every tick (not every
// frame, so it is the same at any frame rate): the planar speed of the last
// 5 s and the trail of the last 8 s.
type History struct {
	speed  [SpeedSamples]float64
	trail  [TrailPoints]mgl64.Vec3
	ns, nt int // samples written
}

func (h *History) add(tick uint64, pos mgl64.Vec3, speed float64) {
	h.speed[h.ns%SpeedSamples] = speed
	h.ns++
	if tick%TrailEvery == 0 {
		h.trail[h.nt%TrailPoints] = pos
		h.nt++
	}
}

// Speeds calls f for each stored speed sample, oldest first; i counts from
// 0 and n is how many there are.
func (h *History) Speeds(f func(i, n int, v float64)) {
	n := min(h.ns, SpeedSamples)
	for i := 0; i < n; i++ {
		f(i, n, h.speed[(h.ns-n+i)%SpeedSamples])
	}
}

// Trail calls f for each stored trail point, oldest first.
func (h *History) Trail(f func(i, n int, p mgl64.Vec3)) {
	n := min(h.nt, TrailPoints)
	for i := 0; i < n; i++ {
		f(i, n, h.trail[(h.nt-n+i)%TrailPoints])
	}
}
