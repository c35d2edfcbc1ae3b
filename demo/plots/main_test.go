package main

import (
	"image/png"
	"os"
	"path/filepath"
	"testing"
)

// The program replays the acceptance traces and writes both plots (into a
// temporary directory, not docs/img).
func TestPlots(t *testing.T) {
	out := t.TempDir()
	written, err := run(filepath.Join("..", "..", "testdata", "arena"), out)
	if err != nil {
		t.Fatal(err)
	}
	if len(written) != 2 {
		t.Fatalf("wrote %v, want two plots", written)
	}
	for _, name := range []string{"arena_strafe_build.png", "arena_bunny_hops.png"} {
		f, err := os.Open(filepath.Join(out, name))
		if err != nil {
			t.Fatal(err)
		}
		img, err := png.Decode(f)
		f.Close()
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if b := img.Bounds(); b.Dx() < 600 || b.Dy() < 400 {
			t.Errorf("%s: %v, want the plot size", name, b)
		}
	}
}
