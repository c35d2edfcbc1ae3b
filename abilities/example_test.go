package abilities_test

import (
	"fmt"

	"github.com/go-gl/mathgl/mgl64"
	"github.com/seedgames/motorkit/abilities"
	"github.com/seedgames/motorkit/components"
	"github.com/seedgames/motorkit/kcc"
	"github.com/seedgames/motorkit/prefabs"
	"github.com/seedgames/motorkit/systems"
	"github.com/yohamta/donburi"
)

// floor is a 100 m floor with its top at y = 0.
const floor = "[[box]]\ncenter = [0.0, -0.5, 0.0]\nhalf = [50.0, 0.5, 50.0]\n"

// play spawns a capsule_walker (the basic motor, 1.8 m tall, feet at
// y = 0.01) with the abilities tables at pos in a level of floor and
// extra, and runs the pipeline for ticks ticks at 60 Hz with the commands
// cmd gives, printing every change of mode: the tick, the mode and the
// capsule's centre.
func play(extra, tables string, pos mgl64.Vec3, ticks int, cmd func(tick int) components.CommandData) {
	lv, err := prefabs.BuildLivingLevel([]byte(floor+extra), "example.toml")
	if err != nil {
		fmt.Println(err)
		return
	}
	w := donburi.NewWorld()
	prefabs.SetLevelData(w, lv)
	e, err := prefabs.Spawn(w, "capsule_walker", prefabs.At(pos), prefabs.Override(tables))
	if err != nil {
		fmt.Println(err)
		return
	}
	p := systems.NewPipeline(w, systems.Options{})
	mode := abilities.Mode(255)
	for i := 0; i < ticks; i++ {
		systems.Submit(w.Entry(e), cmd(i))
		p.Step()
		ab := components.Abilities.Get(w.Entry(e))
		if ab.Mode != mode {
			mode = ab.Mode
			b := components.Body.Get(w.Entry(e))
			fmt.Printf("tick %3d (since %3d) %-10s centre (%.2f, %.2f, %.2f)\n", i, ab.Since, mode, b.Position[0], b.Position[1], b.Position[2])
		}
	}
}

// A ladder against a 4 m deck: walking into it with forward held grabs
// it, forward climbs at [climb] speed (2.5 m/s), and at the top the
// character climbs off onto the deck (mantle) and walks on.
func Example_ladder() {
	level := `
[[ladder]]
center = [2.0, 2.0, 0.0]
half = [0.1, 2.0, 0.5]

[[box]] # the deck behind it, top at y = 4
center = [4.0, 2.0, 0.0]
half = [1.9, 2.0, 3.0]
`
	play(level, "[climb]\nspeed = 2.5\n", mgl64.Vec3{0, 0.91, 0}, 150, func(int) components.CommandData {
		return components.CommandData{Forward: 1}
	})
	// Output:
	// tick   0 (since   0) walk       centre (0.00, 0.91, 0.00)
	// tick  24 (since  24) climb      centre (1.59, 0.95, 0.00)
	// tick  77 (since  77) mantle     centre (1.59, 3.17, 0.00)
	// tick 128 (since 128) walk       centre (2.25, 4.91, 0.00)
}

// A pool 2 m deep between walls whose tops are 0.3 m above the surface:
// falling in from above slows in the water instead of landing, the
// buoyancy holds the head at the surface ([swim] head_above), and a jump
// at the far wall climbs out onto it.
func Example_water() {
	level := `
[[water]] # the surface at y = 2
center = [0.0, 1.0, 0.0]
half = [4.0, 1.0, 4.0]

[[box]] # the pool's far wall, top at y = 2.3
center = [5.0, 1.15, 0.0]
half = [1.0, 1.15, 5.0]
`
	play(level, "[swim]\n", mgl64.Vec3{0, 4, 0}, 220, func(i int) components.CommandData {
		return components.CommandData{Forward: 1, JumpPressed: i == 150}
	})
	// Output:
	// tick   0 (since   0) air        centre (0.00, 4.00, 0.00)
	// tick  27 (since  27) swim       centre (1.13, 1.83, 0.00)
	// tick 150 (since 150) mantle     centre (3.69, 1.40, 0.00)
	// tick 202 (since 202) walk       centre (4.35, 3.21, 0.00)
}

