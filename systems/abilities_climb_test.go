package systems_test

import (
	"fmt"
	"math"
	"testing"

	"github.com/go-gl/mathgl/mgl64"
	"github.com/seedgames/motorkit/abilities"
	"github.com/seedgames/motorkit/components"
)

// Ladders ([climb]) through the pipeline for every motor, from first
// principles.
//
// The scene: a floor with its top at y = 0, a ladder (x 1.9..2.1, y 0..L,
// L = 4: its face at x = 1.9 looks along −X) against a 4 m block behind
// it (x 2.1..5.9), and the character facing +X (yaw 0: full forward is
// the stick (1, 0, 0), straight into the ladder's face, whose normal is
// n = (−1, 0, 0)), standing on the floor against the face: centre
// x0 = 1.9 − r − skin, y0 = h + r + skin.
//
//   - The first tick: the mode begins on the tick after the first move
//     that touched the ladder (State.After records the ladder from the
//     move's contacts; Begin attaches when −wish·n ≥ attach, 0.5). A spawn
//     is airborne on its first tick (its KCC report is empty until its
//     first move): a motor that steers in the air moves into the ladder on
//     tick 0 and climbs from tick b = 1; so does rpg_player (air_policy
//     "none", no planar velocity of its own on tick 0): in the air, the
//     stick pressing into a wall or ladder the ray along it finds
//     (State.probeWall) presses the move into it at 1 m/s, so its tick-0
//     move touches the ladder too.
//   - The speed: each climb tick moves the capsule up by exactly speed·dt
//     (2.5 m/s by default: 0.041667 m a tick at 60 Hz), the move the
//     ability owns (no gravity, no motor). At the Begin of tick n ≥ b the
//     centre is y0 + (n−b)·speed·dt.
//   - The top: the hands (the top of the head, h + r above the centre)
//     reach the ladder's top on the first tick n with L − y ≤ h + r:
//     n_top = b + ceil((L − h − r − y0)/(speed·dt)); that tick the mantle
//     onto the block begins: up to the standing centre over the top,
//     L + skin + 0.02 + h + r (the mantle's clearance), at mantle_speed·dt
//     a tick (3 m/s: 0.05 m), then over the edge by 2r + skin + 0.05 m, and
//     the tick after it stands there: mode walk from
//     n_top + ceil(D_up/step) + ceil(D_over/step).
//   - Back (full back: −wish·n = −1) climbs down at the same speed; after
//     U ticks up and U down the capsule is back at y0 on the floor, the
//     U-th descent's move grounded, and the tick after it walks.
const (
	ldTop   = 4.0
	ldFace  = 1.9
	ldLevel = floor50 +
		"[[ladder]]\ncenter = [2.0, 2.0, 0.0]\nhalf = [0.1, 2.0, 0.5]\n" +
		"[[box]]\ncenter = [4.0, 2.0, 0.0]\nhalf = [1.9, 2.0, 3.0]\n"
	// mantleClear is abilities' clearance of the feet over a ledge's top.
	mantleClear = 0.02
)

// firstClimbTick is the tick a recipe's climb begins from standing
// against the ladder with forward held from spawn (see above).
func firstClimbTick(recipe string) int {
	return 1
}

// ldRig spawns recipe standing against the ladder's face.
func ldRig(t *testing.T, recipe, ov string) (*abRig, dims) {
	r := newAbRig(t, recipe, ldLevel, mgl64.Vec3{0, 1, 0}, ov)
	d := r.dims()
	r.body().Position = mgl64.Vec3{ldFace - d.r - d.off, d.standY, 0}
	return r, d
}

// TestAbilitiesClimbEveryMotor: the first climb tick, the climb speed
// (default and tuned), the tick the mantle at the top begins and the tick
// it stands on the block.
func TestAbilitiesClimbEveryMotor(t *testing.T) {
	for _, rc := range abRecipes {
		for _, speed := range []float64{2.5, 1.75} {
			t.Run(fmt.Sprintf("%s/speed=%v", rc, speed), func(t *testing.T) {
				r, d := ldRig(t, rc, allAbilitiesWith("climb", fmt.Sprintf("speed = %v", speed)))
				const ms = 3.0 // [ledge] mantle_speed default
				b := firstClimbTick(rc)
				step := speed * d.dt
				nTop := b + ceilTicks(ldTop-d.hr-d.standY, step)
				x0, y0 := r.pos()[0], d.standY
				yTop := y0 + float64(nTop-b)*step // the centre at the Begin of n_top
				standY := ldTop + d.off + mantleClear + d.hr
				up, over := standY-yTop, 2*d.r+d.off+0.05
				mstep := ms * d.dt
				nWalk := nTop + ceilTicks(up, mstep) + ceilTicks(over, mstep)

				fwd := components.CommandData{Forward: 1}
				for n := 0; n < nWalk+5; n++ {
					before := r.pos()
					r.step(fwd)
					m, since := r.mode(), int(r.ab().Since)
					switch {
					case n < b:
						if m == abilities.ModeClimb {
							t.Fatalf("tick %d: climbing, want the climb from tick %d", n, b)
						}
					case n < nTop:
						if m != abilities.ModeClimb || since != b {
							t.Fatalf("tick %d: mode %v since %d, want climb since %d", n, m, since, b)
						}
						if dy := r.pos()[1] - before[1]; !within(dy, step, 1e-12) || r.pos()[0] != before[0] {
							t.Fatalf("tick %d: moved %v, want straight up by speed·dt = %.12f", n, r.pos().Sub(before), step)
						}
						if want := y0 + float64(n+1-b)*step; !within(r.pos()[1], want, 1e-9) {
							t.Fatalf("tick %d: y %.12f, want %.12f", n, r.pos()[1], want)
						}
					case n < nWalk:
						if m != abilities.ModeMantle || since != nTop {
							t.Fatalf("tick %d: mode %v since %d, want mantle since %d (the hands at the top)", n, m, since, nTop)
						}
					default:
						if m != abilities.ModeWalk || since != nWalk {
							t.Fatalf("tick %d: mode %v since %d, want walk since %d", n, m, since, nWalk)
						}
					}
				}
				p := r.pos()
				// Standing on the block: over the edge by D_over, feet on
				// its top (within the ground tolerance; the walk may have
				// moved it on since).
				if !r.kcc().Grounded || p[0] < x0+over-1e-9 || p[1] < ldTop+d.off+d.hr-1e-9 || p[1] > ldTop+d.off+d.gtol+d.hr {
					t.Fatalf("after the mantle: %v grounded %v, want standing on the block past x %.4f", p, r.kcc().Grounded, x0+over)
				}
				t.Logf("climb from tick %d at %.6f m/tick, mantle at %d, walk at %d", b, step, nTop, nWalk)
			})
		}
	}
}

