package rpg_test

// Acceptance tests of docs/motors/rpg.md#acceptance-tests-by-trace-replay, each an input trace under testdata/rpg
// replayed through the real pipeline (prefabs.Spawn + systems.Runner + the
// KCC stage) on a level. The expected numbers are derived from the design's
// formulas in the comments; the measured ones are logged (go test -v).

import (
	"math"
	"path/filepath"
	"testing"

	"github.com/go-gl/mathgl/mgl64"
	"github.com/seedgames/motorkit/motors"
	"github.com/seedgames/motorkit/motors/rpg"
	"github.com/seedgames/motorkit/trace"
)

func replay(t *testing.T, name string, opts ...trace.Option) *trace.Result {
	t.Helper()
	tr, err := trace.Load(filepath.Join("..", "..", "testdata", "rpg", name))
	if err != nil {
		t.Fatal(err)
	}
	res, err := trace.Replay(tr, opts...)
	if err != nil {
		t.Fatal(err)
	}
	for i, s := range res.Samples {
		if !motors.FiniteVec(s.Position) || !motors.FiniteVec(s.Velocity) {
			t.Fatalf("%s: non-finite state at sample %d: %+v", name, i, s)
		}
	}
	return res
}

// The rpg_player recipe's motor config is the default.
var cfg = rpg.DefaultConfig()

// Predictable stop distance. The pipeline runs the motor, then moves
// the body by v*dt (semi-implicit Euler). After release the target is zero,
// so v_n = v0 r^n with r = exp(-dt/tau_decel) (tau_decel_stop is 0 in the
// recipe), and the distance over N ticks is the geometric sum
//
//	d_N = dt v0 (r + r^2 + ... + r^N) = dt v0 r (1 - r^N) / (1 - r)
//
// (the continuous model gives v0*tau_decel = 0.84 m; the discrete sum is
// v0*(tau - dt/2 + O(dt^2)) = 0.7918 m at 60 Hz). Required: within 1%.
func TestStopDistanceMatchesClosedForm(t *testing.T) {
	res := replay(t, "stop_distance.toml")
	const run = 240
	rel := res.Samples[run-1] // last tick with input
	v0 := rel.PlanarSpeed
	if math.Abs(v0-cfg.MaxSpeed) > 1e-6 {
		t.Fatalf("speed before release %v, want max_speed %v", v0, cfg.MaxSpeed)
	}
	last := res.Samples[len(res.Samples)-1]
	n := float64(len(res.Samples) - run)
	dt := 1.0 / 60
	r := math.Exp(-dt / cfg.TauDecel)
	want := dt * v0 * r * (1 - math.Pow(r, n)) / (1 - r)
	got := last.Position.Sub(rel.Position).Len()
	relErr := math.Abs(got-want) / want
	t.Logf("stop distance from %.4f m/s: measured %.6f m, closed form %.6f m (rel. error %.2e), continuous v0*tau = %.4f m",
		v0, got, want, relErr, v0*cfg.TauDecel)
	if relErr > 0.01 {
		t.Errorf("stop distance %.6f m differs from the closed form %.6f m by %.2f%%", got, want, 100*relErr)
	}
	// Time to stop below 1 cm/s: n > tau*ln(v0/0.01)/dt = 53.7 ticks -> 54.
	stopTick := -1
	for i := run; i < len(res.Samples); i++ {
		if res.Samples[i].PlanarSpeed < 0.01 {
			stopTick = i - run + 1
			break
		}
	}
	wantStop := int(math.Ceil(cfg.TauDecel * math.Log(v0/0.01) * 60))
	t.Logf("below 1 cm/s after %d ticks (predicted %d)", stopTick, wantStop)
	if stopTick != wantStop {
		t.Errorf("stopped below 1 cm/s after %d ticks, want %d", stopTick, wantStop)
	}
}

