package fps_test

import (
	"math"
	"strings"
	"testing"

	"github.com/seedgames/motorkit/motors/fps"
	"github.com/seedgames/motorkit/prefabs"
)

func TestFPSPlayerPrefabMatchesTheMotorConfig(t *testing.T) {
	lib, err := prefabs.Default()
	if err != nil {
		t.Fatal(err)
	}
	r, err := lib.Recipe("fps_player")
	if err != nil {
		t.Fatal(err)
	}
	if r.MotorKind != fps.Kind {
		t.Fatalf("motor kind %q", r.MotorKind)
	}
	// The KCC's vertical values come from the motor: jump_speed =
	// sqrt(2 g h) = sqrt(2*24*1.15).
	if r.KCC.Gravity != def.Gravity || r.KCC.JumpSpeed != math.Sqrt(2*def.Gravity*def.JumpHeight) || r.KCC.MaxFallSpeed != def.MaxFallSpeed {
		t.Fatalf("vertical %v %v %v", r.KCC.Gravity, r.KCC.JumpSpeed, r.KCC.MaxFallSpeed)
	}
	// The collision profile is the motor's (prefabs takes it from the motor).
	if r.KCC.MaxSlopeClimbDeg != def.MaxSlopeClimbDeg || r.KCC.StepHeight != def.StepHeight || r.KCC.SnapToGround != def.SnapToGround {
		t.Fatalf("kcc %+v disagrees with the motor config (slope %v, step %v, snap %v)", r.KCC, def.MaxSlopeClimbDeg, def.StepHeight, def.SnapToGround)
	}
	// Crouched capsule 2*(0.2+0.3) = 1.0 m fits under 1.2 m; standing 1.8 m does not.
	if h := 2 * (r.KCC.CrouchHalfHeight + r.KCC.Radius); h >= 1.2 || 2*(r.KCC.HalfHeight+r.KCC.Radius) <= 1.2 {
		t.Fatalf("crouched height %v", h)
	}
	m, err := r.NewMotor()
	if err != nil {
		t.Fatal(err)
	}
	if fm, ok := m.(*fps.Motor); !ok || fm.Config() != def {
		t.Fatalf("motor %T", m)
	}

	// Overrides go through the motor's strict loader.
	r, err = lib.Recipe("fps_player", prefabs.Override("[motor]\njump_height = 1.0\ngravity = 20\n"))
	if err != nil || math.Abs(r.KCC.JumpSpeed-math.Sqrt(40)) > 1e-12 {
		t.Fatalf("override: %v %v", r, err)
	}
	_, err = lib.Recipe("fps_player", prefabs.Override("[motor]\njump_hieght = 1.0\n"))
	if err == nil || !strings.Contains(err.Error(), "jump_hieght") {
		t.Fatalf("unknown motor key accepted: %v", err)
	}
	_, err = lib.Recipe("fps_player", prefabs.Override("[motor]\nair_control = 3\n"))
	if err == nil || !strings.Contains(err.Error(), "[0, 1]") {
		t.Fatalf("out-of-range motor value: %v", err)
	}
}
