package kcc

import (
	"math"
	"strings"
	"testing"

	"github.com/go-gl/mathgl/mgl64"
)

func TestDefaultConfigValid(t *testing.T) {
	c := DefaultConfig()
	if err := c.Validate(); err != nil {
		t.Fatal(err)
	}
	if c.sanitized().Offset != c.Offset || c.sanitized().Autostep.MaxHeight != DefaultStepHeight {
		t.Fatal("sanitizing the default config changed it")
	}
}

func TestValidateReportsBadFields(t *testing.T) {
	nan := math.NaN()
	bad := Config{
		Up: mgl64.Vec3{}, Offset: -1, MaxSlopeClimbAngle: nan, MinSlopeSlideAngle: 2,
		Autostep: &Autostep{MaxHeight: nan, MinWidth: -1}, SnapToGround: math.Inf(1),
		MaxIterations: -3, GroundTolerance: nan, MaxTranslation: -1,
	}
	err := bad.Validate()
	if err == nil {
		t.Fatal("no error")
	}
	for _, field := range []string{"Up", "Offset", "MaxSlopeClimbAngle", "MinSlopeSlideAngle", "Autostep.MaxHeight",
		"Autostep.MinWidth", "SnapToGround", "MaxIterations", "GroundTolerance", "MaxTranslation"} {
		if !strings.Contains(err.Error(), field) {
			t.Errorf("error does not name %s: %v", field, err)
		}
	}
}

func TestNewControllerSanitizes(t *testing.T) {
	nan := math.NaN()
	c := NewController(Config{
		Up: mgl64.Vec3{nan, 0, 0}, Offset: nan, MaxSlopeClimbAngle: -1, MinSlopeSlideAngle: 9,
		Autostep: &Autostep{MaxHeight: -1}, SnapToGround: nan, MaxIterations: 1000, MaxTranslation: math.Inf(1),
	})
	got := c.Config()
	d := DefaultConfig()
	if got.Up != d.Up || got.Offset != d.Offset || got.MaxSlopeClimbAngle != d.MaxSlopeClimbAngle ||
		got.MinSlopeSlideAngle != d.MinSlopeSlideAngle || got.Autostep != nil || got.SnapToGround != 0 ||
		got.MaxIterations != maxIterationsCap || got.MaxTranslation != d.MaxTranslation {
		t.Fatalf("sanitized config %+v", got)
	}
	if err := got.Validate(); err != nil {
		t.Fatalf("sanitized config invalid: %v", err)
	}
	// The zero Config works too (zero offset and angles are valid values).
	z := NewController(Config{})
	res := z.Move(flatWorld(), testShape, mgl64.Vec3{0, 2, 0}, mgl64.Vec3{0, -5, 0})
	if !res.Grounded {
		t.Fatalf("zero config: %+v", res)
	}
	// Up is normalized.
	u := NewController(Config{Up: mgl64.Vec3{0, 5, 0}}).Config().Up
	if u != (mgl64.Vec3{0, 1, 0}) {
		t.Fatalf("up %v", u)
	}
}

func TestGroundStateString(t *testing.T) {
	for g, want := range map[GroundState]string{GroundNone: "none", Ground: "ground", GroundSteep: "steep", 7: "invalid"} {
		if g.String() != want {
			t.Errorf("%d: %q", g, g.String())
		}
	}
}