// Consistent ramp-up: v_n = V (1 - exp(-n dt / tau_accel)) reaches
// 0.9 V when n dt >= tau_accel ln 10 = 0.18*2.302585 = 0.41447 s, i.e. tick
// 24.87 at 60 Hz. Required: within one tick.
func TestRampUpTimeTo90Percent(t *testing.T) {
	res := replay(t, "ramp_up.toml")
	const settle = 10
	if s := res.Samples[settle-1]; !s.Grounded || s.PlanarSpeed != 0 {
		t.Fatalf("not at rest on the ground after settling: %+v", s)
	}
	n := -1
	for i, s := range res.Samples[settle:] {
		if s.PlanarSpeed >= 0.9*cfg.MaxSpeed {
			n = i + 1
			break
		}
	}
	want := cfg.TauAccel * math.Ln10 * 60
	t.Logf("90%% of max speed on tick %d (%.4f s); tau_accel*ln(10) = %.4f s = %.2f ticks", n, float64(n)/60, want/60, want)
	if n < 0 || math.Abs(float64(n)-want) > 1 {
		t.Errorf("reached 90%% on tick %d, want %.2f +- 1", n, want)
	}
	// Direction: yaw 30° forward = (cos 30°, 0, sin 30°).
	v := motors.Planar(res.Samples[len(res.Samples)-1].Velocity)
	if a := motors.AngleBetween(v, motors.YawForward(math.Pi/6)); a > 1e-9 {
		t.Errorf("velocity %v is %.3g rad off the view forward", v, a)
	}
}

// Slope/step stability over rpg_course (20° and 30° ramps up and down,
// five 0.2 m steps up and down) at full speed: no grounded flicker (the
// character is grounded on every tick) and no micro-hops or jitter: while
// the terrain under the capsule rises the height never drops, and while it
// falls the height never rises, beyond the controller's 1 cm skin (offset):
// a rise smaller than the skin while grounded is contact settling, not a
// hop. The x ranges are those of the level file, split at the middle of
// each plateau. The largest move against the terrain is logged.
func TestSlopeAndStepTraversalIsStable(t *testing.T) {
	res := replay(t, "traverse_course.toml")
	ss := res.Samples
	airborne := 0
	for _, s := range ss {
		if !s.Grounded {
			airborne++
			t.Logf("airborne at tick %d: x=%.3f y=%.4f", s.Tick, s.Position[0], s.Position[1])
		}
	}
	flips := res.GroundedFlips(0)
	t.Logf("grounded flips %d, airborne ticks %d of %d, end x = %.2f", flips, airborne, len(ss), ss[len(ss)-1].Position[0])
	if flips != 0 || airborne != 0 {
		t.Errorf("grounded flicker: %d flips, %d airborne ticks", flips, airborne)
	}
	if end := ss[len(ss)-1].Position[0]; end < 60 {
		t.Fatalf("did not cross the course: ended at x = %.2f", end)
	}
	type span struct {
		x0, x1 float64
		up     bool
	}
	spans := []span{{0, 18, true}, {18, 29, false}, {29, 38, true}, {38, 47, false}, {47, 54, true}, {54, 70, false}}
	const tol = 0.01 // rpg_player [kcc] offset
	worst := 0.0
	for _, sp := range spans {
		ext := math.NaN()
		for _, s := range ss {
			x, y := s.Position[0], s.Position[1]
			if x < sp.x0 || x >= sp.x1 {
				continue
			}
			if math.IsNaN(ext) {
				ext = y
			}
			if sp.up {
				worst = math.Max(worst, ext-y)
			} else {
				worst = math.Max(worst, y-ext)
			}
			if sp.up && y < ext-tol || !sp.up && y > ext+tol {
				t.Errorf("x in [%v, %v) (%s): height %.4f at x = %.3f moved against the terrain from %.4f",
					sp.x0, sp.x1, map[bool]string{true: "rising", false: "falling"}[sp.up], y, x, ext)
				break
			}
			if sp.up {
				ext = math.Max(ext, y)
			} else {
				ext = math.Min(ext, y)
			}
		}
	}
	t.Logf("largest height change against the terrain: %.4f m", worst)
	// Planar speed per stretch. On a walkable ramp the motor tracks the
	// planar part of the ground-tangent target (docs/architecture.md#speeds-on-slopes),
	// which the KCC stage lifts back onto the slope: the speed along the
	// ground is max_speed and the planar speed max_speed·cos(slope) (5.638
	// on 20°, 5.196 on 30°); over a step's edge the controller lifts a
	// horizontal move at full length, so steps keep max_speed. Required: at
	// least 95% of that and never above max_speed.
	stretches := []struct {
		name     string
		x0, x1   float64
		slopeDeg float64
	}{{"20° up", 12, 15.5, 20}, {"20° down", 21, 25.5, 20}, {"30° up", 33.5, 36, 30},
		{"30° down", 40.5, 43.5, 30}, {"steps up", 49.5, 52, 0}, {"steps down", 56, 58, 0}}
	for _, st := range stretches {
		lo, hi := math.Inf(1), 0.0
		for _, s := range ss {
			if x := s.Position[0]; x >= st.x0 && x < st.x1 {
				lo, hi = math.Min(lo, s.PlanarSpeed), math.Max(hi, s.PlanarSpeed)
			}
		}
		want := cfg.MaxSpeed * math.Cos(st.slopeDeg*math.Pi/180)
		t.Logf("%-10s planar speed %.3f .. %.3f m/s (max_speed·cos %.3f)", st.name, lo, hi, want)
		if lo < 0.95*want || hi > cfg.MaxSpeed+1e-9 {
			t.Errorf("%s: planar speed %.3f .. %.3f m/s, want within [95%%, 100%%] of %.3f and at most max_speed", st.name, lo, hi, want)
		}
	}
}

