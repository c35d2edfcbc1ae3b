package arena

import (
	"math"
	"testing"

	"github.com/go-gl/mathgl/mgl64"

	"github.com/seedgames/motorkit/detmath"
	"github.com/seedgames/motorkit/motors"
)

func newMotor(t testing.TB, edit func(*Config)) *Motor {
	t.Helper()
	c := DefaultConfig()
	if edit != nil {
		edit(&c)
	}
	m, err := New(c)
	if err != nil {
		t.Fatal(err)
	}
	return m
}

// ctxFor builds a Context the way the intent stage does (docs/architecture.md#units-and-axes):
// intent2 = forward2*fwd + right2*strafe, mag = clamp(|intent2|, 0, 1),
// dir = normalize(intent2), speed = mag * IntentSpeedCap.
func ctxFor(m *Motor, grounded bool, v mgl64.Vec3, yaw, fwd, strafe float64) *motors.Context {
	ctx := motors.NewContext(dt60)
	ctx.Stance.Grounded = grounded
	ctx.Velocity = v
	ctx.View.Yaw, ctx.Command.Forward, ctx.Command.Strafe = yaw, fwd, strafe
	i2 := motors.YawForward(yaw).Mul(fwd).Add(motors.YawRight(yaw).Mul(strafe))
	ctx.Intent.Mag = motors.Clamp01(i2.Len())
	ctx.Intent.PlanarDir = motors.NormalizeOrZero(i2)
	ctx.Intent.Dir = ctx.Intent.PlanarDir
	ctx.Intent.Speed = ctx.Intent.Mag * m.IntentSpeedCap(ctx)
	return ctx
}

func TestKindCapsAndJumpRules(t *testing.T) {
	m := newMotor(t, func(c *Config) { c.MaxSpeedAir = 7; c.AutoHop = true })
	if m.Kind() != "arena" {
		t.Fatal(m.Kind())
	}
	ctx := motors.NewContext(0)
	ctx.Stance.Grounded = true
	if got := m.IntentSpeedCap(ctx); got != 8 {
		t.Errorf("ground cap %v", got)
	}
	if got := m.IntentSpeedCap(motors.NewContext(0)); got != 7 {
		t.Errorf("air cap %v", got)
	}
	// The windows are seconds, whole ticks at the rate: the defaults give
	// v0.1's 3 and 2 ticks at 60 Hz.
	for _, tc := range []struct {
		rate          float64
		buffer, grace int
	}{{60, 3, 2}, {40, 2, 1}, {120, 6, 4}, {30, 2, 1}} {
		want := motors.JumpRules{Enabled: true, BufferTicks: tc.buffer, LandingGraceTicks: tc.grace, AutoHop: true}
		if r := m.JumpRules(tc.rate); r != want {
			t.Errorf("JumpRules(%v) %+v, want %+v", tc.rate, r, want)
		}
	}
}

func TestGroundFrictionStage(t *testing.T) {
	m := newMotor(t, nil)
	// Flat: speed 8 -> 8*(1-6/60) = 7.2; vertical untouched.
	ctx := ctxFor(m, true, mgl64.Vec3{8, 0.25, 0}, 0, 0, 0)
	ctx.Velocity = mgl64.Vec3{8, 0, 0}
	m.Friction(ctx)
	if !near(ctx.Velocity[0], 7.2, 1e-12) || m.Metrics().FrictionScale != 1 {
		t.Fatalf("flat friction: %v scale %v", ctx.Velocity, m.Metrics().FrictionScale)
	}
	// On a 20° slope the stored velocity is planar and the KCC stage lifts it
	// onto the slope: planar 6cos20° up the slope is a surface speed of 6,
	// friction leaves 5.4 along the surface, stored as planar 5.4cos20°.
	a := 20 * math.Pi / 180
	n := mgl64.Vec3{-math.Sin(a), math.Cos(a), 0}
	ctx = ctxFor(m, true, mgl64.Vec3{6 * math.Cos(a), 0, 0}, 0, 0, 0)
	ctx.Stance.GroundNormal = n
	m.Friction(ctx)
	if !near(ctx.Velocity[0], 5.4*math.Cos(a), 1e-12) || ctx.Velocity[1] != 0 || ctx.Velocity[2] != 0 {
		t.Fatalf("slope friction: %v", ctx.Velocity)
	}
	// Airborne: no ground friction, default air_resistance 0 leaves it alone.
	ctx = ctxFor(m, false, mgl64.Vec3{8, 3, 0}, 0, 0, 0)
	m.Friction(ctx)
	if ctx.Velocity != (mgl64.Vec3{8, 3, 0}) || m.Metrics().FrictionScale != 0 {
		t.Fatalf("air: %v", ctx.Velocity)
	}
	// With air resistance 0.6/s at 16 m/s (full strength): planar *= 0.99.
	m = newMotor(t, func(c *Config) { c.AirResistance = 0.6 })
	ctx = ctxFor(m, false, mgl64.Vec3{0, -2, 20}, 0, 0, 0)
	m.Friction(ctx)
	if !near(ctx.Velocity[2], 20*0.99, 1e-12) || ctx.Velocity[1] != -2 {
		t.Fatalf("air resistance: %v", ctx.Velocity)
	}
}

