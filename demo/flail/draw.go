package main

import (
	"image"
	"image/color"
	"math"

	"github.com/go-gl/mathgl/mgl64"
	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/vector"
	"github.com/seedgames/motorkit/demo/flail/internal/match"
	"github.com/seedgames/motorkit/demo/flail/internal/view"
	"github.com/seedgames/motorkit/flail"
)

var (
	whiteImage    = ebiten.NewImage(3, 3)
	whiteSubImage = whiteImage.SubImage(image.Rect(1, 1, 2, 2)).(*ebiten.Image)
)

func init() { whiteImage.Fill(color.White) }

// drawBuffers are reused vertex buffers for polygons.
type drawBuffers struct {
	vs   []ebiten.Vertex
	is   []uint16
	path vector.Path
}

func f32(x float64) float32 { return float32(x) }

// fillPolygon fills the convex or concave polygon pts (screen px).
func (b *drawBuffers) fillPolygon(dst *ebiten.Image, pts [][2]float64, clr color.RGBA, aa bool) {
	b.path = vector.Path{}
	for i, p := range pts {
		if i == 0 {
			b.path.MoveTo(f32(p[0]), f32(p[1]))
		} else {
			b.path.LineTo(f32(p[0]), f32(p[1]))
		}
	}
	b.path.Close()
	b.vs, b.is = b.path.AppendVerticesAndIndicesForFilling(b.vs[:0], b.is[:0])
	colorVertices(b.vs, clr)
	op := &ebiten.DrawTrianglesOptions{AntiAlias: aa, FillRule: ebiten.FillRuleNonZero}
	dst.DrawTriangles(b.vs, b.is, whiteSubImage, op)
}

// strokePolygon outlines the closed polygon pts.
func (b *drawBuffers) strokePolygon(dst *ebiten.Image, pts [][2]float64, width float64, clr color.RGBA) {
	b.path = vector.Path{}
	for i, p := range pts {
		if i == 0 {
			b.path.MoveTo(f32(p[0]), f32(p[1]))
		} else {
			b.path.LineTo(f32(p[0]), f32(p[1]))
		}
	}
	b.path.Close()
	so := &vector.StrokeOptions{Width: f32(width), LineJoin: vector.LineJoinRound}
	b.vs, b.is = b.path.AppendVerticesAndIndicesForStroke(b.vs[:0], b.is[:0], so)
	colorVertices(b.vs, clr)
	op := &ebiten.DrawTrianglesOptions{AntiAlias: true, FillRule: ebiten.FillRuleNonZero}
	dst.DrawTriangles(b.vs, b.is, whiteSubImage, op)
}

func colorVertices(vs []ebiten.Vertex, c color.RGBA) {
	for i := range vs {
		vs[i].SrcX, vs[i].SrcY = 1, 1
		vs[i].ColorR = float32(c.R) / 255
		vs[i].ColorG = float32(c.G) / 255
		vs[i].ColorB = float32(c.B) / 255
		vs[i].ColorA = float32(c.A) / 255
	}
}

func (g *Game) screenPt(p mgl64.Vec3) (float32, float32) {
	x, y := g.cam.WorldToScreen(p)
	return f32(x), f32(y)
}

