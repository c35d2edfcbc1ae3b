package detmath

import "math"

const (
	ln2Hi  = 6.93147180369123816490e-01 // ln 2 to 32 bits, so k·ln2Hi is exact
	ln2Lo  = 1.90821492927058770002e-10 // ln 2 - ln2Hi
	invLn2 = 1.44269504088896338700e+00

	expOverflow  = 7.09782712893383973096e+02
	expUnderflow = -7.45133219101941108420e+02

	// Remez polynomial for the exponential of the reduced argument.
	ep1 = 1.66666666666666019037e-01
	ep2 = -2.77777777770155933842e-03
	ep3 = 6.61375632143793436117e-05
	ep4 = -1.65339022054652515390e-06
	ep5 = 4.13813679705723846039e-08
)

// Exp returns e**x. Exp(+Inf) = +Inf, Exp(-Inf) = 0, Exp(NaN) = NaN; very
// large x overflow to +Inf and very small x underflow to 0.
func Exp(x float64) float64 {
	if ax := math.Abs(x); !(ax <= 708 && ax >= 0x1p-28) {
		return expSpecial(x)
	}
	return expFinite(x)
}

// expSpecial is Exp outside [-708, 708] and near zero.
func expSpecial(x float64) float64 {
	switch {
	case math.IsNaN(x) || math.IsInf(x, 1):
		return x
	case math.IsInf(x, -1):
		return 0
	case x > expOverflow:
		return math.Inf(1)
	case x < expUnderflow:
		return 0
	case math.Abs(x) < 0x1p-28:
		return 1 + x
	}
	return expFinite(x)
}

// expFinite is Exp for finite x in [expUnderflow, expOverflow]:
// x = k·ln2 + r with |r| ≤ ln2/2, r = hi - lo.
func expFinite(x float64) float64 {
	k := nearestK(x)
	fk := float64(k)
	hi := x - float64(fk*ln2Hi)
	lo := float64(fk * ln2Lo)
	return expReduced(hi, lo, k)
}

// nearestK is the integer nearest x/ln2 (halves away from zero).
func nearestK(x float64) int {
	if x < 0 {
		return int(float64(invLn2*x) - 0.5)
	}
	return int(float64(invLn2*x) + 0.5)
}

// expReduced is e**(hi-lo)·2**k for |hi-lo| ≤ ln2/2.
func expReduced(hi, lo float64, k int) float64 {
	r := hi - lo
	t := float64(r * r)
	c := r - float64(t*(ep1+float64(t*(ep2+float64(t*(ep3+float64(t*(ep4+float64(t*ep5)))))))))
	y := 1 - ((lo - (r*c)/(2-c)) - hi)
	if k >= -1021 && k <= 1023 {
		return float64(y * math.Float64frombits(uint64(k+1023)<<52)) // exact: a power of two
	}
	return math.Ldexp(y, k)
}

// Expm1 returns e**x - 1, accurate for x near zero where Exp(x)-1 would
// lose digits. Expm1(+Inf) = +Inf, Expm1(-Inf) = -1, Expm1(NaN) = NaN.
func Expm1(x float64) float64 {
	switch {
	case math.IsNaN(x) || math.IsInf(x, 1):
		return x
	case math.IsInf(x, -1):
		return -1
	case math.Abs(x) < 0x1p-54:
		return x
	}
	// Kahan's method: with u = e**x rounded, (u-1)·x/ln u cancels the
	// rounding error of u to first order.
	u := Exp(x)
	switch {
	case u == 1:
		return x
	case math.IsInf(u, 1):
		return u
	}
	um1 := u - 1
	if um1 == -1 {
		return -1
	}
	return um1 * x / Log(u)
}

// Polynomial for log(1+f) on [√2/2 - 1, √2 - 1].
const (
	lg1 = 6.666666666666735130e-01
	lg2 = 3.999999999940941908e-01
	lg3 = 2.857142874366239149e-01
	lg4 = 2.222219843214978396e-01
	lg5 = 1.818357216161805012e-01
	lg6 = 1.531383769920937332e-01
	lg7 = 1.479819860511658591e-01
)

// Log returns the natural logarithm of x. Log(+Inf) = +Inf, Log(0) = -Inf,
// Log(x < 0) = NaN, Log(NaN) = NaN.
func Log(x float64) float64 {
	switch {
	case math.IsNaN(x) || math.IsInf(x, 1):
		return x
	case x < 0:
		return math.NaN()
	case x == 0:
		return math.Inf(-1)
	}
	f, k, s, r := logParts(x)
	hfsq := float64(0.5 * f * f)
	return float64(k*ln2Hi) - ((hfsq - (float64(s*(hfsq+r)) + float64(k*ln2Lo))) - f)
}

