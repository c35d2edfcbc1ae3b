package fps_test

import (
	"math"
	"reflect"
	"testing"

	"github.com/seedgames/motorkit/components"
	"github.com/seedgames/motorkit/kcc"
	"github.com/seedgames/motorkit/motors/fps"
	"github.com/seedgames/motorkit/systems"
	"github.com/seedgames/motorkit/trace"
	"github.com/yohamta/donburi"
)

func TestAcceptanceBasicJump(t *testing.T) {
	res := replay(t, loadTrace(t, "basic_jump.toml"))
	// The press is on tick 20 while grounded: the consume rule (buffer > 0
	// and grounded) holds on that very tick, so the jump is consumed there
	// and nowhere else.
	if c := consumes(res); !eqInts(c, 20) {
		t.Fatalf("consumed on %v, want [20]", c)
	}
	s := res.Samples[20]
	// The KCC stage sets vy = v0 = sqrt(2 g h) and then integrates one tick
	// of gravity: vy = v0 - g*dt.
	v0 := math.Sqrt(2 * def.Gravity * def.JumpHeight)
	if !s.RequestJump || math.Abs(s.Velocity[1]-(v0-def.Gravity*dt)) > 1e-9 || s.Grounded {
		t.Fatalf("jump tick %+v, want vy = %v", s, v0-def.Gravity*dt)
	}
	for i := 5; i < 20; i++ {
		if !res.Samples[i].Grounded {
			t.Fatalf("not grounded on tick %d before the jump", i)
		}
	}
	// Air time of a ballistic jump is 2 v0/g = 0.619 s = 37.1 ticks; it must
	// land within a couple of ticks of that and stay grounded.
	land := firstTick(res, 21, grounded)
	if want := 20 + 2*v0/def.Gravity/dt; math.Abs(float64(land)-want) > 2 {
		t.Fatalf("landed on tick %d, want about %.1f", land, want)
	}
	if firstTick(res, land, airborne) != -1 {
		t.Fatal("left the ground again without a press")
	}
}

func TestAcceptanceJumpApexWithin2Percent(t *testing.T) {
	res := replay(t, loadTrace(t, "basic_jump.toml"))
	// Under constant gravity a body launched at v0 = sqrt(2 g h) rises
	// exactly h = v0^2/(2g) = jump_height = 1.15 m. Sampled once per tick
	// with exact integration, the highest sample is at most g*dt^2/8 =
	// 0.8 mm below that, so the apex must be within 2% of jump_height.
	y0 := res.Samples[19].Position[1]
	apex := y0
	for _, s := range res.Samples[20:] {
		apex = math.Max(apex, s.Position[1])
	}
	rise := apex - y0
	if err := (rise - def.JumpHeight) / def.JumpHeight; math.Abs(err) > 0.02 {
		t.Fatalf("apex %.4f m above take-off, jump_height %.4f m: error %.2f%% (limit 2%%). "+
			"Semi-implicit Euler (v -= g dt; y += v dt) in the KCC stage's air branch loses v0*dt/2 = %.4f m; "+
			"integrating y += (v_old+v_new)/2*dt is exact for constant gravity",
			rise, def.JumpHeight, 100*err, math.Sqrt(2*def.Gravity*def.JumpHeight)*dt/2)
	}
	t.Logf("apex %.4f m, jump_height %.4f m, error %.3f%%", rise, def.JumpHeight, 100*(rise-def.JumpHeight)/def.JumpHeight)
}

func TestAcceptanceBufferedLanding(t *testing.T) {
	base := loadTrace(t, "fall.toml")
	ref := replay(t, base)
	if len(consumes(ref)) != 0 {
		t.Fatal("the reference fall jumped")
	}
	// L is the tick whose move lands (first grounded sample). The buffer
	// stage of tick L+1 is the first to see grounded, so that is the
	// landing tick of the consume rule. A press on tick p sets the buffer
	// to buffer_ticks+1 = 9, decremented every later tick: it is still
	// positive on tick L+1 iff L+1-p <= 8. So presses on L+1-8 .. L+1 jump
	// on L+1, and a press on L+1-9 expires one tick too early.
	L := firstTick(ref, 0, grounded)
	land := L + 1
	for k := 0; k <= rules.BufferTicks; k++ {
		res := replay(t, tapAt(t, base, land-k))
		if c := consumes(res); !eqInts(c, land) {
			t.Errorf("press %d ticks before landing: consumed on %v, want [%d]", k, c, land)
		}
	}
	res := replay(t, tapAt(t, base, land-rules.BufferTicks-1))
	if c := consumes(res); len(c) != 0 {
		t.Errorf("press %d ticks before landing (outside the buffer) consumed on %v", rules.BufferTicks+1, c)
	}
	t.Logf("landing on tick %d; buffered presses up to %d ticks (%.3f s) early jump on it", land, rules.BufferTicks, float64(rules.BufferTicks)*dt)
}

