package kcc

import (
	"math"
	"testing"

	"github.com/go-gl/mathgl/mgl64"
)

// settle runs n ticks with no wish so the character comes to rest.
func (s *sim) settle(n int) {
	for i := 0; i < n; i++ {
		s.step(mgl64.Vec3{}, 0)
	}
}

func TestAutostepClimbsLowStep(t *testing.T) {
	// A 0.30 m step at x=1 (top y=0.3) is below MaxHeight 0.35, so walking
	// at 5 m/s for 2 s (10 m) ends on top of it: centre at restY(0.3).
	w := stepWorld(1, 0.30)
	s := newSim(t, w, DefaultConfig(), mgl64.Vec3{0, restY(0), 0})
	for i := 0; i < 120; i++ {
		s.step(mgl64.Vec3{5, 0, 0}, 0)
	}
	if math.Abs(s.pos[1]-restY(0.3)) > 2e-3 || s.pos[0] < 5 {
		t.Fatalf("did not climb the 0.30 step: pos %v", s.pos)
	}
	if s.transitions != 0 {
		t.Fatalf("%d grounded transitions while stepping", s.transitions)
	}
}

func TestAutostepBlocksHighStep(t *testing.T) {
	// A 0.50 m step exceeds MaxHeight 0.35: the capsule stops with its side
	// Offset before the face at x=1, i.e. centre x = 1 - r - Offset.
	w := stepWorld(1, 0.50)
	s := newSim(t, w, DefaultConfig(), mgl64.Vec3{0, restY(0), 0})
	for i := 0; i < 120; i++ {
		s.step(mgl64.Vec3{5, 0, 0}, 0)
	}
	wantX := 1 - testRadius - DefaultOffset
	if math.Abs(s.pos[0]-wantX) > 1e-3 || math.Abs(s.pos[1]-restY(0)) > 1e-3 {
		t.Fatalf("0.50 step not blocked: pos %v, want x %v", s.pos, wantX)
	}
}

func TestStairsUpAndDown(t *testing.T) {
	// 6 steps of 0.2 m risers and 0.4 m treads from x=1: the top landing is
	// at 1.2 m and spans x in [3, 13]. Going up at 5 m/s for 1.5 s ends at
	// x = 7.5 on the landing. Going back down with snap 0.2 (= one riser) must keep the
	// character grounded on every tick.
	const n = 6
	w := stairsWorld(1, 0.2, 0.4, n)
	s := newSim(t, w, DefaultConfig(), mgl64.Vec3{0, restY(0), 0})
	for i := 0; i < 90; i++ {
		s.step(mgl64.Vec3{5, 0, 0}, 0)
	}
	top := 0.2 * n
	if math.Abs(s.pos[1]-restY(top)) > 2e-3 {
		t.Fatalf("did not reach the landing: pos %v want y %v", s.pos, restY(top))
	}
	if s.transitions != 0 {
		t.Fatalf("%d grounded transitions going up", s.transitions)
	}
	// Walk back down to the floor.
	for i := 0; i < 180; i++ {
		res := s.step(mgl64.Vec3{-5, 0, 0}, 0)
		if !res.Grounded {
			t.Fatalf("airborne on tick %d going down, pos %v", i, s.pos)
		}
	}
	if math.Abs(s.pos[1]-restY(0)) > 2e-3 {
		t.Fatalf("did not get back down: pos %v", s.pos)
	}
}

func TestRampClimb30(t *testing.T) {
	// A 30 degree ramp from x=1 up to 1 m (run 1/tan30 = 1.73 m): walkable
	// (<= 45), so 5 m/s for 1.5 s (7.5 m) ends on the plateau (x in [2.73,
	// 12.73]) at y = 1.
	w := rampWorld(30, 1, 1)
	s := newSim(t, w, DefaultConfig(), mgl64.Vec3{0, restY(0), 0})
	for i := 0; i < 90; i++ {
		s.step(mgl64.Vec3{5, 0, 0}, 0)
	}
	if math.Abs(s.pos[1]-restY(1)) > 2e-3 {
		t.Fatalf("did not climb the 30 degree ramp: pos %v", s.pos)
	}
	if s.transitions != 0 {
		t.Fatalf("%d grounded transitions on the ramp", s.transitions)
	}
}

