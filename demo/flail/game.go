package main

import (
	"fmt"
	"github.com/seedgames/motorkit/demo/internal/pad"
	"github.com/seedgames/motorkit/input"
	"math"
	"time"

	flailmatch "github.com/seedgames/motorkit/flail/match"

	"github.com/go-gl/mathgl/mgl64"
	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/inpututil"
	"github.com/seedgames/motorkit/demo/flail/internal/match"
	"github.com/seedgames/motorkit/demo/flail/internal/view"
	"github.com/seedgames/motorkit/flail"
)

// frameDt is the frame length of -frames runs: every Update advances the
// match by exactly 1/60 s, so frame N is the same simulated moment on any
// machine. The runner turns these frames into 40 Hz ticks (two ticks every
// three frames).
//
// When a person plays, Update runs once per displayed frame
// (ebiten.SyncWithFPS) and advances the match by the frame's measured
// duration; the runner's accumulator turns it into 40 Hz ticks (clamping
// hitches) and Draw interpolates with its alpha, so motion is smooth at 60,
// 144 or any display rate. The wall clock only paces the ticks: what a tick
// computes depends on its commands alone, which is why -record/-replay are
// exact.
const frameDt = 1.0 / 60

// viewMeters is how much of the arena the smaller screen side shows with a
// small flail.
const viewMeters = 18.0

// Game is the Ebitengine game: input, the match, the camera and the HUD.
type Game struct {
	m     *flailmatch.Match
	f     flags
	steer view.Steerer
	// pad steers with a gamepad when one is in use (left stick aim and
	// throttle, right trigger throws).
	pad      pad.Poller
	padSteer view.PadSteer
	pilot    match.Autopilot
	cam      view.Camera
	feed     view.Feed

	w, h          int
	frame         int
	paused, debug bool

	// killedBy is the ID of the player that destroyed the local car last.
	killedBy uint64
	// tick rate measurement over the last 60 frames.
	tickHist  [60]int
	dtHist    [60]float64
	measured  float64
	lastSteps int
	lastTime  time.Time
	elapsed   float64 // seconds of frames since start

	shotDone bool
	shotErr  error

	drawBuf drawBuffers

	// net is the server connection in online play (-connect), else nil.
	net *netGame
}

func newGame(m *flailmatch.Match, f flags) *Game {
	g := &Game{m: m, f: f, debug: f.debug, w: f.width, h: f.height}
	g.steer.Config = view.DefaultSteer
	g.padSteer.Config = input.DefaultGamepadConfig()
	g.feed = view.Feed{Max: 5, TTL: 6, Fade: 1}
	g.cam = view.Camera{Center: m.Body(match.Me).Position, W: float64(f.width), H: float64(f.height)}
	g.cam.Zoom = view.ZoomFor(g.cam.W, g.cam.H, viewMeters, m.Flail(match.Me).Flail.Radius)
	return g
}

// Layout keeps the logical screen equal to the window (fixed to the flag
// size in screenshot runs, so the image size does not depend on the
// window manager).
func (g *Game) Layout(outsideWidth, outsideHeight int) (int, int) {
	if g.f.frames == 0 && outsideWidth > 0 && outsideHeight > 0 {
		g.w, g.h = outsideWidth, outsideHeight
	}
	return g.w, g.h
}

func (g *Game) me() *flailmatch.FlailData { return g.m.Flail(match.Me) }

// Update reads input, advances the match and handles events.
func (g *Game) Update() error {
	if g.shotDone {
		return ebiten.Termination
	}
	if g.f.frames > 0 && g.frame >= g.f.frames && g.shotDue() {
		if g.f.screenshot == "" {
			return ebiten.Termination
		}
		return nil // wait for Draw to save the screen
	}
	g.frame++
	dt := frameDt
	if g.f.frames == 0 || g.net != nil { // online: the server's clock rules
		now := time.Now()
		if !g.lastTime.IsZero() {
			dt = now.Sub(g.lastTime).Seconds()
		}
		g.lastTime = now
	}
	g.elapsed += dt
	if inpututil.IsKeyJustPressed(ebiten.KeyEscape) || inpututil.IsKeyJustPressed(ebiten.KeyP) ||
		(g.f.pauseAt > 0 && g.frame == g.f.pauseAt) {
		g.paused = !g.paused
	}
	if inpututil.IsKeyJustPressed(ebiten.KeyF1) {
		g.debug = !g.debug
	}
	if g.f.deathAt > 0 && g.frame == g.f.deathAt {
		g.m.KillPlayer(g.m.Nearest(match.Me), match.Me)
	}

	steps := 0
	switch {
	case g.net != nil:
		// online the match goes on while paused: the car just stops.
		cmd := g.command()
		if g.paused {
			cmd = flail.Input{Aim: cmd.Aim}
		}
		var err error
		if steps, err = g.net.update(dt, cmd); err != nil {
			return err
		}
	case !g.paused:
		g.m.Submit(g.command())
		steps = g.m.Advance(dt)
	}
	g.lastSteps = steps
	k := g.frame % len(g.tickHist)
	g.tickHist[k], g.dtHist[k] = steps, dt
	sum, span := 0, 0.0
	for i := range g.tickHist {
		sum += g.tickHist[i]
		span += g.dtHist[i]
	}
	if span > 0 {
		g.measured = float64(sum) / span
	}

	events := g.m.Events()
	if g.net != nil {
		events = g.net.events
	}
	for _, ev := range events {
		g.onEvent(ev)
	}
	if !g.paused {
		g.feed.Tick(dt)
		// Zoom out smoothly as the flail grows (in Update, not Draw, so
		// screenshot runs are reproducible): 5% of the way per 1/60 s.
		target := view.ZoomFor(float64(g.w), float64(g.h), viewMeters, g.me().Flail.Radius)
		g.cam.Zoom = view.Approach(g.cam.Zoom, target, 1-math.Pow(0.95, dt*60))
	}
	return nil
}

