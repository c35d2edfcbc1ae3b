package kcc

import (
	"errors"
	"math"
	"math/rand"
	"testing"

	"github.com/go-gl/mathgl/mgl64"
)

// ride advances the sim one tick on a world whose colliders move: the
// world's Step first (kinematic colliders advance, pose changes are
// recorded), then the documented carry — a character grounded on a
// collider is moved with it (World.Carry) and turned with it — and then
// the documented caller (gravity, Move, vertical velocity zeroed only
// while grounded). It returns the Move's result and the yaw carried.
func ride(s *sim, wish mgl64.Vec3) (MoveResult, float64) {
	s.w.Step(testDt)
	yaw := 0.0
	if s.grounded && s.lastRes.GroundCollider != NoCollider {
		d, y := s.w.Carry(s.lastRes.GroundCollider, s.pos, mgl64.Vec3{0, 1, 0})
		s.pos = s.pos.Add(d)
		yaw = y
	}
	return s.step(wish, 0), yaw
}

// platformWorld is a floor 20 m below (out of reach) and a 4 x 0.5 x 4 m
// platform box whose top is at y = 0, centred at the origin.
func platformWorld() (*World, ColliderID) {
	w := NewWorld()
	w.AddBox(mgl64.Vec3{0, -20.5, 0}, mgl64.Vec3{100, 0.5, 100}, mgl64.Quat{})
	id := w.AddBox(mgl64.Vec3{0, -0.25, 0}, mgl64.Vec3{2, 0.25, 2}, mgl64.Quat{})
	return w, id
}

// A character standing on a platform moving at 3 m/s is carried exactly:
// its position relative to the platform drifts less than 1 mm in 10 s at
// 60 Hz, it is grounded on every tick and reports the platform as its
// ground.
func TestPlatformCarriesLinear(t *testing.T) {
	w, id := platformWorld()
	if err := w.SetVelocity(id, mgl64.Vec3{3, 0, 0}, mgl64.Vec3{}); err != nil {
		t.Fatal(err)
	}
	s := newSim(t, w, DefaultConfig(), mgl64.Vec3{0.5, restY(0), 0.2})
	s.step(mgl64.Vec3{}, 0) // settle
	if !s.grounded || s.lastRes.GroundCollider != id {
		t.Fatalf("not standing on the platform: %+v", s.lastRes)
	}
	plat0, _, _ := w.Transform(id)
	rel0 := s.pos.Sub(plat0)
	for i := 0; i < 600; i++ {
		res, _ := ride(s, mgl64.Vec3{})
		if !res.Grounded || res.GroundCollider != id {
			t.Fatalf("tick %d: grounded %v on %d", i, res.Grounded, res.GroundCollider)
		}
	}
	plat, _, _ := w.Transform(id)
	// The platform moved 3 m/s * 10 s = 30 m.
	if math.Abs(plat[0]-plat0[0]-30) > 1e-9 {
		t.Fatalf("platform moved %v m, want 30", plat[0]-plat0[0])
	}
	if drift := s.pos.Sub(plat).Sub(rel0).Len(); drift > 1e-3 {
		t.Fatalf("drift %v m relative to the platform after 10 s", drift)
	}
	if s.transitions != 0 {
		t.Fatalf("%d grounded flips", s.transitions)
	}
}

// Walking on a moving platform adds the walk to the carry: walking at
// 1 m/s along +z on a platform moving at 3 m/s along +x for 1 s moves the
// character 3 m in x and 1 m in z.
func TestPlatformWalkAddsToCarry(t *testing.T) {
	w, id := platformWorld()
	w.SetVelocity(id, mgl64.Vec3{3, 0, 0}, mgl64.Vec3{})
	s := newSim(t, w, DefaultConfig(), mgl64.Vec3{0, restY(0), -0.5})
	s.step(mgl64.Vec3{}, 0)
	start := s.pos
	for i := 0; i < 60; i++ {
		ride(s, mgl64.Vec3{0, 0, 1})
	}
	d := s.pos.Sub(start)
	if math.Abs(d[0]-3) > 1e-6 || math.Abs(d[2]-1) > 1e-6 || math.Abs(d[1]) > 1e-6 {
		t.Fatalf("moved %v, want (3, 0, 1)", d)
	}
}

