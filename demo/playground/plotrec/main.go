package main

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/seedgames/motorkit/demo/playground/internal/play"
	"github.com/seedgames/motorkit/demo/plot"
	"github.com/seedgames/motorkit/trace"
)

func main() {
	if len(os.Args) != 3 {
		fmt.Fprintln(os.Stderr, "usage: plotrec recording.toml out.png")
		os.Exit(2)
	}
	if err := run(os.Args[1], os.Args[2]); err != nil {
		fmt.Fprintln(os.Stderr, "plotrec:", err)
		os.Exit(1)
	}
}

// Samples replays the recording and returns one sample per tick, and the
// motors in the order they were played (with the tick each started at).
func Samples(rec *play.Recording) ([]trace.Sample, []string, error) {
	s, err := play.New(play.Options{Replay: rec})
	if err != nil {
		return nil, nil, err
	}
	var out []trace.Sample
	var motors []string
	last := ""
	for s.Replaying() {
		s.Runner.Step()
		st := s.State()
		if st.Motor != last {
			motors = append(motors, fmt.Sprintf("%s from %.2f s", st.Motor, float64(st.Tick-1)/play.TickRate))
			last = st.Motor
		}
		out = append(out, trace.Sample{
			Tick: st.Tick - 1, Position: st.Body.Position, Velocity: st.Body.Velocity,
			PlanarSpeed: st.PlanarSpeed, Grounded: st.KCC.Grounded, GroundState: st.KCC.GroundState,
			JumpConsumed: st.Jump.ConsumedThisTick, Crouched: st.KCC.Crouched, Yaw: st.View.Yaw,
		})
	}
	if len(out) == 0 {
		return nil, nil, fmt.Errorf("the recording has no ticks")
	}
	return out, motors, nil
}

func run(in, out string) error {
	rec, err := play.LoadRecording(in)
	if err != nil {
		return err
	}
	samples, motors, err := Samples(rec)
	if err != nil {
		return err
	}
	name := strings.Join(motors, ", ")
	if err := plot.SpeedPNG(out, "playground: "+filepath.Base(in), plot.Run{Name: name, Samples: samples, TickRate: play.TickRate}); err != nil {
		return err
	}
	fmt.Printf("plotrec: %d ticks (%s), wrote %s\n", len(samples), name, out)
	return nil
}