func TestFrictionlessJumpModes(t *testing.T) {
	type jumpCase struct {
		name             string
		request, held    bool
		buffer, grace    int
		none, soft, hard float64
	}
	// Velocity straight along the view: theta = 0, q = 0, so the soft grace
	// scale is the base landing_friction_scale 0.25.
	cases := []jumpCase{
		{"plain ground", false, false, 0, 0, 1, 1, 1},
		{"jump requested", true, false, 0, 0, 1, 0, 0},
		{"requested in grace", true, true, 0, 2, 1, 0, 0},
		{"held in grace", false, true, 0, 2, 1, 0.25, 0},
		{"buffered in grace", false, false, 2, 1, 1, 0.25, 0},
		{"held after grace", false, true, 0, 0, 1, 1, 0},
		{"buffered after grace", false, false, 1, 0, 1, 1, 0},
		{"grace without jump", false, false, 0, 2, 1, 1, 1},
	}
	for _, mode := range []FrictionlessJumpMode{ModeNone, ModeSoft, ModeHard} {
		m := newMotor(t, func(c *Config) { c.FrictionlessJumpMode = mode })
		for _, tc := range cases {
			ctx := ctxFor(m, true, mgl64.Vec3{8, 0, 0}, 0, 0, 0)
			*ctx.Jump = motors.JumpState{RequestJump: tc.request, BufferTicks: tc.buffer, LandingGraceTicks: tc.grace}
			ctx.Command.JumpHeld = tc.held
			want := map[FrictionlessJumpMode]float64{ModeNone: tc.none, ModeSoft: tc.soft, ModeHard: tc.hard}[mode]
			m.Friction(ctx)
			// Expected speed from the friction rule with friction*want: 8*(1 - 6*want/60).
			if got := m.Metrics().FrictionScale; got != want || !near(ctx.Velocity[0], 8*(1-6*want/60), 1e-12) {
				t.Errorf("%s/%s: scale %v speed %v, want scale %v", mode, tc.name, got, ctx.Velocity[0], want)
			}
			if m.Metrics().RequestJump != tc.request {
				t.Errorf("%s/%s: request_jump metric", mode, tc.name)
			}
		}
	}
}

func TestSoftGraceGoldenAngleCoupling(t *testing.T) {
	// Soft mode: landing_friction_scale_eff = lerp(0.25, best, q), q = theta/35°.
	for _, tc := range []struct{ thetaDeg, best, smoothQ, want float64 }{
		{0, 0, 0, 0.25},                    // straight ahead: base scale
		{35, 0, 0, 0},                      // at the Golden Angle: best scale
		{90, 0, 0, 0},                      // beyond: best scale
		{17.5, 0, 0, 0.125},                // halfway
		{17.5, 0.1, 0, 0.175},              // lerp(0.25, 0.1, 0.5)
		{8.75, 0, 1, 0.25 * (1 - 0.15625)}, // smoothstep(0.25) = 0.15625
		{20, 0.25, 0, 0.25},                // best == base disables the coupling
	} {
		m := newMotor(t, func(c *Config) {
			c.LandingFrictionScaleBestAngle = tc.best
			c.QualitySmoothstep = tc.smoothQ == 1
		})
		th := tc.thetaDeg * math.Pi / 180
		// View yaw 0 (+X); velocity rotated by theta toward +Z.
		ctx := ctxFor(m, true, mgl64.Vec3{8 * math.Cos(th), 0, 8 * math.Sin(th)}, 0, 0, 0)
		*ctx.Jump = motors.JumpState{LandingGraceTicks: 2}
		ctx.Command.JumpHeld = true
		if got := m.FrictionMultiplier(ctx); !near(got, tc.want, 1e-12) {
			t.Errorf("theta %v° best %v: scale %v, want %v", tc.thetaDeg, tc.best, got, tc.want)
		}
	}
}

