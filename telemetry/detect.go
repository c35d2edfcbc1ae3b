package telemetry

import (
	"strings"

	"github.com/seedgames/motorkit/motors"
)

// DefaultThresholdSeconds is the default stuck-buffer threshold: 0.25 s. It is
// longer than the largest jump buffer of docs/motors/fps.md#knobs (0.2 s), so a press
// that simply expires in the air never dumps; only a buffer kept alive
// (frozen by a UI capture, refreshed by repeated presses, or never consumed
// although the character could jump) does.
const DefaultThresholdSeconds = 0.25

// Reason is a set of flags explaining a dump (docs/motors/fps.md#telemetry).
type Reason uint8

// The reason flags, taken from the tick that triggered the dump.
const (
	// ReasonGrounded: the character was grounded. A buffered press while
	// grounded that is not consumed is a bug in the consume rule.
	ReasonGrounded Reason = 1 << iota
	// ReasonCoyote: coyote time was left (same meaning in the air).
	ReasonCoyote
	// ReasonUICaptured: the UI captured input (the buffer froze under the
	// freeze policy; no jump may be requested while captured).
	ReasonUICaptured
	// ReasonConsumed: a jump was consumed on the tick of the dump. Always
	// clear for a stuck-buffer dump (a consume ends the episode); set on a
	// manual dump (Recorder.DumpNow) taken on a consume tick.
	ReasonConsumed
)

var reasonNames = [...]string{"grounded", "coyote", "ui_captured", "consumed"}

// Names returns the names of the set flags in a fixed order.
func (r Reason) Names() []string {
	out := []string{}
	for i, n := range reasonNames {
		if r&(1<<i) != 0 {
			out = append(out, n)
		}
	}
	return out
}

// String joins the flag names with "|", or returns "none".
func (r Reason) String() string {
	if r == 0 {
		return "none"
	}
	return strings.Join(r.Names(), "|")
}

// ReasonOf returns the flags a record shows.
func ReasonOf(rec Record) Reason {
	var r Reason
	if rec.Grounded {
		r |= ReasonGrounded
	}
	if rec.CoyoteTicks > 0 {
		r |= ReasonCoyote
	}
	if rec.UICaptured {
		r |= ReasonUICaptured
	}
	if rec.Consumed {
		r |= ReasonConsumed
	}
	return r
}

// Detector watches records for a jump buffer that stays positive for more
// than Threshold consecutive ticks without a consume. It fires once per
// episode; an episode ends when the buffer reaches 0 or a jump is consumed.
type Detector struct {
	// Threshold in ticks; the detector fires on the first tick the run of
	// positive-buffer, no-consume ticks exceeds it.
	Threshold int
	run       int
	fired     bool
}

// ThresholdTicks converts a threshold in seconds to ticks at rate Hz
// (rounded to nearest, at least 1): 0.25 s at 60 Hz is 15 ticks.
func ThresholdTicks(seconds, rate float64) int {
	t := motors.TicksFromSeconds(seconds, rate)
	if t < 1 {
		t = 1
	}
	return t
}

// Observe feeds one record and reports whether it triggers a dump.
func (d *Detector) Observe(rec *Record) bool {
	return d.ObserveTick(rec.BufferTicks, rec.Consumed)
}

// ObserveTick is Observe given a tick's buffer ticks and consume flag.
func (d *Detector) ObserveTick(bufferTicks int, consumed bool) bool {
	if bufferTicks <= 0 || consumed {
		d.run, d.fired = 0, false
		return false
	}
	d.run++
	if d.run > d.Threshold && !d.fired {
		d.fired = true
		return true
	}
	return false
}

// Run is the current number of consecutive stuck ticks.
func (d *Detector) Run() int { return d.run }

// Reset ends the current episode.
func (d *Detector) Reset() { d.run, d.fired = 0, false }
