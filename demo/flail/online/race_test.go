//go:build race

package online

// raceEnabled: the race detector slows everything ~10x, so timing limits
// are reported but not asserted.
const raceEnabled = true
