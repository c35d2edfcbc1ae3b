package systems_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/go-gl/mathgl/mgl64"
	"github.com/seedgames/motorkit/abilities"
	"github.com/seedgames/motorkit/components"
	"github.com/seedgames/motorkit/kcc"
	"github.com/seedgames/motorkit/prefabs"
	"github.com/seedgames/motorkit/systems"
	"github.com/yohamta/donburi"
)

// cameraData is a client's own component: a camera, a UI root, a sound
// emitter. It is not registered as state.
type cameraData struct {
	Zoom float64
	Name string
}

var cameraComp = donburi.NewComponentType[cameraData]()

// livingGame is a world on the living level with character collisions,
// its pipeline and the spawner of its characters.
func livingGame(t *testing.T, w donburi.World) *systems.Pipeline {
	t.Helper()
	lv, err := prefabs.LoadLiving("living")
	if err != nil {
		t.Fatal(err)
	}
	prefabs.SetLevelData(w, lv)
	p := systems.NewPipeline(w, systems.Options{CharacterCollisions: true})
	p.SetSpawner(prefabs.Respawn)
	t.Cleanup(p.Close)
	return p
}

// drive gives every character of p's world the same scripted input for
// tick n, by stable ID.
func drive(t *testing.T, p *systems.Pipeline, n int) {
	t.Helper()
	for id := components.StableID(1); id < 12; id++ {
		e, ok := p.Character(id)
		if !ok {
			continue
		}
		systems.Submit(e, components.CommandData{Forward: 1, Strafe: float64((int(id)+n/20)%3 - 1), JumpPressed: (n+int(id))%47 == 0})
	}
}

// A client that made entities of its own before the level (a camera, a UI
// root, sound emitters; some created and removed, so its donburi IDs and
// free list are nothing like the server's) loads the server's state: the
// load succeeds, the client's state is the server's (same checksum, same
// bits as the server for 60 more ticks of the same input), and the
// client's own entities are untouched.
func TestLoadStateIntoAWorldWithForeignEntities(t *testing.T) {
	server := donburi.NewWorld()
	sp := livingGame(t, server)
	recipes := []string{"arena_player", "rpg_player", "capsule_walker", "fps_player", "hybrid_player"}
	for i := 0; i < 8; i++ {
		if _, err := prefabs.Spawn(server, recipes[i%len(recipes)], prefabs.At(mgl64.Vec3{float64(i%4)*2 - 3, 2, float64(i/4)*2 - 1})); err != nil {
			t.Fatal(err)
		}
	}
	for n := 0; n < 90; n++ {
		drive(t, sp, n)
		sp.Step()
	}
	// A removal and a spawn: the server's stable IDs have a hole and go
	// past its character count.
	gone, _ := sp.Character(3)
	server.Remove(gone.Entity())
	if _, err := prefabs.Spawn(server, "arena_player", prefabs.At(mgl64.Vec3{0, 2, 3})); err != nil {
		t.Fatal(err)
	}
	sp.Step()
	state, err := sp.SaveState(nil)
	if err != nil {
		t.Fatal(err)
	}

	client := donburi.NewWorld()
	var mine []donburi.Entity
	for i := 0; i < 5; i++ {
		ent := client.Create(cameraComp)
		*cameraComp.Get(client.Entry(ent)) = cameraData{Zoom: float64(i) + 0.5, Name: "mine"}
		mine = append(mine, ent)
	}
	client.Remove(mine[1])
	client.Remove(mine[3])
	mine = []donburi.Entity{mine[0], mine[2], mine[4], client.Create(cameraComp)}
	*cameraComp.Get(client.Entry(mine[3])) = cameraData{Zoom: 9, Name: "after"}
	cp := livingGame(t, client)
	// The client spawned a character of its own too (a preview): the
	// state's characters replace it.
	if _, err := prefabs.Spawn(client, "fps_player", prefabs.At(mgl64.Vec3{5, 2, 5})); err != nil {
		t.Fatal(err)
	}
	cp.Step()
	if err := cp.LoadState(state); err != nil {
		t.Fatalf("LoadState into a world with entities of its own: %v", err)
	}
	if got, want := cp.Checksum(), sp.Checksum(); got != want {
		t.Fatalf("checksum after the load %x, the server's %x: %s", got, want, sp.StateDiff(state, mustSave(t, cp)))
	}
	for i, ent := range mine {
		if !client.Valid(ent) {
			t.Fatalf("the client's entity %d was removed by the load", i)
		}
	}
	if c := cameraComp.Get(client.Entry(mine[3])); c.Zoom != 9 || c.Name != "after" {
		t.Fatalf("the client's camera is %+v after the load", *c)
	}
	if _, ok := cp.Character(3); ok {
		t.Fatal("the character the server removed is in the client's world")
	}
	for n := 91; n < 151; n++ {
		drive(t, sp, n)
		drive(t, cp, n)
		sp.Step()
		cp.Step()
		if got, want := cp.Checksum(), sp.Checksum(); got != want {
			t.Fatalf("tick %d: client %x, server %x", n, got, want)
		}
	}
	for id := components.StableID(1); id < 12; id++ {
		se, sok := sp.Character(id)
		ce, cok := cp.Character(id)
		if sok != cok {
			t.Fatalf("stable ID %d: on the server %v, on the client %v", id, sok, cok)
		}
		if sok && components.Body.GetValue(se) != components.Body.GetValue(ce) {
			t.Fatalf("stable ID %d: server body %+v, client %+v", id, components.Body.GetValue(se), components.Body.GetValue(ce))
		}
	}
}

