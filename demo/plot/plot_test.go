package plot

import (
	"bytes"
	"image/png"
	"testing"

	"github.com/seedgames/motorkit/trace"
)

func samples(n int) []trace.Sample {
	s := make([]trace.Sample, n)
	for i := range s {
		s[i].PlanarSpeed = float64(i) * 0.1
		s[i].Grounded = i%40 > 30
	}
	return s
}

func TestWriteSpeedPNGDrawsAnImage(t *testing.T) {
	var buf bytes.Buffer
	err := WriteSpeedPNG(&buf, "test", Run{Name: "a", Samples: samples(120)}, Run{Name: "b", Samples: samples(60), TickRate: 30})
	if err != nil {
		t.Fatal(err)
	}
	img, err := png.Decode(&buf)
	if err != nil {
		t.Fatal(err)
	}
	if b := img.Bounds(); b.Dx() != 672 || b.Dy() != 432 {
		t.Fatalf("size %v", b)
	}
	// Not blank: some pixel differs from the top-left background.
	bg := img.At(0, 0)
	diff := false
	for y := 0; y < img.Bounds().Dy() && !diff; y += 3 {
		for x := 0; x < img.Bounds().Dx(); x += 3 {
			if img.At(x, y) != bg {
				diff = true
				break
			}
		}
	}
	if !diff {
		t.Fatal("blank image")
	}
}

func TestWriteSpeedPNGRejectsEmptyInput(t *testing.T) {
	var buf bytes.Buffer
	if WriteSpeedPNG(&buf, "x") == nil {
		t.Fatal("no runs accepted")
	}
	if WriteSpeedPNG(&buf, "x", Run{Name: "empty"}) == nil {
		t.Fatal("empty run accepted")
	}
}

func TestSpeedPNGBadPath(t *testing.T) {
	if err := SpeedPNG(t.TempDir()+"/no/such/dir/x.png", "x", Run{Samples: samples(3)}); err == nil {
		t.Fatal("bad path accepted")
	}
}
