package systems_test

import (
	"fmt"
	"math"
	"testing"

	"github.com/go-gl/mathgl/mgl64"
	"github.com/seedgames/motorkit/abilities"
	"github.com/seedgames/motorkit/components"
)

// Wall slides and wall jumps ([wall]) through the pipeline for every
// motor, from first principles.
//
// The scene: a floor with its top at y = 0 and a corridor 2 m wide
// between two 20 m walls (no ledge in reach): A (x 2..4, its face at x = 2, normal −X) and B
// (x −2..0, its face at x = 0, normal +X). The character faces +X (yaw 0:
// forward presses into A, back into B) and starts against A in the air,
// centre y = 8, thrown at it: velocity (1, −6, 0), falling at 6 m/s, 1 m/s
// into the wall.
//
//   - The slide begins on tick 0: the spawn is in the air, falling,
//     pressing into the wall with at least press = 0.3, and the ray along
//     the stick (State.probeWall, as the last move touched nothing) finds
//     A at the capsule's radius plus the skin. The fall is capped at slide_speed for
//     the tick's move (tickMove: vy = max(vy − g·dt, −slide_speed)), and
//     the character was falling faster (6 + g·dt), so vy = −slide_speed
//     exactly from the first slide tick; from the second on the capsule
//     falls exactly slide_speed·dt a tick (the trapezoid of two equal
//     speeds), pinned to the wall.
//   - The wall jump on tick J: the ability sets the velocity to
//     jump_speed at jump_angle above the horizontal, away from the wall
//     (the motor's velocity into the wall removed, along it kept: none
//     here), then the KCC stage's gravity of the tick acts trapezoidally:
//     after tick J, vx = −jump_speed·cos θ (away from A), vy =
//     jump_speed·sin θ − g·dt; mode air since J. Defaults: 7 m/s at 50°,
//     (−4.4995, 5.3623 − g·dt).
//   - The same wall is not grabbed again until the ground or another
//     wall: thrown back at A (3 m/s into it) and pressing into it while
//     falling, the character stays in the air to the floor. Once it has
//     stood on the floor, a jump against A pressing into it slides again
//     from the tick after its apex (vy ≤ 0 at the Begin).
//   - Another wall: jumping off A pressing back (into B) the character
//     crosses the corridor and slides on B once falling (B is not A);
//     jumping off B pressing forward it slides on A again. It never falls
//     faster than slide_speed while sliding.
const (
	wlWallA = "[[box]]\ncenter = [3.0, 10.0, 0.0]\nhalf = [1.0, 10.0, 3.0]\n"
	wlWallB = "[[box]]\ncenter = [-1.0, 10.0, 0.0]\nhalf = [1.0, 10.0, 3.0]\n"
	wlLevel = floor50 + wlWallA + wlWallB
)

type wallTuning struct{ slide, jump, angle float64 }

var wallTunings = []wallTuning{{2, 7, 50}, {1.5, 8, 60}}

func (w wallTuning) override() string {
	return allAbilitiesWith("wall", fmt.Sprintf("slide_speed = %v\njump_speed = %v\njump_angle_deg = %v", w.slide, w.jump, w.angle))
}

// wlRig spawns recipe against A on level, thrown at it.
func wlRig(t *testing.T, recipe, level string, w wallTuning) (*abRig, dims) {
	r := newAbRig(t, recipe, level, mgl64.Vec3{0, 8, 0}, w.override())
	d := r.dims()
	r.body().Position = mgl64.Vec3{2 - d.r - d.off, 8, 0}
	r.body().Velocity = mgl64.Vec3{1, -6, 0}
	return r, d
}

// wlJump checks the velocity after a wall jump off a wall whose normal's
// x is nx, on tick J. The velocity along the wall (z) is the motor's,
// kept: 0 unless along is set (a motor that drifted along the wall).
func wlJump(t *testing.T, r *abRig, d dims, w wallTuning, nx float64, J int, along bool) {
	t.Helper()
	th := w.angle * math.Pi / 180
	want := mgl64.Vec3{nx * w.jump * math.Cos(th), w.jump*math.Sin(th) - d.g*d.dt, 0}
	v := r.vel()
	if r.mode() != abilities.ModeAir || int(r.ab().Since) != J {
		t.Fatalf("tick %d: mode %v since %d, want air since %d (the wall jump)", J, r.mode(), r.ab().Since, J)
	}
	if !within(v[0], want[0], 1e-9) || !within(v[1], want[1], 1e-9) || (!along && !within(v[2], 0, 1e-9)) {
		t.Fatalf("after the wall jump: velocity %v, want (±jump·cos θ, jump·sin θ − g·dt, 0) = %v", v, want)
	}
}

