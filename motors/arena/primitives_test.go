package arena

import (
	"math"
	"testing"

	"github.com/go-gl/mathgl/mgl64"
	"github.com/seedgames/motorkit/detmath"
)

const dt60 = 1.0 / 60

func near(a, b, tol float64) bool { return math.Abs(a-b) <= tol }

func TestFrictionScaleMatchesSeedRule(t *testing.T) {
	// docs/motors/arena.md#one-tick: drop = max(speed, stop_speed)*friction*dt,
	// scale = clamp((speed-drop)/speed, 0, 1). W=8, stop=2.4, friction=6.
	for _, tc := range []struct{ speed, want float64 }{
		// Above the floor: drop = speed*f*dt, scale = 1 - f*dt = 0.9.
		{8, 0.9},
		{2.5, 0.9},
		// Below the floor: drop = 2.4*6/60 = 0.24 m/s, scale = (v-0.24)/v.
		{2.0, (2.0 - 0.24) / 2.0},
		{0.5, (0.5 - 0.24) / 0.5},
		// Less than one tick's drop left: stops dead, never reverses.
		{0.2, 0},
		{0, 1},
	} {
		if got := FrictionScale(tc.speed, 2.4, 6, dt60); !near(got, tc.want, 1e-15) {
			t.Errorf("speed %v: scale %v, want %v", tc.speed, got, tc.want)
		}
	}
	// Without the floor the same low speed only loses 10%: the floor is what
	// makes the stop crisp.
	if got := FrictionScale(0.5, 0, 6, dt60); !near(got, 0.9, 1e-15) {
		t.Errorf("no floor: %v", got)
	}
	// Huge dt clamps to 0; bad inputs stay in [0, 1].
	for _, args := range [][4]float64{{8, 2.4, 6, 1e9}, {math.NaN(), 1, 1, 1}, {math.Inf(1), 1, 1, 1}, {5, math.NaN(), 6, dt60}, {5, 1, math.Inf(1), dt60}} {
		s := FrictionScale(args[0], args[1], args[2], args[3])
		if !(s >= 0 && s <= 1) {
			t.Errorf("FrictionScale%v = %v", args, s)
		}
	}
}

func TestAccelerateIsProjectionLimited(t *testing.T) {
	x := mgl64.Vec3{1, 0, 0}
	z := mgl64.Vec3{0, 0, 1}
	// From rest: push = min(accel*dt*wish, wish) = 14/60*8 = 1.8667.
	v, push := Accelerate(mgl64.Vec3{}, x, 8, 14, dt60)
	if !near(push, 14.0/60*8, 1e-12) || !near(v[0], push, 1e-15) {
		t.Fatalf("from rest: %v push %v", v, push)
	}
	// Near the cap: push is limited to add = wish - along.
	v, push = Accelerate(mgl64.Vec3{7.5, 0, 0}, x, 8, 14, dt60)
	if !near(push, 0.5, 1e-12) || !near(v[0], 8, 1e-12) {
		t.Fatalf("near cap: %v push %v", v, push)
	}
	// Along >= wish: nothing, whatever the perpendicular speed.
	v, push = Accelerate(mgl64.Vec3{9, 0, 3}, x, 8, 14, dt60)
	if push != 0 || v != (mgl64.Vec3{9, 0, 3}) {
		t.Fatalf("above cap: %v push %v", v, push)
	}
	// Perpendicular intent at high speed: along = 0, full push sideways; the
	// speed grows to sqrt(12^2 + p^2) (the air-strafe mechanism).
	v, push = Accelerate(mgl64.Vec3{12, 0, 0}, z, 8, 8, dt60)
	p := 8.0 / 60 * 8
	if !near(push, p, 1e-12) || !near(v.Len(), math.Hypot(12, p), 1e-12) {
		t.Fatalf("perpendicular: %v push %v", v, push)
	}
	// A huge dt cannot overshoot the intent speed.
	v, _ = Accelerate(mgl64.Vec3{-3, 0, 0}, x, 8, 14, 1e9)
	if !near(v[0], 8, 1e-12) {
		t.Fatalf("huge dt overshoot: %v", v)
	}
	// NaN wish does nothing.
	if v, push = Accelerate(mgl64.Vec3{1, 0, 0}, x, math.NaN(), 14, dt60); push != 0 || v[0] != 1 {
		t.Fatalf("NaN wish: %v %v", v, push)
	}
}

