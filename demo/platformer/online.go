package main

import (
	"context"
	"fmt"
	"time"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/ebitenutil"
	"github.com/hajimehoshi/ebiten/v2/vector"
	"github.com/seedgames/motorkit/components"
	platformer "github.com/seedgames/motorkit/demo/platformer/game"
	"github.com/seedgames/motorkit/demo/playground/online"
	"github.com/seedgames/motorkit/motors"
	"github.com/seedgames/motorkit/netplay"
	"github.com/seedgames/motorkit/plane2d"
)

// newNetGame joins the match of the server at url (the playground's
// online server playing one of this project's levels) as name.
func newNetGame(url, name string) (*game, error) {
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	c, err := online.Dial(ctx, url, online.DialOptions{Name: name})
	if err != nil {
		return nil, err
	}
	lv := c.Net().Game().Options().Level
	level, ok := platformer.LevelOf(lv)
	if !ok {
		_ = c.Close()
		return nil, fmt.Errorf("%s plays level %q, not the platformer's (%s, %s)", url, lv, platformer.OnlineSide, platformer.OnlineTopDown)
	}
	s, err := platformer.Attach(c.Net().Game().World, level)
	if err != nil {
		_ = c.Close()
		return nil, err
	}
	g := &game{s: s, net: c}
	g.camX, g.camY = s.X0+s.Width/2, s.Y0+s.Height/2
	g.clampCamera()
	return g, nil
}

// stepOnline sends the frame's command and runs the client's ticks; the
// hero is the seat's character of the client's world.
func (g *game) stepOnline(cmd components.CommandData) error {
	if err := g.net.Update(netplay.EncodeCommand(motors.Command(cmd), motors.View{Yaw: plane2d.ViewYaw})); err != nil {
		return err
	}
	if e, ok := g.net.Net().Game().Character(g.net.Net().Seat()); ok {
		g.s.Hero = e.Entity()
	}
	return nil
}

// drawLabel prints s at (x, y) on the screen.
func drawLabel(screen *ebiten.Image, s string, x, y float32) {
	ebitenutil.DebugPrintAt(screen, s, int(x), int(y))
}

// tick is the tick the game shows: the pipeline's, or online the
// client's.
func (g *game) tick() uint64 {
	if g.net != nil {
		return g.net.Net().Tick()
	}
	return g.s.P.Ticks()
}

// drawOthers draws the other players where the client shows them (a
// little in the past, between the host's ticks), with their names.
func (g *game) drawOthers(screen *ebiten.Image) {
	n := g.net.Net()
	for seat := range netplay.MaxSeats {
		if seat == n.Seat() {
			continue
		}
		p, ok := n.Display(seat)
		if !ok {
			continue
		}
		x, y := g.s.Space.FromWorld(p)
		sx, sy := g.toScreen(x-8, y-11)
		vector.DrawFilledRect(screen, sx, sy, 16, 22, otherColor, false)
		vector.DrawFilledRect(screen, sx+5, sy+5, 6, 4, heroEyeColor, false)
		if nm := g.net.Name(seat); nm != "" {
			drawLabel(screen, nm, sx, sy-12)
		}
	}
}
