package systems_test

import (
	"fmt"
	"math"
	"reflect"
	"testing"

	"github.com/go-gl/mathgl/mgl64"
	"github.com/seedgames/motorkit/abilities"
	"github.com/seedgames/motorkit/components"
	"github.com/yohamta/donburi"
)

// Disabled abilities change no bit: on a level with a ladder, water, a
// wall to jump at and a one-way platform on the way, a scripted walk
// (turns, jumps, crouches) gives every recipe's character the same Body,
// KCC, JumpBuffer and Intent bits on every tick whether it has no
// Abilities component (no tables), every table with enabled = false, the
// component with no configuration, or a configuration whose abilities are
// all switched off (tuned values and all). The component itself is state
// (it is saved), so whole-state checksums differ by it; the character's
// motion is compared instead.

const disLevel = floor50 +
	"[[ladder]]\ncenter = [3.0, 2.0, 0.0]\nhalf = [0.1, 2.0, 0.6]\n" +
	"[[box]]\ncenter = [4.0, 2.0, 0.0]\nhalf = [0.9, 2.0, 3.0]\n" +
	"[[water]]\ncenter = [0.0, 0.75, 6.0]\nhalf = [3.0, 0.75, 2.0]\n" +
	"[[box]]\ncenter = [-4.5, 0.5, 5.5]\nhalf = [0.5, 0.05, 2.0]\none_way = true\n" +
	"[[box]]\ncenter = [-8.0, 3.0, 5.5]\nhalf = [1.0, 3.0, 3.0]\n"

// disScript is tick i's command and the view yaw set before it: along +X
// to the ladder and up it, round toward +Z and into the water, then along
// −X out of it over the one-way platform and into the wall, with jumps
// every 45 ticks, a crouch and some strafing.
func disScript(i int) (components.CommandData, float64) {
	c := components.CommandData{Forward: 1}
	yaw := 0.0
	switch {
	case i < 60:
	case i < 140:
		yaw = math.Pi / 2 // +Z, the water
	default:
		yaw = math.Pi // −X, the one-way platform and the wall
	}
	if i%45 == 20 {
		c.JumpPressed, c.JumpHeld = true, true
	}
	if i >= 180 && i < 200 {
		c.Crouch = true
	}
	if i%70 > 60 {
		c.Strafe = 1
	}
	return c, yaw
}

// disRun runs the script for recipe with the override ov (and, with
// bare, an Abilities component with no configuration added by hand) and
// returns each tick's character bits.
func disRun(t *testing.T, recipe, ov string, bare bool, cfg *abilities.Config) []charBits {
	t.Helper()
	r := newAbRig(t, recipe, disLevel, mgl64.Vec3{0, 1, 0}, ov)
	d := r.dims()
	r.body().Position = mgl64.Vec3{0, d.standY, 0}
	if bare || cfg != nil {
		if !r.hasAbilities() {
			r.entry().AddComponent(components.Abilities)
		}
		components.Abilities.Get(r.entry()).Config = cfg
	}
	var out []charBits
	for i := 0; i < 320; i++ {
		c, yaw := disScript(i)
		components.View.Get(r.entry()).Yaw = yaw
		r.step(c)
		out = append(out, bitsOf(r.entry()))
	}
	if r.hasAbilities() && r.mode() != abilities.ModeWalk {
		t.Fatalf("%s: mode %v with every ability off", recipe, r.mode())
	}
	return out
}

// charBits is what a tick leaves of a character's motion.
type charBits struct {
	body components.BodyData
	k    components.KCCData
	jb   components.JumpBufferData
	it   components.IntentData
}

func bitsOf(e *donburi.Entry) charBits {
	b := charBits{body: *components.Body.Get(e), k: *components.KCC.Get(e),
		jb: *components.JumpBuffer.Get(e), it: *components.Intent.Get(e)}
	b.k.Controller = nil // the recipe's: each override is a recipe of its own
	return b
}

