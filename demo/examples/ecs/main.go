// Command ecs runs motorkit's pipeline inside a donburi ecs.ECS next to the
// game's own systems and render layers: the game's steering system, then the
// runner as one system of the ECS, then the game's coin system collecting
// the coins the character walks over; two layers draw the floor and coins,
// then the character.
//
//	go run ./demo/examples/ecs
//	go run ./demo/examples/ecs -frames 240 -screenshot shot.png  # headless checks (xvfb-run)
package main

import (
	"flag"
	"fmt"
	"image/color"
	"log"
	"math"

	"github.com/go-gl/mathgl/mgl64"
	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/ebitenutil"
	"github.com/hajimehoshi/ebiten/v2/vector"
	"github.com/seedgames/motorkit/components"
	"github.com/seedgames/motorkit/demo/internal/shot"
	"github.com/seedgames/motorkit/prefabs"
	"github.com/seedgames/motorkit/systems"
	"github.com/yohamta/donburi"
	"github.com/yohamta/donburi/ecs"
	"github.com/yohamta/donburi/filter"
)

const (
	screenW, screenH = 480, 480
	scale            = 16.0 // pixels per meter; the view is centred on the origin
)

// The game's own component and render layers.
type coinData struct{ X, Z float64 }

var coin = donburi.NewComponentType[coinData]()

const (
	layerGround ecs.LayerID = iota
	layerActors
)

var (
	coins   = donburi.NewQuery(filter.Contains(coin))
	players = donburi.NewQuery(filter.Contains(components.Body, components.Motor))
)

type game struct {
	ecs      *ecs.ECS
	player   donburi.Entity
	score    int
	frame    int
	frames   int
	shotPath string
	shotDone bool
}

func newGame() (*game, error) {
	w := donburi.NewWorld()
	if _, err := prefabs.SpawnLevel(w, "flat"); err != nil {
		return nil, err
	}
	player, err := prefabs.Spawn(w, "hybrid_player", prefabs.At(mgl64.Vec3{0, 0.91, 0}))
	if err != nil {
		return nil, err
	}
	g := &game{ecs: ecs.NewECS(w), player: player}
	for i := 0; i < 12; i++ { // a ring of coins 8 m out, the hybrid motor runs at 3 m/s
		a := float64(i) * math.Pi / 6
		e := g.ecs.Create(layerGround, coin)
		coin.SetValue(w.Entry(e), coinData{X: 8 * math.Cos(a), Z: 8 * math.Sin(a)})
	}
	runner := systems.NewRunner(systems.NewPipeline(w, systems.Options{TickRate: 60}), systems.DefaultRunnerOptions())
	g.ecs.
		AddSystem(g.steer).                  // the game's input system
		AddSystem(runner.ECSSystem(1.0/60)). // motorkit: 0..n fixed ticks per frame
		AddSystem(g.collect).                // the game's rules, after the move
		AddRenderer(layerGround, g.drawGround).
		AddRenderer(layerActors, g.drawPlayer)
	return g, nil
}

// steer is the game's input system: it walks the character to the nearest
// coin (a player's stick would go here).
func (g *game) steer(e *ecs.ECS) {
	p := e.World.Entry(g.player)
	pos := components.Body.Get(p).Position
	best, cmd := math.Inf(1), components.CommandData{}
	coins.Each(e.World, func(en *donburi.Entry) {
		c := coin.Get(en)
		if d := math.Hypot(c.X-pos[0], c.Z-pos[2]); d < best {
			best = d
			components.View.Get(p).Yaw = math.Atan2(c.Z-pos[2], c.X-pos[0])
			cmd.Forward = 1
		}
	})
	systems.Submit(p, cmd)
}

// collect removes the coins within 1 m of the character.
func (g *game) collect(e *ecs.ECS) {
	pos := components.Body.Get(e.World.Entry(g.player)).Position
	var taken []donburi.Entity
	coins.Each(e.World, func(en *donburi.Entry) {
		c := coin.Get(en)
		if math.Hypot(c.X-pos[0], c.Z-pos[2]) < 1 {
			taken = append(taken, en.Entity())
		}
	})
	for _, t := range taken { // structural changes after the query
		e.World.Remove(t)
		g.score++
	}
}

func px(x, z float64) (float32, float32) {
	return float32(x*scale + screenW/2), float32(z*scale + screenH/2)
}

func (g *game) drawGround(e *ecs.ECS, screen *ebiten.Image) {
	screen.Fill(color.RGBA{0x22, 0x2a, 0x33, 0xff})
	coins.Each(e.World, func(en *donburi.Entry) {
		x, y := px(coin.Get(en).X, coin.Get(en).Z)
		vector.DrawFilledCircle(screen, x, y, 6, color.RGBA{0xf2, 0xc1, 0x2e, 0xff}, true)
	})
}

func (g *game) drawPlayer(e *ecs.ECS, screen *ebiten.Image) {
	players.Each(e.World, func(en *donburi.Entry) {
		b := components.Body.Get(en)
		x, y := px(b.Position[0], b.Position[2])
		vector.DrawFilledCircle(screen, x, y, 0.35*scale, color.RGBA{0xe8, 0x5d, 0x4f, 0xff}, true)
	})
	ebitenutil.DebugPrint(screen, fmt.Sprintf("coins %d/12", g.score))
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
	g.ecs.Update()
	g.frame++
	return nil
}

func (g *game) Draw(screen *ebiten.Image) {
	g.ecs.DrawLayer(layerGround, screen)
	g.ecs.DrawLayer(layerActors, screen)
	if g.frames > 0 && g.frame >= g.frames && g.shotPath != "" && !g.shotDone {
		g.shotDone = true
		if err := shot.Save(screen, g.shotPath); err != nil {
			log.Print(err)
		}
		fmt.Printf("frame %d: coins %d/12\n", g.frame, g.score)
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
	ebiten.SetWindowTitle("motorkit: inside a donburi ECS")
	if err := ebiten.RunGame(g); err != nil {
		log.Fatal(err)
	}
}
