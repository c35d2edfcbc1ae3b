package systems_test

import (
	"fmt"
	"math"
	"testing"

	"github.com/go-gl/mathgl/mgl64"
	"github.com/seedgames/motorkit/abilities"
	"github.com/seedgames/motorkit/components"
)

// Water ([swim]) through the pipeline for every motor, from first
// principles.
//
// The scene: a pool 120 m across, its surface at S = 0 and its bottom 6 m
// down (water x, z in −60..60, y −6..0; a floor under it), and the
// character dropped at rest with its centre at y0 = 5 m, no input.
//
//   - The fall: in the air the KCC stage integrates gravity trapezoidally
//     (tickMove), exact for constant gravity: after n ticks
//     y(n) = y0 − g(n·dt)²/2 and vy(n) = −g·n·dt.
//   - The swim begins on the first tick whose Begin finds the centre under
//     the surface (in the air, depth S − y > 0):
//     n_in = floor(sqrt(2(y0 − S)/g)/dt) + 1; 43 ticks at g = 20, 39 at the
//     fps motor's g = 24.
//   - From then the ability owns the velocity: each tick
//     v' = v + (t − v)·a with a = 1 − exp(−drag·dt) (drag 4/s: a = 0.0645
//     at 60 Hz), so v' − t = (1 − a)(v − t): the speed decays by (1 − a) a
//     tick toward the target t, whose vertical part is the buoyancy's,
//     clamp((depth − f)·buoyancy, ±dive_speed), with the floating depth
//     f = h + r − head_above (0.65 m for the 1.8 m capsule), and whose
//     planar part is the stick times speed. The first swim tick starts
//     from the fall's velocity, −g·n_in·dt. The pool is deep enough that
//     the plunge never reaches its bottom: no ground, no landing.
//   - At equilibrium the head is held at the surface: the centre at
//     S − f, at rest (the vertical motion is a damped oscillator,
//     y” = drag·(buoyancy·(S − f − y) − y'), ζ = 0.58: 10 s brings the
//     plunge's metres under a micrometre).
//   - Swimming at the surface from rest, full forward: the planar speed
//     after n ticks is speed·(1 − (1 − a)^n), terminal speed; the
//     vertical stays at the equilibrium.
const (
	swLevel = "[[box]]\ncenter = [0.0, -6.5, 0.0]\nhalf = [80.0, 0.5, 80.0]\n" +
		"[[water]]\ncenter = [0.0, -3.0, 0.0]\nhalf = [60.0, 3.0, 60.0]\n"
	swY0 = 5.0
)

func TestAbilitiesSwimEveryMotor(t *testing.T) {
	type tuning struct{ speed, drag, buoyancy, dive, headAbove float64 }
	for _, rc := range abRecipes {
		for _, tu := range []tuning{{3, 4, 3, 2, 0.25}, {2, 6, 5, 1.5, 0.4}} {
			t.Run(fmt.Sprintf("%s/speed=%v,drag=%v", rc, tu.speed, tu.drag), func(t *testing.T) {
				ov := allAbilitiesWith("swim", fmt.Sprintf("speed = %v\ndrag_rate = %v\nbuoyancy_rate = %v\ndive_speed = %v\nhead_above = %v",
					tu.speed, tu.drag, tu.buoyancy, tu.dive, tu.headAbove))
				r := newAbRig(t, rc, swLevel, mgl64.Vec3{0, swY0, 0}, ov)
				d := r.dims()
				a := 1 - math.Exp(-tu.drag*d.dt)
				f := d.hr - tu.headAbove
				q := math.Sqrt(2*swY0/d.g) / d.dt
				if math.Abs(q-math.Round(q)) < 1e-6 {
					t.Fatalf("the entry is a tie (q = %v): move y0", q)
				}
				nIn := int(math.Floor(q)) + 1

				// The fall and the entry.
				none := components.CommandData{}
				for n := 0; n < nIn; n++ {
					r.step(none)
					tn := float64(n+1) * d.dt
					if y := r.pos()[1]; !within(y, swY0-d.g*tn*tn/2, 1e-9) || r.mode() != abilities.ModeAir {
						t.Fatalf("tick %d: y %.12f mode %v, want the free fall's %.12f in the air", n, y, r.mode(), swY0-d.g*tn*tn/2)
					}
				}
				if vy := r.vel()[1]; !within(vy, -d.g*float64(nIn)*d.dt, 1e-9) {
					t.Fatalf("vy %.12f entering, want −g·n_in·dt = %.12f", vy, -d.g*float64(nIn)*d.dt)
				}
				// 10 s in the water with no input: every tick the velocity
				// closes (1 − a) of its gap to the buoyancy's target.
				for n := nIn; n < nIn+600; n++ {
					y, v := r.pos()[1], r.vel()
					depth := 0 - y
					ty := max(-tu.dive, min(tu.dive, (depth-f)*tu.buoyancy))
					r.step(none)
					if r.mode() != abilities.ModeSwim || int(r.ab().Since) != nIn || r.kcc().Grounded {
						t.Fatalf("tick %d: mode %v since %d grounded %v, want swim since %d, never grounded", n, r.mode(), r.ab().Since, r.kcc().Grounded, nIn)
					}
					got := r.vel()
					if want := v[1] + (ty-v[1])*a; !within(got[1], want, 1e-12) || got[0] != 0 || got[2] != 0 {
						t.Fatalf("tick %d: velocity %v, want (0, %.15f, 0): vy − target shrunk by 1 − a", n, got, want)
					}
				}
				if y, vy := r.pos()[1], r.vel()[1]; !within(y, -f, 1e-6) || math.Abs(vy) > 1e-6 {
					t.Fatalf("after 10 s: centre %.9f vy %.2e, want the head held at the surface: S − f = %.9f at rest", y, vy, -f)
				}
				// Swimming at the surface from rest.
				fwd := components.CommandData{Forward: 1}
				for n := 1; n <= 600; n++ {
					r.step(fwd)
					want := tu.speed * (1 - math.Pow(1-a, float64(n)))
					if vx := r.vel()[0]; !within(vx, want, 1e-9) {
						t.Fatalf("%d ticks of forward: vx %.12f, want speed·(1 − (1 − a)^n) = %.12f", n, vx, want)
					}
				}
				if vx, y := r.vel()[0], r.pos()[1]; !within(vx, tu.speed, 1e-9) || !within(y, -f, 1e-6) || r.mode() != abilities.ModeSwim {
					t.Fatalf("after 10 s of forward: vx %.12f centre %.9f mode %v, want the terminal speed %v at the surface", vx, y, r.mode(), tu.speed)
				}
				t.Logf("entry tick %d, a = %.6f, floating centre %.6f (S − %.2f), speed after 60 ticks %.6f", nIn, a, -f, f, tu.speed*(1-math.Pow(1-a, 60)))
			})
		}
	}
}
