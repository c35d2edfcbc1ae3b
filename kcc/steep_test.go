package kcc

import (
	"fmt"
	"math"
	"testing"

	"github.com/go-gl/mathgl/mgl64"
)

// Scenes for steep faces and steep ground, built from boxes.

// docCaller is the documented caller (systems/kccstage.go): on walkable
// ground it sends the planar wish lifted onto the ground plane and no
// gravity; in the air it integrates gravity (trapezoidal) and reads the
// vertical velocity back from the movement, zeroing it only while grounded.
type docCaller struct {
	c        *Controller
	w        *World
	pos      mgl64.Vec3
	vy       float64
	grounded bool
	normal   mgl64.Vec3
	res      MoveResult
}

func (d *docCaller) step(wish mgl64.Vec3) MoveResult {
	var desired mgl64.Vec3
	if d.grounded {
		n := d.normal
		lift := 0.0
		if n[1] > 1e-3 {
			lift = -(n[0]*wish[0] + n[2]*wish[2]) / n[1]
		}
		desired = mgl64.Vec3{wish[0], lift, wish[2]}.Mul(testDt)
		d.vy = 0
	} else {
		vy0 := d.vy
		d.vy -= testG * testDt
		desired = mgl64.Vec3{wish[0] * testDt, 0.5 * (vy0 + d.vy) * testDt, wish[2] * testDt}
	}
	res := d.c.Move(d.w, testShape, d.pos, desired)
	d.pos = d.pos.Add(res.Translation)
	if ny := res.Translation[1] / testDt; math.Abs(res.Translation[1]-desired[1]) > 1e-9 && d.vy < 0 {
		if res.GroundState == GroundSteep {
			d.vy = math.Min(0, ny)
		} else {
			d.vy = math.Min(0, math.Max(d.vy, ny))
		}
	}
	d.grounded = res.Grounded
	d.normal = res.GroundNormal
	if d.grounded {
		d.vy = 0
	}
	d.res = res
	return res
}

// slopeBox adds a box whose upper face is the plane rising along +X at deg
// degrees through (x0, 0), from the floor up to height h; the box lies under
// that face (thickness 0.5 m, 10 m wide), its ends perpendicular to the face
// go down into the floor and the kerb behind it.
func slopeBox(w *World, x0, h, deg float64) {
	a := deg * math.Pi / 180
	l := h / math.Sin(a)
	const thick = 0.5
	dir := mgl64.Vec3{math.Cos(a), math.Sin(a), 0}
	n := mgl64.Vec3{-math.Sin(a), math.Cos(a), 0}
	mid := mgl64.Vec3{x0, 0, 0}.Add(dir.Mul(l / 2))
	w.AddBox(mid.Sub(n.Mul(thick/2)), mgl64.Vec3{l / 2, thick / 2, 5}, mgl64.QuatRotate(a, mgl64.Vec3{0, 0, 1}))
}

// kerbWorld is the floor plus a kerb of height h whose face rises at deg
// degrees from x = x0; its flat top starts at x0 + h/tan(deg) and is 10 m
// deep.
func kerbWorld(x0, h, deg float64) *World {
	w := flatWorld()
	run := h / math.Tan(deg*math.Pi/180)
	w.AddBox(mgl64.Vec3{x0 + run + 5, h / 2, 0}, mgl64.Vec3{5, h / 2, 5}, mgl64.Quat{})
	if deg < 90 {
		slopeBox(w, x0, h, deg)
	}
	return w
}

// kerbMeshWorld is kerbWorld's kerb as a triangle mesh (the sloped face and
// the top, 10 m wide) on the box floor.
func kerbMeshWorld(x0, h, deg float64) *World {
	w := flatWorld()
	x1 := x0 + h/math.Tan(deg*math.Pi/180)
	var vs []mgl64.Vec3
	var is []uint32
	vs, is = addQuad(vs, is, mgl64.Vec3{x0, 0, 5}, mgl64.Vec3{x1, h, 5}, mgl64.Vec3{x1, h, -5}, mgl64.Vec3{x0, 0, -5})
	vs, is = addQuad(vs, is, mgl64.Vec3{x1, h, 5}, mgl64.Vec3{x1 + 10, h, 5}, mgl64.Vec3{x1 + 10, h, -5}, mgl64.Vec3{x1, h, -5})
	if _, err := w.AddTriMesh(vs, is); err != nil {
		panic(err)
	}
	return w
}