// On a platform turning at 1 rad/s about its centre, a character standing
// 1.5 m from the axis is carried around it: after 10 s (10 rad) its angle
// about the axis advanced 10 rad, its distance to the axis is unchanged
// (within 1 mm), and the carried yaw adds up to 10 rad.
func TestPlatformCarriesRotation(t *testing.T) {
	w, id := platformWorld()
	w.SetVelocity(id, mgl64.Vec3{}, mgl64.Vec3{0, 1, 0})
	s := newSim(t, w, DefaultConfig(), mgl64.Vec3{1.5, restY(0), 0})
	s.step(mgl64.Vec3{}, 0)
	yaw := 0.0
	angle := 0.0 // unwrapped angle of the character about the axis
	prev := math.Atan2(s.pos[2], s.pos[0])
	for i := 0; i < 600; i++ {
		res, y := ride(s, mgl64.Vec3{})
		if !res.Grounded {
			t.Fatalf("tick %d: fell off the turning platform", i)
		}
		yaw += y
		a := math.Atan2(s.pos[2], s.pos[0])
		da := a - prev
		for da > math.Pi {
			da -= 2 * math.Pi
		}
		for da < -math.Pi {
			da += 2 * math.Pi
		}
		angle += da
		prev = a
	}
	// A turn of +1 rad/s about +Y moves +x towards -z: the angle atan2(z,
	// x) decreases, and the yaw reported (counter-clockwise about up) is
	// +1 rad/s.
	if math.Abs(angle+10) > 1e-6 {
		t.Fatalf("carried %v rad about the axis, want -10 (clockwise in atan2(z, x))", angle)
	}
	if math.Abs(yaw-10) > 1e-6 {
		t.Fatalf("carried yaw %v rad, want 10", yaw)
	}
	if r := math.Hypot(s.pos[0], s.pos[2]); math.Abs(r-1.5) > 1e-3 {
		t.Fatalf("distance to the axis %v, want 1.5", r)
	}
}

// An elevator rising at 5 m/s and one falling at 10 m/s keep the
// character grounded on every tick: it never falls through, never hops
// (never more than the skin plus the ground tolerance above the deck).
func TestElevatorStaysGrounded(t *testing.T) {
	for _, vy := range []float64{5, -10} {
		w, id := platformWorld()
		w.SetVelocity(id, mgl64.Vec3{0, vy, 0}, mgl64.Vec3{})
		s := newSim(t, w, DefaultConfig(), mgl64.Vec3{0, restY(0), 0})
		s.step(mgl64.Vec3{}, 0)
		for i := 0; i < 90; i++ { // 1.5 s: 7.5 m up or 15 m down
			res, _ := ride(s, mgl64.Vec3{})
			plat, _, _ := w.Transform(id)
			deck := plat[1] + 0.25
			gap := s.pos[1] - testHalf - testRadius - deck
			if !res.Grounded || gap < -1e-9 || gap > DefaultOffset+DefaultGroundTolerance {
				t.Fatalf("vy %v tick %d: grounded %v, feet %v m above the deck", vy, i, res.Grounded, gap)
			}
		}
	}
}