// logParts splits finite x > 0 as 2^k·(1+f) with 1+f in [√2/2, √2) and
// evaluates the polynomial: s = f/(2+f) and r, so that
// ln x = k·ln2 + f - (f²/2 - s·(f²/2 + r)).
func logParts(x float64) (f, k, s, r float64) {
	f1, ki := math.Frexp(x)
	if f1 < math.Sqrt2/2 {
		f1 = float64(2 * f1) // exact
		ki--
	}
	f = f1 - 1
	k = float64(ki)
	s = f / (2 + f)
	s2 := float64(s * s)
	s4 := float64(s2 * s2)
	t1 := float64(s2 * (lg1 + float64(s4*(lg3+float64(s4*(lg5+float64(s4*lg7)))))))
	t2 := float64(s4 * (lg2 + float64(s4*(lg4+float64(s4*lg6)))))
	return f, k, s, t1 + t2
}

// Pow returns x**y with the special cases of math.Pow (Pow(x, ±0) = 1,
// Pow(1, y) = 1, Pow(x, 1) = x, NaN in gives NaN out, Pow(±0, y<0) = +Inf
// or ±Inf for odd integer y, Pow(x<0, non-integer y) = NaN, infinities as
// math.Pow documents). Within 1 ulp of the exact value.
func Pow(x, y float64) float64 {
	switch {
	case y == 0 || x == 1:
		return 1
	case y == 1:
		return x
	case math.IsNaN(x) || math.IsNaN(y):
		return math.NaN()
	case x == 0:
		switch {
		case y < 0:
			if oddInt(y) {
				return math.Copysign(math.Inf(1), x)
			}
			return math.Inf(1)
		case y > 0:
			if oddInt(y) {
				return x
			}
			return 0
		}
	case math.IsInf(y, 0):
		switch {
		case x == -1:
			return 1
		case (math.Abs(x) < 1) == math.IsInf(y, 1):
			return 0
		default:
			return math.Inf(1)
		}
	case math.IsInf(x, 0):
		if math.IsInf(x, -1) {
			return Pow(1/x, -y) // Pow(-0, -y)
		}
		if y < 0 {
			return 0
		}
		return math.Inf(1)
	case y == 0.5:
		return math.Sqrt(x)
	case y == -0.5:
		return 1 / math.Sqrt(x)
	case y == 2:
		return float64(x * x)
	case y == -1:
		return 1 / x
	}
	if _, yf := math.Modf(y); yf != 0 && x < 0 {
		return math.NaN()
	}
	// x**y = e**(y·ln|x|) with ln|x| and the product carried in two parts
	// (hi + lo, about 100 bits), so the exponential sees an argument exact
	// to far below its last bit and the result is within 1 ulp.
	lhi, llo := logExt(math.Abs(x))
	p, perr := twoProduct(y, lhi)
	var r float64
	switch {
	case p > expOverflow:
		r = math.Inf(1)
	case p < expUnderflow:
		r = 0
	default:
		t := perr + float64(y*llo)
		k := nearestK(p)
		fk := float64(k)
		r = expReduced(p-float64(fk*ln2Hi), float64(fk*ln2Lo)-t, k)
	}
	if x < 0 && oddInt(y) {
		r = -r
	}
	return r
}

// logExt is ln x for finite x > 0 as hi + lo, |lo| ≤ ulp(hi)/2: the sum of
// Log's exact leading terms k·ln2Hi + f is kept unrounded.
func logExt(x float64) (hi, lo float64) {
	f, k, s, r := logParts(x)
	ff, fferr := twoProduct(f, f)
	hfsq := float64(0.5 * ff)                            // exact, like the half of its error below
	c := hfsq - (float64(s*(hfsq+r)) + float64(k*ln2Lo)) // ln x = a + f - c - hfsqLo
	a := float64(k * ln2Hi)                              // exact
	sum, err := twoSum(a, f)
	err = (err - c) - float64(0.5*fferr)
	hi = sum + err
	lo = err - (hi - sum)
	return hi, lo
}

// twoSum returns s = a+b rounded and e with a+b = s+e exactly (Knuth).
func twoSum(a, b float64) (s, e float64) {
	s = a + b
	bb := s - a
	e = (a - (s - bb)) + (b - bb)
	return s, e
}

// split is Veltkamp's: a = hi + lo with both halves 26 bits, for |a| < 2^995.
func split(a float64) (hi, lo float64) {
	c := float64(134217729 * a) // 2^27 + 1
	hi = c - (c - a)
	lo = a - hi
	return hi, lo
}

// twoProduct returns p = a·b rounded and e with a·b = p+e exactly
// (Dekker), without a fused multiply-add so that it is the same everywhere.
func twoProduct(a, b float64) (p, e float64) {
	p = float64(a * b)
	if math.IsInf(p, 0) || math.Abs(a) > 0x1p995 || math.Abs(b) > 0x1p995 {
		return p, 0
	}
	ah, al := split(a)
	bh, bl := split(b)
	e = ((float64(ah*bh) - p) + float64(ah*bl) + float64(al*bh)) + float64(al*bl)
	return p, e
}

// oddInt reports whether x is an odd integer.
func oddInt(x float64) bool {
	if math.Abs(x) >= 0x1p53 {
		return false // every float this large is even
	}
	xi, xf := math.Modf(x)
	return xf == 0 && int64(xi)&1 == 1
}