// command maps this frame's mouse and keys (or the autopilot) to the local
// player's car input.
func (g *Game) command() flail.Input {
	if g.f.autopilot {
		return g.pilot.Input(g.m)
	}
	if !g.me().Alive {
		g.steer.Aim = g.me().Input.Aim
		return flail.Input{Aim: g.steer.Aim}
	}
	if cmd, ok := g.padSteer.Update(g.pad.Poll()); ok {
		g.steer.Aim = cmd.Aim // the mouse takes over from the pad's aim
		return cmd
	}
	cx, cy := ebiten.CursorPosition()
	pressed := ebiten.IsKeyPressed
	k := view.Keys{
		Up:    pressed(ebiten.KeyW) || pressed(ebiten.KeyArrowUp),
		Down:  pressed(ebiten.KeyS) || pressed(ebiten.KeyArrowDown),
		Left:  pressed(ebiten.KeyA) || pressed(ebiten.KeyArrowLeft),
		Right: pressed(ebiten.KeyD) || pressed(ebiten.KeyArrowRight),
		Primary: ebiten.IsMouseButtonPressed(ebiten.MouseButtonLeft) ||
			pressed(ebiten.KeySpace),
		PrimaryPressed: inpututil.IsMouseButtonJustPressed(ebiten.MouseButtonLeft) ||
			inpututil.IsKeyJustPressed(ebiten.KeySpace),
	}
	carX, carY := g.cam.WorldToScreen(g.carDrawPos(match.Me))
	return g.steer.Update(carX, carY, float64(cx), float64(cy), k)
}

func (g *Game) onEvent(ev flail.Event) {
	switch ev.Kind {
	case flail.EventKill:
		me := uint64(g.m.Player)
		if ev.Victim == me {
			g.killedBy = ev.Killer
		}
		g.feed.Push(fmt.Sprintf("%s  smashed  %s  (+%.0f)", g.m.Name(ev.Killer), g.m.Name(ev.Victim), ev.Energy),
			ev.Killer == me || ev.Victim == me)
	case flail.EventRespawn:
		if g.m.Index(ev.Victim) == match.Me {
			g.feed.Push("You respawned", true)
		}
	}
}

// carDrawPos is player i's car interpolated between the last two ticks.
func (g *Game) carDrawPos(i int) mgl64.Vec3 {
	b := g.m.Body(i)
	return view.Lerp(b.PrevPosition, b.Position, g.m.Alpha())
}

// shotLateFrames bounds how long an online screenshot run waits for its
// car to respawn (10 s of frames).
const shotLateFrames = 600

// shotDue reports whether a -frames run may end now: at once offline;
// online (a live match, where a bot may have smashed the car just then)
// only while the local car is alive, or once shotLateFrames more frames
// have passed, so the screenshot shows play rather than the death screen.
func (g *Game) shotDue() bool {
	return g.net == nil || g.me().Alive || g.frame >= g.f.frames+shotLateFrames
}

// Draw draws the frame and, in screenshot runs, saves it. Runs with
// -frames skip drawing until the last frame: only the saved image matters
// and software GL under Xvfb is slow.
func (g *Game) Draw(screen *ebiten.Image) {
	if g.f.frames > 0 && !g.f.realtime && g.frame < g.f.frames {
		return
	}
	g.cam.W, g.cam.H = float64(g.w), float64(g.h)
	g.cam.Center = g.carDrawPos(match.Me)

	g.drawWorld(screen)
	g.drawHUD(screen)
	markFirstFrame()
	if g.f.screenshot != "" && g.frame >= g.f.frames && g.shotDue() && !g.shotDone {
		g.shotErr = saveScreenshot(screen, g.f.screenshot)
		g.shotDone = true
	}
}
