package hybrid

import (
	"math"
	"testing"

	"github.com/go-gl/mathgl/mgl64"
	"github.com/seedgames/motorkit/motors"
)

// Input is camera-relative: forward at view yaw 90 deg moves along +Z, and
// the facing starts from the view yaw on the first tick.
func TestCameraRelativeInputAndInitialFacing(t *testing.T) {
	m := mustNew(DefaultConfig())
	ctx := newCtx(60)
	ctx.View.Yaw = math.Pi / 2
	ctx.Command.Forward = 1
	v := tick(m, ctx)
	if !near(v[0], 0, 1e-12) || !(v[2] > 0) {
		t.Fatalf("forward at yaw 90 moved %v, want +Z", v)
	}
	if !near(m.Facing(), math.Pi/2, 1e-12) {
		t.Fatalf("facing %v, want pi/2", m.Facing())
	}
	// ground_accel 30 m/s^2 for one tick from rest: 0.5 m/s.
	if !near(v.Len(), 30.0/60, 1e-12) {
		t.Fatalf("first tick speed %v, want 0.5", v.Len())
	}
}

// Speed tiers: the multiplier moves 4.0/s toward sprint/run = 2.1, so it
// needs ceil((2.1-1)/(4/60)) = ceil(16.5) = 17 ticks at 60 Hz; the steady
// speed is then 3.0*2.1 = 6.3. Walk settles at 1.3.
func TestSpeedTiersSmoothedMultiplier(t *testing.T) {
	m := mustNew(DefaultConfig())
	ctx := newCtx(60)
	ctx.Command.Forward, ctx.Command.Sprint = 1, true
	n := 0
	for n = 1; n < 100; n++ {
		tick(m, ctx)
		if m.SpeedMultiplier() == 2.1 || near(m.SpeedMultiplier(), 2.1, 1e-12) {
			break
		}
	}
	if n != 17 {
		t.Errorf("multiplier reached 2.1 after %d ticks, want 17", n)
	}
	var v mgl64.Vec3
	for i := 0; i < 120; i++ {
		v = tick(m, ctx)
	}
	if !near(v.Len(), 6.3, 1e-9) {
		t.Errorf("sprint speed %v, want 6.3", v.Len())
	}
	ctx.Command.Sprint, ctx.Command.Walk = false, true
	for i := 0; i < 240; i++ {
		v = tick(m, ctx)
	}
	if !near(v.Len(), 1.3, 1e-9) {
		t.Errorf("walk speed %v, want 1.3", v.Len())
	}
}

// Sprint to instant stop: with no input the velocity moves toward zero by
// ground_decel*dt per tick: v_n = v0 - n*a*dt. Positions advance by v_n*dt
// after the update, so the discrete distance is
//
//	d = dt * sum_{n>=1} max(v0 - n*a*dt, 0)
//
// which is below the continuous v0^2/(2a) = 6.3^2/20 = 1.9845 m by about
// v0*dt/2.
func TestStopDistanceFromSprint(t *testing.T) {
	c := DefaultConfig()
	for _, rate := range []float64{30, 60, 120} {
		m := mustNew(c)
		ctx := newCtx(rate)
		ctx.Velocity = mgl64.Vec3{6.3, 0, 0}
		dt := 1 / rate
		x := 0.0
		for i := 0; i < int(3*rate); i++ {
			x += tick(m, ctx)[0] * dt
		}
		want := 0.0
		for n := 1; ; n++ {
			vn := 6.3 - float64(n)*c.GroundDecel*dt
			if vn <= 0 {
				break
			}
			want += vn * dt
		}
		cont := 6.3 * 6.3 / (2 * c.GroundDecel)
		if !near(x, want, 1e-9) || x > cont {
			t.Errorf("%v Hz: stop distance %.6f, discrete %.6f, continuous %.6f", rate, x, want, cont)
		}
	}
}

// Momentum: held direction above the start speed sets the flag and adds the
// bonus; reversing the input clears it.
func TestMomentumDetection(t *testing.T) {
	m := mustNew(DefaultConfig())
	ctx := newCtx(60)
	ctx.Command.Forward = 1 // run, steady 3.0 m/s
	for i := 0; i < 60; i++ {
		tick(m, ctx)
	}
	d := m.Debug()
	want := DefaultConfig().RotationInfluence(3.0, true) // 1/4.3 + 0.2
	if !d.Momentum || !near(d.Influence, want, 1e-9) || !near(want, 1/4.3+0.2, 1e-12) {
		t.Fatalf("steady run: momentum %v influence %v, want true %v", d.Momentum, d.Influence, want)
	}
	ctx.Command.Forward = -1
	tick(m, ctx)
	if d := m.Debug(); d.Momentum || !near(d.Influence, 1/4.3, 1e-9) {
		t.Fatalf("reversal: momentum %v influence %v", d.Momentum, d.Influence)
	}
}