func TestAcceptanceCoyote(t *testing.T) {
	base := loadTrace(t, "walk_off_ledge.toml")
	ref := replay(t, base)
	// A is the first tick whose move leaves the ledge. The buffer stage of
	// A+1 sees "was grounded, now airborne, did not jump" and starts coyote
	// time at coyote_ticks = 8, decremented from A+2 on: presses on A+1..A+8
	// jump on the press tick (on A itself the stage still sees grounded);
	// on A+9 coyote is over and the press is buffered in the air, where it
	// expires long before the 2 m fall ends (about 25 ticks).
	A := firstTick(ref, 10, airborne)
	if A < 0 || ref.Samples[A].Position[0] < 0 {
		t.Fatalf("left the ground on tick %d at x=%v, want past the edge x=0", A, ref.Samples[A].Position[0])
	}
	for k := 0; k <= rules.CoyoteTicks; k++ {
		res := replay(t, tapAt(t, base, A+k))
		c := consumes(res)
		if !eqInts(c, A+k) {
			t.Errorf("press %d ticks after leaving the ledge: consumed on %v, want [%d]", k, c, A+k)
			continue
		}
		if vy := res.Samples[A+k].Velocity[1]; vy <= 0 {
			t.Errorf("coyote jump %d: vy %v after the jump tick", k, vy)
		}
	}
	late := replay(t, tapAt(t, base, A+rules.CoyoteTicks+1))
	if c := consumes(late); len(c) != 0 {
		t.Errorf("press after the coyote window consumed on %v", c)
	}
}

// frameConsumes maps each tap frame of a frame trace to the tick that
// consumed its press; every tap must be consumed once, on the first tick
// run at or after its frame.
func checkFrameTaps(t *testing.T, res *trace.Result) {
	t.Helper()
	var tapFrames []int
	frame, prevHold := 0, false
	for _, s := range res.Trace.Segments {
		if s.Jump != "" && !prevHold {
			tapFrames = append(tapFrames, frame)
		}
		prevHold = s.Jump == "hold"
		frame += s.Frames
	}
	got := consumes(res)
	if len(got) != len(tapFrames) {
		t.Fatalf("%d presses, %d consumes on ticks %v", len(tapFrames), len(got), got)
	}
	for i, f := range tapFrames {
		want := firstTick(res, 0, func(s trace.Sample) bool { return s.Frame >= f })
		if got[i] != want {
			t.Errorf("press on frame %d consumed on tick %d, want %d (first tick at or after the frame)", f, got[i], want)
		}
	}
}

func TestAcceptanceLowRenderFPS(t *testing.T) {
	res := replay(t, loadTrace(t, "low_fps.toml"))
	checkFrameTaps(t, res)
	maxSteps := 0
	for _, s := range res.Samples {
		maxSteps = max(maxSteps, s.StepsThisFrame)
	}
	// 0.05 s frames run 3 ticks, 1/15 s frames 4: several ticks per frame.
	if maxSteps != 4 {
		t.Fatalf("max steps per frame %d, want 4", maxSteps)
	}
}

func TestAcceptanceHighRenderFPS(t *testing.T) {
	res := replay(t, loadTrace(t, "high_fps.toml"))
	checkFrameTaps(t, res)
	// 240 FPS frames at 60 Hz: 4 frames per tick (frame f runs one when
	// f+1 is a multiple of 4), and the taps (frames 41, 292, 544) fall on
	// frames that run no tick: no sample belongs to them.
	for _, f := range []int{41, 292, 544} {
		if firstTick(res, 0, func(s trace.Sample) bool { return s.Frame == f }) >= 0 {
			t.Fatalf("tap frame %d runs a tick; the scenario needs zero-step frames", f)
		}
	}
}

