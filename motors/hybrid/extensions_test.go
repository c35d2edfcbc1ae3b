package hybrid_test

import (
	"math"
	"strings"
	"testing"

	"github.com/seedgames/motorkit/components"
	"github.com/seedgames/motorkit/detmath"
	"github.com/seedgames/motorkit/motors"
	"github.com/seedgames/motorkit/motors/hybrid"
	"github.com/seedgames/motorkit/systems"
	"github.com/seedgames/motorkit/telemetry"
	"github.com/seedgames/motorkit/trace"
	"github.com/yohamta/donburi"
)

// TestCrouchTrace replays testdata/hybrid/crouch_walk.toml: running at the
// run tier (3.0 m/s), holding crouch drops the target speed to
// crouch_speed (1.0 m/s), which move_toward approaches at ground_accel
// (30 m/s², 0.5 m/s a tick): 2.0 m/s to lose takes 4 ticks. The motor
// reads the crouch state of the tick's start (the KCC stage crouches and
// stands after the motor), so each change starts one tick after the press. The capsule is crouched all the while with
// half height (0.6+0.3)·0.5 - 0.3 = 0.15 m; releasing crouch stands up (the
// flat level has room) and the speed returns to 3.0 m/s in 4 ticks.
func TestCrouchTrace(t *testing.T) {
	tr := load(t, "crouch_walk.toml")
	res, err := trace.Replay(tr)
	if err != nil {
		t.Fatal(err)
	}
	s := res.Samples
	k := components.KCC.Get(res.World.Entry(res.Entity))
	if math.Abs(k.CrouchHalfHeight-0.15) > 1e-12 || k.StandHalfHeight != 0.6 {
		t.Fatalf("crouch half height %v (stand %v), want 0.15 (0.6)", k.CrouchHalfHeight, k.StandHalfHeight)
	}
	runEnd, crouchStart, crouchEnd := settle+120, settle+120, settle+240
	if v := s[runEnd-1].PlanarSpeed; math.Abs(v-cfg.MaxSpeed) > 1e-9 {
		t.Fatalf("running: %v m/s, want %v", v, cfg.MaxSpeed)
	}
	for i := crouchStart; i < crouchEnd; i++ {
		if !s[i].Crouched {
			t.Fatalf("tick %d: not crouched while crouch is held", i)
		}
	}
	// One tick at the run speed, then 4 ticks of 0.5 m/s from 3.0 to 1.0.
	for i, want := range []float64{3, 2.5, 2, 1.5, cfg.CrouchSpeed} {
		if v := s[crouchStart+i].PlanarSpeed; math.Abs(v-want) > 1e-9 {
			t.Errorf("crouched tick %d: %v m/s, want %v", i, v, want)
		}
	}
	if v := s[crouchEnd-1].PlanarSpeed; math.Abs(v-cfg.CrouchSpeed) > 1e-9 {
		t.Errorf("end of crouch: %v m/s, want %v", v, cfg.CrouchSpeed)
	}
	if s[crouchEnd].Crouched {
		t.Errorf("still crouched after release")
	}
	for i, want := range []float64{cfg.CrouchSpeed, 1.5, 2, 2.5, cfg.MaxSpeed} {
		if v := s[crouchEnd+i].PlanarSpeed; math.Abs(v-want) > 1e-9 {
			t.Errorf("standing tick %d: %v m/s, want %v", i, v, want)
		}
	}
	// The feet stay on the floor through crouch and stand (capsule centre
	// 0.15+0.3+0.01 crouched, 0.91 standing).
	if y := s[crouchEnd-1].Position[1]; math.Abs(y-0.46) > 1e-9 {
		t.Errorf("crouched centre y %v, want 0.46", y)
	}
	if y := s[len(s)-1].Position[1]; math.Abs(y-0.91) > 1e-9 {
		t.Errorf("standing centre y %v, want 0.91", y)
	}
}

