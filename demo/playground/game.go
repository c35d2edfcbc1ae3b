package main

import (
	"fmt"
	"math"
	"os"
	"time"

	"github.com/go-gl/mathgl/mgl64"
	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/inpututil"
	"github.com/seedgames/motorkit/abilities"
	"github.com/seedgames/motorkit/components"
	"github.com/seedgames/motorkit/demo/playground/internal/layout"
	"github.com/seedgames/motorkit/demo/playground/internal/play"
	"github.com/seedgames/motorkit/demo/playground/internal/render"
	"github.com/seedgames/motorkit/input"
	"github.com/seedgames/motorkit/kcc"
)

// frameDt is the frame length of -frames runs.
const frameDt = 1.0 / 60

// Orbit camera: default distance to the target (the mouse wheel zooms
// between orbitMin and orbitMax), and the target above the body centre.
const (
	orbitDist   = 5.0
	orbitMin    = 2.0
	orbitMax    = 14.0
	orbitTarget = 0.7
)

// Game is the Ebitengine game: input, the session, the 3D view and the HUD.
type Game struct {
	s *play.Session
	f flags

	w, h int
	canvas

	level []kcc.Triangle // the level's triangles, re-read every frame
	tris  []render.Tri
	crowd []play.CrowdBody
	// scratch of the abilities' debug drawing (debug.go)
	abTris  []kcc.Triangle
	abEdges []abEdge
	abFaces []abFace

	in input.Adapter
	camControl
	lastTime time.Time

	watcher  *play.Watcher
	banner   string
	bannerOK bool
	bannerT  float64

	clock      *play.Clock
	debug      bool    // F3: draw what the controller sees
	renderMs   float64 // smoothed rasterizer time per frame
	stageMs    stageTimes
	panel      tuningPanel
	replayDone bool
	mini       minimap
	fps        [60]float64
	tpsSteps   [60]int

	runControl
}

func newGame(s *play.Session, f flags) *Game {
	g := &Game{s: s, f: f, w: f.width, h: f.height, camControl: camControl{dist: f.orbit, padCfg: input.DefaultGamepadConfig()}}
	g.debug = f.debug
	if f.panel {
		g.panel.open = true
		g.panel.refresh(g)
	}
	g.clock, _ = play.NewClock(f.timescale) // parseFlags checked the range
	if g.clock == nil {
		g.clock = &play.Clock{Scale: 1}
	}
	st := s.State()
	g.yaw = st.View.Yaw
	if play.ThirdPerson(st.Motor) {
		g.pitch = -0.3
	}
	if f.pitchDeg != nil {
		lo, hi := pitchRange(play.ThirdPerson(st.Motor))
		g.pitch = math.Max(lo, math.Min(hi, *f.pitchDeg*math.Pi/180))
	}
	g.captured = f.live()
	if g.captured {
		ebiten.SetCursorMode(ebiten.CursorModeCaptured)
	}
	return g
}

func (g *Game) close() {
	if g.watcher != nil {
		g.watcher.Close()
	}
	g.canvas.close()
	g.mini.close()
}

// watch starts the live reload of the tuning file.
func (g *Game) watch(path string) error {
	w, err := play.NewWatcher(path)
	if err != nil {
		return err
	}
	g.watcher = w
	return nil
}

// Layout keeps the logical screen equal to the window (fixed to the flag
// size in -frames runs so the screenshot size does not depend on the
// window manager).
func (g *Game) Layout(outsideWidth, outsideHeight int) (int, int) {
	if g.f.frames == 0 && outsideWidth >= 64 && outsideHeight >= 64 {
		g.w, g.h = outsideWidth, outsideHeight
	}
	return g.w, g.h
}

func (g *Game) message(ok bool, format string, args ...any) {
	g.banner, g.bannerOK, g.bannerT = fmt.Sprintf(format, args...), ok, 0
}

