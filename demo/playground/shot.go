package main

import (
	"encoding/json"
	"image"
	"image/png"
	"os"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/seedgames/motorkit/demo/playground/internal/layout"
)

type (
	shotInfo = layout.Shot
	bodyShot = layout.Body
)

// saveShot writes the screen as PNG to path and the frame's description as
// JSON to path + ".json".
func saveShot(screen *ebiten.Image, path string, info shotInfo) error {
	b := screen.Bounds()
	img := image.NewRGBA(image.Rect(0, 0, b.Dx(), b.Dy()))
	screen.ReadPixels(img.Pix)
	for i := 3; i < len(img.Pix); i += 4 {
		img.Pix[i] = 0xff // the screen is opaque; make sure the file is too
	}
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	if err := (&png.Encoder{CompressionLevel: png.BestCompression}).Encode(f, img); err != nil {
		f.Close()
		return err
	}
	if err := f.Close(); err != nil {
		return err
	}
	data, err := json.MarshalIndent(info, "", "  ")
	if err != nil {
		return err
	}
	return os.WriteFile(path+".json", data, 0o644)
}