// TestDashTrace replays testdata/hybrid/dash.toml (yaw 90°: forward is +Z).
// A press with the cooldown run out holds the planar velocity at the
// camera-relative input times dash_speed, (0, 0, 15) m/s, for
// ceil(0.2·60) = 12 ticks (the press tick included); afterwards move_toward
// brings it back to the run speed at 0.5 m/s a tick (15 → 3: 24 ticks).
// The press 30 ticks later is inside the 60-tick cooldown and does nothing;
// the one 60 ticks after the first dashes again. A dash with no stick input
// holds the character still for its 12 ticks.
func TestDashTrace(t *testing.T) {
	s := replay(t, "dash.toml")
	first, ignored, second, still := settle+60, settle+90, settle+120, settle+190
	if v := s[first-1].PlanarSpeed; math.Abs(v-cfg.MaxSpeed) > 1e-9 {
		t.Fatalf("before the dash: %v m/s, want %v", v, cfg.MaxSpeed)
	}
	dashTicks := int(math.Ceil(cfg.DashDuration * 60))
	for _, start := range []int{first, second} {
		for i := start; i < start+dashTicks; i++ {
			v := s[i].Velocity
			if math.Abs(v[0]) > 1e-9 || v[2] != cfg.DashSpeed {
				t.Fatalf("dash from tick %d: tick %d planar velocity (%v, %v), want (0, %v)", start, i, v[0], v[2], cfg.DashSpeed)
			}
		}
		if v := s[start+dashTicks].PlanarSpeed; math.Abs(v-(cfg.DashSpeed-0.5)) > 1e-9 {
			t.Errorf("dash from tick %d: first tick after it %v m/s, want %v", start, v, cfg.DashSpeed-0.5)
		}
		if v := s[start+dashTicks+23].PlanarSpeed; math.Abs(v-cfg.MaxSpeed) > 1e-9 {
			t.Errorf("dash from tick %d: 24 ticks after it %v m/s, want %v", start, v, cfg.MaxSpeed)
		}
	}
	// Without a dash the speed keeps decaying from the first dash: 15 - 0.5
	// per tick since it ended.
	if v, want := s[ignored].PlanarSpeed, cfg.DashSpeed-0.5*float64(ignored-(first+dashTicks)+1); math.Abs(v-want) > 1e-9 {
		t.Errorf("press inside the cooldown: %v m/s, want the decay's %v", v, want)
	}
	// 12 ticks at 15 m/s cover 3 m more than running would (0.2·(15-3)
	// minus what the ramps take): measure the distance of the first dash.
	dist := detmath.Len(motors.Planar(s[first+dashTicks-1].Position.Sub(s[first-1].Position)))
	if want := float64(dashTicks) * cfg.DashSpeed / 60; math.Abs(dist-want) > 1e-9 {
		t.Errorf("dash distance %v m, want %v", dist, want)
	}
	for i := still; i < still+dashTicks; i++ {
		if s[i].PlanarSpeed != 0 {
			t.Fatalf("dash with no input: tick %d moves at %v m/s", i, s[i].PlanarSpeed)
		}
	}
	t.Logf("dash: %d ticks at %v m/s, %.3f m", dashTicks, cfg.DashSpeed, dist)
}

// TestConsoleDebug: with enable_console_debug the system telemetry's
// InstallConsole adds prints the design's debug block every
// console_update_interval ticks (ticks 0, 30, 60, 90 of a 91-tick run), the
// last one equal to the motor's final Debug values; off by default, it
// prints nothing. The motor itself never prints.
func TestConsoleDebug(t *testing.T) {
	for _, on := range []bool{true, false} {
		tr := &trace.Trace{TickRate: 60, Prefab: "hybrid_player", Level: "flat",
			Segments: []trace.Segment{{Ticks: 10}, {Ticks: 81, Forward: 1, Strafe: 0.5}}}
		if on {
			tr.Override = "[motor]\nenable_console_debug = true\nconsole_update_interval = 30\n"
		}
		var out strings.Builder
		var m *hybrid.Motor
		res, err := trace.Replay(tr, trace.WithSetup(func(w donburi.World, p *systems.Pipeline) error {
			components.Motor.Each(w, func(e *donburi.Entry) {
				m = components.Motor.Get(e).Motor.(*hybrid.Motor)
			})
			_, err := telemetry.InstallConsole(p, &out)
			return err
		}))
		if err != nil {
			t.Fatal(err)
		}
		if len(res.Samples) != 91 || m == nil {
			t.Fatalf("%d samples, motor %v", len(res.Samples), m)
		}
		blocks := strings.Count(out.String(), "Input Direction:")
		if !on {
			if blocks != 0 {
				t.Fatalf("console debug off: %d blocks printed", blocks)
			}
			continue
		}
		if blocks != 4 {
			t.Fatalf("printed %d blocks, want 4 (ticks 0, 30, 60, 90):\n%s", blocks, out.String())
		}
		d := m.Debug()
		if !strings.HasSuffix(out.String(), d.Text()) || !strings.Contains(d.Text(), "Speed: 3.00") {
			t.Fatalf("last block:\n%s\nwant the final Debug:\n%s", out.String()[strings.LastIndex(out.String(), "====================\nInput"):], d.Text())
		}
	}
}
