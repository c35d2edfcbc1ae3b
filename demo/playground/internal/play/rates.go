package play

import (
	"fmt"
	"os"
	"path/filepath"
)

// Rates returns the frame rate and the tick rate measured over the frames
// recorded so far in a ring of frame lengths (seconds) and ticks per frame:
// frames counts the frames ever recorded, so only the filled slots count
// while the ring is not yet full (an average over a half-empty ring read
// half the real rate).
func Rates(frameDts []float64, steps []int, frames int) (fps, tps float64) {
	n := min(frames, len(frameDts), len(steps))
	span, ticks := 0.0, 0
	for i := 0; i < n; i++ {
		span += frameDts[i]
		ticks += steps[i]
	}
	if !(span > 0) {
		return 0, 0
	}
	return float64(n) / span, float64(ticks) / span
}

// CheckWritable reports, before a session starts, whether a file can be
// written at path (its folder exists and takes a new file), so that a
// -record to a bad path fails at start rather than losing the recording at
// exit. It leaves nothing behind.
func CheckWritable(path string) error {
	f, err := os.CreateTemp(filepath.Dir(path), ".writable-*")
	if err != nil {
		return fmt.Errorf("cannot write %s: %w", path, err)
	}
	name := f.Name()
	f.Close()
	return os.Remove(name)
}

// TuningLabel is the HUD's line about the tuning in force for motor: the
// file and its kind when it tunes that motor, otherwise the prefab's
// defaults (and which motor the file tunes), since a tuning applies only to
// its own motor kind.
func TuningLabel(t *Tuning, motor string) string {
	switch {
	case t == nil:
		return "prefab defaults"
	case t.Kind != motor:
		return fmt.Sprintf("prefab defaults (%s tunes %s)", t.Source, t.Kind)
	}
	return t.Source + " (" + t.Kind + ")"
}