// drawWorld draws the arena, pickups, chains, flails and cars.
func (g *Game) drawWorld(dst *ebiten.Image) {
	dst.Fill(view.Background)
	a := g.m.Arena
	cam := &g.cam
	// floor and grid (every 2 m).
	x0, y0 := g.screenPt(mgl64.Vec3{-a.Half, 0, -a.Half})
	x1, y1 := g.screenPt(mgl64.Vec3{a.Half, 0, a.Half})
	vector.DrawFilledRect(dst, x0, y0, x1-x0, y1-y0, view.Floor, false)
	minX, minZ, maxX, maxZ := cam.Visible()
	const cell = 2.0
	for x := math.Ceil(math.Max(minX, -a.Half)/cell) * cell; x <= math.Min(maxX, a.Half); x += cell {
		sx, _ := g.screenPt(mgl64.Vec3{x, 0, 0})
		vector.StrokeLine(dst, sx, y0, sx, y1, 1, view.GridLine, false)
	}
	for z := math.Ceil(math.Max(minZ, -a.Half)/cell) * cell; z <= math.Min(maxZ, a.Half); z += cell {
		_, sy := g.screenPt(mgl64.Vec3{0, 0, z})
		vector.StrokeLine(dst, x0, sy, x1, sy, 1, view.GridLine, false)
	}
	// walls and obstacles.
	var pts [4][2]float64
	for _, b := range a.Boxes {
		r := math.Hypot(b.HalfX, b.HalfZ)
		if !cam.CircleVisible(b.Center, r) {
			continue
		}
		for i, c := range match.Corners(b) {
			pts[i][0], pts[i][1] = cam.WorldToScreen(c)
		}
		g.drawBuf.fillPolygon(dst, pts[:], view.Wall, true)
		g.drawBuf.strokePolygon(dst, pts[:], 2, view.WallEdge)
	}
	// pickups.
	pk := g.m.Rules.Pickups
	pr := cam.Length(pk.Radius)
	for _, p := range pk.All() {
		if !cam.CircleVisible(p.Pos, pk.Radius) {
			continue
		}
		x, y := g.screenPt(p.Pos)
		c := view.Pickup
		r := pr * (0.8 + 0.04*p.Energy/3) // bigger pickups hold more energy
		if p.Dropped {
			c = view.PickupDrop
			r = pr * 1.4
		}
		vector.DrawFilledCircle(dst, x, y, f32(r*1.8), color.RGBA{c.R / 6, c.G / 6, c.B / 6, 0x2a}, true)
		vector.DrawFilledCircle(dst, x, y, f32(r), c, true)
	}
	// chains and flails under the cars.
	n := g.m.Players()
	for i := 0; i < n; i++ {
		if g.m.Flail(i).Alive {
			g.drawFlail(dst, i)
		}
	}
	// The local car last, over any car that drives across it: the player
	// never loses sight of their own car.
	for k := 0; k < n; k++ {
		if i := (match.Me + 1 + k) % n; g.m.Flail(i).Alive {
			g.drawCar(dst, i)
		}
	}
	if g.debug {
		g.drawDebugWorld(dst)
	}
	// Text last: Ebitengine resolves anti-aliased shapes when a plain draw
	// follows, so keeping the shapes together keeps software GL fast.
	for k := 0; k < n; k++ {
		if i := (match.Me + 1 + k) % n; g.m.Flail(i).Alive {
			g.drawLabel(dst, i)
		}
	}
	if g.debug {
		g.drawDebugLabels(dst)
	}
}

func (g *Game) carColor(i int) color.RGBA {
	if i == match.Me {
		return view.Me
	}
	if g.net != nil && g.m.Bot(i) == nil {
		return view.Person
	}
	return view.BotColor(int(g.m.Skill(i)))
}

// flailDrawPos returns player i's flail and rope nodes interpolated.
func (g *Game) flailDrawPos(i int, nodes *[flail.MaxRopeNodes]mgl64.Vec3) (fl mgl64.Vec3, n int) {
	alpha := g.m.Alpha()
	p := g.m.Flail(i)
	fl = view.Lerp(p.PrevFlail, p.Flail.Pos, alpha)
	rd := g.m.Rope(i)
	rope := rd.Nodes
	for k := range rope {
		if k >= flail.MaxRopeNodes {
			break
		}
		pv := rope[k].Pos
		if k < len(rd.PrevNodes) {
			pv = rd.PrevNodes[k]
		}
		nodes[k] = view.Lerp(pv, rope[k].Pos, alpha)
		n++
	}
	return fl, n
}

