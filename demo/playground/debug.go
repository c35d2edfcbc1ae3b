package main

import (
	"image/color"
	"math"

	"github.com/go-gl/mathgl/mgl64"
	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/vector"
	"github.com/seedgames/motorkit/abilities"
	"github.com/seedgames/motorkit/components"
	"github.com/seedgames/motorkit/demo/playground/internal/play"
	"github.com/seedgames/motorkit/demo/playground/internal/render"
	"github.com/seedgames/motorkit/kcc"
)

// Debug drawing colors: the capsule by ground state, and one per vector.
var (
	dbgGround   = color.RGBA{80, 230, 110, 255}
	dbgSteep    = color.RGBA{255, 160, 40, 255}
	dbgAir      = color.RGBA{90, 175, 255, 255}
	dbgVelocity = color.RGBA{255, 235, 60, 255}
	dbgWish     = color.RGBA{60, 235, 235, 255}
	dbgNormal   = color.RGBA{255, 255, 255, 255}
	dbgWall     = color.RGBA{255, 70, 70, 255}
	dbgCeiling  = color.RGBA{230, 80, 230, 255}
	dbgProbe    = color.RGBA{190, 160, 255, 255}
	// The hybrid motor's debug vectors, in its design's colors.
	dbgInput   = color.RGBA{255, 230, 0, 255}
	dbgFacing  = color.RGBA{240, 40, 40, 255}
	dbgBlended = color.RGBA{40, 220, 60, 255}
	dbgVelDir  = color.RGBA{50, 110, 255, 255}
	shadowCol  = color.RGBA{28, 30, 36, 255}
	// The abilities: ladders, water and one-way platforms, what a mode
	// holds and where a mantle goes.
	dbgLadder = color.RGBA{255, 170, 60, 255}
	dbgWater  = color.RGBA{110, 200, 255, 255}
	dbgOneWay = color.RGBA{170, 255, 80, 255}
	dbgHeld   = color.RGBA{255, 90, 200, 255}
	dbgTarget = color.RGBA{255, 255, 255, 255}
)

// overlay draws 3D debug lines on the screen through the render camera,
// whose image is scaled by sx, sy onto the screen.
type overlay struct {
	dst    *ebiten.Image
	cam    render.Camera
	sx, sy float32
}

// line draws the segment a-b when both ends are in front of the camera.
func (o overlay) line(a, b mgl64.Vec3, w float32, c color.Color) {
	ax, ay, _, aok := o.cam.Project(a)
	bx, by, _, bok := o.cam.Project(b)
	if !aok || !bok {
		return
	}
	vector.StrokeLine(o.dst, float32(ax)*o.sx, float32(ay)*o.sy, float32(bx)*o.sx, float32(by)*o.sy, w, c, true)
}

// arrow draws from p along d with a small head.
func (o overlay) arrow(p, d mgl64.Vec3, c color.Color) {
	l := d.Len()
	if l < 1e-6 {
		return
	}
	q := p.Add(d)
	o.line(p, q, 2, c)
	// head: two short lines back from the tip, sideways in the horizontal
	// plane (or along X for a vertical arrow)
	u := d.Mul(1 / l)
	side := u.Cross(mgl64.Vec3{0, 1, 0})
	if side.Len() < 1e-6 {
		side = mgl64.Vec3{1, 0, 0}
	}
	side = side.Normalize()
	h := math.Min(0.15, 0.3*l)
	o.line(q, q.Sub(u.Mul(h)).Add(side.Mul(h*0.6)), 2, c)
	o.line(q, q.Sub(u.Mul(h)).Sub(side.Mul(h*0.6)), 2, c)
}

