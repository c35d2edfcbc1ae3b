package game

import (
	"testing"

	"github.com/seedgames/motorkit/components"
	"github.com/seedgames/motorkit/motors"
	"github.com/seedgames/motorkit/netplay"
	"github.com/seedgames/motorkit/rollback"
)

// autopilotCommand is the scripted run's command of a frame, as the
// game's Update makes it (the edges from the held buttons of the frame
// before).
func autopilotCommand(frame int) components.CommandData {
	x, y, jump, dash := Autopilot(frame)
	_, _, jumpWas, dashWas := Autopilot(frame - 1)
	if frame == 0 {
		jumpWas, dashWas = false, false
	}
	return components.CommandData{Strafe: x, Forward: y, JumpHeld: jump, JumpPressed: jump && !jumpWas,
		DashPressed: dash && !dashWas, Crouch: y < -0.5}
}

// TestLevelLoads: the LDtk level's 96 x 24 tiles are a few dozen
// rectangles, one hero, one moving platform, and its sensors (spikes,
// goal).
func TestLevelLoads(t *testing.T) {
	s, err := New("Side")
	if err != nil {
		t.Fatal(err)
	}
	kinds := map[string]int{}
	for _, r := range s.Level.Rects {
		kinds[r.Kind.String()]++
	}
	if n := len(s.Level.Rects); n > 60 || kinds["solid"] == 0 || kinds["one_way"] != 3 || kinds["ladder"] != 1 ||
		kinds["water"] == 0 || kinds["sensor"] != 2 || kinds["slope_up_right"] != 3 || kinds["slope_up_left"] != 3 {
		t.Fatalf("%d rectangles: %v", n, kinds)
	}
	if len(s.Level.Platforms) != 1 || s.Data.Movers == nil || len(s.Data.Movers.Movers) != 1 {
		t.Fatalf("%d moving platforms", len(s.Level.Platforms))
	}
	if s.SpawnX != 56 || s.SpawnY > 320 || s.SpawnY < 300 {
		t.Fatalf("hero's centre at (%v, %v) px, want over the Hero entity's feet (56, 320)", s.SpawnX, s.SpawnY)
	}
}

// TestScriptedRun plays the -frames run's script for 15 s: the hero
// runs, jumps and dashes right over the hill, the spikes and the pool
// without dying, into the wall-jump shaft (x beyond 1,100 px).
func TestScriptedRun(t *testing.T) {
	s, err := New("Side")
	if err != nil {
		t.Fatal(err)
	}
	maxX := 0.0
	for f := 0; f < 900; f++ {
		s.Step(autopilotCommand(f))
		x, _ := s.Space.Position(s.W.Entry(s.Hero))
		maxX = max(maxX, x)
	}
	if s.Deaths != 0 || maxX < 1100 {
		t.Fatalf("deaths %d, furthest x %.0f px; want no death and past x = 1100", s.Deaths, maxX)
	}
}

// TestSyncTest2D rolls the platformer level back 8 ticks after every
// tick for 600 ticks (rollback.SyncTest): the hero's run replayed from
// each saved state has the same bits, 0 desyncs.
func TestSyncTest2D(t *testing.T) {
	s, err := New("Side")
	if err != nil {
		t.Fatal(err)
	}
	id, ok := s.P.IDOf(s.W.Entry(s.Hero))
	if !ok {
		t.Fatal("the hero has no stable ID")
	}
	sim := &netplay.Characters{Pipeline: s.P, Players: []components.StableID{id}}
	inputs := func(tick uint64, _ int, dst []byte) {
		c := autopilotCommand(int(tick))
		b := netplay.EncodeCommand(motors.Command(c), motors.View{Yaw: -1.5707963267948966})
		copy(dst, b[:])
	}
	rep, err := rollback.SyncTest(sim, rollback.SyncTestConfig{Players: 1, InputSize: netplay.CommandSize, Depth: 8, Ticks: 600}, inputs)
	if err != nil {
		t.Fatalf("%v: %s", err, s.P.StateDiff(rep.FirstState, rep.ResimState))
	}
	if rep.Desyncs != 0 || rep.Resimulated < 8*590 {
		t.Fatalf("%+v", rep)
	}
	t.Logf("%d ticks, %d rollbacks, %d resimulated, %d states compared, %d desyncs", rep.Ticks, rep.Rollbacks, rep.Resimulated, rep.Checked, rep.Desyncs)
}