// A platform moving into a standing character pushes it: it never ends
// a Move inside the platform (closer than the skin, within 1e-6), and
// being pushed into a wall is reported as Crushed, never resolved by
// passing through the platform or the wall.
func TestPlatformPushesAndCrushes(t *testing.T) {
	w := flatWorld()
	// A 1 m cube sliding along +x at 3 m/s towards the character, and a
	// wall 3 m further on.
	pusher := w.AddBox(mgl64.Vec3{-1.5, 0.5, 0}, mgl64.Vec3{0.5, 0.5, 0.5}, mgl64.Quat{})
	wall := w.AddBox(mgl64.Vec3{3.5, 1, 0}, mgl64.Vec3{0.5, 1, 2}, mgl64.Quat{})
	w.SetVelocity(pusher, mgl64.Vec3{3, 0, 0}, mgl64.Vec3{})
	s := newSim(t, w, DefaultConfig(), mgl64.Vec3{0, restY(0), 0})
	s.step(mgl64.Vec3{}, 0)
	crushed := false
	for i := 0; i < 120; i++ {
		res, _ := ride(s, mgl64.Vec3{})
		p, _, _ := w.Transform(pusher)
		front := p[0] + 0.5
		if res.Crushed {
			crushed = true
			break
		}
		if gap := s.pos[0] - testRadius - front; gap < DefaultOffset-1e-6 {
			t.Fatalf("tick %d: %v m from the pusher's face", i, gap)
		}
		if s.pos[0]+testRadius > 3 {
			t.Fatalf("tick %d: pushed into the wall (x %v)", i, s.pos[0])
		}
	}
	if !crushed {
		t.Fatal("squeezed between the pusher and the wall, but Crushed never reported")
	}
	if s.pos[0]+testRadius > 3+1e-9 {
		t.Fatalf("crushed character at x %v passed into the wall", s.pos[0])
	}
	_ = wall
}

// A door removed at runtime lets the character through on the next tick;
// a box added over a character pushes it out on its next Move.
func TestDoorAndBoxAddedOnTop(t *testing.T) {
	w := flatWorld()
	door := w.AddBox(mgl64.Vec3{1, 1, 0}, mgl64.Vec3{0.1, 1, 2}, mgl64.Quat{})
	s := newSim(t, w, DefaultConfig(), mgl64.Vec3{0, restY(0), 0})
	for i := 0; i < 30; i++ {
		s.step(mgl64.Vec3{3, 0, 0}, 0)
	}
	if s.pos[0] > 1-0.1-testRadius+1e-9 {
		t.Fatalf("walked into the closed door: x %v", s.pos[0])
	}
	if err := w.RemoveCollider(door); err != nil {
		t.Fatal(err)
	}
	x := s.pos[0]
	s.step(mgl64.Vec3{3, 0, 0}, 0)
	if math.Abs(s.pos[0]-x-3*testDt) > 1e-9 {
		t.Fatalf("the open door still blocks: moved %v, want %v", s.pos[0]-x, 3*testDt)
	}
	// A crate dropped onto the character's head (0.2 m into the capsule).
	top := s.pos[1] + testHalf + testRadius
	w.AddBox(mgl64.Vec3{s.pos[0], top - 0.2 + 0.5, s.pos[2]}, mgl64.Vec3{0.5, 0.5, 0.5}, mgl64.Quat{})
	for i := 0; i < 10; i++ {
		s.step(mgl64.Vec3{}, 0)
	}
	if w.OverlapCapsule(testShape, s.pos, 0) {
		t.Fatalf("still inside the crate at %v", s.pos)
	}
	if s.pos[1] < restY(0)-1e-6 {
		t.Fatalf("pushed below the floor: y %v", s.pos[1])
	}
}

