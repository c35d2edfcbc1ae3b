package main

import (
	"fmt"
	flailmatch "github.com/seedgames/motorkit/flail/match"
	"image"
	"image/color"
	"image/png"
	"math"
	"os"

	"github.com/go-gl/mathgl/mgl64"
	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/vector"
	"github.com/seedgames/motorkit/demo/flail/internal/match"
	"github.com/seedgames/motorkit/demo/flail/internal/view"
	"github.com/seedgames/motorkit/flail"
)

func formatEnergy(e float64) string {
	if e >= 10000 {
		return fmt.Sprintf("%.1fk", e/1000)
	}
	return fmt.Sprintf("%.0f", e)
}

func panel(dst *ebiten.Image, r view.Rect) {
	vector.DrawFilledRect(dst, f32(r.X), f32(r.Y), f32(r.W), f32(r.H), view.Panel, false)
}

// drawHUD draws the panels and the overlays (debug, death, pause).
func (g *Game) drawHUD(dst *ebiten.Image) {
	l := view.NewLayout(float64(g.w), float64(g.h))
	g.drawStats(dst, l.Stats)
	g.drawBoard(dst, l.Leaderboard)
	g.drawMinimap(dst, l.Minimap)
	g.drawFeed(dst, l.Feed)
	if g.elapsed < 8 && !g.debug {
		drawText(dst, "Mouse or pad stick steers (WASD too)  ·  click/RT: throw  ·  hold: pull it back  ·  Esc: pause  ·  F1: debug",
			faceNormal, float64(g.w)/2, float64(g.h)-34, view.TextDim, alignCenter)
	}
	if g.net != nil {
		w := g.net.c.Welcome
		if g.net.redial != nil {
			drawText(dst, "CONNECTION LOST  ·  reconnecting to "+g.net.url, faceBold, float64(g.w)/2, 14, view.Danger, alignCenter)
		} else {
			mode := "ONLINE"
			if g.net.spectate {
				mode = "WATCHING " + g.me().Name + " ·"
			}
			drawText(dst, fmt.Sprintf("%s  %s  room %d  ·  %d players", mode, g.net.url, w.Room, g.m.Players()), faceBold, float64(g.w)/2, 14, view.Accent, alignCenter)
		}
	} else if g.m.Replaying() {
		drawText(dst, fmt.Sprintf("REPLAY  tick %d", g.m.Ticks()), faceBold, float64(g.w)/2, 14, view.Accent, alignCenter)
	} else if g.f.record != "" {
		drawText(dst, fmt.Sprintf("REC  tick %d", g.m.Ticks()), faceBold, float64(g.w)/2, 14, view.Danger, alignCenter)
	}
	if g.debug {
		g.drawDebug(dst, l.Debug)
	}
	if !g.me().Alive {
		g.drawDeath(dst)
	} else if g.paused {
		g.drawPause(dst)
	}
}

func (g *Game) drawStats(dst *ebiten.Image, r view.Rect) {
	panel(dst, r)
	p := g.me()
	x, y := r.X+14, r.Y+10
	drawText(dst, "ENERGY", faceSmall, x, y, view.TextDim, alignLeft)
	drawText(dst, formatEnergy(p.Energy), faceBig, x, y+16, view.Accent, alignLeft)
	// energy bar on a log scale from the start energy to 10 000.
	frac := math.Log10(math.Max(p.Energy, 100)/100) / 2
	frac = math.Max(0, math.Min(1, frac))
	bw := r.W - 28
	vector.DrawFilledRect(dst, f32(x), f32(y+56), f32(bw), 6, view.GridLine, false)
	vector.DrawFilledRect(dst, f32(x), f32(y+56), f32(bw*frac), 6, view.Accent, false)
	size := p.Flail.Radius * g.m.Config.UnitsPerMeter
	v := g.m.Body(match.Me).Velocity
	line := fmt.Sprintf("flail %.0f u   kills %d   deaths %d   %.1f m/s", size, p.Kills, p.Deaths, math.Hypot(v[0], v[2]))
	drawText(dst, line, faceNormal, x, y+70, view.Text, alignLeft)
	state := "flail on the chain"
	switch {
	case p.Flail.Attracting:
		state = "pulling the flail back"
	case p.Flail.Thrown:
		state = "flail thrown: click + hold to pull it back"
	}
	drawText(dst, state, faceSmall, x+math.Max(0, 0), y+90, view.TextDim, alignLeft)
}