// TestAutostepMaxHeightIsTheStepTop pins what Autostep.MaxHeight measures:
// the height of the step's top above the ground the feet stand on. A riser
// 1 mm lower than MaxHeight is climbed, 1 mm higher blocks, for several
// MaxHeight values, both callers, and a box riser and a triangle-mesh one.
func TestAutostepMaxHeightIsTheStepTop(t *testing.T) {
	for _, mh := range []float64{0.2, 0.35, 0.5} {
		for _, dh := range []float64{-0.001, 0.001} {
			h := mh + dh
			cfg := DefaultConfig()
			cfg.Autostep.MaxHeight = mh
			for _, kind := range []string{"box", "mesh"} {
				w := stepWorld(1, h)
				if kind == "mesh" {
					w = kerbMeshWorld(1, h, 90)
				}
				s := newSim(t, w, cfg, mgl64.Vec3{0, restY(0), 0})
				d := &docCaller{c: NewController(cfg), w: w, pos: s.pos, grounded: true, normal: mgl64.Vec3{0, 1, 0}}
				for i := 0; i < 60; i++ {
					s.step(mgl64.Vec3{4, 0, 0}, 0)
					d.step(mgl64.Vec3{4, 0, 0})
				}
				for name, pos := range map[string]mgl64.Vec3{"gravity caller": s.pos, "documented caller": d.pos} {
					climbed := math.Abs(pos[1]-restY(h)) < 2e-3 && pos[0] > 2
					blocked := math.Abs(pos[1]-restY(0)) < 2e-3 && pos[0] < 1-testRadius+0.1 // against the riser or its edge
					if dh < 0 && !climbed {
						t.Errorf("%s, %s riser: MaxHeight %.3f, riser %.3f not climbed: pos %v", name, kind, mh, h, pos)
					}
					if dh > 0 && !blocked {
						t.Errorf("%s, %s riser: MaxHeight %.3f, riser %.3f not blocked: pos %v", name, kind, mh, h, pos)
					}
				}
			}
		}
	}
}

// TestSteepKerbIsSteppedOnto walks into low kerbs (0.1-0.3 m, below the
// step height; boxes, and the same kerb as a triangle mesh) whose face is
// steep (46-89 degrees) at 1.5-6 m/s, head-on and at 30 and 60 degrees to
// the kerb's normal, with the documented caller and with a caller that
// applies gravity every tick: the character is grounded on every tick (no
// grounded flips) and ends on top.
func TestSteepKerbIsSteppedOnto(t *testing.T) {
	for _, deg := range []float64{46, 48, 50, 55, 60, 70, 80, 89} {
		for _, h := range []float64{0.1, 0.2, 0.3} {
			for _, kind := range []string{"boxes", "mesh"} {
				w := kerbWorld(1, h, deg)
				if kind == "mesh" {
					w = kerbMeshWorld(1, h, deg)
				}
				for _, speed := range []float64{1.5, 3, 6} {
					for _, yaw := range []float64{0, 30, 60} {
						steepKerbWalk(t, w, kind, h, deg, speed, yaw)
					}
				}
			}
		}
	}
}

// steepKerbWalk walks 3 m along X (2 m past the kerb's foot at x=1) at
// speed, yaw degrees off the X axis, with both callers.
func steepKerbWalk(t *testing.T, w *World, kind string, h, deg, speed, yaw float64) {
	t.Helper()
	cy, sy := math.Cos(yaw*math.Pi/180), math.Sin(yaw*math.Pi/180)
	ticks := int(3/(speed*cy)/testDt) + 1
	wish := mgl64.Vec3{speed * cy, 0, speed * sy}
	s := newSim(t, w, DefaultConfig(), mgl64.Vec3{0, restY(0), -2})
	d := &docCaller{c: NewController(DefaultConfig()), w: w, pos: s.pos, grounded: true, normal: mgl64.Vec3{0, 1, 0}}
	flipsS, flipsD := 0, 0
	name := fmt.Sprintf("%s kerb %.1f m at %v deg, %v m/s at %v deg to its normal", kind, h, deg, speed, yaw)
	// No Move goes further than asked plus one step up (tightBound): the
	// kerb's sloped face is climbed over several Moves, not skipped in one.
	longest := 0.0
	for i := 0; i < ticks; i++ {
		p0, q0 := s.pos, d.pos
		if !s.step(wish, 0).Grounded {
			flipsS++
		}
		if !d.step(wish).Grounded {
			flipsD++
		}
		for _, m := range [][2]mgl64.Vec3{{p0, s.pos}, {q0, d.pos}} {
			l := m[1].Sub(m[0]).Len()
			longest = math.Max(longest, l)
			if lim := tightBound(DefaultConfig(), wish.Mul(testDt).Add(mgl64.Vec3{0, -testG * testDt * testDt, 0})); l > lim {
				t.Fatalf("%s: tick %d moved %.4f m, more than the bound %.4f", name, i, l, lim)
			}
		}
	}
	if flipsS != 0 || flipsD != 0 {
		t.Errorf("%s: ungrounded ticks: gravity caller %d, documented caller %d", name, flipsS, flipsD)
	}
	// On top: the feet within the ground tolerance above the top's resting
	// height (the documented caller sends no gravity while grounded, so
	// after landing on the top's edge it may keep a gap of up to the ground
	// probe's GroundTolerance plus its 2*castTol slack).
	top := 1 + h/math.Tan(deg*math.Pi/180)
	for _, c := range []struct {
		name string
		pos  mgl64.Vec3
	}{{"gravity caller", s.pos}, {"documented caller", d.pos}} {
		if dy := c.pos[1] - restY(h); dy < -1e-4 || dy > DefaultGroundTolerance+2*castTol || c.pos[0] < top {
			t.Errorf("%s, %s: not on top: pos %v", name, c.name, c.pos)
		}
	}
}