// A 2.2 m wall: a run and a jump at it brings the hands to its top, where
// the character hangs with forward released; forward again climbs up.
func Example_ledge() {
	level := `
[[box]] # top at y = 2.2
center = [3.0, 1.1, 0.0]
half = [1.0, 1.1, 3.0]
`
	play(level, "[ledge]\n", mgl64.Vec3{1.5, 0.91, 0}, 120, func(i int) components.CommandData {
		return components.CommandData{Forward: forward(i < 7 || i >= 60), JumpPressed: i == 5, JumpHeld: i >= 5 && i < 20}
	})
	// Output:
	// tick   0 (since   0) walk       centre (1.50, 0.91, 0.00)
	// tick   5 (since   5) air        centre (1.68, 1.01, 0.00)
	// tick   6 (since   6) hang       centre (1.68, 1.30, 0.00)
	// tick  60 (since  60) mantle     centre (1.68, 1.35, 0.00)
	// tick 111 (since 111) walk       centre (2.34, 3.11, 0.00)
}

// forward is 1 when on, else 0.
func forward(on bool) float64 {
	if on {
		return 1
	}
	return 0
}

// Falling against a tall wall while pressing into it slides down at
// [wall] slide_speed; jump pushes off it at jump_speed, jump_angle_deg
// above the horizontal.
func Example_wall() {
	level := `
[[box]] # a 10 m wall, its face at x = 2
center = [3.0, 5.0, 0.0]
half = [1.0, 5.0, 3.0]
`
	play(level, "[wall]\n", mgl64.Vec3{1.5, 6, 0}, 70, func(i int) components.CommandData {
		return components.CommandData{Forward: 1, JumpPressed: i == 60}
	})
	// Output:
	// tick   0 (since   0) air        centre (1.50, 6.00, 0.00)
	// tick  10 (since  10) wall_slide centre (1.68, 5.68, 0.00)
	// tick  60 (since  60) air        centre (1.62, 4.13, 0.00)
}

// A one-way platform 0.7 m up: a jump from under it passes up through
// it and lands on top; crouch + jump drops back through it.
func Example_oneWay() {
	level := `
[[box]]
center = [0.0, 0.65, 0.0]
half = [2.0, 0.05, 2.0]
one_way = true
`
	play(level, "[drop_through]\n", mgl64.Vec3{0, 0.91, 0}, 140, func(i int) components.CommandData {
		return components.CommandData{JumpPressed: i == 2 || i == 100, JumpHeld: i == 2, Crouch: i >= 99 && i <= 101}
	})
	// Output:
	// tick   0 (since   0) walk       centre (0.00, 0.91, 0.00)
	// tick   2 (since   2) air        centre (0.00, 1.01, 0.00)
	// tick  28 (since  28) walk       centre (0.00, 1.61, 0.00)
	// tick 100 (since 100) air        centre (0.00, 1.61, 0.00)
	// tick 116 (since 116) walk       centre (0.00, 0.91, 0.00)
}

// oneWayListener makes the collider platform one-way for a kcc
// Controller's moves, with the same rule the pipeline applies to a
// level's one_way colliders.
type oneWayListener struct{ platform kcc.ColliderID }

func (l oneWayListener) OnContact(ev kcc.ContactEvent) kcc.ContactAction {
	if ev.Collider == l.platform {
		return abilities.OneWayRule(ev)
	}
	return kcc.ContactAccept
}

