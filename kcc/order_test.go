package kcc

import (
	"math"
	"slices"
	"testing"

	"github.com/go-gl/mathgl/mgl64"
)

// tilesWorld is a floor of 8 x 8 tiles (2 m boxes, tops flush at y = 0,
// so a capsule on a seam has contacts of several tiles at the same
// distance), 6 platforms and 12 capsules.
func tilesWorld() (w *World, movers, caps []ColliderID) {
	w = NewWorld()
	for i := 0; i < 8; i++ {
		for j := 0; j < 8; j++ {
			w.AddBox(mgl64.Vec3{float64(2*i) - 7, -0.25, float64(2*j) - 7}, mgl64.Vec3{1, 0.25, 1}, mgl64.Quat{})
		}
	}
	for k := 0; k < 6; k++ {
		movers = append(movers, w.AddBox(mgl64.Vec3{float64(3*k) - 8, 0.25, -9}, mgl64.Vec3{1, 0.25, 1}, mgl64.Quat{}))
	}
	for k := 0; k < 12; k++ {
		caps = append(caps, w.AddCapsule(testShape, mgl64.Vec3{float64(k) - 6, 3, 9}))
	}
	return w, movers, caps
}

// placeTiles puts the movers and capsules where they are at step k.
func placeTiles(t *testing.T, w *World, movers, caps []ColliderID, k int) {
	for i, id := range movers {
		a := float64(k)*0.05 + float64(i)
		if err := w.SetTransform(id, mgl64.Vec3{float64(7 * math.Cos(a)), 0.25, float64(7 * math.Sin(float64(a*0.7)))}, mgl64.Quat{}); err != nil {
			t.Fatal(err)
		}
	}
	for i, id := range caps {
		a := float64(k)*0.03 + float64(2*i)
		if err := w.SetTransform(id, mgl64.Vec3{float64(6 * math.Sin(a)), restY(0) + 0.3, float64(6 * math.Cos(float64(a*1.1)))}, mgl64.Quat{}); err != nil {
			t.Fatal(err)
		}
	}
}

// The queries answer with the same bits whenever the top-level hierarchy
// and the capsule grid were built: in a World whose hierarchy was built
// with the platforms and capsules elsewhere and refitted as they moved, and
// in one built where they are now (a World loaded from a state), though
// the two hierarchies visit the colliders in another order.
func TestQueriesDoNotDependOnTheBuild(t *testing.T) {
	a, movers, caps := tilesWorld()
	a.index(nil)
	for k := 0; k < 200; k++ {
		placeTiles(t, a, movers, caps, k)
		a.index(nil)
	}
	b, _, _ := tilesWorld()
	placeTiles(t, b, movers, caps, 199)
	b.index(nil)
	all := aabb{min: vec{-1e3, -1e3, -1e3}, max: vec{1e3, 1e3, 1e3}}
	var off sweepFilter
	if slices.Equal(a.top.query(&all, &off, nil), b.top.query(&all, &off, nil)) {
		t.Fatal("the two hierarchies visit the colliders in the same order: the test tests nothing")
	}
	ca, cb := NewController(DefaultConfig()), NewController(DefaultConfig())
	var csa, csb []Contact
	seams := 0
	for i := 0; i < 400; i++ {
		// Positions on and around the seams, capsules resting on the tiles.
		p := mgl64.Vec3{float64(i%20)*0.5 - 5, restY(0) - 0.005, float64(i/20)*0.5 - 5}
		csa = a.Contacts(testShape, p, mgl64.Vec3{}, 0.05, csa[:0])
		csb = b.Contacts(testShape, p, mgl64.Vec3{}, 0.05, csb[:0])
		if len(csa) != len(csb) {
			t.Fatalf("%v: %d contacts, %d", p, len(csa), len(csb))
		}
		for k := range csa {
			if csa[k] != csb[k] {
				t.Fatalf("%v: contact %d: %+v, %+v", p, k, csa[k], csb[k])
			}
		}
		if len(csa) > 1 {
			seams++
		}
		d := mgl64.Vec3{float64(0.08 * math.Cos(float64(i))), -0.02, float64(0.08 * math.Sin(float64(i)))}
		ra, rb := ca.Move(a, testShape, p, d), cb.Move(b, testShape, p, d)
		if ra.Translation != rb.Translation || ra.GroundCollider != rb.GroundCollider || ra.GroundNormal != rb.GroundNormal ||
			len(ra.Collisions) != len(rb.Collisions) {
			t.Fatalf("%v: move %+v, %+v", p, ra, rb)
		}
		for k := range ra.Collisions {
			if ra.Collisions[k] != rb.Collisions[k] {
				t.Fatalf("%v: hit %d: %+v, %+v", p, k, ra.Collisions[k], rb.Collisions[k])
			}
		}
	}
	if seams < 100 {
		t.Fatalf("only %d places with contacts of several colliders", seams)
	}
}
