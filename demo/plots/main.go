// Command plots draws the arena motor's acceptance plots of
// docs/motors/arena.md (docs/img/arena_strafe_build.png and
// docs/img/arena_bunny_hops.png): it replays the same traces as the
// library's acceptance tests 3 and 5 (motors/arena/acceptance_test.go)
// through the public trace API and draws their planar speed and grounded
// flag with demo/plot. The library's tests keep every assertion; this
// program only draws, so the library module needs no plotting library.
//
// From the repository root:
//
//	go run ./demo/plots                 # rewrites docs/img/arena_*.png
//	go run ./demo/plots -out /tmp/plots # somewhere else
package main

import (
	"flag"
	"fmt"
	"math"
	"os"
	"path/filepath"

	"github.com/yohamta/donburi"
	"github.com/yohamta/donburi/filter"

	"github.com/seedgames/motorkit/components"
	"github.com/seedgames/motorkit/demo/plot"
	"github.com/seedgames/motorkit/motors/arena"
	"github.com/seedgames/motorkit/systems"
	"github.com/seedgames/motorkit/trace"
)

func main() {
	traces := flag.String("traces", filepath.Join("testdata", "arena"), "the directory of the arena acceptance traces")
	out := flag.String("out", filepath.Join("docs", "img"), "the directory the PNG files are written to")
	flag.Parse()
	written, err := run(*traces, *out)
	if err != nil {
		fmt.Fprintln(os.Stderr, "plots:", err)
		os.Exit(1)
	}
	for _, p := range written {
		fmt.Println("wrote", p)
	}
}

// run replays the traces of acceptance tests 3 and 5 and writes their plots
// into out; it returns the paths written.
func run(traces, out string) ([]string, error) {
	if err := os.MkdirAll(out, 0o755); err != nil {
		return nil, err
	}
	replay := func(file string, opts ...trace.Option) ([]trace.Sample, error) {
		tr, err := trace.Load(filepath.Join(traces, file))
		if err != nil {
			return nil, err
		}
		res, err := trace.Replay(tr, opts...)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", file, err)
		}
		return res.Samples, nil
	}
	var written []string
	draw := func(name, title string, runs ...plot.Run) error {
		path := filepath.Join(out, name)
		if err := plot.SpeedPNG(path, title, runs...); err != nil {
			return err
		}
		written = append(written, path)
		return nil
	}

	// Test 3: chained hops with the view at the Golden Angle from tick 60,
	// with the default gain and with the gain off.
	aim := aimAtGoldenAngle(arena.DefaultConfig().ThetaTarget(), 60)
	noGain, err := replay("strafe_build.toml", aim, trace.WithOverride("[motor]\ng_min = 1.0\ng_peak = 1.0\n"))
	if err != nil {
		return nil, err
	}
	gain, err := replay("strafe_build.toml", aim)
	if err != nil {
		return nil, err
	}
	if err := draw("arena_strafe_build.png", "Air-strafe speed build (aim at the Golden Angle, 5 s)",
		plot.Run{Name: "gain g_peak 1.25", Samples: gain, TickRate: 60},
		plot.Run{Name: "gain off (g = 1)", Samples: noGain, TickRate: 60}); err != nil {
		return nil, err
	}

	// Test 5: buffered hops from 12 m/s, soft and no frictionless jump.
	mode := func(m string) trace.Option {
		return trace.WithOverride("[motor]\nfrictionless_jump_mode = \"" + m + "\"\n")
	}
	soft, err := replay("bunny_hops.toml", mode("soft"))
	if err != nil {
		return nil, err
	}
	none, err := replay("bunny_hops.toml", mode("none"))
	if err != nil {
		return nil, err
	}
	if err := draw("arena_bunny_hops.png", "Frictionless jump retention: chained buffered hops from 12 m/s",
		plot.Run{Name: "soft", Samples: soft, TickRate: 60},
		plot.Run{Name: "none", Samples: none, TickRate: 60}); err != nil {
		return nil, err
	}
	return written, nil
}

// aimAtGoldenAngle is the acceptance test's stand-in for the player's
// mouse: from tick `from` on, before the intent stage, it turns the view so
// the planar velocity is theta to the left of the view forward.
func aimAtGoldenAngle(theta float64, from uint64) trace.Option {
	q := donburi.NewQuery(filter.Contains(components.Body, components.View, components.Motor))
	return trace.WithSetup(func(_ donburi.World, p *systems.Pipeline) error {
		p.AddBefore(systems.StageIntent, "plots.aim", func(w donburi.World, tk systems.Tick) {
			if tk.N < from {
				return
			}
			q.Each(w, func(e *donburi.Entry) {
				v := components.Body.Get(e).Velocity
				components.View.Get(e).Yaw = math.Atan2(v[2], v[0]) + theta
			})
		})
		return nil
	})
}
