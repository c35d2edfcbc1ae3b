package abilities

import (
	"math"

	"github.com/go-gl/mathgl/mgl64"
	"github.com/seedgames/motorkit/detmath"
	"github.com/seedgames/motorkit/kcc"
)

// Surface is what a collider of the level is to the abilities.
type Surface uint8

// The surfaces.
const (
	// SurfaceSolid is any other collider.
	SurfaceSolid Surface = iota
	// SurfaceLadder is a ladder: a solid box climbed on the face a
	// character walks into.
	SurfaceLadder
	// SurfaceWater is a water volume: a sensor box whose top is the surface.
	SurfaceWater
	// SurfaceOneWay is solid from above, passable from below and the sides.
	SurfaceOneWay
)

// Level is a level's ladders, water and one-way colliders (a level's
// [[ladder]], [[water]] and one_way = true entries). The colliders are in
// the level's kcc.World; a ladder or water on a moving platform is that
// platform's collider, so it moves with it.
type Level struct {
	kinds []Surface // by collider ID
	// boxes are the ladders' and waters' half extents, in the order added.
	boxes []volume
	// OneWays is the number of one-way colliders.
	OneWays int
	oneWays []kcc.ColliderID // in the order marked
	waters  int
}

type volume struct {
	id   kcc.ColliderID
	kind Surface
	half mgl64.Vec3
}

// Mark records what collider id is (marking it again replaces what it
// was; SurfaceSolid makes it plain again). Ladders and water need their
// box's half extents (m); for one-way colliders half is ignored. A water
// collider should be a sensor (kcc.World.SetSensor) and upright.
func (l *Level) Mark(id kcc.ColliderID, s Surface, half mgl64.Vec3) {
	if id < 0 {
		return
	}
	for int(id) >= len(l.kinds) {
		l.kinds = append(l.kinds, SurfaceSolid)
	}
	switch l.kinds[id] {
	case SurfaceOneWay:
		l.OneWays--
		for i, o := range l.oneWays {
			if o == id {
				l.oneWays = append(l.oneWays[:i], l.oneWays[i+1:]...)
				break
			}
		}
	case SurfaceLadder, SurfaceWater:
		// Marked again: forget its box.
		for i, b := range l.boxes {
			if b.id == id {
				if b.kind == SurfaceWater {
					l.waters--
				}
				l.boxes = append(l.boxes[:i], l.boxes[i+1:]...)
				break
			}
		}
	}
	l.kinds[id] = s
	switch s {
	case SurfaceOneWay:
		l.OneWays++
		l.oneWays = append(l.oneWays, id)
	case SurfaceLadder, SurfaceWater:
		l.boxes = append(l.boxes, volume{id: id, kind: s, half: half})
		if s == SurfaceWater {
			l.waters++
		}
	}
}

// Kind returns what collider id is (SurfaceSolid for unknown ids and a nil
// Level).
func (l *Level) Kind(id kcc.ColliderID) Surface {
	if l == nil || id < 0 || int(id) >= len(l.kinds) {
		return SurfaceSolid
	}
	return l.kinds[id]
}

// Water returns the number of water volumes.
func (l *Level) Water() int {
	if l == nil {
		return 0
	}
	return l.waters
}

// box returns the half extents of ladder or water id.
func (l *Level) box(id kcc.ColliderID) (mgl64.Vec3, bool) {
	for _, b := range l.boxes {
		if b.id == id {
			return b.half, true
		}
	}
	return mgl64.Vec3{}, false
}

// WaterAt returns the surface height (m) of the water whose box holds the
// point p, and its collider; ok is false when p is in no water. Water
// boxes are upright: their top is level, at the centre's height plus the
// half height (a water's rotation turns it about the vertical only).
func (l *Level) WaterAt(w *kcc.World, p mgl64.Vec3) (surface float64, id kcc.ColliderID, ok bool) {
	if l == nil || w == nil {
		return 0, kcc.NoCollider, false
	}
	for _, b := range l.boxes {
		if b.kind != SurfaceWater {
			continue
		}
		c, q, err := w.Transform(b.id)
		if err != nil {
			continue
		}
		d := p.Sub(c)
		// Quick reject by the bounding sphere of the box.
		if detmath.Dot(d, d) > detmath.Dot(b.half, b.half) {
			continue
		}
		lp := detmath.Rotate(q.Conjugate(), d)
		if math.Abs(lp[0]) <= b.half[0] && math.Abs(lp[1]) <= b.half[1] && math.Abs(lp[2]) <= b.half[2] {
			return c[1] + b.half[1], b.id, true
		}
	}
	return 0, kcc.NoCollider, false
}