func TestMoveDegenerateInputs(t *testing.T) {
	w := flatWorld()
	c := NewController(DefaultConfig())
	pos := mgl64.Vec3{0, restY(0), 0}
	nan, inf := math.NaN(), math.Inf(1)
	for _, in := range []struct {
		w     *World
		shape Capsule
		pos   mgl64.Vec3
	}{
		{nil, testShape, pos},
		{w, Capsule{Radius: 0, HalfHeight: 0.6}, pos},
		{w, Capsule{Radius: -1, HalfHeight: 0.6}, pos},
		{w, Capsule{Radius: nan, HalfHeight: 0.6}, pos},
		{w, Capsule{Radius: 0.3, HalfHeight: -1}, pos},
		{w, Capsule{Radius: 0.3, HalfHeight: inf}, pos},
		{w, testShape, mgl64.Vec3{nan, 0, 0}},
		{w, testShape, mgl64.Vec3{0, inf, 0}},
	} {
		res := c.Move(in.w, in.shape, in.pos, mgl64.Vec3{1, 0, 0})
		if res.Translation != (mgl64.Vec3{}) || res.Grounded || res.GroundState != GroundNone || res.GroundNormal != (mgl64.Vec3{0, 1, 0}) {
			t.Fatalf("degenerate %+v gave %+v", in, res)
		}
	}
	// Non-finite desired motion is treated as zero: the grounded character
	// stays put and stays grounded.
	for _, d := range []mgl64.Vec3{{nan, 0, 0}, {0, inf, 0}, {0, 0, -inf}} {
		res := c.Move(w, testShape, pos, d)
		if res.Translation.Len() > 1e-9 || !res.Grounded {
			t.Fatalf("desired %v gave %+v", d, res)
		}
	}
	// A huge request is capped at MaxTranslation (100 m): on an open floor
	// the character moves exactly 100 m.
	res := c.Move(w, testShape, pos, mgl64.Vec3{1e9, 0, 0})
	if math.Abs(res.Translation[0]-DefaultMaxTranslation) > 1e-6 {
		t.Fatalf("1e9 request moved %v", res.Translation)
	}
	// A sphere (half height 0) works.
	res = c.Move(w, Capsule{Radius: 0.5}, mgl64.Vec3{0, 3, 0}, mgl64.Vec3{0, -5, 0})
	if !res.Grounded || math.Abs(3+res.Translation[1]-0.51) > 1e-6 {
		t.Fatalf("sphere landing %+v", res)
	}
}

func TestMoveZeroAllocs(t *testing.T) {
	scenes := map[string]func() (*World, mgl64.Vec3, mgl64.Vec3){
		"flat": func() (*World, mgl64.Vec3, mgl64.Vec3) {
			return flatWorld(), mgl64.Vec3{0, restY(0), 0}, mgl64.Vec3{0.08, gravityStep, 0}
		},
		"stairs": func() (*World, mgl64.Vec3, mgl64.Vec3) {
			return stairsWorld(1, 0.2, 0.4, 6), mgl64.Vec3{1 - testRadius - DefaultOffset, restY(0), 0}, mgl64.Vec3{0.08, gravityStep, 0}
		},
		"grid": func() (*World, mgl64.Vec3, mgl64.Vec3) {
			w := grid20k()
			return w, gridRestPos(w), mgl64.Vec3{0.06, gravityStep, 0.06}
		},
	}
	for name, mk := range scenes {
		w, pos, d := mk()
		c := NewController(DefaultConfig())
		c.Move(w, testShape, pos, d) // warm-up sizes the scratch buffers
		if a := testing.AllocsPerRun(100, func() { c.Move(w, testShape, pos, d) }); a != 0 {
			t.Errorf("%s: %v allocs per Move", name, a)
		}
	}
}

func TestMoveDeterministicAndStateless(t *testing.T) {
	// One Controller shared by two characters, interleaved, gives exactly
	// the results of one Controller per character: Move keeps no
	// per-character state.
	w := stairsWorld(1, 0.2, 0.4, 6)
	shared := NewController(DefaultConfig())
	own := [2]*Controller{NewController(DefaultConfig()), NewController(DefaultConfig())}
	pa := [2]mgl64.Vec3{{0, restY(0), 0}, {0, restY(0), 1}}
	pb := pa
	for i := 0; i < 120; i++ {
		for k := 0; k < 2; k++ {
			d := mgl64.Vec3{0.08, gravityStep, 0.01 * float64(k)}
			ra := shared.Move(w, testShape, pa[k], d)
			rb := own[k].Move(w, testShape, pb[k], d)
			if ra.Translation != rb.Translation || ra.GroundState != rb.GroundState || ra.GroundNormal != rb.GroundNormal {
				t.Fatalf("tick %d char %d: shared %+v own %+v", i, k, ra, rb)
			}
			pa[k] = pa[k].Add(ra.Translation)
			pb[k] = pb[k].Add(rb.Translation)
		}
	}
}

