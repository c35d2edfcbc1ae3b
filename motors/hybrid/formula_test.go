package hybrid

import (
	"math"
	"testing"

	"github.com/go-gl/mathgl/mgl64"
)

// Rotation influence (seed "Rotation Influence Formula") with the defaults
// start = 2.0, sprint = 6.3, curve = 1, max = 1, bonus = 0.2.
func TestRotationInfluenceSeedExamples(t *testing.T) {
	c := DefaultConfig()
	cases := []struct {
		speed    float64
		momentum bool
		want     float64
		note     string
	}{
		{1.5, false, 0, "below start speed: pure input"},
		{1.5, true, 0, "momentum bonus does not apply below the start speed"},
		{2.0, false, 0, "ratio 0 at the start speed"},
		// (4.0-2.0)/(6.3-2.0) = 2/4.3 = 0.465116. The design prints "0.47",
		// its own formula gives 0.4651 (0.0049 lower; the design rounded).
		{4.0, false, 2 / 4.3, "mid-range blend"},
		{6.3, false, 1, "sprint: pure momentum"},
		// The design prints "1.0 + 0.2 bonus" for sprint with momentum, but its
		// own formula clamps the sum to 1.0 (0.2 lower than printed).
		{6.3, true, 1, "bonus clamped at sprint"},
		{4.0, true, 2/4.3 + 0.2, "bonus below sprint"},
		{50, false, 1, "ratio clamped above sprint"},
		{math.NaN(), false, 0, "NaN speed counts as rest"},
	}
	for _, k := range cases {
		if got := c.RotationInfluence(k.speed, k.momentum); !near(got, k.want, 1e-12) {
			t.Errorf("%s: influence(%v, %v) = %v, want %v", k.note, k.speed, k.momentum, got, k.want)
		}
	}
	if got := c.RotationInfluence(4.0, false); math.Abs(got-0.47) > 0.005 {
		t.Errorf("influence at 4.0 = %v, not 'about 0.47'", got)
	}
	// Curve 2 delays the onset: (2/4.3)^2 = 0.21633.
	c.RotationInfluenceCurve = 2
	if got := c.RotationInfluence(4.0, false); !near(got, (2/4.3)*(2/4.3), 1e-12) {
		t.Errorf("curve 2: %v", got)
	}
}

// Turn speed (seed "Speed-Dependent Rotation") with rotation_speed = 8,
// min_rotation_speed = 0.1, reduction = 0.7, max speed = sprint 6.3:
//
//	turn = 8 * lerp(1, 0.1/8, clamp(speed/6.3) * 0.7)
//	     = 8 * (1 - 0.9875 * 0.7 * clamp(speed/6.3))
func TestTurnSpeedFormulaAndSeedDiscrepancies(t *testing.T) {
	c := DefaultConfig()
	turn := func(s float64) float64 { return 8 * (1 - 0.9875*0.7*math.Min(s/6.3, 1)) }
	cases := []struct{ speed, want, seedPrinted float64 }{
		{0, 8.0, 8.0},
		// Seed: "Speed = 3.0 (half sprint) -> 4.55 rad/s". The formula gives
		// 8*(1 - 0.9875*0.7*3/6.3) = 5.3667 at 3.0 (0.82 above the printed
		// value) and 5.2350 at the true half sprint 3.15 (0.69 above).
		{3.0, 5.366667, 4.55},
		{3.15, 5.235, 4.55},
		// Seed: "Speed = 6.3 (sprint) -> 2.66 rad/s". The formula gives
		// 8*(1 - 0.9875*0.7) = 2.47 (0.19 below the printed value).
		{6.3, 2.47, 2.66},
		{20, 2.47, 2.66},
	}
	for _, k := range cases {
		got := c.TurnSpeed(k.speed)
		if !near(got, turn(k.speed), 1e-9) || !near(got, k.want, 1e-6) {
			t.Errorf("turn(%v) = %v, formula %v, want %v", k.speed, got, turn(k.speed), k.want)
		}
		m := mustNew(c)
		if !near(m.turnSpeed(k.speed), got, 1e-12) {
			t.Errorf("cached turn speed differs at %v", k.speed)
		}
		if k.speed > 0 && near(got, k.seedPrinted, 0.05) {
			t.Errorf("turn(%v) = %v now matches the design's printed %v: update the comment", k.speed, got, k.seedPrinted)
		}
	}
}

// v = sqrt(2 g h) = sqrt(2*20*1.5) = sqrt(60) = 7.746 (matches the design).
func TestJumpSpeed(t *testing.T) {
	c := DefaultConfig()
	if got := c.JumpSpeed(); !near(got, math.Sqrt(60), 1e-12) || !near(got, 7.746, 5e-4) {
		t.Fatalf("jump speed %v", got)
	}
	g, v, f := mustNew(c).Vertical()
	if g != 20 || v != c.JumpSpeed() || f != 50 {
		t.Fatalf("Vertical() = %v %v %v", g, v, f)
	}
}

func TestSpeedMultiplierTargets(t *testing.T) {
	c := DefaultConfig()
	if got := c.SpeedMultiplierTarget(true, true); !near(got, 6.3/3, 1e-15) {
		t.Errorf("sprint wins over walk: %v", got)
	}
	if got := c.SpeedMultiplierTarget(false, true); !near(got, 1.3/3, 1e-15) {
		t.Errorf("walk: %v", got)
	}
	if got := c.SpeedMultiplierTarget(false, false); got != 1 {
		t.Errorf("run: %v", got)
	}
}

func TestLerpAngleGodotSemantics(t *testing.T) {
	cases := []struct{ from, to, w, want float64 }{
		{0, math.Pi / 2, 0.5, math.Pi / 4},
		{0, -math.Pi / 2, 0.5, -math.Pi / 4},
		{3, -3, 1, 3 + (2*math.Pi - 6)}, // shorter arc crosses +pi
		{-3, 3, 0.5, -3 - (2*math.Pi-6)/2},
		{0, math.Pi, 0.5, -math.Pi / 2}, // exact half-turn: fmod picks -pi
		{1, 1 + 4*math.Pi, 0.3, 1},
	}
	for _, k := range cases {
		if got := LerpAngle(k.from, k.to, k.w); !near(got, k.want, 1e-12) {
			t.Errorf("LerpAngle(%v, %v, %v) = %v, want %v", k.from, k.to, k.w, got, k.want)
		}
	}
	for _, a := range []float64{-10, -math.Pi, 0, math.Pi, 7} {
		if w := wrapAngle(a); w < -math.Pi || w >= math.Pi || angDiff(w, a) > 1e-12 {
			t.Errorf("wrap(%v) = %v", a, w)
		}
	}
}

func TestMoveToward(t *testing.T) {
	v := MoveToward(mgl64.Vec3{0, 0, 0}, mgl64.Vec3{3, 0, 4}, 1)
	if !near(v[0], 0.6, 1e-15) || !near(v[2], 0.8, 1e-15) {
		t.Errorf("partial step %v", v)
	}
	if v := MoveToward(mgl64.Vec3{1, 0, 0}, mgl64.Vec3{1.5, 0, 0}, 1); v != (mgl64.Vec3{1.5, 0, 0}) {
		t.Errorf("overshoot not clamped: %v", v)
	}
	if got := moveToward1(1, 2.1, 4.0/60); !near(got, 1+4.0/60, 1e-15) {
		t.Errorf("moveToward1 %v", got)
	}
}
