package examples

import (
	"bytes"
	"context"
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

// The examples that open a window (and the platformer demo), run for a few seconds with -frames
// and -screenshot: each draws its scene (the player's colour and a scene
// colour are on the screenshot) and ecs's character collects coins. Needs a
// display; CI runs it under Xvfb (.ci/examples.sh), a plain `go test ./...`
// without DISPLAY skips it.
//
// Each example is built once, then run (at most 2 minutes). A window
// program under Xvfb can fail for its environment alone (the X server or
// its GLX refusing a client on a busy machine: CI's topdown run failed
// once with nothing wrong in the example), so a failed run is logged with
// everything it printed and run once more; the test fails when the second
// run fails too.
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
		pkg    string // default ./name
		args   []string
		frames string
		colors []color.RGBA // must appear on the screenshot
		stdout string
	}{
		{"topdown", "", nil, "150", []color.RGBA{{0x4f, 0x9d, 0xe8, 0xff}, {0x8a, 0x7f, 0x6a, 0xff}}, ""},
		{"ecs", "", nil, "600", []color.RGBA{{0xe8, 0x5d, 0x4f, 0xff}, {0xf2, 0xc1, 0x2e, 0xff}}, "frame 600: coins "},
		// The platformer's scripted run: at frame 300 the hero (green: a
		// dash left) is past the hill and the spikes, by the ladder.
		{"platformer", "../platformer", nil, "300", []color.RGBA{{0x63, 0xc7, 0x4d, 0xff}, {0x73, 0x3e, 0x39, 0xff}, {0x8b, 0x9b, 0xb4, 0xff}}, "deaths 0"},
		// Its top-down scene: the round hero (blue), walls, a pond.
		{"platformer-topdown", "../platformer", []string{"-scene", "topdown"}, "200", []color.RGBA{{0x4f, 0x9d, 0xe8, 0xff}, {0x73, 0x3e, 0x39, 0xff}, {0x39, 0x78, 0xa8, 0xff}}, "deaths 0"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			bin := filepath.Join(dir, tc.name)
			pkg := tc.pkg
			if pkg == "" {
				pkg = "./" + tc.name
			}
			if out, err := exec.Command(goTool, "build", "-o", bin, pkg).CombinedOutput(); err != nil {
				t.Fatalf("go build ./%s: %v\n%s", tc.name, err, out)
			}
			check := func(attempt int) error {
				shot := filepath.Join(dir, fmt.Sprintf("%s-%d.png", tc.name, attempt))
				ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
				defer cancel()
				cmd := exec.CommandContext(ctx, bin, append(tc.args, "-frames", tc.frames, "-screenshot", shot)...)
				var stdout, stderr bytes.Buffer
				cmd.Stdout, cmd.Stderr = &stdout, &stderr
				start := time.Now()
				err := cmd.Run()
				out := stdout.String()
				// Every failure below shows what the program printed.
				ran := fmt.Sprintf("%s (%v)\n--- stdout:\n%s--- stderr:\n%s", strings.Join(cmd.Args, " "),
					time.Since(start).Round(time.Millisecond), out, stderr.String())
				if err != nil {
					return fmt.Errorf("%v: %s", err, ran)
				}
				var problems []string
				if !strings.Contains(out, tc.stdout) {
					problems = append(problems, fmt.Sprintf("stdout lacks %q", tc.stdout))
				}
				if tc.name == "ecs" && strings.Contains(out, "coins 0/12") {
					problems = append(problems, "the ecs example collected no coin in 10 s")
				}
				b, err := os.ReadFile(shot)
				if err != nil {
					return fmt.Errorf("no screenshot: %v: %s", err, ran)
				}
				img, err := png.Decode(bytes.NewReader(b))
				if err != nil {
					return fmt.Errorf("screenshot: %v: %s", err, ran)
				}
				for _, want := range tc.colors {
					if !hasColor(img, want) {
						problems = append(problems, fmt.Sprintf("screenshot lacks colour %v", want))
					}
				}
				if len(problems) > 0 {
					return fmt.Errorf("%s: %s", strings.Join(problems, "; "), ran)
				}
				return nil
			}
			err := check(1)
			if err == nil {
				return
			}
			t.Logf("first run failed, running it once more: %v", err)
			if err := check(2); err != nil {
				t.Fatalf("failed twice; the second run: %v", err)
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
