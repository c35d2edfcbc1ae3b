package arena

import (
	"math"

	"github.com/go-gl/mathgl/mgl64"

	"github.com/seedgames/motorkit/detmath"
	"github.com/seedgames/motorkit/motors"
)

// FrictionScale returns the factor that ground friction multiplies the speed
// by in one tick (docs/motors/arena.md#one-tick):
//
//	drop  = max(speed, stopSpeed) * friction * dt
//	scale = clamp((speed - drop) / speed, 0, 1)
//
// Callers fold a friction multiplier (landing grace) into friction. It
// returns 1 for a zero speed and 0..1 for any input, never NaN.
func FrictionScale(speed, stopSpeed, friction, dt float64) float64 {
	if !(speed > 1e-12) || math.IsInf(speed, 0) {
		if math.IsInf(speed, 1) {
			return 0
		}
		return 1
	}
	drop := float64(math.Max(speed, stopSpeed) * friction * dt)
	s := (speed - drop) / speed
	if !(s > 0) { // also NaN
		return 0
	}
	if s > 1 {
		return 1
	}
	return s
}

// Accelerate is the projection-limited accelerate of docs/motors/arena.md#one-tick:
//
//	current_along = dot(v, dir)
//	add  = wishSpeed - current_along
//	push = min(accel * dt * wishSpeed, add)   if add > 0
//	v   += dir * push
//
// dir must be a unit vector (or zero). It returns the new velocity and the
// push applied (m/s, >= 0).
func Accelerate(v, dir mgl64.Vec3, wishSpeed, accel, dt float64) (mgl64.Vec3, float64) {
	add := wishSpeed - detmath.Dot(v, dir)
	if !(add > 0) {
		return v, 0
	}
	push := math.Min(float64(accel*dt*wishSpeed), add)
	if !(push > 0) {
		return v, 0
	}
	return v.Add(detmath.Scale(dir, push)), push
}

// Quality is the normalized Golden Angle quality of docs/motors/arena.md#frictionless-jump-modes-frictionless_jump_mode:
// q = saturate(theta / thetaTarget), optionally smoothed to q*q*(3-2q).
// 0 is straight ahead, 1 at or beyond the target angle.
func Quality(theta, thetaTarget float64, smooth bool) float64 {
	if !(thetaTarget > 0) {
		return 0
	}
	q := motors.Clamp01(theta / thetaTarget)
	if smooth {
		q = motors.Smoothstep01(q)
	}
	return q
}

// Gain is the Golden Angle gain of docs/motors/arena.md#c-air-acceleration--golden-angle for quality q and planar
// speed (m/s):
//
//	g    = lerp(g_min, g_peak, q)
//	t    = saturate((speed - blend_speed_start) / (blend_speed_end - blend_speed_start))
//	gain = lerp(1, g, t)
func (c *Config) Gain(q, speed float64) float64 {
	g := motors.Lerp(c.GMin, c.GPeak, q)
	den := c.BlendSpeedEnd - c.BlendSpeedStart
	var t float64
	if den > 0 {
		t = motors.Clamp01((speed - c.BlendSpeedStart) / den)
	} else if speed >= c.BlendSpeedStart {
		t = 1
	}
	return motors.Lerp(1, g, t)
}

// AirResistanceScale is the factor the planar speed is multiplied by in one
// air tick: 1 - k*saturate(speed/speedScale)*dt clamped to [0, 1], with k the
// air_resistance coefficient (1/s). The damping therefore grows linearly with
// speed up to speedScale and stays at k above it.
func AirResistanceScale(speed, k, speedScale, dt float64) float64 {
	if !(k > 0) || !(speedScale > 0) {
		return 1
	}
	s := 1 - float64(k*motors.Clamp01(speed/speedScale)*dt)
	if !(s > 0) {
		return 0
	}
	if s > 1 {
		return 1
	}
	return s
}

// RotateToward rotates the planar (XZ) vector v about the up axis toward the
// planar unit direction dir by at most maxAngle radians (never past dir).
// The length (as detmath.Hypot measures it) is preserved exactly or reduced
// by rounding, never increased.
// It returns the rotated vector and the unsigned angle turned.
func RotateToward(v, dir mgl64.Vec3, maxAngle float64) (mgl64.Vec3, float64) {
	speed := detmath.Hypot(v[0], v[2])
	if !(speed > 1e-12) || !(maxAngle > 0) {
		return v, 0
	}
	ux, uz := v[0]/speed, v[2]/speed
	dl := detmath.Hypot(dir[0], dir[2])
	if !(dl > 1e-12) {
		return v, 0
	}
	dx, dz := dir[0]/dl, dir[2]/dl
	// Signed angle from u to d about +Y in the XZ plane. With yaw measured
	// from +X toward +Z, the rotation by a angle maps (x, z) to
	// (x cos a - z sin a, x sin a + z cos a).
	cross := float64(ux*dz) - float64(uz*dx)
	dot := float64(ux*dx) + float64(uz*dz)
	ang := detmath.Atan2(cross, dot)
	step := math.Min(math.Abs(ang), maxAngle)
	if !(step > 0) {
		return v, 0
	}
	a := step
	if ang < 0 {
		a = -step
	}
	s, c := detmath.Sincos(a)
	nx := float64((float64(ux*c) - float64(uz*s)) * speed)
	nz := float64((float64(ux*s) + float64(uz*c)) * speed)
	if l := detmath.Hypot(nx, nz); l > speed {
		k := speed / l
		nx, nz = float64(nx*k), float64(nz*k)
		for detmath.Hypot(nx, nz) > speed { // at most a step or two of 1 ulp
			nx = math.Nextafter(nx, 0)
			nz = math.Nextafter(nz, 0)
		}
	}
	return mgl64.Vec3{nx, v[1], nz}, step
}