// SetTransform moves every kind of collider: rays find a moved box, a
// rotated mesh and a rotated, translated heightfield exactly where their
// transforms put them, and the old places are empty.
func TestSetTransformEveryKind(t *testing.T) {
	w := NewWorld()
	box := w.AddBox(mgl64.Vec3{0, 0, 0}, mgl64.Vec3{1, 1, 1}, mgl64.Quat{})
	// A 2 x 2 m horizontal square at y = 0 around (10, 0, 0).
	mesh, err := w.AddTriMesh([]mgl64.Vec3{{9, 0, -1}, {11, 0, -1}, {11, 0, 1}, {9, 0, 1}}, []uint32{0, 2, 1, 0, 3, 2})
	if err != nil {
		t.Fatal(err)
	}
	hf, err := w.AddHeightfield(mgl64.Vec3{20, 0, 0}, 1, 3, 3, []float64{0, 0, 0, 0, 0, 0, 0, 0, 0})
	if err != nil {
		t.Fatal(err)
	}
	down := mgl64.Vec3{0, -1, 0}
	if h, ok := w.RayCast(mgl64.Vec3{0, 5, 0}, down, 10); !ok || h.Collider != box || math.Abs(h.Distance-4) > 1e-12 {
		t.Fatalf("box before: %+v %v", h, ok)
	}
	// Box: up by 2.
	if err := w.SetTransform(box, mgl64.Vec3{0, 2, 0}, mgl64.Quat{}); err != nil {
		t.Fatal(err)
	}
	if h, ok := w.RayCast(mgl64.Vec3{0, 5, 0}, down, 10); !ok || h.Collider != box || math.Abs(h.Distance-2) > 1e-12 {
		t.Fatalf("box after: %+v %v", h, ok)
	}
	// Mesh: turned 90 degrees about +Z through the origin, the square at
	// x in [9, 11] becomes vertical at y in [9, 11], x = 0: a ray along -x
	// at height 10 hits it at x = 0 (3 m from x = 3).
	q := mgl64.QuatRotate(math.Pi/2, mgl64.Vec3{0, 0, 1})
	if err := w.SetTransform(mesh, mgl64.Vec3{}, q); err != nil {
		t.Fatal(err)
	}
	if h, ok := w.RayCast(mgl64.Vec3{3, 10, 0}, mgl64.Vec3{-1, 0, 0}, 10); !ok || h.Collider != mesh || math.Abs(h.Distance-3) > 1e-9 {
		t.Fatalf("rotated mesh: %+v %v", h, ok)
	}
	if h, ok := w.RayCast(mgl64.Vec3{10, 5, 0}, down, 10); ok && h.Collider == mesh {
		t.Fatalf("rotated mesh still at its old place: %+v", h)
	}
	// Heightfield: turned 90 degrees about +Y and raised by 1: the grid
	// (x 20..22, z 0..2) maps by (x, z) -> (z, -x) to x 0..2, z -22..-20,
	// at y = 1.
	qy := mgl64.QuatRotate(math.Pi/2, mgl64.Vec3{0, 1, 0})
	if err := w.SetTransform(hf, mgl64.Vec3{0, 1, 0}, qy); err != nil {
		t.Fatal(err)
	}
	if h, ok := w.RayCast(mgl64.Vec3{1, 5, -21}, down, 10); !ok || h.Collider != hf || math.Abs(h.Distance-4) > 1e-9 {
		t.Fatalf("moved heightfield: %+v %v", h, ok)
	}
	if h, ok := w.RayCast(mgl64.Vec3{21, 5, 1}, down, 10); ok && h.Collider == hf {
		t.Fatalf("heightfield still at its old place: %+v", h)
	}
	// A character stands on the moved heightfield.
	c := NewController(DefaultConfig())
	res := c.Move(w, testShape, mgl64.Vec3{1, 1 + restY(0) + 0.005, -21}, mgl64.Vec3{0, -0.02, 0})
	if !res.Grounded || res.GroundCollider != hf {
		t.Fatalf("not standing on the moved heightfield: %+v", res)
	}
	pos, rot, err := w.Transform(mesh)
	if err != nil || pos != (mgl64.Vec3{}) || !rot.ApproxEqual(q) {
		t.Fatalf("Transform: %v %v %v", pos, rot, err)
	}
}

