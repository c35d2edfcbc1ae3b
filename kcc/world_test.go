package kcc

import (
	"errors"
	"math"
	"testing"

	"github.com/go-gl/mathgl/mgl64"
)

func TestAddTriMeshErrors(t *testing.T) {
	w := NewWorld()
	vs := []mgl64.Vec3{{0, 0, 0}, {1, 0, 0}, {0, 0, 1}, {math.NaN(), 0, 0}, {2, 0, 0}}
	cases := []struct {
		name string
		idx  []uint32
		want error
	}{
		{"empty", nil, ErrEmptyMesh},
		{"count", []uint32{0, 1}, ErrBadIndexCount},
		{"range", []uint32{0, 1, 9}, ErrIndexOutOfRange},
		{"huge index", []uint32{0, 1, math.MaxUint32}, ErrIndexOutOfRange},
		{"nan", []uint32{0, 1, 3}, ErrNonFiniteInput},
		{"repeated", []uint32{0, 1, 1}, ErrDegenerateTri},
		{"collinear", []uint32{0, 1, 4}, ErrDegenerateTri},
	}
	for _, c := range cases {
		id, err := w.AddTriMesh(vs, c.idx)
		if !errors.Is(err, c.want) || id != NoCollider {
			t.Errorf("%s: id %v err %v, want %v", c.name, id, err, c.want)
		}
	}
	if w.NumColliders() != 0 {
		t.Fatalf("failed meshes were added: %d colliders", w.NumColliders())
	}
	id, err := w.AddTriMesh(vs, []uint32{0, 2, 1})
	if err != nil || id != 0 {
		t.Fatalf("valid mesh: %v %v", id, err)
	}
}

func TestAddHeightfieldErrors(t *testing.T) {
	w := NewWorld()
	ok := make([]float64, 9)
	cases := []struct {
		name       string
		origin     mgl64.Vec3
		cell       float64
		cols, rows int
		h          []float64
		want       error
	}{
		{"small", mgl64.Vec3{}, 1, 1, 9, ok, ErrBadHeightfield},
		{"len", mgl64.Vec3{}, 1, 3, 2, ok, ErrBadHeightfield},
		{"cell0", mgl64.Vec3{}, 0, 3, 3, ok, ErrBadHeightfield},
		{"cellNaN", mgl64.Vec3{}, math.NaN(), 3, 3, ok, ErrBadHeightfield},
		{"cellInf", mgl64.Vec3{}, math.Inf(1), 3, 3, ok, ErrBadHeightfield},
		{"origin", mgl64.Vec3{math.Inf(1), 0, 0}, 1, 3, 3, ok, ErrNonFiniteInput},
		{"all holes", mgl64.Vec3{}, 1, 2, 2, []float64{math.NaN(), 0, 0, math.Inf(1)}, ErrNonFiniteInput},
	}
	for _, c := range cases {
		if _, err := w.AddHeightfield(c.origin, c.cell, c.cols, c.rows, c.h); !errors.Is(err, c.want) {
			t.Errorf("%s: err %v, want %v", c.name, err, c.want)
		}
	}
	if _, err := w.AddHeightfield(mgl64.Vec3{}, 1, 3, 3, ok); err != nil {
		t.Fatal(err)
	}
}

func TestAddBoxDegenerate(t *testing.T) {
	w := NewWorld()
	id := w.AddBox(mgl64.Vec3{math.NaN(), 0, 0}, mgl64.Vec3{1, 1, 1}, mgl64.Quat{})
	if id != 0 {
		t.Fatalf("id %v", id)
	}
	// The NaN box collides with nothing.
	if w.OverlapCapsule(testShape, mgl64.Vec3{0, 0, 0}, 0) {
		t.Fatal("NaN box overlaps")
	}
	// A zero-thickness box is a two-sided rectangle: it still blocks.
	w.AddBox(mgl64.Vec3{0, 0, 0}, mgl64.Vec3{2, 0, 2}, mgl64.Quat{})
	h, ok := w.CastCapsule(testShape, mgl64.Vec3{0, 2, 0}, mgl64.Vec3{0, 1, 0}, mgl64.Vec3{0, -3, 0}, 0)
	// The capsule bottom (2 - 0.9 = 1.1 above the plane) touches it after
	// 1.1 of the 3 m: fraction 1.1/3.
	if !ok || math.Abs(h.Fraction-1.1/3) > 1e-6 || h.Collider != 1 {
		t.Fatalf("cast onto flat box: %+v %v", h, ok)
	}
}

