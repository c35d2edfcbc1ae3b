package fps

import (
	"math"
	"testing"

	"github.com/go-gl/mathgl/mgl64"
	"github.com/seedgames/motorkit/motors"
)

var (
	_ motors.Motor           = (*Motor)(nil)
	_ motors.MetricsReporter = (*Motor)(nil)
	_ interface {
		Vertical() (float64, float64, float64)
	} = (*Motor)(nil)
)

const dt = 1.0 / 60

func newMotor(t testing.TB) *Motor {
	t.Helper()
	m, err := New(DefaultConfig())
	if err != nil {
		t.Fatal(err)
	}
	return m
}

// groundCtx is a grounded tick on flat ground with a forward (+X) intent of
// magnitude mag and the speed the motor's cap gives it, as the intent stage
// builds it.
func groundCtx(m *Motor, v mgl64.Vec3, mag float64, in motors.Command) *motors.Context {
	ctx := motors.NewContext(dt)
	ctx.Stance.Grounded = true
	ctx.Velocity = v
	*ctx.Command = in
	if mag > 0 {
		*ctx.Intent = motors.Intent{Dir: mgl64.Vec3{1, 0, 0}, PlanarDir: mgl64.Vec3{1, 0, 0}, Mag: mag}
		ctx.Intent.Speed = mag * m.IntentSpeedCap(ctx)
	}
	return ctx
}

func step(m *Motor, ctx *motors.Context) {
	m.Friction(ctx)
	m.Accel(ctx)
	m.Shaping(ctx)
}

// runTicks drives the three stages for n ticks alternating ground and air
// with full input, checking the velocity stays finite.
func runTicks(m *Motor, n int) mgl64.Vec3 {
	v := mgl64.Vec3{}
	for i := 0; i < n; i++ {
		ctx := groundCtx(m, v, 1, motors.Command{Sprint: i%3 == 0})
		ctx.Stance.Grounded = i%2 == 0
		step(m, ctx)
		v = ctx.Velocity
		if !motors.FiniteVec(v) {
			panic("non-finite velocity")
		}
	}
	return v
}

func TestSpeedCapModifiers(t *testing.T) {
	c := DefaultConfig()
	cases := []struct {
		sprint, walk, crouch bool
		want                 float64
	}{
		{false, false, false, c.MaxSpeed},
		{true, false, false, c.SprintSpeed},
		{true, true, false, c.MaxSpeed},
		{true, false, true, c.CrouchSpeed},
		{false, true, true, c.CrouchSpeed},
	}
	for _, tc := range cases {
		if got := c.SpeedCap(tc.sprint, tc.walk, tc.crouch); got != tc.want {
			t.Errorf("sprint=%v walk=%v crouch=%v: %v, want %v", tc.sprint, tc.walk, tc.crouch, got, tc.want)
		}
	}
	m := newMotor(t)
	ctx := motors.NewContext(0)
	ctx.Stance.Crouched = true
	ctx.Command.Sprint = true
	if got := m.IntentSpeedCap(ctx); got != c.CrouchSpeed {
		t.Errorf("crouched capsule with sprint held: cap %v, want crouch speed %v", got, c.CrouchSpeed)
	}
}

func TestGroundAccelReachesWalkSpeedAtTheConfiguredRate(t *testing.T) {
	// From rest with full forward input the speed grows by ground_accel*dt
	// per tick until it reaches max_speed: 27.5/60 = 0.4583 m/s per tick,
	// so after n ticks speed = min(3.5, n*0.4583); 3.5/0.4583 = 7.64, so it
	// reaches 3.5 exactly on tick 8 and stays there.
	m := newMotor(t)
	c := m.Config()
	v := mgl64.Vec3{}
	for n := 1; n <= 12; n++ {
		ctx := groundCtx(m, v, 1, motors.Command{})
		step(m, ctx)
		v = ctx.Velocity
		want := math.Min(c.MaxSpeed, float64(n)*c.GroundAccel*dt)
		if math.Abs(v.Len()-want) > 1e-12 || v[1] != 0 || v[2] != 0 {
			t.Fatalf("tick %d: velocity %v, want (%v,0,0)", n, v, want)
		}
		if n == 8 && v[0] != c.MaxSpeed {
			t.Fatalf("tick 8: %v, want exactly walk speed", v[0])
		}
	}
}

