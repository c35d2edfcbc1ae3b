package play

import (
	"math"
	"path/filepath"
	"testing"

	"github.com/go-gl/mathgl/mgl64"
	"github.com/seedgames/motorkit/components"
)

// TestFallOutRespawns: over a level with nothing under the spawn point
// and kill_y = -5, the player falls freely from rest (the KCC stage
// integrates gravity g exactly: after n ticks y = y0 - g·(n·dt)²/2) and on
// the first tick that ends below kill_y it is back at its start at rest,
// so no tick ends below kill_y and the falls repeat every n ticks, n the
// first with y0 - g·(n·dt)²/2 < kill_y.
func TestFallOutRespawns(t *testing.T) {
	s := newSession(t, Options{Motor: "rpg", Level: filepath.Join("testdata", "void.toml")})
	start := components.Body.Get(s.entry()).Position
	g := components.KCC.Get(s.entry()).Gravity
	dt := 1.0 / 60
	n := 1
	for start[1]-0.5*g*math.Pow(float64(n)*dt, 2) >= -5 {
		n++
	}
	for i := 1; i <= 3*n; i++ {
		s.Runner.Step()
		e := s.entry()
		p := components.Body.Get(e).Position
		if p[1] < s.killY {
			t.Fatalf("tick %d ended below kill_y at %v", i, p)
		}
		if want := i / n; s.Respawns != want {
			t.Fatalf("tick %d: %d respawns, want %d (a fall of %d ticks from y %v at g %v)", i, s.Respawns, want, n, start[1], g)
		}
		if i%n == 0 && (p != start || components.Body.Get(e).Velocity != (mgl64.Vec3{})) {
			t.Fatalf("tick %d: respawned at %v with velocity %v, want %v at rest", i, p, components.Body.Get(e).Velocity, start)
		}
	}
}

// TestWalkOffLedgeRespawns: walking off the edge of a 6 m floor (kill_y
// -5) brings the player back to its start once, and no tick ends below
// kill_y.
func TestWalkOffLedgeRespawns(t *testing.T) {
	s := newSession(t, Options{Motor: "rpg", Level: filepath.Join("testdata", "ledge.toml")})
	start := components.Body.Get(s.entry()).Position
	for i := 0; i < 150 && s.Respawns == 0; i++ {
		s.Submit(components.CommandData{Forward: 1}, components.ViewData{Yaw: 0})
		s.Runner.Step()
		if p := components.Body.Get(s.entry()).Position; p[1] < s.killY {
			t.Fatalf("tick %d ended below kill_y at %v", i, p)
		}
	}
	if p := components.Body.Get(s.entry()).Position; s.Respawns != 1 || p != start {
		t.Fatalf("%d respawns, at %v; want 1, at %v", s.Respawns, p, start)
	}
}

// TestResetIsRecorded: R (Reset) puts the player back at the start at rest;
// a recording with a reset in the middle replays to the live session's
// hash, with every state check matching.
func TestResetIsRecorded(t *testing.T) {
	live := newSession(t, Options{Motor: "hybrid", Record: true})
	start := components.Body.Get(live.entry()).Position
	run(live, 90, 1.0/60, components.CommandData{Forward: 1, Strafe: 0.4}, 0.3)
	if components.Body.Get(live.entry()).Position == start {
		t.Fatal("did not move")
	}
	if err := live.Reset(); err != nil {
		t.Fatal(err)
	}
	if p := components.Body.Get(live.entry()).Position; p != start {
		t.Fatalf("after reset at %v, want %v", p, start)
	}
	run(live, 90, 1.0/60, components.CommandData{Forward: 0.5}, -0.4)
	want, ticks := live.StateHash(), live.Pipeline.Ticks()
	data, err := live.Recording().Encode()
	if err != nil {
		t.Fatal(err)
	}
	rec, err := ParseRecording(data, "reset.toml")
	if err != nil {
		t.Fatal(err)
	}
	s := newSession(t, Options{Replay: rec})
	for s.Pipeline.Ticks() < ticks {
		s.Runner.Step()
	}
	if got := s.StateHash(); got != want || s.Respawns != 1 {
		t.Fatalf("replay hash %x (respawns %d), live %x", got, s.Respawns, want)
	}
	if c := s.ReplayCheck(); c == nil || c.Err() != nil || c.Checks() != int(ticks)/60 {
		t.Fatalf("replay checks: %v", c)
	}
	during := newSession(t, Options{Replay: rec})
	if err := during.Reset(); err == nil {
		t.Fatal("Reset accepted during a replay")
	}
}