func TestRotatedBox(t *testing.T) {
	// A 2 m cube rotated 45 degrees about Y: its corner points along +X at
	// x = sqrt2. A capsule cast along -X from x=5 stops r before it.
	w := NewWorld()
	q := mgl64.QuatRotate(math.Pi/4, mgl64.Vec3{0, 1, 0})
	w.AddBox(mgl64.Vec3{0, 0, 0}, mgl64.Vec3{1, 1, 1}, q)
	h, ok := w.CastCapsule(testShape, mgl64.Vec3{5, 0, 0}, mgl64.Vec3{0, 1, 0}, mgl64.Vec3{-5, 0, 0}, 0)
	want := (5 - math.Sqrt2 - testRadius) / 5
	if !ok || math.Abs(h.Fraction-want) > 1e-6 {
		t.Fatalf("fraction %v want %v (%v)", h.Fraction, want, ok)
	}
	// The hit is on the vertical edge: normal along +X.
	if math.Abs(h.Normal[0]-1) > 1e-6 {
		t.Fatalf("normal %v", h.Normal)
	}
}

func TestRayCastAndContacts(t *testing.T) {
	w := flatWorld()
	hs := []float64{0, 0, 0, 1, 1, 1, 2, 2, 2}
	hfID, err := w.AddHeightfield(mgl64.Vec3{10, 0, 10}, 1, 3, 3, hs)
	if err != nil {
		t.Fatal(err)
	}
	h, ok := w.RayCast(mgl64.Vec3{0, 5, 0}, mgl64.Vec3{0, -2, 0}, 100)
	if !ok || h.Collider != 0 || math.Abs(h.Distance-5) > 1e-12 || h.Normal != (mgl64.Vec3{0, 1, 0}) {
		t.Fatalf("floor ray: %+v %v", h, ok)
	}
	// Heightfield row r has height r (z = 10 + r), so above (10.5, ?, 11.5)
	// the surface is at 1.5.
	h, ok = w.RayCast(mgl64.Vec3{10.5, 5, 11.5}, mgl64.Vec3{0, -1, 0}, 100)
	if !ok || h.Collider != hfID || math.Abs(h.Point[1]-1.5) > 1e-12 {
		t.Fatalf("heightfield ray: %+v %v", h, ok)
	}
	if _, ok := w.RayCast(mgl64.Vec3{0, 5, 0}, mgl64.Vec3{0, 1, 0}, 100); ok {
		t.Fatal("upward ray hit")
	}
	if _, ok := w.RayCast(mgl64.Vec3{0, 5, 0}, mgl64.Vec3{}, 100); ok {
		t.Fatal("zero direction hit")
	}
	// Contacts: capsule resting 1 cm above the floor.
	cs := w.Contacts(testShape, mgl64.Vec3{0, restY(0), 0}, mgl64.Vec3{}, 0.05, nil)
	if len(cs) == 0 {
		t.Fatal("no contacts")
	}
	for _, c := range cs {
		if math.Abs(c.Distance-DefaultOffset) > 1e-9 || c.Normal != (mgl64.Vec3{0, 1, 0}) {
			t.Fatalf("contact %+v", c)
		}
	}
	if cs := w.Contacts(testShape, mgl64.Vec3{0, restY(0), 0}, mgl64.Vec3{}, 0.005, nil); len(cs) != 0 {
		t.Fatalf("contacts beyond maxDist: %v", cs)
	}
}

func TestOverlapCapsule(t *testing.T) {
	w := flatWorld()
	w.AddBox(mgl64.Vec3{0, 2.5, 0}, mgl64.Vec3{2, 0.5, 2}, mgl64.Quat{}) // ceiling underside at 2
	stand := Capsule{Radius: 0.3, HalfHeight: 0.6}
	crouch := Capsule{Radius: 0.3, HalfHeight: 0.2}
	// Crouched capsule (height 1.0) resting on the floor fits under the
	// 2 m ceiling; standing (1.8 m) at the same feet would reach 1.81: fits
	// too, but not with a 0.25 m margin (1.81 + 0.25 > 2).
	if w.OverlapCapsule(crouch, mgl64.Vec3{0, 0.51, 0}, 0) {
		t.Fatal("crouch overlaps")
	}
	if w.OverlapCapsule(stand, mgl64.Vec3{0, 0.91, 0}, 0) {
		t.Fatal("stand overlaps without margin")
	}
	if !w.OverlapCapsule(stand, mgl64.Vec3{0, 0.91, 0}, 0.25) {
		t.Fatal("stand fits with a margin bigger than the gap")
	}
	if !w.OverlapCapsule(Capsule{Radius: -1}, mgl64.Vec3{}, 0) || !w.OverlapCapsule(stand, mgl64.Vec3{math.NaN(), 0, 0}, 0) {
		t.Fatal("invalid input must report overlap (safe answer)")
	}
}

