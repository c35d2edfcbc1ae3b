//go:build !linux

package systems_test

import "time"

// threadTime is the CPU time of the calling thread where the platform
// has a clock for it; elsewhere ok is false and callers use the wall
// clock.
func threadTime() (time.Duration, bool) { return 0, false }
