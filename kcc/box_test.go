package kcc

import (
	"math"
	"testing"

	"github.com/go-gl/mathgl/mgl64"
)

// boxShape is testShape as a box: half extents 0.3 across and 0.9 along
// Up, the same centre and feet as the capsule, so restY holds for both.
var boxShape = Capsule{Radius: testRadius, HalfHeight: testHalf, Box: true}

// newBoxSim is newSim moving boxShape.
func newBoxSim(t *testing.T, w *World, cfg Config, pos mgl64.Vec3) *sim {
	s := newSim(t, w, cfg, pos)
	s.shape = boxShape
	return s
}

// boxGap is the smallest gap (separating-axis distance) between the box
// character of shape at pos and the World, or +Inf with nothing within
// 1 m.
func boxGap(w *World, shape Capsule, pos mgl64.Vec3) float64 {
	c := NewController(DefaultConfig())
	c.s.box = true
	defer func() { c.s.box = false }()
	var p0, p1 vec
	capsuleSegTo(&p0, &p1, &pos, &c.cfg.Up, shape.HalfHeight)
	g := math.Inf(1)
	for _, k := range w.contactsOf(&c.s, &p0, &p1, shape.Radius, 1) {
		g = math.Min(g, k.Distance)
	}
	return g
}

// floorKinds builds a floor with its top at y = 0 of each kind a box
// meets: a box collider, a triangle mesh (a 40 x 40 grid of 0.5 m cells,
// diagonals alternating), a heightfield, and a box collider turned about
// Up (its top is still y = 0).
func floorKinds(t *testing.T) map[string]*World {
	out := map[string]*World{"box": flatWorld()}
	w := NewWorld()
	vs, is := gridMesh(40, 0.5, 0, nil)
	if _, err := w.AddTriMesh(vs, is); err != nil {
		t.Fatal(err)
	}
	out["mesh"] = w
	w = NewWorld()
	const n = 41
	hs := make([]float64, n*n)
	if _, err := w.AddHeightfield(mgl64.Vec3{-10, 0, -10}, 0.5, n, n, hs); err != nil {
		t.Fatal(err)
	}
	out["heightfield"] = w
	w = NewWorld()
	w.AddBox(mgl64.Vec3{0, -0.5, 0}, mgl64.Vec3{20, 0.5, 20}, mgl64.QuatRotate(0.3, mgl64.Vec3{0, 1, 0}))
	out["turned box"] = w
	return out
}

// A box dropped from 1 m lands on each kind of floor and rests the skin
// above it: centre at restY(0) (feet at Offset), grounded with the normal
// Up, and stays there to the bit for a second of gravity.
func TestBoxLandsOnEveryFloor(t *testing.T) {
	for _, name := range []string{"box", "mesh", "heightfield", "turned box"} {
		w := floorKinds(t)[name]
		s := newBoxSim(t, w, DefaultConfig(), mgl64.Vec3{0.1, restY(0) + 1, 0.2})
		s.settle(60)
		if !s.grounded || math.Abs(s.pos[1]-restY(0)) > 1e-4 {
			t.Fatalf("%s: after falling 1 m: grounded %v, y %.6f want %.6f", name, s.grounded, s.pos[1], restY(0))
		}
		if n := s.lastRes.GroundNormal; n.Sub(mgl64.Vec3{0, 1, 0}).Len() > 1e-9 {
			t.Fatalf("%s: ground normal %v, want +Y", name, n)
		}
		rest := s.pos
		s.settle(60)
		if s.pos != rest || !s.grounded {
			t.Fatalf("%s: resting box moved from %v to %v (grounded %v)", name, rest, s.pos, s.grounded)
		}
		// Walking on it: 2 m/s for 1 s along a diagonal keeps the height
		// and ground, and covers the full 2 m (no catching on the mesh's
		// or the heightfield's inner edges).
		start := s.pos
		for i := 0; i < 60; i++ {
			if res := s.step(mgl64.Vec3{2 * math.Sqrt(0.5), 0, 2 * math.Sqrt(0.5)}, 0); !res.Grounded {
				t.Fatalf("%s: tick %d walking: not grounded at %v", name, i, s.pos)
			}
		}
		if d := s.pos.Sub(start); math.Abs(d.Len()-2) > 1e-6 || math.Abs(s.pos[1]-restY(0)) > 1e-4 {
			t.Fatalf("%s: walked %v (length %.6f, want 2), y %.6f", name, d, d.Len(), s.pos[1])
		}
	}
}