func (g *Game) drawBoard(dst *ebiten.Image, r view.Rect) {
	panel(dst, r)
	drawText(dst, "LEADERBOARD", faceBold, r.X+12, r.Y+10, view.Text, alignLeft)
	drawText(dst, "energy  kills", faceSmall, r.X+r.W-12, r.Y+12, view.TextDim, alignRight)
	meID := g.me().ID
	rows := g.m.Rules.Board.Rows()
	for k, e := range rows {
		if k >= 10 {
			break
		}
		y := r.Y + 36 + float64(k)*20
		c := view.Text
		if e.ID == meID {
			c = view.Me
		}
		i := g.m.Index(e.ID)
		drawText(dst, fmt.Sprintf("%2d.", k+1), faceNormal, r.X+12, y, view.TextDim, alignLeft)
		if i >= 0 {
			vector.DrawFilledCircle(dst, f32(r.X+46), f32(y+10), 5, g.carColor(i), false)
		}
		drawText(dst, g.m.Name(e.ID), faceNormal, r.X+58, y, c, alignLeft)
		drawText(dst, fmt.Sprintf("%s   %d", formatEnergy(e.Energy), e.Kills), faceNormal, r.X+r.W-12, y, c, alignRight)
	}
	// Below the top 10: your own rank when you are not in it.
	me := g.me()
	inTop := false
	for k, e := range rows {
		if k < 10 && e.ID == meID {
			inTop = true
		}
	}
	if me.Alive && !inTop {
		y := r.Y + 36 + 10*20 + 4
		drawText(dst, fmt.Sprintf("%d.", g.m.Rank(match.Me)), faceNormal, r.X+12, y, view.TextDim, alignLeft)
		drawText(dst, me.Name, faceNormal, r.X+58, y, view.Me, alignLeft)
		drawText(dst, fmt.Sprintf("%s   %d", formatEnergy(me.Energy), me.Kills), faceNormal, r.X+r.W-12, y, view.Me, alignRight)
	}
}

func (g *Game) drawMinimap(dst *ebiten.Image, r view.Rect) {
	panel(dst, r)
	a := g.m.Arena
	mm := view.Minimap{X: r.X + 6, Y: r.Y + 6, Size: r.W - 12, Half: a.Half}
	vector.StrokeRect(dst, f32(mm.X), f32(mm.Y), f32(mm.Size), f32(mm.Size), 1, view.WallEdge, false)
	var pts [4][2]float64
	for _, b := range a.Boxes {
		if math.Abs(b.Center[0]) > a.Half || math.Abs(b.Center[2]) > a.Half {
			continue // outer walls: the frame shows them
		}
		for i, c := range match.Corners(b) {
			pts[i][0], pts[i][1] = mm.Map(c)
		}
		g.drawBuf.fillPolygon(dst, pts[:], view.Wall, false)
	}
	// the camera's view.
	minX, minZ, maxX, maxZ := g.cam.Visible()
	vx0, vy0 := mm.Map(mgl64.Vec3{minX, 0, minZ})
	vx1, vy1 := mm.Map(mgl64.Vec3{maxX, 0, maxZ})
	vector.StrokeRect(dst, f32(vx0), f32(vy0), f32(vx1-vx0), f32(vy1-vy0), 1, view.TextDim, false)
	for i := g.m.Players() - 1; i >= 0; i-- {
		if !g.m.Flail(i).Alive {
			continue
		}
		x, y := mm.Map(g.m.Body(i).Position)
		rad := float32(2.5)
		if i == match.Me {
			rad = 4
			vector.StrokeCircle(dst, f32(x), f32(y), 6, 1, view.Text, false)
		}
		vector.DrawFilledCircle(dst, f32(x), f32(y), rad, view.Darken(g.carColor(i), 0.9), false)
	}
}

func (g *Game) drawFeed(dst *ebiten.Image, r view.Rect) {
	for k, it := range g.feed.Items {
		op := g.feed.Opacity(it)
		c := view.Text
		if it.Mine {
			c = view.Accent
		}
		y := r.Y + float64(k)*22
		w := textWidth(it.Text, faceNormal) + 16
		vector.DrawFilledRect(dst, f32(r.X), f32(y), f32(w), 20, color.RGBA{0, 0, 0, uint8(110 * op)}, false)
		drawText(dst, it.Text, faceNormal, r.X+8, y+1, fade(c, op), alignLeft)
	}
}

