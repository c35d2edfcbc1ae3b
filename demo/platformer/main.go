// Command platformer is a side-view platformer on motorkit: Celeste's
// movement (motors/platformer) on a level in an LDtk project
// (game/level/platformer.ldtk), through the same pipeline, controller and abilities
// as the 3D demos. Run, jump (higher while held), wall slide and wall
// jump, dash in eight directions, climb the ladder, swim, drop through
// the one-way platforms, ride the moving platform, mind the spikes and
// reach the goal.
//
//	go run ./demo/platformer
//	go run ./demo/platformer -scene topdown  # the same machinery seen from above: an 8-direction hero
//	go run ./demo/platformer -frames 600 -screenshot shot.png  # a scripted run, its last frame saved
//
// Online, two players or more in one level (docs/2d.md#online):
//
//	go run ./demo/playgroundserver -level platformer-side
//	go run ./demo/platformer -connect ws://127.0.0.1:8050/ws -name Ann
//
// Keys: arrows or WASD move (down + jump drops through a one-way
// platform), Space, Z or C jump, X, Shift or J dash, R respawns, Escape
// quits. A gamepad in the standard layout: the left stick or the d-pad,
// A jumps, X or B dashes.
package main

import (
	"flag"
	"fmt"
	"image/color"
	"log"
	"math"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/ebitenutil"
	"github.com/hajimehoshi/ebiten/v2/inpututil"
	"github.com/hajimehoshi/ebiten/v2/vector"
	"github.com/seedgames/motorkit/components"
	_ "github.com/seedgames/motorkit/demo/internal/display" // one clear line without a display
	"github.com/seedgames/motorkit/demo/internal/shot"
	platformer "github.com/seedgames/motorkit/demo/platformer/game"
	"github.com/seedgames/motorkit/demo/playground/online"
	"github.com/seedgames/motorkit/plane2d"
	"github.com/yohamta/donburi/features/transform"
)

// The screen is 480 x 270 pixels (30 x 17 tiles), drawn at twice its size.
const (
	screenW, screenH = 480, 270
	// the camera's dead zone: the hero moves this far from the screen's
	// centre before the camera follows
	deadW, deadH = 64, 40
)

// Colours of the level's kinds and the hero.
var (
	skyColor     = color.RGBA{0x1a, 0x1c, 0x2c, 0xff}
	solidColor   = color.RGBA{0x73, 0x3e, 0x39, 0xff}
	solidTop     = color.RGBA{0x3e, 0x89, 0x48, 0xff}
	oneWayColor  = color.RGBA{0xc2, 0x85, 0x69, 0xff}
	ladderColor  = color.RGBA{0x8b, 0x9b, 0xb4, 0xff}
	waterColor   = color.RGBA{0x39, 0x78, 0xa8, 0x90}
	pondColor    = color.RGBA{0x39, 0x78, 0xa8, 0xff}
	spikeColor   = color.RGBA{0xe4, 0x3b, 0x44, 0xff}
	goalColor    = color.RGBA{0xfe, 0xe7, 0x61, 0xff}
	moverColor   = color.RGBA{0xc0, 0xcb, 0xdc, 0xff}
	heroColor    = color.RGBA{0x63, 0xc7, 0x4d, 0xff} // a dash left
	heroNoDash   = color.RGBA{0x4f, 0x9d, 0xe8, 0xff} // dash used, as Celeste's hair turns blue
	heroDashing  = color.RGBA{0xff, 0xff, 0xff, 0xff}
	heroEyeColor = color.RGBA{0x18, 0x14, 0x25, 0xff}
	otherColor   = color.RGBA{0xf2, 0x9b, 0x38, 0xff} // the other players, online
)

type game struct {
	s        *platformer.Sim
	net      *online.Client // online: the connection (s is its client's world)
	camX     float64
	camY     float64
	frame    int
	frames   int    // stop after this many frames (0: play)
	shotPath string // write the last frame here
	shotDone bool
	pads     []ebiten.GamepadID
	jumpWas  bool
	dashWas  bool
}

func newGame(level string) (*game, error) {
	s, err := platformer.New(level)
	if err != nil {
		return nil, err
	}
	g := &game{s: s}
	g.camX, g.camY = s.SpawnX, s.SpawnY
	g.clampCamera()
	return g, nil
}

// pressed is true while any of keys is down.
func pressed(keys ...ebiten.Key) bool {
	for _, k := range keys {
		if ebiten.IsKeyPressed(k) {
			return true
		}
	}
	return false
}