// Walking into a wall (a box collider, a mesh quad, a box turned 30°
// about Up) the box stops with its side the skin off the face and never
// closer: against the upright walls at x = 2 its centre stops at
// x = 2 - 0.3 - Offset = 1.69; against the turned one it slides along the
// face. The contact is a wall: OnWall with the face's normal.
func TestBoxWalls(t *testing.T) {
	mk := func(kind string) *World {
		w := flatWorld()
		switch kind {
		case "box":
			w.AddBox(mgl64.Vec3{2.5, 1, 0}, mgl64.Vec3{0.5, 1, 5}, mgl64.QuatIdent())
		case "mesh":
			var vs []mgl64.Vec3
			var is []uint32
			vs, is = addQuad(vs, is, mgl64.Vec3{2, 0, -5}, mgl64.Vec3{2, 2, -5}, mgl64.Vec3{2, 2, 5}, mgl64.Vec3{2, 0, 5})
			if _, err := w.AddTriMesh(vs, is); err != nil {
				t.Fatal(err)
			}
		case "turned":
			w.AddBox(mgl64.Vec3{2.5, 1, 0}, mgl64.Vec3{0.5, 1, 5}, mgl64.QuatRotate(math.Pi/6, mgl64.Vec3{0, 1, 0}))
		}
		return w
	}
	for _, kind := range []string{"box", "mesh", "turned"} {
		w := mk(kind)
		s := newBoxSim(t, w, DefaultConfig(), mgl64.Vec3{0, restY(0), 0})
		s.settle(5)
		wall := false
		for i := 0; i < 90; i++ {
			res := s.step(mgl64.Vec3{3, 0, 0}, 0)
			wall = wall || res.OnWall
			if g := boxGap(w, boxShape, s.pos); g < DefaultOffset-1e-6 {
				t.Fatalf("%s tick %d: gap %.7f below the skin at %v", kind, i, g, s.pos)
			}
			if !res.Grounded {
				t.Fatalf("%s tick %d: not grounded", kind, i)
			}
		}
		if !wall {
			t.Fatalf("%s: never OnWall", kind)
		}
		switch kind {
		case "turned":
			// The face's normal is (-cos 30°, 0, sin 30°) turned... the
			// box slides along it: it moved in z.
			if math.Abs(s.pos[2]) < 0.1 {
				t.Fatalf("turned: did not slide along the face: %v", s.pos)
			}
		default:
			if math.Abs(s.pos[0]-(2-testRadius-DefaultOffset)) > 1e-4 || math.Abs(s.pos[2]) > 1e-9 {
				t.Fatalf("%s: stopped at %v, want x %.4f", kind, s.pos, 2-testRadius-DefaultOffset)
			}
		}
	}
}