func TestGroundAccelStage(t *testing.T) {
	m := newMotor(t, nil)
	// Standing, full forward along yaw 0: push = 14*dt*8 = 1.8667 m/s.
	ctx := ctxFor(m, true, mgl64.Vec3{}, 0, 1, 0)
	m.Accel(ctx)
	if !near(ctx.Velocity[0], 14.0/60*8, 1e-12) || m.Metrics().Gain != 1 || m.Metrics().Bonus != 0 {
		t.Fatalf("ground accel: %v %+v", ctx.Velocity, m.Metrics())
	}
	// Strafe at full speed forward: push sideways, forward untouched.
	ctx = ctxFor(m, true, mgl64.Vec3{8, 0, 0}, 0, 0, 1)
	m.Accel(ctx)
	if !near(ctx.Velocity[2], 14.0/60*8, 1e-12) || ctx.Velocity[0] != 8 {
		t.Fatalf("ground strafe: %v", ctx.Velocity)
	}
	// On a 20° slope, from rest, the tangent intent (up the slope) gets the
	// push 14*dt*8 as surface speed, stored as its planar part push*cos20°.
	// At surface speed W (planar W cos20°) nothing more is added.
	a := 20 * math.Pi / 180
	n := mgl64.Vec3{-math.Sin(a), math.Cos(a), 0}
	for _, tc := range []struct{ v0, want float64 }{{0, 14.0 / 60 * 8 * math.Cos(a)}, {8 * math.Cos(a), 8 * math.Cos(a)}} {
		ctx = ctxFor(m, true, mgl64.Vec3{tc.v0, 0, 0}, 0, 1, 0)
		ctx.Stance.GroundNormal = n
		ctx.Intent.Dir = mgl64.Vec3{math.Cos(a), math.Sin(a), 0}
		m.Accel(ctx)
		if !near(ctx.Velocity[0], tc.want, 1e-12) || ctx.Velocity[1] != 0 {
			t.Fatalf("slope accel from %v: %v, want %v", tc.v0, ctx.Velocity, tc.want)
		}
	}
}

func TestAirAccelGoldenAngleGain(t *testing.T) {
	m := newMotor(t, nil)
	const W, tt = 8.0, 35 * math.Pi / 180
	// Velocity 12 m/s (> blend end 11.2, so t = 1) along +X; view yaw -35°
	// puts the velocity exactly at the Golden Angle (theta = 35°, q = 1):
	// gain = g_peak = 1.25. Intent: strafe right = yaw + 90° = +55°.
	yaw := -tt
	ctx := ctxFor(m, false, mgl64.Vec3{12, 1, 0}, yaw, 0, 1)
	dir := ctx.Intent.PlanarDir
	m.Accel(ctx)
	mt := m.Metrics()
	if !near(mt.Theta, tt, 1e-12) || !near(mt.Q, 1, 1e-12) || !near(mt.Gain, 1.25, 1e-12) {
		t.Fatalf("metrics %+v", mt)
	}
	// Expected from the accelerate and gain formulas:
	//   wish = 8*1.25 = 10, accel = 8*1.25 = 10
	//   along = 12*cos55° = 6.883, add = 3.117, push = min(10/60*10, add) = 1.6667
	//   bonus = (1.25-1)*0.5*8*dt*8 = 0.13333
	along := 12 * math.Cos(55*math.Pi/180)
	push := math.Min(10.0/60*10, 10-along)
	bonus := 0.25 * 0.5 * 8 * dt60 * W
	want := mgl64.Vec3{12, 0, 0}.Add(dir.Mul(push + bonus))
	if !near(ctx.Velocity[0], want[0], 1e-12) || !near(ctx.Velocity[2], want[2], 1e-12) || ctx.Velocity[1] != 1 {
		t.Fatalf("air accel: %v, want %v", ctx.Velocity, want)
	}
	if !near(mt.Bonus, bonus, 1e-15) {
		t.Fatalf("bonus %v want %v", mt.Bonus, bonus)
	}

	// Gain < 1 (straight ahead, theta = 0, q = 0, gain = 0.85): no bonus, and
	// the capped intent speed 6.8 is below the 12 m/s along -> no push.
	ctx = ctxFor(m, false, mgl64.Vec3{12, 0, 0}, 0, 1, 0)
	m.Accel(ctx)
	if ctx.Velocity != (mgl64.Vec3{12, 0, 0}) || !near(m.Metrics().Gain, 0.85, 1e-12) || m.Metrics().Bonus != 0 {
		t.Fatalf("poor angle: %v %+v", ctx.Velocity, m.Metrics())
	}

	// Gain disabled (g_min = g_peak = 1): identical to plain accelerate with air_accel_rate.
	m = newMotor(t, func(c *Config) { c.GMin, c.GPeak = 1, 1 })
	ctx = ctxFor(m, false, mgl64.Vec3{12, 0, 0}, yaw, 0, 1)
	want, _ = Accelerate(mgl64.Vec3{12, 0, 0}, ctx.Intent.PlanarDir, W, 8, dt60)
	m.Accel(ctx)
	if !near(ctx.Velocity[0], want[0], 1e-15) || !near(ctx.Velocity[2], want[2], 1e-15) || m.Metrics().Gain != 1 {
		t.Fatalf("gain disabled: %v want %v", ctx.Velocity, want)
	}

	// No input: no accel and no bonus, even at the best angle.
	m = newMotor(t, nil)
	ctx = ctxFor(m, false, mgl64.Vec3{12, 0, 0}, yaw, 0, 0)
	m.Accel(ctx)
	if ctx.Velocity != (mgl64.Vec3{12, 0, 0}) || m.Metrics().Bonus != 0 {
		t.Fatalf("no input: %v", ctx.Velocity)
	}
}

