package match

import (
	"github.com/seedgames/motorkit/flail"
	"github.com/seedgames/motorkit/trace"
	"github.com/yohamta/donburi"
)

// ReplayCar is the trace.WithSubmit hook of the flail game: it submits the
// step's car input (aim, throttle, primary) as the player's FlailInput.
//
//	res, err := trace.Replay(tr, trace.WithSubmit(match.ReplayCar))
func ReplayCar(e *donburi.Entry, in trace.Input) { SubmitInput(e, flail.Input(in.Car)) }

// RecordCar reads a flail player's waiting input for trace.Recorder.CarFrom,
// so a recorded trace keeps the aim, throttle and primary button.
func RecordCar(e *donburi.Entry) trace.Car {
	if !e.HasComponent(FlailInput) {
		return trace.Car{}
	}
	return trace.Car(FlailInput.Get(e).Input)
}
