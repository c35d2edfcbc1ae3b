package main

import (
	"bytes"
	"image/color"
	"log"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/text/v2"
	"golang.org/x/image/font/gofont/gobold"
	"golang.org/x/image/font/gofont/goregular"
)

// The HUD's faces: the Go fonts (regular and bold) drawn with Ebitengine's
// text/v2 package.
var (
	faceSmall, faceNormal, faceBold, faceBig, faceHuge text.Face
)

func init() {
	source := func(ttf []byte) *text.GoTextFaceSource {
		s, err := text.NewGoTextFaceSource(bytes.NewReader(ttf))
		if err != nil {
			log.Fatal(err)
		}
		return s
	}
	reg, bold := source(goregular.TTF), source(gobold.TTF)
	faceSmall = &text.GoTextFace{Source: reg, Size: 13}
	faceNormal = &text.GoTextFace{Source: reg, Size: 16}
	faceBold = &text.GoTextFace{Source: bold, Size: 16}
	faceBig = &text.GoTextFace{Source: bold, Size: 30}
	faceHuge = &text.GoTextFace{Source: bold, Size: 64}
}

type align int

const (
	alignLeft align = iota
	alignCenter
	alignRight
)

// textWidth returns the advance of s in pixels.
func textWidth(s string, face text.Face) float64 {
	return text.Advance(s, face)
}

// drawText draws s with its top at y; x is the left edge, center or right
// edge depending on al.
func drawText(dst *ebiten.Image, s string, face text.Face, x, y float64, clr color.Color, al align) {
	op := &text.DrawOptions{}
	switch al {
	case alignCenter:
		op.PrimaryAlign = text.AlignCenter
	case alignRight:
		op.PrimaryAlign = text.AlignEnd
	}
	op.GeoM.Translate(float64(int(x)), float64(int(y)))
	op.ColorScale.ScaleWithColor(clr)
	text.Draw(dst, s, face, op)
}