func TestAcceptanceUIFocus(t *testing.T) {
	res := replay(t, loadTrace(t, "ui_focus.toml"))
	// Ticks 20-49: UI captured with W, sprint and space down: no movement,
	// no jump. Ticks 50-59: released but space still held from the capture:
	// no new edge, no jump. Tick 70: a fresh press jumps at once.
	if c := consumes(res); !eqInts(c, 70) {
		t.Fatalf("consumed on %v, want [70]", c)
	}
	for i := 20; i < 70; i++ {
		s := res.Samples[i]
		if s.PlanarSpeed != 0 || !s.Grounded {
			t.Fatalf("tick %d: moved (%v m/s) or left the ground while the UI had focus or after", i, s.PlanarSpeed)
		}
	}
}

// uiFreezeTrace presses jump 2 ticks before the fall lands and lets the UI
// capture input for 30 ticks right after the press.
func uiFreezeTrace(t *testing.T) (tr *trace.Trace, press, release int) {
	base := loadTrace(t, "fall.toml")
	L := firstTick(replay(t, base), 0, grounded)
	press = L - 2
	release = press + 1 + 30
	tr = tapAt(t, base, press)
	tr = edit(t, tr, press+1, 30, func(s *trace.Segment) { s.UICaptured = true })
	return tr, press, release
}

func TestAcceptanceUICapturePolicy(t *testing.T) {
	tr, press, release := uiFreezeTrace(t)
	// Freeze (the fps_player default): the buffer set on the press (9) is
	// not decremented while captured and no jump is requested while
	// captured, so it is still positive when the UI releases: the jump
	// happens on the release tick, on the ground.
	res := replay(t, tr)
	if c := consumes(res); !eqInts(c, release) {
		t.Fatalf("freeze: consumed on %v, want [%d] (release)", c, release)
	}
	// Expire: the timers keep running while captured; 9 ticks after the
	// press the buffer is empty, long before the release: no jump at all.
	res = replay(t, tr, trace.WithOverride("[jump]\ncapture_policy = \"expire\"\n"))
	if c := consumes(res); len(c) != 0 {
		t.Fatalf("expire: consumed on %v, want none", c)
	}
	if press+rules.BufferTicks+1 >= release {
		t.Fatal("scenario: the capture must outlast the buffer")
	}
}

func TestAcceptanceSlopeWithinLimit(t *testing.T) {
	res := replay(t, loadTrace(t, "slope_jump.toml"))
	// Standing on 25° (< 42.5° limit, < 30° slide angle): grounded and
	// still for the last 20 settle ticks, then the tap on tick 60 jumps.
	for i := 40; i < 60; i++ {
		s := res.Samples[i]
		if !s.Grounded || s.GroundState != kcc.Ground {
			t.Fatalf("tick %d on the 25° ramp: grounded=%v state=%v", i, s.Grounded, s.GroundState)
		}
	}
	if drift := res.Samples[59].Position.Sub(res.Samples[40].Position).Len(); drift > 1e-3 {
		t.Fatalf("slid %v m standing on 25°", drift)
	}
	if c := consumes(res); !eqInts(c, 60) {
		t.Fatalf("consumed on %v, want [60]", c)
	}
	if firstTick(res, 61, grounded) < 0 {
		t.Fatal("never landed back on the ramp")
	}

	climb := replay(t, loadTrace(t, "slope_climb.toml"))
	// Walking up 40° (< 42.5°): the jump pressed on tick 90 on the ramp is
	// consumed, and the character is higher than the floor there.
	s := climb.Samples[89]
	if !s.Grounded || s.Position[1] < 1.5 {
		t.Fatalf("tick 89: grounded=%v y=%v, want on the 40° ramp", s.Grounded, s.Position[1])
	}
	if c := consumes(climb); !eqInts(c, 90) {
		t.Fatalf("40° ramp: consumed on %v, want [90]", c)
	}
}

func TestAcceptanceSteepSlopeNeverGrounded(t *testing.T) {
	res := replay(t, loadTrace(t, "steep_slope.toml"))
	// On 55° (beyond 42.5°) the KCC reports steep ground, never walkable
	// ground: no grounded sample while touching it, and the five taps made
	// on it do not jump (no coyote either: it was never grounded).
	steep := 0
	for i, s := range res.Samples {
		if s.GroundState == kcc.GroundSteep {
			steep++
			if s.Grounded {
				t.Fatalf("tick %d: grounded on the 55° slope", i)
			}
		}
	}
	if steep < 10 {
		t.Fatalf("only %d ticks on the steep slope; scenario broken", steep)
	}
	firstGround := firstTick(res, 0, grounded)
	if firstGround < 0 || res.Samples[firstGround].Position[1] > 0.91+0.05 {
		t.Fatalf("first grounded tick %d should be on the floor after sliding down", firstGround)
	}
	for _, c := range consumes(res) {
		t.Fatalf("jumped on tick %d", c)
	}
}

