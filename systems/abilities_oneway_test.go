package systems_test

import (
	"fmt"
	"testing"

	"github.com/go-gl/mathgl/mgl64"
	"github.com/seedgames/motorkit/abilities"
	"github.com/seedgames/motorkit/components"
)

// One-way platforms (abilities.OneWayRule, the [drop_through] table),
// through the pipeline for every motor, from first principles.
//
// The scene: a floor with its top at y = 0, a thin one-way platform P
// (y 1.85..1.95, top T = 1.95) over the spawn, and a one-way block S
// (x 9.5..10.5, 0.6 m high: above every recipe's step height, 0.35 m at
// most) on the way of a walk along +X.
//
//   - From below: a character spawned standing on the floor (centre
//     y0 = h + r + skin) and launched at v0 = 10 m/s is in the air from its
//     first tick, and the KCC stage integrates its fall trapezoidally
//     (tickMove), exact for constant gravity: after n ticks
//     y(n) = y0 + v0·n·dt − g(n·dt)²/2 at every tick of the climb, the
//     platform P in its way or not (its head meets P's underside: a
//     contact from below, ignored).
//   - Solid from above: its feet rise above T (the apex of the feet is
//     skin + v0²/2g, 2.5 m at g = 20 and 2.08 m at the fps motor's 24);
//     falling back it stops on P at centre T + skin + h + r, on the tick
//     whose move takes y(n) within the controller's ground tolerance
//     (0.01 m beyond the skin) of that or below it, grounded from then on
//     (mode walk from the tick of that move).
//   - Crouch + jump drops through: on the press tick D the platform is
//     ignored (the drop) and the move finds no ground under it: mode air
//     from D, the jump press spent (no jump); from D+1 the feet fall
//     freely from where they stood (T + skin, up to the ground
//     tolerance): feet(D+k) = feet(D) − g(k·dt)²/2.
//   - From the side: walking into S at a height where a solid box would
//     block (its face is a wall to the capsule) passes through it: the
//     walk is the same bits as on the level without S; with S solid the
//     capsule stops at its face.
//   - The level's property: a character without abilities is passed from
//     below and from the side and stands on P from above the same way.
const (
	owTop    = 1.95
	owLaunch = 10.0
)

const owLevel = floor50 +
	"[[box]]\ncenter = [0.0, 1.9, 0.0]\nhalf = [1.5, 0.05, 1.5]\none_way = true\n" +
	"[[box]]\ncenter = [10.0, 0.3, 0.0]\nhalf = [0.5, 0.3, 2.0]\none_way = true\n"

// owLaunchAndLand launches r at v0 from the floor under P and checks the
// way up through P, the landing on it and the rest; it returns the tick
// of the landing move.
func owLaunchAndLand(t *testing.T, r *abRig) int {
	t.Helper()
	d := r.dims()
	y0 := d.standY
	r.body().Position = mgl64.Vec3{0, y0, 0}
	r.body().Velocity = mgl64.Vec3{0, owLaunch, 0}
	rest := owTop + d.off + d.hr
	closed := func(n int) float64 {
		tn := float64(n) * d.dt
		return y0 + owLaunch*tn - d.g*tn*tn/2
	}
	land := -1
	for n := 0; n < 200 && land < 0; n++ {
		r.step(components.CommandData{})
		y := r.pos()[1]
		want := closed(n + 1)
		descending := float64(n+1)*d.dt > owLaunch/d.g
		switch {
		case descending && want <= rest+d.gtol:
			// This tick's move takes the feet within the ground
			// tolerance of P's top (or would take them below it: it
			// stops there): grounded on P.
			if !within(y, max(want, rest), 1e-9) || !r.kcc().Grounded {
				t.Fatalf("tick %d: y %.9f grounded %v, want landed on P at %.9f", n, y, r.kcc().Grounded, max(want, rest))
			}
			land = n
		case !within(y, want, 1e-9):
			t.Fatalf("tick %d: y %.12f, want the free flight's %.12f (P must not block from below)", n, y, want)
		}
	}
	if land < 0 {
		t.Fatal("never landed on P")
	}
	if r.hasAbilities() && (r.mode() != abilities.ModeWalk || r.ab().Since != uint64(land)) {
		t.Fatalf("after the landing: mode %v since %d, want walk since %d", r.mode(), r.ab().Since, land)
	}
	yl := r.pos()[1]
	for i := 0; i < 20; i++ {
		r.step(components.CommandData{})
		if y := r.pos()[1]; y != yl || !r.kcc().Grounded {
			t.Fatalf("resting on P: y %.9f grounded %v, want to stay at %.9f grounded", y, r.kcc().Grounded, yl)
		}
	}
	return land
}

