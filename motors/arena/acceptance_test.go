package arena_test

// docs/motors/arena.md#acceptance-tests acceptance tests, each an input trace under testdata/arena
// replayed through the full pipeline (prefabs.Spawn of "arena_player", a
// level from prefabs/levels, systems.Runner, the kcc controller).
//
// Every expected number is derived below from the design's formulas with the
// default configuration (motors/arena/arena.toml) at 60 Hz:
//
//	W = 8 m/s, dt = 1/60 s, friction f = 6/s, stop_speed s = 0.3W = 2.4 m/s,
//	ground_accel_rate = 14/s, air_accel_rate = 8/s, theta_target = 35°,
//	g_min = 0.85, g_peak = 1.25, bonus_scale = 0.5, blend 8..11.2 m/s,
//	shaping 1.5 rad/s capped at 2°/tick, min_speed_for_shaping 7.2 m/s,
//	jump buffer 3 ticks, soft frictionless jump; KCC gravity 20 m/s²,
//	jump speed 6.32 m/s.
//
// The speed plots of tests 3 and 5 (docs/img/arena_*.png) are drawn from the
// same traces by the demo module's demo/plots (go run ./demo/plots).

import (
	"fmt"
	"math"
	"path/filepath"
	"strings"
	"testing"

	"github.com/go-gl/mathgl/mgl64"

	"github.com/yohamta/donburi"
	"github.com/yohamta/donburi/filter"

	"github.com/seedgames/motorkit/components"
	"github.com/seedgames/motorkit/motors/arena"
	"github.com/seedgames/motorkit/prefabs"
	"github.com/seedgames/motorkit/systems"
	"github.com/seedgames/motorkit/trace"
)

const (
	w60 = 8.0      // W, m/s
	dt  = 1.0 / 60 // s
)

func replay(t *testing.T, file string, opts ...trace.Option) *trace.Result {
	t.Helper()
	tr, err := trace.Load(filepath.Join("..", "..", "testdata", "arena", file))
	if err != nil {
		t.Fatal(err)
	}
	res, err := trace.Replay(tr, opts...)
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Samples) != tr.Ticks() || res.Samples[0].Tick != 0 {
		t.Fatalf("%s: %d samples for %d ticks", file, len(res.Samples), tr.Ticks())
	}
	return res
}

func metric(t *testing.T, s *trace.Sample, name string) float64 {
	t.Helper()
	v, ok := s.Metric(name)
	if !ok {
		t.Fatalf("tick %d: metric %q missing", s.Tick, name)
	}
	return v
}

