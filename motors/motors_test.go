package motors

import (
	"math"
	"testing"

	"github.com/go-gl/mathgl/mgl64"
)

func TestYawBasisIsOrthonormalAndRightHanded(t *testing.T) {
	for _, yaw := range []float64{0, 0.3, math.Pi / 2, math.Pi, -2.5, 1e3} {
		f, r := YawForward(yaw), YawRight(yaw)
		if math.Abs(f.Len()-1) > 1e-12 || math.Abs(r.Len()-1) > 1e-12 || math.Abs(f.Dot(r)) > 1e-12 {
			t.Fatalf("yaw %v: forward %v right %v not orthonormal", yaw, f, r)
		}
		// Right = forward x up (Y up, right-handed): the design's right2.
		if r.Sub(f.Cross(Up)).Len() > 1e-12 {
			t.Fatalf("yaw %v: right %v != forward x up %v", yaw, r, f.Cross(Up))
		}
	}
	if YawForward(0) != (mgl64.Vec3{1, 0, 0}) {
		t.Fatalf("yaw 0 forward %v, want +X", YawForward(0))
	}
}

func TestTicksFromSeconds(t *testing.T) {
	cases := []struct {
		s, rate float64
		want    int
	}{
		{0.1, 60, 6}, {0.14, 60, 8}, {0.15, 60, 9}, {0.14, 40, 6}, {0, 60, 0},
		{-1, 60, 0}, {math.NaN(), 60, 0}, {math.Inf(1), 60, 1 << 30}, {1e300, 60, 1 << 30},
	}
	for _, c := range cases {
		if got := TicksFromSeconds(c.s, c.rate); got != c.want {
			t.Errorf("TicksFromSeconds(%v, %v) = %d, want %d", c.s, c.rate, got, c.want)
		}
	}
}

func TestScalarHelpers(t *testing.T) {
	if Clamp01(math.NaN()) != 0 || Clamp01(-1) != 0 || Clamp01(2) != 1 || Clamp01(0.25) != 0.25 {
		t.Fatal("Clamp01")
	}
	if Smoothstep01(0) != 0 || Smoothstep01(1) != 1 || Smoothstep01(0.5) != 0.5 {
		t.Fatal("Smoothstep01")
	}
	if Lerp(2, 4, 0.25) != 2.5 {
		t.Fatal("Lerp")
	}
	if a := AngleBetween(mgl64.Vec3{1, 0, 0}, mgl64.Vec3{0, 0, 3}); math.Abs(a-math.Pi/2) > 1e-15 {
		t.Fatalf("AngleBetween = %v", a)
	}
	if AngleBetween(mgl64.Vec3{}, mgl64.Vec3{1, 0, 0}) != 0 {
		t.Fatal("AngleBetween with a zero vector must be 0")
	}
	// Nearly parallel vectors whose cosine rounds above 1 must not give NaN.
	if a := AngleBetween(mgl64.Vec3{1, 1e-9, 0}, mgl64.Vec3{1, 1e-9, 0}); math.IsNaN(a) {
		t.Fatal("AngleBetween NaN")
	}
	if NormalizeOrZero(mgl64.Vec3{1e-13, 0, 0}) != (mgl64.Vec3{}) || NormalizeOrZero(mgl64.Vec3{0, 0, -2}) != (mgl64.Vec3{0, 0, -1}) {
		t.Fatal("NormalizeOrZero")
	}
	if FiniteVec(mgl64.Vec3{0, math.Inf(-1), 0}) || !FiniteVec(mgl64.Vec3{1, 2, 3}) {
		t.Fatal("FiniteVec")
	}
	v := WithPlanar(mgl64.Vec3{1, 2, 3}, Planar(mgl64.Vec3{7, 8, 9}))
	if v != (mgl64.Vec3{7, 2, 9}) {
		t.Fatalf("WithPlanar/Planar = %v", v)
	}
}