func TestRampBlocks50(t *testing.T) {
	// A 50 degree ramp is steeper than the 45 degree climb limit: pushing
	// into it for 5 s must not gain height (no creeping by repeated pushes).
	// The capsule may rest against the ramp foot: its bottom sphere touches
	// the slope, so its centre stays within a few cm of restY(0).
	w := rampWorld(50, 1, 2)
	s := newSim(t, w, DefaultConfig(), mgl64.Vec3{0, restY(0), 0})
	maxY := s.pos[1]
	for i := 0; i < 300; i++ {
		s.step(mgl64.Vec3{5, 0, 0}, 0)
		maxY = math.Max(maxY, s.pos[1])
	}
	// The sphere of radius r resting on the floor touches a 50 degree plane
	// through the foot at x=1 when its centre is r+Offset from the plane;
	// height gained must stay below 1 cm.
	if maxY-restY(0) > 0.01 {
		t.Fatalf("crept up the 50 degree ramp: max y %v (rest %v), pos %v", maxY, restY(0), s.pos)
	}
	if s.pos[0] > 1 {
		t.Fatalf("entered the ramp: pos %v", s.pos)
	}
}

// placeOnRamp returns the centre of the test capsule resting on a ramp of
// angle deg starting at x0 on the floor, at the point where the slope is at
// height hs under the capsule axis: the lower sphere centre sits (r+Offset)
// along the slope normal from the surface.
func placeOnRamp(deg, x0, hs float64) mgl64.Vec3 {
	a := deg * math.Pi / 180
	surf := mgl64.Vec3{x0 + hs/math.Tan(a), hs, 0}
	n := mgl64.Vec3{-math.Sin(a), math.Cos(a), 0}
	return surf.Add(n.Mul(testRadius + DefaultOffset)).Add(mgl64.Vec3{0, testHalf, 0})
}

func TestStandOnRamp25(t *testing.T) {
	// 25 degrees is below the 30 degree slide angle: standing still for 2 s
	// must not move the character down the slope.
	w := rampWorld(25, 1, 2)
	start := placeOnRamp(25, 1, 1)
	s := newSim(t, w, DefaultConfig(), start)
	for i := 0; i < 120; i++ {
		res := s.step(mgl64.Vec3{}, 0)
		if !res.Grounded {
			t.Fatalf("tick %d not grounded on 25 degree ramp", i)
		}
		if res.SlidingDownSlope {
			t.Fatalf("tick %d sliding on 25 degree ramp", i)
		}
	}
	if d := s.pos.Sub(start).Len(); d > 1e-3 {
		t.Fatalf("slid %v m on a 25 degree ramp", d)
	}
}

func TestSteepSlope60Slides(t *testing.T) {
	// 60 degrees > 45: reported as steep ground, not ground, and gravity
	// slides the character down it.
	w := rampWorld(60, 1, 3)
	start := placeOnRamp(60, 1, 2)
	s := newSim(t, w, DefaultConfig(), start)
	res := s.step(mgl64.Vec3{}, 0)
	if res.GroundState != GroundSteep || res.Grounded {
		t.Fatalf("on a 60 degree slope: state %v grounded %v", res.GroundState, res.Grounded)
	}
	sawSlide := res.SlidingDownSlope
	for i := 0; i < 30; i++ {
		r := s.step(mgl64.Vec3{}, 0)
		sawSlide = sawSlide || r.SlidingDownSlope
	}
	if !sawSlide {
		t.Fatal("SlidingDownSlope never reported")
	}
	if s.pos[1] > start[1]-0.1 {
		t.Fatalf("did not slide down: start %v now %v", start, s.pos)
	}
}

