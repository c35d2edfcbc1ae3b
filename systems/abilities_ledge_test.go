package systems_test

import (
	"fmt"
	"testing"

	"github.com/go-gl/mathgl/mgl64"
	"github.com/seedgames/motorkit/abilities"
	"github.com/seedgames/motorkit/components"
)

// Ledges ([ledge]: hang and mantle) through the pipeline for every motor,
// from first principles.
//
// The scene: a floor with its top at y = 0 and a block (x 2..4, z −3..3)
// whose top, the edge, is at H = 2.6 m; the character faces +X (yaw 0)
// standing against the block's face: centre x0 = 2 − r − skin,
// y0 = h + r + skin. It holds forward (into the wall, so every move of the
// jump meets it) and jumps on tick J = 3.
//
//   - The jump: its speed v0 is the recipe's (6 m/s; arena 6.32; hybrid
//     and fps derive theirs from their jump height: 7.746 and 7.430), the
//     gravity g its own (20; fps 24), integrated trapezoidally (exact):
//     at the Begin of tick J + m the centre is
//     y0 + v0·m·dt − g(m·dt)²/2.
//   - The hang begins on the first tick whose Begin finds the edge within
//     the hands' reach: the top of the head (h + r above the centre) at
//     H − reach or higher (reach 0.4). That tick's move puts the hands at
//     the edge, the top of the head at H: the centre at H − h − r, at
//     rest; with no input it stays there, not sliding down.
//   - The mantle: from the hang, forward on tick M climbs to the standing
//     centre over the edge, H + skin + 0.02 + h + r (the mantle's
//     clearance), 2h + 2r + skin + 0.02 above the hang, at
//     mantle_speed·dt a tick (3 m/s: 0.05 m), then over the edge by
//     2r + skin + 0.05 at the same speed, and stands the tick after: mode
//     walk from M + ceil(D_up/step) + ceil(D_over/step), on the block.
//   - Crouch drops: mode air from the crouch tick; falling against the
//     wall pressing into it, the same ledge (and its wall) is not grabbed
//     again before the ground; after the ground the same jump hangs again
//     on the same tick of the jump.
//   - No room: with a slab 1 m over the edge (less than the capsule's
//     height), forward and jump from the hang do not mantle: the hang
//     holds, the hands at the edge.
const (
	lgH     = 2.6
	lgJ     = 3
	lgLevel = floor50 + "[[box]]\ncenter = [3.0, 1.3, 0.0]\nhalf = [1.0, 1.3, 3.0]\n"
	// lgSlab is a ceiling 1 m over the edge (y 3.6..3.8), over the block
	// only.
	lgSlab = "[[box]]\ncenter = [3.0, 3.7, 0.0]\nhalf = [1.0, 0.1, 3.0]\n"
)

// hangTick is the tick of a recipe's hang after a jump on tick j.
func hangTick(d dims, j int, reach float64) int {
	for m := 1; m < 200; m++ {
		tm := float64(m) * d.dt
		if d.standY+d.jump*tm-d.g*tm*tm/2 >= lgH-reach-d.hr {
			return j + m
		}
	}
	return -1
}

// lgJumpToHang jumps on tick j (forward held to the hang) and checks the
// hang begins on tick hangTick, the hands at the edge; it returns that
// tick. r must be standing against the wall.
func lgJumpToHang(t *testing.T, r *abRig, d dims, j int) int {
	t.Helper()
	nh := hangTick(d, j, 0.4)
	fwd := components.CommandData{Forward: 1}
	for n := r.tck; n <= nh; n++ {
		cmd := fwd
		if n == j {
			cmd.JumpPressed, cmd.JumpHeld = true, true
		}
		r.step(cmd)
		if n < nh && r.mode() == abilities.ModeHang {
			t.Fatalf("tick %d: hanging, want the hang on tick %d", n, nh)
		}
	}
	if r.mode() != abilities.ModeHang || int(r.ab().Since) != nh {
		t.Fatalf("tick %d: mode %v since %d at %v, want hang since %d", nh, r.mode(), r.ab().Since, r.pos(), nh)
	}
	if y := r.pos()[1]; !within(y+d.hr, lgH, 1e-9) || r.vel() != (mgl64.Vec3{}) {
		t.Fatalf("hanging: the top of the head at %.12f, velocity %v: want at the edge %v, at rest", y+d.hr, r.vel(), lgH)
	}
	return nh
}

func lgRig(t *testing.T, recipe, level, ov string) (*abRig, dims) {
	r := newAbRig(t, recipe, level, mgl64.Vec3{0, 1, 0}, ov)
	d := r.dims()
	r.body().Position = mgl64.Vec3{2 - d.r - d.off, d.standY, 0}
	return r, d
}