func TestShapingStage(t *testing.T) {
	m := newMotor(t, nil)
	capA := 2 * math.Pi / 180
	rate := 1.5 * dt60 // 0.025 rad = 1.43° < cap 2°
	// 12 m/s along +X, intent 30° toward +Z: turns by 1.5*dt.
	ctx := ctxFor(m, false, mgl64.Vec3{12, 2, 0}, math.Pi/6, 1, 0)
	m.Shaping(ctx)
	if !near(m.Metrics().ShapingAngle, rate, 1e-15) || !near(math.Atan2(ctx.Velocity[2], ctx.Velocity[0]), rate, 1e-12) {
		t.Fatalf("shaping %v angle %v", ctx.Velocity, m.Metrics().ShapingAngle)
	}
	if detmath.Hypot(ctx.Velocity[0], ctx.Velocity[2]) > 12 || ctx.Velocity[1] != 2 {
		t.Fatalf("shaping changed speed: %v", ctx.Velocity)
	}
	// Strong shaping is held to the per-tick cap.
	m = newMotor(t, func(c *Config) { c.ShapingStrength = 30 })
	ctx = ctxFor(m, false, mgl64.Vec3{12, 0, 0}, math.Pi/6, 1, 0)
	m.Shaping(ctx)
	if !near(m.Metrics().ShapingAngle, capA, 1e-15) {
		t.Fatalf("cap: %v", m.Metrics().ShapingAngle)
	}
	m = newMotor(t, nil)
	for _, tc := range []struct {
		name     string
		grounded bool
		v        mgl64.Vec3
		yaw, fwd float64
	}{
		{"grounded", true, mgl64.Vec3{12, 0, 0}, math.Pi / 6, 1},
		{"below min speed 7.2", false, mgl64.Vec3{7, 0, 0}, math.Pi / 6, 1},
		{"alignment -0.01 below min_alignment 0", false, mgl64.Vec3{12, 0, 0}, math.Pi/2 + 0.01, 1},
		{"intent behind", false, mgl64.Vec3{12, 0, 0}, math.Pi, 1},
		{"no input", false, mgl64.Vec3{12, 0, 0}, math.Pi / 6, 0},
		{"already aligned", false, mgl64.Vec3{12, 0, 0}, 0, 1},
	} {
		ctx := ctxFor(m, tc.grounded, tc.v, tc.yaw, tc.fwd, 0)
		m.Shaping(ctx)
		if ctx.Velocity != tc.v || m.Metrics().ShapingAngle != 0 {
			t.Errorf("%s: shaped to %v by %v", tc.name, ctx.Velocity, m.Metrics().ShapingAngle)
		}
	}
	// min_alignment 0.5: an intent 30° off (dot 0.87) is shaped, 70° off
	// (dot 0.34) is not. Half stick halves the rate: 0.75 rad/s * dt.
	m = newMotor(t, func(c *Config) { c.MinAlignment = 0.5 })
	for _, tc := range []struct{ yaw, mag, want float64 }{{math.Pi / 6, 1, rate}, {70 * math.Pi / 180, 1, 0}, {math.Pi / 6, 0.5, rate / 2}} {
		ctx := ctxFor(m, false, mgl64.Vec3{12, 0, 0}, tc.yaw, tc.mag, 0)
		m.Shaping(ctx)
		if !near(m.Metrics().ShapingAngle, tc.want, 1e-15) {
			t.Errorf("min_alignment 0.5, intent %.0f° mag %v: shaped %v, want %v", tc.yaw*180/math.Pi, tc.mag, m.Metrics().ShapingAngle, tc.want)
		}
	}
	m = newMotor(t, nil)
	// Over many states shaping never adds speed nor exceeds the cap.
	for i := 0; i < 3000; i++ {
		a := float64(i) * 0.37
		sp := 5 + float64(i%50)
		ctx := ctxFor(m, false, mgl64.Vec3{sp * math.Cos(a), 0, sp * math.Sin(a)}, a*1.9, 1, float64(i%3)-1)
		before := detmath.Hypot(ctx.Velocity[0], ctx.Velocity[2])
		m.Shaping(ctx)
		if after := detmath.Hypot(ctx.Velocity[0], ctx.Velocity[2]); after > before || m.Metrics().ShapingAngle > capA {
			t.Fatalf("state %d: speed %v -> %v, angle %v", i, before, after, m.Metrics().ShapingAngle)
		}
	}
}