// Bounds is an axis-aligned box, Min to Max (empty when Min is above Max
// on an axis).
type Bounds struct{ Min, Max mgl64.Vec3 }

// Contains reports whether p is in the box (its faces included).
func (b *Bounds) Contains(p mgl64.Vec3) bool {
	return p[0] >= b.Min[0] && p[0] <= b.Max[0] && p[1] >= b.Min[1] && p[1] <= b.Max[1] && p[2] >= b.Min[2] && p[2] <= b.Max[2]
}

// WaterBounds returns a box around every water volume where it is now
// (around each one's bounding sphere, with a margin for rounding): every
// point WaterAt finds in water is in it. ok is false when the level has no
// water (b is then empty). The pipeline takes it once a tick, after the
// movers, for World.Water.
func (l *Level) WaterBounds(w *kcc.World) (b Bounds, ok bool) {
	inf := math.Inf(1)
	b = Bounds{Min: mgl64.Vec3{inf, inf, inf}, Max: mgl64.Vec3{-inf, -inf, -inf}}
	if l == nil || w == nil {
		return b, false
	}
	for _, v := range l.boxes {
		if v.kind != SurfaceWater {
			continue
		}
		c, _, err := w.Transform(v.id)
		if err != nil {
			continue
		}
		r := math.Sqrt(detmath.Dot(v.half, v.half))
		r += float64(r*1e-9) + 1e-9
		for i := range 3 {
			b.Min[i] = min(b.Min[i], c[i]-r)
			b.Max[i] = max(b.Max[i], c[i]+r)
		}
		ok = true
	}
	return b, ok
}

// AppendOneWayBounds appends to dst a box around each one-way collider
// where it is now (kcc.World.Bounds) and returns it: the pipeline takes
// them once a tick and asks its one-way rule about the moves that may
// reach one.
func (l *Level) AppendOneWayBounds(w *kcc.World, dst []Bounds) []Bounds {
	if l == nil || w == nil {
		return dst
	}
	for _, id := range l.oneWays {
		lo, hi, err := w.Bounds(id)
		if err != nil {
			continue
		}
		dst = append(dst, Bounds{Min: lo, Max: hi})
	}
	return dst
}

// Overlaps reports whether the boxes b and o share a point.
func (b *Bounds) Overlaps(o *Bounds) bool {
	return b.Min[0] <= o.Max[0] && o.Min[0] <= b.Max[0] && b.Min[1] <= o.Max[1] && o.Min[1] <= b.Max[1] &&
		b.Min[2] <= o.Max[2] && o.Min[2] <= b.Max[2]
}

// ladderFrame returns ladder id's up axis, the height along it of its
// top above the point p and its length.
func (l *Level) ladderFrame(w *kcc.World, id kcc.ColliderID, p mgl64.Vec3) (up mgl64.Vec3, topAbove, length float64, ok bool) {
	half, ok := l.box(id)
	if !ok {
		return up, 0, 0, false
	}
	c, q, err := w.Transform(id)
	if err != nil {
		return up, 0, 0, false
	}
	up = detmath.Rotate(q, mgl64.Vec3{0, 1, 0})
	top := c.Add(detmath.Scale(up, half[1]))
	return up, detmath.Dot(top.Sub(p), up), float64(2 * half[1]), true
}

// OneWayRule is the one-way platforms' rule for a contact with a one-way
// collider: it is ignored when met from below or from the side (its normal,
// from the collider toward the capsule, points less than 60° from up) or
// while the capsule overlaps it (the feet sank below its top). A contact
// from above is kept. Games with a kcc.ContactListener of their own can
// call it for the same behaviour.
func OneWayRule(ev kcc.ContactEvent) kcc.ContactAction {
	if ev.Normal[1] < 0.5 || ev.Distance < 0 {
		return kcc.ContactIgnore
	}
	return kcc.ContactAccept
}
