// Command topdown is a whole Ebitengine game around motorkit: an RPG-motor
// character seen from above in a walled yard, a camera that follows it, and
// systems.Runner inside ebiten.Game (fixed 60 Hz ticks, drawing interpolated
// with Runner.Alpha). WASD or the arrow keys move, Space jumps.
//
//	go run ./demo/examples/topdown
//	go run ./demo/examples/topdown -frames 120 -screenshot shot.png  # headless checks (xvfb-run)
package main

import (
	"flag"
	"image/color"
	"log"
	"math"

	"github.com/go-gl/mathgl/mgl64"
	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/inpututil"
	"github.com/hajimehoshi/ebiten/v2/vector"
	"github.com/seedgames/motorkit/components"
	"github.com/seedgames/motorkit/demo/internal/shot"
	"github.com/seedgames/motorkit/kcc"
	"github.com/seedgames/motorkit/prefabs"
	"github.com/seedgames/motorkit/systems"
	"github.com/yohamta/donburi"
)

const (
	screenW, screenH = 640, 480
	pixelsPerMeter   = 24.0
)

// wall is an axis-aligned box of the yard, centre and half extents on XZ.
type wall struct{ x, z, hx, hz float64 }

var walls = []wall{
	{0, -12, 16, 0.5}, {0, 12, 16, 0.5}, {-16, 0, 0.5, 12}, {16, 0, 0.5, 12}, // the yard
	{-5, -3, 3, 0.5}, {6, 4, 0.5, 4}, {0, 7, 2, 2}, // obstacles
}

type game struct {
	w        donburi.World
	runner   *systems.Runner
	player   donburi.Entity
	cam      mgl64.Vec3
	frame    int
	frames   int    // stop after this many frames (0: play)
	shotPath string // write the last frame here
	shotDone bool
}

func newGame() (*game, error) {
	w := donburi.NewWorld()
	level := kcc.NewWorld()
	level.AddBox(mgl64.Vec3{0, -0.5, 0}, mgl64.Vec3{20, 0.5, 20}, mgl64.Quat{}) // floor, top at y=0
	for _, b := range walls {
		level.AddBox(mgl64.Vec3{b.x, 1, b.z}, mgl64.Vec3{b.hx, 1, b.hz}, mgl64.Quat{})
	}
	prefabs.SetLevel(w, level, "yard")
	// Yaw -pi/2 faces -Z, which is "up" on screen (screen y = world z).
	player, err := prefabs.Spawn(w, "rpg_player", prefabs.At(mgl64.Vec3{0, 0.96, 0}), prefabs.Facing(-math.Pi/2))
	if err != nil {
		return nil, err
	}
	p := systems.NewPipeline(w, systems.Options{TickRate: 60})
	return &game{w: w, runner: systems.NewRunner(p, systems.DefaultRunnerOptions()), player: player}, nil
}

// axis is -1, 0 or +1 from two pairs of keys.
func axis(neg, neg2, pos, pos2 ebiten.Key) float64 {
	v := 0.0
	if ebiten.IsKeyPressed(neg) || ebiten.IsKeyPressed(neg2) {
		v--
	}
	if ebiten.IsKeyPressed(pos) || ebiten.IsKeyPressed(pos2) {
		v++
	}
	return v
}

func (g *game) Update() error {
	if g.frames > 0 && g.frame >= g.frames {
		// Ebitengine may run two Updates before one Draw: hold the last
		// frame until Draw has written the screenshot.
		if g.shotDone || g.shotPath == "" {
			return ebiten.Termination
		}
		return nil
	}
	cmd := components.CommandData{
		Forward:     axis(ebiten.KeyS, ebiten.KeyArrowDown, ebiten.KeyW, ebiten.KeyArrowUp),
		Strafe:      axis(ebiten.KeyA, ebiten.KeyArrowLeft, ebiten.KeyD, ebiten.KeyArrowRight),
		JumpPressed: inpututil.IsKeyJustPressed(ebiten.KeySpace),
		JumpHeld:    ebiten.IsKeyPressed(ebiten.KeySpace),
	}
	if g.frames > 0 { // headless run: walk a square so the screenshot shows motion
		cmd = components.CommandData{Forward: 1, Strafe: float64(g.frame/60%2*2 - 1)}
	}
	systems.Submit(g.w.Entry(g.player), cmd)
	g.runner.Advance(1.0 / float64(ebiten.TPS()))
	// The camera eases toward the player: 10% of the gap per frame.
	g.cam = g.cam.Add(g.bodyAt().Sub(g.cam).Mul(0.1))
	g.frame++
	return nil
}

// bodyAt is the player's position between the last two ticks.
func (g *game) bodyAt() mgl64.Vec3 {
	b := components.Body.Get(g.w.Entry(g.player))
	a := g.runner.Alpha()
	return b.PrevPosition.Mul(1 - a).Add(b.Position.Mul(a))
}

// toScreen maps world XZ to pixels around the camera.
func (g *game) toScreen(x, z float64) (float32, float32) {
	return float32((x-g.cam[0])*pixelsPerMeter + screenW/2), float32((z-g.cam[2])*pixelsPerMeter + screenH/2)
}

func (g *game) Draw(screen *ebiten.Image) {
	screen.Fill(color.RGBA{0x2b, 0x33, 0x2b, 0xff})
	for _, b := range walls {
		x, y := g.toScreen(b.x-b.hx, b.z-b.hz)
		vector.DrawFilledRect(screen, x, y, float32(2*b.hx*pixelsPerMeter), float32(2*b.hz*pixelsPerMeter), color.RGBA{0x8a, 0x7f, 0x6a, 0xff}, false)
	}
	p := g.bodyAt()
	x, y := g.toScreen(p[0], p[2])
	r := float32(0.35 * pixelsPerMeter * (1 + (p[1]-0.96)/3)) // a jump makes it look closer
	vector.DrawFilledCircle(screen, x, y, r, color.RGBA{0x4f, 0x9d, 0xe8, 0xff}, true)
	v := components.Body.Get(g.w.Entry(g.player)).Velocity
	vector.StrokeLine(screen, x, y, x+float32(v[0]*8), y+float32(v[2]*8), 2, color.White, true)
	if g.frames > 0 && g.frame >= g.frames && g.shotPath != "" && !g.shotDone {
		g.shotDone = true
		if err := shot.Save(screen, g.shotPath); err != nil {
			log.Print(err)
		}
	}
}

func (g *game) Layout(int, int) (int, int) { return screenW, screenH }

func main() {
	frames := flag.Int("frames", 0, "run this many frames, then exit (0: play)")
	shot := flag.String("screenshot", "", "with -frames: write the last frame to this PNG")
	flag.Parse()
	g, err := newGame()
	if err != nil {
		log.Fatal(err)
	}
	g.frames, g.shotPath = *frames, *shot
	ebiten.SetWindowSize(screenW, screenH)
	ebiten.SetWindowTitle("motorkit: top-down")
	if err := ebiten.RunGame(g); err != nil {
		log.Fatal(err)
	}
}