// TestAcceptance1CrispStop: from W on flat ground, release all input.
//
// The friction rule per tick: drop = max(v, s)*f*dt, v' = max(v - drop, 0).
// Above the floor v' = v*r with r = 1 - f*dt = 0.9; at or below it the
// speed falls linearly by d = s*f*dt = 0.24 m/s per tick.
//
//	n1 = ceil(ln(s/W)/ln r) = ceil(ln 0.3 / ln 0.9) = ceil(11.43) = 12 ticks
//	v1 = W r^n1 = 8*0.9^12 = 2.2594 m/s (first speed <= s)
//	m  = ceil(v1/d) - 1 = ceil(9.414) - 1 = 9 more ticks with v > 0
//	N  = n1 + m + 1 = 22 ticks = 0.3667 s to v = 0
//	D  = dt*(W r (1-r^n1)/(1-r) + m v1 - d m(m+1)/2)
//	   = (72(1 - 0.9^12) + 9*8*0.9^12 - 10.8)/60 = 61.2/60 = 1.0200 m
//
// (The continuous-time limit would be ln(W/s)/f + 1/f = 0.367 s and
// (W-s)/f + s/(2f) = 1.133 m; the rule is applied per tick, so the test uses
// the discrete closed form.) Friction alone without stop_speed (s = 0):
// v_k = W r^k never reaches 0; it covers dt W r/(1-r) = 1.2 m in the limit
// and needs ceil(ln 0.01/ln 0.9) = 44 ticks just to fall below 1% of W.
func TestAcceptance1CrispStop(t *testing.T) {
	const (
		f, s    = 6.0, 0.3 * w60
		release = 60
	)
	r := 1 - f*dt
	n1 := int(math.Ceil(math.Log(s/w60) / math.Log(r)))
	v1 := w60 * math.Pow(r, float64(n1))
	d := s * f * dt
	m := int(math.Ceil(v1/d)) - 1
	wantTicks := n1 + m + 1
	wantDist := dt * (w60*r*(1-math.Pow(r, float64(n1)))/(1-r) + float64(m)*v1 - d*float64(m*(m+1))/2)
	if n1 != 12 || m != 9 || wantTicks != 22 || math.Abs(wantDist-1.02) > 1e-9 {
		t.Fatalf("derivation: n1=%d m=%d N=%d D=%v", n1, m, wantTicks, wantDist)
	}

	res := replay(t, "crisp_stop.toml")
	before := res.Samples[release-1]
	if math.Abs(before.PlanarSpeed-w60) > 1e-9 || !before.Grounded {
		t.Fatalf("run-up: speed %v grounded %v, want W on the ground", before.PlanarSpeed, before.Grounded)
	}
	stop := -1
	for i := release; i < len(res.Samples); i++ {
		if res.Samples[i].PlanarSpeed == 0 {
			stop = i
			break
		}
	}
	if stop < 0 {
		t.Fatal("never stopped")
	}
	gotTicks := stop - (release - 1)
	gotDist := res.Samples[stop].Position.Sub(before.Position).Len()
	t.Logf("crisp stop: %d ticks (%.4f s), %.4f m; closed form %d ticks, %.4f m", gotTicks, float64(gotTicks)*dt, gotDist, wantTicks, wantDist)
	if math.Abs(float64(gotTicks-wantTicks)) > 0.01*float64(wantTicks) || math.Abs(gotDist-wantDist) > 0.01*wantDist {
		t.Errorf("stop %d ticks %.4f m, want %d ticks %.4f m within 1%%", gotTicks, gotDist, wantTicks, wantDist)
	}

	// Same trace with stop_speed = 0: friction alone.
	alone := replay(t, "crisp_stop.toml", trace.WithOverride("[motor]\nstop_speed = 0.0\n"))
	below1pc := -1
	for i := release; i < len(alone.Samples); i++ {
		sp := alone.Samples[i].PlanarSpeed
		if sp == 0 {
			t.Fatalf("friction alone stopped dead at tick %d", i)
		}
		if below1pc < 0 && sp < 0.01*w60 {
			below1pc = i - (release - 1)
		}
	}
	aloneDist := alone.Samples[len(alone.Samples)-1].Position.Sub(alone.Samples[release-1].Position).Len()
	t.Logf("friction alone: %d ticks to < 1%% W, %.4f m after 90 ticks (limit 1.2 m)", below1pc, aloneDist)
	if below1pc != 44 || !(aloneDist > gotDist) || math.Abs(aloneDist-1.2*(1-math.Pow(r, 90))) > 1e-6 {
		t.Errorf("friction alone: %d ticks, %.4f m; want 44 ticks and %.4f m > %.4f m", below1pc, aloneDist, 1.2*(1-math.Pow(r, 90)), gotDist)
	}
}

