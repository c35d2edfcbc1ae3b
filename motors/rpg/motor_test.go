package rpg

import (
	"math"
	"testing"

	"github.com/go-gl/mathgl/mgl64"
	"github.com/seedgames/motorkit/motors"
)

func near(a, b, tol float64) bool { return math.Abs(a-b) <= tol }

// One tick from rest toward a full-speed target moves the planar speed by
// exactly alpha = 1 - exp(-dt/tau_accel) of the gap (docs/motors/rpg.md#the-model).
func TestAccelOneTickIsAlphaOfGap(t *testing.T) {
	cfg := DefaultConfig()
	m := mustNew(cfg)
	ctx := newCtx(60)
	ctx.Command.Forward = 1
	v := tick(m, ctx)
	want := cfg.MaxSpeed * (1 - math.Exp(-(1.0/60)/cfg.TauAccel))
	if !near(v.Len(), want, 1e-12) || !near(v[0], want, 1e-12) {
		t.Fatalf("speed after one tick %v, want %v along +X", v, want)
	}
}

// tau selection: accel when |target| > |v|, decel otherwise, decel_stop with
// no input when set, tau_air in the air with air_policy limited.
func TestTauSelection(t *testing.T) {
	cfg := DefaultConfig()
	cfg.TauDecelStop = 0.07
	cfg.AirPolicy = AirLimited
	m := mustNew(cfg)
	tau := func() float64 {
		var mm []motors.Metric
		mm = m.AppendMetrics(mm)
		return mm[1].Value
	}
	cases := []struct {
		name     string
		v0       float64
		forward  float64
		grounded bool
		want     float64
	}{
		{"speeding up", 1, 1, true, cfg.TauAccel},
		{"slowing to a smaller target", 6, 0.5, true, cfg.TauDecel},
		{"equal speeds count as decel", 6, 1, true, cfg.TauDecel},
		{"no input uses tau_decel_stop", 6, 0, true, cfg.TauDecelStop},
		{"airborne limited uses tau_air", 1, 1, false, cfg.TauAir},
	}
	for _, c := range cases {
		ctx := newCtx(60)
		ctx.Stance.Grounded = c.grounded
		ctx.Velocity = mgl64.Vec3{c.v0, 0, 0}
		ctx.Command.Forward = c.forward
		tick(m, ctx)
		if got := tau(); got != c.want {
			t.Errorf("%s: tau %v, want %v", c.name, got, c.want)
		}
	}
	// Without tau_decel_stop the no-input case falls back to tau_decel.
	m2 := mustNew(DefaultConfig())
	ctx := newCtx(60)
	ctx.Velocity = mgl64.Vec3{6, 0, 0}
	tick(m2, ctx)
	if got := m2.AppendMetrics(nil)[1].Value; got != DefaultConfig().TauDecel {
		t.Errorf("no input without tau_decel_stop: tau %v, want tau_decel", got)
	}
}

// Stop distance from full speed. With v_{n} = v0 * r^n, r = exp(-dt/tau_decel),
// and the position advanced by v_n*dt after the motor update (semi-implicit
// Euler, as the KCC stage does), the distance is the geometric series
//
//	d = dt * v0 * sum_{n>=1} r^n = dt * v0 * r / (1 - r),
//
// which tends to the continuous v0*tau as dt -> 0.
func TestStopDistanceGeometricSeries(t *testing.T) {
	for _, rate := range []float64{30, 60, 120} {
		cfg := DefaultConfig()
		m := mustNew(cfg)
		ctx := newCtx(rate)
		v0 := cfg.MaxSpeed
		ctx.Velocity = mgl64.Vec3{v0, 0, 0}
		x := 0.0
		for i := 0; i < int(10*rate); i++ {
			x += tick(m, ctx)[0] * ctx.Dt
		}
		dt := 1 / rate
		r := math.Exp(-dt / cfg.TauDecel)
		want := dt * v0 * r / (1 - r)
		if !near(x, want, 1e-9*want) {
			t.Errorf("%v Hz: stop distance %.9f, want %.9f", rate, x, want)
		}
		cont := v0 * cfg.TauDecel
		if !near(x, cont, v0*dt) {
			t.Errorf("%v Hz: stop distance %.4f too far from continuous %.4f", rate, x, cont)
		}
	}
}