func TestQualityAndGain(t *testing.T) {
	tt := 35 * math.Pi / 180
	if q := Quality(0, tt, false); q != 0 {
		t.Errorf("q(0) = %v", q)
	}
	if q := Quality(tt/2, tt, false); !near(q, 0.5, 1e-15) {
		t.Errorf("q(half) = %v", q)
	}
	if q := Quality(tt/2, tt, true); !near(q, 0.5, 1e-15) { // smoothstep(0.5) = 0.5
		t.Errorf("smooth q(half) = %v", q)
	}
	if q := Quality(tt/4, tt, true); !near(q, 0.25*0.25*(3-0.5), 1e-15) {
		t.Errorf("smooth q(quarter) = %v", q)
	}
	if q := Quality(math.Pi, tt, false); q != 1 {
		t.Errorf("q beyond target = %v", q)
	}
	if q := Quality(math.NaN(), tt, false); q != 0 {
		t.Errorf("q(NaN) = %v", q)
	}

	c := DefaultConfig() // g 0.85..1.25, blend 8..11.2 m/s
	for _, tc := range []struct{ q, speed, want float64 }{
		{1, 5, 1},                      // below blend start: gain 1
		{1, 8, 1},                      // at blend start: t = 0
		{1, 11.2, 1.25},                // fully blended, best angle: g_peak
		{0, 20, 0.85},                  // fully blended, straight ahead: g_min
		{0.5, 20, 1.05},                // lerp(0.85, 1.25, 0.5)
		{1, 9.6, 1 + 0.5*(1.25-1)},     // t = (9.6-8)/3.2 = 0.5
		{0, 9.6, 1 + 0.5*(0.85-1)},     // t = 0.5 at g_min
		{0.25, 10.4, 1 + 0.75*(-0.05)}, // g = 0.95, t = 0.75
	} {
		if got := c.Gain(tc.q, tc.speed); !near(got, tc.want, 1e-12) {
			t.Errorf("Gain(q=%v, speed=%v) = %v, want %v", tc.q, tc.speed, got, tc.want)
		}
	}
	c.GMin, c.GPeak = 1, 1
	for _, s := range []float64{0, 9, 30} {
		if g := c.Gain(0.7, s); g != 1 {
			t.Errorf("disabled gain at %v = %v", s, g)
		}
	}
}

func TestAirResistanceScale(t *testing.T) {
	// k = 0.6/s at speed scale 16 m/s: at 8 m/s half strength,
	// scale = 1 - 0.6*0.5/60 = 0.995; above 16 m/s full: 1 - 0.6/60 = 0.99.
	for _, tc := range []struct{ speed, want float64 }{{0, 1}, {8, 0.995}, {16, 0.99}, {40, 0.99}} {
		if got := AirResistanceScale(tc.speed, 0.6, 16, dt60); !near(got, tc.want, 1e-15) {
			t.Errorf("speed %v: %v want %v", tc.speed, got, tc.want)
		}
	}
	if got := AirResistanceScale(30, 0, 16, dt60); got != 1 {
		t.Errorf("off: %v", got)
	}
	if got := AirResistanceScale(30, 10, 16, 1e9); got != 0 {
		t.Errorf("huge dt: %v", got)
	}
}

func TestRotateTowardCapsAndPreservesSpeed(t *testing.T) {
	v := mgl64.Vec3{12, 0.7, 0}
	cap := 2 * math.Pi / 180
	// Intent 30° toward +Z (positive yaw): turns by exactly the cap.
	dir := mgl64.Vec3{math.Cos(math.Pi / 6), 0, math.Sin(math.Pi / 6)}
	r, a := RotateToward(v, dir, cap)
	if !near(a, cap, 1e-15) || !near(math.Atan2(r[2], r[0]), cap, 1e-12) || r[1] != 0.7 {
		t.Fatalf("turned to %v by %v", r, a)
	}
	if detmath.Hypot(r[0], r[2]) > 12 {
		t.Fatalf("speed grew: %v", detmath.Hypot(r[0], r[2]))
	}
	// Toward -Z: negative yaw.
	r, _ = RotateToward(v, mgl64.Vec3{dir[0], 0, -dir[2]}, cap)
	if !near(math.Atan2(r[2], r[0]), -cap, 1e-12) {
		t.Fatalf("wrong side: %v", r)
	}
	// Never past the intent.
	small := mgl64.Vec3{math.Cos(0.01), 0, math.Sin(0.01)}
	r, a = RotateToward(v, small, cap)
	if !near(a, 0.01, 1e-12) || !near(math.Atan2(r[2], r[0]), 0.01, 1e-12) {
		t.Fatalf("overshoot: %v %v", r, a)
	}
	// Never adds speed, for many directions and speeds.
	for i := 0; i < 2000; i++ {
		ang := float64(i) * 0.7123
		sp := 0.1 + float64(i%37)*1.3
		v := mgl64.Vec3{sp * math.Cos(ang), 0, sp * math.Sin(ang)}
		d := mgl64.Vec3{math.Cos(ang * 1.37), 0, math.Sin(ang * 1.37)}
		r, a := RotateToward(v, d, cap)
		if detmath.Hypot(r[0], r[2]) > detmath.Hypot(v[0], v[2]) || a > cap {
			t.Fatalf("case %d: |r| %v > |v| %v or angle %v > cap", i, detmath.Hypot(r[0], r[2]), detmath.Hypot(v[0], v[2]), a)
		}
	}
	// Degenerate inputs are no-ops.
	for _, tc := range [][2]mgl64.Vec3{{{}, dir}, {v, {}}, {v, {0, 1, 0}}} {
		if r, a := RotateToward(tc[0], tc[1], cap); r != tc[0] || a != 0 {
			t.Errorf("degenerate %v: %v %v", tc, r, a)
		}
	}
}