// readInput is this frame's command from the keyboard and the first
// standard-layout gamepad: x and y in -1..1 (y up), jump and dash held.
func (g *game) readInput() (x, y float64, jump, dash bool) {
	if pressed(ebiten.KeyArrowLeft, ebiten.KeyA) {
		x--
	}
	if pressed(ebiten.KeyArrowRight, ebiten.KeyD) {
		x++
	}
	if pressed(ebiten.KeyArrowUp, ebiten.KeyW) {
		y++
	}
	if pressed(ebiten.KeyArrowDown, ebiten.KeyS) {
		y--
	}
	jump = pressed(ebiten.KeySpace, ebiten.KeyZ, ebiten.KeyC)
	dash = pressed(ebiten.KeyX, ebiten.KeyShiftLeft, ebiten.KeyShiftRight, ebiten.KeyJ)
	g.pads = ebiten.AppendGamepadIDs(g.pads[:0])
	for _, id := range g.pads {
		if !ebiten.IsStandardGamepadLayoutAvailable(id) {
			continue
		}
		b := func(k ebiten.StandardGamepadButton) bool { return ebiten.IsStandardGamepadButtonPressed(id, k) }
		sx := ebiten.StandardGamepadAxisValue(id, ebiten.StandardGamepadAxisLeftStickHorizontal)
		sy := -ebiten.StandardGamepadAxisValue(id, ebiten.StandardGamepadAxisLeftStickVertical)
		if b(ebiten.StandardGamepadButtonLeftLeft) {
			sx = -1
		} else if b(ebiten.StandardGamepadButtonLeftRight) {
			sx = 1
		}
		if b(ebiten.StandardGamepadButtonLeftTop) {
			sy = 1
		} else if b(ebiten.StandardGamepadButtonLeftBottom) {
			sy = -1
		}
		if math.Abs(sx) > math.Abs(x) {
			x = sx
		}
		if math.Abs(sy) > math.Abs(y) {
			y = sy
		}
		jump = jump || b(ebiten.StandardGamepadButtonRightBottom)
		dash = dash || b(ebiten.StandardGamepadButtonRightLeft) || b(ebiten.StandardGamepadButtonRightRight)
		break
	}
	return x, y, jump, dash
}

func (g *game) Update() error {
	if g.frames > 0 && g.frame >= g.frames {
		if g.shotDone || g.shotPath == "" {
			x, y := g.heroAt()
			fmt.Printf("platformer: frame %d: hero at (%.0f, %.0f) px, deaths %d, goals %d\n", g.frame, x, y, g.s.Deaths, g.s.Goals)
			return ebiten.Termination
		}
		return nil
	}
	if g.frames == 0 && inpututil.IsKeyJustPressed(ebiten.KeyEscape) {
		return ebiten.Termination
	}
	var x, y float64
	var jump, dash bool
	switch {
	case g.frames > 0 && g.s.Space.Plane == components.PlaneTop:
		x, y, dash = platformer.AutopilotTop(g.frame)
	case g.frames > 0:
		x, y, jump, dash = platformer.Autopilot(g.frame)
	default:
		x, y, jump, dash = g.readInput()
		if inpututil.IsKeyJustPressed(ebiten.KeyR) && g.net == nil {
			g.s.Respawn()
		}
	}
	cmd := components.CommandData{Strafe: x, Forward: y, JumpHeld: jump, JumpPressed: jump && !g.jumpWas,
		DashPressed: dash && !g.dashWas, Crouch: y < -0.5}
	g.jumpWas, g.dashWas = jump, dash
	if g.net != nil {
		if err := g.stepOnline(cmd); err != nil {
			return err
		}
		g.follow()
		g.frame++
		return nil
	}
	g.s.Step(cmd)
	g.follow()
	g.frame++
	return nil
}

// heroAt is the hero's centre (px) as donburi's transform has it: the
// pipeline keeps it there every tick (plane2d.Space.Install).
func (g *game) heroAt() (float64, float64) {
	if g.net != nil { // online: where the client draws its own character
		p, _ := g.net.Net().Display(g.net.Net().Seat())
		return g.s.Space.FromWorld(p)
	}
	p := transform.WorldPosition(g.s.W.Entry(g.s.Hero))
	return p.X, p.Y
}

