// Package fieldcrowd is the open-field crowd of the crowd tests and
// benchmarks of kcc and systems (tools/kcccompare/crowd.mjs plays the same
// crowd through Jolt): where the walkers start, which way they walk, their
// sideways weave, and what a run is measured by. It serves tests only.
//
// The walkers stand 1 m apart on a square grid of side ⌈√n⌉ (capsule
// centres at y = CentreY on a floor whose top is y = 0); even columns walk
// +x and odd ones -x at Speed, so neighbouring columns walk head-on into
// each other from the first tick, with a sideways weave of Speed times
// Weave(tick) along each walker's right.
package fieldcrowd

import (
	"math"

	"github.com/go-gl/mathgl/mgl64"
)

const (
	// Speed is the walkers' speed (m/s).
	Speed = 5.0
	// CentreY is the height of a walker's capsule centre standing on the
	// floor (half height 0.6 + radius 0.3 + skin 0.01).
	CentreY = 0.91
	// Touch is the axis distance under which two walkers count as
	// touching (m): twice the 0.3 m radius plus 5 cm.
	Touch = 0.65
)

// Start returns where n walkers start, and the grid's side.
func Start(n int) (pos []mgl64.Vec3, side int) {
	side = int(math.Ceil(math.Sqrt(float64(n))))
	pos = make([]mgl64.Vec3, n)
	for i := range pos {
		pos[i] = mgl64.Vec3{float64(i%side) - float64(side)/2, CentreY, float64(i/side) - float64(side)/2}
	}
	return pos, side
}

// Dir is the way walker i of a grid of side side walks along x: +1 in an
// even column, -1 in an odd one.
func Dir(i, side int) float64 {
	if i%side%2 == 1 {
		return -1
	}
	return 1
}

// Weave is the sideways input of tick n: a triangle wave between -0.3 and
// 0.3 with a 4 s period at 60 Hz (no transcendental function, so the input
// is the same bits everywhere).
func Weave(n uint64) float64 {
	ph := float64(n%240) / 240 // 0..1
	return 0.3 * (float64(4*math.Abs(ph-0.5)) - 1)
}

// Walked is how far the walkers that start in a pair (an even column and
// the odd one after it) walked along the way they face, from start to
// pos, the mean over them.
func Walked(start, pos []mgl64.Vec3, side int) float64 {
	sum, k := 0.0, 0
	for i := range pos {
		col := i % side
		if col%2 == 0 && (col+1 >= side || i+1 >= len(pos)) {
			continue // no partner
		}
		sum += Dir(i, side) * (pos[i][0] - start[i][0])
		k++
	}
	return sum / float64(k)
}

// AxisDistance is the distance between the axes (vertical segments of
// half length half) of two upright capsules centred at a and b.
func AxisDistance(a, b mgl64.Vec3, half float64) float64 {
	h := math.Hypot(a[0]-b[0], a[2]-b[2])
	gap := math.Max(0, math.Abs(a[1]-b[1])-2*half)
	return math.Hypot(h, gap)
}

// Meet returns the smallest axis distance of two upright capsules of half
// height half centred at pos, and how many of them touch another (axes
// closer than Touch), through a 1 m grid of the positions: each is compared
// with those in its cell and the eight around it.
func Meet(pos []mgl64.Vec3, half float64) (closest float64, touching int) {
	type key struct{ x, z int }
	cellOf := func(p mgl64.Vec3) key { return key{int(math.Floor(p[0])), int(math.Floor(p[2]))} }
	cells := map[key][]int{}
	for i, p := range pos {
		k := cellOf(p)
		cells[k] = append(cells[k], i)
	}
	touch := make([]bool, len(pos))
	closest = math.Inf(1)
	for i, p := range pos {
		k := cellOf(p)
		for dx := -1; dx <= 1; dx++ {
			for dz := -1; dz <= 1; dz++ {
				for _, j := range cells[key{k.x + dx, k.z + dz}] {
					if j <= i {
						continue
					}
					d := AxisDistance(p, pos[j], half)
					closest = math.Min(closest, d)
					if d < Touch {
						touch[i], touch[j] = true, true
					}
				}
			}
		}
	}
	for _, t := range touch {
		if t {
			touching++
		}
	}
	return closest, touching
}