func TestNoFlicker10s(t *testing.T) {
	// 10 s (600 ticks) of standing and walking over flat ground, a 30 degree
	// ramp, its plateau, steps down and up, and standing again: a grounded
	// character that never jumps and never walks off a drop higher than
	// SnapToGround must report grounded on every tick (zero
	// grounded->air->grounded transitions).
	w := flatWorld()
	// 30 degree ramp from x=2 up to 0.6 m, plateau to x=8, then stairs down
	// (0.2 risers) back to the floor: boxes for the plateau steps.
	run := 0.6 / math.Tan(30*math.Pi/180)
	var vs []mgl64.Vec3
	var is []uint32
	vs, is = addQuad(vs, is, mgl64.Vec3{2, 0, 3}, mgl64.Vec3{2 + run, 0.6, 3}, mgl64.Vec3{2 + run, 0.6, -3}, mgl64.Vec3{2, 0, -3})
	if _, err := w.AddTriMesh(vs, is); err != nil {
		t.Fatal(err)
	}
	x := 2 + run
	w.AddBox(mgl64.Vec3{(x + 8) / 2, 0.3, 0}, mgl64.Vec3{(8 - x) / 2, 0.3, 3}, mgl64.Quat{})
	w.AddBox(mgl64.Vec3{8.2, 0.2, 0}, mgl64.Vec3{0.2, 0.2, 3}, mgl64.Quat{})
	w.AddBox(mgl64.Vec3{8.6, 0.1, 0}, mgl64.Vec3{0.2, 0.1, 3}, mgl64.Quat{})
	s := newSim(t, w, DefaultConfig(), mgl64.Vec3{0, restY(0), 0})
	plan := []struct {
		ticks int
		wish  mgl64.Vec3
	}{
		{60, mgl64.Vec3{}},          // stand
		{150, mgl64.Vec3{4, 0, 0}},  // walk up the ramp, across the plateau, down the steps
		{60, mgl64.Vec3{}},          // stand
		{150, mgl64.Vec3{-4, 0, 0}}, // back up the steps, across, down the ramp
		{60, mgl64.Vec3{0, 0, 2}},   // sideways on the floor
		{120, mgl64.Vec3{}},         // stand
	}
	tick := 0
	for _, p := range plan {
		for i := 0; i < p.ticks; i++ {
			res := s.step(p.wish, 0)
			if !res.Grounded {
				t.Fatalf("tick %d: airborne at %v (state %v)", tick, s.pos, res.GroundState)
			}
			tick++
		}
	}
	if tick != 600 || s.transitions != 0 {
		t.Fatalf("ticks %d transitions %d", tick, s.transitions)
	}
}

func TestNonYUp(t *testing.T) {
	// The whole flat-walk scene rotated so that +Z is up: a floor box with
	// its top at z=0 and Config.Up = +Z. 5 m/s along +X for 1 s on the
	// floor: 5 m, grounded every tick, ground normal +Z.
	w := NewWorld()
	w.AddBox(mgl64.Vec3{0, 0, -0.5}, mgl64.Vec3{100, 100, 0.5}, mgl64.Quat{})
	cfg := DefaultConfig()
	cfg.Up = mgl64.Vec3{0, 0, 1}
	c := NewController(cfg)
	pos := mgl64.Vec3{0, 0, restY(0)}
	vz := 0.0
	for i := 0; i < 60; i++ {
		vz -= testG * testDt
		res := c.Move(w, testShape, pos, mgl64.Vec3{5 * testDt, 0, vz * testDt})
		pos = pos.Add(res.Translation)
		if !res.Grounded || res.GroundNormal != (mgl64.Vec3{0, 0, 1}) {
			t.Fatalf("tick %d: %+v", i, res)
		}
		vz = 0
	}
	if math.Abs(pos[0]-5) > 1e-6 || math.Abs(pos[2]-restY(0)) > 1e-6 {
		t.Fatalf("pos %v", pos)
	}
}