func mustSave(t *testing.T, p *systems.Pipeline) []byte {
	t.Helper()
	b, err := p.SaveState(nil)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// hover is a game's own ability with a state: while jump is held in the
// air it cancels 3/4 of gravity for as many ticks as it has charge.
type hover struct{ charge uint16 }

func (h *hover) Before(x *abilities.Context) abilities.Plan {
	if x.Stance.Grounded {
		h.charge = 40
	} else if x.Command.JumpHeld && h.charge > 0 {
		h.charge--
		x.Velocity[1] += 15 * x.Dt
	}
	return abilities.Plan{}
}
func (h *hover) After(*abilities.Context, *kcc.MoveResult) {}
func (h *hover) AppendState(dst []byte) []byte {
	return append(dst, byte(h.charge), byte(h.charge>>8))
}
func (h *hover) LoadState(src []byte) error {
	if len(src) != 2 {
		return fmt.Errorf("hover: %d bytes", len(src))
	}
	h.charge = uint16(src[0]) | uint16(src[1])<<8
	return nil
}

// A game's own ability (components.AbilitiesData.Own) that implements
// systems.StateCodec is saved and loaded with its character: a rewind
// into the middle of a hover replays the same bits, its charge included;
// a character without it refuses the state.
func TestOwnAbilityState(t *testing.T) {
	w := donburi.NewWorld()
	if _, err := prefabs.SpawnLevel(w, "flat"); err != nil {
		t.Fatal(err)
	}
	ent, err := prefabs.Spawn(w, "capsule_walker", prefabs.Override("[wall]\n"))
	if err != nil {
		t.Fatal(err)
	}
	h := &hover{}
	ab := components.Abilities.Get(w.Entry(ent))
	ab.Own = append(ab.Own, h)
	p := systems.NewPipeline(w, systems.Options{})
	step := func(i int) {
		systems.Submit(w.Entry(ent), components.CommandData{Forward: 1, JumpPressed: i%50 == 5, JumpHeld: i%50 >= 5 && i%50 < 35})
		p.Step()
	}
	for i := 0; i < 20; i++ {
		step(i)
	}
	if h.charge == 0 || h.charge == 40 {
		t.Fatalf("charge %d at tick 20: the hover is not under way", h.charge)
	}
	saved, charge := mustSave(t, p), h.charge
	var bodies []components.BodyData
	for i := 20; i < 60; i++ {
		step(i)
		bodies = append(bodies, components.Body.GetValue(w.Entry(ent)))
	}
	if err := p.LoadState(saved); err != nil {
		t.Fatal(err)
	}
	if h.charge != charge {
		t.Fatalf("charge %d after the load, saved %d", h.charge, charge)
	}
	for i := 20; i < 60; i++ {
		step(i)
		if got := components.Body.GetValue(w.Entry(ent)); got != bodies[i-20] {
			t.Fatalf("tick %d after the rewind: %+v, first time %+v", i, got, bodies[i-20])
		}
	}
	ab = components.Abilities.Get(w.Entry(ent))
	ab.Own = nil
	if err := p.LoadState(saved); err == nil || !strings.Contains(err.Error(), "has none") {
		t.Fatalf("loading a hover's state into a character without it: %v", err)
	}
}

// killsData is a game's component on a character that it forgets to
// register: SaveState leaves it out, and UnsavedComponents names it.
type killsData struct{ Kills int }

var killsComp = donburi.NewComponentType[killsData]()

// UnsavedComponents names the component types of state entities that the
// state leaves out, and only those: not the built-in ones, not a
// registered one, not the components of entities that hold no state.
func TestUnsavedComponents(t *testing.T) {
	w := donburi.NewWorld()
	p := livingGame(t, w)
	ent, err := prefabs.Spawn(w, "arena_player", prefabs.Override("[climb]\n"))
	if err != nil {
		t.Fatal(err)
	}
	w.Create(cameraComp) // no state: not listed
	if got := p.UnsavedComponents(); len(got) != 0 {
		t.Fatalf("unsaved %v before the game's component, want none", got)
	}
	w.Entry(ent).AddComponent(killsComp)
	w.Entry(ent).AddComponent(tagComp)
	if err := systems.RegisterState(p, tagComp); err != nil {
		t.Fatal(err)
	}
	if got := fmt.Sprint(p.UnsavedComponents()); got != "[killsData]" {
		t.Fatalf("unsaved %s, want [killsData]", got)
	}
}
