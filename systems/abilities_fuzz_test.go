package systems_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/go-gl/mathgl/mgl64"
	"github.com/seedgames/motorkit/abilities"
	"github.com/seedgames/motorkit/components"
	"github.com/seedgames/motorkit/kcc"
	"github.com/seedgames/motorkit/motors"
)

// FuzzAbilitiesRun plays one character of a fuzzed recipe with every
// ability on, in a walled 30 m yard the fuzzed layout fills with solid
// boxes (walls, ledges, ceilings, some tilted), ladders, water, one-way
// boxes and moving platforms (plain, one-way, ladders, water; along
// waypoints, some spinning), with fuzzed commands (stick, jump, crouch,
// turns) for a few hundred ticks. After every tick: the body, the KCC
// report and the abilities' state are finite, the mode is a mode, and the
// capsule is not inside the level: no solid, non-one-way collider is more
// than the skin (kcc.DefaultOffset) inside it. A moving platform may press
// the character into a collider (a squeeze: kcc documents that it stays
// there, Crushed, until released): a penetration while a mover touches
// the capsule is allowed for as long as one does, and must be gone within
// three ticks of the last touch (kcc's rule: normal within 3 ticks of
// release, kcc/squeeze_test.go; the seed be0416fa4a1660be, a platform
// pressing a walker 0.126 m into a box, takes all three, with or without
// abilities).
func FuzzAbilitiesRun(f *testing.F) {
	f.Add([]byte{1, 100, 50, 128, 10, 200, 80, 0, 2, 128, 20, 128, 200, 60, 200, 0, 3, 60, 60, 60, 120, 5, 120, 0}, []byte{1, 3, 7, 19, 2, 3, 3, 64}, uint8(0), uint8(60))
	f.Add([]byte{4, 128, 40, 128, 60, 10, 60, 2, 4, 100, 10, 150, 40, 10, 40, 9, 0, 160, 100, 128, 10, 255, 100, 4}, []byte{2, 18, 3, 3, 3, 200}, uint8(3), uint8(200))
	f.Add([]byte{0, 140, 100, 128, 20, 150, 128, 0, 1, 120, 80, 128, 5, 150, 40, 1, 0, 128, 200, 128, 200, 10, 200, 0}, []byte{3, 3, 3, 19, 3, 3, 3, 3, 35}, uint8(1), uint8(120))
	f.Add([]byte{5, 128, 10, 128, 100, 20, 100, 0, 3, 128, 30, 128, 100, 5, 100, 3}, []byte{0xc0, 0x13, 1}, uint8(4), uint8(90))
	f.Add([]byte{2, 128, 0, 128, 255, 255, 255, 0}, []byte{3, 131, 67, 19}, uint8(5), uint8(30))
	f.Fuzz(func(t *testing.T, layout, cmds []byte, recipe, ticks uint8) {
		level, movers := abFuzzLevel(layout)
		rc := abRecipes[int(recipe)%len(abRecipes)]
		spawn := mgl64.Vec3{float64(recipe%16) - 7.5, 2, float64(ticks%16) - 7.5}
		r := newAbRig(t, rc, level, spawn, allAbilities)
		kw, al := r.lv.World, r.lv.Abilities
		k := r.kcc()
		// A spawn clear of the level, higher up if need be.
		for i := 0; i < 8 && kw.OverlapCapsule(k.Shape, r.pos(), 0.05); i++ {
			r.body().Position[1]++
		}
		if kw.OverlapCapsule(k.Shape, r.pos(), 0.05) {
			return
		}
		moving := map[kcc.ColliderID]bool{}
		for _, id := range movers {
			moving[id] = true
		}
		solid := kcc.QueryFilter{Predicate: func(id kcc.ColliderID) bool {
			return al.Kind(id) != abilities.SurfaceOneWay && !moving[id]
		}}
		onMover := kcc.QueryFilter{Predicate: func(id kcc.ColliderID) bool { return moving[id] }}
		var buf []kcc.Contact
		pressed := 0 // ticks since a mover last touched the capsule
		n := 240 + int(ticks)
		yaw := 0.0
		for i := 0; i < n; i++ {
			var c components.CommandData
			if len(cmds) > 0 {
				b := cmds[i%len(cmds)]
				c.Forward = []float64{-1, 0, 1, 1}[b&3]
				c.Strafe = []float64{-1, 0, 0, 1}[b>>2&3]
				c.JumpPressed = b>>4&3 == 1
				c.JumpHeld = b>>4&1 == 1
				c.Crouch = b>>6 == 3
				if b>>6 == 2 {
					yaw += float64(b&15) / 10
				}
			}
			components.View.Get(r.entry()).Yaw = yaw
			r.step(c)
			b, k, ab := r.body(), r.kcc(), r.ab()
			if !motors.FiniteVec(b.Position) || !motors.FiniteVec(b.Velocity) || !motors.FiniteVec(b.PrevPosition) ||
				!motors.FiniteVec(k.GroundNormal) || !motors.FiniteVec(k.WallNormal) || !motors.Finite(k.Shape.HalfHeight) {
				t.Fatalf("tick %d (%s): body %+v, KCC normals %v %v, shape %+v", i, rc, *b, k.GroundNormal, k.WallNormal, k.Shape)
			}
			if strings.HasPrefix(ab.Mode.String(), "Mode(") {
				t.Fatalf("tick %d: mode %v", i, ab.Mode)
			}
			if _, nrm, ok := ab.Held(); ok && !motors.FiniteVec(nrm) {
				t.Fatalf("tick %d: held with normal %v", i, nrm)
			}
			if tg, ok := ab.Target(); ok && !motors.FiniteVec(tg) {
				t.Fatalf("tick %d: target %v", i, tg)
			}
			if b.Position[1] < -20 {
				return // off the yard (a platform's push over the wall): nothing more to see
			}
			buf = kw.Filtered(&onMover).Contacts(k.Shape, b.Position, mgl64.Vec3{0, 1, 0}, 0.05, buf[:0])
			if len(buf) > 0 {
				pressed = 0
			} else {
				pressed++
			}
			buf = kw.Filtered(&solid).Contacts(k.Shape, b.Position, mgl64.Vec3{0, 1, 0}, 0.05, buf[:0])
			for _, ct := range buf {
				if ct.Distance < -kcc.DefaultOffset-1e-9 && pressed > 3 {
					t.Fatalf("tick %d (%s, mode %v): the capsule at %v is %.4f m inside collider %d (%v)\nlevel:\n%s",
						i, rc, ab.Mode, b.Position, -ct.Distance, ct.Collider, al.Kind(ct.Collider), level)
				}
			}
		}
	})
}