func TestMetricsReported(t *testing.T) {
	m := newMotor(t, nil)
	ctx := ctxFor(m, false, mgl64.Vec3{12, 0, 0}, -35*math.Pi/180, 0, 1)
	ctx.Jump.RequestJump = true
	m.Friction(ctx)
	m.Accel(ctx)
	m.Shaping(ctx)
	buf := make([]motors.Metric, 0, 8)
	out := m.AppendMetrics(buf)
	names := []string{"theta", "q", "gain", "bonus", "shaping_angle", "friction_scale", "request_jump"}
	if len(out) != len(names) {
		t.Fatalf("metrics %v", out)
	}
	for i, n := range names {
		if out[i].Name != n || !motors.Finite(out[i].Value) {
			t.Errorf("metric %d = %+v, want %s", i, out[i], n)
		}
	}
	if out[2].Value != 1.25 || out[6].Value != 1 || out[3].Value <= 0 {
		t.Errorf("values %+v", out)
	}
	if allocs := testing.AllocsPerRun(100, func() { out = m.AppendMetrics(buf[:0]) }); allocs != 0 {
		t.Errorf("AppendMetrics allocates %v", allocs)
	}
}

func TestBadInputNeverProducesNaN(t *testing.T) {
	nan, inf := math.NaN(), math.Inf(1)
	for _, mode := range []FrictionlessJumpMode{ModeNone, ModeSoft, ModeHard} {
		m := newMotor(t, func(c *Config) { c.FrictionlessJumpMode = mode; c.AirResistance = 1 })
		vels := []mgl64.Vec3{{nan, 0, 1}, {inf, -inf, 0}, {1e9, 0, -1e9}, {1e300, 1e300, 1e300}, {}}
		dts := []float64{nan, inf, -1, 0, 1e9, dt60}
		for _, v := range vels {
			for _, d := range dts {
				for _, grounded := range []bool{false, true} {
					ctx := ctxFor(m, grounded, v, 0.3, 1, 1)
					ctx.Dt = d
					ctx.Stance.GroundNormal = mgl64.Vec3{nan, 0, 0}
					ctx.View.Yaw = []float64{nan, inf, 1e12, 0.3}[int(d*7)&3]
					ctx.Intent.Speed = []float64{nan, inf, 1e12, 8}[int(d)&3]
					ctx.Intent.Dir = mgl64.Vec3{nan, 0, 0}
					ctx.Command.JumpHeld = true
					for k := 0; k < 3; k++ {
						m.Friction(ctx)
						m.Accel(ctx)
						m.Shaping(ctx)
					}
					if !motors.FiniteVec(ctx.Velocity) {
						t.Fatalf("%s v=%v dt=%v grounded=%v -> %v", mode, v, d, grounded, ctx.Velocity)
					}
					for _, mt := range m.AppendMetrics(nil) {
						if !motors.Finite(mt.Value) {
							t.Fatalf("metric %s = %v", mt.Name, mt.Value)
						}
					}
				}
			}
		}
	}
}