// TestAcceptance2CrispRedirect: full speed forward (+X), then full strafe
// right (+Z) with the view unchanged.
//
// Each tick friction then accel. While the speed is above s
// friction scales the whole planar velocity by r = 0.9, and the accel adds
// along +Z only: x_k = W r^k, z_k = min(r z_{k-1} + a dt W, W) with
// a dt W = 14/60*8 = 1.8667 m/s, so z = 1.867, 3.547, 5.059, 6.420, 7.645, 8
// (W from tick 6 on). The velocity is within 5° of +Z when x_k/z_k < tan 5°;
// with z = W that is 0.9^k < tan 5° = 0.0875, k > ln(0.0875)/ln(0.9) = 23.1:
// K = 24 ticks = 0.400 s.
func TestAcceptance2CrispRedirect(t *testing.T) {
	const start = 60
	r := 1 - 6*dt
	push := 14 * dt * w60
	tan5 := math.Tan(5 * math.Pi / 180)
	x, z, want := w60, 0.0, -1
	for k := 1; k < 60 && want < 0; k++ {
		x *= r
		z = math.Min(r*z+push, w60)
		if x/z < tan5 {
			want = k
		}
	}
	if closed := int(math.Ceil(math.Log(tan5) / math.Log(r))); want != closed || want != 24 {
		t.Fatalf("derivation: recurrence %d, closed form %d", want, closed)
	}

	res := replay(t, "crisp_redirect.toml")
	if v := res.Samples[start-1].Velocity; math.Abs(v[0]-w60) > 1e-9 || math.Abs(v[2]) > 1e-9 {
		t.Fatalf("run-up velocity %v", v)
	}
	got := -1
	for i := start; i < len(res.Samples); i++ {
		v := res.Samples[i].Velocity
		ang := math.Atan2(math.Abs(v[0]), v[2]) * 180 / math.Pi
		if ang < 5 && got < 0 {
			got = i - (start - 1)
		}
		if got > 0 && ang >= 5 {
			t.Fatalf("tick %d: left the 5° cone again (%.3f°)", i, ang)
		}
	}
	end := res.Samples[len(res.Samples)-1]
	t.Logf("crisp redirect: within 5° after %d ticks (%.3f s), predicted %d; final velocity %v", got, float64(got)*dt, want, end.Velocity)
	if got != want {
		t.Errorf("within 5° after %d ticks, want %d", got, want)
	}
	// After 60 ticks x = W r^60 = 0.0144 m/s is left of the old direction.
	if want := math.Hypot(w60, w60*math.Pow(r, 60)); math.Abs(end.PlanarSpeed-want) > 1e-9 {
		t.Errorf("final speed %v, want %v", end.PlanarSpeed, want)
	}
}

// aimAtGoldenAngle stands in for the player's mouse in the strafe trace:
// from tick `from` on, before the intent stage, it turns the view so the
// planar velocity is theta to the left of the view forward (yaw =
// heading + theta; yaw grows toward +Z = right). With forward + strafe
// right held, the intent is 45° right of the view, 80° from the velocity.
func aimAtGoldenAngle(theta float64, from uint64) trace.Option {
	q := donburi.NewQuery(filter.Contains(components.Body, components.View, components.Motor))
	return trace.WithSetup(func(_ donburi.World, p *systems.Pipeline) error {
		p.AddBefore(systems.StageIntent, "arena_test.aim", func(w donburi.World, tk systems.Tick) {
			if tk.N < from {
				return
			}
			q.Each(w, func(e *donburi.Entry) {
				v := components.Body.Get(e).Velocity
				components.View.Get(e).Yaw = math.Atan2(v[2], v[0]) + theta
			})
		})
		return nil
	})
}