// Random moves of many boxes: after each batch the refitted hierarchy
// answers rays exactly as a scan of every collider does.
func TestRefitMatchesBruteForce(t *testing.T) {
	r := rand.New(rand.NewSource(3))
	w := NewWorld()
	var ids []ColliderID
	for i := 0; i < 200; i++ {
		ids = append(ids, w.AddBox(randVec(r, 20), mgl64.Vec3{0.3, 0.3, 0.3}, mgl64.Quat{}))
	}
	w.RayCast(mgl64.Vec3{}, mgl64.Vec3{1, 0, 0}, 1) // build the hierarchy
	for batch := 0; batch < 20; batch++ {
		for k := 0; k < 30; k++ {
			id := ids[r.Intn(len(ids))]
			rot := mgl64.QuatRotate(r.Float64()*3, mgl64.Vec3{r.Float64(), 1, r.Float64()}.Normalize())
			if err := w.SetTransform(id, randVec(r, 20), rot); err != nil {
				t.Fatal(err)
			}
		}
		for k := 0; k < 50; k++ {
			o, d := randVec(r, 25), randVec(r, 1)
			a, okA := w.RayCast(o, d, 60)
			w.bruteForce = true
			b, okB := w.RayCast(o, d, 60)
			w.bruteForce = false
			if okA != okB || a != b {
				t.Fatalf("batch %d: hierarchy %+v %v, scan %+v %v", batch, a, okA, b, okB)
			}
		}
	}
}

// Bad input never panics and never leaves NaN: invalid transforms and
// velocities are errors that change nothing, unknown and removed IDs are
// errors, huge velocities and dt are clamped, non-unit quaternions are
// normalized.
func TestDynamicBadInput(t *testing.T) {
	w, id := platformWorld()
	nan := math.NaN()
	for _, q := range []mgl64.Quat{{W: nan}, {V: mgl64.Vec3{math.Inf(1), 0, 0}}, {W: 1e-300}} {
		if err := w.SetTransform(id, mgl64.Vec3{}, q); !errors.Is(err, ErrBadTransform) {
			t.Fatalf("rot %v: err %v", q, err)
		}
	}
	if err := w.SetTransform(id, mgl64.Vec3{nan, 0, 0}, mgl64.Quat{}); !errors.Is(err, ErrBadTransform) {
		t.Fatalf("NaN pos: %v", err)
	}
	if p, _, _ := w.Transform(id); p != (mgl64.Vec3{0, -0.25, 0}) {
		t.Fatalf("a rejected transform moved the platform to %v", p)
	}
	if err := w.SetTransform(id, mgl64.Vec3{0, -0.25, 0}, mgl64.Quat{W: 7}); err != nil {
		t.Fatal(err)
	}
	if _, q, _ := w.Transform(id); q != mgl64.QuatIdent() {
		t.Fatalf("non-unit identity not normalized: %v", q)
	}
	if err := w.SetVelocity(id, mgl64.Vec3{nan, 0, 0}, mgl64.Vec3{}); !errors.Is(err, ErrBadVelocity) {
		t.Fatalf("NaN velocity: %v", err)
	}
	if err := w.SetVelocity(id, mgl64.Vec3{1e30, 0, 0}, mgl64.Vec3{0, 1e30, 0}); err != nil {
		t.Fatal(err)
	}
	lin, ang, _ := w.Velocity(id)
	if math.Abs(lin[0]-MaxColliderSpeed) > 1e-9 || math.Abs(ang[1]-MaxColliderSpin) > 1e-9 {
		t.Fatalf("not clamped: %v %v", lin, ang)
	}
	for _, dt := range []float64{nan, -1, math.Inf(1), 1e9} {
		w.Step(dt)
	}
	p, q, _ := w.Transform(id)
	// Only the two huge dt advanced it, each clamped to MaxStepDt.
	if want := 2 * MaxStepDt * lin[0]; math.Abs(p[0]-want) > 1e-6 || !finiteVec(p) || math.IsNaN(q.W) {
		t.Fatalf("after bad dt: %v %v, want x %v", p, q, want)
	}
	for _, bad := range []ColliderID{-1, 99} {
		if err := w.SetTransform(bad, mgl64.Vec3{}, mgl64.Quat{}); !errors.Is(err, ErrUnknownCollider) {
			t.Fatalf("id %d: %v", bad, err)
		}
		if d, y := w.Carry(bad, mgl64.Vec3{}, mgl64.Vec3{0, 1, 0}); d != (mgl64.Vec3{}) || y != 0 {
			t.Fatal("Carry of an unknown id is not zero")
		}
	}
	w.RemoveCollider(id)
	if err := w.SetVelocity(id, mgl64.Vec3{1, 0, 0}, mgl64.Vec3{}); !errors.Is(err, ErrColliderRemoved) {
		t.Fatalf("removed id: %v", err)
	}
	// A Move on the world after all that is finite.
	c := NewController(DefaultConfig())
	res := c.Move(w, testShape, mgl64.Vec3{0, 2, 0}, mgl64.Vec3{0.1, -0.1, 0})
	if !finiteVec(res.Translation) {
		t.Fatalf("NaN translation %v", res.Translation)
	}
}

