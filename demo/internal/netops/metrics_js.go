//go:build js

package netops

// Metrics record nothing in the browser, where a game's package is a
// client: the Prometheus client stays out of the wasm build (there is no
// Handler).
type Metrics struct{}

// NewMetrics returns Metrics that record nothing.
func NewMetrics(string, func() []RoomInfo, func() int) *Metrics { return &Metrics{} }

// ObserveTick does nothing in the browser.
func (*Metrics) ObserveTick(float64) {}

// AddIn does nothing in the browser.
func (*Metrics) AddIn(int) {}

// AddOut does nothing in the browser.
func (*Metrics) AddOut(int) {}

// Disconnect does nothing in the browser.
func (*Metrics) Disconnect(string) {}

// Input does nothing in the browser.
func (*Metrics) Input(string) {}

// RoomMove does nothing in the browser.
func (*Metrics) RoomMove(string) {}