// TestAcceptance3AirStrafeSpeedBuild: chained jumps with the view turning at
// the Golden Angle for 5 s.
//
// With the aim above the intent is always phi = theta_target + 45° = 80°
// from the velocity. One projection-limited accelerate with accel a
// and intent speed u adds p = min(a dt u, u - v cos phi) (if > 0) at phi,
// plus the bonus b along the same direction when gain > 1, so
//
//	v'^2 = v^2 + P^2 + 2 v P cos phi,   P = p + b.
//
// Gain disabled (g_min = g_peak = 1): air ticks use a = 8, u = W, b = 0, so
// P = 8/60*8 = 1.0667 m/s while v cos 80° < W - P, and the speed rises by
// about P cos 80° = 0.185 m/s per tick (11.1 m/s² at the start), slowing as
// v cos phi nears W (the projection limit caps it at W/cos 80° = 46 m/s).
// The jump ticks (grounded, soft mode: no friction) use a = 14, u = W.
// The test iterates this recurrence over the replay's own grounded/airborne
// ticks and asks the replay to match it within 0.5%. With the default gain
// (theta = theta_target, so q = 1, g = g_peak = 1.25 above 11.2 m/s) the air
// ticks get u = 8g, a = 8g and b = (g-1)*0.5*8*dt*8, so it must end higher.
func TestAcceptance3AirStrafeSpeedBuild(t *testing.T) {
	cfg := arena.DefaultConfig()
	const start, ticks = 60, 300
	phi := cfg.ThetaTarget() + math.Pi/4
	aim := aimAtGoldenAngle(cfg.ThetaTarget(), start)
	noGain := replay(t, "strafe_build.toml", aim, trace.WithOverride("[motor]\ng_min = 1.0\ng_peak = 1.0\n"))
	gain := replay(t, "strafe_build.toml", aim)

	predict := func(res *trace.Result, c arena.Config) []float64 {
		out := make([]float64, len(res.Samples))
		v := res.Samples[start-1].PlanarSpeed
		out[start-1] = v
		for k := start; k < len(res.Samples); k++ {
			a, u, b := c.AirAccelRate, c.MaxSpeedAir, 0.0
			if res.Samples[k-1].Grounded { // the motor sees last tick's KCC report
				a, u = c.GroundAccelRate, c.MaxSpeed
			} else {
				q := arena.Quality(c.ThetaTarget(), c.ThetaTarget(), c.QualitySmoothstep)
				g := c.Gain(q, v)
				if g > 1 {
					b = (g - 1) * c.BonusScale * c.AirAccelRate * dt * u
				}
				a, u = a*g, u*g
			}
			p := math.Min(a*dt*u, u-v*math.Cos(phi))
			if p < 0 {
				p = 0
			}
			P := p + b
			v = math.Sqrt(v*v + P*P + 2*v*P*math.Cos(phi))
			out[k] = v
		}
		return out
	}
	noGainCfg := cfg
	noGainCfg.GMin, noGainCfg.GPeak = 1, 1

	check := func(name string, res *trace.Result, c arena.Config) float64 {
		pred := predict(res, c)
		jumps, maxErr := 0, 0.0
		for k := start; k < start+ticks; k++ {
			s := &res.Samples[k]
			if s.PlanarSpeed < res.Samples[k-1].PlanarSpeed-1e-9 {
				t.Errorf("%s: speed fell at tick %d: %.5f -> %.5f", name, k, res.Samples[k-1].PlanarSpeed, s.PlanarSpeed)
			}
			if s.JumpConsumed {
				jumps++
			}
			maxErr = math.Max(maxErr, math.Abs(s.PlanarSpeed-pred[k])/pred[k])
		}
		v0, v1 := res.Samples[start-1].PlanarSpeed, res.Samples[start+ticks-1].PlanarSpeed
		t.Logf("%s: %.3f -> %.3f m/s over 5 s (predicted %.3f), %d jumps, max deviation from the recurrence %.2e",
			name, v0, v1, pred[start+ticks-1], jumps, maxErr)
		if maxErr > 0.005 {
			t.Errorf("%s: replay deviates %.3f%% from the projection-limited prediction", name, 100*maxErr)
		}
		if err := chained(res, start+1, start+ticks); err != "" || jumps < 8 {
			t.Errorf("%s: %d jumps in 5 s (want >= 8, one per ~0.63 s hop); %s", name, jumps, err)
		}
		return v1
	}
	vNo := check("gain disabled", noGain, noGainCfg)
	vGain := check("gain enabled", gain, cfg)
	if !(vGain > vNo*1.05) {
		t.Errorf("gain enabled ends at %.3f m/s, not clearly above %.3f without gain", vGain, vNo)
	}
	// The gain run really ran at the Golden Angle with full gain once fast.
	last := &gain.Samples[start+ticks-1]
	if th := metric(t, last, arena.MetricTheta); math.Abs(th-cfg.ThetaTarget()) > 1e-9 {
		t.Errorf("theta %v, want theta_target", th)
	}
}