// Update reads input, advances the session and handles the keys.
func (g *Game) Update() error {
	if stop, skip := g.next(g.f); skip {
		return stop
	}
	dt := frameDt
	if g.f.live() {
		now := time.Now()
		if !g.lastTime.IsZero() {
			dt = now.Sub(g.lastTime).Seconds()
		}
		g.lastTime = now
	}
	g.bannerT += dt
	g.keys()
	g.panel.update(g)
	g.look()
	cmd := g.in.Update(g.inputFrame())
	view := components.ViewData{Yaw: g.yaw, Pitch: g.pitch}
	if play.ThirdPerson(g.s.Motor()) {
		view.Pitch = 0 // the orbit pitch is the camera's, not the character's
	}
	g.s.Submit(cmd, view)
	g.s.Pipeline.EnableTiming(g.f.live())
	steps := g.clock.Advance(g.s, dt)
	if steps > 0 && g.f.live() {
		g.stageMs.add(g.s.Pipeline)
	}
	k := (g.frame - 1) % len(g.fps) // frame counts from 1 here: slots fill from 0
	g.fps[k], g.tpsSteps[k] = dt, steps

	if g.s.Replaying() {
		// The camera follows the recorded view.
		st := g.s.State()
		if !play.ThirdPerson(st.Motor) || !g.f.live() {
			g.yaw = st.View.Yaw
		}
	} else if !g.replayDone && g.f.script != "" {
		g.replayDone = true
		g.message(true, "script ended at tick %d, state hash %016x", g.s.Pipeline.Ticks(), g.s.StateHash())
		fmt.Println(g.banner)
	} else if tick, hash, ok := g.s.ReplayEnd(); ok && !g.replayDone && g.f.replay != "" {
		// The figures at the recording's last tick, however many ticks
		// the frame that ended the replay ran.
		g.replayDone = true
		check := ""
		if c := g.s.ReplayCheck(); c != nil {
			if err := c.Err(); err != nil {
				check = "; " + err.Error()
			} else {
				check = fmt.Sprintf(", %d state checks matched the recording", c.Checks())
			}
		}
		g.message(true, "replay ended at tick %d, state hash %016x%s", tick, hash, check)
		fmt.Println(g.banner)
	}
	g.reload()
	return nil
}

// keys handles the non-movement keys.
func (g *Game) keys() {
	if inpututil.IsKeyJustPressed(ebiten.KeyEscape) && g.captured {
		g.captured = false
		ebiten.SetCursorMode(ebiten.CursorModeVisible)
	} else if !g.captured && g.f.live() && inpututil.IsMouseButtonJustPressed(ebiten.MouseButtonLeft) {
		g.captured = true
		g.haveCur = false
		ebiten.SetCursorMode(ebiten.CursorModeCaptured)
	}
	for i, key := range []ebiten.Key{ebiten.Key1, ebiten.Key2, ebiten.Key3, ebiten.Key4} {
		if inpututil.IsKeyJustPressed(key) {
			kind := play.Motors[i]
			if err := g.s.SwitchMotor(kind); err != nil {
				g.message(false, "%v", err)
			} else {
				g.mini.valid = false
				if play.ThirdPerson(kind) && g.pitch > -0.05 {
					g.pitch = -0.3
				}
			}
		}
	}
	if inpututil.IsKeyJustPressed(ebiten.KeyF5) {
		g.saveTuning()
	}
	switch {
	case inpututil.IsKeyJustPressed(ebiten.KeyP):
		g.clock.TogglePause()
	case inpututil.IsKeyJustPressed(ebiten.KeyPeriod):
		g.clock.Step()
	case inpututil.IsKeyJustPressed(ebiten.KeyBracketLeft):
		g.clock.Slower()
	case inpututil.IsKeyJustPressed(ebiten.KeyBracketRight):
		g.clock.Faster()
	case inpututil.IsKeyJustPressed(ebiten.KeyF3):
		g.debug = !g.debug
	case inpututil.IsKeyJustPressed(ebiten.KeyF2):
		g.nextScene()
	case inpututil.IsKeyJustPressed(ebiten.KeyR):
		if err := g.s.Reset(); err != nil {
			g.message(false, "R: %v", err)
		} else {
			g.yaw = g.s.State().View.Yaw
		}
	}
}

