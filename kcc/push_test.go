package kcc_test

import (
	"math"
	"testing"

	"github.com/go-gl/mathgl/mgl64"
	"github.com/seedgames/motorkit/kcc"
)

// shover is a test Pusher: it moves the capsule it is asked about by by
// along +x (when by is not zero) and notes what it was asked.
type shover struct {
	w      *kcc.World
	at     map[kcc.ColliderID]mgl64.Vec3
	by     float64
	asked  []kcc.CastHit
	motion []mgl64.Vec3
}

func (s *shover) Push(hit kcc.CastHit, motion mgl64.Vec3) bool {
	s.asked = append(s.asked, hit)
	s.motion = append(s.motion, motion)
	if s.by == 0 {
		return false
	}
	p := s.at[hit.Collider].Add(mgl64.Vec3{s.by, 0, 0})
	s.at[hit.Collider] = p
	return s.w.SetTransform(hit.Collider, p, mgl64.QuatIdent()) == nil
}

// TestPusherMovesTheCapsuleMet: a capsule (radius 0.3) walks 1 m along +x
// toward another capsule 1 m ahead (centre to centre) on a floor, skin
// 0.01. Its slide meets the other after 1 - 0.6 - 0.01 = 0.39 m. The
// Pusher is asked once, with that hit (fraction 0.39, normal -x, the
// motion swept), and moves the other 0.5 m on: the slide casts again and
// stops 0.01 before it, at 1.5 - 0.61 = 0.89. A Pusher that moves the other
// only 0.1 m is not asked again when the slide meets it a second time
// (0.49); one that does not move it leaves the move blocked at 0.39, as
// without a Pusher; a wall met first is no capsule and is not pushed; and
// a capsule already touched at the start (the mover at 0.39, 0.01 from it)
// is asked about from the start's contacts, at fraction 0, as the slide's
// first cast would have met it.
func TestPusherMovesTheCapsuleMet(t *testing.T) {
	shape := kcc.Capsule{Radius: 0.3, HalfHeight: 0.6}
	cases := []struct {
		name     string
		start    float64 // the mover's x
		wallAt   float64 // a wall's near face, 0 for none
		by       float64
		wantX    float64
		wantAsks int
		wantFrac float64
	}{
		{"pushed 0.5 m", 0, 0, 0.5, 0.89, 1, 0.39},
		{"pushed 0.1 m", 0, 0, 0.1, 0.49, 1, 0.39},
		{"not pushed", 0, 0, 0, 0.39, 1, 0.39},
		{"no pusher", 0, 0, -1, 0.39, 0, 0},
		{"wall first", 0, 0.5, 0.5, 0.19, 0, 0},
		{"touching", 0.39, 0, 0.5, 0.5, 1, 0},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			w := kcc.NewWorld()
			w.AddBox(mgl64.Vec3{0, -0.5, 0}, mgl64.Vec3{20, 0.5, 20}, mgl64.QuatIdent())
			if tc.wallAt != 0 {
				w.AddBox(mgl64.Vec3{tc.wallAt + 0.1, 1, 0}, mgl64.Vec3{0.1, 1, 5}, mgl64.QuatIdent())
			}
			pos := mgl64.Vec3{tc.start, 0.91, 0}
			self := w.AddCapsule(shape, pos)
			otherAt := mgl64.Vec3{1, 0.91, 0}
			other := w.AddCapsule(shape, otherAt)
			s := &shover{w: w, at: map[kcc.ColliderID]mgl64.Vec3{other: otherAt}, by: tc.by}
			opts := kcc.MoveOptions{Filter: &kcc.QueryFilter{Exclude: []kcc.ColliderID{self}}}
			if tc.by >= 0 {
				opts.Pusher = s
			}
			res := kcc.NewController(kcc.DefaultConfig()).MoveWith(w, shape, pos, mgl64.Vec3{1, 0, 0}, opts)
			if got := res.Translation[0]; math.Abs(got-tc.wantX) > 1e-6 {
				t.Errorf("moved %.6f m along x, want %.2f", got, tc.wantX)
			}
			if len(s.asked) != tc.wantAsks {
				t.Fatalf("asked %d times, want %d", len(s.asked), tc.wantAsks)
			}
			if tc.wantAsks == 0 {
				return
			}
			hit := s.asked[0]
			if hit.Collider != other || math.Abs(hit.Fraction-tc.wantFrac) > 1e-6 || hit.Normal.Sub(mgl64.Vec3{-1, 0, 0}).Len() > 1e-6 {
				t.Errorf("asked about %v at fraction %.6f, normal %v; want the other (%v) at %.2f, normal -x", hit.Collider, hit.Fraction, hit.Normal, other, tc.wantFrac)
			}
			if s.motion[0] != (mgl64.Vec3{1, 0, 0}) {
				t.Errorf("motion swept %v, want the request", s.motion[0])
			}
		})
	}
}