// A spin so slow that its length underflows (a denormal angular velocity,
// which SetVelocity accepts) turns nothing: Step leaves the rotation as it
// was, not NaN.
func TestStepTinySpin(t *testing.T) {
	w, id := platformWorld()
	if err := w.SetVelocity(id, mgl64.Vec3{}, mgl64.Vec3{0, 1e-200, 0}); err != nil {
		t.Fatal(err)
	}
	w.Step(testDt)
	if _, q, _ := w.Transform(id); q != mgl64.QuatIdent() {
		t.Fatalf("rotation %v after a spin of 1e-200 rad/s", q)
	}
}

// PointVelocity is linear + angular x r for kinematic colliders and the
// last Step's displacement over its dt for colliders moved by
// SetTransform.
func TestPointVelocity(t *testing.T) {
	w, id := platformWorld()
	w.SetVelocity(id, mgl64.Vec3{1, 0, 0}, mgl64.Vec3{0, 2, 0})
	// At (1, 0, 0) from the centre (0, -0.25, 0): r = (1, 0.25, 0),
	// omega x r = (0, 2, 0) x (1, 0.25, 0) = (0, 0, -2).
	if v := w.PointVelocity(id, mgl64.Vec3{1, 0, 0}); !v.ApproxEqualThreshold(mgl64.Vec3{1, 0, -2}, 1e-12) {
		t.Fatalf("kinematic point velocity %v", v)
	}
	w.SetVelocity(id, mgl64.Vec3{}, mgl64.Vec3{})
	w.Step(0.2)
	w.SetTransform(id, mgl64.Vec3{0, 0.75, 0}, mgl64.Quat{}) // up 1 m in the 0.2 s tick
	if v := w.PointVelocity(id, mgl64.Vec3{}); !v.ApproxEqualThreshold(mgl64.Vec3{0, 5, 0}, 1e-12) {
		t.Fatalf("scripted point velocity %v", v)
	}
	w.Step(0.2) // a tick without motion
	if v := w.PointVelocity(id, mgl64.Vec3{}); v != (mgl64.Vec3{}) {
		t.Fatalf("still moving after a still tick: %v", v)
	}
}