func TestAutostepAndSnapDisabled(t *testing.T) {
	// Without autostep a 0.2 m step blocks (x stops at 1 - r - Offset,
	// give or take the sphere rolling on the edge: the contact is below the
	// sphere centre, so the capsule stops where the sphere touches the
	// edge); without snap, walking off a 0.2 m step makes the character
	// airborne for a few ticks.
	cfg := DefaultConfig()
	cfg.Autostep = nil
	cfg.SnapToGround = 0
	w := stepWorld(1, 0.2)
	s := newSim(t, w, cfg, mgl64.Vec3{0, restY(0), 0})
	for i := 0; i < 60; i++ {
		s.step(mgl64.Vec3{5, 0, 0}, 0)
	}
	// The sphere (centre 0.31 above the floor) touches the 0.2 m edge when
	// its centre is sqrt(0.31^2 - 0.11^2) = 0.2898 m before x=1.
	if want := 1 - math.Sqrt(0.31*0.31-0.11*0.11); math.Abs(s.pos[0]-want) > 1e-4 || s.pos[1] > restY(0)+1e-6 {
		t.Fatalf("pos %v, want x %v on the floor", s.pos, want)
	}
	s = newSim(t, w, cfg, mgl64.Vec3{3, restY(0.2), 0})
	air := 0
	for i := 0; i < 90; i++ {
		if res := s.step(mgl64.Vec3{-5, 0, 0}, 0); !res.Grounded {
			air++
		}
	}
	if air == 0 || math.Abs(s.pos[1]-restY(0)) > 1e-3 {
		t.Fatalf("no snap: air ticks %d, pos %v", air, s.pos)
	}
}

func TestGroundNormalAndCollisions(t *testing.T) {
	// Standing on the 30 degree ramp, the ground normal is the ramp's
	// (-sin30, cos30, 0).
	w := rampWorld(30, 1, 2)
	c := NewController(DefaultConfig())
	pos := placeOnRamp(30, 1, 1)
	res := c.Move(w, testShape, pos, mgl64.Vec3{0, gravityStep, 0})
	want := mgl64.Vec3{-0.5, math.Sqrt(3) / 2, 0}
	if !res.Grounded || res.GroundNormal.Sub(want).Len() > 1e-9 {
		t.Fatalf("ramp: %+v", res)
	}
	// On a ledge: the capsule centre 0.25 m past the edge of a 1 m box, the
	// sphere rests on the edge (contact normal tilted by asin(0.25/0.31) =
	// 54 degrees, steeper than 45); the top face carries it, so it is
	// grounded with the face normal +Y.
	w = flatWorld()
	w.AddBox(mgl64.Vec3{-3, 0.5, 0}, mgl64.Vec3{5, 0.5, 5}, mgl64.Quat{})
	dx := 0.25
	h := math.Sqrt(0.31*0.31 - dx*dx)
	pos = mgl64.Vec3{2 + dx, 1 + h + testHalf, 0}
	res = c.Move(w, testShape, pos, mgl64.Vec3{})
	if !res.Grounded || res.GroundNormal.Sub(mgl64.Vec3{0, 1, 0}).Len() > 1e-9 {
		t.Fatalf("ledge: %+v", res)
	}
	// Collisions: walking 0.5 m into a wall 0.19 m away on a floor. The
	// floor contact comes first (request (0.5, g, 0) with 0 applied), then
	// the wall after 0.19 - 0 m of the horizontal motion: translation
	// applied (0.19, 0, 0) within the cast tolerance, remaining (0.31, 0, 0).
	w = wallWorld(1, 0.5)
	start := mgl64.Vec3{1 - testRadius - DefaultOffset - 0.19, restY(0), 0}
	res = c.Move(w, testShape, start, mgl64.Vec3{0.5, gravityStep, 0})
	if len(res.Collisions) != 2 {
		t.Fatalf("collisions %+v", res.Collisions)
	}
	floor, wall := res.Collisions[0], res.Collisions[1]
	if floor.Collider != 0 || floor.Normal != (mgl64.Vec3{0, 1, 0}) || floor.TranslationApplied != (mgl64.Vec3{}) {
		t.Fatalf("floor collision %+v", floor)
	}
	if wall.Collider != 1 || wall.Normal.Sub(mgl64.Vec3{-1, 0, 0}).Len() > 1e-9 ||
		wall.TranslationApplied.Sub(mgl64.Vec3{0.19, 0, 0}).Len() > 1e-5 ||
		wall.TranslationRemaining.Sub(mgl64.Vec3{0.31, 0, 0}).Len() > 1e-5 {
		t.Fatalf("wall collision %+v", wall)
	}
	if math.Abs(res.Translation[0]-0.19) > 1e-5 {
		t.Fatalf("translation %v", res.Translation)
	}
}