// Slopes (a mesh ramp): on 20° (below MinSlopeSlideAngle, 30°) the box
// stands still under gravity, grounded with the ramp's normal; on 40°
// (walkable, steeper than 30°) gravity slides it down, still grounded; on
// 60° (beyond MaxSlopeClimbAngle, 45°) it is on steep ground and slides,
// and walking into it does not take it up. Walking up 20° climbs.
func TestBoxSlopes(t *testing.T) {
	for _, deg := range []float64{20, 40, 60} {
		a := deg * math.Pi / 180
		w := rampWorld(deg, 0, 8)
		// Above the ramp at x = 3 (surface height 3·tan a), dropped.
		x := 3.0
		s := newBoxSim(t, w, DefaultConfig(), mgl64.Vec3{x, x*math.Tan(a) + 1.5, 0})
		for i := 0; i < 40 && !s.lastRes.Grounded && s.lastRes.GroundState != GroundSteep; i++ {
			s.step(mgl64.Vec3{}, 0)
		}
		n := mgl64.Vec3{-math.Sin(a), math.Cos(a), 0}
		before := s.pos
		var res MoveResult
		for i := 0; i < 30; i++ {
			res = s.step(mgl64.Vec3{}, 0)
		}
		switch deg {
		case 20:
			if !res.Grounded || res.Translation != (mgl64.Vec3{}) || res.GroundNormal.Sub(n).Len() > 1e-9 {
				t.Fatalf("20°: %+v (moved %v since landing)", res, s.pos.Sub(before))
			}
			// Walking up at 2 m/s for 0.5 s: x grows by 1 m (the
			// horizontal length is kept) and y by tan 20°.
			x0, y0 := s.pos[0], s.pos[1]
			for i := 0; i < 30; i++ {
				s.step(mgl64.Vec3{2, 0, 0}, 0)
			}
			if math.Abs(s.pos[0]-x0-1) > 1e-3 || math.Abs(s.pos[1]-y0-math.Tan(a)) > 1e-3 {
				t.Fatalf("20° walk up: moved (%.4f, %.4f), want (1, %.4f)", s.pos[0]-x0, s.pos[1]-y0, math.Tan(a))
			}
		case 40:
			if !res.Grounded || !res.SlidingDownSlope || !(s.pos[0] < before[0]-0.05) || res.GroundNormal.Sub(n).Len() > 1e-9 {
				t.Fatalf("40°: %+v, moved %v", res, s.pos.Sub(before))
			}
		case 60:
			if res.GroundState != GroundSteep || !(s.pos[1] < before[1]-0.05) {
				t.Fatalf("60°: %+v, moved %v", res, s.pos.Sub(before))
			}
			y0 := s.pos[1]
			for i := 0; i < 30; i++ {
				s.step(mgl64.Vec3{3, 0, 0}, 0)
			}
			if s.pos[1] > y0+1e-6 {
				t.Fatalf("60°: walked up the steep face from y %.4f to %.4f", y0, s.pos[1])
			}
		}
	}
}

// Autostep: a 0.30 m step (below MaxHeight 0.35) is climbed, the box
// ending on top at restY(0.3) without leaving the ground; a 0.50 m one
// blocks with the side the skin off its face (x = 1 - 0.3 - Offset).
func TestBoxAutostep(t *testing.T) {
	s := newBoxSim(t, stepWorld(1, 0.3), DefaultConfig(), mgl64.Vec3{0, restY(0), 0})
	for i := 0; i < 120; i++ {
		s.step(mgl64.Vec3{5, 0, 0}, 0)
	}
	if math.Abs(s.pos[1]-restY(0.3)) > 2e-3 || s.pos[0] < 5 || s.transitions != 0 {
		t.Fatalf("0.30 step: pos %v, %d transitions", s.pos, s.transitions)
	}
	s = newBoxSim(t, stepWorld(1, 0.5), DefaultConfig(), mgl64.Vec3{0, restY(0), 0})
	for i := 0; i < 120; i++ {
		s.step(mgl64.Vec3{5, 0, 0}, 0)
	}
	if want := 1 - testRadius - DefaultOffset; math.Abs(s.pos[0]-want) > 1e-4 || math.Abs(s.pos[1]-restY(0)) > 1e-4 {
		t.Fatalf("0.50 step: pos %v, want x %.4f", s.pos, want)
	}
}

// Stairs: 6 risers of 0.2 m and 0.4 m treads, up at 5 m/s to the landing
// (1.2 m), then back down with snap 0.2 (one riser): grounded on every
// tick of the descent.
func TestBoxStairsUpAndDown(t *testing.T) {
	w := stairsWorld(1, 0.2, 0.4, 6)
	s := newBoxSim(t, w, DefaultConfig(), mgl64.Vec3{0, restY(0), 0})
	for i := 0; i < 90; i++ {
		s.step(mgl64.Vec3{5, 0, 0}, 0)
	}
	if math.Abs(s.pos[1]-restY(1.2)) > 2e-3 {
		t.Fatalf("not on the landing: %v", s.pos)
	}
	for i := 0; i < 240 && s.pos[0] > -1; i++ {
		if res := s.step(mgl64.Vec3{-3, 0, 0}, 0); !res.Grounded {
			t.Fatalf("tick %d down: airborne at %v", i, s.pos)
		}
	}
	if math.Abs(s.pos[1]-restY(0)) > 2e-3 {
		t.Fatalf("not back on the floor: %v", s.pos)
	}
}

