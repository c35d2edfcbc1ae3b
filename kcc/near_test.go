package kcc

import (
	"math"
	"testing"

	"github.com/go-gl/mathgl/mgl64"
)

// postsWorld is a floor with a field of 9 x 9 posts (0.2 m square, 1 m
// tall, 0.8 m apart) around the origin: more than nearCap colliders lie
// within a list's box among them, fewer at the field's edge.
func postsWorld() *World {
	w := flatWorld()
	for i := -4; i <= 4; i++ {
		for j := -4; j <= 4; j++ {
			w.AddBox(mgl64.Vec3{float64(i) * 0.8, 0.5, float64(j) * 0.8}, mgl64.Vec3{0.1, 0.5, 0.1}, mgl64.Quat{})
		}
	}
	return w
}

// topQuery from a character's list answers as the hierarchy does: the
// same colliders in the same order (ID order), for query boxes of every size around
// the list's box and beyond it, with and without a cast's corridor, in a
// sparse place (the list used) and a busy one (more than nearCap: the
// hierarchy asked).
func TestNearCollidersAnswerAsHierarchy(t *testing.T) {
	w := postsWorld()
	w.index(nil)
	var s scratch
	s.setFilter(0, nil)
	var cache ContactCache
	near := &cache.near
	s.cache = &cache
	used, overflowed := 0, 0
	for k := 0; k < 4000; k++ {
		// A walk of query boxes from the field's edge to its middle and out.
		c := vec{6 * math.Cos(float64(k)*0.003), 0.9, 6 * math.Sin(float64(k)*0.0021) * math.Cos(float64(k)*0.001)}
		h := vec{0.3 + 0.2*math.Sin(float64(k)), 0.9, 0.3 + 0.25*math.Cos(float64(k)*1.3)}
		if k%5 == 0 {
			h[0], h[2] = 1.5, 1.5 // its list's box holds about 25 posts in the field
		}
		if k%97 == 0 {
			h[0] = 3 // wider than nearMaxExtent: the hierarchy's
		}
		q := aabb{min: sub(c, h), max: add(c, h)}
		var f sweepFilter
		if k%3 == 0 {
			f = sweepFilter{on: true, origin: c, inv: vec{1 / 0.4, 0, 1 / -0.3}, reach: vec{0.3, 0.9, 0.3}, w0: 0, w1: 1}
		}
		want := sortIDs(append([]int32(nil), w.top.query(&q, &f, nil)...))
		got := w.topQuery(&s, &q, &f)
		if len(got) != len(want) {
			t.Fatalf("query %d: %v from the list, %v from the hierarchy", k, got, want)
		}
		for i := range got {
			if got[i] != want[i] {
				t.Fatalf("query %d: %v from the list, %v from the hierarchy", k, got, want)
			}
		}
		if near.world == w && near.box.holds(&q) {
			if near.n < 0 {
				overflowed++
			} else {
				used++
			}
		}
	}
	if used < 1000 || overflowed < 100 {
		t.Fatalf("list used %d times, overflowed %d: the walk does not exercise both", used, overflowed)
	}
}

// A capsule walking through the posts with a ContactCache (and so its
// list of colliders nearby) moves the same bits as without, with dashes
// longer than nearMaxExtent and a post moved every tick on some stretches.
func TestNearCollidersSameBits(t *testing.T) {
	wa, wb := postsWorld(), postsWorld()
	ca, cb := NewController(DefaultConfig()), NewController(DefaultConfig())
	var cache ContactCache
	pa := mgl64.Vec3{-5, restY(0), -5}
	pb := pa
	for tick := 0; tick < 900; tick++ {
		a := 4 * testDt
		d := mgl64.Vec3{a * math.Cos(float64(tick)*0.01), gravityStep, a * math.Sin(float64(tick)*0.013+0.8)}
		if tick%150 == 149 {
			d = mgl64.Vec3{5 * math.Cos(float64(tick)), 0, 5 * math.Sin(float64(tick))} // a 5 m dash
		}
		if tick%300 >= 200 {
			for _, w := range []*World{wa, wb} {
				_ = w.SetTransform(ColliderID(1+tick%81), mgl64.Vec3{float64(tick%9-4) * 0.8, 0.5 + 0.001*float64(tick%7), float64(tick%81/9-4) * 0.8}, mgl64.Quat{})
			}
		}
		ra := ca.MoveWith(wa, testShape, pa, d, MoveOptions{Cache: &cache})
		rb := cb.Move(wb, testShape, pb, d)
		if !sameResult(ra, rb) {
			t.Fatalf("tick %d: with the list %+v, without %+v", tick, ra, rb)
		}
		pa, pb = pa.Add(ra.Translation), pb.Add(rb.Translation)
	}
	if pa.Sub(mgl64.Vec3{-5, restY(0), -5}).Len() < 3 {
		t.Fatalf("the capsule stayed near its start (%v): the walk does not cross the posts", pa)
	}
}
