package systems_test

import (
	"testing"

	"github.com/go-gl/mathgl/mgl64"
	"github.com/seedgames/motorkit/abilities"
	"github.com/seedgames/motorkit/components"
	"github.com/seedgames/motorkit/prefabs"
	"github.com/seedgames/motorkit/systems"
	"github.com/yohamta/donburi"
)

// The abilities' state (the mode, what is held, the ladder and wall the
// last move met, a drop's timer) is the character's Abilities component,
// saved with it: a state saved mid-climb, mid-swim, mid-hang, mid-mantle,
// mid-slide or mid-drop and loaded into a fresh pipeline over a fresh world
// with the same level (the character spawned again from its recipe and
// overrides by prefabs.Respawn) runs on with the same bits as the
// original: the same checksum after every tick.

type abStateScene struct {
	name, level string
	setup       func(r *abRig)
	cmd         func(i int) components.CommandData
	saveAt      int
	mode        abilities.Mode
	stays       bool // the scene stays in the mode it was saved in
}

func abStateScenes() []abStateScene {
	fwd := func(int) components.CommandData { return components.CommandData{Forward: 1} }
	stand := func(r *abRig) {
		d := r.dims()
		r.body().Position[1] = d.standY
	}
	return []abStateScene{
		{name: "climb", level: ldLevel, saveAt: 20, mode: abilities.ModeClimb, cmd: fwd,
			setup: func(r *abRig) { stand(r); r.body().Position[0] = ldFace - r.dims().r - r.dims().off }},
		{name: "swim", level: swLevel, saveAt: 70, mode: abilities.ModeSwim, stays: true,
			cmd: func(i int) components.CommandData {
				return components.CommandData{Forward: float64(i%3) / 2, Strafe: 0.5, JumpHeld: i%50 < 10, Crouch: i%50 > 40}
			},
			setup: func(r *abRig) { r.body().Position = mgl64.Vec3{0, swY0, 0} }},
		{name: "hang", level: lgLevel, saveAt: 12, mode: abilities.ModeHang,
			cmd: func(i int) components.CommandData {
				c := components.CommandData{Forward: 1, JumpPressed: i == lgJ, JumpHeld: i == lgJ}
				if i >= 8 && i < 30 {
					c.Forward = 0
				}
				return c
			},
			setup: func(r *abRig) { stand(r); r.body().Position[0] = 2 - r.dims().r - r.dims().off }},
		{name: "mantle", level: lgLevel, saveAt: 20, mode: abilities.ModeMantle,
			cmd: func(i int) components.CommandData {
				return components.CommandData{Forward: 1, JumpPressed: i == lgJ, JumpHeld: i == lgJ}
			},
			setup: func(r *abRig) { stand(r); r.body().Position[0] = 2 - r.dims().r - r.dims().off }},
		{name: "wall_slide", level: wlLevel, saveAt: 15, mode: abilities.ModeWallSlide,
			cmd: func(i int) components.CommandData {
				return components.CommandData{Forward: 1, JumpPressed: i == 30, JumpHeld: i == 30}
			},
			setup: func(r *abRig) {
				r.body().Position = mgl64.Vec3{2 - r.dims().r - r.dims().off, 8, 0}
				r.body().Velocity = mgl64.Vec3{1, -6, 0}
			}},
		{name: "drop", level: owLevel, saveAt: 62, mode: abilities.ModeAir,
			cmd: func(i int) components.CommandData {
				return components.CommandData{Crouch: i == 60, JumpPressed: i == 60, JumpHeld: i == 60}
			},
			setup: func(r *abRig) {
				r.body().Position = mgl64.Vec3{0, r.dims().standY, 0}
				r.body().Velocity = mgl64.Vec3{0, owLaunch, 0}
			}},
	}
}

func TestAbilitiesStateSaveLoad(t *testing.T) {
	for _, sc := range abStateScenes() {
		for _, rc := range abRecipes {
			t.Run(sc.name+"/"+rc, func(t *testing.T) {
				r := newAbRig(t, rc, sc.level, mgl64.Vec3{0, 1, 0}, allAbilities)
				sc.setup(r)
				for i := 0; i < sc.saveAt; i++ {
					r.step(sc.cmd(i))
				}
				if r.mode() != sc.mode {
					t.Fatalf("tick %d: mode %v, want %v to save in", sc.saveAt, r.mode(), sc.mode)
				}
				if sc.name == "drop" && r.ab().Dropping() == -1 {
					t.Fatal("not dropping through the platform when saved")
				}
				saved, err := r.p.SaveState(nil)
				if err != nil {
					t.Fatal(err)
				}
				sum := r.p.Checksum()

				w := donburi.NewWorld()
				prefabs.SetLevelData(w, abLevel(t, sc.level))
				p := systems.NewPipeline(w, systems.Options{TickRate: 60})
				p.SetSpawner(prefabs.Respawn)
				if err := p.LoadState(saved); err != nil {
					t.Fatal(err)
				}
				if got := p.Checksum(); got != sum {
					t.Fatalf("loaded checksum %x, saved %x", got, sum)
				}
				e, ok := p.Character(components.ID.GetValue(r.w.Entry(r.e)))
				if !ok || !e.HasComponent(components.Abilities) {
					t.Fatal("the loaded character has no abilities")
				}
				ab := components.Abilities.Get(e)
				if ab.Config == nil || !ab.Config.Any() || ab.State != r.ab().State {
					t.Fatalf("loaded abilities %+v (config %v), saved %+v", ab.State, ab.Config, r.ab().State)
				}
				modes := map[abilities.Mode]bool{}
				for i := sc.saveAt; i < sc.saveAt+150; i++ {
					c := sc.cmd(i)
					r.step(c)
					systems.Submit(e, c)
					p.Step()
					if a, b := r.p.Checksum(), p.Checksum(); a != b {
						t.Fatalf("tick %d: checksum %x loaded, %x original (mode %v and %v)", i, b, a, ab.Mode, r.mode())
					}
					modes[r.mode()] = true
				}
				if len(modes) < 2 && !sc.stays {
					t.Errorf("ran on in mode %v only: the scene should leave the saved mode", modes)
				}
			})
		}
	}
}