// Penetration recovery: a box started 0.2 m into the floor, or 0.1 m
// into a wall's side, is out after one Move with the skin kept (gap at
// least Offset); into the floor it ends resting on it, at restY(0).
func TestBoxRecovers(t *testing.T) {
	for _, name := range []string{"box", "mesh", "heightfield"} {
		w := floorKinds(t)[name]
		c := NewController(DefaultConfig())
		pos := mgl64.Vec3{0.1, restY(0) - 0.2 - DefaultOffset, 0.2}
		res := c.Move(w, boxShape, pos, mgl64.Vec3{0, -0.005, 0})
		pos = pos.Add(res.Translation)
		if math.Abs(pos[1]-restY(0)) > 1e-4 || !res.Grounded || res.Crushed {
			t.Fatalf("%s: after one Move from 0.2 m deep: y %.6f want %.6f, %+v", name, pos[1], restY(0), res)
		}
	}
	w := flatWorld()
	w.AddBox(mgl64.Vec3{2.5, 1, 0}, mgl64.Vec3{0.5, 1, 5}, mgl64.QuatIdent())
	c := NewController(DefaultConfig())
	pos := mgl64.Vec3{2 - testRadius + 0.1, restY(0), 0}
	res := c.Move(w, boxShape, pos, mgl64.Vec3{0, -0.005, 0})
	pos = pos.Add(res.Translation)
	if g := boxGap(w, boxShape, pos); g < DefaultOffset-1e-6 || math.Abs(pos[0]-(2-testRadius-DefaultOffset)) > 1e-4 {
		t.Fatalf("wall: after one Move 0.1 m in: %v, gap %v", pos, g)
	}
}

// No tunnelling: a 5 m move in one Move stops before a 2 cm wall (box
// and mesh), and a fall of 50 m in one Move lands on a heightfield.
func TestBoxNoTunnelling(t *testing.T) {
	w := flatWorld()
	w.AddBox(mgl64.Vec3{2.01, 1, 0}, mgl64.Vec3{0.01, 1, 5}, mgl64.QuatIdent())
	c := NewController(DefaultConfig())
	pos := mgl64.Vec3{0, restY(0), 0}
	res := c.Move(w, boxShape, pos, mgl64.Vec3{5, 0, 0.5})
	if x := pos[0] + res.Translation[0]; math.Abs(x-(2-testRadius-DefaultOffset)) > 1e-6 {
		t.Fatalf("thin wall: ended at x %.6f, want %.6f", x, 2-testRadius-DefaultOffset)
	}
	hw := floorKinds(t)["heightfield"]
	pos = mgl64.Vec3{0.3, 60, 0.3}
	res = c.Move(hw, boxShape, pos, mgl64.Vec3{0, -80, 0})
	if y := pos[1] + res.Translation[1]; math.Abs(y-restY(0)) > 1e-6 || !res.Grounded {
		t.Fatalf("fall: ended at y %.6f, want %.6f (%+v)", y, restY(0), res)
	}
}

