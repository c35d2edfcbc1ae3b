package render

import (
	"image/color"
	"math"

	"github.com/go-gl/mathgl/mgl64"
	"github.com/seedgames/motorkit/kcc"
)

// Palette colors the level: Floor for collider 0 (the levels' ground box),
// Steep for faces too steep to walk on, and Solids cycled over the other
// colliders by ID.
var (
	Floor  = color.RGBA{150, 158, 168, 255}
	Steep  = color.RGBA{214, 112, 84, 255}
	Solids = [...]color.RGBA{
		{206, 184, 140, 255}, // sand
		{112, 172, 170, 255}, // teal
		{164, 152, 204, 255}, // lavender
		{164, 186, 112, 255}, // olive
		{206, 144, 156, 255}, // rose
		{132, 154, 196, 255}, // steel
	}
	// Player colors the character in third-person views.
	Player = color.RGBA{250, 200, 40, 255}
	// Walker colors the level's crowd walkers.
	Walker = color.RGBA{60, 200, 210, 255}
)

// ColliderColor is the base color of a level surface with unit normal n on
// collider id, given the cosine of the motor's steepest walkable slope: up
// faces steeper than that are Steep, collider 0 is Floor, others cycle
// through Solids.
func ColliderColor(id kcc.ColliderID, n mgl64.Vec3, walkableCos float64) color.RGBA {
	if n[1] > 0.2 && n[1] < walkableCos-1e-9 {
		return Steep
	}
	if id == 0 {
		return Floor
	}
	return Solids[int(id-1)%len(Solids)]
}

// AppendLevel appends the level triangles src (from kcc.World.AppendTriangles)
// to dst with their colors: every surface has the checker; the cosine of
// the steepest walkable slope decides which up faces are Steep. Sensors
// (trigger zones) are left out.
func AppendLevel(dst []Tri, src []kcc.Triangle, walkableCos float64) []Tri {
	return AppendLiving(dst, src, walkableCos, nil)
}

// Moving is the color of colliders that move (platforms, lifts, doors),
// moving or at rest: it stands out from every static color.
var Moving = color.RGBA{230, 40, 200, 255}

// AppendLiving is AppendLevel with the colliders for which moving reports
// true (a level's platforms, lifts and doors) drawn in Moving, steep faces
// included, so a lift at rest is not mistaken for the landing beside it.
func AppendLiving(dst []Tri, src []kcc.Triangle, walkableCos float64, moving func(kcc.ColliderID) bool) []Tri {
	if moving == nil {
		return AppendMarked(dst, src, walkableCos, nil)
	}
	return AppendMarked(dst, src, walkableCos, func(id kcc.ColliderID) Mark {
		if moving(id) {
			return MarkMoving
		}
		return 0
	})
}

// Mark says what a collider is beyond its shape, for drawing it as what it
// is: a set of the Mark bits.
type Mark uint8

// The marks.
const (
	// MarkMoving: a platform, lift or door (drawn in Moving).
	MarkMoving Mark = 1 << iota
	// MarkLadder: a ladder (package abilities), climbed on any upright
	// face: drawn in Ladder with rungs in Rung.
	MarkLadder
	// MarkWater: a water volume (a sensor box whose top is the surface):
	// its surface is drawn translucent in Water.
	MarkWater
	// MarkOneWay: a one-way platform, solid from above only: its top is
	// drawn in OneWay.
	MarkOneWay
)

// The abilities' colors: ladders (with darker rungs), water (translucent:
// it covers WaterBlend/256 of what is under it) and one-way tops.
var (
	Ladder     = color.RGBA{176, 120, 64, 255}
	Rung       = color.RGBA{74, 46, 22, 255}
	Water      = color.RGBA{40, 120, 230, 255}
	OneWay     = color.RGBA{160, 236, 72, 255}
	WaterBlend = uint8(150)
)

// rungStep is the spacing of a ladder's rungs and rungHalf half their
// thickness (m); rungOff lifts them off the face.
const (
	rungStep = 0.3
	rungHalf = 0.03
	rungOff  = 0.012
)

// AppendMarked is AppendLevel with each collider drawn as mark says it is
// (mark may be nil: nothing is marked): moving colliders in Moving, a
// ladder in Ladder (Moving when it moves) with horizontal rungs across its
// upright faces every 0.3 m, the surface of water translucent (the other
// trigger zones stay invisible), the top of a one-way platform in OneWay
// (its sides Moving when it moves).
func AppendMarked(dst []Tri, src []kcc.Triangle, walkableCos float64, mark func(kcc.ColliderID) Mark) []Tri {
	for i := range src {
		s := &src[i]
		var m Mark
		if mark != nil {
			m = mark(s.Collider)
		}
		if s.Sensor {
			// Trigger zones are invisible, as they are to collisions;
			// water shows its surface.
			if m&MarkWater != 0 && s.Normal[1] > 0.9 {
				dst = append(dst, Tri{A: s.A, B: s.B, C: s.C, Color: Water, Blend: WaterBlend})
			}
			continue
		}
		c := ColliderColor(s.Collider, s.Normal, walkableCos)
		switch {
		case m&MarkLadder != 0:
			c = Ladder
			if m&MarkMoving != 0 {
				c = Moving
			}
		case m&MarkOneWay != 0 && s.Normal[1] > 0.5:
			c = OneWay
		case m&MarkMoving != 0:
			c = Moving
		}
		dst = append(dst, Tri{A: s.A, B: s.B, C: s.C, Solid: s.Solid, Checker: true, Color: c})
		if m&MarkLadder != 0 && math.Abs(s.Normal[1]) < 0.3 {
			dst = appendRungs(dst, s)
		}
	}
	return dst
}

