package main

import (
	"image"
	"sync/atomic"
	"time"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/seedgames/motorkit/demo/playground/internal/render"
)

// canvas is where the 3D view is rasterized, at a fraction of the window
// (-scale), and scaled up onto the screen: the offline and the online
// game draw through one.
type canvas struct {
	rend   *render.Renderer
	img    *image.RGBA
	screen *ebiten.Image
}

// fit makes the canvas scale times the w x h window (at least 64x64) and
// returns its size.
func (c *canvas) fit(w, h int, scale float64) (rw, rh int) {
	rw, rh = max(64, int(float64(w)*scale)), max(64, int(float64(h)*scale))
	if c.rend == nil || c.img.Rect.Dx() != rw || c.img.Rect.Dy() != rh {
		c.close()
		c.rend = render.New(rw, rh)
		c.img = image.NewRGBA(image.Rect(0, 0, rw, rh))
		c.screen = ebiten.NewImage(rw, rh)
	}
	return rw, rh
}

// draw rasterizes tris from cam and scales the picture onto the w x h
// screen; it returns how long the rasterizer took.
func (c *canvas) draw(screen *ebiten.Image, cam render.Camera, tris []render.Tri, w, h int) time.Duration {
	t0 := time.Now() // display only
	c.rend.Render(c.img, cam, tris)
	took := time.Since(t0)
	c.screen.WritePixels(c.img.Pix)
	op := &ebiten.DrawImageOptions{Filter: ebiten.FilterLinear}
	op.GeoM.Scale(float64(w)/float64(c.img.Rect.Dx()), float64(h)/float64(c.img.Rect.Dy()))
	screen.DrawImage(c.screen, op)
	return took
}

// close frees the canvas.
func (c *canvas) close() {
	if c.rend != nil {
		c.rend.Close()
		c.screen.Deallocate()
		c.rend = nil
	}
}

// runControl is how a game ends: after -frames frames (once the
// screenshot is saved, with -screenshot), or on SIGINT/SIGTERM (quit).
type runControl struct {
	frame    int
	shotDone bool
	shotErr  error
	quit     atomic.Bool
}

// next starts an Update: skip is true when the frame must not run, and
// stop is then ebiten.Termination when the game ends (nil: Draw still
// has the screenshot to save).
func (r *runControl) next(f flags) (stop error, skip bool) {
	if r.shotDone || r.quit.Load() {
		return ebiten.Termination, true
	}
	if f.frames > 0 && r.frame >= f.frames {
		if f.screenshot == "" {
			return ebiten.Termination, true
		}
		return nil, true // Draw saves the screen
	}
	r.frame++
	return nil, false
}