// TestAbilitiesClimbDownToTheFloor: U ticks up, then back: U ticks down to
// y0, grounded on the last, walking the tick after.
func TestAbilitiesClimbDownToTheFloor(t *testing.T) {
	for _, rc := range abRecipes {
		t.Run(rc, func(t *testing.T) {
			r, d := ldRig(t, rc, allAbilities)
			b := firstClimbTick(rc)
			const B = 30 // the first back tick
			U := B - b
			step := 2.5 * d.dt
			for n := 0; n < B; n++ {
				r.step(components.CommandData{Forward: 1})
			}
			if want := d.standY + float64(U)*step; r.mode() != abilities.ModeClimb || !within(r.pos()[1], want, 1e-9) {
				t.Fatalf("after %d ticks up: mode %v y %.9f, want climb at %.9f", U, r.mode(), r.pos()[1], want)
			}
			for k := 0; k <= U; k++ {
				before := r.pos()[1]
				r.step(components.CommandData{Forward: -1})
				switch {
				case k < U:
					if dy := r.pos()[1] - before; r.mode() != abilities.ModeClimb || !within(dy, -step, 1e-9) {
						t.Fatalf("descent tick %d: mode %v moved %.12f, want climb down by %.12f", k, r.mode(), dy, -step)
					}
					if g := r.kcc().Grounded; g != (k == U-1) {
						t.Fatalf("descent tick %d: grounded %v, want grounded only on the last (%d)", k, g, U-1)
					}
				default:
					if r.mode() != abilities.ModeWalk || int(r.ab().Since) != B+U {
						t.Fatalf("tick %d: mode %v since %d, want walk since %d", B+U, r.mode(), r.ab().Since, B+U)
					}
				}
			}
			if y := r.pos()[1]; !within(y, d.standY, 1e-9) {
				t.Fatalf("back on the floor at y %.12f, want %.12f", y, d.standY)
			}
		})
	}
}

// TestAbilitiesClimbLetsGoBelowTheFoot: on a ladder whose foot is F = 2 m
// above the floor, climbing down lets go on the first tick whose Begin
// finds the top of the head below the foot (y + h + r < F), keeping the
// descent's velocity: mode air, vy = −speed − g·dt after that tick. The
// character is thrown at the ladder (1 m/s into it) in the air so that
// every motor touches it on tick 0 and climbs from tick 1.
func TestAbilitiesClimbLetsGoBelowTheFoot(t *testing.T) {
	const foot = 2.0
	level := floor50 + "[[ladder]]\ncenter = [2.0, 3.0, 0.0]\nhalf = [0.1, 1.0, 0.5]\n" +
		"[[box]]\ncenter = [4.0, 2.0, 0.0]\nhalf = [1.9, 2.0, 3.0]\n"
	for _, rc := range abRecipes {
		t.Run(rc, func(t *testing.T) {
			r := newAbRig(t, rc, level, mgl64.Vec3{0, 1, 0}, allAbilities)
			d := r.dims()
			r.body().Position = mgl64.Vec3{ldFace - d.r - d.off, 2.3, 0}
			r.body().Velocity = mgl64.Vec3{1, 0, 0}
			r.step(components.CommandData{Forward: 1})
			r.step(components.CommandData{Forward: 1})
			if r.mode() != abilities.ModeClimb || r.ab().Since != 1 {
				t.Fatalf("mode %v since %d, want climb since 1", r.mode(), r.ab().Since)
			}
			step := 2.5 * d.dt
			yB := r.pos()[1]
			const B = 2
			q := (yB + d.hr - foot) / step
			if math.Abs(q-math.Round(q)) < 1e-6 {
				t.Fatalf("the scene is a tie (q = %v): move the start", q)
			}
			nLet := B + int(math.Floor(q)) + 1
			for n := B; n <= nLet; n++ {
				r.step(components.CommandData{Forward: -1})
			}
			if r.mode() != abilities.ModeAir || int(r.ab().Since) != nLet {
				t.Fatalf("mode %v since %d, want air since %d (the head below the foot)", r.mode(), r.ab().Since, nLet)
			}
			if vy := r.vel()[1]; !within(vy, -2.5-d.g*d.dt, 1e-9) {
				t.Fatalf("vy %.12f after letting go, want −speed − g·dt = %.12f", vy, -2.5-d.g*d.dt)
			}
			for i := 0; i < 120 && !r.kcc().Grounded; i++ {
				r.step(components.CommandData{Forward: -1})
			}
			if !r.kcc().Grounded || r.mode() == abilities.ModeClimb {
				t.Fatalf("mode %v grounded %v: want fallen to the floor", r.mode(), r.kcc().Grounded)
			}
		})
	}
}