// TestAcceptance4DoorwayAtSpeed: at 1.5W in the air, a doorway 1.2 m wide
// whose centre is 0.5 m to the side of the current line, 6 m ahead.
//
// The player looks at the door centre (alpha = atan(0.5/6) = 4.76°) and holds
// forward. Without shaping nothing turns the velocity: the air intent speed
// is W*gain with gain = lerp(1, lerp(0.85, 1.25, theta/35°), 1) <= 0.90 here,
// i.e. at most 7.2 m/s, below the 12 m/s already along the intent, so the
// projection-limited accel adds nothing and the capsule (r = 0.3)
// stays on z = 0, hitting the jamb at z = -0.1. With shaping the velocity
// turns toward the intent by min(1.5*dt, 2°) = 0.025 rad per tick: 0.025,
// 0.050, 0.075, then the remaining 0.0081 rad, after which it flies along
// the intent. The recurrence z += 12 dt sin(heading), x += 12 dt cos(heading)
// predicts the centre's z where it crosses the wall (x = 6.1); the gap for
// the centre is [-0.1 + 0.3, 1.1 - 0.3] = [0.2, 0.8].
func TestAcceptance4DoorwayAtSpeed(t *testing.T) {
	cfg := arena.DefaultConfig()
	alpha := math.Atan(0.5 / 6)
	step := math.Min(cfg.ShapingStrength*dt, cfg.MaxShapingAnglePerTick())
	heading, x, z := 0.0, 0.0, 0.0
	for {
		heading = math.Min(alpha, heading+step)
		nx := x + 1.5*w60*dt*math.Cos(heading)
		nz := z + 1.5*w60*dt*math.Sin(heading)
		if nx >= 6.1 {
			z += (6.1 - x) / (nx - x) * (nz - z)
			break
		}
		x, z = nx, nz
	}
	wantZ := z

	type pass struct {
		made     bool
		z, speed float64
		tick     int
	}
	run := func(res *trace.Result) pass {
		for i := range res.Samples {
			s := &res.Samples[i]
			if s.PlanarSpeed < 0.99*1.5*w60 {
				return pass{speed: s.PlanarSpeed, tick: i, z: s.Position[2]} // touched something
			}
			if s.Position[0] >= 6.1 {
				prev := res.Samples[i-1].Position
				f := (6.1 - prev[0]) / (s.Position[0] - prev[0])
				zc := prev[2] + f*(s.Position[2]-prev[2])
				return pass{made: !s.Grounded && zc >= 0.2 && zc <= 0.8, z: zc, speed: s.PlanarSpeed, tick: i}
			}
		}
		return pass{}
	}

	shaped := replay(t, "doorway.toml")
	p := run(shaped)
	t.Logf("with shaping: made=%v, crosses x=6.1 at z=%.4f (predicted %.4f) on tick %d at %.3f m/s", p.made, p.z, wantZ, p.tick, p.speed)
	if !p.made || math.Abs(p.z-wantZ) > 0.002 {
		t.Errorf("with shaping the doorway was not made as predicted: %+v, want z %.4f", p, wantZ)
	}
	// Shaping never turns more than the per-tick cap, and nothing else turns
	// the velocity in this run.
	maxTurn, total := 0.0, 0.0
	prevHeading := 0.0 // the launch velocity is along +X
	for i := 0; i <= p.tick; i++ {
		s := &shaped.Samples[i]
		a := metric(t, s, arena.MetricShapingAngle)
		h := math.Atan2(s.Velocity[2], s.Velocity[0])
		turn := math.Abs(h - prevHeading)
		prevHeading = h
		if a > cfg.MaxShapingAnglePerTick()+1e-12 || turn > a+1e-9 {
			t.Errorf("tick %d: shaping %.5f rad, heading change %.5f rad, cap %.5f", i, a, turn, cfg.MaxShapingAnglePerTick())
		}
		maxTurn = math.Max(maxTurn, turn)
		total += a
	}
	t.Logf("max heading change per tick %.4f° (cap %.1f°, rate limit %.4f°), total shaping %.3f° (alpha %.3f°)",
		maxTurn*180/math.Pi, cfg.MaxShapingAnglePerTick()*180/math.Pi, step*180/math.Pi, total*180/math.Pi, alpha*180/math.Pi)

	plain := replay(t, "doorway.toml", trace.WithOverride("[motor]\nshaping_strength = 0.0\n"))
	q := run(plain)
	t.Logf("without shaping: made=%v, z=%.4f, tick %d, speed %.3f m/s", q.made, q.z, q.tick, q.speed)
	if q.made {
		t.Errorf("without shaping the doorway was made: %+v", q)
	}
}

// chained reports "" when, on ticks [from, to), every landing is followed by
// a jump on the first tick the motor sees the ground (the KCC reported the
// landing on the tick before) and no jump happens anywhere else.
func chained(res *trace.Result, from, to int) string {
	for k := from; k < to && k < len(res.Samples); k++ {
		firstGrounded := res.Samples[k-1].Grounded && !res.Samples[k-2].Grounded
		if firstGrounded != res.Samples[k].JumpConsumed {
			return fmt.Sprintf("tick %d: first grounded tick %v, jump consumed %v", k, firstGrounded, res.Samples[k].JumpConsumed)
		}
	}
	return ""
}

