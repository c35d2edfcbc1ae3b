package plot_test

import (
	"fmt"
	"os"
	"path/filepath"

	"github.com/seedgames/motorkit/demo/plot"
	"github.com/seedgames/motorkit/trace"
)

// Replay a trace and plot its planar speed and grounded flag.
func ExampleSpeedPNG() {
	tr, err := trace.Parse([]byte(`
prefab = "arena_player"
level = "arena_flat"
[[segment]]
ticks = 60
forward = 1.0
[[segment]]
ticks = 30
`), "example")
	if err != nil {
		fmt.Println(err)
		return
	}
	res, err := trace.Replay(tr)
	if err != nil {
		fmt.Println(err)
		return
	}
	dir, err := os.MkdirTemp("", "plot")
	if err != nil {
		fmt.Println(err)
		return
	}
	defer os.RemoveAll(dir)
	err = plot.SpeedPNG(filepath.Join(dir, "run.png"), "run and stop", plot.Run{Name: "arena", Samples: res.Samples})
	fmt.Println(err)
	// Output: <nil>
}
