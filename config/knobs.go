package config

import (
	"sync"
	"sync/atomic"
)

// Knob is a numeric key and the range a validator allows for it.
type Knob struct {
	Key      string
	Min, Max float64
	// Int is true for an integer key (IntRange).
	Int bool
}

var (
	knobMu  sync.Mutex
	knobRec atomic.Pointer[[]Knob]
)

// Knobs runs validate (a config's Validate, which builds its own Checkers)
// and returns every key its Checkers range-checked, with the range, in
// order: a tuning UI learns the ranges from the code that enforces them.
// Calls are serialized; Range and IntRange calls made meanwhile by other
// goroutines would be recorded too, so call it from one place (a UI).
func Knobs(validate func() error) []Knob {
	knobMu.Lock()
	defer knobMu.Unlock()
	var out []Knob
	knobRec.Store(&out)
	_ = validate()
	knobRec.Store(nil)
	return out
}

func recordKnob(k Knob) {
	if rec := knobRec.Load(); rec != nil {
		*rec = append(*rec, k)
	}
}