// ring draws a horizontal circle.
// capsule outlines an upright capsule of radius r and half height hh
// centred at c: rings at the ends of its segment (and with middle one at
// c) and four sides of width w; it returns the segment's ends.
func (o overlay) capsule(c mgl64.Vec3, r, hh float64, w float32, middle bool, col color.Color) (top, bot mgl64.Vec3) {
	up := mgl64.Vec3{0, 1, 0}
	top, bot = c.Add(up.Mul(hh)), c.Sub(up.Mul(hh))
	o.ring(top, r, col)
	o.ring(bot, r, col)
	if middle {
		o.ring(c, r, col)
	}
	for _, d := range []mgl64.Vec3{{r, 0, 0}, {-r, 0, 0}, {0, 0, r}, {0, 0, -r}} {
		o.line(top.Add(d), bot.Add(d), w, col)
	}
	return top, bot
}

func (o overlay) ring(c mgl64.Vec3, r float64, col color.Color) {
	const n = 16
	prev := c.Add(mgl64.Vec3{r, 0, 0})
	for k := 1; k <= n; k++ {
		s, co := math.Sincos(float64(k) * 2 * math.Pi / n)
		p := c.Add(mgl64.Vec3{co * r, 0, s * r})
		o.line(prev, p, 1.5, col)
		prev = p
	}
}

// drawDebug draws what the controller sees (F3): the capsule outline
// colored by ground state, the ground contact and normal, velocity and
// wish-direction arrows, the step-up and snap probes, wall and ceiling
// contacts, and the hybrid motor's vectors.
func (g *Game) drawDebug(dst *ebiten.Image, st *play.State, cam render.Camera, rw, rh int) {
	o := overlay{dst: dst, cam: cam, sx: float32(g.w) / float32(rw), sy: float32(g.h) / float32(rh)}
	k := &st.KCC
	c := lerp(st.Body.PrevPosition, st.Body.Position, g.s.Runner.Alpha())
	r, hh := k.Shape.Radius, k.Shape.HalfHeight
	col := dbgAir
	switch k.GroundState {
	case kcc.Ground:
		col = dbgGround
	case kcc.GroundSteep:
		col = dbgSteep
	}
	up := mgl64.Vec3{0, 1, 0}
	top, bot := o.capsule(c, r, hh, 1.5, true, col)
	feet := bot.Sub(up.Mul(r))
	if k.GroundState != kcc.GroundNone {
		o.ring(feet, 0.06, dbgNormal)
		o.arrow(feet, k.GroundNormal, dbgNormal)
	}
	// Velocity (0.25 s of it) and the wish direction (1 m at full stick).
	o.arrow(c, st.Body.Velocity.Mul(0.25), dbgVelocity)
	o.arrow(feet.Add(up.Mul(0.05)), st.Intent.Dir.Mul(st.Intent.Mag), dbgWish)
	// Probes: the step the controller would climb ahead (its height at
	// the radius plus the step's minimum width ahead), the snap below.
	ahead := st.Intent.PlanarDir
	if ahead.Len() < 1e-6 {
		s, co := math.Sincos(st.View.Yaw)
		ahead = mgl64.Vec3{co, 0, s}
	}
	var cfg kcc.Config // no controller: no probes
	if k.Controller != nil {
		cfg = k.Controller.Config()
	}
	if as := cfg.Autostep; as != nil && as.MaxHeight > 0 {
		base := feet.Add(ahead.Mul(r + as.MinWidth))
		o.line(base, base.Add(up.Mul(as.MaxHeight)), 2, dbgProbe)
		o.line(base.Add(up.Mul(as.MaxHeight)), base.Add(up.Mul(as.MaxHeight)).Sub(ahead.Mul(as.MinWidth)), 2, dbgProbe)
	}
	if cfg.SnapToGround > 0 {
		o.line(feet, feet.Sub(up.Mul(cfg.SnapToGround)), 3, dbgProbe)
	}
	if k.OnWall {
		o.arrow(c, k.WallNormal.Mul(0.8), dbgWall)
	}
	if k.OnCeiling {
		o.arrow(top.Add(up.Mul(r)), up.Mul(-0.5), dbgCeiling)
	}
	g.drawHybridVectors(o, st, feet)
	g.drawAbilities(o, st, c)
}