func TestWallSlide45(t *testing.T) {
	// Moving at 5 m/s at 45 degrees into a wall at x=1: the wall removes the
	// normal (x) part, the tangential part 5/sqrt2 m/s along z is kept.
	w := wallWorld(1, 0.5)
	s := newSim(t, w, DefaultConfig(), mgl64.Vec3{0, restY(0), 0})
	v := 5 / math.Sqrt2
	var contactTick = -1
	for i := 0; i < 60; i++ {
		z0 := s.pos[2]
		res := s.step(mgl64.Vec3{v, 0, v}, 0)
		if contactTick < 0 && len(res.Collisions) > 0 && math.Abs(res.Collisions[len(res.Collisions)-1].Normal[0]) > 0.9 {
			contactTick = i
			continue
		}
		if contactTick >= 0 {
			if dz := (s.pos[2] - z0) / testDt; math.Abs(dz-v) > 1e-6 {
				t.Fatalf("tick %d: tangential speed %v, want %v", i, dz, v)
			}
		}
	}
	if contactTick < 0 {
		t.Fatal("never touched the wall")
	}
	if wantX := 1 - testRadius - DefaultOffset; math.Abs(s.pos[0]-wantX) > 1e-6 {
		t.Fatalf("x %v, want %v", s.pos[0], wantX)
	}
}

func TestCornerNoJitter(t *testing.T) {
	// Two walls meeting at x=1, z=1. Pushing diagonally into the corner the
	// character must stop: after contact its position changes by less than
	// 1e-6 m per tick.
	w := flatWorld()
	w.AddBox(mgl64.Vec3{1.25, 1.5, 0}, mgl64.Vec3{0.25, 1.5, 5}, mgl64.Quat{})
	w.AddBox(mgl64.Vec3{0, 1.5, 1.25}, mgl64.Vec3{5, 1.5, 0.25}, mgl64.Quat{})
	s := newSim(t, w, DefaultConfig(), mgl64.Vec3{0, restY(0), 0})
	v := 5 / math.Sqrt2
	for i := 0; i < 30; i++ {
		s.step(mgl64.Vec3{v, 0, v}, 0)
	}
	for i := 0; i < 120; i++ {
		p0 := s.pos
		s.step(mgl64.Vec3{v, 0, v}, 0)
		if d := s.pos.Sub(p0).Len(); d > 1e-6 {
			t.Fatalf("tick %d: moved %v m in the corner", i, d)
		}
	}
	want := 1 - testRadius - DefaultOffset
	if math.Abs(s.pos[0]-want) > 1e-5 || math.Abs(s.pos[2]-want) > 1e-5 {
		t.Fatalf("rest %v, want x=z=%v", s.pos, want)
	}
}

func TestNarrowCorridorNotEntered(t *testing.T) {
	// Two walls leave a 0.5 m gap (z in [-0.25, 0.25]) starting at x=1; the
	// capsule is 0.6 m wide, so it must stay out (x <= 1 - ...).
	w := flatWorld()
	w.AddBox(mgl64.Vec3{3, 1.5, 1.25}, mgl64.Vec3{2, 1.5, 1}, mgl64.Quat{})
	w.AddBox(mgl64.Vec3{3, 1.5, -1.25}, mgl64.Vec3{2, 1.5, 1}, mgl64.Quat{})
	s := newSim(t, w, DefaultConfig(), mgl64.Vec3{0, restY(0), 0})
	for i := 0; i < 180; i++ {
		s.step(mgl64.Vec3{5, 0, 0}, 0)
	}
	// The capsule touches both wall corners at z=+-0.25, x=1 when its
	// centre is sqrt((r+Offset)^2 - 0.25^2) before x=1.
	limit := 1 - math.Sqrt(math.Pow(testRadius+DefaultOffset, 2)-0.25*0.25)
	if s.pos[0] > limit+1e-4 {
		t.Fatalf("entered the corridor: pos %v, limit x %v", s.pos, limit)
	}
}

