package kcc

import (
	"math"
	"testing"

	"github.com/go-gl/mathgl/mgl64"
)

// Box and capsule characters block each other, whichever walks into
// which, through the capsule colliders the characters are registered as
// (AddCapsule, with Box for a box character's). Walking +x into a
// character standing at x = 2, the walker's side stops the skin off the
// other's side: the capsule's side and the box's are both 0.3 m from
// their axes, so every pair stops at x = 2 - 0.3 - 0.3 - Offset = 1.39,
// and never ends closer than the skin (the walker's own gap).
func TestBoxAndCapsuleCharactersBlock(t *testing.T) {
	for _, c := range []struct {
		name          string
		walker, other Capsule
	}{
		{"box into capsule", boxShape, testShape},
		{"capsule into box", testShape, boxShape},
		{"box into box", boxShape, boxShape},
	} {
		w := flatWorld()
		w.AddCapsule(c.other, mgl64.Vec3{2, restY(0), 0})
		s := newSim(t, w, DefaultConfig(), mgl64.Vec3{0, restY(0), 0})
		s.shape = c.walker
		for i := 0; i < 90; i++ {
			if res := s.step(mgl64.Vec3{2, 0, 0}, 0); !res.Grounded {
				t.Fatalf("%s tick %d: not grounded", c.name, i)
			}
			if g := walkerGap(w, c.walker, s.pos); g < DefaultOffset-1e-6 {
				t.Fatalf("%s tick %d: gap %v", c.name, i, g)
			}
		}
		if want := 2 - 0.6 - DefaultOffset; math.Abs(s.pos[0]-want) > 1e-6 {
			t.Fatalf("%s: stopped at x %.6f, want %.6f", c.name, s.pos[0], want)
		}
	}
}

// walkerGap is the smallest gap from the character of shape at pos to the
// World (by its own shape's contacts).
func walkerGap(w *World, shape Capsule, pos mgl64.Vec3) float64 {
	if shape.Box {
		return boxGap(w, shape, pos)
	}
	return minDistance(w, shape, pos)
}

// A box character lands on another's head (a box collider: flat top) and
// stands there: grounded on it with the normal Up, feet the skin above
// the head at 2·0.9 + 0 = 1.8; and it does not step onto a character it
// walks into (no autostep onto characters).
func TestBoxStandsOnBoxCharacter(t *testing.T) {
	w := flatWorld()
	other := w.AddCapsule(boxShape, mgl64.Vec3{0, 0.9, 0}) // feet on the floor, head at 1.8
	s := newBoxSim(t, w, DefaultConfig(), mgl64.Vec3{0.2, restY(1.8) + 1, 0.1})
	s.settle(60)
	if !s.grounded || s.lastRes.GroundCollider != other || math.Abs(s.pos[1]-restY(1.8)) > 1e-4 {
		t.Fatalf("on the other's head: %v, %+v", s.pos, s.lastRes)
	}
	// A short box character (0.3 m tall, under the step height) blocks a
	// box walking into it: characters are never stepped onto.
	w = flatWorld()
	w.AddCapsule(Capsule{Radius: 0.15, HalfHeight: 0, Box: true}, mgl64.Vec3{2, 0.15, 0})
	s = newBoxSim(t, w, DefaultConfig(), mgl64.Vec3{0, restY(0), 0})
	for i := 0; i < 90; i++ {
		s.step(mgl64.Vec3{2, 0, 0}, 0)
	}
	if want := 2 - 0.15 - 0.3 - DefaultOffset; math.Abs(s.pos[0]-want) > 1e-6 || math.Abs(s.pos[1]-restY(0)) > 1e-6 {
		t.Fatalf("walking into a short box character: %v, want x %.4f on the floor", s.pos, want)
	}
}

// A box character's collider is a box for rays and World state: a ray
// along the diagonal (1, 0, 1)/√2 towards the axis of a character at
// (2, 1, 0) from 1 m back in x and z (√2 from the axis) meets the box's
// vertical edge at (1.7, ·, -0.3), √2·0.7 = 0.98995 m on, where it would
// meet the capsule at √2 - 0.3 = 1.11421. SetCapsuleShape turns it into
// the capsule; LoadState of a state saved before restores the box.
func TestBoxCharacterColliderRayAndState(t *testing.T) {
	w := flatWorld()
	id := w.AddCapsule(boxShape, mgl64.Vec3{2, 1, 0})
	o, d := mgl64.Vec3{1, 1, -1}, mgl64.Vec3{1, 0, 1}
	ray := func() float64 {
		h, ok := w.RayCast(o, d, 10)
		if !ok || h.Collider != id {
			t.Fatalf("ray missed the character: %+v", h)
		}
		return h.Distance
	}
	box, capsule := math.Sqrt2*0.7, math.Sqrt2-0.3
	if got := ray(); math.Abs(got-box) > 1e-9 {
		t.Fatalf("ray to the box character: %.6f, want %.6f", got, box)
	}
	saved := w.AppendState(nil)
	if err := w.SetCapsuleShape(id, testShape); err != nil {
		t.Fatal(err)
	}
	if got := ray(); math.Abs(got-capsule) > 1e-9 {
		t.Fatalf("ray to the capsule: %.6f, want %.6f", got, capsule)
	}
	if err := w.LoadState(saved); err != nil {
		t.Fatal(err)
	}
	if got := ray(); math.Abs(got-box) > 1e-9 {
		t.Fatalf("ray after LoadState: %.6f, want the box's %.6f", got, box)
	}
}

