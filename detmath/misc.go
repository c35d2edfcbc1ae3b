package detmath

import "math"

// Hypot returns √(p²+q²) without undue overflow or underflow.
// Hypot(±Inf, q) = +Inf, Hypot(p, ±Inf) = +Inf, else a NaN gives NaN.
func Hypot(p, q float64) float64 {
	// The common case: squares that neither overflow nor underflow.
	if s := float64(p*p) + float64(q*q); s > 0x1p-968 && s < 0x1p1000 {
		return math.Sqrt(s)
	}
	switch {
	case math.IsInf(p, 0) || math.IsInf(q, 0):
		return math.Inf(1)
	case math.IsNaN(p) || math.IsNaN(q):
		return math.NaN()
	}
	p, q = math.Abs(p), math.Abs(q)
	if p < q {
		p, q = q, p
	}
	if p == 0 {
		return 0
	}
	// Scale by a power of two (exact) so that p lies in [1, 2): the squares
	// can neither overflow nor lose q to underflow that would matter.
	_, e := math.Frexp(p)
	p = math.Ldexp(p, 1-e)
	q = math.Ldexp(q, 1-e)
	return math.Ldexp(math.Sqrt(float64(p*p)+float64(q*q)), e-1)
}

// Cbrt returns the cube root of x. Cbrt(±0) = ±0, Cbrt(±Inf) = ±Inf,
// Cbrt(NaN) = NaN.
func Cbrt(x float64) float64 {
	if x == 0 || math.IsNaN(x) || math.IsInf(x, 0) {
		return x
	}
	ax := math.Abs(x)
	// Scale to [1, 8) by a power of 8 (exact), take the root there, scale
	// back by the power of 2.
	m, e := math.Frexp(ax) // ax = m·2^e, m in [0.5, 1)
	k := (e + 3000) / 3
	r := e + 3000 - 3*k // e = 3(k-1000) + r, r in {0, 1, 2}
	m = math.Ldexp(m, r)
	// m in [0.5, 4): a first guess from the bits (a third of the exponent,
	// within 4%), then Newton's iteration t ← t - (t³-m)/(3t²), quadratic:
	// 4% → 0.3% → 2e-5 → 1e-9 → below an ulp.
	t := math.Float64frombits(math.Float64bits(m)/3 + 0x2AA0000000000000)
	for i := 0; i < 4; i++ {
		t2 := float64(t * t)
		t = t - (float64(t2*t)-m)/float64(3*t2)
	}
	// One correction toward the nearest double: pick among t and its
	// neighbours the one whose cube is closest to m.
	best, bestErr := t, math.Abs(float64(t*t*t)-m)
	for _, c := range [2]float64{math.Nextafter(t, 0), math.Nextafter(t, 4)} {
		if d := math.Abs(float64(c*c*c) - m); d < bestErr {
			best, bestErr = c, d
		}
	}
	return math.Copysign(math.Ldexp(best, k-1000), x)
}
