package motors

import (
	"github.com/go-gl/mathgl/mgl64"
	"github.com/seedgames/motorkit/detmath"
)

// YawForward is the planar unit forward vector for a yaw in radians:
// (cos yaw, 0, sin yaw), as docs/architecture.md#units-and-axes defines forward2.
func YawForward(yaw float64) mgl64.Vec3 {
	s, c := detmath.Sincos(yaw)
	return mgl64.Vec3{c, 0, s}
}

// YawRight is the planar unit right vector for a yaw: (-sin yaw, 0, cos yaw).
func YawRight(yaw float64) mgl64.Vec3 {
	s, c := detmath.Sincos(yaw)
	return mgl64.Vec3{-s, 0, c}
}

// Planar returns v with its vertical (Y) component removed.
func Planar(v mgl64.Vec3) mgl64.Vec3 { return mgl64.Vec3{v[0], 0, v[2]} }

// WithPlanar returns v with its X and Z replaced by p's, keeping v's Y.
func WithPlanar(v, p mgl64.Vec3) mgl64.Vec3 { return mgl64.Vec3{p[0], v[1], p[2]} }

// Clamp01 clamps x to [0, 1]; NaN becomes 0.
func Clamp01(x float64) float64 {
	if !(x > 0) {
		return 0
	}
	if x > 1 {
		return 1
	}
	return x
}

// Lerp interpolates from a to b by t.
func Lerp(a, b, t float64) float64 { return a + float64((b-a)*t) }

// Smoothstep01 is q*q*(3-2q) for q in [0, 1].
func Smoothstep01(q float64) float64 { return float64(q * q * (3 - float64(2*q))) }

// AngleBetween returns the unsigned angle in radians between two vectors,
// 0 when either is (near) zero.
func AngleBetween(a, b mgl64.Vec3) float64 {
	la, lb := detmath.Len(a), detmath.Len(b)
	if la < 1e-12 || lb < 1e-12 {
		return 0
	}
	c := detmath.Dot(a, b) / (la * lb)
	if c > 1 {
		c = 1
	} else if c < -1 {
		c = -1
	}
	return detmath.Acos(c)
}

// NormalizeOrZero returns v/|v|, or the zero vector when |v| is below 1e-12.
func NormalizeOrZero(v mgl64.Vec3) mgl64.Vec3 {
	l := detmath.Len(v)
	if l < 1e-12 {
		return mgl64.Vec3{}
	}
	return detmath.Scale(v, 1/l)
}

// Finite reports whether x is neither NaN nor infinite.
func Finite(x float64) bool { return x-x == 0 } // NaN-NaN and Inf-Inf are NaN

// FiniteVec reports whether every component of v is finite.
func FiniteVec(v mgl64.Vec3) bool { return Finite3(v[0], v[1], v[2]) }

// Finite3 reports whether x, y and z are all finite: FiniteVec on
// components, for hot code that keeps a vector in float64 locals (a NaN or
// an infinity makes its difference with itself NaN, and NaN poisons the sum).
func Finite3(x, y, z float64) bool { return (x-x)+(y-y)+(z-z) == 0 }