// nextScene (F2) starts a new session on the next scene of the list with
// the motor and tuning in force. Refused while recording or replaying (the
// recording is of one level).
func (g *Game) nextScene() {
	if g.f.record != "" || g.s.Replaying() || g.f.replay != "" {
		g.message(false, "F2: scenes cannot change while recording or replaying")
		return
	}
	next := play.NextScene(g.s.LevelName)
	s, err := play.New(play.Options{Level: next, Motor: g.s.Motor(), Tuning: g.s.Tuning(), Console: os.Stderr, Abilities: g.f.abilities})
	if err != nil {
		g.message(false, "F2: %v", err)
		return
	}
	g.s = s
	g.mini.valid = false
	g.yaw = s.State().View.Yaw
	g.message(true, "scene %s (F2: next scene)", next)
}

// saveTuning writes the motor's configuration in force (F5).
func (g *Game) saveTuning() {
	data, err := g.s.TuningFile()
	if err == nil {
		name := g.s.Motor() + "_tuning.toml"
		if err = os.WriteFile(name, data, 0o644); err == nil {
			g.message(true, "wrote %s: edit it and run with -config %s", name, name)
			return
		}
	}
	g.message(false, "F5: %v", err)
}

// reload applies the watched tuning file after a change.
func (g *Game) reload() {
	if g.watcher == nil {
		return
	}
	select {
	case <-g.watcher.Changed():
	case err := <-g.watcher.Errors():
		g.message(false, "watcher: %v", err)
		return
	default:
		return
	}
	if err := g.s.ReloadTuning(g.f.config); err != nil {
		g.message(false, "%v (previous tuning kept)", err)
		return
	}
	g.mini.valid = false
	g.message(true, "%s reloaded: %s motor rebuilt", g.f.config, g.s.Motor())
}

// look turns the camera with the captured mouse.
func (g *Game) look() { g.turn(g.f.sens, play.ThirdPerson(g.s.Motor())) }

// inputFrame polls the keys. While the cursor is released (a menu owns
// the input) the frame is UI-captured: the pipeline ignores its axes and
// edges and the jump timers freeze (docs/motors/fps.md#ui-capture), so a Space pressed in
// the menu never jumps.
func (g *Game) inputFrame() input.Frame {
	if !g.f.live() {
		return input.Frame{} // scripted runs: no live keys
	}
	return g.keyFrame(g.panel.open, play.ThirdPerson(g.s.Motor())) // the panel owns the arrow keys
}

// camera returns the frame's camera and whether the body is drawn (third
// person), from the body interpolated between the last two ticks.
func (g *Game) camera(st *play.State, w, h int) (render.Camera, bool) {
	pos := lerp(st.Body.PrevPosition, st.Body.Position, g.s.Runner.Alpha())
	third := play.ThirdPerson(st.Motor)
	return g.cameraAt(pos, st.KCC.Shape, third, g.s.Level, w, h), third
}

// mark says what collider id of the level is, for drawing it as that: a
// platform, lift or door (moving), a ladder, water, a one-way platform.
func (g *Game) mark(id kcc.ColliderID) render.Mark {
	m := surfaceMark(g.s.Surface(id))
	if g.s.Moving(id) {
		m |= render.MarkMoving
	}
	return m
}

// surfaceMark is the mark of an abilities surface (0 for a solid).
func surfaceMark(k abilities.Surface) render.Mark {
	switch k {
	case abilities.SurfaceLadder:
		return render.MarkLadder
	case abilities.SurfaceWater:
		return render.MarkWater
	case abilities.SurfaceOneWay:
		return render.MarkOneWay
	}
	return 0
}