// drawHybridVectors draws the hybrid motor's four debug directions at the
// feet (its design's colors): input yellow, facing red, blended green,
// velocity blue.
func (g *Game) drawHybridVectors(o overlay, st *play.State, feet mgl64.Vec3) {
	if st.Motor != "hybrid" {
		return
	}
	d := &st.HybridDebug
	p := feet.Add(mgl64.Vec3{0, 0.1, 0})
	o.arrow(p, d.InputDir.Mul(1.2), dbgInput)
	o.arrow(p, d.FacingDir.Mul(1.0), dbgFacing)
	o.arrow(p, d.BlendedDir.Mul(0.9), dbgBlended)
	o.arrow(p, d.VelocityDir.Mul(0.8), dbgVelDir)
}

// appendShadow adds a blob shadow under the character: a dark disc on the
// first surface straight below the body, smaller the higher it is, so a
// jump's height can be judged (also in first person, looking down).
func appendShadow(dst []render.Tri, level *kcc.World, centre mgl64.Vec3, radius float64) []render.Tri {
	if level == nil {
		return dst
	}
	hit, ok := level.RayCast(centre, mgl64.Vec3{0, -1, 0}, 200)
	if !ok || hit.Normal[1] < 0.2 {
		return dst
	}
	n := hit.Normal
	h := hit.Distance
	rr := radius * (1.1 - 0.6*math.Min(1, h/12))
	o := hit.Point.Add(n.Mul(0.015))
	u := n.Cross(mgl64.Vec3{0, 0, 1})
	if u.Len() < 1e-6 {
		u = mgl64.Vec3{1, 0, 0}
	}
	u = u.Normalize()
	v := n.Cross(u)
	const segs = 14
	pt := func(k int) mgl64.Vec3 {
		s, co := math.Sincos(float64(k) * 2 * math.Pi / segs)
		return o.Add(u.Mul(co * rr)).Add(v.Mul(s * rr))
	}
	for k := 0; k < segs; k++ {
		dst = append(dst, render.Tri{A: o, B: pt(k), C: pt(k + 1), Color: shadowCol})
	}
	return dst
}

// appendVisual adds an imported level's drawn triangles in their base
// colors (gamma-encoded for the screen), with the 1 m checker so that
// distances read as on the built-in levels.
func appendVisual(dst []render.Tri, vis []components.VisualTriangle) []render.Tri {
	enc := func(c float32) uint8 { return uint8(math.Round(255 * math.Pow(float64(c), 1/2.2))) }
	for _, v := range vis {
		dst = append(dst, render.Tri{A: v.A, B: v.B, C: v.C, Checker: true,
			Color: color.RGBA{enc(v.Color[0]), enc(v.Color[1]), enc(v.Color[2]), 255}})
	}
	return dst
}

// abEdge is an edge of a marked collider's outline and abFace a face of
// it: two coplanar triangles sharing an edge (a box's side), with the
// middle of that edge as its centre.
type (
	abEdge struct {
		a, b mgl64.Vec3
		id   kcc.ColliderID
	}
	abFace struct {
		centre, normal mgl64.Vec3
		id             kcc.ColliderID
	}
)

// outline splits the triangles of the colliders for which want reports
// true into outline edges (the edges no coplanar triangle of the same
// collider shares: a box's twelve) and faces, into g's scratch slices.
func (g *Game) outline(want func(kcc.ColliderID) bool) ([]abEdge, []abFace) {
	g.abTris, g.abEdges, g.abFaces = g.abTris[:0], g.abEdges[:0], g.abFaces[:0]
	for i := range g.level {
		if want(g.level[i].Collider) {
			g.abTris = append(g.abTris, g.level[i])
		}
	}
	same := func(p, q mgl64.Vec3) bool { return p.Sub(q).Len() < 1e-6 }
	for i := range g.abTris {
		t := &g.abTris[i]
		vs := [3]mgl64.Vec3{t.A, t.B, t.C}
		for k := 0; k < 3; k++ {
			a, b := vs[k], vs[(k+1)%3]
			shared := -1
			for j := range g.abTris {
				u := &g.abTris[j]
				if j == i || u.Collider != t.Collider || u.Normal.Sub(t.Normal).Len() > 1e-6 {
					continue
				}
				us := [3]mgl64.Vec3{u.A, u.B, u.C}
				for m := 0; m < 3; m++ {
					if (same(us[m], b) && same(us[(m+1)%3], a)) || (same(us[m], a) && same(us[(m+1)%3], b)) {
						shared = j
					}
				}
			}
			switch {
			case shared < 0:
				g.abEdges = append(g.abEdges, abEdge{a: a, b: b, id: t.Collider})
			case shared > i: // each face once
				g.abFaces = append(g.abFaces, abFace{centre: a.Add(b).Mul(0.5), normal: t.Normal, id: t.Collider})
			}
		}
	}
	return g.abEdges, g.abFaces
}