// No unintended air control: with air_policy "none" the planar
// velocity on every airborne tick equals the one the character left the
// ground with, bit for bit, whatever the input (backpedal, strafe, view
// turning).
func TestNoAirControlWithAirPolicyNone(t *testing.T) {
	res := replay(t, "air_none.toml")
	ss := res.Samples
	jump := -1
	for i, s := range ss {
		if s.JumpConsumed {
			jump = i
			break
		}
	}
	if jump < 0 {
		t.Fatal("the jump was never consumed")
	}
	takeoff := motors.Planar(ss[jump].Velocity)
	air := 0
	for i := jump + 1; i < len(ss) && !ss[i].Grounded; i++ {
		if v := motors.Planar(ss[i].Velocity); v != takeoff {
			t.Fatalf("airborne tick %d: planar velocity %v, takeoff %v", i-jump, v, takeoff)
		}
		air++
	}
	// Airtime with jump speed 6 and gravity 20: 2*6/20 = 0.6 s = 36 ticks.
	t.Logf("planar velocity held at %v (|v| = %.4f) for %d airborne ticks", takeoff, takeoff.Len(), air)
	if air < 30 {
		t.Fatalf("only %d airborne ticks: the input segments did not happen in the air", air)
	}
}

// steadySpeed is the planar speed at the end of segment k (segments of 180
// ticks).
func steadySpeed(ss []trace.Sample, k int) (float64, mgl64.Vec3) {
	s := ss[180*(k+1)-1]
	return s.PlanarSpeed, motors.Planar(s.Velocity)
}

// Full-speed strafe: after 3 s (16.7 tau) of each input the speed is
// at its target within 6*exp(-3/0.18) = 3.6e-7 m/s: forward and strafe both
// at max_speed = 6 m/s, backpedal at max_speed * backpedal_speed_scale =
// 3.9 m/s; each along the input direction relative to the 45° view.
func TestFullSpeedStrafeAndBackpedal(t *testing.T) {
	res := replay(t, "strafe_backpedal.toml")
	yaw := math.Pi / 4
	dirs := []mgl64.Vec3{motors.YawForward(yaw), motors.YawRight(yaw), motors.YawForward(yaw).Mul(-1), motors.YawRight(yaw).Mul(-1)}
	want := []float64{cfg.MaxSpeed, cfg.MaxSpeed, cfg.MaxSpeed * cfg.BackpedalSpeedScale, cfg.MaxSpeed}
	names := []string{"forward", "strafe right", "backpedal", "strafe left"}
	for k := range names {
		s, v := steadySpeed(res.Samples, k)
		t.Logf("%-12s %.6f m/s (want %.4f)", names[k], s, want[k])
		if math.Abs(s-want[k]) > 1e-5 {
			t.Errorf("%s speed %.6f, want %.4f", names[k], s, want[k])
		}
		if a := motors.AngleBetween(v, dirs[k]); a > 1e-6 {
			t.Errorf("%s direction off by %.3g rad", names[k], a)
		}
	}
}