func TestNoTunnelling(t *testing.T) {
	// 60 m/s = 1 m per tick into a 4 cm wall at x=3: the sweep stops Offset
	// before it.
	w := wallWorld(3, 0.04)
	s := newSim(t, w, DefaultConfig(), mgl64.Vec3{0, restY(0), 0})
	for i := 0; i < 30; i++ {
		s.step(mgl64.Vec3{60, 0, 0}, 0)
	}
	if want := 3 - testRadius - DefaultOffset; math.Abs(s.pos[0]-want) > 1e-6 {
		t.Fatalf("x %v, want %v (tunnelled?)", s.pos[0], want)
	}
}

func TestSeamsTriangleGrid(t *testing.T) {
	// A 40 x 40 grid of 0.5 m cells (alternating diagonals) replaces the
	// box floor. Walking diagonally at 5 m/s for 3 s covers 15 m: every
	// seam crossing must keep the character grounded and lose no speed.
	vs, is := gridMesh(80, 0.5, 0, nil)
	w := NewWorld()
	if _, err := w.AddTriMesh(vs, is); err != nil {
		t.Fatal(err)
	}
	s := newSim(t, w, DefaultConfig(), mgl64.Vec3{-5.1, restY(0), -5.3})
	start := s.pos
	v := 5 / math.Sqrt2
	for i := 0; i < 180; i++ {
		res := s.step(mgl64.Vec3{v, 0, v}, 0)
		if !res.Grounded {
			t.Fatalf("tick %d: not grounded at %v", i, s.pos)
		}
	}
	if d := s.pos.Sub(start).Len(); math.Abs(d-15) > 0.01 {
		t.Fatalf("travelled %v, want 15", d)
	}
}

func TestSeamsHeightfield(t *testing.T) {
	// The same walk over a flat heightfield of 0.5 m cells.
	const n = 81
	hs := make([]float64, n*n)
	w := NewWorld()
	if _, err := w.AddHeightfield(mgl64.Vec3{-20, 0, -20}, 0.5, n, n, hs); err != nil {
		t.Fatal(err)
	}
	s := newSim(t, w, DefaultConfig(), mgl64.Vec3{-5.1, restY(0), -5.3})
	start := s.pos
	v := 5 / math.Sqrt2
	for i := 0; i < 180; i++ {
		res := s.step(mgl64.Vec3{v, 0, v}, 0)
		if !res.Grounded {
			t.Fatalf("tick %d: not grounded at %v", i, s.pos)
		}
	}
	if d := s.pos.Sub(start).Len(); math.Abs(d-15) > 0.01 {
		t.Fatalf("travelled %v, want 15", d)
	}
}

func bumpHeight(x, z float64) float64 {
	return 0.15 * math.Sin(x*1.3) * math.Cos(z*0.9)
}

func TestBumpyHeightfield(t *testing.T) {
	// Bumps of 0.15 m amplitude (slopes up to atan(0.15*1.3*..) ~ 12 deg):
	// the walk must neither fall through (feet never below the terrain
	// surface by more than Offset) nor stick (at least 90% of the 15 m
	// planar distance covered).
	const n = 121
	const cell = 0.5
	origin := mgl64.Vec3{-30, 0, -30}
	hs := make([]float64, n*n)
	for r := 0; r < n; r++ {
		for c := 0; c < n; c++ {
			hs[r*n+c] = bumpHeight(origin[0]+float64(c)*cell, origin[2]+float64(r)*cell)
		}
	}
	w := NewWorld()
	if _, err := w.AddHeightfield(origin, cell, n, n, hs); err != nil {
		t.Fatal(err)
	}
	start := mgl64.Vec3{-7, restY(0.2), -6}
	s := newSim(t, w, DefaultConfig(), start)
	s.settle(30)
	start = s.pos
	v := 5 / math.Sqrt2
	for i := 0; i < 180; i++ {
		s.step(mgl64.Vec3{v, 0, v}, 0)
		// No falling through: no triangle may be closer to the capsule
		// segment than r - Offset.
		cs := w.Contacts(testShape, s.pos, mgl64.Vec3{0, 1, 0}, 0, nil)
		for _, c := range cs {
			if c.Distance < -DefaultOffset {
				t.Fatalf("tick %d: penetration %v at %v", i, -c.Distance, s.pos)
			}
		}
	}
	planar := math.Hypot(s.pos[0]-start[0], s.pos[2]-start[2])
	if planar < 0.9*15 {
		t.Fatalf("stuck: covered %v of 15 m", planar)
	}
	if s.transitions != 0 {
		t.Logf("note: %d grounded transitions on bumps", s.transitions)
	}
}

