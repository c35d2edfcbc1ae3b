package systems_test

import (
	"math"
	"testing"

	"github.com/go-gl/mathgl/mgl64"
	"github.com/seedgames/motorkit/components"
	"github.com/seedgames/motorkit/motors"
	"github.com/seedgames/motorkit/systems"
)

func near(a, b mgl64.Vec3) bool { return a.Sub(b).Len() < 1e-12 }

// docs/architecture.md#units-and-axes: forward2 = (cos yaw, sin yaw), right2 = (-sin yaw, cos yaw)
// on the XZ plane.
func TestIntentYawAndAxes(t *testing.T) {
	cases := []struct {
		yawDeg, fwd, strafe float64
		want                mgl64.Vec3
	}{
		{0, 1, 0, mgl64.Vec3{1, 0, 0}},
		{0, 0, 1, mgl64.Vec3{0, 0, 1}},
		{0, -1, 0, mgl64.Vec3{-1, 0, 0}},
		{90, 1, 0, mgl64.Vec3{0, 0, 1}},
		{90, 0, 1, mgl64.Vec3{-1, 0, 0}},
		{90, 0, -1, mgl64.Vec3{1, 0, 0}},
		{180, 1, 0, mgl64.Vec3{-1, 0, 0}},
		{180, 0, 1, mgl64.Vec3{0, 0, -1}},
		{180, -1, 0, mgl64.Vec3{1, 0, 0}},
	}
	for _, c := range cases {
		in := systems.BuildIntent(c.fwd, c.strafe, c.yawDeg*math.Pi/180, false, motors.Up)
		if !near(in.Dir, c.want) || !near(in.PlanarDir, c.want) || in.Mag != 1 {
			t.Errorf("yaw %v fwd %v strafe %v: dir %v mag %v, want %v", c.yawDeg, c.fwd, c.strafe, in.Dir, in.Mag, c.want)
		}
	}
}

func TestIntentDiagonalClampAndZero(t *testing.T) {
	in := systems.BuildIntent(1, 1, 0, false, motors.Up)
	if in.Mag != 1 {
		t.Fatalf("diagonal magnitude %v, want clamped to 1 (raw sqrt 2)", in.Mag)
	}
	if !near(in.Dir, mgl64.Vec3{math.Sqrt2 / 2, 0, math.Sqrt2 / 2}) {
		t.Fatalf("diagonal dir %v", in.Dir)
	}
	half := systems.BuildIntent(0.3, 0.4, 0, false, motors.Up)
	if math.Abs(half.Mag-0.5) > 1e-15 {
		t.Fatalf("partial input magnitude %v, want 0.5", half.Mag)
	}
	zero := systems.BuildIntent(0, 0, 1, true, motors.Up)
	if zero != (motors.Intent{}) {
		t.Fatalf("no input gave %+v, want the zero intent", zero)
	}
}

// On a 30° slope rising toward +X the ground normal is (-sin 30°, cos 30°, 0).
// Walking +X, the tangent direction is (cos 30°, sin 30°, 0): unit length,
// perpendicular to the normal, pointing up the slope.
func TestIntentGroundTangentProjection(t *testing.T) {
	a := 30 * math.Pi / 180
	n := mgl64.Vec3{-math.Sin(a), math.Cos(a), 0}
	in := systems.BuildIntent(1, 0, 0, true, n)
	if math.Abs(in.Dir.Len()-1) > 1e-12 || math.Abs(in.Dir.Dot(n)) > 1e-12 {
		t.Fatalf("tangent dir %v: length %v, dot with normal %v", in.Dir, in.Dir.Len(), in.Dir.Dot(n))
	}
	if !near(in.Dir, mgl64.Vec3{math.Cos(a), math.Sin(a), 0}) {
		t.Fatalf("tangent dir %v, want up the slope", in.Dir)
	}
	if !near(in.PlanarDir, mgl64.Vec3{1, 0, 0}) {
		t.Fatalf("planar dir %v changed by the projection", in.PlanarDir)
	}
	// Strafing across the same slope stays horizontal (already tangent).
	across := systems.BuildIntent(0, 1, 0, true, n)
	if !near(across.Dir, mgl64.Vec3{0, 0, 1}) {
		t.Fatalf("across-slope dir %v", across.Dir)
	}
	// Airborne: no projection.
	air := systems.BuildIntent(1, 0, 0, false, n)
	if !near(air.Dir, mgl64.Vec3{1, 0, 0}) {
		t.Fatalf("airborne dir %v was projected", air.Dir)
	}
}

func TestSanitizeCommand(t *testing.T) {
	c := systems.SanitizeCommand(components.CommandData{Forward: math.NaN(), Strafe: 1e9})
	if c.Forward != 0 || c.Strafe != 1 {
		t.Fatalf("sanitized %+v", c)
	}
}

func TestJumpBufferCapturePolicies(t *testing.T) {
	rules := motors.JumpRules{Enabled: true, BufferTicks: 4, CoyoteTicks: 3}
	for _, pol := range []components.CapturePolicy{components.CaptureFreeze, components.CaptureExpire} {
		jb := &components.JumpBufferData{CapturePolicy: pol}
		// Airborne press: buffer set to 5 (4 + the press tick).
		st := systems.UpdateJumpBuffer(jb, rules, false, true, true, false)
		if st.RequestJump || jb.BufferTicks != 5 {
			t.Fatalf("%v: airborne press: %+v buffer %d", pol, st, jb.BufferTicks)
		}
		// 10 captured ticks while grounded: never a jump.
		for i := 0; i < 10; i++ {
			if st := systems.UpdateJumpBuffer(jb, rules, true, false, false, true); st.RequestJump {
				t.Fatalf("%v: jump requested while the UI captured input", pol)
			}
		}
		// Released: freeze kept the buffer (jump now), expire let it lapse.
		st = systems.UpdateJumpBuffer(jb, rules, true, false, false, false)
		if want := pol == components.CaptureFreeze; st.RequestJump != want {
			t.Fatalf("%v: after release RequestJump=%v, want %v", pol, st.RequestJump, want)
		}
	}
}
