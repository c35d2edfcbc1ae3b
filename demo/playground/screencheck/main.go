package main

import (
	"encoding/json"
	"fmt"
	"image/png"
	"os"

	"github.com/seedgames/motorkit/demo/playground/internal/layout"
	"github.com/seedgames/motorkit/demo/playground/internal/play"
	"github.com/seedgames/motorkit/prefabs"
)

func main() {
	if len(os.Args) != 2 {
		fmt.Fprintln(os.Stderr, "usage: screencheck shot.png   (reads shot.png.json as well)")
		os.Exit(2)
	}
	if err := run(os.Args[1]); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
}

func run(path string) error {
	f, err := os.Open(path)
	if err != nil {
		return err
	}
	img, err := png.Decode(f)
	f.Close()
	if err != nil {
		return fmt.Errorf("%s: %w", path, err)
	}
	data, err := os.ReadFile(path + ".json")
	if err != nil {
		return err
	}
	var sh layout.Shot
	if err := json.Unmarshal(data, &sh); err != nil {
		return fmt.Errorf("%s.json: %w", path, err)
	}
	if img.Bounds().Dx() != sh.Camera.W || img.Bounds().Dy() != sh.Camera.H {
		return fmt.Errorf("%s: %dx%d image, camera says %dx%d", path, img.Bounds().Dx(), img.Bounds().Dy(), sh.Camera.W, sh.Camera.H)
	}
	lv, err := prefabs.LoadLiving(sh.Level)
	if err != nil {
		return err
	}
	w := lv.World
	if lv.Movers != nil {
		// Platforms and doors are a function of the tick: replay them to
		// the screenshot's tick (doors opened by a sensor stay closed: the
		// check does not replay the player).
		for n := uint64(0); n < sh.Tick; n++ {
			lv.Movers.Apply(w, n, 1.0/play.TickRate, nil)
		}
	}
	r := Check(img, &sh, w, sh.Level == "playground")
	fmt.Printf("screencheck %s: %s motor, %d samples, %.1f%% match; sky %d/%d, floor %d/%d, pillar over wall %d/%d (wall shows %d)\n",
		path, sh.Motor, r.Samples, 100*frac(r.Match, r.Samples), r.SkyMatch, r.Sky, r.FloorMatch, r.Floor,
		r.OccludedMatch, r.Occluded, r.OccludedShowsWall)
	return r.Err()
}
