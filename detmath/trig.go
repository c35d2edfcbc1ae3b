package detmath

import (
	"math"
	"math/big"
	"sync"
)

// Argument reduction constants: π/2 split into pieces of 33 bits
// (pio2_1, pio2_2, pio2_3), so that n·piece is exact for n < 2^20, and the
// tails that remain (pio2_1t = π/2 - pio2_1, ...). The classic fdlibm split.
const (
	invPio2 = 6.36619772367581382433e-01 // 2/π
	pio2_1  = 1.57079632673412561417e+00
	pio2_1t = 6.07710050650619224932e-11
	pio2_2  = 6.07710050630396597660e-11
	pio2_2t = 2.02226624879595063154e-21
	pio2_3  = 2.02226624871116645580e-21
	pio2_3t = 8.47842766036889956997e-32

	// mediumReduce: below this |x| the three-piece reduction is exact
	// enough (n < 2^19); above it the reduction is done with math/big.
	mediumReduce = 8.23549e5 // ≈ 2^19·π/2
)

// Minimax polynomial coefficients of sin and cos on [-π/4, π/4].
const (
	s1 = -1.66666666666666324348e-01
	s2 = 8.33333333332248946124e-03
	s3 = -1.98412698298579493134e-04
	s4 = 2.75573137070700676789e-06
	s5 = -2.50507602534068634195e-08
	s6 = 1.58969099521155010221e-10

	c1 = 4.16666666666666019037e-02
	c2 = -1.38888888888741095749e-03
	c3 = 2.48015872894767294178e-05
	c4 = -2.75573143513906633035e-07
	c5 = 2.08757232129817482790e-09
	c6 = -1.13596475577881948265e-11
)

// kernelSin is sin(x+y) for |x| ≤ π/4, y the tail of x (|y| ≤ ulp(x)/2).
func kernelSin(x, y float64) float64 {
	if math.Abs(x) < 0x1p-27 {
		return x
	}
	z := float64(x * x)
	v := float64(z * x)
	r := s2 + float64(z*(s3+float64(z*(s4+float64(z*(s5+float64(z*s6)))))))
	if y == 0 {
		return x + float64(v*(s1+float64(z*r)))
	}
	return x - ((float64(z*(float64(0.5*y)-float64(v*r))) - y) - float64(v*s1))
}

// kernelCos is cos(x+y) for |x| ≤ π/4, y the tail of x.
func kernelCos(x, y float64) float64 {
	if math.Abs(x) < 0x1p-27 {
		return 1
	}
	z := float64(x * x)
	w := float64(z * z)
	r := float64(z*(c1+float64(z*(c2+float64(z*c3))))) + float64(w*w*(c4+float64(z*(c5+float64(z*c6)))))
	hz := float64(0.5 * z)
	w = 1 - hz
	return w + (((1 - w) - hz) + (float64(z*r) - float64(x*y)))
}

// reduce returns n and y0+y1 = x - n·π/2 with |y0+y1| ≤ π/4, for finite x ≥ 0.
func reduce(x float64) (n int, y0, y1 float64) {
	if x < mediumReduce {
		n = int(float64(x*invPio2) + 0.5)
		fn := float64(n)
		r := x - float64(fn*pio2_1) // exact: fn·pio2_1 has at most 53 bits
		w := float64(fn * pio2_1t)
		y0 = r - w
		j := exponent(x)
		if j-exponent(y0) > 16 { // cancellation: a second piece of π/2
			t := r
			w = float64(fn * pio2_2)
			r = t - w
			w = float64(fn*pio2_2t) - ((t - r) - w)
			y0 = r - w
			if j-exponent(y0) > 49 { // and a third
				t = r
				w = float64(fn * pio2_3)
				r = t - w
				w = float64(fn*pio2_3t) - ((t - r) - w)
				y0 = r - w
			}
		}
		y1 = (r - y0) - w
		return n, y0, y1
	}
	return reduceBig(x)
}

// exponent is the biased exponent field of x.
func exponent(x float64) int { return int(math.Float64bits(x)>>52) & 0x7ff }

// bigPrec: enough bits for x up to 2^1024 times 2/π to keep 200 bits after
// the binary point.
const bigPrec = 1400

var (
	bigOnce    sync.Once
	bigTwoOvPi *big.Float
	bigPiOv2   *big.Float
)

