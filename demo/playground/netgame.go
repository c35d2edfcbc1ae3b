package main

import (
	"context"
	"errors"
	"fmt"
	"image"
	"image/color"
	"math"
	"strings"
	"time"

	"github.com/go-gl/mathgl/mgl64"
	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/inpututil"
	"github.com/hajimehoshi/ebiten/v2/text/v2"
	"github.com/seedgames/motorkit/components"
	"github.com/seedgames/motorkit/demo/playground/internal/layout"
	"github.com/seedgames/motorkit/demo/playground/internal/play"
	"github.com/seedgames/motorkit/demo/playground/internal/render"
	"github.com/seedgames/motorkit/demo/playground/online"
	"github.com/seedgames/motorkit/input"
	"github.com/seedgames/motorkit/kcc"
	"github.com/seedgames/motorkit/motors/hybrid"
	"github.com/seedgames/motorkit/netplay"
)

// seatColors tell the players apart (seat order); the player's own
// character is render.Player.
var seatColors = []color.RGBA{
	{60, 200, 210, 255}, {230, 90, 90, 255}, {120, 210, 90, 255}, {180, 120, 240, 255},
	{240, 150, 60, 255}, {90, 140, 240, 255}, {240, 110, 190, 255}, {200, 200, 200, 255},
}

// netGame is the playground online (-connect): the server's match, the
// player's own character predicted and the others drawn 100 ms back,
// each with its name; keys 1-4 ask the server for another motor.
type netGame struct {
	camControl
	cl *online.Client
	f  flags

	w, h int
	canvas
	level  []kcc.Triangle
	tris   []render.Tri
	moving map[kcc.ColliderID]bool
	in     input.Adapter

	err error // why the connection ended
	runControl
	netStart time.Time
}

// dialOnline connects to the -connect server.
func dialOnline(f flags) (*online.Client, error) {
	recipe := 0
	for i, m := range play.Motors {
		if m == f.motor {
			recipe = i
		}
	}
	// A busy server or page may miss the hello's deadline: try three
	// times, unless the server said no (full, restarting).
	var err error
	for range 3 {
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		var cl *online.Client
		cl, err = online.Dial(ctx, f.connect, online.DialOptions{Name: f.name, Recipe: recipe})
		cancel()
		var bye *online.ByeError
		if err == nil || errors.As(err, &bye) {
			return cl, err
		}
		time.Sleep(time.Second)
	}
	return nil, err
}

func newNetGame(cl *online.Client, f flags) *netGame {
	g := &netGame{cl: cl, f: f, w: f.width, h: f.height, netStart: time.Now(),
		camControl: camControl{dist: orbitDist, padCfg: input.DefaultGamepadConfig()}}
	g.moving = play.MovingColliders(cl.Net().Game().World)
	if e, ok := cl.Net().Game().Character(cl.Net().Seat()); ok {
		g.yaw = components.View.Get(e).Yaw
	}
	g.pitch = -0.3
	g.captured = f.live()
	if g.captured {
		ebiten.SetCursorMode(ebiten.CursorModeCaptured)
	}
	return g
}

// Layout keeps the logical screen equal to the window (the flag size in
// -frames runs).
func (g *netGame) Layout(outsideWidth, outsideHeight int) (int, int) {
	if g.f.frames == 0 && outsideWidth >= 64 && outsideHeight >= 64 {
		g.w, g.h = outsideWidth, outsideHeight
	}
	return g.w, g.h
}

// kind is the motor kind the player's seat plays ("" before it is
// seated).
func (g *netGame) kind() string {
	n := g.cl.Net()
	if r, ok := n.Game().Recipe(n.Seat()); ok && r < len(play.Motors) {
		return play.Motors[r]
	}
	return ""
}