func TestAcceptanceHoldVsTap(t *testing.T) {
	res := replay(t, loadTrace(t, "hold_vs_tap.toml"))
	// Holding jump for 180 ticks sets the buffer once (one edge): one jump,
	// on tick 10. Each later tap jumps once.
	if c := consumes(res); !eqInts(c, 10, 200, 261) {
		t.Fatalf("consumed on %v, want [10 200 261]", c)
	}
}

func TestAcceptanceDtSpike(t *testing.T) {
	// Frames of exactly one tick, a press 6 ticks before the tick that
	// lands (L), then one 2 s frame. The runner clamps it to max_dt_clamp
	// = 0.075 s = 4.5 ticks: 4 ticks run and the timers advance by those 4
	// only. The buffer (9 on the press tick p) is 9-4 = 5 after the spike,
	// and the consume on the landing tick L+1 = p+7 still happens (9-7 =
	// 2 > 0).
	ref := replay(t, loadTrace(t, "fall.toml"))
	L := firstTick(ref, 0, grounded)
	p := L - 6
	tr := loadTrace(t, "fall.toml")
	tr.Segments = []trace.Segment{
		{Frames: p, FrameDt: dt},
		{Frames: 1, FrameDt: dt, Jump: "tap"},
		{Frames: 1, FrameDt: 2.0},
		{Frames: 60, FrameDt: dt},
	}
	var bufAfterSpike = -1
	res := replay(t, tr, trace.WithSetup(func(w donburi.World, pl *systems.Pipeline) error {
		pl.Add(systems.StageCleanup, "spy", func(w donburi.World, tk systems.Tick) {
			if int(tk.N) == p+4 {
				if e, ok := components.JumpBuffer.First(w); ok {
					bufAfterSpike = components.JumpBuffer.Get(e).BufferTicks
				}
			}
		})
		return nil
	}))
	spike := res.Samples[p+1]
	if spike.StepsThisFrame != 4 || spike.Frame != p+1 {
		t.Fatalf("spike frame ran %d ticks, want 4 (0.075 s clamp)", spike.StepsThisFrame)
	}
	if bufAfterSpike != rules.BufferTicks+1-4 {
		t.Fatalf("buffer after the spike %d, want %d", bufAfterSpike, rules.BufferTicks+1-4)
	}
	if c := consumes(res); !eqInts(c, L+1) {
		t.Fatalf("consumed on %v, want [%d]", c, L+1)
	}
}

func TestAcceptanceCrouchUnderLowCeiling(t *testing.T) {
	res := replay(t, loadTrace(t, "crouch_ceiling.toml"))
	const (
		stand   = 0.6
		crouch  = 0.2
		radius  = 0.3
		slabEnd = 9.0
	)
	feet := func(s trace.Sample) float64 {
		h := stand
		if s.Crouched {
			h = crouch
		}
		return s.Position[1] - h - radius
	}
	// Crouch on tick 10: the capsule shrinks by 0.4 m and the feet stay put.
	if !res.Samples[10].Crouched || res.Samples[9].Crouched {
		t.Fatal("crouch did not start on tick 10")
	}
	if d := feet(res.Samples[10]) - feet(res.Samples[9]); math.Abs(d) > 1e-6 {
		t.Fatalf("feet moved %v m when crouching", d)
	}
	// Crouch-walking: speed settles at crouch_speed exactly.
	if v := res.Samples[150].PlanarSpeed; math.Abs(v-def.CrouchSpeed) > 1e-9 {
		t.Fatalf("crouch-walk speed %v, want %v", v, def.CrouchSpeed)
	}
	x := res.Samples[199].Position[0]
	if x < 3.5 || x > 8.5 {
		t.Fatalf("at x=%v when releasing crouch, want under the slab", x)
	}
	// Released under the slab: standing up is refused on every tick while
	// the 1.8 m capsule would overlap it, i.e. while the axis is within
	// radius of the slab's end x = 9 (the standing capsule's cylinder spans
	// the slab's underside at 1.2 m).
	up := firstTick(res, 200, func(s trace.Sample) bool { return !s.Crouched })
	if up < 230 {
		t.Fatalf("stood up on tick %d under the ceiling", up)
	}
	for i := 200; i < up; i++ {
		s := res.Samples[i]
		if s.Position[0] > slabEnd+radius+def.CrouchSpeed*dt {
			t.Fatalf("tick %d: still crouched at x=%v although there was room", i, s.Position[0])
		}
		if i > 240 && math.Abs(s.PlanarSpeed-def.CrouchSpeed) > 1e-9 {
			t.Fatalf("tick %d: speed %v while crouched with the key released, want crouch speed %v", i, s.PlanarSpeed, def.CrouchSpeed)
		}
	}
	// Stand-up is granted on the first tick that starts with room: the KCC
	// stage tests the standing capsule at the position before its move.
	before := res.Samples[up-1].Position[0]
	if before < slabEnd+radius || res.Samples[up-2].Position[0] >= slabEnd+radius {
		t.Fatalf("stood on tick %d starting from x=%v (previous x=%v); room begins at x=%v",
			up, before, res.Samples[up-2].Position[0], slabEnd+radius)
	}
	if d := feet(res.Samples[up]) - feet(res.Samples[up-1]); math.Abs(d) > 1e-6 {
		t.Fatalf("feet moved %v m when standing", d)
	}
	if v := res.Samples[len(res.Samples)-1].PlanarSpeed; math.Abs(v-def.MaxSpeed) > 1e-9 {
		t.Fatalf("speed after standing %v, want walk speed %v", v, def.MaxSpeed)
	}
	t.Logf("stood up on tick %d at x=%.4f (room from x=%.2f)", up, before, slabEnd+radius)
}