// Ramp-up: v_n = V (1 - exp(-n dt / tau_accel)) reaches 0.9 V at the first
// n >= tau_accel*ln(10)/dt.
func TestRiseTime90(t *testing.T) {
	cfg := DefaultConfig()
	for _, rate := range []float64{30, 60, 120, 240} {
		m := mustNew(cfg)
		ctx := newCtx(rate)
		ctx.Command.Forward = 1
		n := 0
		for n = 1; n < 1000; n++ {
			if tick(m, ctx).Len() >= 0.9*cfg.MaxSpeed {
				break
			}
		}
		want := int(math.Ceil(cfg.TauAccel * math.Ln10 * rate))
		if n != want {
			t.Errorf("%v Hz: reached 90%% on tick %d, want %d", rate, n, want)
		}
	}
}

// The exponential update is exact for a constant target, so after the same
// simulated time the velocity is the same at any tick rate:
// v(T) = V (1 - exp(-T/tau)).
func TestVelocityFrameRateIndependent(t *testing.T) {
	cfg := DefaultConfig()
	T := 0.5
	want := cfg.MaxSpeed * (1 - math.Exp(-T/cfg.TauAccel))
	for _, rate := range []float64{30, 60, 120} {
		m := mustNew(cfg)
		ctx := newCtx(rate)
		ctx.Command.Forward = 1
		var v mgl64.Vec3
		for i := 0; i < int(T*rate+0.5); i++ {
			v = tick(m, ctx)
		}
		if !near(v.Len(), want, 1e-9) {
			t.Errorf("%v Hz: v(%.1f s) = %.12f, want %.12f", rate, T, v.Len(), want)
		}
	}
}

// Steady state: forward and pure strafe reach max_speed, backpedal reaches
// max_speed * backpedal_speed_scale, and strafe_speed_scale applies to pure
// strafe when changed.
func TestDirectionScales(t *testing.T) {
	steady := func(cfg Config, f, s float64) float64 {
		m := mustNew(cfg)
		ctx := newCtx(60)
		ctx.Command.Forward, ctx.Command.Strafe = f, s
		ctx.View.Yaw = 0.7
		var v mgl64.Vec3
		for i := 0; i < 600; i++ {
			v = tick(m, ctx)
		}
		return v.Len()
	}
	cfg := DefaultConfig()
	fw, st, bk := steady(cfg, 1, 0), steady(cfg, 0, 1), steady(cfg, -1, 0)
	diag := steady(cfg, 1, 1)
	if !near(fw, cfg.MaxSpeed, 1e-9) || !near(st, fw, 1e-9) || !near(diag, fw, 1e-9) {
		t.Errorf("forward %v strafe %v diagonal %v, want all %v", fw, st, diag, cfg.MaxSpeed)
	}
	if !near(bk, cfg.MaxSpeed*cfg.BackpedalSpeedScale, 1e-9) {
		t.Errorf("backpedal %v, want %v", bk, cfg.MaxSpeed*cfg.BackpedalSpeedScale)
	}
	if got := steady(cfg, -1, 1); !near(got, cfg.MaxSpeed*cfg.BackpedalSpeedScale, 1e-9) {
		t.Errorf("diagonal backpedal %v, want backpedal speed", got)
	}
	cfg.StrafeSpeedScale = 0.8
	if got := steady(cfg, 0, -1); !near(got, 0.8*cfg.MaxSpeed, 1e-9) {
		t.Errorf("strafe with scale 0.8: %v, want %v", got, 0.8*cfg.MaxSpeed)
	}
	// Diagonal forward+strafe: half the squared direction is sideways, so
	// the scale is 1 + (0.8-1)*0.5 = 0.9.
	if got := steady(cfg, 1, 1); !near(got, 0.9*cfg.MaxSpeed, 1e-9) {
		t.Errorf("diagonal with strafe scale 0.8: %v, want %v", got, 0.9*cfg.MaxSpeed)
	}
}

// air_policy none: the planar velocity is bit-identical before and after the
// motor stages in the air, whatever the input.
func TestAirNoneLeavesPlanarVelocity(t *testing.T) {
	m := mustNew(DefaultConfig())
	ctx := newCtx(60)
	ctx.Stance.Grounded = false
	v0 := mgl64.Vec3{3.3, -2, -1.7}
	for i, in := range [][2]float64{{1, 0}, {-1, 0}, {0, 1}, {0, -1}, {1, 1}, {0, 0}} {
		ctx.Velocity = v0
		ctx.Command.Forward, ctx.Command.Strafe = in[0], in[1]
		ctx.View.Yaw = float64(i)
		tick(m, ctx)
		if ctx.Velocity != v0 {
			t.Fatalf("input %v changed air velocity %v -> %v", in, v0, ctx.Velocity)
		}
	}
}

