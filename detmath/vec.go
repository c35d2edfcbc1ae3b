package detmath

import (
	"math"

	"github.com/go-gl/mathgl/mgl64"
)

// SameBits reports whether a and b are the same bits, component by
// component: unlike ==, it tells -0 from 0 and a NaN equals itself. A
// cache of a simulation's value holds only while the value is the same
// bits.
func SameBits(a, b *mgl64.Vec3) bool {
	return math.Float64bits(a[0]) == math.Float64bits(b[0]) && math.Float64bits(a[1]) == math.Float64bits(b[1]) &&
		math.Float64bits(a[2]) == math.Float64bits(b[2])
}

// Scale returns v·s (mgl64's v.Mul(s)).
func Scale(v mgl64.Vec3, s float64) mgl64.Vec3 {
	return mgl64.Vec3{float64(v[0] * s), float64(v[1] * s), float64(v[2] * s)}
}

// Dot returns a·b, summed x, y, z in that order.
func Dot(a, b mgl64.Vec3) float64 {
	return float64(a[0]*b[0]) + float64(a[1]*b[1]) + float64(a[2]*b[2])
}

// Cross returns a×b.
func Cross(a, b mgl64.Vec3) mgl64.Vec3 {
	return mgl64.Vec3{float64(a[1]*b[2]) - float64(a[2]*b[1]), float64(a[2]*b[0]) - float64(a[0]*b[2]), float64(a[0]*b[1]) - float64(a[1]*b[0])}
}

// LenSqr returns |v|².
func LenSqr(v mgl64.Vec3) float64 { return Dot(v, v) }

// Len returns |v| = √(v·v) (not Hypot: mgl64's Vec3.Len, which this matches
// on amd64 v1, does not scale either).
func Len(v mgl64.Vec3) float64 { return math.Sqrt(Dot(v, v)) }

// Normalize returns v/|v| computed as v·(1/|v|) like mgl64; a zero vector
// gives NaNs, as there.
func Normalize(v mgl64.Vec3) mgl64.Vec3 {
	return Scale(v, 1/Len(v))
}

// Scale2 returns v·s for a Vec2.
func Scale2(v mgl64.Vec2, s float64) mgl64.Vec2 {
	return mgl64.Vec2{float64(v[0] * s), float64(v[1] * s)}
}

// Dot2 returns a·b for Vec2s.
func Dot2(a, b mgl64.Vec2) float64 { return float64(a[0]*b[0]) + float64(a[1]*b[1]) }

// Len2 returns |v| of a Vec2 (Hypot, like mgl64's Vec2.Len).
func Len2(v mgl64.Vec2) float64 { return Hypot(v[0], v[1]) }

// QuatRotate returns the rotation by angle (radians) about the unit axis.
func QuatRotate(angle float64, axis mgl64.Vec3) mgl64.Quat {
	s, c := Sincos(angle / 2)
	return mgl64.Quat{W: c, V: Scale(axis, s)}
}

// QuatMul returns the Hamilton product a·b (rotation b, then a).
func QuatMul(a, b mgl64.Quat) mgl64.Quat {
	return mgl64.Quat{
		W: float64(a.W*b.W) - Dot(a.V, b.V),
		V: Cross(a.V, b.V).Add(Scale(b.V, a.W)).Add(Scale(a.V, b.W)),
	}
}

// QuatScale returns every component of q times s.
func QuatScale(q mgl64.Quat, s float64) mgl64.Quat {
	return mgl64.Quat{W: float64(q.W * s), V: Scale(q.V, s)}
}

// QuatLen returns the norm of q.
func QuatLen(q mgl64.Quat) float64 {
	return math.Sqrt(float64(q.W*q.W) + float64(q.V[0]*q.V[0]) + float64(q.V[1]*q.V[1]) + float64(q.V[2]*q.V[2]))
}

// QuatNormalize returns q scaled to unit length, as mgl64's Normalize: q
// itself when its length is already 1 within 1e-10 (relative), the identity
// for a zero quaternion.
func QuatNormalize(q mgl64.Quat) mgl64.Quat {
	l := QuatLen(q)
	switch {
	case floatEqual(1, l):
		return q
	case l == 0:
		return mgl64.QuatIdent()
	case math.IsInf(l, 1):
		l = math.MaxFloat64
	}
	return mgl64.Quat{W: q.W * 1 / l, V: Scale(q.V, 1/l)}
}

// floatEqual is mgl64.FloatEqual: equal within a relative 1e-10.
func floatEqual(a, b float64) bool {
	const eps = 1e-10
	if a == b {
		return true
	}
	diff := math.Abs(a - b)
	if float64(a*b) == 0 || diff < 0x1p-1022 {
		return diff < eps*eps
	}
	return diff/(math.Abs(a)+math.Abs(b)) < eps
}

// Rotate returns v rotated by the unit quaternion q:
// v + 2w(q×v) + 2q×(q×v), mgl64's formula.
func Rotate(q mgl64.Quat, v mgl64.Vec3) mgl64.Vec3 {
	cross := Cross(q.V, v)
	return v.Add(Scale(cross, float64(2*q.W))).Add(Cross(Scale(q.V, 2), cross))
}

// QuatFromEulerXYZ returns the rotation by x about X, then y about Y, then z
// about Z (radians): mgl64.AnglesToQuat(x, y, z, mgl64.XYZ).
func QuatFromEulerXYZ(x, y, z float64) mgl64.Quat {
	s0, c0 := Sincos(x / 2)
	s1, c1 := Sincos(y / 2)
	s2, c2 := Sincos(z / 2)
	return mgl64.Quat{
		W: float64(c0*c1*c2) - float64(s0*s1*s2),
		V: mgl64.Vec3{
			float64(c0*s1*s2) + float64(s0*c1*c2),
			float64(c0*s1*c2) - float64(s0*c1*s2),
			float64(c0*c1*s2) + float64(s0*s1*c2),
		},
	}
}
