package kcc

import (
	"fmt"
	"math"
	"testing"

	"github.com/go-gl/mathgl/mgl64"
)

// rideBox is ride for a box character: World.Step, then CarryWith from
// the ground collider of the last grounded Move (the box's own sweep cuts
// the carry short at other colliders), then a tick's Move.
func rideBox(s *sim, wish mgl64.Vec3) MoveResult {
	s.w.Step(testDt)
	if s.grounded && s.lastRes.GroundCollider != NoCollider {
		d, _ := s.c.CarryWith(s.w, s.shape, s.pos, s.lastRes.GroundCollider, s.opts)
		s.pos = s.pos.Add(d)
	}
	return s.step(wish, 0)
}

// A box standing on a platform is carried exactly: on a platform moving
// at 3 m/s its place relative to the platform drifts less than 1 mm in
// 10 s (600 ticks); on an elevator rising at 5 m/s or falling at 10 m/s it
// is grounded on every tick with its feet between the deck and the skin
// plus the ground tolerance above it (never in the deck, never hopping).
// The platform is always its ground collider.
func TestBoxPlatformCarries(t *testing.T) {
	w, id := platformWorld()
	w.SetVelocity(id, mgl64.Vec3{3, 0, 0}, mgl64.Vec3{})
	s := newBoxSim(t, w, DefaultConfig(), mgl64.Vec3{0.5, restY(0), 0.2})
	s.step(mgl64.Vec3{}, 0)
	plat0, _, _ := w.Transform(id)
	rel0 := s.pos.Sub(plat0)
	for i := 0; i < 600; i++ {
		if res := rideBox(s, mgl64.Vec3{}); !res.Grounded || res.GroundCollider != id {
			t.Fatalf("tick %d: %+v", i, res)
		}
	}
	plat, _, _ := w.Transform(id)
	if d := s.pos.Sub(plat).Sub(rel0).Len(); d > 1e-3 {
		t.Fatalf("drifted %v m relative to the platform", d)
	}
	for _, vy := range []float64{5, -10} {
		w, id := platformWorld()
		w.SetVelocity(id, mgl64.Vec3{0, vy, 0}, mgl64.Vec3{})
		s := newBoxSim(t, w, DefaultConfig(), mgl64.Vec3{0, restY(0), 0})
		s.step(mgl64.Vec3{}, 0)
		for i := 0; i < 90; i++ {
			res := rideBox(s, mgl64.Vec3{})
			plat, _, _ := w.Transform(id)
			gap := s.pos[1] - testHalf - testRadius - (plat[1] + 0.25)
			if !res.Grounded || res.GroundCollider != id || gap < -1e-9 || gap > DefaultOffset+DefaultGroundTolerance {
				t.Fatalf("vy %v tick %d: grounded %v on %v, feet %v above the deck", vy, i, res.Grounded, res.GroundCollider, gap)
			}
		}
	}
}

// A box standing on a platform turning at 1 rad/s about its centre is
// carried round it (the box itself does not turn: CarryWith's yaw is the
// caller's): after 10 s its distance to the axis is still 1.5 m and it is
// grounded on every tick.
func TestBoxPlatformTurns(t *testing.T) {
	w, id := platformWorld()
	w.SetVelocity(id, mgl64.Vec3{}, mgl64.Vec3{0, 1, 0})
	s := newBoxSim(t, w, DefaultConfig(), mgl64.Vec3{1.5, restY(0), 0})
	s.step(mgl64.Vec3{}, 0)
	for i := 0; i < 600; i++ {
		if res := rideBox(s, mgl64.Vec3{}); !res.Grounded {
			t.Fatalf("tick %d: fell off the turning platform at %v", i, s.pos)
		}
	}
	if r := math.Hypot(s.pos[0], s.pos[2]); math.Abs(r-1.5) > 1e-3 {
		t.Fatalf("distance to the axis %v, want 1.5", r)
	}
}