// TestAcceptance5FrictionlessJumpRetention: 10 chained bunny hops with
// buffered jumps at 1.5W = 12 m/s, forward held; the speed is measured on
// the 11th jump tick, after 10 landings.
//
// Soft mode: the only grounded ticks are the jump ticks (the buffered press
// is consumed on the first grounded tick), where soft mode skips friction; in the
// air the forward intent is along the velocity, theta = 0, q = 0, so gain =
// g_min = 0.85 and the intent speed 6.8 m/s is below the 12 m/s along it (no
// accel, no bonus), shaping has nothing to turn, and air_resistance is 0:
// retention 100%. None mode: each jump tick applies the friction rule, v *= 0.9, and the
// ground accel (intent speed W) only helps below W: 12 -> 10.8 -> 9.72 ->
// 8.748 -> 7.873 -> W = 8 (the accel tops it up), so 8/12 = 66.7% remains.
func TestAcceptance5FrictionlessJumpRetention(t *testing.T) {
	const entry = 1.5 * w60
	retention := func(mode string) (float64, *trace.Result) {
		res := replay(t, "bunny_hops.toml", trace.WithOverride("[motor]\nfrictionless_jump_mode = \""+mode+"\"\n"))
		var jumps []int
		buffered := 0
		for i := range res.Samples {
			if res.Samples[i].JumpConsumed {
				jumps = append(jumps, i)
				if i%4 != 0 { // taps are on ticks 0, 4, 8, ...: this press waited in the buffer
					buffered++
				}
			}
		}
		if len(jumps) < 11 || jumps[0] != 1 {
			t.Fatalf("%s: jumps at %v, want >= 11 starting on tick 1", mode, jumps)
		}
		if err := chained(res, 2, jumps[10]+1); err != "" {
			t.Fatalf("%s: %s", mode, err)
		}
		t.Logf("%s: 11th jump on tick %d; %d of %d jumps came from a press buffered on an earlier tick", mode, jumps[10], buffered, len(jumps))
		if buffered == 0 {
			t.Errorf("%s: no jump came from the buffer", mode)
		}
		return res.Samples[jumps[10]].PlanarSpeed / entry, res
	}
	soft, softRes := retention("soft")
	none, noneRes := retention("none")
	hard, _ := retention("hard")
	t.Logf("speed kept after 10 chained hops: soft %.4f, hard %.4f, none %.4f (predicted 1, 1, %.4f)", soft, hard, none, w60/entry)
	if soft < 0.95 || math.Abs(soft-1) > 1e-9 {
		t.Errorf("soft retention %.4f, want >= 0.95 (derived: 1)", soft)
	}
	if math.Abs(hard-1) > 1e-9 {
		t.Errorf("hard retention %.4f, want 1", hard)
	}
	if math.Abs(none-w60/entry) > 1e-6 || !(none < soft-0.1) {
		t.Errorf("none retention %.4f, want %.4f, measurably below soft", none, w60/entry)
	}
	// The friction_scale metric shows the policy on every jump tick.
	for i := range softRes.Samples {
		if softRes.Samples[i].JumpConsumed {
			if fs := metric(t, &softRes.Samples[i], arena.MetricFrictionScale); i > 0 && fs != 0 {
				t.Errorf("soft jump tick %d: friction_scale %v, want 0", i, fs)
			}
			if fs := metric(t, &noneRes.Samples[i], arena.MetricFrictionScale); i > 0 && fs != 1 {
				t.Errorf("none jump tick %d: friction_scale %v, want 1", i, fs)
			}
		}
	}
}