// The ledge: a box whose footprint overlaps the top of a ledge by 1/16 of
// its width (0.6/16 = 0.0375 m) stands there, grounded with the normal
// Up, and does not move under gravity for 5 s: its flat bottom rests on
// the ledge's top face (the separating axis Up, gap Offset), wherever
// along the bottom the support is. A capsule of the same size at the same
// spot rests on its round bottom: the support point is where the sphere
// of radius 0.3 meets the edge, with its centre 0.3 - 0.0375 = 0.2625 m
// past the edge, a contact normal tilted asin(0.2625/0.31) = 58° from Up,
// beyond the 45° climb limit, so gravity slides it off the rim and it
// falls (to the floor 3 m below).
func TestLedgeBoxStandsCapsuleSlides(t *testing.T) {
	const edge = 2.0
	mk := func() *World {
		w := NewWorld()
		w.AddBox(mgl64.Vec3{0, -0.5, 0}, mgl64.Vec3{edge, 0.5, 2}, mgl64.QuatIdent())    // top at 0, edge at x = 2
		w.AddBox(mgl64.Vec3{0, -3 - 0.5, 0}, mgl64.Vec3{40, 0.5, 40}, mgl64.QuatIdent()) // floor 3 m below
		return w
	}
	over := 2 * testRadius / 16
	x := edge + testRadius - over // the footprint spans [x-0.3, x+0.3]; edge - (x-0.3) = over
	box := newBoxSim(t, mk(), DefaultConfig(), mgl64.Vec3{x, restY(0), 0})
	for i := 0; i < 300; i++ {
		res := box.step(mgl64.Vec3{}, 0)
		if !res.Grounded || res.GroundNormal.Sub(mgl64.Vec3{0, 1, 0}).Len() > 1e-9 {
			t.Fatalf("box tick %d: %+v", i, res)
		}
	}
	if box.pos != (mgl64.Vec3{x, restY(0), 0}) {
		t.Fatalf("box moved to %v from x %v y %v", box.pos, x, restY(0))
	}
	// The same for a mesh ledge (two quads: top and riser).
	w := NewWorld()
	var vs []mgl64.Vec3
	var is []uint32
	vs, is = addQuad(vs, is, mgl64.Vec3{-2, 0, 2}, mgl64.Vec3{edge, 0, 2}, mgl64.Vec3{edge, 0, -2}, mgl64.Vec3{-2, 0, -2})
	vs, is = addQuad(vs, is, mgl64.Vec3{edge, 0, 2}, mgl64.Vec3{edge, -3, 2}, mgl64.Vec3{edge, -3, -2}, mgl64.Vec3{edge, 0, -2})
	if _, err := w.AddTriMesh(vs, is); err != nil {
		t.Fatal(err)
	}
	mbox := newBoxSim(t, w, DefaultConfig(), mgl64.Vec3{x, restY(0), 0})
	mbox.settle(300)
	if mbox.pos != (mgl64.Vec3{x, restY(0), 0}) || !mbox.grounded {
		t.Fatalf("box on the mesh ledge moved to %v (grounded %v)", mbox.pos, mbox.grounded)
	}

	capsule := newSim(t, mk(), DefaultConfig(), mgl64.Vec3{x, restY(0), 0})
	capsule.settle(300)
	if capsule.pos[1] > restY(-3)+1e-3 || capsule.pos[0] < edge+testRadius {
		t.Fatalf("capsule did not slide off the ledge and fall: %v", capsule.pos)
	}
}

// A box's steady-state Move allocates nothing, on a box floor, on the
// stairs (the autostep's casts) and on a 20k-triangle grid mesh.
func TestBoxMoveNoAllocs(t *testing.T) {
	grid := grid20k()
	scenes := []struct {
		name   string
		w      *World
		pos, d mgl64.Vec3
	}{
		{"flat", flatWorld(), mgl64.Vec3{0, restY(0), 0}, mgl64.Vec3{0.08, gravityStep, 0}},
		{"stairs", stairsWorld(1, 0.2, 0.4, 6), mgl64.Vec3{1 - testRadius - DefaultOffset, restY(0), 0}, mgl64.Vec3{0.08, gravityStep, 0}},
		{"grid", grid, boxRestPos(grid, mgl64.Vec3{3.1, 2, 2.3}), mgl64.Vec3{0.06, gravityStep, 0.06}},
	}
	for _, sc := range scenes {
		c := NewController(DefaultConfig())
		c.Move(sc.w, boxShape, sc.pos, sc.d)
		if a := testing.AllocsPerRun(100, func() { c.Move(sc.w, boxShape, sc.pos, sc.d) }); a != 0 {
			t.Errorf("%s: %v allocs per Move", sc.name, a)
		}
	}
}

// On a bumpy mesh (grid20k: 0.5 m cells, heights 0.05·sin x·cos z, slopes
// under 3°) a box walking diagonally at 2 m/s for 3 s stays grounded,
// meets no wall or ceiling (its edges never catch on the triangles'
// edges) and keeps nearly all of its 6 m of horizontal travel (the
// creases between rising triangles take a little).
func TestBoxBumpyMeshNoGhostHits(t *testing.T) {
	w := grid20k()
	s := newBoxSim(t, w, DefaultConfig(), boxRestPos(w, mgl64.Vec3{3.1, 2, 2.3}))
	start := s.pos
	v := 2 / math.Sqrt2
	for i := 0; i < 180; i++ {
		res := s.step(mgl64.Vec3{v, 0, v}, 0)
		if !res.Grounded || res.OnWall || res.OnCeiling {
			t.Fatalf("tick %d at %v: %+v", i, s.pos, res)
		}
	}
	d := s.pos.Sub(start)
	if h := math.Hypot(d[0], d[2]); h < 0.99*6 || h > 6+1e-9 {
		t.Fatalf("horizontal travel %.4f m, want about 6", h)
	}
}