// A game's own one-way platform, in code: a contact listener that applies
// abilities.OneWayRule to it. A capsule moved 3 m up from under the
// platform passes through it; moved down from above, it lands on it.
func ExampleOneWayRule() {
	w := kcc.NewWorld()
	platform := w.AddBox(mgl64.Vec3{0, 2, 0}, mgl64.Vec3{2, 0.05, 2}, mgl64.QuatIdent()) // top at 2.05
	ctrl := kcc.NewController(kcc.DefaultConfig())
	opts := kcc.MoveOptions{Listener: oneWayListener{platform}}
	capsule := kcc.Capsule{Radius: 0.3, HalfHeight: 0.6}

	up := ctrl.MoveWith(w, capsule, mgl64.Vec3{0, 0.5, 0}, mgl64.Vec3{0, 3, 0}, opts)
	fmt.Printf("from below: moved up %.2f m\n", up.Translation[1])
	down := ctrl.MoveWith(w, capsule, mgl64.Vec3{0, 3.5, 0}, mgl64.Vec3{0, -1, 0}, opts)
	fmt.Printf("from above: feet at %.2f, grounded %v\n", 3.5+down.Translation[1]-0.9, down.Grounded)
	// Output:
	// from below: moved up 3.00 m
	// from above: feet at 2.06, grounded true
}

// jetpack is a game's own ability: while jump is held in the air it
// thrusts upward at 15 m/s² (against gravity's 20 of capsule_walker,
// whose Velocity the ability changes where it lives), burning a tick of
// fuel each tick, refuelled on the ground. Its fuel is state: a pipeline
// saves and loads it with the character (systems.StateCodec).
type jetpack struct{ fuel, tank uint8 }

func (j *jetpack) Before(x *abilities.Context) abilities.Plan {
	switch {
	case x.Stance.Grounded:
		j.fuel = j.tank
	case x.Command.JumpHeld && j.fuel > 0:
		j.fuel--
		x.Velocity[1] += 15 * x.Dt
	}
	return abilities.Plan{}
}

func (j *jetpack) After(*abilities.Context, *kcc.MoveResult) {}

func (j *jetpack) AppendState(dst []byte) []byte { return append(dst, j.fuel) }

func (j *jetpack) LoadState(src []byte) error {
	if len(src) != 1 || src[0] > j.tank {
		return fmt.Errorf("jetpack: bad state %v", src)
	}
	j.fuel = src[0]
	return nil
}

// A game's own ability plugs in beside the built-in ones
// (components.AbilitiesData.Own). capsule_walker jumps at 6 m/s against
// 20 m/s²: its centre rises 6²/40 = 0.90 m. With jump held and 30 ticks
// of fuel the jetpack leaves 5 m/s² for half a second (the centre rises
// 6·0.5 − 5·0.5²/2 = 2.38 m, going on at 3.5 m/s) and then 3.5²/40 =
// 0.31 m more: about 2.7 m, from 0.91 m.
func ExampleAbility() {
	apex := func(pack bool) float64 {
		w := donburi.NewWorld()
		if _, err := prefabs.SpawnLevel(w, "flat"); err != nil {
			panic(err)
		}
		ent, err := prefabs.Spawn(w, "capsule_walker", prefabs.Override("[climb]\nenabled = false"))
		if err != nil {
			panic(err)
		}
		e := w.Entry(ent)
		if pack {
			ab := components.Abilities.Get(e)
			ab.Own = append(ab.Own, &jetpack{tank: 30})
		}
		p := systems.NewPipeline(w, systems.Options{})
		top := 0.0
		for i := 0; i < 120; i++ {
			systems.Submit(w.Entry(ent), components.CommandData{JumpPressed: i == 10, JumpHeld: i >= 10})
			p.Step()
			top = max(top, components.Body.Get(w.Entry(ent)).Position[1])
		}
		return top
	}
	fmt.Printf("apex without %.2f m, with a jetpack %.2f m\n", apex(false), apex(true))
	// Output:
	// apex without 1.81 m, with a jetpack 3.53 m
}
