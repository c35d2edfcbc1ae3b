package play

import (
	"testing"

	"github.com/seedgames/motorkit/components"
)

// TestClockReplayAtAnyScale: a recording replayed at time scales 0.25, 1
// and 4 (frames of 1/60 s real time, so 0.25, 1 and 4 ticks a frame on
// average) ends with the recording's hash at the recording's last tick.
func TestClockReplayAtAnyScale(t *testing.T) {
	rec, want, ticks := liveRecording(t)
	for _, scale := range []float64{0.25, 1, 4} {
		c, err := NewClock(scale)
		if err != nil {
			t.Fatal(err)
		}
		s := newSession(t, Options{Replay: rec})
		frames := 0
		for s.Replaying() || !s.replayEnd.ok {
			c.Advance(s, 1.0/60)
			frames++
		}
		tick, hash, _ := s.ReplayEnd()
		if tick != ticks || hash != want {
			t.Errorf("scale %v: replay ended at tick %d hash %x, recording %d %x", scale, tick, hash, ticks, want)
		}
		// Frames needed: ticks / (scale ticks per frame), plus the tick
		// after the last one that reports the end (1/scale frames).
		if exp := float64(ticks+1) / scale; float64(frames) < exp-2 || float64(frames) > exp+2 {
			t.Errorf("scale %v: %d frames for %d ticks, want about %.0f", scale, frames, ticks, exp)
		}
	}
}

// TestClockPauseAndStep: paused frames run no tick; each Step runs exactly
// one; resuming runs again; the scales step through TimeScales and the
// range is checked.
func TestClockPauseAndStep(t *testing.T) {
	s := newSession(t, Options{Motor: "arena"})
	c, _ := NewClock(1)
	c.TogglePause()
	s.Submit(components.CommandData{Forward: 1}, components.ViewData{})
	for i := 0; i < 10; i++ {
		if n := c.Advance(s, 1.0/60); n != 0 {
			t.Fatalf("paused frame ran %d ticks", n)
		}
	}
	c.Step()
	c.Step()
	if n := c.Advance(s, 1.0/60); n != 2 || s.Pipeline.Ticks() != 2 || !c.Paused {
		t.Fatalf("two steps ran %d ticks (total %d), paused %v", n, s.Pipeline.Ticks(), c.Paused)
	}
	c.TogglePause()
	ran := 0
	for i := 0; i < 30; i++ {
		ran += c.Advance(s, 1.0/60)
	}
	if ran != 30 {
		t.Fatalf("resumed: %d ticks in 30 frames at 60 Hz", ran)
	}
	for _, want := range []float64{2, 4, 4} {
		c.Faster()
		if c.Scale != want {
			t.Fatalf("Faster: %v, want %v", c.Scale, want)
		}
	}
	for _, want := range []float64{2, 1, 0.5, 0.25, 0.1, 0.1} {
		c.Slower()
		if c.Scale != want {
			t.Fatalf("Slower: %v, want %v", c.Scale, want)
		}
	}
	for _, bad := range []float64{0, 0.05, 5, -1} {
		if _, err := NewClock(bad); err == nil {
			t.Errorf("time scale %v accepted", bad)
		}
	}
}

// TestScenes: every scene loads with every motor and runs a second; the
// controller scene's intersecting spawn is resolved (the player ends out
// of the block, grounded); NextScene cycles.
func TestScenes(t *testing.T) {
	for _, level := range Scenes {
		for _, motor := range Motors {
			s := newSession(t, Options{Level: level, Motor: motor})
			for i := 0; i < 60; i++ {
				s.Runner.Step()
			}
			st := s.State()
			if !st.KCC.Grounded {
				t.Errorf("%s %s: not grounded after 1 s at %v", level, motor, st.Body.Position)
			}
			if level == "controller" && s.Level.OverlapCapsule(st.KCC.Shape, st.Body.Position, 0) {
				t.Errorf("%s %s: still inside the spawn block at %v", level, motor, st.Body.Position)
			}
		}
	}
	if NextScene("ledge") != "abilities" || NextScene("abilities") != "playground" || NextScene("controller") != "slopes" || NextScene("nowhere") != "playground" {
		t.Fatal("NextScene does not cycle")
	}
}

// TestLevelSpawnPoint: on a level with a spawn point (the Blender test
// level's "start", feet at (2, 0, 2) facing +Z) the player starts there.
func TestLevelSpawnPoint(t *testing.T) {
	s := newSession(t, Options{Motor: "fps", Level: "../../../../prefabs/testdata/gltf/level.glb"})
	st := s.State()
	k := st.KCC
	want := 0 + k.Shape.HalfHeight + k.Shape.Radius + k.Controller.Offset()
	if p := st.Body.Position; p[0] != 2 || p[2] != 2 || p[1] != want || st.View.Yaw != s.start.yaw {
		t.Fatalf("started at %v yaw %v, want (2, %v, 2)", p, st.View.Yaw, want)
	}
}

// liveRecording records liveSession's run and parses the recording back:
// the recording, and the live session's final hash and tick count.
func liveRecording(t *testing.T) (*Recording, uint64, uint64) {
	t.Helper()
	live := liveSession(t, true)
	want, ticks := live.StateHash(), live.Pipeline.Ticks()
	data, err := live.Recording().Encode()
	if err != nil {
		t.Fatal(err)
	}
	rec, err := ParseRecording(data, "rec.toml")
	if err != nil {
		t.Fatal(err)
	}
	return rec, want, ticks
}
