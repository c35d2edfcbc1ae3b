package systems

import (
	"math"
	"testing"

	"github.com/seedgames/motorkit/detmath"
)

// TestFacingIsDetmathSincos: the remembered sine and cosine of a yaw are
// detmath.Sincos's, bit for bit, through repeats and changes of the yaw
// (-0 after +0 included: the same value, other bits), NaN and infinities.
func TestFacingIsDetmathSincos(t *testing.T) {
	var f facing
	yaws := []float64{0, 0, math.Copysign(0, -1), 1.25, 1.25, -3, 1e6, 1e6, math.NaN(), math.NaN(),
		math.Inf(1), 0.5, math.Inf(-1), 0.5, 0.5}
	for i, yaw := range yaws {
		s, c := f.sincos(yaw)
		ws, wc := detmath.Sincos(yaw)
		if math.Float64bits(s) != math.Float64bits(ws) || math.Float64bits(c) != math.Float64bits(wc) {
			t.Fatalf("yaw %d (%v): remembered (%v, %v), detmath.Sincos (%v, %v)", i, yaw, s, c, ws, wc)
		}
	}
}