// TestAcceptance6GroundedStability: 10 s of running over flat ground, a 20°
// ramp up and down and 0.2 m steps up and down. Grounded flicker is a
// grounded -> airborne -> grounded change without a jump; there must be none,
// and the character must stay grounded on every tick after it first lands.
func TestAcceptance6GroundedStability(t *testing.T) {
	res := replay(t, "course_run.toml")
	first := -1
	flips, airborne, maxY := 0, 0, 0.0
	for i := range res.Samples {
		s := &res.Samples[i]
		if s.JumpConsumed {
			t.Fatalf("tick %d: unexpected jump", i)
		}
		if first < 0 {
			if s.Grounded {
				first = i
			}
			continue
		}
		if !s.Grounded {
			airborne++
			if res.Samples[i-1].Grounded {
				flips++ // grounded -> airborne without a jump
			}
		}
		maxY = math.Max(maxY, s.Position[1])
		// On the flat stretches the capsule centre stays at 0.91 m (feet on
		// y = 0 plus the 0.01 m offset): no vertical jitter.
		if x := s.Position[0]; (x > 1 && x < 9) || (x > 34 && x < 39) || (x > 60 && x < 78) {
			if math.Abs(s.Position[1]-0.91) > 1e-3 {
				t.Errorf("tick %d: centre y %.5f on flat ground at x %.2f", i, s.Position[1], x)
			}
		}
	}
	end := res.Samples[len(res.Samples)-1]
	t.Logf("grounded stability: first grounded tick %d, airborne ticks after %d, flickers %d, reached x = %.2f, max centre y %.3f",
		first, airborne, flips, end.Position[0], maxY)
	if first != 0 || airborne != 0 || flips != 0 {
		t.Errorf("grounded from tick %d with %d airborne ticks and %d flickers, want 0, 0, 0", first, airborne, flips)
	}
	// The run crossed every feature: the plateau (y = 3.078), both flights
	// of steps (x 40..58) and onto the far flat.
	if end.Position[0] < 60 || maxY < 3.078+0.9 {
		t.Errorf("run ended at x %.2f with max y %.3f: did not cross the course", end.Position[0], maxY)
	}
}

// TestSoftLandingGraceCoupling: the soft landing grace window through the pipeline.
// Landing at 12 m/s with jump held but no jump requested (the press expired
// from the buffer; auto_hop off), no move input. On the first two grounded
// ticks soft mode scales friction by lerp(0.25, 0, q):
//
//	view along the velocity: theta = 0, q = 0, k = 0.25:
//	    12 -> 12*(1 - 6*0.25/60) = 11.7 -> 11.4075, then full friction: *0.9 = 10.26675
//	view 35° off the velocity (the Golden Angle): q = 1, k = 0:
//	    12 -> 12 -> 12, then *0.9 = 10.8
//	none mode: *0.9 from the first grounded tick: 10.8, 9.72, 8.748.
func TestSoftLandingGraceCoupling(t *testing.T) {
	for _, tc := range []struct {
		file, mode string
		want       [3]float64
		scale      float64
	}{
		{"landing_grace_yaw0.toml", "soft", [3]float64{11.7, 11.4075, 10.26675}, 0.25},
		{"landing_grace_yaw35.toml", "soft", [3]float64{12, 12, 10.8}, 0},
		{"landing_grace_yaw0.toml", "none", [3]float64{10.8, 9.72, 8.748}, 1},
	} {
		res := replay(t, tc.file, trace.WithOverride("[motor]\nfrictionless_jump_mode = \""+tc.mode+"\"\n"))
		g := -1 // first tick the motor sees the ground (the KCC landed on g-1)
		for i := 1; i < len(res.Samples); i++ {
			if res.Samples[i].JumpConsumed {
				t.Fatalf("%s: unexpected jump on tick %d", tc.file, i)
			}
			if g < 0 && res.Samples[i-1].Grounded {
				g = i
			}
		}
		if g < 0 || g+3 > len(res.Samples) || math.Abs(res.Samples[g-1].PlanarSpeed-12) > 1e-9 {
			t.Fatalf("%s: landing tick %d", tc.file, g)
		}
		var got [3]float64
		for k := range got {
			got[k] = res.Samples[g+k].PlanarSpeed
			if math.Abs(got[k]-tc.want[k]) > 1e-9 {
				t.Errorf("%s %s: grounded tick %d speed %.6f, want %.6f", tc.file, tc.mode, k, got[k], tc.want[k])
			}
		}
		if fs := metric(t, &res.Samples[g], arena.MetricFrictionScale); math.Abs(fs-tc.scale) > 1e-12 {
			t.Errorf("%s %s: friction_scale %v, want %v", tc.file, tc.mode, fs, tc.scale)
		}
		t.Logf("%s %s: landed on tick %d, speeds %.4f %.4f %.4f", tc.file, tc.mode, g-1, got[0], got[1], got[2])
	}
}

