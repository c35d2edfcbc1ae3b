package detmath

import (
	"math"
	"math/rand"
	"testing"
)

// ulps is the distance between a and b in units in the last place: the
// number of doubles between them (0 when equal, also for two NaNs).
func ulps(a, b float64) uint64 {
	if math.IsNaN(a) && math.IsNaN(b) {
		return 0
	}
	if math.IsNaN(a) || math.IsNaN(b) {
		return math.MaxUint64
	}
	ord := func(x float64) int64 {
		i := int64(math.Float64bits(x))
		if i < 0 {
			i = math.MinInt64 - i
		}
		return i
	}
	d := ord(a) - ord(b)
	if d < 0 {
		d = -d
	}
	return uint64(d)
}

// accuracyCase measures one function over random arguments drawn by gen:
// against the exact value (math/big, bigref_test.go) within bound ulps, and
// against the math package over many more arguments.
type accuracyCase struct {
	name   string
	ref    string // key in reference
	bound  uint64 // ulps from the exact value, rounded
	gen    func(r *rand.Rand) (x, y float64)
	ours   func(x, y float64) float64
	theirs func(x, y float64) float64 // nil: the math package is itself off here
}

func uniform(lo, hi float64) func(r *rand.Rand) (float64, float64) {
	return func(r *rand.Rand) (float64, float64) { return lo + (hi-lo)*r.Float64(), 0 }
}

// logUniform draws |x| log-uniformly in [2^lo, 2^hi] with a random sign if signed.
func logUniform(lo, hi float64, signed bool) func(r *rand.Rand) (float64, float64) {
	return func(r *rand.Rand) (float64, float64) {
		x := math.Exp2(lo + (hi-lo)*r.Float64())
		if signed && r.Intn(2) == 0 {
			x = -x
		}
		return x, 0
	}
}

func one(f func(float64) float64) func(x, y float64) float64 {
	return func(x, _ float64) float64 { return f(x) }
}

func pair(gx, gy func(r *rand.Rand) (float64, float64)) func(r *rand.Rand) (float64, float64) {
	return func(r *rand.Rand) (float64, float64) {
		x, _ := gx(r)
		y, _ := gy(r)
		return x, y
	}
}

var accuracyCases = []accuracyCase{
	{"Sin [-2π,2π]", "Sin", 1, uniform(-2*math.Pi, 2*math.Pi), one(Sin), one(math.Sin)},
	{"Cos [-2π,2π]", "Cos", 1, uniform(-2*math.Pi, 2*math.Pi), one(Cos), one(math.Cos)},
	{"Sin |x|<1e6", "Sin", 1, uniform(-1e6, 1e6), one(Sin), one(math.Sin)},
	{"Cos |x|<1e6", "Cos", 1, uniform(-1e6, 1e6), one(Cos), one(math.Cos)},
	// math.Sin is up to 527 ulp off beyond 2^29 (its reduction), so exact only.
	{"Sin 2^-40..2^60", "Sin", 1, logUniform(-40, 60, true), one(Sin), nil},
	{"Tan [-2π,2π]", "Tan", 2, uniform(-2*math.Pi, 2*math.Pi), one(Tan), one(math.Tan)},
	{"Atan", "Atan", 1, logUniform(-30, 30, true), one(Atan), one(math.Atan)},
	{"Atan2", "Atan2", 1, pair(logUniform(-20, 20, true), logUniform(-20, 20, true)), Atan2, math.Atan2},
	// math.Asin and math.Acos lose up to 7e4 ulp near ±1 (1-x*x cancels).
	{"Asin", "Asin", 2, uniform(-1, 1), one(Asin), nil},
	{"Acos", "Acos", 2, uniform(-1, 1), one(Acos), nil},
	{"Exp [-50,50]", "Exp", 1, uniform(-50, 50), one(Exp), one(math.Exp)},
	{"Exp [-708,709]", "Exp", 1, uniform(-708, 709), one(Exp), one(math.Exp)},
	{"Expm1 [-1,1]", "Expm1", 2, uniform(-1, 1), one(Expm1), one(math.Expm1)},
	{"Expm1 2^-60..1", "Expm1", 2, logUniform(-60, 0, true), one(Expm1), one(math.Expm1)},
	{"Log 2^-1000..2^1000", "Log", 1, logUniform(-1000, 1000, false), one(Log), one(math.Log)},
	{"Log [0.5,2]", "Log", 1, uniform(0.5, 2), one(Log), one(math.Log)},
	// math.Pow itself is up to 17 ulp from the exact value on these
	// arguments, so it is no yardstick: only the exact comparison runs.
	{"Pow (0,2]^[-4,4]", "Pow", 1, pair(uniform(0, 2), uniform(-4, 4)), Pow, nil},
	{"Pow 2^±30^[-8,8]", "Pow", 1, pair(logUniform(-30, 30, false), uniform(-8, 8)), Pow, nil},
	{"Pow integer y", "Pow", 1, func(r *rand.Rand) (float64, float64) { return 2 * r.Float64(), float64(r.Intn(41) - 20) }, Pow, nil},
	{"Hypot", "Hypot", 1, func(r *rand.Rand) (float64, float64) { return r.NormFloat64() * 100, r.NormFloat64() * 100 }, Hypot, math.Hypot},
	{"Hypot 2^±1000", "Hypot", 1, pair(logUniform(-1000, 1000, true), logUniform(-1000, 1000, true)), Hypot, math.Hypot},
	{"Cbrt", "Cbrt", 1, logUniform(-1000, 1000, true), one(Cbrt), one(math.Cbrt)},
}

// TestAccuracy: every function stays within its stated bound of the exact
// value on random arguments; the largest error seen is logged for the
// package documentation's table.
func TestAccuracy(t *testing.T) {
	for _, c := range accuracyCases {
		t.Run(c.name, func(t *testing.T) {
			n := 1 << 12
			if testing.Short() {
				n = 1 << 8
			}
			ref := reference[c.ref]
			r := rand.New(rand.NewSource(1))
			var worst uint64
			var wx, wy float64
			for i := 0; i < n; i++ {
				x, y := c.gen(r)
				if u := ulps(c.ours(x, y), ref(x, y)); u > worst {
					worst, wx, wy = u, x, y
				}
			}
			t.Logf("max %d ulp from exact over %d arguments (at %g, %g)", worst, n, wx, wy)
			if worst > c.bound {
				t.Errorf("max error %d ulp > bound %d at (%v, %v): ours %v, exact %v",
					worst, c.bound, wx, wy, c.ours(wx, wy), ref(wx, wy))
			}
		})
	}
}

// TestAgainstMathPackage compares with the math package over many more
// arguments: the two may differ by both errors, bound+1 ulps.
func TestAgainstMathPackage(t *testing.T) {
	for _, c := range accuracyCases {
		if c.theirs == nil {
			continue
		}
		t.Run(c.name, func(t *testing.T) {
			n := 1 << 18
			if testing.Short() {
				n = 1 << 12
			}
			r := rand.New(rand.NewSource(2))
			var worst uint64
			var wx, wy float64
			for i := 0; i < n; i++ {
				x, y := c.gen(r)
				if u := ulps(c.ours(x, y), c.theirs(x, y)); u > worst {
					worst, wx, wy = u, x, y
				}
			}
			t.Logf("max %d ulp from the math package over %d arguments (at %g, %g)", worst, n, wx, wy)
			if worst > c.bound+1 {
				t.Errorf("differs from math by %d ulp at (%v, %v): ours %v, math %v",
					worst, wx, wy, c.ours(wx, wy), c.theirs(wx, wy))
			}
		})
	}
}