// TestPusherTouchingMostHeadOn: a capsule (radius 0.3, skin 0.01) touches
// two others at the start, 0.01 from each: one ahead along +x, one at 45°
// (+x and +z), added first so it has the lower ID. It walks (1, 0, 0.2): the
// one ahead is walked into at dot(normal, motion) = -1 and the other at
// -(1 + 0.2)/√2 = -0.85, so the Pusher is asked once, about the one ahead,
// with fraction 0, the contact's normal -x and the whole motion. It moves
// it 0.5 m on; the other, met at time 0 by the slide, blocks: the mover
// slides along it (its normal across the motion) and never passes into it.
func TestPusherTouchingMostHeadOn(t *testing.T) {
	shape := kcc.Capsule{Radius: 0.3, HalfHeight: 0.6}
	w := kcc.NewWorld()
	w.AddBox(mgl64.Vec3{0, -0.5, 0}, mgl64.Vec3{20, 0.5, 20}, mgl64.QuatIdent())
	pos := mgl64.Vec3{0, 0.91, 0}
	d := 0.61 / math.Sqrt2
	sideAt := mgl64.Vec3{d, 0.91, d}
	side := w.AddCapsule(shape, sideAt)
	aheadAt := mgl64.Vec3{0.61, 0.91, 0}
	ahead := w.AddCapsule(shape, aheadAt)
	self := w.AddCapsule(shape, pos)
	s := &shover{w: w, at: map[kcc.ColliderID]mgl64.Vec3{ahead: aheadAt, side: sideAt}, by: 0.5}
	opts := kcc.MoveOptions{Filter: &kcc.QueryFilter{Exclude: []kcc.ColliderID{self}}, Pusher: s}
	motion := mgl64.Vec3{1, 0, 0.2}
	res := kcc.NewController(kcc.DefaultConfig()).MoveWith(w, shape, pos, motion, opts)
	if len(s.asked) != 1 {
		t.Fatalf("asked %d times, want once", len(s.asked))
	}
	hit := s.asked[0]
	if hit.Collider != ahead || hit.Fraction != 0 || hit.Normal.Sub(mgl64.Vec3{-1, 0, 0}).Len() > 1e-6 || s.motion[0] != motion {
		t.Errorf("asked about %v at fraction %v, normal %v, motion %v; want the one ahead (%v) at 0, normal -x, motion %v", hit.Collider, hit.Fraction, hit.Normal, s.motion[0], ahead, motion)
	}
	end := pos.Add(res.Translation)
	if gap := end.Sub(sideAt).Len() - 0.6; gap < 0.01-1e-6 {
		t.Errorf("ended %.6f m from the side capsule's surface, inside the skin", gap)
	}
	if dot := res.Translation.Dot(mgl64.Vec3{1, 0, 1}.Normalize()); dot > 1e-6 {
		t.Errorf("moved %.6f m into the side capsule", dot)
	}
}
