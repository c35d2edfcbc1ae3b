package main

import (
	"image"
	"math"
	"strings"
	"testing"

	"github.com/go-gl/mathgl/mgl64"
	"github.com/seedgames/motorkit/demo/playground/internal/layout"
	"github.com/seedgames/motorkit/demo/playground/internal/render"
	"github.com/seedgames/motorkit/kcc"
	"github.com/seedgames/motorkit/prefabs"
)

// shot renders the course from the spawn (as the playground's default
// script ends) with the triangles keep accepts.
func shot(t *testing.T, keep func(kcc.Triangle) bool) (image.Image, *layout.Shot, *kcc.World) {
	t.Helper()
	w, err := prefabs.LoadLevel("playground")
	if err != nil {
		t.Fatal(err)
	}
	const W, H = 1280, 720
	cam := render.FirstPerson(mgl64.Vec3{0.5, 1.69, 0.2}, 0.02, -0.03, W, H)
	walk := math.Cos(45 * math.Pi / 180)
	var level []kcc.Triangle
	for _, tr := range w.AppendTriangles(nil) {
		if keep(tr) {
			level = append(level, tr)
		}
	}
	tris := render.AppendLevel(nil, level, walk)
	r := render.New(W, H)
	defer r.Close()
	img := image.NewRGBA(image.Rect(0, 0, W, H))
	r.Render(img, cam, tris)
	sh := &layout.Shot{Motor: "arena", Level: "playground", Camera: cam, Style: r.Style, WalkableCos: walk, HUD: layout.For(W, H)}
	return img, sh, w
}

func TestCheckPassesOnTheRenderer(t *testing.T) {
	img, sh, w := shot(t, func(kcc.Triangle) bool { return true })
	r := Check(img, sh, w, true)
	if err := r.Err(); err != nil {
		t.Fatal(err)
	}
	if r.Occluded < MinOccluded || r.Sky < 100 || r.Floor < 100 {
		t.Fatalf("too few telling samples: %+v", r)
	}
	t.Logf("%d samples, %d match; sky %d, floor %d, pillar over wall %d", r.Samples, r.Match, r.Sky, r.Floor, r.Occluded)
}

// Without its pillar the picture shows the wall where the pillar must
// hide it: the check fails and says so.
func TestCheckFailsWithoutTheOccluder(t *testing.T) {
	img, sh, w := shot(t, func(tr kcc.Triangle) bool { return tr.Collider != pillar })
	err := Check(img, sh, w, true).Err()
	if err == nil || !strings.Contains(err.Error(), "pillar in front of the wall") {
		t.Fatalf("err = %v, want a pillar failure", err)
	}
}

// A flat picture (all floor color, no sky) or a camera that does not match
// the picture fails.
func TestCheckFailsOnWrongPictures(t *testing.T) {
	img, sh, w := shot(t, func(kcc.Triangle) bool { return true })
	flat := image.NewRGBA(img.Bounds())
	for i := range flat.Pix {
		flat.Pix[i] = 150
	}
	if err := Check(flat, sh, w, true).Err(); err == nil {
		t.Error("a flat gray picture passed")
	}
	turned := *sh
	turned.Camera.Yaw += 0.3
	if err := Check(img, &turned, w, true).Err(); err == nil {
		t.Error("a picture from another camera passed")
	}
}