func TestAbilitiesOneWayEveryMotor(t *testing.T) {
	for _, rc := range abRecipes {
		t.Run(rc, func(t *testing.T) {
			r := newAbRig(t, rc, owLevel, mgl64.Vec3{0, 1, 0}, allAbilities)
			land := owLaunchAndLand(t, r)
			d := r.dims()

			// Crouch + jump on P at tick D.
			D := r.tck
			jumps := r.jb().Consumes
			r.step(components.CommandData{Crouch: true, JumpPressed: true, JumpHeld: true})
			feet := func() float64 { return r.pos()[1] - (r.kcc().Shape.HalfHeight + d.r) }
			f0 := feet() // on P: T + skin, up to the ground tolerance
			if r.mode() != abilities.ModeAir || r.ab().Since != uint64(D) || r.kcc().Grounded {
				t.Fatalf("press tick %d: mode %v since %d grounded %v, want air since %d", D, r.mode(), r.ab().Since, r.kcc().Grounded, D)
			}
			if !within(feet(), f0, 1e-12) || r.vel()[1] != 0 || f0 < owTop+d.off-1e-9 || f0 > owTop+d.off+d.gtol {
				t.Fatalf("press tick: feet %.9f vy %v, want still at %.9f (on P's top %v plus the skin) at rest", feet(), r.vel()[1], f0, owTop)
			}
			for k := 1; k <= 12; k++ {
				r.step(components.CommandData{})
				tk := float64(k) * d.dt
				if want := f0 - d.g*tk*tk/2; !within(feet(), want, 1e-9) {
					t.Fatalf("%d ticks after the drop: feet %.12f, want the free fall's %.12f", k, feet(), want)
				}
			}
			if got := r.jb().Consumes - jumps; got != 1 {
				t.Fatalf("the press was spent %d times, want once (by the drop)", got)
			}
			for i := 0; i < 60 && !r.kcc().Grounded; i++ {
				r.step(components.CommandData{})
			}
			if y := r.pos()[1]; !r.kcc().Grounded || !within(y, d.standY, 1e-9) {
				t.Fatalf("after the drop: y %.9f grounded %v, want on the floor at %.9f", y, r.kcc().Grounded, d.standY)
			}
			t.Logf("launched up through P, landed on it on tick %d (feet %.6f), dropped through on tick %d, on the floor from tick %d", land, f0, D, int(r.ab().Since))
		})
	}
}

// owWalk walks a character of recipe with the override ov from x = 7
// along +X for 90 ticks on level and returns its positions.
func owWalk(t *testing.T, recipe, level, ov string) []mgl64.Vec3 {
	t.Helper()
	r := newAbRig(t, recipe, level, mgl64.Vec3{7, 1, 0}, ov)
	d := r.dims()
	r.body().Position = mgl64.Vec3{7, d.standY, 0}
	var out []mgl64.Vec3
	for i := 0; i < 90; i++ {
		r.step(components.CommandData{Forward: 1})
		out = append(out, r.pos())
	}
	return out
}

func TestAbilitiesOneWayFromTheSide(t *testing.T) {
	open := floor50
	solid := floor50 + "[[box]]\ncenter = [10.0, 0.3, 0.0]\nhalf = [0.5, 0.3, 2.0]\n"
	for _, rc := range abRecipes {
		for _, ov := range []string{allAbilities, ""} {
			t.Run(fmt.Sprintf("%s/abilities=%v", rc, ov != ""), func(t *testing.T) {
				through := owWalk(t, rc, owLevel, ov)
				free := owWalk(t, rc, open, ov)
				if through[len(through)-1][0] < 11 {
					t.Fatalf("ended at x %.3f: did not walk through S (x 9.5..10.5)", through[len(through)-1][0])
				}
				for i := range through {
					if through[i] != free[i] {
						t.Fatalf("tick %d: %v through the one-way S, %v on the open floor: want the same bits", i, through[i], free[i])
					}
				}
				blocked := owWalk(t, rc, solid, ov)
				r := newAbRig(t, rc, open, mgl64.Vec3{7, 1, 0}, ov)
				face := 9.5 - r.dims().r
				if x := blocked[len(blocked)-1][0]; x > face || x < face-0.05 {
					t.Fatalf("the solid S stops the walk at x %.4f, want at its face %.4f less the skin", x, face)
				}
			})
		}
	}
}

// TestAbilitiesOneWayWithoutAbilities: one-way is the level's: a
// character with no Abilities component goes up through P and stands on
// it as one with them does, and crouch + jump is a jump for it (nothing to
// drop through with).
func TestAbilitiesOneWayWithoutAbilities(t *testing.T) {
	for _, rc := range abRecipes {
		t.Run(rc, func(t *testing.T) {
			r := newAbRig(t, rc, owLevel, mgl64.Vec3{0, 1, 0}, "")
			if r.hasAbilities() {
				t.Fatal("the recipe spawned with abilities")
			}
			owLaunchAndLand(t, r)
			jumps := r.jb().Consumes
			r.step(components.CommandData{JumpPressed: true, JumpHeld: true, Crouch: true})
			if r.jb().Consumes != jumps+1 || !(r.vel()[1] > 0) {
				t.Fatalf("crouch + jump without [drop_through]: consumes %d → %d, vy %v: want a jump", jumps, r.jb().Consumes, r.vel()[1])
			}
		})
	}
}
