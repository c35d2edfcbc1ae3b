package examples

import (
	"bytes"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// The two examples that open a window, run for a few seconds with -frames
// and -screenshot: each draws its scene (the player's colour and a scene
// colour are on the screenshot) and ecs's character collects coins. Needs a
// display; CI runs it under Xvfb (.ci/examples.sh), a plain `go test ./...`
// without DISPLAY skips it.
func TestWindowExamples(t *testing.T) {
	if os.Getenv("DISPLAY") == "" && os.Getenv("WAYLAND_DISPLAY") == "" {
		t.Skip("no display: run under xvfb-run (bash .ci/examples.sh)")
	}
	goTool, err := exec.LookPath("go")
	if err != nil {
		t.Skip("no go tool:", err)
	}
	for _, tc := range []struct {
		name   string
		frames string
		colors []color.RGBA // must appear on the screenshot
		stdout string
	}{
		{"topdown", "150", []color.RGBA{{0x4f, 0x9d, 0xe8, 0xff}, {0x8a, 0x7f, 0x6a, 0xff}}, ""},
		{"ecs", "600", []color.RGBA{{0xe8, 0x5d, 0x4f, 0xff}, {0xf2, 0xc1, 0x2e, 0xff}}, "frame 600: coins "},
	} {
		t.Run(tc.name, func(t *testing.T) {
			shot := filepath.Join(t.TempDir(), tc.name+".png")
			cmd := exec.Command(goTool, "run", "./"+tc.name, "-frames", tc.frames, "-screenshot", shot)
			var stdout, stderr bytes.Buffer
			cmd.Stdout, cmd.Stderr = &stdout, &stderr
			start := time.Now()
			err := cmd.Run()
			out := stdout.String()
			// Every failure below shows what the program printed.
			ran := fmt.Sprintf("%s (%v)\n--- stdout:\n%s--- stderr:\n%s", strings.Join(cmd.Args, " "),
				time.Since(start).Round(time.Millisecond), out, stderr.String())
			if err != nil {
				t.Fatalf("%v: %s", err, ran)
			}
			if !strings.Contains(out, tc.stdout) {
				t.Errorf("stdout lacks %q: %s", tc.stdout, ran)
			}
			if tc.name == "ecs" && strings.Contains(out, "coins 0/12") {
				t.Errorf("the ecs example collected no coin in 10 s: %s", ran)
			}
			b, err := os.ReadFile(shot)
			if err != nil {
				t.Fatalf("no screenshot: %v: %s", err, ran)
			}
			img, err := png.Decode(bytes.NewReader(b))
			if err != nil {
				t.Fatalf("screenshot: %v: %s", err, ran)
			}
			for _, want := range tc.colors {
				if !hasColor(img, want) {
					t.Errorf("screenshot lacks colour %v", want)
				}
			}
		})
	}
}

func hasColor(img image.Image, c color.RGBA) bool {
	b := img.Bounds()
	for y := b.Min.Y; y < b.Max.Y; y++ {
		for x := b.Min.X; x < b.Max.X; x++ {
			if color.RGBAModel.Convert(img.At(x, y)).(color.RGBA) == c {
				return true
			}
		}
	}
	return false
}