// Walking off a ledge at 2 m/s, the box stays grounded (with the normal
// Up, on the rim) while any of its footprint is over the ledge, and
// leaves the ground on the tick its back face passes the edge: x - 0.3 >
// 2 (the tick's travel is 1/30 m, so the last grounded tick has
// x - 0.3 <= 2 and the first airborne one x - 0.3 > 2 - 1/30). It never
// drops while on the rim (y stays restY(0)), and lands once, on the floor
// 3 m below.
func TestBoxWalksOffLedge(t *testing.T) {
	const edge = 2.0
	w := NewWorld()
	w.AddBox(mgl64.Vec3{0, -0.5, 0}, mgl64.Vec3{edge, 0.5, 2}, mgl64.QuatIdent())
	w.AddBox(mgl64.Vec3{0, -3.5, 0}, mgl64.Vec3{40, 0.5, 40}, mgl64.QuatIdent())
	s := newBoxSim(t, w, DefaultConfig(), mgl64.Vec3{edge - 1, restY(0), 0})
	left := -1
	for i := 0; i < 300; i++ {
		res := s.step(mgl64.Vec3{2, 0, 0}, 0)
		back := s.pos[0] - testRadius
		switch {
		case left < 0 && res.Grounded:
			if back > edge+1e-9 || s.pos[1] != restY(0) {
				t.Fatalf("tick %d: grounded with its back at %.4f past the edge %v, y %.6f", i, back, edge, s.pos[1])
			}
		case left < 0:
			left = i
			if back <= edge || back > edge+2.0/60+1e-9 {
				t.Fatalf("tick %d: left the ground with its back at %.4f, want just past %v", i, back, edge)
			}
		}
	}
	if left < 0 || s.transitions != 1 || math.Abs(s.pos[1]-restY(-3)) > 1e-4 {
		t.Fatalf("left at %d, %d landings, y %.4f want %.4f", left, s.transitions, s.pos[1], restY(-3))
	}
}

// A ramp made of a box turned 20° about z (a walkable slope below
// MinSlopeSlideAngle): a box lands on it and stands still, grounded with
// the ramp's normal (-sin 20°, cos 20°, 0); on the same box turned 40° it
// slides down, grounded.
func TestBoxOnTurnedBoxRamp(t *testing.T) {
	for _, deg := range []float64{20, 40} {
		a := deg * math.Pi / 180
		w := flatWorld()
		w.AddBox(mgl64.Vec3{0, 0, 0}, mgl64.Vec3{4, 0.2, 3}, mgl64.QuatRotate(a, mgl64.Vec3{0, 0, 1}))
		s := newBoxSim(t, w, DefaultConfig(), mgl64.Vec3{0, 3, 0})
		s.settle(90)
		n := mgl64.Vec3{-math.Sin(a), math.Cos(a), 0}
		res := s.lastRes
		x0 := s.pos[0]
		s.settle(10)
		switch deg {
		case 20:
			if !res.Grounded || res.GroundNormal.Sub(n).Len() > 1e-9 || s.pos[0] != x0 {
				t.Fatalf("20°: %+v, moved %v", res, s.pos[0]-x0)
			}
		case 40:
			if !s.lastRes.Grounded || !s.lastRes.SlidingDownSlope || !(s.pos[0] < x0) {
				t.Fatalf("40°: %+v, moved %v", s.lastRes, s.pos[0]-x0)
			}
		}
	}
}

// A jump into a ceiling: OnCeiling, the head stops the skin under the
// slab (at most 2.5 - Offset), and the box falls back to the floor.
func TestBoxHitsCeiling(t *testing.T) {
	w := flatWorld()
	w.AddBox(mgl64.Vec3{0, 3, 0}, mgl64.Vec3{5, 0.5, 5}, mgl64.QuatIdent()) // bottom at 2.5
	s := newBoxSim(t, w, DefaultConfig(), mgl64.Vec3{0, restY(0), 0})
	s.step(mgl64.Vec3{}, 0)
	ceiling := false
	maxHead := 0.0
	res := s.step(mgl64.Vec3{}, 8)
	for i := 0; i < 90; i++ {
		ceiling = ceiling || res.OnCeiling
		maxHead = math.Max(maxHead, s.pos[1]+testHalf+testRadius)
		res = s.step(mgl64.Vec3{}, 0)
	}
	if !ceiling || maxHead > 2.5-DefaultOffset+1e-9 || maxHead < 2.5-DefaultOffset-1e-6 || math.Abs(s.pos[1]-restY(0)) > 1e-4 {
		t.Fatalf("ceiling %v, highest head %.6f (want %.4f), back at y %.4f", ceiling, maxHead, 2.5-DefaultOffset, s.pos[1])
	}
}

