package main

import (
	"bytes"
	"fmt"
	"image"
	"image/color"
	"log"
	"math"
	"strings"
	"time"

	"github.com/go-gl/mathgl/mgl64"
	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/text/v2"
	"github.com/hajimehoshi/ebiten/v2/vector"
	"github.com/seedgames/motorkit/demo/playground/internal/layout"
	"github.com/seedgames/motorkit/demo/playground/internal/play"
	"github.com/seedgames/motorkit/demo/playground/internal/render"
	"github.com/seedgames/motorkit/kcc"
	"github.com/seedgames/motorkit/systems"
	"golang.org/x/image/font/gofont/gomono"
)

var (
	hudFace  text.Face
	panel    = color.RGBA{12, 16, 24, 200}
	textMain = color.RGBA{232, 238, 246, 255}
	textDim  = color.RGBA{150, 162, 180, 255}
	accent   = color.RGBA{250, 200, 40, 255}
	good     = color.RGBA{120, 220, 130, 255}
	bad      = color.RGBA{255, 110, 100, 255}
)

func init() {
	src, err := text.NewGoTextFaceSource(bytes.NewReader(gomono.TTF))
	if err != nil {
		log.Fatal(err)
	}
	hudFace = &text.GoTextFace{Source: src, Size: 13}
}

const lineH = 17

// say draws lines of text from (x, y) down in color c.
func say(dst *ebiten.Image, x, y int, c color.Color, lines ...string) {
	for i, s := range lines {
		op := &text.DrawOptions{}
		op.GeoM.Translate(float64(x), float64(y+i*lineH))
		op.ColorScale.ScaleWithColor(c)
		text.Draw(dst, s, hudFace, op)
	}
}

func fillRect(dst *ebiten.Image, r image.Rectangle, c color.Color) {
	vector.DrawFilledRect(dst, float32(r.Min.X), float32(r.Min.Y), float32(r.Dx()), float32(r.Dy()), c, false)
}

// helpLines is the key help; the browser build leaves out what needs a
// file system (F5, -config).
var helpLines = func() []string {
	l := []string{
		"WASD move   mouse look   Space jump",
		"Shift sprint Ctrl walk C crouch E dash",
		"1 arena  2 rpg  3 hybrid  4 fps",
		"Tab tune  F2 scene  F3 debug  F5 save",
		"P pause . step [ ] slow/fast R reset",
		"wheel: orbit distance  Esc cursor",
		"pad: sticks, A jump B crouch RB dash",
		"-config FILE: live tuning on save",
	}
	if inBrowser {
		l[3] = "Tab tune  F2 scene  F3 debug"
		l = l[:len(l)-1]
	}
	return l
}()

// hudMetrics are the motor metrics the info panel shows, per motor.
var hudMetrics = map[string][]string{
	"arena":  {"theta", "q", "gain", "bonus"},
	"hybrid": {"rotation_influence", "turn_speed", "speed_multiplier"},
	"rpg":    {"target_speed", "tau"},
	"fps":    {"speed_cap", "accel_dv", "air_steer"},
}

