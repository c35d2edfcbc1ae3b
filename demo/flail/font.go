package main

import (
	"image/color"
	"log"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/text" //nolint:staticcheck // text/v2 needs go-text/typesetting, not in go.sum yet (see docs/demo.md)
	"golang.org/x/image/font"
	"golang.org/x/image/font/gofont/gobold"
	"golang.org/x/image/font/gofont/goregular"
	"golang.org/x/image/font/opentype"
)

// The HUD's faces: the Go fonts (regular and bold) rendered by
// golang.org/x/image/font/opentype and drawn with Ebitengine's text
// package. text/v2 would be the modern choice but pulls in
// github.com/go-text/typesetting, which the module's go.sum does not list
// yet; this file is the only place to change when it does.
var (
	faceSmall, faceNormal, faceBold, faceBig, faceHuge font.Face
)

func init() {
	reg, err := opentype.Parse(goregular.TTF)
	if err != nil {
		log.Fatal(err)
	}
	bold, err := opentype.Parse(gobold.TTF)
	if err != nil {
		log.Fatal(err)
	}
	mk := func(f *opentype.Font, size float64) font.Face {
		face, err := opentype.NewFace(f, &opentype.FaceOptions{Size: size, DPI: 72, Hinting: font.HintingFull})
		if err != nil {
			log.Fatal(err)
		}
		return face
	}
	faceSmall = mk(reg, 13)
	faceNormal = mk(reg, 16)
	faceBold = mk(bold, 16)
	faceBig = mk(bold, 30)
	faceHuge = mk(bold, 64)
}

type align int

const (
	alignLeft align = iota
	alignCenter
	alignRight
)

// textWidth returns the advance of s in pixels.
func textWidth(s string, face font.Face) float64 {
	return float64(font.MeasureString(face, s)) / 64
}

// drawText draws s with its top at y; x is the left edge, center or right
// edge depending on al.
func drawText(dst *ebiten.Image, s string, face font.Face, x, y float64, clr color.Color, al align) {
	switch al {
	case alignCenter:
		x -= textWidth(s, face) / 2
	case alignRight:
		x -= textWidth(s, face)
	}
	op := &ebiten.DrawImageOptions{}
	op.GeoM.Translate(float64(int(x)), float64(int(y+float64(face.Metrics().Ascent)/64)))
	op.ColorScale.ScaleWithColor(clr)
	text.DrawWithOptions(dst, s, face, op)
}
