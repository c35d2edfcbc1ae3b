package main

import (
	"math"

	"github.com/go-gl/mathgl/mgl64"
	"github.com/hajimehoshi/ebiten/v2"
	"github.com/seedgames/motorkit/demo/internal/pad"
	"github.com/seedgames/motorkit/demo/playground/internal/render"
	"github.com/seedgames/motorkit/input"
	"github.com/seedgames/motorkit/kcc"
)

// camControl is the view the player turns, shared by the offline and the
// online game: the captured mouse and the gamepad's right stick turn it,
// the wheel zooms the orbit.
type camControl struct {
	captured bool // cursor captured: gameplay owns the input
	lastCX   int
	lastCY   int
	haveCur  bool
	yaw      float64 // camera yaw (first person: the view; third person: the orbit)
	pitch    float64
	dist     float64 // orbit distance
	pad      pad.Poller
	padCfg   input.GamepadConfig
}

// pitchRange is how far the view looks down and up: a third-person orbit
// stays above the ground.
func pitchRange(third bool) (lo, hi float64) {
	if third {
		return -1.35, 0.35
	}
	return -1.5, 1.5
}

// turn turns the camera with the captured mouse (sens radians per pixel).
func (c *camControl) turn(sens float64, third bool) {
	if !c.captured {
		c.haveCur = false
		return
	}
	cx, cy := ebiten.CursorPosition()
	if c.haveCur {
		c.yaw += float64(cx-c.lastCX) * sens
		c.pitch -= float64(cy-c.lastCY) * sens
	}
	c.lastCX, c.lastCY, c.haveCur = cx, cy, true
	if _, wy := ebiten.Wheel(); wy != 0 {
		c.dist = math.Max(orbitMin, math.Min(orbitMax, c.dist*math.Pow(0.9, wy)))
	}
	c.yaw = math.Remainder(c.yaw, 2*math.Pi)
	lo, hi := pitchRange(third)
	c.pitch = math.Max(lo, math.Min(hi, c.pitch))
}

// keyFrame polls the keys and the gamepad. While the cursor is released
// (a menu owns the input) or menuOpen, the frame is UI-captured: the
// pipeline ignores its axes and edges and the jump timers freeze
// (docs/motors/fps.md#ui-capture), so a Space pressed in the menu never
// jumps.
func (c *camControl) keyFrame(menuOpen, third bool) input.Frame {
	var f input.Frame
	p := ebiten.IsKeyPressed
	f.Keys[input.Forward] = p(ebiten.KeyW) || p(ebiten.KeyArrowUp)
	f.Keys[input.Back] = p(ebiten.KeyS) || p(ebiten.KeyArrowDown)
	f.Keys[input.Left] = p(ebiten.KeyA) || p(ebiten.KeyArrowLeft)
	f.Keys[input.Right] = p(ebiten.KeyD) || p(ebiten.KeyArrowRight)
	f.Keys[input.Jump] = p(ebiten.KeySpace)
	f.Keys[input.Sprint] = p(ebiten.KeyShift)
	f.Keys[input.Walk] = p(ebiten.KeyControl)
	f.Keys[input.Crouch] = p(ebiten.KeyC)
	f.Keys[input.Dash] = p(ebiten.KeyE)
	f.UICaptured = !c.captured || menuOpen
	f.FocusLost = !ebiten.IsFocused()
	// A gamepad in the standard layout adds its analog left stick (the
	// motors' intent magnitude), buttons and right-stick look.
	if dyaw, dpitch := c.padCfg.Apply(&f, c.pad.Poll(), frameDt); (dyaw != 0 || dpitch != 0) && !f.UICaptured {
		c.yaw = math.Remainder(c.yaw+dyaw, 2*math.Pi)
		lo, hi := pitchRange(third)
		c.pitch = math.Max(lo, math.Min(hi, c.pitch+dpitch))
	}
	return f
}

// cameraAt is the view from a character whose body centre is at pos:
// through its eyes in first person, else an orbit around it pulled in
// front of the walls between them.
func (c *camControl) cameraAt(pos mgl64.Vec3, shape kcc.Capsule, third bool, level *kcc.World, w, h int) render.Camera {
	if !third {
		eye := pos.Add(mgl64.Vec3{0, shape.HalfHeight + shape.Radius - 0.12, 0})
		return render.FirstPerson(eye, c.yaw, c.pitch, w, h)
	}
	target := pos.Add(mgl64.Vec3{0, orbitTarget, 0})
	cam := render.Orbit(target, c.yaw, c.pitch, c.dist, w, h)
	back := cam.Pos.Sub(target)
	if hit, ok := level.RayCast(target, back.Normalize(), c.dist); ok {
		d := math.Max(0.3, hit.Distance-0.2)
		cam.Pos = target.Add(back.Normalize().Mul(d))
	}
	return cam
}