// Blending: at sprint (influence 1) the velocity follows the facing, not the
// input; at walk (influence 0) it follows the input at once.
func TestBlendFollowsFacingAtSprintAndInputAtWalk(t *testing.T) {
	m := mustNew(DefaultConfig())
	ctx := newCtx(60)
	ctx.Command.Forward, ctx.Command.Sprint = 1, true
	for i := 0; i < 120; i++ {
		tick(m, ctx)
	}
	ctx.Command.Forward, ctx.Command.Strafe = 0, 1 // input +Z, facing +X
	tick(m, ctx)
	d := m.Debug()
	if d.Influence != 1 || d.BlendedDir != motors.YawForward(0) {
		t.Fatalf("sprint: influence %v blended %v, want 1 and facing +X", d.Influence, d.BlendedDir)
	}
	// The facing turned toward +Z by lerp weight turn*dt = 2.47/60.
	if !near(m.Facing(), (math.Pi/2)*2.47/60, 1e-9) {
		t.Fatalf("facing after one sprint tick %v, want %v", m.Facing(), (math.Pi/2)*2.47/60)
	}

	w := mustNew(DefaultConfig())
	ctx = newCtx(60)
	ctx.Command.Forward, ctx.Command.Walk = 1, true
	for i := 0; i < 120; i++ {
		tick(w, ctx)
	}
	ctx.Command.Forward, ctx.Command.Strafe = 0, 1
	tick(w, ctx)
	if d := w.Debug(); d.Influence != 0 || d.BlendedDir != d.InputDir {
		t.Fatalf("walk: influence %v blended %v input %v", d.Influence, d.BlendedDir, d.InputDir)
	}
}

// An input exactly opposite the facing at an influence of 0.5 cancels the
// blend; the motor keeps the facing direction instead of a zero vector.
func TestDegenerateBlendKeepsFacing(t *testing.T) {
	c := DefaultConfig()
	c.MomentumRotationBonus = 0
	m := mustNew(c)
	ctx := newCtx(60)
	s := 2 + 0.5*4.3 // influence 0.5
	ctx.Velocity = mgl64.Vec3{s, 0, 0}
	ctx.Command.Forward = -1 // input -X, facing +X (yaw 0)
	tick(m, ctx)
	d := m.Debug()
	if !near(d.Influence, 0.5, 1e-12) || d.BlendedDir != motors.YawForward(0) {
		t.Fatalf("influence %v blended %v", d.Influence, d.BlendedDir)
	}
	if !motors.FiniteVec(ctx.Velocity) {
		t.Fatal("non-finite velocity")
	}
}

// ticksToTurn180 holds input forward at yaw 0 until steady, then flips the
// input and counts ticks until the velocity direction is within 10 degrees
// of the new input.
func ticksToTurn180(cfg Config, sprint, walk bool, rate float64) int {
	m := mustNew(cfg)
	ctx := newCtx(rate)
	ctx.Command.Forward, ctx.Command.Sprint, ctx.Command.Walk = 1, sprint, walk
	for i := 0; i < int(3*rate); i++ {
		tick(m, ctx)
	}
	ctx.Command.Forward = -1
	for n := 1; n < int(20*rate); n++ {
		v := tick(m, ctx)
		if v.Len() > 0.05 && motors.AngleBetween(v, mgl64.Vec3{-1, 0, 0}) < 10*math.Pi/180 {
			return n
		}
	}
	return math.MaxInt32
}

// A 180 degree turn takes longer at sprint than at walk: at walk the
// influence is 0, the velocity reverses by move_toward in about
// 2*1.3/30 s = 5 ticks; at sprint the influence is 1 and the velocity
// follows the facing, which the lerp_angle closes by the fraction
// 2.47/60 = 0.041 per tick (about ln(18)/0.042 = 69 ticks to get within
// 10 degrees of 180).
func TestTurn180SlowerAtSprint(t *testing.T) {
	c := DefaultConfig()
	walk := ticksToTurn180(c, false, true, 60)
	sprint := ticksToTurn180(c, true, false, 60)
	if !(sprint > walk) || walk > 8 || sprint < 40 {
		t.Fatalf("180 turn: walk %d ticks, sprint %d ticks", walk, sprint)
	}
	t.Logf("180 turn to within 10 deg: walk %d ticks, sprint %d ticks at 60 Hz", walk, sprint)
}