// drawAbilities draws the level's abilities surfaces and the player's
// mode (F3): ladders outlined with an arrow out of each face that can be
// climbed (any upright one: the one walked into is climbed), the outline
// of water volumes' surfaces, one-way platforms outlined with up arrows on
// their tops; while a mode holds a ladder, ledge or wall, that collider
// outlined and the normal of the face held (from the hands), and a hang's
// or mantle's target: the capsule standing where it climbs to.
func (g *Game) drawAbilities(o overlay, st *play.State, c mgl64.Vec3) {
	if !st.HasAbilities {
		return
	}
	ab := &st.Abilities
	held, heldN, holds := ab.Held()
	edges, faces := g.outline(func(id kcc.ColliderID) bool {
		return g.s.Surface(id) != abilities.SurfaceSolid || (holds && id == held)
	})
	top := map[kcc.ColliderID]float64{} // the top of each water volume
	for _, e := range edges {
		if g.s.Surface(e.id) == abilities.SurfaceWater {
			y := math.Max(e.a[1], e.b[1])
			if t, ok := top[e.id]; !ok || y > t {
				top[e.id] = y
			}
		}
	}
	for _, e := range edges {
		switch {
		case holds && e.id == held:
			o.line(e.a, e.b, 3, dbgHeld)
		case g.s.Surface(e.id) == abilities.SurfaceLadder:
			o.line(e.a, e.b, 2, dbgLadder)
		case g.s.Surface(e.id) == abilities.SurfaceWater:
			// The surface's outline (the rest of the box is under it).
			if t := top[e.id]; math.Abs(e.a[1]-t) < 1e-6 && math.Abs(e.b[1]-t) < 1e-6 {
				o.line(e.a, e.b, 3, dbgWater)
			}
		case g.s.Surface(e.id) == abilities.SurfaceOneWay:
			o.line(e.a, e.b, 2, dbgOneWay)
		}
	}
	for _, f := range faces {
		switch g.s.Surface(f.id) {
		case abilities.SurfaceLadder:
			if math.Abs(f.normal[1]) < 0.3 {
				o.arrow(f.centre, f.normal.Mul(0.5), dbgLadder)
			}
		}
	}
	for i := range g.abTris {
		// An up arrow on each triangle of a one-way top (two a face, off
		// its centre, where the player stands).
		if t := &g.abTris[i]; t.Normal[1] > 0.5 && g.s.Surface(t.Collider) == abilities.SurfaceOneWay {
			o.arrow(t.A.Add(t.B).Add(t.C).Mul(1.0/3), mgl64.Vec3{0, 0.6, 0}, dbgOneWay)
		}
	}
	k := &st.KCC
	r, hh := k.Shape.Radius, k.Shape.HalfHeight
	if holds {
		// The face held, from the hands (the top of the capsule, on its
		// side toward the face) along its normal.
		hands := c.Add(mgl64.Vec3{0, hh + r*0.5, 0}).Sub(heldN.Mul(r))
		o.arrow(hands, heldN.Mul(0.8), dbgHeld)
	}
	if t, ok := ab.Target(); ok {
		h := k.StandHalfHeight
		if !(h > 0) {
			h = hh
		}
		o.capsule(t, r, h, 1, false, dbgTarget)
		o.line(c, t, 1.5, dbgTarget)
	}
}