// A crowd of box and capsule characters in pairs facing each other (a
// box at x = 3k, a capsule at 3k + 0.9), planned with PlanCrowd and moved
// island by island with their own colliders left out, walks 1 s at
// 6 m/s: the pairs meet and stop, never overlapping (the box's side and
// the capsule's axis at least 0.3 apart, and at most a few skins more),
// and the plan reports no escapes.
func TestBoxCapsuleCrowd(t *testing.T) {
	w := flatWorld()
	var ids []ColliderID
	var pos []mgl64.Vec3
	var shapes []Capsule
	for k := 0; k < 20; k++ {
		for j, sh := range []Capsule{boxShape, testShape} {
			p := mgl64.Vec3{float64(3*k) + 0.9*float64(j), restY(0), 0}
			ids = append(ids, w.AddCapsule(sh, p))
			pos = append(pos, p)
			shapes = append(shapes, sh)
		}
	}
	c := NewController(DefaultConfig())
	var plan CrowdPlan
	ms := make([]CrowdMember, len(ids))
	for tick := 0; tick < 60; tick++ {
		for i, id := range ids {
			ms[i] = CrowdMember{Collider: id, Reach: mgl64.Vec3{0.12, 0.12, 0.12}}
		}
		if err := w.PlanCrowd(ms, &plan); err != nil {
			t.Fatal(err)
		}
		for ph := 0; ph < plan.Phases(); ph++ {
			lo, hi := plan.PhaseGroups(ph)
			for g := lo; g < hi; g++ {
				for _, i := range plan.Group(g) {
					dir := 1.0 - 2*float64(i%2)
					f := &QueryFilter{Exclude: []ColliderID{ids[i]}, Crowd: plan.ViewOf(ids[i])}
					res := c.MoveWith(w, shapes[i], pos[i], mgl64.Vec3{dir * 0.1, -0.01, 0}, MoveOptions{Filter: f})
					pos[i] = pos[i].Add(res.Translation)
					if err := w.SetTransform(ids[i], pos[i], mgl64.QuatIdent()); err != nil {
						t.Fatal(err)
					}
				}
			}
		}
		if n := plan.Escapes(w); n != 0 {
			t.Fatalf("tick %d: %d escapes", tick, n)
		}
	}
	for k := 0; k < 20; k++ {
		if gap := pos[2*k+1][0] - (pos[2*k][0] + testRadius); gap < testRadius || gap > testRadius+3*DefaultOffset {
			t.Fatalf("pair %d: the box's side %.4f m from the capsule's axis, want 0.3 and the skin (met, not overlapping)", k, gap)
		}
	}
}

// The World's queries take the box too: next to a box collider whose
// corner is at (1, ·, 1) (x, z >= 1), a character at (0.75, ·, 0.75)
// overlaps it as a box (its footprint [0.45, 1.05]² reaches 5 cm past the
// corner each way) and not as a capsule (its axis 0.354 m from the
// corner's edge, beyond its 0.3 m radius); Contacts reports the box's gap
// to it, -0.05 (the overlap along x or z). A box cast 1 m along +x from
// x = 0 at z = 0.75 (its footprint reaching z = 1.05, over the collider's
// side) stops the skin before the face x = 1: at x = 1 - 0.3 - Offset =
// 0.69, fraction 0.69, normal -x. At z = 1.2 the capsule's axis is over
// the face too, and both stop at 0.69.
func TestBoxWorldQueries(t *testing.T) {
	w := flatWorld()
	w.AddBox(mgl64.Vec3{1.5, 1, 1.5}, mgl64.Vec3{0.5, 1, 0.5}, mgl64.QuatIdent())
	up := mgl64.Vec3{0, 1, 0}
	at := mgl64.Vec3{0.75, restY(0), 0.75}
	if !w.OverlapCapsule(boxShape, at, 0) || w.OverlapCapsule(testShape, at, 0) {
		t.Fatalf("overlap at the corner: box %v (want true), capsule %v (want false)",
			w.OverlapCapsule(boxShape, at, 0), w.OverlapCapsule(testShape, at, 0))
	}
	found := false
	for _, k := range w.Contacts(boxShape, at, up, 0, nil) {
		if k.Collider == 1 {
			found = true
			if math.Abs(k.Distance+0.05) > 1e-9 {
				t.Fatalf("box's contact with the corner box: distance %v, want -0.05", k.Distance)
			}
		}
	}
	if !found {
		t.Fatal("no contact with the corner box")
	}
	from := mgl64.Vec3{0, restY(0), 0.75}
	h, ok := w.CastCapsule(boxShape, from, up, mgl64.Vec3{1, 0, 0}, DefaultOffset)
	if !ok || h.Collider != 1 || math.Abs(h.Fraction-0.69) > 1e-6 || h.Normal.Sub(mgl64.Vec3{-1, 0, 0}).Len() > 1e-9 {
		t.Fatalf("box cast: %+v %v, want the corner box at 0.69 with normal -x", h, ok)
	}
	from[2] = 1.2
	for _, sh := range []Capsule{boxShape, testShape} {
		if h, ok := w.CastCapsule(sh, from, up, mgl64.Vec3{1, 0, 0}, DefaultOffset); !ok || math.Abs(h.Fraction-0.69) > 1e-6 {
			t.Fatalf("box %v cast at z 1.2: %+v", sh.Box, h)
		}
	}
}