// With Up = +Z the box is aligned with Up and a perpendicular pair: on a
// floor whose top is z = 0 it lands with its feet the skin above it
// (centre z = 0.9 + Offset), grounded with the normal +Z, and walks 1 m
// along x in 0.5 s at 2 m/s.
func TestBoxUpZ(t *testing.T) {
	cfg := DefaultConfig()
	cfg.Up = mgl64.Vec3{0, 0, 1}
	w := NewWorld()
	w.AddBox(mgl64.Vec3{0, 0, -0.5}, mgl64.Vec3{20, 20, 0.5}, mgl64.QuatIdent())
	c := NewController(cfg)
	pos := mgl64.Vec3{0.1, 0.2, 2}
	for i := 0; i < 60; i++ {
		pos = pos.Add(c.Move(w, boxShape, pos, mgl64.Vec3{0, 0, -0.1}).Translation)
	}
	want := testHalf + testRadius + DefaultOffset
	res := c.Move(w, boxShape, pos, mgl64.Vec3{0, 0, -0.01})
	if math.Abs(pos[2]-want) > 1e-4 || !res.Grounded || res.GroundNormal.Sub(cfg.Up).Len() > 1e-9 {
		t.Fatalf("landed at %v (want z %.4f): %+v", pos, want, res)
	}
	x0 := pos[0]
	for i := 0; i < 30; i++ {
		pos = pos.Add(c.Move(w, boxShape, pos, mgl64.Vec3{2.0 / 60, 0, -0.005}).Translation)
	}
	if math.Abs(pos[0]-x0-1) > 1e-6 || math.Abs(pos[2]-want) > 1e-4 {
		t.Fatalf("walked to %v from x %v", pos, x0)
	}
}

// Autostep on a mesh: a riser quad at x = 1 (0.3 m, below MaxHeight) and
// its tread quad at y = 0.3 to x = 10. The box climbs it as it climbs a
// box step: on the tread at restY(0.3), grounded throughout; a 0.5 m
// riser blocks it at x = 1 - 0.3 - Offset.
func TestBoxAutostepMesh(t *testing.T) {
	for _, h := range []float64{0.3, 0.5} {
		w := flatWorld()
		var vs []mgl64.Vec3
		var is []uint32
		vs, is = addQuad(vs, is, mgl64.Vec3{1, 0, -3}, mgl64.Vec3{1, h, -3}, mgl64.Vec3{1, h, 3}, mgl64.Vec3{1, 0, 3})
		vs, is = addQuad(vs, is, mgl64.Vec3{1, h, 3}, mgl64.Vec3{10, h, 3}, mgl64.Vec3{10, h, -3}, mgl64.Vec3{1, h, -3})
		if _, err := w.AddTriMesh(vs, is); err != nil {
			t.Fatal(err)
		}
		s := newBoxSim(t, w, DefaultConfig(), mgl64.Vec3{0, restY(0), 0})
		for i := 0; i < 120; i++ {
			if res := s.step(mgl64.Vec3{4, 0, 0}, 0); !res.Grounded {
				t.Fatalf("h %v tick %d: airborne at %v", h, i, s.pos)
			}
		}
		switch h {
		case 0.3:
			if math.Abs(s.pos[1]-restY(0.3)) > 2e-3 || s.pos[0] < 5 {
				t.Fatalf("0.3 mesh step not climbed: %v", s.pos)
			}
		case 0.5:
			if want := 1 - testRadius - DefaultOffset; math.Abs(s.pos[0]-want) > 1e-4 || math.Abs(s.pos[1]-restY(0)) > 1e-4 {
				t.Fatalf("0.5 mesh step: %v, want x %.4f on the floor", s.pos, want)
			}
		}
	}
}

