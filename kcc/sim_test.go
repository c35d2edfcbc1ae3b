package kcc

import (
	"math"
	"testing"

	"github.com/go-gl/mathgl/mgl64"
)

// Shared scenario constants of the behaviour tests: capsule r=0.3,
// half-height 0.6, 60 Hz, gravity 20 m/s^2 applied by the caller.
const (
	testRadius = 0.3
	testHalf   = 0.6
	testDt     = 1.0 / 60
	testG      = 20.0
)

var testShape = Capsule{Radius: testRadius, HalfHeight: testHalf}

// restY is the centre height of the test capsule resting on a floor at
// height y: feet at y + Offset, centre HalfHeight+Radius above the feet.
func restY(floorY float64) float64 { return floorY + DefaultOffset + testHalf + testRadius }

// sim is a minimal caller like the pipeline's KCC stage: it owns the
// velocity, sets the horizontal part from a wish velocity each tick,
// integrates gravity, passes velocity*dt to Move and reads the vertical
// velocity back from the actual movement (zero while grounded, so a ceiling
// or the floor stops it).
type sim struct {
	t           *testing.T
	c           *Controller
	w           *World
	shape       Capsule
	pos, vel    mgl64.Vec3
	grounded    bool
	transitions int // grounded -> airborne -> grounded sequences
	wasAir      bool
	everGround  bool
	ticks       int
	lastRes     MoveResult
	opts        MoveOptions // the options of every step's Move
}

func newSim(t *testing.T, w *World, cfg Config, pos mgl64.Vec3) *sim {
	return &sim{t: t, c: NewController(cfg), w: w, shape: testShape, pos: pos}
}

// step advances one tick with the planar wish velocity (x, z) and an
// optional vertical launch speed (jump) applied before gravity.
func (s *sim) step(wish mgl64.Vec3, jump float64) MoveResult {
	s.vel[0], s.vel[2] = wish[0], wish[2]
	if jump > 0 {
		s.vel[1] = jump
	}
	s.vel[1] -= testG * testDt
	res := s.c.MoveWith(s.w, s.shape, s.pos, s.vel.Mul(testDt), s.opts)
	for i := 0; i < 3; i++ {
		if math.IsNaN(res.Translation[i]) || math.IsInf(res.Translation[i], 0) {
			s.t.Fatalf("tick %d: non-finite translation %v", s.ticks, res.Translation)
		}
	}
	s.pos = s.pos.Add(res.Translation)
	vy := res.Translation[1] / testDt
	if res.Grounded && vy < 0 || res.Grounded && jump == 0 {
		vy = 0
	}
	s.vel[1] = vy
	if res.Grounded {
		if s.wasAir && s.everGround {
			s.transitions++
		}
		s.wasAir = false
		s.everGround = true
	} else {
		s.wasAir = true
	}
	s.grounded = res.Grounded
	s.ticks++
	s.lastRes = res
	return res
}

// flatWorld is a 200 x 1 x 200 m box whose top is at y=0.
func flatWorld() *World {
	w := NewWorld()
	w.AddBox(mgl64.Vec3{0, -0.5, 0}, mgl64.Vec3{100, 0.5, 100}, mgl64.Quat{})
	return w
}

func TestFlatGroundWalk(t *testing.T) {
	w := flatWorld()
	s := newSim(t, w, DefaultConfig(), mgl64.Vec3{0, restY(0), 0})
	// 5 m/s for 3 s at 60 Hz = 180 ticks of 5/60 m: 15 m expected; the
	// floor removes only the vertical (gravity) part of each request.
	for i := 0; i < 180; i++ {
		res := s.step(mgl64.Vec3{5, 0, 0}, 0)
		if !res.Grounded {
			t.Fatalf("tick %d not grounded, pos %v", i, s.pos)
		}
	}
	if d := math.Abs(s.pos[0] - 15); d > 0.01 {
		t.Fatalf("travelled %v m, want 15 +- 0.01", s.pos[0])
	}
	if d := math.Abs(s.pos[1] - restY(0)); d > 1e-3 {
		t.Fatalf("height %v, want %v", s.pos[1], restY(0))
	}
}
