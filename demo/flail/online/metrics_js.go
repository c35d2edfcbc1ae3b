//go:build js

package online

// In the browser the package is a client: the server's metrics (and the
// Prometheus client) stay out of the wasm build.
type metrics struct{}

func newMetrics(*Server) *metrics { return &metrics{} }

func (*metrics) observeTick(float64) {}
func (*metrics) addIn(int)           {}
func (*metrics) addOut(int)          {}
func (*metrics) disconnect(string)   {}
func (*metrics) input(string)        {}
func (*metrics) roomMove(string)     {}