func TestAbilitiesWallSlideAndJumpEveryMotor(t *testing.T) {
	for _, rc := range abRecipes {
		for _, w := range wallTunings {
			t.Run(fmt.Sprintf("%s/slide=%v,jump=%v@%v", rc, w.slide, w.jump, w.angle), func(t *testing.T) {
				r, d := wlRig(t, rc, wlLevel, w)
				fwd := components.CommandData{Forward: 1}
				r.step(fwd)
				if r.mode() != abilities.ModeWallSlide || r.ab().Since != 0 || !r.kcc().OnWall {
					t.Fatalf("tick 0: mode %v since %d on wall %v, want wall_slide since 0 meeting A (the ray along the stick finds A at the spawn)", r.mode(), r.ab().Since, r.kcc().OnWall)
				}
				if vy := r.vel()[1]; vy != -w.slide {
					t.Fatalf("tick 0: vy %v, want exactly −slide_speed %v", vy, -w.slide)
				}
				const J = 30
				for n := 1; n < J; n++ {
					y := r.pos()[1]
					r.step(fwd)
					if r.mode() != abilities.ModeWallSlide || r.ab().Since != 0 {
						t.Fatalf("tick %d: mode %v since %d, want wall_slide since 0", n, r.mode(), r.ab().Since)
					}
					if vy := r.vel()[1]; vy != -w.slide {
						t.Fatalf("tick %d: vy %v, want exactly −slide_speed %v", n, vy, -w.slide)
					}
					if dy := r.pos()[1] - y; n > 1 && !within(dy, -w.slide*d.dt, 1e-12) {
						t.Fatalf("tick %d: fell %.12f, want slide_speed·dt %.12f", n, -dy, w.slide*d.dt)
					}
					if x := r.pos()[0]; !within(x, 2-d.r-d.off, 1e-9) {
						t.Fatalf("tick %d: x %v, want pinned to A at %v", n, x, 2-d.r-d.off)
					}
				}
				r.step(components.CommandData{Forward: 1, JumpPressed: true, JumpHeld: true})
				wlJump(t, r, d, w, -1, J, false)
				t.Logf("slide from tick 1 at vy %v, fall %.6f m a tick; wall jump (%.6f, %.6f)", -w.slide, w.slide*d.dt, r.vel()[0], r.vel()[1])
			})
		}
	}
}

// TestAbilitiesWallNotGrabbedAgain: the same wall is let go until the
// ground; after the ground it is grabbed again. B is left out: a
// character that does not steer in the air would fly on to it, another
// wall.
func TestAbilitiesWallNotGrabbedAgain(t *testing.T) {
	w := wallTunings[0]
	for _, rc := range abRecipes {
		t.Run(rc, func(t *testing.T) {
			r, d := wlRig(t, rc, floor50+wlWallA, w)
			fwd := components.CommandData{Forward: 1}
			for n := 0; n < 10; n++ {
				r.step(fwd)
			}
			r.step(components.CommandData{Forward: 1, JumpPressed: true, JumpHeld: true})
			wlJump(t, r, d, w, -1, 10, false)
			// Thrown back at A while falling, pressing into it.
			for n := 0; n < 40; n++ {
				if n == 20 {
					r.body().Velocity[0] = 3
				}
				r.step(fwd)
			}
			touched := false
			for n := 0; n < 200 && !r.kcc().Grounded; n++ {
				r.step(fwd)
				touched = touched || r.kcc().OnWall
				if r.mode() == abilities.ModeWallSlide {
					t.Fatalf("slid on A again before the ground (at %v)", r.pos())
				}
			}
			if !touched || !r.kcc().Grounded {
				t.Fatalf("touched A %v, grounded %v: want the fall against A to the floor", touched, r.kcc().Grounded)
			}
			// From the floor, pressing into A: the jump meets A and slides
			// from the tick after the apex.
			r.step(fwd)
			G := r.step(components.CommandData{Forward: 1, JumpPressed: true, JumpHeld: true})
			if r.jb().ConsumedThisTick != true {
				t.Fatalf("no jump from the floor on tick %d", G)
			}
			apex := G + int(math.Ceil(d.jump/(d.g*d.dt)-1e-9))
			slid := -1
			for n := G + 1; n < G+120 && slid < 0; n++ {
				r.step(fwd)
				if r.mode() == abilities.ModeWallSlide {
					slid = n
				}
			}
			if slid < apex || slid > apex+1 {
				t.Fatalf("after the ground the slide on A began on tick %d, want at the apex, tick %d or %d", slid, apex, apex+1)
			}
		})
	}
}

// TestAbilitiesWallToWall: A to B to A across the corridor.
func TestAbilitiesWallToWall(t *testing.T) {
	w := wallTunings[0]
	for _, rc := range abRecipes {
		t.Run(rc, func(t *testing.T) {
			r, d := wlRig(t, rc, wlLevel, w)
			fwd, back := components.CommandData{Forward: 1}, components.CommandData{Forward: -1}
			for n := 0; n < 10; n++ {
				r.step(fwd)
			}
			J := r.step(components.CommandData{Forward: -1, JumpPressed: true, JumpHeld: true})
			wlJump(t, r, d, w, -1, J, false)
			slideOn := func(cmd components.CommandData, face float64) int {
				t.Helper()
				for n := 0; n < 90; n++ {
					k := r.step(cmd)
					if r.mode() == abilities.ModeWallSlide {
						if x := r.pos()[0]; !within(x, face, 1e-6) {
							t.Fatalf("tick %d: sliding at x %v, want against the wall at %v", k, x, face)
						}
						for i := 0; i < 10; i++ {
							r.step(cmd)
							if vy := r.vel()[1]; vy < -w.slide-1e-12 || r.mode() != abilities.ModeWallSlide {
								t.Fatalf("sliding: mode %v vy %v, want no faster than %v", r.mode(), vy, w.slide)
							}
						}
						return k
					}
					if r.kcc().Grounded {
						break
					}
				}
				t.Fatalf("never slid on the wall at x %v (at %v)", face, r.pos())
				return 0
			}
			slideOn(back, 0+d.r+d.off)
			J = r.step(components.CommandData{Forward: 1, JumpPressed: true, JumpHeld: true})
			wlJump(t, r, d, w, +1, J, true)
			slideOn(fwd, 2-d.r-d.off)
		})
	}
}