func (g *Game) drawHUD(dst *ebiten.Image, st *play.State, cam render.Camera, third bool) {
	l := layout.For(g.w, g.h)
	g.drawInfo(dst, l.Info, st)
	g.drawGraph(dst, l.Graph)
	fillRect(dst, l.Help, panel)
	say(dst, l.Help.Min.X+10, l.Help.Min.Y+6, textDim, helpLines...)
	if lbl := g.clock.Label(); lbl != "" {
		// Paused or not at normal speed: say so at the top, centred.
		tw := int(text.Advance(lbl, hudFace))
		x := g.w/2 - tw/2
		fillRect(dst, image.Rect(x-10, 8, x+tw+10, 34), panel)
		say(dst, x, 12, accent, lbl)
	}
	g.mini.draw(dst, l.Map, g.s, st, cam)
	g.panel.draw(dst, image.Rect(l.Info.Max.X+10, 50, min(l.Help.Min.X-10, l.Info.Max.X+10+600), min(g.h-130, 50+420)), g.s.Motor())
	if !third {
		c := l.Crosshair
		mx, my := float32(c.Min.X+c.Max.X)/2, float32(c.Min.Y+c.Max.Y)/2
		vector.StrokeLine(dst, mx-7, my, mx+7, my, 2, textMain, false)
		vector.StrokeLine(dst, mx, my-7, mx, my+7, 2, textMain, false)
	}
	if g.banner != "" && (g.bannerT < 8 || !g.bannerOK) {
		b := l.Banner
		fillRect(dst, b, panel)
		c := good
		if !g.bannerOK {
			c = bad
		}
		msg := g.banner
		for len(msg) > 0 && text.Advance(msg, hudFace) > float64(b.Dx()-20) {
			msg = msg[:len(msg)-1]
		}
		rest := strings.TrimPrefix(g.banner, msg)
		say(dst, b.Min.X+10, b.Min.Y+5, c, msg, rest)
	}
	if !g.captured && g.f.live() {
		fillRect(dst, image.Rect(0, g.h/2-40, g.w, g.h/2+40), color.RGBA{0, 0, 0, 170})
		say(dst, g.w/2-260, g.h/2-26, textMain,
			"Cursor free: the menu owns the input (docs/motors/fps.md#ui-capture).",
			"Moves and jumps are ignored, jump timers frozen.",
			"Click in the window to play.")
	}
}

func (g *Game) drawInfo(dst *ebiten.Image, r image.Rectangle, st *play.State) {
	fillRect(dst, r, panel)
	x, y := r.Min.X+10, r.Min.Y+6
	title := ""
	for i, m := range play.Motors {
		mark := " "
		if m == st.Motor {
			mark = "*"
		}
		title += fmt.Sprintf("%d%s%s ", i+1, mark, m)
	}
	say(dst, x, y, accent, strings.ToUpper(st.Motor)+" motor", title)
	ground := "air"
	switch {
	case st.KCC.Grounded:
		ground = "grounded"
	case st.KCC.GroundState == kcc.GroundSteep:
		ground = "steep (sliding)"
	}
	if st.KCC.Crouched {
		ground += ", crouched"
	}
	j := st.Jump
	lines := []string{
		fmt.Sprintf("speed   %6.2f m/s  vy %+6.2f", st.PlanarSpeed, st.Body.Velocity[1]),
		fmt.Sprintf("ground  %s", ground),
		fmt.Sprintf("buffer  %d/%d ticks  coyote %d/%d", j.BufferTicks, st.JumpRules.BufferTicks+1, j.CoyoteTicks, st.JumpRules.CoyoteTicks),
		fmt.Sprintf("grace   %d  jumps %d", j.LandingGraceTicks, j.Consumes),
	}
	if st.HasAbilities {
		// The movement mode and how long it has lasted (the ticks since
		// it began).
		ab := &st.Abilities
		n := st.Tick - min(ab.Since, st.Tick)
		lines = append(lines, fmt.Sprintf("mode    %-10s %5.2f s %5d ticks", ab.Mode, float64(n)/play.TickRate, n))
	}
	for _, name := range hudMetrics[st.Motor] {
		for _, m := range st.Metrics {
			if m.Name == name {
				v := m.Value
				unit := ""
				if name == "theta" {
					v, unit = v*180/math.Pi, " deg"
				}
				lines = append(lines, fmt.Sprintf("%-8s%7.3f%s", shortName(name), v, unit))
			}
		}
	}
	fps, tps := g.rates()
	rate := fmt.Sprintf("FPS %5.1f  TPS %5.1f (%d Hz)", fps, tps, play.TickRate)
	if g.f.live() { // scripted shots stay byte-identical: no wall-clock numbers
		rate += fmt.Sprintf("  3D %.1f ms", g.renderMs)
	}
	lines = append(lines, rate)
	if g.f.live() {
		lines = append(lines, fmt.Sprintf("tick us  motor %.1f kcc %.1f rest %.1f", g.stageMs.motor, g.stageMs.kcc, g.stageMs.rest))
	}
	lines = append(lines, "tuning  "+play.TuningLabel(g.s.Tuning(), g.s.Motor()))
	say(dst, x, y+2*lineH+4, textMain, lines...)
}