// Update reads the input and plays one frame of the match.
func (g *netGame) Update() error {
	if stop, skip := g.next(g.f); skip {
		return stop
	}
	if g.err != nil {
		return nil // the connection ended: the screen says why
	}
	if inpututil.IsKeyJustPressed(ebiten.KeyEscape) && g.captured {
		g.captured = false
		ebiten.SetCursorMode(ebiten.CursorModeVisible)
	} else if !g.captured && g.f.live() && inpututil.IsMouseButtonJustPressed(ebiten.MouseButtonLeft) {
		g.captured, g.haveCur = true, false
		ebiten.SetCursorMode(ebiten.CursorModeCaptured)
	}
	for i, key := range []ebiten.Key{ebiten.Key1, ebiten.Key2, ebiten.Key3, ebiten.Key4} {
		if inpututil.IsKeyJustPressed(key) {
			g.cl.Switch(i)
		}
	}
	third := play.ThirdPerson(g.kind())
	g.turn(g.f.sens, third)
	var cmd components.CommandData
	if g.f.live() {
		cmd = g.in.Update(g.keyFrame(false, third))
	} else {
		cmd = g.scripted()
	}
	view := components.ViewData{Yaw: g.yaw, Pitch: g.pitch}
	if third {
		view.Pitch = 0 // the orbit pitch is the camera's, not the character's
	}
	if err := g.cl.Update(netplay.EncodeCommand(cmd, view)); err != nil {
		g.err = err
		var bye *online.ByeError
		if errors.As(err, &bye) && bye.URL != "" {
			g.redial(bye.URL)
		}
	}
	return nil
}

// scripted is the command of -frames runs: turn to the nearest other
// player and walk up to 3 m from them, jumping now and then (with no one
// else there, walk a slow circle).
func (g *netGame) scripted() components.CommandData {
	n := g.cl.Net()
	me, ok := n.Display(n.Seat())
	if !ok {
		return components.CommandData{}
	}
	best, to := math.Inf(1), mgl64.Vec3{}
	for s := range netplay.MaxSeats {
		if p, ok := n.Display(s); ok && s != n.Seat() {
			if d := p.Sub(me); d.Len() < best {
				best, to = d.Len(), d
			}
		}
	}
	if math.IsInf(best, 1) {
		g.yaw = math.Remainder(g.yaw+0.01, 2*math.Pi)
		return components.CommandData{Forward: 1}
	}
	g.yaw = math.Atan2(to[2], to[0]) // yaw 0 looks along +X, growing toward +Z
	cmd := components.CommandData{JumpPressed: g.frame%120 == 60, JumpHeld: g.frame%120 < 70}
	if best > 3 {
		cmd.Forward = 1
	}
	return cmd
}

// redial follows the match to the server it moved to, with the seat's
// token.
func (g *netGame) redial(url string) {
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	cl, err := online.Dial(ctx, url, online.DialOptions{Name: g.f.name, Token: g.cl.Token()})
	if err != nil {
		g.err = fmt.Errorf("the game moved to %s: %w", url, err)
		return
	}
	g.cl, g.err = cl, nil
}