// TestAbilitiesConfigChangedAtRuntime: a game may switch a character's
// abilities on or off, or clear its Config, between ticks: the next tick
// follows. Cleared mid-climb, the character lets go (mode walk from that
// tick) and the motor moves it again (it panicked: the KCC stage kept the
// character's abilities from when it cached the character); switched on
// against the ladder, its move meets it and it climbs the tick after (it
// did nothing until some entity was created or removed).
func TestAbilitiesConfigChangedAtRuntime(t *testing.T) {
	r, d := ldRig(t, "capsule_walker", allAbilities)
	for i := 0; i < 10; i++ {
		r.step(components.CommandData{Forward: 1})
	}
	if r.mode() != abilities.ModeClimb {
		t.Fatalf("mode %v, want climb", r.mode())
	}
	cfg := r.ab().Config
	r.ab().Config = nil
	n := r.step(components.CommandData{Forward: 1})
	if r.mode() != abilities.ModeWalk || int(r.ab().Since) != n {
		t.Fatalf("cleared: mode %v since %d, want walk since %d", r.mode(), r.ab().Since, n)
	}
	for i := 0; i < 60; i++ {
		r.step(components.CommandData{Forward: 1})
	}
	if p := r.pos(); !r.kcc().Grounded || !within(p[1], d.standY, 1e-9) {
		t.Fatalf("with the Config cleared: at %v grounded %v, want fallen back to the floor", p, r.kcc().Grounded)
	}

	off := *cfg
	off.Climb.Enabled, off.Swim.Enabled, off.Ledge.Enabled, off.Wall.Enabled, off.DropThrough.Enabled = false, false, false, false, false
	r.ab().Config = &off
	r.step(components.CommandData{Forward: 1})
	off.Climb.Enabled = true
	// Its first tick's move meets the ladder, the next climbs.
	r.step(components.CommandData{Forward: 1})
	n = r.step(components.CommandData{Forward: 1})
	if r.mode() != abilities.ModeClimb || int(r.ab().Since) != n {
		t.Fatalf("switched on against the ladder: mode %v since %d, want climb since %d", r.mode(), r.ab().Since, n)
	}
}

// TestAbilitiesWorkersSameBits: characters of every recipe with every
// ability, on the level of the disabled test (a ladder, water, a one-way
// platform, a wall) with its script, shifted per character, step to the
// same state checksum on every tick with 1, 2 and 3 workers (each worker
// has its own one-way listener and Body scratch; the water's bounds are
// taken once a tick before the workers start). CI runs it under the race
// detector.
func TestAbilitiesWorkersSameBits(t *testing.T) {
	ticks := 320
	if testing.Short() {
		ticks = 120
	}
	seen := map[abilities.Mode]bool{}
	run := func(workers int) []uint64 {
		w := donburi.NewWorld()
		prefabs.SetLevelData(w, abLevel(t, disLevel))
		var ents []donburi.Entity
		for i := 0; i < 48; i++ {
			pos := mgl64.Vec3{float64(i%8)*1.2 - 4, 1, float64(i/8)*1.5 - 3}
			e, err := prefabs.Spawn(w, abRecipes[i%len(abRecipes)], prefabs.At(pos), prefabs.Override(allAbilities))
			if err != nil {
				t.Fatal(err)
			}
			ents = append(ents, e)
		}
		p := systems.NewPipeline(w, systems.Options{TickRate: 60, Workers: workers})
		defer p.Close()
		var sums []uint64
		for n := 0; n < ticks; n++ {
			for i, e := range ents {
				c, yaw := disScript((n + 7*i) % 320)
				components.View.Get(w.Entry(e)).Yaw = yaw + float64(i)*0.3
				systems.Submit(w.Entry(e), c)
			}
			p.Step()
			sums = append(sums, p.Checksum())
			for _, e := range ents {
				seen[components.Abilities.Get(w.Entry(e)).Mode] = true
			}
		}
		return sums
	}
	one := run(1)
	if !seen[abilities.ModeClimb] || !seen[abilities.ModeSwim] || !seen[abilities.ModeWallSlide] {
		t.Fatalf("the characters were in modes %v: want a climb, a swim and a wall slide among them", seen)
	}
	for _, k := range []int{2, 3} {
		got := run(k)
		for n := range one {
			if got[n] != one[n] {
				t.Fatalf("%d workers: tick %d checksum %x, one worker %x", k, n, got[n], one[n])
			}
		}
	}
}