// Frame-rate independence: the exponential update is exact per tick for a
// constant target, so velocities agree at any rate at the same time; the
// positions differ only by the O(dt) integration of the body (about
// v*dt/2 per change of speed). Required: the end positions at 30, 60 and
// 120 Hz within 2% of the distance travelled of each other.
func TestFrameRateIndependence(t *testing.T) {
	var ends []mgl64.Vec3
	var dist float64
	for _, hz := range []float64{30, 60, 120} {
		res := replay(t, "frame_rate.toml", trace.WithTickRate(hz))
		ss := res.Samples
		if want := int(2 * hz); len(ss) != want {
			t.Fatalf("%v Hz: %d ticks, want %d (2 s)", hz, len(ss), want)
		}
		end := ss[len(ss)-1].Position
		ends = append(ends, end)
		dist = end.Sub(mgl64.Vec3(*res.Trace.Spawn.Position)).Len()
		t.Logf("%3.0f Hz: end (%.4f, %.4f, %.4f), planar speed %.4f", hz, end[0], end[1], end[2], ss[len(ss)-1].PlanarSpeed)
	}
	for i := 1; i < len(ends); i++ {
		d := ends[i].Sub(ends[0]).Len()
		t.Logf("end %d vs 30 Hz: %.4f m apart = %.3f%% of %.3f m", i, d, 100*d/dist, dist)
		if d > 0.02*dist {
			t.Errorf("end positions %v and %v differ by %.3f%% (> 2%%)", ends[0], ends[i], 100*d/dist)
		}
	}
}

// Option B, air_policy "limited": on every airborne tick the planar
// velocity follows v <- v + (target - v) * alpha_air with alpha_air =
// 1 - exp(-dt/tau_air) = 1 - exp(-1/36) = 0.02740 and target = 6 m/s
// along +Z (strafe right at yaw 0), starting from the takeoff velocity.
func TestLimitedAirControlTracksWithTauAir(t *testing.T) {
	res := replay(t, "air_limited.toml")
	ss := res.Samples
	jump := -1
	for i, s := range ss {
		if s.JumpConsumed {
			jump = i
			break
		}
	}
	if jump < 0 {
		t.Fatal("no jump")
	}
	alpha := 1 - math.Exp(-(1.0/60)/cfg.TauAir)
	target := mgl64.Vec3{0, 0, cfg.MaxSpeed}
	v := motors.Planar(ss[jump].Velocity)
	n := 0
	for i := jump + 1; i < len(ss) && !ss[i].Grounded; i++ {
		v = v.Add(target.Sub(v).Mul(alpha))
		got := motors.Planar(ss[i].Velocity)
		if got.Sub(v).Len() > 1e-12 {
			t.Fatalf("airborne tick %d: planar velocity %v, want %v", i-jump, got, v)
		}
		n++
	}
	t.Logf("%d airborne ticks tracked with alpha_air = %.5f; planar velocity at landing %v", n, alpha, v)
	if n < 30 {
		t.Fatalf("only %d airborne ticks", n)
	}
}

// The same trace replayed twice gives bit-identical samples.
func TestReplayIsDeterministic(t *testing.T) {
	a := replay(t, "traverse_course.toml").Samples
	b := replay(t, "traverse_course.toml").Samples
	if len(a) != len(b) {
		t.Fatalf("%d vs %d samples", len(a), len(b))
	}
	for i := range a {
		if a[i].Position != b[i].Position || a[i].Velocity != b[i].Velocity || a[i].Grounded != b[i].Grounded {
			t.Fatalf("sample %d differs: %+v vs %+v", i, a[i], b[i])
		}
		for k := range a[i].Metrics {
			if a[i].Metrics[k] != b[i].Metrics[k] {
				t.Fatalf("sample %d metric %v vs %v", i, a[i].Metrics[k], b[i].Metrics[k])
			}
		}
	}
}