func (g *Game) drawFlail(dst *ebiten.Image, i int) {
	p := g.m.Flail(i)
	car := g.carDrawPos(i)
	var nodes [flail.MaxRopeNodes]mgl64.Vec3
	fl, n := g.flailDrawPos(i, &nodes)
	r := p.Flail.Radius
	if !g.cam.CircleVisible(car, 4+r) && !g.cam.CircleVisible(fl, r) {
		return
	}
	lw := f32(math.Max(2, g.cam.Length(0.05)))
	// chain: car -> nodes -> flail (a thrown flail flies free of it).
	px, py := g.screenPt(car)
	for k := 0; k < n; k++ {
		x, y := g.screenPt(nodes[k])
		vector.StrokeLine(dst, px, py, x, y, lw, view.Chain, true)
		vector.DrawFilledCircle(dst, x, y, lw*1.3, view.Chain, true)
		px, py = x, y
	}
	fx, fy := g.screenPt(fl)
	if !p.Flail.Thrown {
		vector.StrokeLine(dst, px, py, fx, fy, lw, view.Chain, true)
	} else if p.Flail.Attracting {
		// a dotted pull line back to the car.
		cx, cy := g.screenPt(car)
		dx, dy := cx-fx, cy-fy
		for t := float32(0.1); t < 1; t += 0.1 {
			vector.DrawFilledCircle(dst, fx+dx*t, fy+dy*t, lw*0.6, view.Accent, true)
		}
	}
	col := view.MeFlail
	if i != match.Me {
		col = view.Darken(g.carColor(i), 0.75)
	}
	rp := f32(math.Max(3, g.cam.Length(r)))
	// spikes.
	for k := 0; k < 8; k++ {
		a := float64(k)*math.Pi/4 + p.Flail.Angle
		sx := fx + f32(math.Cos(a))*rp*1.35
		sy := fy + f32(math.Sin(a))*rp*1.35
		vector.StrokeLine(dst, fx, fy, sx, sy, f32(math.Max(1.5, float64(rp)*0.25)), view.Darken(col, 0.7), true)
	}
	vector.DrawFilledCircle(dst, fx, fy, rp, col, true)
	vector.StrokeCircle(dst, fx, fy, rp, f32(math.Max(1, float64(rp)*0.15)), view.Darken(col, 0.55), true)
	if p.Flail.Thrown {
		vector.StrokeCircle(dst, fx, fy, rp+3, 1.5, view.Accent, true)
	}
}

func (g *Game) drawCar(dst *ebiten.Image, i int) {
	p := g.m.Flail(i)
	pos := g.carDrawPos(i)
	cr := g.m.Game.Ph.CarRadius
	if !g.cam.CircleVisible(pos, cr*2) {
		return
	}
	x, y := g.screenPt(pos)
	r := f32(g.cam.Length(cr))
	col := g.carColor(i)
	aim := p.Input.Aim
	// heading nose: a triangle in front of the car.
	ca, sa := math.Cos(aim), math.Sin(aim)
	rr := float64(r)
	tri := [][2]float64{
		{float64(x) + ca*rr*1.55, float64(y) + sa*rr*1.55},
		{float64(x) + (ca*0.55-sa*0.75)*rr, float64(y) + (sa*0.55+ca*0.75)*rr},
		{float64(x) + (ca*0.55+sa*0.75)*rr, float64(y) + (sa*0.55-ca*0.75)*rr},
	}
	g.drawBuf.fillPolygon(dst, tri, view.Darken(col, 0.6), true)
	vector.DrawFilledCircle(dst, x, y, r, col, true)
	vector.StrokeCircle(dst, x, y, r, 2, view.Darken(col, 0.5), true)
	vector.DrawFilledCircle(dst, x+f32(ca)*r*0.45, y+f32(sa)*r*0.45, r*0.28, view.Darken(col, 0.45), true)
	if p.Protected > 0 {
		// spawn protection: a pulsing ring.
		pulse := 0.5 + 0.5*math.Sin(float64(g.frame)*0.25)
		vector.StrokeCircle(dst, x, y, r+4+f32(2*pulse), 2, view.Text, true)
	}
}

// drawLabel writes player i's name (and a bot's energy) below its car.
func (g *Game) drawLabel(dst *ebiten.Image, i int) {
	p := g.m.Flail(i)
	pos := g.carDrawPos(i)
	cr := g.m.Game.Ph.CarRadius
	if !g.cam.CircleVisible(pos, cr*2) {
		return
	}
	x, y := g.screenPt(pos)
	rr := g.cam.Length(cr)
	label := p.Name
	if i != match.Me {
		label += "  " + formatEnergy(p.Energy)
	}
	drawText(dst, label, faceSmall, float64(x), float64(y)+rr+5, view.Text, alignCenter)
}