// follow moves the camera so the hero stays inside the dead zone.
func (g *game) follow() {
	x, y := g.heroAt()
	if d := x - g.camX; d > deadW/2 {
		g.camX = x - deadW/2
	} else if d < -deadW/2 {
		g.camX = x + deadW/2
	}
	if d := y - g.camY; d > deadH/2 {
		g.camY = y - deadH/2
	} else if d < -deadH/2 {
		g.camY = y + deadH/2
	}
	g.clampCamera()
}

// clampCamera keeps the screen inside the level.
func (g *game) clampCamera() {
	g.camX = clampCentre(g.camX, g.s.X0, g.s.Width, screenW)
	g.camY = clampCentre(g.camY, g.s.Y0, g.s.Height, screenH)
}

// clampCentre keeps a screen of size n centred at c inside [lo, lo+size]
// (centred on a level smaller than the screen).
func clampCentre(c, lo, size, n float64) float64 {
	if size <= n {
		return lo + size/2
	}
	return math.Max(lo+n/2, math.Min(lo+size-n/2, c))
}

// toScreen maps level pixels to screen pixels.
func (g *game) toScreen(x, y float64) (float32, float32) {
	return float32(math.Round(x - g.camX + screenW/2)), float32(math.Round(y - g.camY + screenH/2))
}

func (g *game) Draw(screen *ebiten.Image) {
	if g.frames > 0 && g.frame < g.frames {
		return // a scripted run draws its last frame only
	}
	screen.Fill(skyColor)
	for _, r := range g.s.Level.Rects {
		g.drawRect(screen, r)
	}
	g.drawMovers(screen)
	if g.net != nil {
		g.drawOthers(screen)
	}
	if !g.s.W.Valid(g.s.Hero) {
		return // online, before the seat's character arrives
	}
	g.drawHero(screen)
	k := components.KCC.Get(g.s.W.Entry(g.s.Hero))
	msg := fmt.Sprintf("motorkit 2D  tick %d  deaths %d", g.tick(), g.s.Deaths)
	if m := g.s.Motor(); m != nil {
		msg += fmt.Sprintf("  dashes %d", m.DashesLeft())
		if k.Grounded {
			msg += "  grounded"
		}
	}
	if g.s.Goals > 0 {
		msg += fmt.Sprintf("\nGOAL! reached on tick %d", g.s.GoalTick)
	}
	ebitenutil.DebugPrint(screen, msg)
	if g.frames > 0 && g.frame >= g.frames && g.shotPath != "" && !g.shotDone {
		g.shotDone = true
		if err := shot.Save(screen, g.shotPath); err != nil {
			log.Print(err)
		}
	}
}

// drawRect draws one of the level's rectangles by its kind.
func (g *game) drawRect(screen *ebiten.Image, r plane2d.Rect) {
	x0, y0 := g.toScreen(r.MinX, r.MinY)
	x1, y1 := g.toScreen(r.MaxX, r.MaxY)
	w, h := x1-x0, y1-y0
	if x1 < 0 || y1 < 0 || x0 > screenW || y0 > screenH {
		return
	}
	switch r.Kind {
	case plane2d.Solid:
		if r.Name == "water" { // the top view's ponds
			vector.DrawFilledRect(screen, x0, y0, w, h, pondColor, false)
			return
		}
		vector.DrawFilledRect(screen, x0, y0, w, h, solidColor, false)
		vector.DrawFilledRect(screen, x0, y0, w, 2, solidTop, false)
	case plane2d.OneWay:
		vector.DrawFilledRect(screen, x0, y0, w, 4, oneWayColor, false)
	case plane2d.Ladder:
		vector.StrokeLine(screen, x0+3, y0, x0+3, y1, 2, ladderColor, false)
		vector.StrokeLine(screen, x1-3, y0, x1-3, y1, 2, ladderColor, false)
		for y := y0 + 4; y < y1; y += 6 {
			vector.StrokeLine(screen, x0+3, y, x1-3, y, 1, ladderColor, false)
		}
	case plane2d.Water:
		vector.DrawFilledRect(screen, x0, y0, w, h, waterColor, false)
	case plane2d.Sensor:
		if r.Name == "goal" {
			vector.DrawFilledRect(screen, x0+6, y0-16, 2, h+16, goalColor, false)
			vector.DrawFilledRect(screen, x0+8, y0-16, 8, 6, goalColor, false)
			return
		}
		for x := x0; x < x1; x += 8 {
			var p vector.Path
			p.MoveTo(x, y1)
			p.LineTo(x+4, y1-8)
			p.LineTo(x+8, y1)
			p.Close()
			fillPath(screen, &p, spikeColor)
		}
	case plane2d.SlopeUpRight, plane2d.SlopeUpLeft:
		var p vector.Path
		p.MoveTo(x0, y1)
		p.LineTo(x1, y1)
		if r.Kind == plane2d.SlopeUpRight {
			p.LineTo(x1, y0)
		} else {
			p.LineTo(x0, y0)
		}
		p.Close()
		fillPath(screen, &p, solidColor)
	}
}