func shortName(n string) string {
	switch n {
	case "rotation_influence":
		return "influence"
	case "speed_multiplier":
		return "tier"
	case "target_speed":
		return "target"
	}
	return n
}

// rates returns the measured frame rate and tick rate over the last 60
// frames (the frames so far, at the start).
func (g *Game) rates() (fps, tps float64) {
	return play.Rates(g.fps[:], g.tpsSteps[:], g.frame)
}

// drawGraph plots the planar speed of the last 5 s.
func (g *Game) drawGraph(dst *ebiten.Image, r image.Rectangle) {
	fillRect(dst, r, panel)
	top := 10.0
	g.s.History.Speeds(func(i, n int, v float64) { top = math.Max(top, math.Ceil(v/5)*5) })
	px := func(i, n int) float32 {
		return float32(r.Min.X+8) + float32(r.Dx()-16)*float32(i)/float32(play.SpeedSamples-1)
	}
	py := func(v float64) float32 { return float32(r.Max.Y-8) - float32(r.Dy()-28)*float32(v/top) }
	for v := 0.0; v <= top; v += 5 {
		vector.StrokeLine(dst, float32(r.Min.X+8), py(v), float32(r.Max.X-8), py(v), 1, color.RGBA{60, 70, 88, 255}, false)
	}
	var pxPrev, pyPrev float32
	g.s.History.Speeds(func(i, n int, v float64) {
		x, y := px(i+play.SpeedSamples-n, n), py(v)
		if i > 0 {
			vector.StrokeLine(dst, pxPrev, pyPrev, x, y, 2, accent, true)
		}
		pxPrev, pyPrev = x, y
	})
	say(dst, r.Min.X+10, r.Min.Y+3, textDim, fmt.Sprintf("planar speed, last 5 s (0-%.0f m/s)", top))
}

// minimap is the top-down map: the level rendered once from high above
// (nearly orthographic), with the trail and the player drawn every frame.
type minimap struct {
	valid     bool
	img       *ebiten.Image
	size      int
	centre    mgl64.Vec3
	span      float64 // meters across the map
	walkable  float64
	rendering *render.Renderer
}

func (m *minimap) close() {
	if m.rendering != nil {
		m.rendering.Close()
	}
}

func (m *minimap) build(s *play.Session, walkableCos float64, size int) {
	tris := s.Level.AppendTriangles(nil)
	lo := mgl64.Vec3{math.Inf(1), 0, math.Inf(1)}
	hi := mgl64.Vec3{math.Inf(-1), 0, math.Inf(-1)}
	for _, t := range tris {
		if t.Collider == 0 { // the ground box
			continue
		}
		for _, p := range [3]mgl64.Vec3{t.A, t.B, t.C} {
			lo[0], lo[2] = math.Min(lo[0], p[0]), math.Min(lo[2], p[2])
			hi[0], hi[2] = math.Max(hi[0], p[0]), math.Max(hi[2], p[2])
		}
	}
	if math.IsInf(lo[0], 0) {
		lo, hi = mgl64.Vec3{-20, 0, -20}, mgl64.Vec3{20, 0, 20}
	}
	m.centre = lo.Add(hi).Mul(0.5)
	m.span = math.Max(hi[0]-lo[0], hi[2]-lo[2]) + 10
	if m.rendering == nil || m.size != size {
		if m.rendering != nil {
			m.rendering.Close()
		}
		m.rendering = render.New(size, size)
		m.img = ebiten.NewImage(size, size)
	}
	m.size, m.walkable = size, walkableCos
	// Straight down from 500 m: screen right is +X, screen down is +Z.
	const height = 500.0
	cam := render.Camera{Pos: m.centre.Add(mgl64.Vec3{0, height, 0}), Yaw: -math.Pi / 2, Pitch: -math.Pi / 2,
		FOVY: 2 * math.Atan(m.span/2/height), W: size, H: size}
	m.rendering.Style.FogStart, m.rendering.Style.FogEnd = 1e6, 2e6
	img := image.NewRGBA(image.Rect(0, 0, size, size))
	// Ladders, water and one-way platforms as in the view (the moving
	// colliders are not marked: the map is drawn once).
	flat := render.AppendMarked(nil, tris, walkableCos, func(id kcc.ColliderID) render.Mark { return surfaceMark(s.Surface(id)) })
	for i := range flat {
		flat[i].Checker = false // 1 m squares are noise at this scale
	}
	m.rendering.Render(img, cam, flat)
	m.img.WritePixels(img.Pix)
	m.valid = true
}