func lerp(a, b mgl64.Vec3, t float64) mgl64.Vec3 {
	if b.Sub(a).Len() > 5 {
		return b
	}
	return a.Add(b.Sub(a).Mul(t))
}

// Draw renders the 3D view and the HUD and, in screenshot runs, saves the
// frame. Scripted -frames runs draw only their last frame.
func (g *Game) Draw(screen *ebiten.Image) {
	if !g.f.live() && g.frame < g.f.frames {
		return
	}
	rw, rh := g.fit(g.w, g.h, g.f.scale)
	st := g.s.State()
	cam, third := g.camera(&st, rw, rh)
	g.level = g.s.Level.AppendTriangles(g.level[:0])
	if vis := g.s.Visual(); vis != nil {
		// An imported level: its drawn meshes with their base colors (the
		// collision-only ones are not drawn).
		g.tris = appendVisual(g.tris[:0], vis)
		for i := range g.level { // its platforms move: drawn from their colliders
			if t := &g.level[i]; g.s.Moving(t.Collider) {
				g.tris = append(g.tris, render.Tri{A: t.A, B: t.B, C: t.C, Solid: t.Solid, Checker: true, Color: render.Moving})
			}
		}
	} else {
		g.tris = render.AppendMarked(g.tris[:0], g.level, st.WalkableCos, g.mark)
	}
	g.tris = appendShadow(g.tris, g.s.Level, st.Body.Position, st.KCC.Shape.Radius)
	var others []bodyShot
	g.crowd = g.s.CrowdBodies(g.crowd[:0])
	for _, b := range g.crowd {
		c := lerp(b.Prev, b.Pos, g.s.Runner.Alpha())
		g.tris = render.AppendCapsule(g.tris, c, b.Radius, b.HalfHeight, b.Yaw, render.Walker)
		others = append(others, bodyShot{Centre: c, Radius: b.Radius, HalfHeight: b.HalfHeight})
	}
	var body bodyShot
	if third {
		c := lerp(st.Body.PrevPosition, st.Body.Position, g.s.Runner.Alpha())
		// The hybrid motor has its own facing; an RPG character faces the
		// camera's way (it strafes and backpedals, MMO style).
		facing := st.HybridFacing
		if st.Motor != "hybrid" {
			facing = st.View.Yaw
		}
		g.tris = render.AppendCapsule(g.tris, c, st.KCC.Shape.Radius, st.KCC.Shape.HalfHeight, facing, render.Player)
		body = bodyShot{Centre: c, Radius: st.KCC.Shape.Radius, HalfHeight: st.KCC.Shape.HalfHeight}
	}
	took := g.canvas.draw(screen, cam, g.tris, g.w, g.h)
	g.renderMs = 0.9*g.renderMs + 0.1*float64(took.Microseconds())/1000
	if g.debug || (st.HybridVectors && st.Motor == "hybrid") {
		if g.debug {
			g.drawDebug(screen, &st, cam, rw, rh)
		} else {
			feet := st.Body.Position.Sub(mgl64.Vec3{0, st.KCC.Shape.HalfHeight + st.KCC.Shape.Radius, 0})
			g.drawHybridVectors(overlay{dst: screen, cam: cam, sx: float32(g.w) / float32(rw), sy: float32(g.h) / float32(rh)}, &st, feet)
		}
	}
	g.drawHUD(screen, &st, cam, third)

	if g.f.screenshot != "" && g.frame >= g.f.frames && !g.shotDone {
		g.shotErr = saveShot(screen, g.f.screenshot, shotInfo{
			Motor: st.Motor, Level: g.s.LevelName, Camera: cam, Style: g.rend.Style, WalkableCos: st.WalkableCos,
			ThirdPerson: third, Body: body, Others: others, Tick: st.Tick, StateHash: fmt.Sprintf("%016x", g.s.StateHash()),
			HUD: layout.For(g.w, g.h),
		})
		g.shotDone = true
	}
}