// appendRungs adds the rungs across triangle s of a ladder's upright face:
// a thin dark band every rungStep from the bottom of the triangle (the
// two triangles of a face share its height, so their bands meet).
func appendRungs(dst []Tri, s *kcc.Triangle) []Tri {
	lo := math.Min(s.A[1], math.Min(s.B[1], s.C[1]))
	hi := math.Max(s.A[1], math.Max(s.B[1], s.C[1]))
	off := s.Normal.Mul(rungOff)
	for y := lo + rungStep/2; y < hi; y += rungStep {
		p, q, ok := cutAt(s, y)
		if !ok {
			continue
		}
		p, q = p.Add(off), q.Add(off)
		d := mgl64.Vec3{0, rungHalf, 0}
		dst = append(dst,
			Tri{A: p.Sub(d), B: q.Sub(d), C: q.Add(d), Color: Rung},
			Tri{A: p.Sub(d), B: q.Add(d), C: p.Add(d), Color: Rung})
	}
	return dst
}

// cutAt returns where the horizontal plane at height y cuts triangle s: a
// segment p-q (ok is false when it misses or only touches a corner).
func cutAt(s *kcc.Triangle, y float64) (p, q mgl64.Vec3, ok bool) {
	vs := [3]mgl64.Vec3{s.A, s.B, s.C}
	var pts [2]mgl64.Vec3
	n := 0
	for k := 0; k < 3 && n < 2; k++ {
		a, b := vs[k], vs[(k+1)%3]
		if (a[1] < y) == (b[1] < y) {
			continue
		}
		t := (y - a[1]) / (b[1] - a[1])
		pts[n] = a.Add(b.Sub(a).Mul(t))
		n++
	}
	if n < 2 || pts[0].Sub(pts[1]).Len() < 1e-6 {
		return p, q, false
	}
	return pts[0], pts[1], true
}

// AppendCapsule appends a faceted capsule-like body (an octagonal prism with
// pointed caps) around the segment centre ± halfHeight*up of the given
// radius, plus a nose pointing along facing yaw so the character's facing
// shows. All faces are Solid.
func AppendCapsule(dst []Tri, centre mgl64.Vec3, radius, halfHeight, facing float64, c color.RGBA) []Tri {
	const n = 8
	top := centre.Add(mgl64.Vec3{0, halfHeight, 0})
	bot := centre.Sub(mgl64.Vec3{0, halfHeight, 0})
	apexT := top.Add(mgl64.Vec3{0, radius, 0})
	apexB := bot.Sub(mgl64.Vec3{0, radius, 0})
	ring := func(k int) mgl64.Vec3 {
		s, co := math.Sincos(float64(k) * 2 * math.Pi / n)
		return mgl64.Vec3{co * radius, 0, s * radius}
	}
	for k := 0; k < n; k++ {
		a, b := ring(k), ring(k+1)
		ta, tb := top.Add(a), top.Add(b)
		ba, bb := bot.Add(a), bot.Add(b)
		// Outward winding (normal = (B-A)x(C-A) points away from the axis).
		dst = append(dst,
			Tri{A: ba, B: tb, C: bb, Color: c, Solid: true},
			Tri{A: ba, B: ta, C: tb, Color: c, Solid: true},
			Tri{A: ta, B: apexT, C: tb, Color: c, Solid: true},
			Tri{A: ba, B: bb, C: apexB, Color: c, Solid: true})
	}
	// The nose: a small wedge at eye height along the facing.
	s, co := math.Sincos(facing)
	f := mgl64.Vec3{co, 0, s}
	rgt := mgl64.Vec3{-s, 0, co}
	eye := centre.Add(mgl64.Vec3{0, halfHeight * 0.8, 0})
	tip := eye.Add(f.Mul(radius + 0.25))
	l := eye.Add(f.Mul(radius * 0.7)).Sub(rgt.Mul(0.12))
	rr := eye.Add(f.Mul(radius * 0.7)).Add(rgt.Mul(0.12))
	upp := eye.Add(f.Mul(radius * 0.7)).Add(mgl64.Vec3{0, 0.12, 0})
	nose := color.RGBA{40, 40, 48, 255}
	dst = append(dst,
		Tri{A: l, B: upp, C: tip, Color: nose},
		Tri{A: upp, B: rr, C: tip, Color: nose},
		Tri{A: l, B: tip, C: rr, Color: nose})
	return dst
}