// abFuzzLevel is a walled yard (floor top at y = 0, x and z in −15..15,
// walls 6 m high) with up to 10 entries from layout, 8 bytes each; it
// returns the level TOML and the colliders of its moving platforms (they
// are added after the boxes, ladders and water, in order).
func abFuzzLevel(layout []byte) (string, []kcc.ColliderID) {
	var b strings.Builder
	b.WriteString("[[box]]\ncenter = [0.0, -0.5, 0.0]\nhalf = [15.0, 0.5, 15.0]\n")
	for _, w := range []string{"[15.5, 3.0, 0.0]", "[-15.5, 3.0, 0.0]"} {
		fmt.Fprintf(&b, "[[box]]\ncenter = %s\nhalf = [0.5, 3.0, 16.0]\n", w)
	}
	for _, w := range []string{"[0.0, 3.0, 15.5]", "[0.0, 3.0, -15.5]"} {
		fmt.Fprintf(&b, "[[box]]\ncenter = %s\nhalf = [16.0, 3.0, 0.5]\n", w)
	}
	boxes := 5 // the floor and the walls
	var ladders, waters, platforms strings.Builder
	nl, nw, np := 0, 0, 0
	for i := 0; i+8 <= len(layout) && i < 80; i += 8 {
		e := layout[i : i+8]
		u := func(k int, lo, hi float64) float64 { return lo + float64(e[k])/255*(hi-lo) }
		center := fmt.Sprintf("[%.3f, %.3f, %.3f]", u(1, -8, 8), u(2, 0, 4), u(3, -8, 8))
		half := fmt.Sprintf("[%.3f, %.3f, %.3f]", u(4, 0.05, 3), u(5, 0.05, 3), u(6, 0.05, 3))
		rot := fmt.Sprintf("[0.0, %.3f, 0.0]", u(7, 0, 360))
		if e[7]&1 == 1 && e[0]%6 != 2 {
			rot = fmt.Sprintf("[%.3f, %.3f, %.3f]", u(7, -30, 30), u(7, 0, 360), u(6, -30, 30))
		}
		switch e[0] % 6 {
		case 0: // a solid box: a wall, a ledge, a ceiling
			fmt.Fprintf(&b, "[[box]]\ncenter = %s\nhalf = %s\nrot_deg = %s\n", center, half, rot)
			boxes++
		case 1:
			fmt.Fprintf(&ladders, "[[ladder]]\ncenter = %s\nhalf = [%.3f, %.3f, %.3f]\nrot_deg = %s\n", center, u(4, 0.05, 0.3), u(5, 0.5, 3), u(6, 0.3, 1), rot)
			nl++
		case 2:
			fmt.Fprintf(&waters, "[[water]]\ncenter = %s\nhalf = %s\nrot_deg = [0.0, %.3f, 0.0]\n", center, half, u(7, 0, 360))
			nw++
		case 3: // a one-way slab
			fmt.Fprintf(&b, "[[box]]\ncenter = %s\nhalf = [%.3f, %.3f, %.3f]\nrot_deg = %s\none_way = true\n", center, u(4, 0.5, 3), u(5, 0.03, 0.3), u(6, 0.5, 3), rot)
			boxes++
		case 4, 5: // a moving platform
			kind := []string{"", "one_way = true\n", "ladder = true\n", "water = true\n"}[e[7]>>1&3]
			spin := ""
			if e[7]&8 != 0 {
				spin = fmt.Sprintf("spin_deg = [0.0, %.3f, 0.0]\n", u(6, -60, 60))
			}
			hr := "[0.0, 0.0, 0.0]"
			if kind != "water = true\n" {
				hr = rot
			}
			fmt.Fprintf(&platforms, "[[platform]]\nhalf = [%.3f, %.3f, %.3f]\nrot_deg = %s\nwaypoints = [%s, [%.3f, %.3f, %.3f]]\nspeed = %.3f\n%s%s",
				u(4, 0.3, 2), u(5, 0.1, 1), u(6, 0.3, 2), hr, center, u(3, -8, 8), u(1, 0, 5), u(2, -8, 8), u(5, 0.5, 4), spin, kind)
			np++
		}
	}
	// The level builder adds boxes, then ladders, water, sensors and
	// platforms (prefabs.LevelSpec.BuildLiving).
	b.WriteString(ladders.String())
	b.WriteString(waters.String())
	b.WriteString(platforms.String())
	var movers []kcc.ColliderID
	for i := 0; i < np; i++ {
		movers = append(movers, kcc.ColliderID(boxes+nl+nw+i))
	}
	return b.String(), movers
}

// TestAbilitiesFuzzLevelIDs: abFuzzLevel's mover IDs are the level's
// movers.
func TestAbilitiesFuzzLevelIDs(t *testing.T) {
	layout := []byte{0, 1, 2, 3, 4, 5, 6, 0, 1, 9, 9, 9, 9, 9, 9, 0, 4, 50, 50, 50, 50, 50, 50, 2, 2, 7, 7, 7, 7, 7, 7, 7,
		5, 80, 80, 80, 80, 80, 80, 6, 3, 1, 1, 1, 1, 1, 1, 0}
	text, movers := abFuzzLevel(layout)
	lv := abLevel(t, text)
	if lv.Movers == nil || len(lv.Movers.Movers) != len(movers) || len(movers) != 2 {
		t.Fatalf("movers %v, the level's %v", movers, lv.Movers)
	}
	for i, m := range lv.Movers.Movers {
		if m.Collider != movers[i] {
			t.Fatalf("mover %d is collider %d, abFuzzLevel says %d", i, m.Collider, movers[i])
		}
	}
}