// TestCrispStopAtOtherTickRates replays the crisp-stop trace at other fixed
// rates (segments rescaled to the same seconds) and checks the same discrete
// closed form as test 1 with dt = 1/rate.
func TestCrispStopAtOtherTickRates(t *testing.T) {
	for _, hz := range []float64{30, 60, 120, 144} {
		h := 1 / hz
		r := 1 - 6*h
		s := 0.3 * w60
		n1 := int(math.Ceil(math.Log(s/w60) / math.Log(r)))
		v1 := w60 * math.Pow(r, float64(n1))
		d := s * 6 * h
		m := int(math.Ceil(v1/d)) - 1
		wantTicks := n1 + m + 1
		wantDist := h * (w60*r*(1-math.Pow(r, float64(n1)))/(1-r) + float64(m)*v1 - d*float64(m*(m+1))/2)

		res := replay2(t, "crisp_stop.toml", trace.WithTickRate(hz))
		release := int(math.Round(60 * hz / 60))
		before := res.Samples[release-1]
		if math.Abs(before.PlanarSpeed-w60) > 1e-9 {
			t.Fatalf("%v Hz: run-up speed %v", hz, before.PlanarSpeed)
		}
		stop := -1
		for i := release; i < len(res.Samples) && stop < 0; i++ {
			if res.Samples[i].PlanarSpeed == 0 {
				stop = i
			}
		}
		gotDist := res.Samples[stop].Position.Sub(before.Position).Len()
		t.Logf("%v Hz: %d ticks (%.4f s), %.4f m; closed form %d ticks, %.4f m", hz, stop-release+1, float64(stop-release+1)*h, gotDist, wantTicks, wantDist)
		if stop-release+1 != wantTicks || math.Abs(gotDist-wantDist) > 0.01*wantDist {
			t.Errorf("%v Hz: stop after %d ticks %.4f m, want %d ticks %.4f m", hz, stop-release+1, gotDist, wantTicks, wantDist)
		}
	}
}

// replay2 is replay for rescaled traces (the sample count follows the rate).
func replay2(t *testing.T, file string, opts ...trace.Option) *trace.Result {
	t.Helper()
	tr, err := trace.Load(filepath.Join("..", "..", "testdata", "arena", file))
	if err != nil {
		t.Fatal(err)
	}
	res, err := trace.Replay(tr, opts...)
	if err != nil {
		t.Fatal(err)
	}
	return res
}

// TestArenaPlayerPrefab: the recipe spawns an arena motor with the default
// configuration and the documented capsule, and overrides are decoded
// strictly by the arena loader.
func TestArenaPlayerPrefab(t *testing.T) {
	w := donburi.NewWorld()
	ent, err := prefabs.Spawn(w, "arena_player", prefabs.At(mgl64.Vec3{1, 0.91, 2}))
	if err != nil {
		t.Fatal(err)
	}
	e := w.Entry(ent)
	m, ok := components.Motor.Get(e).Motor.(*arena.Motor)
	if !ok {
		t.Fatalf("motor is %T", components.Motor.Get(e).Motor)
	}
	if m.Config() != arena.DefaultConfig() {
		t.Errorf("recipe config %+v differs from DefaultConfig", m.Config())
	}
	k := components.KCC.Get(e)
	if k.JumpSpeed != 6.32 || k.Gravity != 20 || k.Shape.Radius != 0.3 || k.Shape.HalfHeight != 0.6 {
		t.Errorf("kcc %+v", k)
	}
	if p := components.Body.Get(e).Position; p != (mgl64.Vec3{1, 0.91, 2}) {
		t.Errorf("position %v", p)
	}
	ent, err = prefabs.Spawn(w, "arena_player", prefabs.Override("[motor]\nmax_speed = 10.0\ntheta_target_deg = 40.0\n"))
	if err != nil {
		t.Fatal(err)
	}
	c := components.Motor.Get(w.Entry(ent)).Motor.(*arena.Motor).Config()
	if c.MaxSpeed != 10 || c.StopSpeed != 3 || math.Abs(c.ThetaTarget()-40*math.Pi/180) > 1e-15 {
		t.Errorf("override config %+v", c)
	}
	for _, tc := range []struct{ override, want string }{
		{"[motor]\nfrictoin = 1.0\n", `"motor.frictoin"`},
		{"[motor]\ntheta_target_deg = 100.0\n", "[1, 90]"},
		{"[motor]\nfrictionless_jump_mode = \"turbo\"\n", "none, soft, hard"},
	} {
		_, err := prefabs.Spawn(w, "arena_player", prefabs.Override(tc.override))
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("override %q: error %v, want it to name %s", tc.override, err, tc.want)
		}
	}
}