// bitsDiff returns the path of the first field where a and b differ in
// their bits (floats by math.Float64bits), or "".
func bitsDiff(a, b reflect.Value, path string) string {
	switch a.Kind() {
	case reflect.Float64, reflect.Float32:
		if math.Float64bits(a.Float()) != math.Float64bits(b.Float()) {
			return fmt.Sprintf("%s: %v and %v", path, a.Float(), b.Float())
		}
	case reflect.Bool:
		if a.Bool() != b.Bool() {
			return path
		}
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		if a.Int() != b.Int() {
			return path
		}
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		if a.Uint() != b.Uint() {
			return path
		}
	case reflect.Array:
		for i := 0; i < a.Len(); i++ {
			if d := bitsDiff(a.Index(i), b.Index(i), fmt.Sprintf("%s[%d]", path, i)); d != "" {
				return d
			}
		}
	case reflect.Struct:
		for i := 0; i < a.NumField(); i++ {
			if d := bitsDiff(a.Field(i), b.Field(i), path+"."+a.Type().Field(i).Name); d != "" {
				return d
			}
		}
	case reflect.Pointer:
		if a.IsNil() != b.IsNil() {
			return path + " (nil)"
		}
	}
	return ""
}

func TestAbilitiesDisabledChangeNoBits(t *testing.T) {
	const off = "[climb]\nenabled = false\n[swim]\nenabled = false\n[ledge]\nenabled = false\n" +
		"[wall]\nenabled = false\n[drop_through]\nenabled = false\n"
	tuned := &abilities.Config{Climb: abilities.DefaultClimb(), Swim: abilities.DefaultSwim(), Ledge: abilities.DefaultLedge(),
		Wall: abilities.DefaultWall(), DropThrough: abilities.DefaultDropThrough()}
	tuned.Climb.Enabled, tuned.Swim.Enabled, tuned.Ledge.Enabled, tuned.Wall.Enabled, tuned.DropThrough.Enabled = false, false, false, false, false
	tuned.Climb.Speed, tuned.Swim.DragRate, tuned.Wall.Press = 9, 0.5, 0
	for _, rc := range abRecipes {
		t.Run(rc, func(t *testing.T) {
			base := disRun(t, rc, "", false, nil)
			if base[len(base)-1].body.Position == base[0].body.Position {
				t.Fatal("the script did not move the character")
			}
			for _, v := range []struct {
				name string
				run  []charBits
			}{
				{"every table with enabled = false", disRun(t, rc, off, false, nil)},
				{"the component with no configuration", disRun(t, rc, "", true, nil)},
				{"a configuration with every ability off", disRun(t, rc, "", false, tuned)},
			} {
				for i := range base {
					if d := bitsDiff(reflect.ValueOf(base[i]), reflect.ValueOf(v.run[i]), "character"); d != "" {
						t.Fatalf("%s: tick %d: %s", v.name, i, d)
					}
				}
			}
		})
	}
}

// TestAbilitiesDisabledScriptMeetsTheLevel: the script's walk does meet
// the ladder, the water, the one-way platform and the wall, so the test
// above compares what it means to: with every ability on, each is used.
func TestAbilitiesDisabledScriptMeetsTheLevel(t *testing.T) {
	r := newAbRig(t, "capsule_walker", disLevel, mgl64.Vec3{0, 1, 0}, allAbilities)
	r.body().Position = mgl64.Vec3{0, r.dims().standY, 0}
	seen := map[abilities.Mode]bool{}
	for i := 0; i < 320; i++ {
		c, yaw := disScript(i)
		components.View.Get(r.entry()).Yaw = yaw
		r.step(c)
		seen[r.mode()] = true
	}
	for _, m := range []abilities.Mode{abilities.ModeClimb, abilities.ModeSwim, abilities.ModeWallSlide} {
		if !seen[m] {
			t.Errorf("the script never reaches %v (modes seen: %v)", m, seen)
		}
	}
}
