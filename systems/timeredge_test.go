package systems_test

import (
	"testing"

	"github.com/go-gl/mathgl/mgl64"
	"github.com/seedgames/motorkit/components"
	"github.com/seedgames/motorkit/prefabs"
	"github.com/seedgames/motorkit/systems"
	"github.com/yohamta/donburi"
)

// The jump timers' edges through the whole pipeline, for every motor's
// recipe. The convention (systems.UpdateJumpBuffer, docs/motors/fps.md
// "Jump timing in ticks"), with B buffer ticks and C coyote ticks of the
// recipe's motor at the pipeline's rate:
//
//   - Landing: if the buffer stage of tick L is the first to see the
//     ground, a press on tick L-B jumps on tick L, a press on tick L-B-1
//     does not jump at all.
//   - Coyote: if the move of tick A leaves the ground without a jump, a
//     press on tick A+C jumps, a press on tick A+C+1 does not (the ledge is
//     2 m high: the character is still falling when that late press's
//     buffer runs out).
//
// L and A are measured by a run without presses; the same run with one
// press is then deterministic up to that press.

var edgeRecipes = []string{"capsule_walker", "arena_player", "rpg_player", "hybrid_player", "fps_player"}

// edgeRun spawns recipe on level at pos facing +X, walks forward (when walk)
// for n ticks pressing jump on tick press (-1: never) and returns, per tick,
// whether the KCC reported ground after the tick's move, and the tick of the
// first consumed jump (-1: none).
func edgeRun(t *testing.T, recipe, level string, pos mgl64.Vec3, walk bool, n, press int) (grounded []bool, jumped int) {
	t.Helper()
	w := donburi.NewWorld()
	if _, err := prefabs.SpawnLevel(w, level); err != nil {
		t.Fatal(err)
	}
	ent, err := prefabs.Spawn(w, recipe, prefabs.At(pos), prefabs.Facing(0))
	if err != nil {
		t.Fatal(err)
	}
	p := systems.NewPipeline(w, systems.Options{TickRate: 60})
	jumped = -1
	for i := 0; i < n; i++ {
		cmd := components.CommandData{JumpPressed: i == press, JumpHeld: i == press}
		if walk {
			cmd.Forward = 1
		}
		systems.Submit(w.Entry(ent), cmd)
		p.Step()
		e := w.Entry(ent)
		grounded = append(grounded, components.KCC.Get(e).Grounded)
		if jumped < 0 && components.JumpBuffer.Get(e).Consumes > 0 {
			jumped = i
		}
	}
	return grounded, jumped
}

func rulesOf(t *testing.T, recipe string) (buffer, coyote int) {
	t.Helper()
	r, err := prefabs.Default()
	if err != nil {
		t.Fatal(err)
	}
	rec, err := r.Recipe(recipe)
	if err != nil {
		t.Fatal(err)
	}
	m, err := rec.NewMotor()
	if err != nil {
		t.Fatal(err)
	}
	jr := m.JumpRules(60)
	return jr.BufferTicks, jr.CoyoteTicks
}

func TestJumpBufferEdgeOnLanding(t *testing.T) {
	for _, recipe := range edgeRecipes {
		t.Run(recipe, func(t *testing.T) {
			b, _ := rulesOf(t, recipe)
			// Dropped from 1 m above the floor of "flat": find L.
			start := mgl64.Vec3{0, 2.5, 0}
			g, _ := edgeRun(t, recipe, "flat", start, false, 120, -1)
			land := -1
			for i, gr := range g {
				if gr {
					land = i
					break
				}
			}
			if land < b+2 {
				t.Fatalf("landed on tick %d, too early to test a %d-tick buffer", land, b)
			}
			L := land + 1 // the first buffer stage that sees the ground
			if _, j := edgeRun(t, recipe, "flat", start, false, L+30, L-b); j != L {
				t.Errorf("press on tick L-B = %d (L=%d, B=%d): jumped on tick %d, want L", L-b, L, b, j)
			}
			if _, j := edgeRun(t, recipe, "flat", start, false, L+30, L-b-1); j != -1 {
				t.Errorf("press on tick L-B-1 = %d (L=%d, B=%d): jumped on tick %d, want no jump", L-b-1, L, b, j)
			}
		})
	}
}

func TestCoyoteEdgeOffLedge(t *testing.T) {
	for _, recipe := range edgeRecipes {
		t.Run(recipe, func(t *testing.T) {
			_, c := rulesOf(t, recipe)
			// On the 2 m ledge of "ledge", 1 m from its edge at x = 0,
			// walking +X: find A, the tick whose move leaves the ground.
			start := mgl64.Vec3{-1, 2.96, 0}
			g, _ := edgeRun(t, recipe, "ledge", start, true, 180, -1)
			A := -1
			for i := 1; i < len(g); i++ {
				if g[i-1] && !g[i] {
					A = i
					break
				}
			}
			if A < 0 {
				t.Fatalf("never left the ledge: %v", g)
			}
			if _, j := edgeRun(t, recipe, "ledge", start, true, A+60, A+c); j != A+c {
				t.Errorf("press on tick A+C = %d (A=%d, C=%d): jumped on tick %d, want A+C", A+c, A, c, j)
			}
			if _, j := edgeRun(t, recipe, "ledge", start, true, A+60, A+c+1); j != -1 {
				t.Errorf("press on tick A+C+1 = %d (A=%d, C=%d): jumped on tick %d, want no jump", A+c+1, A, c, j)
			}
		})
	}
}
