package main

import (
	"fmt"
	"image"
	"math"
	"os"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/inpututil"
	"github.com/hajimehoshi/ebiten/v2/text/v2"
	"github.com/seedgames/motorkit/demo/playground/internal/play"
)

// tuningPanel is the in-window tuning (Tab): the motor's numeric knobs with
// their ranges from the motor's own validator, then, for a player with
// movement abilities, every knob of its [climb], [swim], [ledge], [wall]
// and [drop_through] tables (each table's enabled switch, 0 or 1, and the
// keys its validator checks, with their ranges); Up/Down select,
// Left/Right change the selected one by 1% of its range (Shift: 10%),
// applied at once. A motor knob rebuilds the motor and, with -config, is
// written back to the file; an ability knob changes the player's own
// abilities.Config in place (a climb goes on) and stays in force over
// motor switches and reloads.
type tuningPanel struct {
	open  bool
	sel   int
	knobs []play.PanelKnob
	err   string
}

// update handles the panel's keys; it reports whether the panel is open
// (then the arrow keys belong to it).
func (p *tuningPanel) update(g *Game) bool {
	if inpututil.IsKeyJustPressed(ebiten.KeyTab) {
		p.open = !p.open
		p.refresh(g)
	}
	if !p.open {
		return false
	}
	if len(p.knobs) == 0 {
		return true
	}
	switch {
	case inpututil.IsKeyJustPressed(ebiten.KeyArrowDown):
		p.sel = (p.sel + 1) % len(p.knobs)
	case inpututil.IsKeyJustPressed(ebiten.KeyArrowUp):
		p.sel = (p.sel + len(p.knobs) - 1) % len(p.knobs)
	}
	dir := 0.0
	if repeat(ebiten.KeyArrowRight) {
		dir = 1
	} else if repeat(ebiten.KeyArrowLeft) {
		dir = -1
	}
	if dir != 0 {
		k := p.knobs[p.sel]
		step := (k.Max - k.Min) / 100
		if ebiten.IsKeyPressed(ebiten.KeyShift) {
			step *= 10
		}
		if k.Int {
			step = math.Max(1, math.Round(step))
		}
		var err error
		if k.Ability {
			err = g.s.SetAbilityKnob(k.Knob, k.Value+dir*step)
		} else {
			_, err = g.s.SetKnob(k.Knob, k.Value+dir*step)
		}
		p.err = ""
		if err != nil {
			p.err = err.Error()
		} else if g.f.config != "" && !k.Ability {
			data, err := g.s.TuningFile()
			if err == nil {
				err = os.WriteFile(g.f.config, data, 0o644)
			}
			if err != nil {
				p.err = err.Error()
			}
		}
		p.refresh(g)
	}
	return true
}

// repeat is a key press with auto-repeat after a short hold.
func repeat(k ebiten.Key) bool {
	d := inpututil.KeyPressDuration(k)
	return d == 1 || (d > 20 && d%4 == 0)
}

func (p *tuningPanel) refresh(g *Game) {
	ks, err := g.s.MotorKnobs()
	if err != nil {
		p.err = err.Error()
		return
	}
	p.knobs = append(ks, g.s.AbilityKnobs()...)
	if p.sel >= len(p.knobs) {
		p.sel = 0
	}
}

// draw shows the knobs around the selection in a panel at r.
func (p *tuningPanel) draw(dst *ebiten.Image, r image.Rectangle, motor string) {
	if !p.open {
		return
	}
	title := motor
	if n := len(p.knobs); n > 0 && p.knobs[n-1].Ability {
		title += " + abilities"
	}
	lines := []string{fmt.Sprintf("%s tuning (Tab closes, arrows, Shift x10)", title)}
	rows := (r.Dy()-40)/lineH - 1
	lo := max(0, min(p.sel-rows/2, len(p.knobs)-rows))
	keyW := 0
	for _, k := range p.knobs {
		keyW = max(keyW, len(k.Key))
	}
	for i := lo; i < len(p.knobs) && i < lo+rows; i++ {
		k := p.knobs[i]
		mark := "  "
		if i == p.sel {
			mark = "> "
		}
		lines = append(lines, fmt.Sprintf("%s%-*s %8.4g [%.4g, %.4g]", mark, keyW, k.Key, k.Value, k.Min, k.Max))
	}
	// The gap between the HUD boxes may be narrower than the text (a
	// small window): widen the panel about its centre, over the boxes,
	// within the window.
	need := 20
	for _, l := range lines {
		need = max(need, int(text.Advance(l, hudFace))+20)
	}
	if r.Dx() < need {
		c := (r.Min.X + r.Max.X) / 2
		w := min(need, dst.Bounds().Dx()-20)
		r.Min.X = min(max(10, c-w/2), dst.Bounds().Dx()-10-w)
		r.Max.X = r.Min.X + w
	}
	fillRect(dst, r, panel)
	say(dst, r.Min.X+10, r.Min.Y+6, textMain, lines...)
	if p.err != "" {
		msg := p.err
		if len(msg) > 70 {
			msg = msg[:70]
		}
		say(dst, r.Min.X+10, r.Max.Y-22, bad, msg)
	}
}