// fillPath fills a path with one colour.
func fillPath(screen *ebiten.Image, p *vector.Path, c color.RGBA) {
	vs, is := p.AppendVerticesAndIndicesForFilling(nil, nil)
	for i := range vs {
		vs[i].ColorR, vs[i].ColorG, vs[i].ColorB, vs[i].ColorA = float32(c.R)/255, float32(c.G)/255, float32(c.B)/255, float32(c.A)/255
		vs[i].SrcX, vs[i].SrcY = 1, 1
	}
	screen.DrawTriangles(vs, is, whitePixel, &ebiten.DrawTrianglesOptions{AntiAlias: true})
}

var whitePixel = func() *ebiten.Image {
	img := ebiten.NewImage(3, 3)
	img.Fill(color.White)
	return img
}()

// drawMovers draws the moving platforms where they are now.
func (g *game) drawMovers(screen *ebiten.Image) {
	if g.s.Data.Movers == nil {
		return
	}
	for _, m := range g.s.Data.Movers.Movers {
		lo, hi, err := g.s.Data.World.Bounds(m.Collider)
		if err != nil {
			continue
		}
		ax, ay := g.s.Space.FromWorld(lo)
		bx, by := g.s.Space.FromWorld(hi)
		x0, y0 := g.toScreen(math.Min(ax, bx), math.Min(ay, by))
		x1, y1 := g.toScreen(math.Max(ax, bx), math.Max(ay, by))
		vector.DrawFilledRect(screen, x0, y0, x1-x0, y1-y0, moverColor, false)
	}
}

// drawHero draws the hero's box (its capsule's 16 x 22 px) with an eye
// on its facing side; its colour tells whether a dash is left.
func (g *game) drawHero(screen *ebiten.Image) {
	x, y := g.heroAt()
	if g.s.Space.Plane == components.PlaneTop { // the top view: a round hero and its heading
		sx, sy := g.toScreen(x, y)
		vector.DrawFilledCircle(screen, sx, sy, 6, heroNoDash, true)
		vx, vy := g.s.Space.Velocity(g.s.W.Entry(g.s.Hero))
		vector.StrokeLine(screen, sx, sy, sx+float32(vx/12), sy+float32(vy/12), 2, heroEyeColor, true)
		return
	}
	sx, sy := g.toScreen(x-8, y-11)
	m := g.s.Motor()
	c := heroColor
	switch {
	case m.Dashing():
		c = heroDashing
	case m.DashesLeft() == 0:
		c = heroNoDash
	}
	vector.DrawFilledRect(screen, sx, sy, 16, 22, c, false)
	vx, _ := g.s.Space.Velocity(g.s.W.Entry(g.s.Hero))
	ex := sx + 9
	if vx < 0 {
		ex = sx + 3
	}
	vector.DrawFilledRect(screen, ex, sy+5, 4, 4, heroEyeColor, false)
}

func (g *game) Layout(int, int) (int, int) { return screenW, screenH }

func main() {
	frames := flag.Int("frames", 0, "run this many frames with a scripted input, then exit (0: play)")
	shot := flag.String("screenshot", "", "with -frames: write the last frame to this PNG")
	connect := flag.String("connect", "", "play online: the server's address (ws://127.0.0.1:8050/ws of go run ./demo/playgroundserver -level platformer-side)")
	name := flag.String("name", "player", "online: your name")
	scene := flag.String("scene", "platformer", "platformer (side view) or topdown (seen from above)")
	flag.Parse()
	level := "Side"
	switch *scene {
	case "platformer":
	case "topdown":
		level = platformer.TopDown
	default:
		log.Fatalf("-scene %q: want platformer or topdown", *scene)
	}
	var g *game
	var err error
	if *connect != "" {
		g, err = newNetGame(*connect, *name)
	} else {
		g, err = newGame(level)
	}
	if err != nil {
		log.Fatal(err)
	}
	g.frames, g.shotPath = *frames, *shot
	ebiten.SetWindowSize(2*screenW, 2*screenH)
	ebiten.SetWindowTitle("motorkit: platformer")
	if err := ebiten.RunGame(g); err != nil {
		log.Fatal(err)
	}
}