// Carries tells exactly when Carry moves a point: a still box does not
// carry, one moved by SetTransform does until the next Step, a kinematic
// one after each Step, a conveyor after a Step with a positive dt; unknown
// and removed IDs do not. Wherever it is false, Carry returns zero at
// every point tried.
func TestWorldCarries(t *testing.T) {
	w := NewWorld()
	still := w.AddBox(mgl64.Vec3{0, -0.5, 0}, mgl64.Vec3{5, 0.5, 5}, mgl64.Quat{})
	moved := w.AddBox(mgl64.Vec3{20, 0, 0}, mgl64.Vec3{1, 0.5, 1}, mgl64.Quat{})
	lift := w.AddBox(mgl64.Vec3{40, 0, 0}, mgl64.Vec3{1, 0.5, 1}, mgl64.Quat{})
	belt := w.AddBox(mgl64.Vec3{60, 0, 0}, mgl64.Vec3{1, 0.5, 1}, mgl64.Quat{})
	gone := w.AddBox(mgl64.Vec3{80, 0, 0}, mgl64.Vec3{1, 0.5, 1}, mgl64.Quat{})
	if err := w.SetVelocity(lift, mgl64.Vec3{0, 1, 0}, mgl64.Vec3{}); err != nil {
		t.Fatal(err)
	}
	if err := w.SetSurfaceVelocity(belt, mgl64.Vec3{1, 0, 0}); err != nil {
		t.Fatal(err)
	}
	if err := w.RemoveCollider(gone); err != nil {
		t.Fatal(err)
	}
	check := func(when string, want map[ColliderID]bool) {
		t.Helper()
		for _, id := range []ColliderID{still, moved, lift, belt, gone, 99, -1} {
			got := w.Carries(id)
			if got != want[id] {
				t.Errorf("%s: Carries(%d) = %v, want %v", when, id, got, want[id])
			}
			if !got {
				for _, p := range []mgl64.Vec3{{0, 0, 0}, {20, 0.5, 0}, {41, 0.5, 1}, {60, 0.5, 0}} {
					if d, yaw := w.Carry(id, p, mgl64.Vec3{0, 1, 0}); d != (mgl64.Vec3{}) || yaw != 0 {
						t.Errorf("%s: collider %d does not carry, but Carry gives %v, %v at %v", when, id, d, yaw, p)
					}
				}
			}
		}
	}
	check("before any Step", map[ColliderID]bool{})
	if err := w.SetTransform(moved, mgl64.Vec3{20, 0.1, 0}, mgl64.Quat{}); err != nil {
		t.Fatal(err)
	}
	check("after SetTransform", map[ColliderID]bool{moved: true})
	w.Step(1.0 / 60)
	check("after a Step", map[ColliderID]bool{lift: true, belt: true})
	w.Step(0)
	check("after a Step of dt 0", map[ColliderID]bool{})
}

// Bounds holds the collider where it is: after SetTransform and Step too.
func TestBoundsFollowTheCollider(t *testing.T) {
	w := NewWorld()
	id := w.AddBox(mgl64.Vec3{1, 2, 3}, mgl64.Vec3{0.5, 0.25, 1}, mgl64.QuatIdent())
	lo, hi, err := w.Bounds(id)
	if err != nil || lo[0] > 0.5 || hi[0] < 1.5 || lo[1] > 1.75 || hi[1] < 2.25 || lo[2] > 2 || hi[2] < 4 || hi[0] > 1.6 {
		t.Fatalf("Bounds = %v %v %v, want about (0.5 1.75 2) to (1.5 2.25 4)", lo, hi, err)
	}
	if err := w.SetTransform(id, mgl64.Vec3{10, 2, 3}, mgl64.QuatIdent()); err != nil {
		t.Fatal(err)
	}
	if lo, hi, _ := w.Bounds(id); lo[0] < 9.4 || hi[0] > 10.6 || lo[0] > 9.5 || hi[0] < 10.5 {
		t.Fatalf("after SetTransform to x = 10: %v %v", lo, hi)
	}
	if err := w.SetVelocity(id, mgl64.Vec3{0, 1, 0}, mgl64.Vec3{}); err != nil {
		t.Fatal(err)
	}
	w.Step(0.25)
	if lo, hi, _ := w.Bounds(id); lo[1] > 2 || hi[1] < 2.5 || lo[1] < 1.95 {
		t.Fatalf("after a 0.25 m Step up: %v %v", lo, hi)
	}
	if _, _, err := w.Bounds(99); err == nil {
		t.Fatal("an unknown collider has no bounds")
	}
}