// TestStagesDoNotAllocate checks the zero-allocation rule of motors.Motor.
func TestStagesDoNotAllocate(t *testing.T) {
	m := newMotor(t, nil)
	ctx := ctxFor(m, false, mgl64.Vec3{12, 0, 0}, -0.6, 1, 1)
	allocs := testing.AllocsPerRun(200, func() {
		ctx.Stance.Grounded = !ctx.Stance.Grounded
		m.Friction(ctx)
		m.Accel(ctx)
		m.Shaping(ctx)
	})
	if allocs != 0 {
		t.Fatalf("stages allocate %v per tick", allocs)
	}
}

// FuzzStages drives the three stages with arbitrary state and checks the
// invariants: finite output, friction never speeds up, shaping never speeds
// up nor turns more than its cap, the vertical component is never changed.
func FuzzStages(f *testing.F) {
	f.Add(12.0, 1.0, 3.0, 0.3, 1.0, 1.0, dt60, false, true, false, 2, 1, 0.0, 1.0, 0.0, uint8(1))
	f.Add(8.0, 0.0, 0.0, 0.0, 0.0, 0.0, dt60, true, false, true, 0, 0, -0.34, 0.94, 0.0, uint8(0))
	f.Add(1e9, -1e9, 5.0, 1e6, -1.0, 0.5, 1e9, true, true, true, 4, 2, 1.0, 0.0, 0.0, uint8(2))
	f.Fuzz(func(t *testing.T, vx, vy, vz, yaw, fwd, strafe, d float64, grounded, held, request bool, buffer, grace int, nx, ny, nz float64, mode uint8) {
		modes := []FrictionlessJumpMode{ModeNone, ModeSoft, ModeHard}
		m := newMotor(t, func(c *Config) {
			c.FrictionlessJumpMode = modes[int(mode)%3]
			c.AirResistance = 0.5
			c.ShapingStrength = 3
		})
		ctx := ctxFor(m, grounded, mgl64.Vec3{vx, vy, vz}, yaw, motors.Clamp01(math.Abs(fwd)), motors.Clamp01(math.Abs(strafe)))
		ctx.Dt = d
		ctx.Stance.GroundNormal = mgl64.Vec3{nx, ny, nz}
		ctx.Command.JumpHeld = held
		*ctx.Jump = motors.JumpState{RequestJump: request, BufferTicks: buffer, LandingGraceTicks: grace}
		finiteIn := motors.FiniteVec(ctx.Velocity) && math.Abs(vx) <= MaxAxisSpeed && math.Abs(vy) <= MaxAxisSpeed && math.Abs(vz) <= MaxAxisSpeed

		planar := func() float64 { return detmath.Hypot(ctx.Velocity[0], ctx.Velocity[2]) }
		surface := func() float64 {
			if grounded {
				return surfaceVelocity(ctx).Len()
			}
			return planar()
		}
		y0 := ctx.Velocity[1]
		s0 := surface()
		m.Friction(ctx)
		if finiteIn && motors.FiniteVec(ctx.Velocity) && surface() > s0*(1+1e-12)+1e-12 {
			t.Fatalf("friction sped up: %v -> %v", s0, surface())
		}
		m.Accel(ctx)
		p0 := planar()
		m.Shaping(ctx)
		if p := planar(); p > p0 || m.Metrics().ShapingAngle > m.Config().MaxShapingAnglePerTick()+1e-15 {
			t.Fatalf("shaping: speed %v -> %v, angle %v", p0, p, m.Metrics().ShapingAngle)
		}
		if !motors.FiniteVec(ctx.Velocity) {
			t.Fatalf("non-finite velocity %v", ctx.Velocity)
		}
		if finiteIn && ctx.Velocity[1] != y0 {
			t.Fatalf("vertical changed %v -> %v", y0, ctx.Velocity[1])
		}
		for _, mt := range m.AppendMetrics(nil) {
			if !motors.Finite(mt.Value) {
				t.Fatalf("metric %s = %v", mt.Name, mt.Value)
			}
		}
	})
}