// Draw renders the match and its HUD; -screenshot runs save the last
// frame.
func (g *netGame) Draw(screen *ebiten.Image) {
	if !g.f.live() && g.frame < g.f.frames {
		return
	}
	rw, rh := g.fit(g.w, g.h, g.f.scale)
	n := g.cl.Net()
	game := n.Game()
	lvl := game.Level().World
	seat := n.Seat()
	pos, _ := n.Display(seat)
	shape := kcc.Capsule{Radius: 0.4, HalfHeight: 0.5}
	walkCos := math.Cos(math.Pi / 4)
	facing := g.yaw
	if e, ok := game.Character(seat); ok {
		k := components.KCC.Get(e)
		shape, walkCos = k.Shape, math.Cos(k.Controller.Config().MaxSlopeClimbAngle)
		facing = components.View.Get(e).Yaw
		if hm, ok := components.Motor.Get(e).Motor.(*hybrid.Motor); ok {
			facing = hm.Facing()
		}
	}
	third := play.ThirdPerson(g.kind())
	cam := g.cameraAt(pos, shape, third, lvl, rw, rh)
	g.level = lvl.AppendTriangles(g.level[:0])
	g.tris = render.AppendLiving(g.tris[:0], g.level, walkCos, func(id kcc.ColliderID) bool { return g.moving[id] })
	g.tris = appendShadow(g.tris, lvl, pos, shape.Radius)
	type label struct {
		at   mgl64.Vec3
		name string
	}
	var labels []label
	var others []bodyShot
	for s := range netplay.MaxSeats {
		p, ok := n.Display(s)
		e, has := game.Character(s)
		if !ok || !has || s == seat {
			continue
		}
		k := components.KCC.Get(e)
		g.tris = render.AppendCapsule(g.tris, p, k.Shape.Radius, k.Shape.HalfHeight, components.View.Get(e).Yaw, seatColors[s%len(seatColors)])
		others = append(others, bodyShot{Centre: p, Radius: k.Shape.Radius, HalfHeight: k.Shape.HalfHeight})
		labels = append(labels, label{p.Add(mgl64.Vec3{0, k.Shape.HalfHeight + k.Shape.Radius + 0.35, 0}), g.cl.Name(s)})
	}
	var body bodyShot
	if third {
		g.tris = render.AppendCapsule(g.tris, pos, shape.Radius, shape.HalfHeight, facing, render.Player)
		body = bodyShot{Centre: pos, Radius: shape.Radius, HalfHeight: shape.HalfHeight}
	}
	g.canvas.draw(screen, cam, g.tris, g.w, g.h)
	sx, sy := float64(g.w)/float64(rw), float64(g.h)/float64(rh)
	for _, l := range labels {
		if x, y, _, ok := cam.Project(l.at); ok && l.name != "" {
			tw := text.Advance(l.name, hudFace)
			fillRect(screen, image.Rect(int(x*sx-tw/2)-4, int(y*sy)-2, int(x*sx+tw/2)+4, int(y*sy)+16), panel)
			say(screen, int(x*sx-tw/2), int(y*sy), textMain, l.name)
		}
	}
	g.drawNetHUD(screen)
	if g.f.screenshot != "" && g.frame >= g.f.frames && !g.shotDone {
		g.shotErr = saveShot(screen, g.f.screenshot, shotInfo{
			Motor: g.kind(), Level: game.Options().Level, Camera: cam, Style: g.rend.Style, WalkableCos: walkCos,
			ThirdPerson: third, Body: body, Others: others, Tick: n.Tick(), HUD: layout.For(g.w, g.h),
		})
		g.shotDone = true
	}
}

// drawNetHUD draws the match's panel (who plays, how the network does)
// and the keys, where the offline HUD has its info and help panels.
func (g *netGame) drawNetHUD(dst *ebiten.Image) {
	n := g.cl.Net()
	st := n.Stats()
	in, out := g.cl.Bytes()
	secs := max(time.Since(g.netStart).Seconds(), 1)
	players := 0
	for s := range netplay.MaxSeats {
		if _, ok := n.Game().Character(s); ok {
			players++
		}
	}
	clock := fmt.Sprintf("%+d ticks early", n.Slack())
	if !n.Synced() {
		clock = "clock settling"
	}
	lines := []string{
		"online  " + strings.TrimSuffix(strings.TrimPrefix(g.cl.URL(), "ws://"), "/ws"),
		fmt.Sprintf("you     %s (seat %d)", g.cl.Name(n.Seat()), n.Seat()),
		"motor   " + g.kind(),
		fmt.Sprintf("players %d", players),
		fmt.Sprintf("tick    %d, %d ahead", n.Tick(), n.Tick()-n.Confirmed()),
		"inputs  " + clock,
		fmt.Sprintf("rollbacks %d, longest %d", st.Rollbacks, st.MaxRollback),
		fmt.Sprintf("own corrections %d", st.Corrections),
		fmt.Sprintf("desyncs %d (%d checked)", st.Desyncs, st.ChecksumsCompared),
		fmt.Sprintf("down %.1f KB/s  up %.1f KB/s", float64(in)/secs/1000, float64(out)/secs/1000),
	}
	c := textMain
	if g.err != nil {
		c = bad
		msg := "disconnected: " + g.err.Error()
		for len(msg) > 0 {
			k := min(len(msg), 40)
			lines = append(lines, msg[:k])
			msg = msg[k:]
		}
	}
	l := layout.For(g.w, g.h)
	fillRect(dst, l.Info, panel)
	say(dst, l.Info.Min.X+10, l.Info.Min.Y+6, c, lines...)
	fillRect(dst, l.Help, panel)
	say(dst, l.Help.Min.X+10, l.Help.Min.Y+6, textDim, "1-4   motor (arena, rpg, hybrid, fps)",
		"WASD  move      Space jump", "Shift sprint    C crouch   E dash", "mouse look      Esc free the cursor")
}