// Walking from the floor onto a 20° mesh ramp (foot at x = 1, 2 m high,
// its top at x = 1 + 2/tan 20° = 6.49) and over its top onto the
// landing: grounded on every tick, never a wall, and nearly the full
// horizontal travel (3 m/s for 3 s: 9 m; climbInto keeps the horizontal
// length on a walkable slope, the creases at the foot and the top take a
// fraction of a millimetre), ending on the landing at restY(2).
func TestBoxWalksUpRamp(t *testing.T) {
	w := rampWorld(20, 1, 2)
	s := newBoxSim(t, w, DefaultConfig(), mgl64.Vec3{0, restY(0), 0})
	for i := 0; i < 180; i++ {
		res := s.step(mgl64.Vec3{3, 0, 0}, 0)
		if !res.Grounded || res.OnWall {
			t.Fatalf("tick %d at %v: %+v", i, s.pos, res)
		}
	}
	if math.Abs(s.pos[0]-9) > 1e-3 || math.Abs(s.pos[1]-restY(2)) > 1e-4 {
		t.Fatalf("ended at %v, want x 9 on the landing at y %.4f", s.pos, restY(2))
	}
}

// With Up tilted 45° in the xy plane, on a floor turned so that its top
// faces Up (a box turned -45° about z, its top through the origin), the
// box lands with its feet the skin above the floor (centre 0.9 + Offset
// from it along Up), grounded with the normal Up, and walks 1 m across
// Up (along z) keeping that height.
func TestBoxTiltedUp(t *testing.T) {
	cfg := DefaultConfig()
	up := mgl64.Vec3{1, 1, 0}.Normalize()
	cfg.Up = up
	w := NewWorld()
	w.AddBox(up.Mul(-0.5), mgl64.Vec3{20, 0.5, 20}, mgl64.QuatRotate(-math.Pi/4, mgl64.Vec3{0, 0, 1}))
	c := NewController(cfg)
	pos := up.Mul(2)
	for i := 0; i < 60; i++ {
		pos = pos.Add(c.Move(w, boxShape, pos, up.Mul(-0.1)).Translation)
	}
	want := testHalf + testRadius + DefaultOffset
	res := c.Move(w, boxShape, pos, up.Mul(-0.01))
	if h := pos.Dot(up); math.Abs(h-want) > 1e-4 || !res.Grounded || res.GroundNormal.Sub(up).Len() > 1e-9 {
		t.Fatalf("landed at height %.6f (want %.4f): %+v", h, want, res)
	}
	z0 := pos[2]
	for i := 0; i < 30; i++ {
		pos = pos.Add(c.Move(w, boxShape, pos, mgl64.Vec3{0, 0, 2.0 / 60}.Add(up.Mul(-0.005))).Translation)
	}
	if math.Abs(pos[2]-z0-1) > 1e-6 || math.Abs(pos.Dot(up)-want) > 1e-4 {
		t.Fatalf("walked to %v (height %.6f) from z %v", pos, pos.Dot(up), z0)
	}
}

// A box spawned inside a block of 3 x 3 tiles (1 m boxes, tops at y = 1)
// with its feet 0.21 m above the floor: each tile pushes it out its own
// shortest way, and they disagree. The box's exit search takes it out the
// cheapest way along its axes, weighted as a capsule's deep exit (up 1,
// across 2, down 3): up by 1 - 0.21 + Offset = 0.8 m (cost 0.8; across is
// at least 1.5 - 0.35 = 1.15 m, cost 2.3), onto the block at restY(1), in
// one Move, grounded and not Crushed, where it started in x and z.
func TestBoxSpawnedInTiles(t *testing.T) {
	w := flatWorld()
	for _, x := range []float64{-1, 0, 1} {
		for _, z := range []float64{-1, 0, 1} {
			w.AddBox(mgl64.Vec3{x, 0.5, z}, mgl64.Vec3{0.5, 0.5, 0.5}, mgl64.QuatIdent())
		}
	}
	c := NewController(DefaultConfig())
	pos := mgl64.Vec3{0.05, restY(0) + 0.2, 0.1}
	res := c.Move(w, boxShape, pos, mgl64.Vec3{0, -0.005, 0})
	end := pos.Add(res.Translation)
	if !res.Grounded || res.Crushed || end.Sub(mgl64.Vec3{0.05, restY(1), 0.1}).Len() > 1e-6 {
		t.Fatalf("ended at %v (want (0.05, %.4f, 0.1)): %+v", end, restY(1), res)
	}
}