func fade(c color.RGBA, a float64) color.RGBA {
	return color.RGBA{uint8(float64(c.R) * a), uint8(float64(c.G) * a), uint8(float64(c.B) * a), uint8(float64(c.A) * a)}
}

func (g *Game) drawDeath(dst *ebiten.Image) {
	vector.DrawFilledRect(dst, 0, 0, f32(float64(g.w)), f32(float64(g.h)), color.RGBA{0x18, 0x02, 0x06, 0x90}, false)
	cx, cy := float64(g.w)/2, float64(g.h)/2
	p := g.me()
	drawText(dst, "DESTROYED", faceHuge, cx, cy-120, view.Danger, alignCenter)
	by := "you were smashed"
	if g.killedBy != 0 {
		i := g.m.Index(g.killedBy)
		by = "smashed by " + g.m.Name(g.killedBy)
		if i > 0 {
			by += fmt.Sprintf(" (%s bot)", g.m.Skill(i))
		}
	}
	drawText(dst, by, faceBig, cx, cy-30, view.Text, alignCenter)
	drawText(dst, fmt.Sprintf("kills %d   deaths %d", p.Kills, p.Deaths), faceNormal, cx, cy+16, view.TextDim, alignCenter)
	drawText(dst, fmt.Sprintf("respawning in %.1f s", math.Max(0, p.RespawnIn)), faceBold, cx, cy+48, view.Accent, alignCenter)
}

func (g *Game) drawPause(dst *ebiten.Image) {
	vector.DrawFilledRect(dst, 0, 0, f32(float64(g.w)), f32(float64(g.h)), color.RGBA{0, 0, 0, 0x80}, false)
	cx, cy := float64(g.w)/2, float64(g.h)/2
	drawText(dst, "PAUSED", faceHuge, cx, cy-60, view.Text, alignCenter)
	drawText(dst, "Esc to resume", faceBig, cx, cy+20, view.TextDim, alignCenter)
}

// drawDebug is the F1 overlay: rates, counts, rope forces, velocities.
func (g *Game) drawDebug(dst *ebiten.Image, r view.Rect) {
	var links [flail.MaxRopeNodes + 1]flailmatch.Link
	n := g.m.Links(match.Me, &links)
	r.H = 8 + float64(12+n)*17 + 4
	panel(dst, r)
	p := g.me()
	ph := &g.m.Game.Ph
	upm := g.m.Config.UnitsPerMeter
	y := r.Y + 8
	line := func(c color.Color, format string, args ...any) {
		drawText(dst, fmt.Sprintf(format, args...), faceSmall, r.X+10, y, c, alignLeft)
		y += 17
	}
	line(view.Accent, "DEBUG (F1)   %s", ph.String())
	line(view.Text, "sim %.1f ticks/s (target %d)   tick %d   steps/frame %d   alpha %.2f",
		g.measured, match.TickRate, g.m.Ticks(), g.lastSteps, g.m.Alpha())
	line(view.Text, "TPS %.1f   FPS %.1f", ebiten.ActualTPS(), ebiten.ActualFPS())
	line(view.Text, "entities %d (ECS)   players %d   pickups %d   bots %d",
		g.m.World.Len(), g.m.Players(), g.m.Rules.Pickups.Len(), g.m.Bots())
	carV := g.m.Body(match.Me).Velocity
	fv := p.Flail.Vel
	line(view.Text, "car  v = (%6.2f, %6.2f) m/s  |v| %.2f m/s = %.1f u/tick",
		carV[0], carV[2], math.Hypot(carV[0], carV[2]), math.Hypot(carV[0], carV[2])*upm/ph.Rate)
	line(view.Text, "flail v = (%6.2f, %6.2f) m/s  |v| %.2f m/s", fv[0], fv[2], math.Hypot(fv[0], fv[2]))
	killV := g.m.Config.Rules.KillSpeed / upm
	rel := math.Hypot(fv[0]-carV[0], fv[2]-carV[2])
	c := view.Text
	if math.Hypot(fv[0], fv[2]) > killV {
		c = view.Danger
	}
	line(c, "flail |v| %.2f m/s vs kill speed %.2f m/s (rel. own car %.2f)", math.Hypot(fv[0], fv[2]), killV, rel)
	line(view.Text, "flail r %.3f m (%.0f u)  thrown %v  attracting %v", p.Flail.Radius, p.Flail.Radius*upm, p.Flail.Thrown, p.Flail.Attracting)
	line(view.Text, "aim %.1f deg  throttle %.2f  primary %v", p.Input.Aim*180/math.Pi, p.Input.Throttle, p.Input.PrimaryHeld)
	line(view.Accent, "rope: %d links, rest %.2f m, k %.3f/tick", n, ph.Rest, ph.K)
	for k := 0; k < n; k++ {
		lk := links[k]
		line(view.Text, "  link %d  len %.3f m  ext %.3f m  impulse %.2f m/s/tick", k+1, lk.Length, lk.Extension, lk.Impulse)
	}
	modes := [4]int{}
	for i := 1; i < g.m.Players(); i++ {
		if b := g.m.Bot(i); b != nil && g.m.Flail(i).Alive {
			modes[b.Mode&3]++
		}
	}
	line(view.Text, "bots: wander %d  seek %d  attack %d  flee %d", modes[0], modes[1], modes[2], modes[3])
}

