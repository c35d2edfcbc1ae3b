package detmath

import "math"

// atan(x) for x at the breakpoints 0.5, 1, 1.5 and ∞, in two parts.
var (
	atanHi = [4]float64{4.63647609000806093515e-01, 7.85398163397448278999e-01, 9.82793723247329054082e-01, 1.57079632679489655800e+00}
	atanLo = [4]float64{2.26987774529616870924e-17, 3.06161699786838301793e-17, 1.39033110312309984516e-17, 6.12323399573676603587e-17}
)

// Odd polynomial of atan on [-7/16, 7/16].
const (
	at0  = 3.33333333333329318027e-01
	at1  = -1.99999999998764832476e-01
	at2  = 1.42857142725034663711e-01
	at3  = -1.11111104054623557880e-01
	at4  = 9.09088713343650656196e-02
	at5  = -7.69187620504482999495e-02
	at6  = 6.66107313738753120669e-02
	at7  = -5.83357013379057348645e-02
	at8  = 4.97687799461593236017e-02
	at9  = -3.65315727442169155270e-02
	at10 = 1.62858201153657823623e-02
)

// Atan returns the arctangent of x in radians, in [-π/2, π/2].
// Atan(±0) = ±0, Atan(±Inf) = ±π/2, Atan(NaN) = NaN.
func Atan(x float64) float64 {
	if math.IsNaN(x) {
		return x
	}
	ax := math.Abs(x)
	if ax >= 0x1p66 {
		return math.Copysign(atanHi[3]+atanLo[3], x)
	}
	id := -1
	switch {
	case ax < 0.4375:
		if ax < 0x1p-27 {
			return x
		}
	case ax < 0.6875:
		id = 0
		ax = (float64(2*ax) - 1) / (2 + ax)
	case ax < 1.1875:
		id = 1
		ax = (ax - 1) / (ax + 1)
	case ax < 2.4375:
		id = 2
		ax = (ax - 1.5) / (1 + float64(1.5*ax))
	default:
		id = 3
		ax = -1 / ax
	}
	z := float64(ax * ax)
	w := float64(z * z)
	s1 := float64(z * (at0 + float64(w*(at2+float64(w*(at4+float64(w*(at6+float64(w*(at8+float64(w*at10)))))))))))
	s2 := float64(w * (at1 + float64(w*(at3+float64(w*(at5+float64(w*(at7+float64(w*at9)))))))))
	var r float64
	if id < 0 {
		r = ax - float64(ax*(s1+s2))
	} else {
		r = atanHi[id] - ((float64(ax*(s1+s2)) - atanLo[id]) - ax)
	}
	return math.Copysign(r, x)
}

const (
	piHi = 3.1415926535897931160e+00
	piLo = 1.2246467991473531772e-16 // π - piHi
)

// Atan2 returns the arctangent of y/x in radians, in [-π, π], using the
// signs of both to find the quadrant. Its special cases are those of
// math.Atan2: a NaN argument gives NaN; Atan2(±0, x≥0) = ±0;
// Atan2(±0, x<0) = ±π (also for x = -0); Atan2(y>0, 0) = π/2;
// Atan2(y<0, 0) = -π/2; Atan2(±Inf, +Inf) = ±π/4; Atan2(±Inf, -Inf) = ±3π/4;
// Atan2(y, +Inf) = ±0; Atan2(y>0, -Inf) = π; Atan2(y<0, -Inf) = -π;
// Atan2(±Inf, x) = ±π/2.
func Atan2(y, x float64) float64 {
	if ax, ay := math.Abs(x), math.Abs(y); ax < math.MaxFloat64 && ay < math.MaxFloat64 && ax > 0 && ay > 0 {
		return atan2Finite(y, x)
	}
	switch {
	case math.IsNaN(y) || math.IsNaN(x):
		return math.NaN()
	case y == 0:
		if x >= 0 && !math.Signbit(x) {
			return math.Copysign(0, y)
		}
		return math.Copysign(math.Pi, y)
	case x == 0:
		return math.Copysign(math.Pi/2, y)
	case math.IsInf(x, 0):
		if math.IsInf(x, 1) {
			if math.IsInf(y, 0) {
				return math.Copysign(math.Pi/4, y)
			}
			return math.Copysign(0, y)
		}
		if math.IsInf(y, 0) {
			return math.Copysign(3*math.Pi/4, y)
		}
		return math.Copysign(math.Pi, y)
	case math.IsInf(y, 0):
		return math.Copysign(math.Pi/2, y)
	}
	return atan2Finite(y, x)
}

// atan2Finite is Atan2 for finite nonzero x and y.
func atan2Finite(y, x float64) float64 {
	// |y/x| beyond 2^60: the angle is π/2 to the last bit; below 2^-60
	// with x < 0: π.
	k := exponent(y) - exponent(x)
	var z float64
	switch {
	case k > 60:
		z = math.Pi/2 + 0.5*piLo
	case x < 0 && k < -60:
		z = 0
	default:
		z = Atan(math.Abs(y / x))
	}
	switch {
	case x > 0:
		return math.Copysign(z, y)
	case y > 0:
		return piHi - (z - piLo)
	default:
		return (z - piLo) - piHi
	}
}

// Asin returns the arcsine of x in radians, in [-π/2, π/2]; NaN outside
// [-1, 1]. Asin(±0) = ±0.
func Asin(x float64) float64 {
	if math.IsNaN(x) || x < -1 || x > 1 {
		return math.NaN()
	}
	if x == 0 {
		return x
	}
	// asin x = atan2(x, √(1-x²)), with 1-x² as (1-x)(1+x), exact factors.
	return Atan2(x, math.Sqrt(float64((1-x)*(1+x))))
}

// Acos returns the arccosine of x in radians, in [0, π]; NaN outside [-1, 1].
func Acos(x float64) float64 {
	if math.IsNaN(x) || x < -1 || x > 1 {
		return math.NaN()
	}
	// acos x = 2·atan(√((1-x)/(1+x))): 1-x and 1+x are exact where it matters
	// (near 1 and near -1 respectively).
	return float64(2 * Atan(math.Sqrt((1-x)/(1+x))))
}