func TestFrictionStopMatchesClosedForm(t *testing.T) {
	// Released at 3.5 m/s: while s >= stop_speed (1), s *= 1 - f*dt = 0.85
	// per tick; ln(1/3.5)/ln(0.85) = 7.71, so after 8 ticks s = 3.5*0.85^8
	// = 0.9539 < 1; then s drops by stop_speed*f*dt = 0.15 per tick:
	// 0.9539/0.15 = 6.36, 7 more ticks. Stop after 15 ticks (0.25 s),
	// distance = dt * sum of the speeds after each tick.
	m := newMotor(t)
	c := m.Config()
	k := 1 - c.Friction*dt
	nExp := int(math.Ceil(math.Log(c.StopSpeed/c.MaxSpeed) / math.Log(k)))
	sAfter := c.MaxSpeed * math.Pow(k, float64(nExp))
	nLin := int(math.Ceil(sAfter / (c.StopSpeed * c.Friction * dt)))
	wantTicks := nExp + nLin
	wantDist := 0.0
	for i := 1; i <= nExp; i++ {
		wantDist += c.MaxSpeed * math.Pow(k, float64(i)) * dt
	}
	for i := 1; i < nLin; i++ {
		wantDist += (sAfter - float64(i)*c.StopSpeed*c.Friction*dt) * dt
	}
	if wantTicks != 15 {
		t.Fatalf("derivation gives %d ticks, expected 15", wantTicks)
	}
	v := mgl64.Vec3{c.MaxSpeed, 0, 0}
	ticks, dist := 0, 0.0
	for v.Len() > 0 && ticks < 100 {
		ctx := groundCtx(m, v, 0, motors.Command{})
		step(m, ctx)
		v = ctx.Velocity
		dist += v.Len() * dt
		ticks++
	}
	if ticks != wantTicks || math.Abs(dist-wantDist) > 1e-9 {
		t.Fatalf("stopped after %d ticks / %.6f m, want %d / %.6f", ticks, dist, wantTicks, wantDist)
	}
}

func TestFrictionSkippedWithInputInAirAndOnJumpTick(t *testing.T) {
	m := newMotor(t)
	v := mgl64.Vec3{3, 0, 0}
	ctx := groundCtx(m, v, 0, motors.Command{})
	ctx.Jump.RequestJump = true
	m.Friction(ctx)
	if ctx.Velocity != v {
		t.Fatalf("friction on the jump tick: %v", ctx.Velocity)
	}
	ctx = groundCtx(m, v, 0, motors.Command{})
	ctx.Stance.Grounded = false
	step(m, ctx)
	if ctx.Velocity != v {
		t.Fatalf("air without input must keep momentum: %v", ctx.Velocity)
	}
}

func TestAirControlScalesOnlySteering(t *testing.T) {
	// Moving +X at 3 m/s, intent +Z at walk speed (3.5): dv = (-3, 0, 3.5),
	// |dv| = 4.61 > air_accel*dt = 1/6, so dv is scaled to length 1/6; its
	// part along +X (braking) is kept, its +Z part (steering) is multiplied
	// by air_control.
	m := newMotor(t)
	c := m.Config()
	v := mgl64.Vec3{3, -2, 0}
	ctx := motors.NewContext(dt)
	ctx.Velocity = v
	*ctx.Intent = motors.Intent{Dir: mgl64.Vec3{0, 0, 1}, PlanarDir: mgl64.Vec3{0, 0, 1}, Mag: 1}
	ctx.Intent.Speed = m.IntentSpeedCap(ctx)
	step(m, ctx)
	raw := mgl64.Vec3{-3, 0, 3.5}
	raw = raw.Mul(c.AirAccel * dt / raw.Len())
	want := mgl64.Vec3{3 + raw[0], -2, raw[2] * c.AirControl}
	if !ctx.Velocity.ApproxEqualThreshold(want, 1e-12) {
		t.Fatalf("air step %v, want %v (vertical untouched)", ctx.Velocity, want)
	}
	// From rest every change is "along": full air accel.
	in := ctx.Intent
	ctx = motors.NewContext(dt)
	ctx.Intent = in
	step(m, ctx)
	if math.Abs(ctx.Velocity.Len()-c.AirAccel*dt) > 1e-12 {
		t.Fatalf("air accel from rest %v, want %v", ctx.Velocity.Len(), c.AirAccel*dt)
	}
}