// Air scalars: ground_accel x air_direction_control, turn rate x
// air_rotation_control while airborne.
func TestAirControlScalars(t *testing.T) {
	c := DefaultConfig()
	m := mustNew(c)
	ctx := newCtx(60)
	ctx.Stance.Grounded = false
	ctx.Command.Strafe = 1
	v := tick(m, ctx)
	if !near(v.Len(), 30*0.3/60, 1e-12) {
		t.Fatalf("air accel step %v, want %v", v.Len(), 30*0.3/60)
	}
	if d := m.Debug(); !near(d.TurnSpeed, 8*0.1, 1e-12) {
		t.Fatalf("air turn speed %v, want 0.8", d.TurnSpeed)
	}
	// No input in the air: ground_decel x 0.3.
	ctx.Command.Strafe = 0
	ctx.Velocity = mgl64.Vec3{5, 0, 0}
	v = tick(m, ctx)
	if !near(v[0], 5-10*0.3/60, 1e-12) {
		t.Fatalf("air decel step %v", v)
	}
}

func TestJumpRulesTicks(t *testing.T) {
	m := mustNew(DefaultConfig())
	// 0.1 s and 0.15 s at 60 Hz: 6 and 9 ticks; at 40 Hz: 4 and 6.
	if r := m.JumpRules(60); !r.Enabled || r.BufferTicks != 6 || r.CoyoteTicks != 9 || r.AutoHop {
		t.Fatalf("60 Hz rules %+v", r)
	}
	if r := m.JumpRules(40); r.BufferTicks != 4 || r.CoyoteTicks != 6 {
		t.Fatalf("40 Hz rules %+v", r)
	}
}

// Metrics: 15 named values mirroring Debug.
func TestMetricsMirrorDebug(t *testing.T) {
	m := mustNew(DefaultConfig())
	ctx := newCtx(60)
	ctx.Command.Forward = 1
	for i := 0; i < 30; i++ {
		tick(m, ctx)
	}
	mm := m.AppendMetrics(nil)
	if len(mm) != 15 {
		t.Fatalf("%d metrics", len(mm))
	}
	get := map[string]float64{}
	for _, x := range mm {
		get[x.Name] = x.Value
	}
	d := m.Debug()
	if get[MetricSpeed] != d.Speed || get[MetricTurnSpeed] != d.TurnSpeed ||
		get[MetricInfluence] != d.Influence || get[MetricFacing] != m.Facing() ||
		get[MetricMomentum] != 1 || get[MetricVelocityX] != d.VelocityDir[0] {
		t.Fatalf("metrics %v vs debug %+v", get, d)
	}
}

func TestBadInputStaysFinite(t *testing.T) {
	bad := []float64{math.NaN(), math.Inf(1), math.Inf(-1), 1e9, -1e9, 0, -1}
	m := mustNew(DefaultConfig())
	for _, dt := range bad {
		for _, x := range bad {
			for _, grounded := range []bool{true, false} {
				ctx := motors.NewContext(dt)
				ctx.Stance.Grounded = grounded
				ctx.Velocity = mgl64.Vec3{x, 0, -x}
				*ctx.Command = motors.Command{Forward: x, Strafe: x, Sprint: x > 0}
				ctx.View.Yaw = x
				*ctx.Intent = motors.Intent{PlanarDir: mgl64.Vec3{x, 0, x}, Mag: x, Speed: x}
				_ = m.IntentSpeedCap(ctx)
				m.Friction(ctx)
				m.Accel(ctx)
				m.Shaping(ctx)
				if !motors.FiniteVec(ctx.Velocity) || !motors.Finite(m.Facing()) || !motors.Finite(m.SpeedMultiplier()) {
					t.Fatalf("dt=%v x=%v: velocity %v facing %v mult %v", dt, x, ctx.Velocity, m.Facing(), m.SpeedMultiplier())
				}
				for _, mt := range m.AppendMetrics(nil) {
					if !motors.Finite(mt.Value) {
						t.Fatalf("dt=%v x=%v: metric %s = %v", dt, x, mt.Name, mt.Value)
					}
				}
			}
		}
	}
	m.SetFacing(math.NaN())
	if !motors.Finite(m.Facing()) {
		t.Fatal("SetFacing(NaN) stored NaN")
	}
}

func TestNewRejectsInvalid(t *testing.T) {
	c := DefaultConfig()
	c.RotationInfluenceStartSpeed = 7
	if _, err := New(c); err == nil {
		t.Fatal("start speed above sprint accepted")
	}
	if mustNew(DefaultConfig()).Kind() != "hybrid" {
		t.Fatal("kind")
	}
}
