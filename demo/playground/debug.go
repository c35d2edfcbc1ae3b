package main

import (
	"image/color"
	"math"

	"github.com/go-gl/mathgl/mgl64"
	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/vector"
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
	top, bot := c.Add(up.Mul(hh)), c.Sub(up.Mul(hh))
	o.ring(top, r, col)
	o.ring(bot, r, col)
	o.ring(c, r, col)
	for _, d := range []mgl64.Vec3{{r, 0, 0}, {-r, 0, 0}, {0, 0, r}, {0, 0, -r}} {
		o.line(top.Add(d), bot.Add(d), 1.5, col)
	}
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
