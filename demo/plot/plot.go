package plot

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"os"
	"strconv"

	gplot "gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/plotutil"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
	"gonum.org/v1/plot/vg/vgimg"

	"github.com/seedgames/motorkit/trace"
)

// Run is one replay to draw: a legend name and its per-tick samples.
type Run struct {
	// Name labels the run in the legend.
	Name string
	// Samples are the replay's samples, one per tick, in order.
	Samples []trace.Sample
	// TickRate converts tick indices to seconds (Hz); 0 means 60.
	TickRate float64
}

// Size is the image size written by SpeedPNG and WriteSpeedPNG: 7 x 4.5
// inches at 96 dpi, 672 x 432 pixels.
var Size = struct{ W, H vg.Length }{7 * vg.Inch, 4.5 * vg.Inch}

// SpeedPNG writes the speed/grounded plot of runs to the file path.
func SpeedPNG(path, title string, runs ...Run) (err error) {
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	defer func() {
		if cerr := f.Close(); err == nil {
			err = cerr
		}
	}()
	bw := bufio.NewWriter(f)
	if err := WriteSpeedPNG(bw, title, runs...); err != nil {
		return err
	}
	return bw.Flush()
}

// WriteSpeedPNG draws planar speed (m/s, upper 70%) and grounded (lower
// 30%; each run's 0/1 step line is offset by 0.1 per run so overlapping runs
// stay visible) against time in seconds, and writes the PNG to w.
func WriteSpeedPNG(w io.Writer, title string, runs ...Run) error {
	if len(runs) == 0 {
		return errors.New("plot: no runs")
	}
	speed := gplot.New()
	speed.Title.Text = title
	speed.Y.Label.Text = "planar speed (m/s)"
	speed.Y.Min = 0
	speed.Legend.Top = true
	speed.Legend.Left = true
	speed.Add(plotter.NewGrid())

	ground := gplot.New()
	ground.X.Label.Text = "time (s)"
	ground.Y.Label.Text = "grounded"
	ground.Y.Min, ground.Y.Max = -0.1, 1.1+0.1*float64(len(runs)-1)

	for i, r := range runs {
		if len(r.Samples) == 0 {
			return fmt.Errorf("plot: run %q has no samples", r.Name)
		}
		rate := r.TickRate
		if !(rate > 0) {
			rate = 60
		}
		sp := make(plotter.XYs, len(r.Samples))
		gr := make(plotter.XYs, len(r.Samples))
		for k, s := range r.Samples {
			t := float64(k+1) / rate // the sample is the state after tick k
			sp[k].X, sp[k].Y = t, s.PlanarSpeed
			g := 0.0
			if s.Grounded {
				g = 1
			}
			gr[k].X, gr[k].Y = t, g+0.1*float64(i)
		}
		ls, err := plotter.NewLine(sp)
		if err != nil {
			return fmt.Errorf("plot: run %q: %w", r.Name, err)
		}
		ls.Color = plotutil.Color(i)
		ls.Width = vg.Points(1.5)
		ls.Dashes = plotutil.Dashes(i)
		speed.Add(ls)
		speed.Legend.Add(r.Name, ls)

		lg, err := plotter.NewLine(gr)
		if err != nil {
			return fmt.Errorf("plot: run %q: %w", r.Name, err)
		}
		lg.StepStyle = plotter.PostStep
		lg.Color = plotutil.Color(i)
		lg.Width = vg.Points(1)
		ground.Add(lg)
	}
	// Headroom above the fastest run keeps the legend clear of the lines;
	// both panels share the time axis and its whole-second ticks.
	speed.Y.Max *= 1.2
	speed.X.Min = 0
	ground.X.Min, ground.X.Max = 0, speed.X.Max
	ticks := secondTicks(speed.X.Max)
	speed.X.Tick.Marker, ground.X.Tick.Marker = ticks, ticks

	img := vgimg.New(Size.W, Size.H)
	dc := draw.New(img)
	h := Size.H
	top := draw.Crop(dc, 0, 0, 0.3*h, 0)
	bottom := draw.Crop(dc, 0, 0, 0, -0.7*h)
	speed.Draw(top)
	ground.Draw(bottom)
	_, err := vgimg.PngCanvas{Canvas: img}.WriteTo(w)
	return err
}

// secondTicks labels the time axis at a round step (1, 2, 5, 10, ... s)
// chosen for about 5-12 labels, with unlabelled minor ticks in between.
func secondTicks(max float64) gplot.ConstantTicks {
	step := 0.1
	for _, m := range []float64{0.1, 0.2, 0.5, 1, 2, 5, 10, 20, 50, 100, 200, 500, 1000} {
		step = m
		if max/m <= 12 {
			break
		}
	}
	var out gplot.ConstantTicks
	for i := 0; float64(i)*step <= max+1e-9 && i < 1000; i++ {
		v := float64(i) * step
		out = append(out, gplot.Tick{Value: v, Label: strconv.FormatFloat(v, 'f', -1, 64)})
		if mid := v + step/2; mid <= max {
			out = append(out, gplot.Tick{Value: mid})
		}
	}
	return out
}