func TestGroundAccelOnSlopeGivesWalkSpeedAlongTheSurface(t *testing.T) {
	// Walking straight up a 30 degree slope, the intent stage gives
	// Dir = (cos 30, sin 30, 0). The motor tracks the planar target
	// planar(Dir)*walk = walk*cos 30; the KCC stage lifts a grounded planar
	// velocity onto the slope, so the speed along the surface is
	// (walk*cos 30)/cos 30 = walk. The vertical part is never touched.
	m := newMotor(t)
	a := 30 * math.Pi / 180
	n := mgl64.Vec3{-math.Sin(a), math.Cos(a), 0}
	dir := mgl64.Vec3{math.Cos(a), math.Sin(a), 0}
	v := mgl64.Vec3{}
	for i := 0; i < 20; i++ {
		ctx := motors.NewContext(dt)
		ctx.Stance.Grounded = true
		ctx.Stance.GroundNormal = n
		ctx.Velocity = v
		*ctx.Intent = motors.Intent{Dir: dir, PlanarDir: mgl64.Vec3{1, 0, 0}, Mag: 1}
		ctx.Intent.Speed = m.IntentSpeedCap(ctx)
		step(m, ctx)
		v = ctx.Velocity
		if v[1] != 0 || v[2] != 0 {
			t.Fatalf("tick %d: velocity %v, want planar along +X", i, v)
		}
	}
	if along := v[0] / math.Cos(a); math.Abs(along-m.Config().MaxSpeed) > 1e-12 {
		t.Fatalf("speed along the slope %v, want %v", along, m.Config().MaxSpeed)
	}
}

func TestBadNumbersNeverReachTheVelocity(t *testing.T) {
	m := newMotor(t)
	bad := []float64{math.NaN(), math.Inf(1), math.Inf(-1), 1e9, -1e300}
	for _, b := range bad {
		for _, grounded := range []bool{true, false} {
			ctx := motors.NewContext(dt)
			ctx.Stance.Grounded = grounded
			ctx.Velocity = mgl64.Vec3{b, b, 0}
			*ctx.Intent = motors.Intent{Dir: mgl64.Vec3{1, 0, 0}, PlanarDir: mgl64.Vec3{1, 0, 0}, Mag: 1, Speed: 3}
			step(m, ctx)
			if !motors.FiniteVec(ctx.Velocity) {
				t.Fatalf("velocity %v from input %v grounded=%v", ctx.Velocity, b, grounded)
			}
			ctx = motors.NewContext(b)
			ctx.Stance.Grounded = grounded
			ctx.Velocity = mgl64.Vec3{1, 0, 0}
			*ctx.Intent = motors.Intent{Dir: mgl64.Vec3{1, 0, 0}, PlanarDir: mgl64.Vec3{1, 0, 0}, Mag: 1, Speed: 3}
			step(m, ctx)
			if !motors.FiniteVec(ctx.Velocity) {
				t.Fatalf("velocity %v from dt %v", ctx.Velocity, b)
			}
		}
	}
	if _, err := New(Config{}); err == nil {
		t.Fatal("New accepted a zero config")
	}
}

func TestMetrics(t *testing.T) {
	m := newMotor(t)
	ctx := groundCtx(m, mgl64.Vec3{}, 1, motors.Command{Sprint: true})
	step(m, ctx)
	got := map[string]float64{}
	for _, mt := range m.AppendMetrics(nil) {
		got[mt.Name] = mt.Value
	}
	c := m.Config()
	if got[MetricSpeedCap] != c.SprintSpeed || math.Abs(got[MetricAccelDV]-c.GroundAccel*dt) > 1e-12 ||
		math.Abs(got[MetricPlanarSpeed]-c.GroundAccel*dt) > 1e-12 || got[MetricCrouched] != 0 || len(got) != 6 {
		t.Fatalf("metrics %v", got)
	}
}

func BenchmarkMotorStages(b *testing.B) {
	m := newMotor(b)
	ctx := motors.NewContext(dt)
	*ctx.Intent = motors.Intent{Dir: mgl64.Vec3{1, 0, 0}, PlanarDir: mgl64.Vec3{1, 0, 0}, Mag: 1}
	metrics := make([]motors.Metric, 0, 8)
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		ctx.Stance.Grounded = i&8 == 0
		ctx.Intent.Mag = float64(i & 1)
		ctx.Intent.Speed = ctx.Intent.Mag * m.IntentSpeedCap(ctx)
		m.Friction(ctx)
		m.Accel(ctx)
		m.Shaping(ctx)
		metrics = m.AppendMetrics(metrics[:0])
	}
}

// BenchmarkBaselineMoveToward is the baseline for BenchmarkMotorStages: the
// same move-toward arithmetic on a bare [3]float64, no interface calls.
func BenchmarkBaselineMoveToward(b *testing.B) {
	var v [3]float64
	for i := 0; i < b.N; i++ {
		mag := float64(i & 1)
		t := [3]float64{3.5 * mag, 0, 0}
		d := [3]float64{t[0] - v[0], t[1] - v[1], t[2] - v[2]}
		l := math.Sqrt(d[0]*d[0] + d[1]*d[1] + d[2]*d[2])
		if max := 27.5 * dt; l > max {
			d[0], d[1], d[2] = d[0]*max/l, d[1]*max/l, d[2]*max/l
		}
		v[0], v[1], v[2] = v[0]+d[0], v[1]+d[1], v[2]+d[2]
	}
	if math.IsNaN(v[0]) {
		b.Fatal("nan")
	}
}