func TestAbilitiesLedgeEveryMotor(t *testing.T) {
	for _, rc := range abRecipes {
		for _, ms := range []float64{3, 2} {
			t.Run(fmt.Sprintf("%s/mantle_speed=%v", rc, ms), func(t *testing.T) {
				r, d := lgRig(t, rc, lgLevel, allAbilitiesWith("ledge", fmt.Sprintf("mantle_speed = %v", ms)))
				x0 := r.pos()[0]
				nh := lgJumpToHang(t, r, d, lgJ)
				hy := r.pos()[1]
				// Held, no input: no sliding down.
				for i := 0; i < 60; i++ {
					r.step(components.CommandData{})
					if r.mode() != abilities.ModeHang || r.pos()[1] != hy || r.pos()[0] != x0 {
						t.Fatalf("held: mode %v at %v, want hang at (%v, %v)", r.mode(), r.pos(), x0, hy)
					}
				}
				// The mantle.
				M := r.tck
				step := ms * d.dt
				up, over := 2*d.hr+d.off+mantleClear, 2*d.r+d.off+0.05
				nWalk := M + ceilTicks(up, step) + ceilTicks(over, step)
				for n := M; n <= nWalk; n++ {
					r.step(components.CommandData{Forward: 1})
					want, since := abilities.ModeMantle, M
					if n == nWalk {
						want, since = abilities.ModeWalk, nWalk
					}
					if r.mode() != want || int(r.ab().Since) != since {
						t.Fatalf("tick %d: mode %v since %d, want %v since %d", n, r.mode(), r.ab().Since, want, since)
					}
				}
				p := r.pos()
				if !r.kcc().Grounded || !within(p[0], x0+over, 1e-9) || p[1] < lgH+d.off+d.hr-1e-9 || p[1] > lgH+d.off+d.gtol+d.hr {
					t.Fatalf("after the mantle: %v grounded %v, want standing on the block at x %.4f", p, r.kcc().Grounded, x0+over)
				}
				t.Logf("jump at %d, hang at %d (the head at the edge %v), mantle from %d, walk at %d", lgJ, nh, lgH, M, nWalk)
			})
		}
	}
}

// TestAbilitiesLedgeCrouchDrops: crouch lets go; the same ledge is not
// grabbed again before the ground; after it, it is.
func TestAbilitiesLedgeCrouchDrops(t *testing.T) {
	for _, rc := range abRecipes {
		t.Run(rc, func(t *testing.T) {
			r, d := lgRig(t, rc, lgLevel, allAbilities)
			lgJumpToHang(t, r, d, lgJ)
			C := r.step(components.CommandData{Crouch: true})
			if r.mode() != abilities.ModeAir || int(r.ab().Since) != C {
				t.Fatalf("crouch on tick %d: mode %v since %d, want air since %d", C, r.mode(), r.ab().Since, C)
			}
			// Pressing into the wall, and thrown at it (a motor that does
			// not steer in the air would not meet it again).
			r.body().Velocity[0] = 1
			touched := false
			for i := 0; i < 120 && !r.kcc().Grounded; i++ {
				r.step(components.CommandData{Forward: 1})
				touched = touched || r.kcc().OnWall
				if m := r.mode(); m == abilities.ModeHang || m == abilities.ModeWallSlide || m == abilities.ModeMantle {
					t.Fatalf("falling from the ledge: mode %v at %v, want no grab of the same ledge before the ground", m, r.pos())
				}
			}
			if !touched || !r.kcc().Grounded {
				t.Fatalf("touched the wall %v grounded %v: want the fall against it to the floor", touched, r.kcc().Grounded)
			}
			r.step(components.CommandData{Forward: 1})
			lgJumpToHang(t, r, d, r.tck)
		})
	}
}

// TestAbilitiesLedgeNoRoom: a slab over the edge: no mantle, the hang
// holds.
func TestAbilitiesLedgeNoRoom(t *testing.T) {
	for _, rc := range abRecipes {
		t.Run(rc, func(t *testing.T) {
			r, d := lgRig(t, rc, lgLevel+lgSlab, allAbilities)
			lgJumpToHang(t, r, d, lgJ)
			hang := r.pos()
			for i := 0; i < 60; i++ {
				r.step(components.CommandData{Forward: 1, JumpPressed: i%10 == 0, JumpHeld: i%10 == 0})
				if r.mode() != abilities.ModeHang || r.pos() != hang {
					t.Fatalf("forward and jump under the slab: mode %v at %v, want the hang at %v", r.mode(), r.pos(), hang)
				}
			}
		})
	}
}

// TestAbilitiesWalkOffAnEdge: walking off the block's far edge (no
// ability begins: the pipeline skips Begin for a quiet walker, After
// still settles the mode), the mode is air from the first tick whose
// move leaves the ground.
func TestAbilitiesWalkOffAnEdge(t *testing.T) {
	for _, rc := range abRecipes {
		t.Run(rc, func(t *testing.T) {
			r := newAbRig(t, rc, lgLevel, mgl64.Vec3{0, 1, 0}, allAbilities)
			d := r.dims()
			r.body().Position = mgl64.Vec3{3, lgH + d.standY, 0}
			for n := 0; n < 120; n++ {
				r.step(components.CommandData{Forward: 1})
				if n > 0 && !r.kcc().Grounded {
					if r.mode() != abilities.ModeAir || int(r.ab().Since) != n {
						t.Fatalf("tick %d: off the edge at %v, mode %v since %d, want air since %d", n, r.pos(), r.mode(), r.ab().Since, n)
					}
					return
				}
			}
			t.Fatal("never walked off the edge")
		})
	}
}
