package main

import (
	"errors"
	"fmt"
	"os"
	"strings"

	"github.com/seedgames/motorkit/demo/playground/internal/play"
)

func main() {
	if len(os.Args) != 2 {
		fmt.Fprintln(os.Stderr, "usage: inputcheck recording.toml")
		os.Exit(2)
	}
	if err := check(os.Args[1]); err != nil {
		fmt.Fprintln(os.Stderr, "inputcheck:", err)
		os.Exit(1)
	}
	fmt.Println("inputcheck: OK")
}

// check replays the recording tick by tick and walks through the expected
// phases in order.
func check(path string) error {
	rec, err := play.LoadRecording(path)
	if err != nil {
		return err
	}
	ins := rec.Trace.Inputs(0, play.TickRate)
	s, err := play.New(play.Options{Replay: rec})
	if err != nil {
		return err
	}
	phase := 0
	names := []string{"a mouse turn to the right (yaw up by 0.2 rad or more)", "W held (forward 1, not captured)", "a jump consumed",
		"the tuning reload", "S held under the new tuning", "the switch to hybrid",
		"UI capture (Esc)", "W again after the click (not captured)"}
	capturedTicks, capturedPresses, capturedJumps, capturedMoves := 0, 0, 0, 0
	fastBefore, fastAfter := 0.0, 0.0 // top arena speeds before and after the reload
	for i, in := range ins {
		before := s.State().Jump.Consumes
		s.Runner.Step()
		st := s.State()
		c := in.Command
		if c.UICaptured {
			capturedTicks++
			if c.JumpPressed {
				capturedPresses++
			}
			if st.Jump.Consumes != before {
				capturedJumps++
			}
			if c.Forward != 0 || c.Strafe != 0 {
				capturedMoves++
			}
		}
		if st.Motor == "arena" {
			if phase < 3 {
				fastBefore = max(fastBefore, st.PlanarSpeed)
			} else if c.Forward == -1 {
				fastAfter = max(fastAfter, st.PlanarSpeed) // backing up under the new tuning
			}
		}
		switch phase {
		case 0:
			if in.Yaw-ins[0].Yaw >= 0.2 {
				phase++
			}
		case 1:
			if c.Forward == 1 && !c.UICaptured {
				phase++
			}
		case 2:
			if st.Jump.Consumes > before {
				phase++
			}
		case 3:
			if t := s.Tuning(); t != nil && strings.Contains(t.Text, "max_speed = 4.0") {
				phase++
			}
		case 4:
			if c.Forward == -1 {
				phase++
			}
		case 5:
			if st.Motor == "hybrid" {
				phase++
			}
		case 6:
			if c.UICaptured {
				phase++
			}
		case 7:
			if c.Forward == 1 && !c.UICaptured && capturedTicks > 0 {
				phase++
				fmt.Printf("inputcheck: all phases seen by tick %d of %d\n", i+1, len(ins))
			}
		}
	}
	fmt.Printf("inputcheck: %d ticks, %d UI-captured (%d jump presses, %d jumps, %d moving in them), events %v\n",
		len(ins), capturedTicks, capturedPresses, capturedJumps, capturedMoves, events(rec))
	fmt.Printf("inputcheck: arena top speed %.3f m/s before the reload, %.3f m/s after\n", fastBefore, fastAfter)
	if phase < len(names) {
		return fmt.Errorf("never saw %s (phases in order: %v)", names[phase], names)
	}
	if !(fastBefore > 7.5 && fastAfter > 3.5 && fastAfter <= 4+1e-9) {
		return errors.New("the reload did not change the top speed from 8 to 4 m/s")
	}
	if capturedPresses > 0 || capturedJumps > 0 || capturedMoves > 0 {
		return errors.New("a jump press or a move got through the UI capture")
	}
	return nil
}

func events(r *play.Recording) []string {
	var out []string
	for _, e := range r.Meta.Events {
		out = append(out, fmt.Sprintf("tick %d: %s", e.Tick, e.Motor))
	}
	return out
}