func TestRecoveryFromPenetration(t *testing.T) {
	// The capsule's side overlaps a wall at x=1 by half its radius: centre
	// x = 1 - r/2. With zero desired motion it must be pushed out to
	// x = 1 - r - Offset within 3 ticks.
	w := wallWorld(1, 0.5)
	c := NewController(DefaultConfig())
	pos := mgl64.Vec3{1 - testRadius/2, restY(0), 0}
	for i := 0; i < 3; i++ {
		res := c.Move(w, testShape, pos, mgl64.Vec3{})
		pos = pos.Add(res.Translation)
	}
	if want := 1 - testRadius - DefaultOffset; math.Abs(pos[0]-want) > 1e-5 {
		t.Fatalf("x %v after recovery, want %v", pos[0], want)
	}
	// Also out of a floor box it was sunk into by r/2.
	pos = mgl64.Vec3{0, restY(0) - testRadius/2, 0}
	res := c.Move(w, testShape, pos, mgl64.Vec3{})
	pos = pos.Add(res.Translation)
	if math.Abs(pos[1]-restY(0)) > 1e-5 || !res.Grounded {
		t.Fatalf("y %v after recovery, want %v (grounded %v)", pos[1], restY(0), res.Grounded)
	}
}

func TestLedgeFallAndLand(t *testing.T) {
	// Walk off a 1 m high platform ending at x=2: the character leaves the
	// ground (a real fall: one grounded->air->grounded sequence) and lands
	// on the floor grounded.
	w := flatWorld()
	w.AddBox(mgl64.Vec3{-3, 0.5, 0}, mgl64.Vec3{5, 0.5, 5}, mgl64.Quat{})
	s := newSim(t, w, DefaultConfig(), mgl64.Vec3{0, restY(1), 0})
	airTicks := 0
	for i := 0; i < 120; i++ {
		res := s.step(mgl64.Vec3{3, 0, 0}, 0)
		if !res.Grounded {
			airTicks++
		}
	}
	if !s.grounded || math.Abs(s.pos[1]-restY(0)) > 1e-3 {
		t.Fatalf("did not land: pos %v grounded %v", s.pos, s.grounded)
	}
	// A 1 m drop under 20 m/s^2 takes sqrt(2/20) = 0.316 s ~ 19 ticks.
	if airTicks < 10 || s.transitions != 1 {
		t.Fatalf("air ticks %d, transitions %d", airTicks, s.transitions)
	}
}

func TestCeilingStopsJump(t *testing.T) {
	// A ceiling box with its underside 2.2 m above the floor: the capsule's
	// top is at 1.8+Offset, so a 8 m/s jump hits it within a few ticks; the
	// read-back vertical velocity then stops rising.
	w := flatWorld()
	w.AddBox(mgl64.Vec3{0, 2.7, 0}, mgl64.Vec3{5, 0.5, 5}, mgl64.Quat{})
	s := newSim(t, w, DefaultConfig(), mgl64.Vec3{0, restY(0), 0})
	s.step(mgl64.Vec3{}, 8)
	hit := false
	for i := 0; i < 10; i++ {
		res := s.step(mgl64.Vec3{}, 0)
		for _, c := range res.Collisions {
			if c.Normal[1] < -0.9 {
				hit = true
			}
		}
		if hit {
			break
		}
	}
	if !hit {
		t.Fatal("never hit the ceiling")
	}
	top := s.pos[1] + testHalf + testRadius
	if top > 2.2-DefaultOffset+1e-6 {
		t.Fatalf("head at %v above ceiling 2.2", top)
	}
	// The tick after the hit does not rise any more.
	y := s.pos[1]
	s.step(mgl64.Vec3{}, 0)
	if s.pos[1] > y+1e-9 {
		t.Fatalf("still rising after the ceiling: %v -> %v", y, s.pos[1])
	}
}