func TestAcceptanceSpeedsThroughThePipeline(t *testing.T) {
	// Walk and sprint on flat ground reach exactly max_speed and
	// sprint_speed: from rest the speed grows by ground_accel*dt per tick,
	// sprint_speed/(ground_accel*dt) = 12.5 ticks, so by tick 20 of each
	// segment it is at the cap.
	tr := loadTrace(t, "basic_jump.toml")
	tr.Segments = []trace.Segment{{Ticks: 30, Forward: 1}, {Ticks: 30, Forward: 1, Sprint: true}, {Ticks: 30, Forward: 1, Sprint: true, Walk: true}}
	res := replay(t, tr)
	for _, c := range []struct {
		tick int
		want float64
	}{{29, def.MaxSpeed}, {59, def.SprintSpeed}, {89, def.MaxSpeed}} {
		if v := res.Samples[c.tick].PlanarSpeed; math.Abs(v-c.want) > 1e-9 {
			t.Errorf("tick %d: %v m/s, want %v", c.tick, v, c.want)
		}
	}
	m, _ := res.Samples[59].Metric(fps.MetricSpeedCap)
	if m != def.SprintSpeed {
		t.Errorf("speed_cap metric %v", m)
	}
	again := replay(t, tr)
	if !reflect.DeepEqual(res.Samples, again.Samples) {
		t.Fatal("replaying the same trace twice is not bit-identical")
	}
}

func TestAcceptanceWindowsAtOtherTickRates(t *testing.T) {
	// The windows are authored in seconds and converted at the pipeline's
	// rate: 0.14 s is 6 ticks at 40 Hz (5.6 rounded) and 17 at 120 Hz
	// (16.8 rounded). The buffered-landing rule of the 60 Hz test holds
	// with those counts: presses on land-B .. land jump on land, land-B-1
	// does not; coyote presses on A .. A+C jump, A+C+1 does not.
	for _, rate := range []float64{40, 120} {
		r := def.JumpRules(rate)
		base := loadTrace(t, "fall.toml")
		base.TickRate = rate
		land := firstTick(replay(t, base), 0, grounded) + 1
		for _, k := range []int{0, r.BufferTicks, r.BufferTicks + 1} {
			c := consumes(replay(t, tapAt(t, base, land-k)))
			want := k <= r.BufferTicks
			if want && !eqInts(c, land) || !want && len(c) != 0 {
				t.Errorf("%v Hz: press %d ticks before landing: consumed on %v (buffer %d ticks)", rate, k, c, r.BufferTicks)
			}
		}
		ledge := loadTrace(t, "walk_off_ledge.toml")
		ledge.TickRate = rate
		A := firstTick(replay(t, ledge), 5, airborne)
		for _, k := range []int{0, r.CoyoteTicks, r.CoyoteTicks + 1} {
			c := consumes(replay(t, tapAt(t, ledge, A+k)))
			want := k <= r.CoyoteTicks
			if want && !eqInts(c, A+k) || !want && len(c) != 0 {
				t.Errorf("%v Hz: press %d ticks after leaving the ledge: consumed on %v (coyote %d ticks)", rate, k, c, r.CoyoteTicks)
			}
		}
	}
}
