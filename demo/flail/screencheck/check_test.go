package main

import (
	"bytes"
	"image"
	"image/color"
	"image/png"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/seedgames/motorkit/demo/flail/internal/view"
)

// synth draws a frame the way the demo does: floor everywhere, the local
// car (radius 13 px, about 0.3 m at 44 px/m: 531 px) at the center and, if
// bot, a hard bot's car at (300, 500).
func synth(w, h int, car, bot bool) *image.RGBA {
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	for i := 0; i < w*h; i++ {
		img.Set(i%w, i/w, view.Floor)
	}
	disc := func(cx, cy, r int, c color.RGBA) {
		for y := cy - r; y <= cy+r; y++ {
			for x := cx - r; x <= cx+r; x++ {
				if (x-cx)*(x-cx)+(y-cy)*(y-cy) <= r*r {
					img.Set(x, y, c)
				}
			}
		}
	}
	// pickups and walls give the frame its variety of colors.
	for k := 0; k < 90; k++ {
		disc(40+k*13%1100, 60+k*37%600, 5, color.RGBA{uint8(k), 0xe3, 0x6b, 0xff})
	}
	if car {
		disc(w/2, h/2, 13, view.Me)
	}
	if bot {
		disc(300, 500, 13, view.BotColors[2])
	}
	return img
}

func TestCheckPassesADemoFrame(t *testing.T) {
	r := Check(synth(1280, 800, true, true), DefaultThresholds)
	if !r.OK() {
		t.Fatalf("synthetic frame fails:\n%s", r)
	}
	// pi*13^2 rounds to 529-533 pixels on the grid; both discs are fully
	// on the playfield.
	if r.CarPixels < 500 || r.BotPixels < 500 || r.BotCenters != 1 {
		t.Fatalf("measured car %d bot %d blobs %d", r.CarPixels, r.BotPixels, r.BotCenters)
	}
	if r.Floor < 0.9 {
		t.Fatalf("floor %.3f", r.Floor)
	}
}

func TestCheckRejects(t *testing.T) {
	blank := image.NewRGBA(image.Rect(0, 0, 1280, 800))
	r := Check(blank, DefaultThresholds)
	if r.OK() || !strings.Contains(r.String(), "blank-looking") {
		t.Fatalf("blank frame passes:\n%s", r)
	}
	r = Check(synth(1280, 800, true, false), DefaultThresholds)
	if r.OK() || len(r.Failures) != 1 || !strings.Contains(r.Failures[0], "bots") {
		t.Fatalf("frame without bots:\n%s", r)
	}
	r = Check(synth(1280, 800, false, true), DefaultThresholds)
	if r.OK() || len(r.Failures) != 1 || !strings.Contains(r.Failures[0], "local car") {
		t.Fatalf("frame without the car:\n%s", r)
	}
	// A bot hidden under the minimap panel does not count.
	img := synth(1280, 800, true, false)
	l := view.NewLayout(1280, 800)
	for y := int(l.Minimap.Y) + 20; y < int(l.Minimap.Y)+50; y++ {
		for x := int(l.Minimap.X) + 20; x < int(l.Minimap.X)+50; x++ {
			img.Set(x, y, view.BotColors[0])
		}
	}
	if r = Check(img, DefaultThresholds); r.OK() || r.BotPixels != 0 {
		t.Fatalf("minimap pixels counted as bots:\n%s", r)
	}
	if r = Check(image.NewRGBA(image.Rect(0, 0, 100, 100)), DefaultThresholds); r.OK() {
		t.Fatal("tiny image passes")
	}
}

func TestRunExitCodes(t *testing.T) {
	dir := t.TempDir()
	good := filepath.Join(dir, "good.png")
	var buf bytes.Buffer
	if err := png.Encode(&buf, synth(1280, 800, true, true)); err != nil {
		t.Fatal(err)
	}
	os.WriteFile(good, buf.Bytes(), 0o644)
	var out bytes.Buffer
	if code := run([]string{good}, &out); code != 0 || !strings.Contains(out.String(), "PASS") {
		t.Fatalf("good: code %d\n%s", code, out.String())
	}
	out.Reset()
	if code := run([]string{"-min-bot-pixels", "100000", good}, &out); code != 1 {
		t.Fatalf("impossible threshold: code %d\n%s", code, out.String())
	}
	if code := run([]string{filepath.Join(dir, "missing.png")}, &out); code != 2 {
		t.Fatalf("missing file: code %d", code)
	}
}