func (m *minimap) draw(dst *ebiten.Image, r image.Rectangle, s *play.Session, st *play.State, cam render.Camera) {
	if !m.valid || m.size != r.Dx() || m.walkable != st.WalkableCos {
		m.build(s, st.WalkableCos, r.Dx())
	}
	// The map follows the player (centred on it) and everything is drawn
	// on the map's own sub-image, which clips to its box.
	view := st.Body.Position
	clip := dst.SubImage(r).(*ebiten.Image)
	fillRect(clip, r, panel)
	op := &ebiten.DrawImageOptions{}
	ox, oy := layout.MapPoint(r, m.span, view, m.centre) // where the rendered map's centre goes
	op.GeoM.Translate(float64(ox)-float64(r.Dx())/2, float64(oy)-float64(r.Dy())/2)
	op.ColorScale.ScaleAlpha(0.9)
	clip.DrawImage(m.img, op)
	var px, py float32
	s.History.Trail(func(i, n int, p mgl64.Vec3) {
		x, y := layout.MapPoint(r, m.span, view, p)
		if i > 0 {
			a := uint8(60 + 195*i/n)
			vector.StrokeLine(clip, px, py, x, y, 2, color.RGBA{255, 80, 60, a}, true)
		}
		px, py = x, y
	})
	x, y := layout.MapPoint(r, m.span, view, st.Body.Position)
	f, _, _ := cam.Basis()
	fl := float32(math.Hypot(f[0], f[2]))
	if fl > 1e-6 {
		vector.StrokeLine(clip, x, y, x+14*float32(f[0])/fl, y+14*float32(f[2])/fl, 2, textMain, true)
	}
	vector.DrawFilledCircle(clip, x, y, 4, accent, true)
	vector.StrokeRect(dst, float32(r.Min.X), float32(r.Min.Y), float32(r.Dx()), float32(r.Dy()), 1, textDim, false)
}

// stageTimes are the pipeline's per-stage times of the last tick, smoothed
// over frames (microseconds): the motor stages (with the game's systems
// among them), the KCC stage and the rest.
type stageTimes struct {
	motor, kcc, rest float64
}

func (t *stageTimes) add(p *systems.Pipeline) {
	var m, k, r time.Duration
	for _, s := range systems.Stages() {
		switch {
		case s <= systems.StageShaping:
			m += p.StageTime(s)
		case s == systems.StageKCC:
			k += p.StageTime(s)
		default:
			r += p.StageTime(s)
		}
	}
	ms := func(d time.Duration) float64 { return float64(d.Nanoseconds()) / 1000 }
	t.motor = 0.9*t.motor + 0.1*ms(m)
	t.kcc = 0.9*t.kcc + 0.1*ms(k)
	t.rest = 0.9*t.rest + 0.1*ms(r)
}