// drawDebugWorld draws velocity arrows in the world: car (green) and
// flail (red), a quarter second of motion each.
func (g *Game) drawDebugWorld(dst *ebiten.Image) {
	const arrow = 0.25 // seconds of motion per arrow
	for i := 0; i < g.m.Players(); i++ {
		p := g.m.Flail(i)
		if !p.Alive {
			continue
		}
		car := g.carDrawPos(i)
		if !g.cam.CircleVisible(car, 6) {
			continue
		}
		g.arrow(dst, car, g.m.Body(i).Velocity.Mul(arrow), color.RGBA{0x6b, 0xff, 0x9a, 0xff})
		var nodes [flail.MaxRopeNodes]mgl64.Vec3
		fl, _ := g.flailDrawPos(i, &nodes)
		g.arrow(dst, fl, p.Flail.Vel.Mul(arrow), color.RGBA{0xff, 0x6b, 0x6b, 0xff})
	}
}

// drawDebugLabels writes each rope link's spring impulse (m/s per tick)
// at its middle.
func (g *Game) drawDebugLabels(dst *ebiten.Image) {
	for i := 0; i < g.m.Players(); i++ {
		if !g.m.Flail(i).Alive {
			continue
		}
		car := g.carDrawPos(i)
		if !g.cam.CircleVisible(car, 6) {
			continue
		}
		var nodes [flail.MaxRopeNodes]mgl64.Vec3
		fl, _ := g.flailDrawPos(i, &nodes)
		var links [flail.MaxRopeNodes + 1]flailmatch.Link
		n := g.m.Links(i, &links)
		pts := [flail.MaxRopeNodes + 2]mgl64.Vec3{car}
		nn := min(len(g.m.Rope(i).Nodes), flail.MaxRopeNodes)
		for k := 0; k < nn; k++ {
			pts[k+1] = nodes[k]
		}
		pts[nn+1] = fl
		for k := 0; k < n; k++ {
			if links[k].Impulse < 0.005 {
				continue // slack link: no force
			}
			mid := pts[k].Add(pts[k+1]).Mul(0.5)
			x, y := g.screenPt(mid)
			drawText(dst, fmt.Sprintf("%.2f", links[k].Impulse), faceSmall, float64(x), float64(y)+4, view.Accent, alignCenter)
		}
	}
}

func (g *Game) arrow(dst *ebiten.Image, from, d mgl64.Vec3, c color.RGBA) {
	x0, y0 := g.screenPt(from)
	x1, y1 := g.screenPt(from.Add(d))
	vector.StrokeLine(dst, x0, y0, x1, y1, 2, c, true)
	vector.DrawFilledCircle(dst, x1, y1, 3, c, true)
}

// saveScreenshot writes the screen as an RGBA PNG.
func saveScreenshot(screen *ebiten.Image, path string) error {
	b := screen.Bounds()
	img := image.NewRGBA(image.Rect(0, 0, b.Dx(), b.Dy()))
	screen.ReadPixels(img.Pix)
	// the screen is opaque; make sure the file is too.
	for i := 3; i < len(img.Pix); i += 4 {
		img.Pix[i] = 0xff
	}
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	enc := png.Encoder{CompressionLevel: png.BestCompression}
	if err := enc.Encode(f, img); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}