// One-way platforms (the oneWay listener ignores the platform met from
// below or from inside): a box jumping from under the platform at 11 m/s
// passes up through it and lands on it, feet at its top (2.1) within
// twice the skin; without the listener its head stops under the
// platform's underside (2.0).
func TestBoxOneWayPlatform(t *testing.T) {
	run := func(listen bool) (top float64, s *sim) {
		w := flatWorld()
		plat := w.AddBox(mgl64.Vec3{0, 2.05, 0}, mgl64.Vec3{2, 0.05, 2}, mgl64.Quat{})
		s = newBoxSim(t, w, DefaultConfig(), mgl64.Vec3{0, restY(0), 0})
		if listen {
			s.opts.Listener = &oneWay{platform: plat}
		}
		s.step(mgl64.Vec3{}, 0)
		s.step(mgl64.Vec3{}, 11)
		for i := 0; i < 120; i++ {
			s.step(mgl64.Vec3{}, 0)
			top = max(top, s.pos[1])
		}
		return top, s
	}
	top, s := run(true)
	if feet := top - testHalf - testRadius; feet < 2.1 {
		t.Fatalf("with the listener the feet peaked at %.3f: the box did not pass up through the platform", feet)
	}
	if feet := s.pos[1] - testHalf - testRadius; !s.grounded || feet < 2.1-1e-6 || feet > 2.1+2*DefaultOffset {
		t.Fatalf("with the listener: grounded %v, feet %.4f (peak centre %.3f); want on the platform at 2.1", s.grounded, feet, top)
	}
	top, _ = run(false)
	if head := top + testHalf + testRadius; head > 2.0-DefaultOffset+1e-6 {
		t.Fatalf("without the listener the head reached %.4f, into the platform's underside at 2", head)
	}
}

// A 1 m cube sliding at 3 m/s pushes a standing box: the box is never
// closer than the skin to the cube's face (1e-6), never enters the wall
// 3 m on (its side at most at x = 3), and once squeezed between them
// (room 0.6 m for its 0.6 m width plus two skins) it is Crushed.
func TestBoxPushedAndCrushed(t *testing.T) {
	w := flatWorld()
	pusher := w.AddBox(mgl64.Vec3{-1.5, 0.5, 0}, mgl64.Vec3{0.5, 0.5, 0.5}, mgl64.Quat{})
	w.AddBox(mgl64.Vec3{3.5, 1, 0}, mgl64.Vec3{0.5, 1, 2}, mgl64.Quat{})
	w.SetVelocity(pusher, mgl64.Vec3{3, 0, 0}, mgl64.Vec3{})
	s := newBoxSim(t, w, DefaultConfig(), mgl64.Vec3{0, restY(0), 0})
	s.step(mgl64.Vec3{}, 0)
	crushed := false
	for i := 0; i < 120 && !crushed; i++ {
		res := rideBox(s, mgl64.Vec3{})
		p, _, _ := w.Transform(pusher)
		crushed = res.Crushed
		if gap := s.pos[0] - testRadius - (p[0] + 0.5); !crushed && gap < DefaultOffset-1e-6 {
			t.Fatalf("tick %d: %v m from the pusher's face", i, gap)
		}
		if s.pos[0]+testRadius > 3+1e-9 {
			t.Fatalf("tick %d: pushed into the wall (x %v)", i, s.pos[0])
		}
	}
	if !crushed {
		t.Fatal("squeezed between the pusher and the wall, but Crushed never reported")
	}
}

// A lift rising at 1 m/s under a ceiling slab (bottom at 4) stops with
// its deck at 2.5: 1.5 m of room for the box's 1.8 m. Carried with
// CarryWith (cut short at the slab), the box's head never enters the slab
// by more than the rounding (it stays at most at 4 - Offset + 1e-6), and
// it is Crushed on the ticks it cannot fit (every tick from when the
// room is short, including the 180 ticks after
// the lift stops, as the room stays 1.5 m). The deck (at 0.5 + t after t
// seconds) leaves less than the box's 1.8 m once it passes 4 - 1.8 = 2.2,
// after 1.7 s: tick 101 of the loop (the first tick's Step is at 2/60 s),
// so ticks 101 to 299, 199 of them, within a tick either way.
func TestBoxLiftCrushUnderCeiling(t *testing.T) {
	w := NewWorld()
	w.AddBox(mgl64.Vec3{0, -0.5, 0}, mgl64.Vec3{20, 0.5, 20}, mgl64.Quat{})
	w.AddBox(mgl64.Vec3{0, 4.5, 0}, mgl64.Vec3{5, 0.5, 5}, mgl64.Quat{})
	lift := w.AddBox(mgl64.Vec3{0, 0.25, 0}, mgl64.Vec3{2, 0.25, 2}, mgl64.Quat{})
	w.SetVelocity(lift, mgl64.Vec3{0, 1, 0}, mgl64.Vec3{})
	s := newBoxSim(t, w, DefaultConfig(), mgl64.Vec3{0, 0.5 + restY(0), 0})
	s.step(mgl64.Vec3{}, 0)
	crushed := 0
	for i := 0; i < 300; i++ {
		if p, _, _ := w.Transform(lift); p[1]+0.25 >= 4-1.5 {
			w.SetVelocity(lift, mgl64.Vec3{}, mgl64.Vec3{})
		}
		res := rideBox(s, mgl64.Vec3{})
		if head := s.pos[1] + testHalf + testRadius; head > 4-DefaultOffset+1e-6 {
			t.Fatalf("tick %d: head at %v, into the ceiling slab (bottom 4)", i, head)
		}
		if res.Crushed {
			crushed++
		}
		if !finiteVec(s.pos) {
			t.Fatalf("tick %d: position %v", i, s.pos)
		}
	}
	if crushed < 198 || crushed > 200 {
		t.Fatalf("Crushed on %d ticks, want 199 (within one)", crushed)
	}
}