// planarSim is the other caller style (the pipeline's KCC stage): while
// grounded it sends no gravity, only the planar velocity lifted onto the
// ground plane (desired.n = 0); in the air it integrates gravity.
type planarSim struct {
	c           *Controller
	w           *World
	pos         mgl64.Vec3
	vy          float64
	grounded    bool
	n           mgl64.Vec3
	airTicks    int
	transitions int
	ever        bool
	wasAir      bool
}

func (s *planarSim) step(wx, wz float64) MoveResult {
	var d mgl64.Vec3
	if s.grounded {
		lift := 0.0
		if s.n[1] > 1e-3 {
			lift = -(s.n[0]*wx + s.n[2]*wz) / s.n[1]
		}
		d = mgl64.Vec3{wx, lift, wz}.Mul(testDt)
		s.vy = 0
	} else {
		vy0 := s.vy
		s.vy -= testG * testDt
		d = mgl64.Vec3{wx * testDt, 0.5 * (vy0 + s.vy) * testDt, wz * testDt}
	}
	res := s.c.Move(s.w, testShape, s.pos, d)
	s.pos = s.pos.Add(res.Translation)
	if !s.grounded {
		s.vy = math.Min(s.vy, math.Max(0, res.Translation[1]/testDt))
	}
	s.grounded, s.n = res.Grounded, res.GroundNormal
	if res.Grounded {
		if s.wasAir && s.ever {
			s.transitions++
		}
		s.ever, s.wasAir = true, false
	} else {
		s.wasAir = true
		s.airTicks++
	}
	return res
}

func TestPlanarCallerStaysGrounded(t *testing.T) {
	// With a caller that sends no gravity while grounded and moves along
	// the ground plane, every scene below must stay grounded on every tick:
	// going over a ramp crest onto its plateau (the move along the ramp
	// plane overshoots above the plateau and snap brings it back), stairs
	// up and down, a bumpy heightfield.
	type scene struct {
		name  string
		w     *World
		start mgl64.Vec3
		plan  [][3]float64 // ticks, wx, wz
	}
	const n = 121
	hs := make([]float64, n*n)
	origin := mgl64.Vec3{-30, 0, -30}
	for r := 0; r < n; r++ {
		for c := 0; c < n; c++ {
			hs[r*n+c] = bumpHeight(origin[0]+float64(c)*0.5, origin[2]+float64(r)*0.5)
		}
	}
	bumpy := NewWorld()
	if _, err := bumpy.AddHeightfield(origin, 0.5, n, n, hs); err != nil {
		t.Fatal(err)
	}
	d := 5 / math.Sqrt2
	scenes := []scene{
		{"ramp 30 crest", rampWorld(30, 1, 1), mgl64.Vec3{0, restY(0), 0}, [][3]float64{{90, 5, 0}, {90, -5, 0}}},
		{"stairs", stairsWorld(1, 0.2, 0.4, 6), mgl64.Vec3{0, restY(0), 0}, [][3]float64{{90, 5, 0}, {90, -5, 0}}},
		{"bumpy", bumpy, mgl64.Vec3{-7, 2, -6}, [][3]float64{{30, 0, 0}, {180, d, d}, {180, -d, 0}}},
	}
	for _, sc := range scenes {
		s := &planarSim{c: NewController(DefaultConfig()), w: sc.w, pos: sc.start, n: mgl64.Vec3{0, 1, 0}}
		for _, p := range sc.plan {
			for i := 0; i < int(p[0]); i++ {
				s.step(p[1], p[2])
			}
		}
		if s.transitions != 0 {
			t.Errorf("%s: %d grounded transitions (air ticks %d), end %v", sc.name, s.transitions, s.airTicks, s.pos)
		}
	}
}