func TestCastCapsuleInvalid(t *testing.T) {
	w := flatWorld()
	for _, in := range []struct {
		s    Capsule
		p, v mgl64.Vec3
		skin float64
	}{
		{Capsule{Radius: 0, HalfHeight: 1}, mgl64.Vec3{0, 5, 0}, mgl64.Vec3{0, -10, 0}, 0},
		{testShape, mgl64.Vec3{0, math.NaN(), 0}, mgl64.Vec3{0, -10, 0}, 0},
		{testShape, mgl64.Vec3{0, 5, 0}, mgl64.Vec3{0, math.Inf(-1), 0}, 0},
		{testShape, mgl64.Vec3{0, 5, 0}, mgl64.Vec3{0, -10, 0}, math.NaN()},
		{testShape, mgl64.Vec3{0, 5, 0}, mgl64.Vec3{}, 0},
	} {
		if h, ok := w.CastCapsule(in.s, in.p, mgl64.Vec3{0, 1, 0}, in.v, in.skin); ok || h.Collider != NoCollider {
			t.Fatalf("invalid cast %+v hit %+v", in, h)
		}
	}
}

func TestManyBoxesTopLevelBVH(t *testing.T) {
	// 400 small boxes on a grid: a cast down onto each of a few cells finds
	// exactly that box (top-level BVH over colliders).
	w := NewWorld()
	for i := 0; i < 20; i++ {
		for j := 0; j < 20; j++ {
			w.AddBox(mgl64.Vec3{float64(i) * 2, float64(i+j) * 0.1, float64(j) * 2}, mgl64.Vec3{0.5, 0.05, 0.5}, mgl64.Quat{})
		}
	}
	for _, ij := range [][2]int{{0, 0}, {7, 3}, {19, 19}} {
		i, j := ij[0], ij[1]
		h, ok := w.RayCast(mgl64.Vec3{float64(i) * 2, 10, float64(j) * 2}, mgl64.Vec3{0, -1, 0}, 20)
		if !ok || int(h.Collider) != i*20+j || math.Abs(h.Point[1]-(float64(i+j)*0.1+0.05)) > 1e-12 {
			t.Fatalf("box %d,%d: %+v %v", i, j, h, ok)
		}
	}
}

func TestConcurrentQueries(t *testing.T) {
	// 2,000 boxes added one by one (O(1) each), then 8 goroutines with their
	// own Controllers query the fresh World at once: the lazy top-level
	// rebuild happens once and every goroutine gets the sequential answer.
	w := flatWorld()
	for i := 0; i < 2000; i++ {
		w.AddBox(mgl64.Vec3{float64(i%50) * 2, 0.1, float64(i/50) * 2}, mgl64.Vec3{0.4, 0.1, 0.4}, mgl64.Quat{})
	}
	run := func(k int) mgl64.Vec3 {
		c := NewController(DefaultConfig())
		pos := mgl64.Vec3{float64(k) * 3, restY(0.2) + 0.5, 1}
		for i := 0; i < 60; i++ {
			pos = pos.Add(c.Move(w, testShape, pos, mgl64.Vec3{0.05, -0.1, 0.03}).Translation)
		}
		return pos
	}
	got := make(chan [2]any, 8)
	for k := 0; k < 8; k++ {
		go func(k int) { got <- [2]any{k, run(k)} }(k)
	}
	res := map[int]mgl64.Vec3{}
	for k := 0; k < 8; k++ {
		r := <-got
		res[r[0].(int)] = r[1].(mgl64.Vec3)
	}
	for k := 0; k < 8; k++ {
		if want := run(k); res[k] != want {
			t.Fatalf("goroutine %d: %v, sequential %v", k, res[k], want)
		}
	}
}