// air_policy limited tracks with tau_air: one tick moves alpha_air of the gap.
func TestAirLimitedTracksWithTauAir(t *testing.T) {
	cfg := DefaultConfig()
	cfg.AirPolicy = AirLimited
	m := mustNew(cfg)
	ctx := newCtx(60)
	ctx.Stance.Grounded = false
	ctx.Command.Strafe = 1 // right of yaw 0 is +Z
	v := tick(m, ctx)
	want := cfg.MaxSpeed * (1 - math.Exp(-(1.0/60)/cfg.TauAir))
	if !near(v[2], want, 1e-12) || v[0] != 0 {
		t.Fatalf("air tracking %v, want (0,0,%v)", v, want)
	}
}

// The hard cap clamps planar speed to max_speed without touching Y.
func TestHardCap(t *testing.T) {
	m := mustNew(DefaultConfig())
	ctx := newCtx(60)
	ctx.Stance.Grounded = false
	ctx.Velocity = mgl64.Vec3{30, 4, 40}
	tick(m, ctx)
	if s := motors.Planar(ctx.Velocity).Len(); !near(s, 6, 1e-12) || ctx.Velocity[1] != 4 {
		t.Fatalf("capped velocity %v (planar %v)", ctx.Velocity, s)
	}
	if got := m.AppendMetrics(nil)[5].Value; got != 1 {
		t.Fatalf("capped metric %v, want 1", got)
	}
}

// Bad input never panics and never leaves NaN/Inf in the velocity.
func TestBadInputStaysFinite(t *testing.T) {
	bad := []float64{math.NaN(), math.Inf(1), math.Inf(-1), 1e9, -1e9, 0, -1}
	m := mustNew(DefaultConfig())
	for _, dt := range bad {
		for _, x := range bad {
			for _, grounded := range []bool{true, false} {
				ctx := motors.NewContext(dt)
				ctx.Stance.Grounded = grounded
				ctx.Velocity = mgl64.Vec3{x, x, -x}
				*ctx.Command = motors.Command{Forward: x, Strafe: x}
				ctx.View.Yaw = x
				*ctx.Intent = motors.Intent{PlanarDir: mgl64.Vec3{x, 0, x}, Mag: x, Speed: x}
				m.Friction(ctx)
				m.Accel(ctx)
				m.Shaping(ctx)
				if !motors.FiniteVec(motors.Planar(ctx.Velocity)) {
					t.Fatalf("dt=%v x=%v grounded=%v: velocity %v", dt, x, grounded, ctx.Velocity)
				}
				if s := motors.Planar(ctx.Velocity).Len(); s > DefaultConfig().MaxSpeed+1e-9 {
					t.Fatalf("dt=%v x=%v: planar speed %v above cap", dt, x, s)
				}
				for _, mt := range m.AppendMetrics(nil) {
					if !motors.Finite(mt.Value) {
						t.Fatalf("dt=%v x=%v: metric %s = %v", dt, x, mt.Name, mt.Value)
					}
				}
			}
		}
	}
	// A huge dt converges to the target in one tick (alpha -> 1), finite.
	ctx := newCtx(60)
	ctx.Dt = 1e9
	ctx.Command.Forward = 1
	if v := tick(m, ctx); !near(v.Len(), 6, 1e-9) {
		t.Fatalf("huge dt: %v", v)
	}
}

func TestJumpRulesAndKind(t *testing.T) {
	cfg := DefaultConfig()
	m := mustNew(cfg)
	want := motors.JumpRules{Enabled: true}
	if got := m.JumpRules(60); got != want {
		t.Fatalf("jump rules %+v, want %+v", got, want)
	}
	cfg.JumpEnabled = false
	if mustNew(cfg).JumpRules(120).Enabled {
		t.Fatal("jump_enabled=false still enables jumping")
	}
	if m.Kind() != "rpg" || m.Config() != DefaultConfig() {
		t.Fatal("kind/config")
	}
}

func TestNewRejectsInvalidConfig(t *testing.T) {
	cfg := DefaultConfig()
	cfg.TauAccel = 0
	if _, err := New(cfg); err == nil {
		t.Fatal("tau_accel = 0 accepted")
	}
}
