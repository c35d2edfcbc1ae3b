package kcc

import (
	"math"
	"testing"

	"github.com/go-gl/mathgl/mgl64"
)

// Godot-style options, each at 60 Hz with gravity applied by
// the caller (sim: vertical velocity zeroed only while grounded).

// onSlope is the capsule centre resting on the 40° ramp of rampWorld(40,
// 0, 5) at x: the surface point plus the normal times radius+offset, plus
// the half height.
func onSlope(deg, x float64) mgl64.Vec3 {
	a := deg * math.Pi / 180
	surf := mgl64.Vec3{x, x * math.Tan(a), 0}
	n := mgl64.Vec3{-math.Sin(a), math.Cos(a), 0}
	return surf.Add(n.Mul(testRadius + DefaultOffset)).Add(mgl64.Vec3{0, testHalf, 0})
}

// A 40° ramp is walkable (limit 45°) but steeper than MinSlopeSlideAngle
// (30°): idle, the default slides down it; StopOnSlope holds the
// character exactly (no motion at all in 2 s), and it still walks.
func TestStopOnSlope(t *testing.T) {
	for _, stop := range []bool{false, true} {
		cfg := DefaultConfig()
		cfg.StopOnSlope = stop
		s := newSim(t, rampWorld(40, 0, 5), cfg, onSlope(40, 3))
		s.step(mgl64.Vec3{}, 0)
		start := s.pos
		for i := 0; i < 120; i++ {
			s.step(mgl64.Vec3{}, 0)
			if !s.grounded {
				t.Fatalf("stop %v tick %d: not grounded", stop, i)
			}
		}
		moved := s.pos.Sub(start).Len()
		if stop && moved > 1e-9 {
			t.Fatalf("StopOnSlope: slid %v m in 2 s", moved)
		}
		if !stop && moved < 0.1 {
			t.Fatalf("default: slid only %v m down a 40 degree slope in 2 s", moved)
		}
		if stop {
			// Walking up still works: 1 s at 2 m/s up the slope.
			x := s.pos[0]
			for i := 0; i < 60; i++ {
				s.step(mgl64.Vec3{2, 0, 0}, 0)
			}
			if s.pos[0]-x < 1.9 {
				t.Fatalf("StopOnSlope: walked only %v m", s.pos[0]-x)
			}
		}
	}
}

// Pushing at 5 m/s into a 60° face (too steep, 3 m high): by default the
// face blocks the push like a wall (the feet never rise 2 cm). With
// ClimbSteepWalls the push slides up the face (at first 5·cos60·sin60 =
// 2.17 m/s of rise), and the documented caller reads that rise back as
// vertical velocity, which the next tick's slide keeps: the character runs
// up the whole face and over its 3 m top within a second. That is why
// blocking is the default.
func TestClimbSteepWalls(t *testing.T) {
	for _, climb := range []bool{false, true} {
		w := flatWorld()
		slopeBox(w, 1, 3, 60)
		cfg := DefaultConfig()
		cfg.ClimbSteepWalls = climb
		s := newSim(t, w, cfg, mgl64.Vec3{1 - testRadius - 0.05, restY(0), 0})
		peak := 0.0
		for i := 0; i < 60; i++ {
			s.step(mgl64.Vec3{5, 0, 0}, 0)
			peak = math.Max(peak, s.pos[1]-restY(0))
		}
		if !climb && peak > 0.02 {
			t.Fatalf("default: climbed %v m up a 60 degree face", peak)
		}
		if climb && peak < 3 {
			t.Fatalf("ClimbSteepWalls: peak %v m, want over the 3 m face", peak)
		}
	}
}

// Jumping at 6 m/s while moving at 3 m/s under a ceiling 0.5 m above the
// head: the hit tick reports OnCeiling; by default the move slides along
// the ceiling (the full 3·dt forward), with StopOnCeiling it ends at the
// hit (less than the request).
func TestCeilingOptionsAndFlags(t *testing.T) {
	for _, stop := range []bool{false, true} {
		w := flatWorld()
		top := restY(0) + testHalf + testRadius // head height at rest
		w.AddBox(mgl64.Vec3{0, top + 0.5 + 0.5, 0}, mgl64.Vec3{10, 0.5, 10}, mgl64.Quat{})
		cfg := DefaultConfig()
		cfg.StopOnCeiling = stop
		s := newSim(t, w, cfg, mgl64.Vec3{0, restY(0), 0})
		s.step(mgl64.Vec3{}, 0)
		hit := false
		for i := 0; i < 30 && !hit; i++ {
			x := s.pos[0]
			jump := 0.0
			if i == 0 {
				jump = 6
			}
			res := s.step(mgl64.Vec3{3, 0, 0}, jump)
			if res.OnCeiling {
				hit = true
				dx := s.pos[0] - x
				if !stop && math.Abs(dx-3*testDt) > 1e-9 {
					t.Fatalf("default: moved %v forward on the ceiling tick, want %v", dx, 3*testDt)
				}
				if stop && dx >= 3*testDt-1e-9 {
					t.Fatalf("StopOnCeiling: moved the full %v on the ceiling tick", dx)
				}
			}
			if res.OnWall {
				t.Fatalf("tick %d: a wall reported under a flat ceiling", i)
			}
		}
		if !hit {
			t.Fatal("the jump never reported the ceiling")
		}
	}
}

// Walking into a wall reports OnWall with the wall's normal; walking on
// open ground reports neither flag.
func TestWallFlag(t *testing.T) {
	s := newSim(t, wallWorld(1, 0.5), DefaultConfig(), mgl64.Vec3{0, restY(0), 0})
	s.step(mgl64.Vec3{}, 0)
	res := s.step(mgl64.Vec3{1, 0, 0}, 0)
	if res.OnWall || res.OnCeiling {
		t.Fatalf("open ground: %+v", res)
	}
	wall := false
	for i := 0; i < 60; i++ {
		res = s.step(mgl64.Vec3{5, 0, 0}, 0)
		if res.OnWall {
			wall = true
			if !res.WallNormal.ApproxEqualThreshold(mgl64.Vec3{-1, 0, 0}, 1e-9) {
				t.Fatalf("wall normal %v", res.WallNormal)
			}
		}
	}
	if !wall {
		t.Fatal("walking into the wall never reported OnWall")
	}
}
