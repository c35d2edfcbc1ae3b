package kcc_test

import (
	"math"
	"math/rand"
	"testing"

	"github.com/go-gl/mathgl/mgl64"
	"github.com/seedgames/motorkit/kcc"
)

// TestCastIfCapsulesKeepsEveryCapsuleHit: whenever CastCapsule hits a
// capsule, CastCapsuleIfCapsules with the same arguments gives the same
// hit, bit for bit; and it skips the cast for most sweeps that meet no
// capsule (what makes it worth asking), giving no hit. 400 capsules (some of them box characters) on a jittered grid
// 1 m apart on a floor, with a wall and a tilted block among them; 20,000
// random sweeps of a walker up to 0.5 m long in any direction, through a
// filter leaving the walker's own capsule out, with and without a planned
// crowd's view.
func TestCastIfCapsulesKeepsEveryCapsuleHit(t *testing.T) {
	rng := rand.New(rand.NewSource(11))
	w := kcc.NewWorld()
	w.AddBox(mgl64.Vec3{0, -0.5, 0}, mgl64.Vec3{30, 0.5, 30}, mgl64.Quat{})
	w.AddBox(mgl64.Vec3{5.5, 1, 0}, mgl64.Vec3{0.2, 1, 8}, mgl64.Quat{})
	w.AddBox(mgl64.Vec3{12.5, 0.5, 12.5}, mgl64.Vec3{0.4, 0.4, 0.4}, mgl64.QuatRotate(0.6, mgl64.Vec3{1, 1, 0}.Normalize()))
	var ids []kcc.ColliderID
	var pos []mgl64.Vec3
	var members []kcc.CrowdMember
	for i := 0; i < 400; i++ {
		shape := walkerShape
		shape.Box = i%7 == 0
		p := mgl64.Vec3{float64(i%20) + rng.Float64()*0.3, 0.91 + rng.Float64()*0.05, float64(i/20) + rng.Float64()*0.3}
		id := w.AddCapsule(shape, p)
		ids, pos = append(ids, id), append(pos, p)
		members = append(members, kcc.CrowdMember{Collider: id, Reach: mgl64.Vec3{0.6, 0.6, 0.6}})
	}
	var plan kcc.CrowdPlan
	if err := w.PlanCrowd(members, &plan); err != nil {
		t.Fatal(err)
	}
	capHits, skipped, walls := 0, 0, 0
	for k := 0; k < 20000; k++ {
		i := rng.Intn(len(ids))
		f := kcc.QueryFilter{Exclude: []kcc.ColliderID{ids[i]}}
		if k%2 == 0 {
			f.Crowd = plan.ViewOf(ids[i])
		}
		q := w.Filtered(&f)
		a := rng.Float64() * 2 * math.Pi
		l := rng.Float64() * 0.5
		v := mgl64.Vec3{math.Cos(a) * l, (rng.Float64() - 0.7) * 0.1, math.Sin(a) * l}
		skin := 0.01 * rng.Float64()
		hit, ok := q.CastCapsule(walkerShape, pos[i], mgl64.Vec3{0, 1, 0}, v, skin)
		hit2, ok2 := q.CastCapsuleIfCapsules(walkerShape, pos[i], mgl64.Vec3{0, 1, 0}, v, skin)
		isCap := ok && hit.Collider >= ids[0] && hit.Collider <= ids[len(ids)-1] // the capsules were added last, in a row
		if isCap {
			capHits++
			if !ok2 || hit2 != hit {
				t.Fatalf("sweep %d: CastCapsule hits capsule %d at %.4f, CastCapsuleIfCapsules gives %v %v", k, hit.Collider, hit.Fraction, ok2, hit2)
			}
		}
		switch {
		case ok2 && (hit2 != hit || !ok):
			t.Fatalf("sweep %d: CastCapsule hits %v (%v), CastCapsuleIfCapsules %v", k, hit, ok, hit2)
		case ok && !ok2:
			skipped++ // a wall or the floor, no capsule: not cast
		case ok2 && !isCap:
			walls++ // a capsule near, the floor or a wall first: cast
		}
	}
	if capHits < 1000 || skipped < 1000 || walls < 100 {
		t.Fatalf("%d capsule hits, %d other hits skipped, %d cast: the test does not cover the answers", capHits, skipped, walls)
	}
}