// TestLandingOnSteepSlopeSlidesDown drops the character onto a 46-70
// degree slope (a rotated box rising along +X from x=1) while it holds
// forward into the slope at 5 m/s, with the documented caller. It must
// slide down to the floor, never be grounded on the slope, and reach the
// floor within a bound derived from gravity along the slope.
//
// Derivation. On the slope (angle a, s = sin a) the push into the slope is
// removed like a wall's and the downward request, of length b, is projected
// onto the slope: the centre moves b*s along the slope and b*s² down. The
// documented caller integrates gravity trapezoidally from the vertical
// speed it read back, u (downward, >= 0): b = (u + g*dt/2)*dt, and reads
// back u' = b*s²/dt. So per tick the slide is D = s*(u + g*dt/2)*dt, of
// which s*g*dt²/2 is gravity's component along the slope, g*sin(a), acting
// for one tick, and u' = s²*(u + g*dt/2). The centre must drop from its
// height at first contact to its height resting on the floor, i.e. slide
// L = dy/s along the slope. The test iterates this model from u = 0 to the
// number of ticks N it needs for L and requires the controller to reach
// the floor within N + 10 ticks (the slack covers the crease at the foot).
func TestLandingOnSteepSlopeSlidesDown(t *testing.T) {
	for _, deg := range []float64{46, 50, 60, 70} {
		a := deg * math.Pi / 180
		sa := math.Sin(a)
		w := flatWorld()
		slopeBox(w, 1, 3, deg)
		start := placeOnRamp(deg, 1, 1.5).Add(mgl64.Vec3{0, 0.3, 0})
		d := &docCaller{c: NewController(DefaultConfig()), w: w, pos: start, normal: mgl64.Vec3{0, 1, 0}}
		landed, landY, landTick := false, 0.0, 0
		floorTick := -1
		for i := 0; i < 1200 && floorTick < 0; i++ {
			res := d.step(mgl64.Vec3{5, 0, 0})
			if res.GroundState == GroundSteep && !landed {
				landed, landY, landTick = true, d.pos[1], i
			}
			if res.Grounded {
				if d.pos[1] > restY(0)+DefaultGroundTolerance {
					t.Fatalf("%v deg: grounded on the slope at tick %d, pos %v", deg, i, d.pos)
				}
				floorTick = i
			}
		}
		if !landed {
			t.Fatalf("%v deg: never touched the slope", deg)
		}
		if floorTick < 0 {
			t.Fatalf("%v deg: still on the slope after 20 s: pos %v, state %v, translation %v", deg, d.pos, d.res.GroundState, d.res.Translation)
		}
		L := (landY - restY(0)) / sa
		n, u, slid := 0, 0.0, 0.0
		for slid < L {
			slid += sa * (u + testG*testDt/2) * testDt
			u = sa * sa * (u + testG*testDt/2)
			n++
		}
		if got := floorTick - landTick; got > n+10 {
			t.Errorf("%v deg: reached the floor %d ticks after landing, model bound %d+10 (slope length %.3f m)", deg, got, n, L)
		} else {
			t.Logf("%v deg: floor %d ticks after landing (model %d, slide %.3f m)", deg, got, n, L)
		}
		// Grounded on the floor: feet within the ground tolerance of it (the
		// documented caller sends no gravity once grounded).
		if dy := d.pos[1] - restY(0); dy < -1e-4 || dy > DefaultGroundTolerance+2e-5 {
			t.Errorf("%v deg: ended at %v, not on the floor", deg, d.pos)
		}
	}
}