// Sensors of a box character read the box: a sensor box whose corner
// (x, z >= 1) the box's footprint [0.45, 1.05]² overlaps by 5 cm each way
// is touched by the box, not by the capsule of the same size (its axis
// is (1-0.75)·√2 = 0.354 m from the corner, beyond its 0.3 m radius); a
// vertical mesh quad (the plane x = 5) is touched by both when their flat
// side is 1 mm into it and by neither 1 mm short of it; a heightfield
// sensor (y = 0) is touched by the box standing 1 mm into it, not 1 mm
// above.
func TestBoxSensors(t *testing.T) {
	w := NewWorld()
	corner := w.AddBox(mgl64.Vec3{1.5, 1, 1.5}, mgl64.Vec3{0.5, 1, 0.5}, mgl64.QuatIdent())
	quad := []mgl64.Vec3{{5, 0, -1}, {5, 0, 1}, {5, 2, 1}, {5, 2, -1}}
	mesh, err := w.AddTriMesh(quad, []uint32{0, 1, 2, 0, 2, 3})
	if err != nil {
		t.Fatal(err)
	}
	hf, err := w.AddHeightfield(mgl64.Vec3{10, 0, 0}, 1, 3, 3, make([]float64, 9))
	if err != nil {
		t.Fatal(err)
	}
	for _, id := range []ColliderID{corner, mesh, hf} {
		if err := w.SetSensor(id, true); err != nil {
			t.Fatal(err)
		}
	}
	y := testHalf + testRadius + 0.5 // clear of the heightfield, at the quad's and box's heights
	cases := []struct {
		name     string
		pos      mgl64.Vec3
		box, cap []ColliderID
	}{
		{"corner", mgl64.Vec3{0.75, y, 0.75}, []ColliderID{corner}, nil},
		{"quad touched", mgl64.Vec3{5 - testRadius + 0.001, y, 0}, []ColliderID{mesh}, []ColliderID{mesh}},
		{"quad short", mgl64.Vec3{5 - testRadius - 0.001, y, 0}, nil, nil},
		{"field touched", mgl64.Vec3{11, testHalf + testRadius - 0.001, 1}, []ColliderID{hf}, []ColliderID{hf}},
		{"field short", mgl64.Vec3{11, testHalf + testRadius + 0.001, 1}, nil, nil},
	}
	for _, c := range cases {
		if got := w.Sensors(boxShape, c.pos, 1, nil); fmt.Sprint(got) != fmt.Sprint(c.box) && len(got)+len(c.box) > 0 {
			t.Errorf("%s: the box's sensors %v, want %v", c.name, got, c.box)
		}
		if got := w.Sensors(testShape, c.pos, 1, nil); fmt.Sprint(got) != fmt.Sprint(c.cap) && len(got)+len(c.cap) > 0 {
			t.Errorf("%s: the capsule's sensors %v, want %v", c.name, got, c.cap)
		}
	}
	buf := make([]ColliderID, 0, 4)
	if a := testing.AllocsPerRun(100, func() { buf = w.Sensors(boxShape, cases[0].pos, 1, buf[:0]) }); a != 0 {
		t.Errorf("%v allocs per box Sensors query", a)
	}
}