// initBig computes π to bigPrec bits with Machin's formula
// π/4 = 4·atan(1/5) - atan(1/239), in exact binary arithmetic.
func initBig() {
	atanInv := func(k int64) *big.Float {
		// atan(1/k) = Σ (-1)^i / ((2i+1)·k^(2i+1))
		sum := new(big.Float).SetPrec(bigPrec)
		kk := new(big.Float).SetPrec(bigPrec).SetInt64(k * k)
		pow := new(big.Float).SetPrec(bigPrec).Quo(big.NewFloat(1).SetPrec(bigPrec), new(big.Float).SetPrec(bigPrec).SetInt64(k))
		eps := new(big.Float).SetPrec(bigPrec).SetMantExp(big.NewFloat(1), -bigPrec-8)
		term := new(big.Float).SetPrec(bigPrec)
		for i := int64(0); ; i++ {
			term.Quo(pow, new(big.Float).SetPrec(bigPrec).SetInt64(2*i+1))
			if i%2 == 0 {
				sum.Add(sum, term)
			} else {
				sum.Sub(sum, term)
			}
			if term.Cmp(eps) < 0 {
				return sum
			}
			pow.Quo(pow, kk)
		}
	}
	a := atanInv(5)
	a.Mul(a, big.NewFloat(4).SetPrec(bigPrec))
	a.Sub(a, atanInv(239))
	pi := a.Mul(a, big.NewFloat(4).SetPrec(bigPrec))
	bigPiOv2 = new(big.Float).SetPrec(bigPrec).Quo(pi, big.NewFloat(2).SetPrec(bigPrec))
	bigTwoOvPi = new(big.Float).SetPrec(bigPrec).Quo(big.NewFloat(1).SetPrec(bigPrec), bigPiOv2)
}

// reduceBig is the exact reduction for large x: n = round(x·2/π) and
// y = (x·2/π - n)·π/2 computed with 1400-bit binary floats. It runs only for
// |x| beyond about 8e5, which game code does not pass; it is slow (tens of
// microseconds) but exact and the same everywhere.
func reduceBig(x float64) (n int, y0, y1 float64) {
	bigOnce.Do(initBig)
	t := new(big.Float).SetPrec(bigPrec).SetFloat64(x)
	t.Mul(t, bigTwoOvPi)
	half := big.NewFloat(0.5)
	r := new(big.Float).SetPrec(bigPrec).Add(t, half)
	ni, _ := r.Int(nil) // floor for positive values
	f := new(big.Float).SetPrec(bigPrec).SetInt(ni)
	f.Sub(t, f)
	f.Mul(f, bigPiOv2)
	y0, _ = f.Float64()
	f.Sub(f, new(big.Float).SetPrec(bigPrec).SetFloat64(y0))
	y1, _ = f.Float64()
	n = int(new(big.Int).And(ni, big.NewInt(3)).Int64())
	return n, y0, y1
}

// Sin returns the sine of x (radians). Sin(±0) = ±0, Sin(±Inf) = NaN,
// Sin(NaN) = NaN.
func Sin(x float64) float64 {
	if x == 0 || math.IsNaN(x) || math.IsInf(x, 0) {
		s, _ := Sincos(x)
		return s
	}
	ax := math.Abs(x)
	var n int
	var y0, y1 float64
	if ax <= math.Pi/4 {
		y0 = ax
	} else {
		n, y0, y1 = reduce(ax)
	}
	var s float64
	switch n & 3 {
	case 0:
		s = kernelSin(y0, y1)
	case 1:
		s = kernelCos(y0, y1)
	case 2:
		s = -kernelSin(y0, y1)
	default:
		s = -kernelCos(y0, y1)
	}
	if x < 0 {
		s = -s
	}
	return s
}

// Cos returns the cosine of x (radians). Cos(±Inf) = NaN, Cos(NaN) = NaN.
func Cos(x float64) float64 {
	if x == 0 || math.IsNaN(x) || math.IsInf(x, 0) {
		_, c := Sincos(x)
		return c
	}
	var n int
	var y0, y1 float64
	if ax := math.Abs(x); ax <= math.Pi/4 {
		y0 = ax
	} else {
		n, y0, y1 = reduce(ax)
	}
	switch n & 3 {
	case 0:
		return kernelCos(y0, y1)
	case 1:
		return -kernelSin(y0, y1)
	case 2:
		return -kernelCos(y0, y1)
	default:
		return kernelSin(y0, y1)
	}
}

// Sincos returns Sin(x), Cos(x), sharing the argument reduction.
func Sincos(x float64) (sin, cos float64) {
	switch {
	case x == 0:
		return x, 1
	case math.IsNaN(x) || math.IsInf(x, 0):
		return math.NaN(), math.NaN()
	}
	ax := math.Abs(x)
	var n int
	var y0, y1 float64
	if ax <= math.Pi/4 {
		y0 = ax
	} else {
		n, y0, y1 = reduce(ax)
	}
	s, c := kernelSin(y0, y1), kernelCos(y0, y1)
	switch n & 3 {
	case 1:
		s, c = c, -s
	case 2:
		s, c = -s, -c
	case 3:
		s, c = -c, s
	}
	if x < 0 {
		s = -s
	}
	return s, c
}

// Tan returns the tangent of x (radians), Sin(x)/Cos(x).
func Tan(x float64) float64 {
	s, c := Sincos(x)
	return s / c
}
