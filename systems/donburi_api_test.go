package systems_test

import (
	"fmt"
	"github.com/seedgames/motorkit/kcc"
	"testing"

	"github.com/go-gl/mathgl/mgl64"
	"github.com/seedgames/motorkit/components"
	"github.com/seedgames/motorkit/prefabs"
	"github.com/seedgames/motorkit/systems"
	"github.com/yohamta/donburi"
)

// What a game does to a character through donburi's own API between two
// ticks, the next tick sees: each test makes one change the donburi way
// and then walks the character, and compares the walk with the same change
// made another way (or a world where it was made from the start). The
// pipeline keeps no component pointer across ticks without fetching it
// again (compStores.refetch).

// apiWorld is a flat level with two walkers side by side (the second
// one keeps the first company: a change to one must not touch the other),
// with character collisions so that the walkers' capsules are in the level.
type apiWorld struct {
	w    donburi.World
	p    *systems.Pipeline
	a, b donburi.Entity
	more []donburi.Entity // characters made later, walking too
}

func newAPIWorld(t *testing.T) *apiWorld {
	t.Helper()
	w := donburi.NewWorld()
	if _, err := prefabs.SpawnLevel(w, "flat"); err != nil {
		t.Fatal(err)
	}
	a, err := prefabs.Spawn(w, "capsule_walker", prefabs.At(mgl64.Vec3{0, 1, 0}))
	if err != nil {
		t.Fatal(err)
	}
	b, err := prefabs.Spawn(w, "capsule_walker", prefabs.At(mgl64.Vec3{0, 1, 4}))
	if err != nil {
		t.Fatal(err)
	}
	p := systems.NewPipeline(w, systems.Options{CharacterCollisions: true})
	t.Cleanup(p.Close)
	aw := &apiWorld{w: w, p: p, a: a, b: b}
	for i := 0; i < 10; i++ { // standing on the floor, at rest
		p.Step()
	}
	return aw
}

// walk steps n ticks with both walkers pressing forward (+X at yaw 0).
func (aw *apiWorld) walk(n int) {
	for i := 0; i < n; i++ {
		for _, ent := range append([]donburi.Entity{aw.a, aw.b}, aw.more...) {
			if aw.w.Valid(ent) && aw.w.Entry(ent).HasComponent(components.Command) {
				systems.Submit(aw.w.Entry(ent), components.CommandData{Forward: 1})
			}
		}
		aw.p.Step()
	}
}

func (aw *apiWorld) body(ent donburi.Entity) components.BodyData {
	return components.Body.GetValue(aw.w.Entry(ent))
}

// sameBody fails unless got and want are the same bits.
func sameBody(t *testing.T, what string, got, want components.BodyData) {
	t.Helper()
	if got != want {
		t.Fatalf("%s: body %+v, want %+v", what, got, want)
	}
}

// A teleport with ComponentType.Set (a new BodyData value put in place of
// the old) and with SetValue walk the character to the same bits; the
// walk starts at the teleport point and goes 30 ticks of 5 m/s forward.
func TestDonburiSetBody(t *testing.T) {
	teleport := func(aw *apiWorld, set bool) {
		e := aw.w.Entry(aw.a)
		nb := components.BodyData{Position: mgl64.Vec3{10, components.Body.Get(e).Position[1], 10}}
		nb.PrevPosition = nb.Position
		if set {
			components.Body.Set(e, &nb)
		} else {
			components.Body.SetValue(e, nb)
		}
	}
	bySet, byValue := newAPIWorld(t), newAPIWorld(t)
	teleport(bySet, true)
	teleport(byValue, false)
	bySet.walk(30)
	byValue.walk(30)
	got := bySet.body(bySet.a)
	sameBody(t, "Set against SetValue", got, byValue.body(byValue.a))
	// The walker's first half second from rest (capsule_walker: 5 m/s at
	// 40 m/s²: 1/8 s to full speed, 1/16 s × 5 m/s lost to it): at least
	// 30/60×5 − 0.3125 m ≈ 2.19 m from the teleport point.
	if d := got.Position[0] - 10; d < 2.1 || d > 2.6 {
		t.Fatalf("walked %.3f m from the teleport point (x %.3f), want about 2.19", d, got.Position[0])
	}
	if got.Position[2] != 10 {
		t.Fatalf("z %v, want 10 (walking along +X)", got.Position[2])
	}
}

// Every component of a character swapped for a copy of itself with
// ComponentType.Set changes nothing: the walk has the same bits as one
// without the swap. Then a swap with another value takes effect: the
// swapped View turns the walk to +Z, a swapped Command stops it, a swapped
// KCC with no gravity keeps the character off the floor it is lifted from.
func TestDonburiSetEveryComponent(t *testing.T) {
	swaps := map[string]func(e *donburi.Entry){
		"Body":       func(e *donburi.Entry) { v := components.Body.GetValue(e); components.Body.Set(e, &v) },
		"KCC":        func(e *donburi.Entry) { v := components.KCC.GetValue(e); components.KCC.Set(e, &v) },
		"Command":    func(e *donburi.Entry) { v := components.Command.GetValue(e); components.Command.Set(e, &v) },
		"View":       func(e *donburi.Entry) { v := components.View.GetValue(e); components.View.Set(e, &v) },
		"Intent":     func(e *donburi.Entry) { v := components.Intent.GetValue(e); components.Intent.Set(e, &v) },
		"JumpBuffer": func(e *donburi.Entry) { v := components.JumpBuffer.GetValue(e); components.JumpBuffer.Set(e, &v) },
		"Motor":      func(e *donburi.Entry) { v := components.Motor.GetValue(e); components.Motor.Set(e, &v) },
	}
	ref := newAPIWorld(t)
	ref.walk(30)
	want := ref.body(ref.a)
	for _, name := range []string{"Body", "KCC", "Command", "View", "Intent", "JumpBuffer", "Motor"} {
		aw := newAPIWorld(t)
		swaps[name](aw.w.Entry(aw.a))
		aw.walk(30)
		sameBody(t, "a "+name+" swapped for its copy", aw.body(aw.a), want)
	}

	aw := newAPIWorld(t)
	v := components.View.GetValue(aw.w.Entry(aw.a))
	v.Yaw = 1.5707963267948966 // +Z
	components.View.Set(aw.w.Entry(aw.a), &v)
	start := aw.body(aw.a).Position
	aw.walk(30)
	if d := aw.body(aw.a).Position.Sub(start); d[2] < 2 || d[0] > 1e-6 || d[0] < -1e-6 {
		t.Fatalf("after a View swapped to yaw π/2: moved %v, want along +Z", d)
	}

	aw = newAPIWorld(t)
	aw.walk(30) // at full speed
	e := aw.w.Entry(aw.a)
	stop := components.CommandData{}
	components.Command.Set(e, &stop)
	for i := 0; i < 30; i++ { // no Submit: the swapped-in Command is the input
		aw.p.Step()
	}
	if v := components.Body.Get(aw.w.Entry(aw.a)).Velocity; v.Len() > 1e-9 {
		t.Fatalf("velocity %v half a second after a Command of no input was swapped in, want rest", v)
	}

	aw = newAPIWorld(t)
	e = aw.w.Entry(aw.a)
	k := components.KCC.GetValue(e)
	k.Gravity = 0
	components.KCC.Set(e, &k)
	b := components.Body.GetValue(e)
	b.Position[1] += 2
	components.Body.Set(e, &b)
	aw.walk(30)
	if y := aw.body(aw.a).Position[1]; y != b.Position[1] {
		t.Fatalf("height %v after 30 ticks without gravity (swapped-in KCC), want %v", y, b.Position[1])
	}
}

// tagComp is a game's own component (a tag with a value), added to and
// removed from a character: each moves the entity to another archetype.
type tagData struct{ Team int }

var tagComp = donburi.NewComponentType[tagData]()

// Adding a component of the game's to a character, and removing it again,
// moves it between archetypes: its walk keeps the same bits.
func TestDonburiAddAndRemoveComponent(t *testing.T) {
	ref := newAPIWorld(t)
	ref.walk(40)
	aw := newAPIWorld(t)
	aw.w.Entry(aw.a).AddComponent(tagComp)
	tagComp.Get(aw.w.Entry(aw.a)).Team = 2
	aw.walk(20)
	sameBody(t, "with the game's component added", aw.body(aw.a), func() components.BodyData {
		r := newAPIWorld(t)
		r.walk(20)
		return r.body(r.a)
	}())
	aw.w.Entry(aw.a).RemoveComponent(tagComp)
	aw.walk(20)
	sameBody(t, "added, then removed", aw.body(aw.a), ref.body(ref.a))
	sameBody(t, "the other walker", aw.body(aw.b), ref.body(ref.b))
}

// A character whose KCC component is removed is no character any more:
// it stays where it is, and the other walks on as if nothing happened.
// Given a KCC again, it walks again.
func TestDonburiRemoveTheKCC(t *testing.T) {
	ref := newAPIWorld(t)
	ref.walk(30)
	aw := newAPIWorld(t)
	e := aw.w.Entry(aw.a)
	k := components.KCC.GetValue(e)
	e.RemoveComponent(components.KCC)
	at := aw.body(aw.a)
	aw.walk(30)
	sameBody(t, "without its KCC", aw.body(aw.a), at)
	sameBody(t, "the other walker", aw.body(aw.b), ref.body(ref.b))
	e = aw.w.Entry(aw.a)
	e.AddComponent(components.KCC)
	components.KCC.SetValue(e, k)
	aw.walk(30)
	if d := aw.body(aw.a).Position[0] - at.Position[0]; d < 2 {
		t.Fatalf("walked %.3f m in the half second after its KCC came back, want over 2", d)
	}
	if _, ok := aw.p.IDOf(aw.w.Entry(aw.a)); !ok {
		t.Fatal("the character lost its stable ID")
	}
}

// A removed character is gone from the pipeline (its capsule from the
// level); one the game creates afterwards with donburi's Create (not
// prefabs) gets the next stable ID and walks; entities of the game's
// without a state component change nothing.
func TestDonburiRemoveAndCreateEntities(t *testing.T) {
	ref := newAPIWorld(t)
	ref.walk(30)
	aw := newAPIWorld(t)
	idB, _ := aw.p.IDOf(aw.w.Entry(aw.b))
	aw.w.Remove(aw.a)
	for i := 0; i < 5; i++ {
		aw.w.Create(tagComp) // a camera, a UI root: not state
	}
	// A character made by hand, component by component.
	made := aw.w.Create(components.Body, components.KCC, components.Command, components.View,
		components.Intent, components.JumpBuffer, components.Motor)
	tmpl := aw.w.Entry(aw.b)
	e := aw.w.Entry(made)
	components.KCC.SetValue(e, components.KCC.GetValue(tmpl))
	m, err := prefabs.Default()
	if err != nil {
		t.Fatal(err)
	}
	r, err := m.Recipe("capsule_walker")
	if err != nil {
		t.Fatal(err)
	}
	mot, err := r.NewMotor()
	if err != nil {
		t.Fatal(err)
	}
	components.Motor.SetValue(e, components.MotorData{Motor: mot})
	components.Body.SetValue(e, components.BodyData{Position: mgl64.Vec3{0, components.Body.Get(tmpl).Position[1], -4}})
	aw.more = append(aw.more, made)
	aw.walk(30)
	if _, ok := aw.p.Character(idB - 1); ok {
		t.Error("the removed character is still found by its stable ID")
	}
	id, ok := aw.p.IDOf(aw.w.Entry(made))
	if !ok || id != idB+1 {
		t.Errorf("the character made by hand has stable ID %d (%v), want %d", id, ok, idB+1)
	}
	if c, ok := aw.p.Character(id); !ok || c.Entity() != made {
		t.Error("Character does not find the character made by hand")
	}
	if d := aw.body(made).Position[0]; d < 2 {
		t.Errorf("the character made by hand walked %.3f m in half a second, want over 2", d)
	}
	// b walks as before: a was beside it, never in its way.
	sameBody(t, "the remaining walker", aw.body(aw.b), ref.body(ref.b))
}

// Characters run in stable ID order, the order they were made in, not in
// donburi's: with character collisions the earlier of two walkers heading
// into each other moves first, whatever archetype each is in.
func TestCharactersRunInStableIDOrder(t *testing.T) {
	run := func(tagFirst bool) [2]components.BodyData {
		w := donburi.NewWorld()
		if _, err := prefabs.SpawnLevel(w, "flat"); err != nil {
			t.Fatal(err)
		}
		p := systems.NewPipeline(w, systems.Options{CharacterCollisions: true})
		defer p.Close()
		a, _ := prefabs.Spawn(w, "capsule_walker", prefabs.At(mgl64.Vec3{-1, 1, 0}))
		b, _ := prefabs.Spawn(w, "capsule_walker", prefabs.At(mgl64.Vec3{1, 1, 0}), prefabs.Facing(3.141592653589793))
		if tagFirst {
			// a moves to an archetype donburi iterates after b's
			w.Entry(a).AddComponent(tagComp)
		}
		for i := 0; i < 60; i++ {
			for _, ent := range []donburi.Entity{a, b} {
				systems.Submit(w.Entry(ent), components.CommandData{Forward: 1})
			}
			p.Step()
		}
		return [2]components.BodyData{components.Body.GetValue(w.Entry(a)), components.Body.GetValue(w.Entry(b))}
	}
	plain, tagged := run(false), run(true)
	for i := range plain {
		sameBody(t, fmt.Sprintf("walker %d with a in another archetype", i), tagged[i], plain[i])
	}
}

// The pipeline reads each character's components from donburi's storage
// at the entity's archetype and position (systems/fetch.go): on the
// donburi in go.mod that is what ComponentType.Get returns, through
// spawns, removals, components added and removed and values swapped with
// Set, in several archetypes (abilities among them).
func TestStoragePositionsAreGets(t *testing.T) {
	w := donburi.NewWorld()
	if _, err := prefabs.SpawnLevel(w, "flat"); err != nil {
		t.Fatal(err)
	}
	p := systems.NewPipeline(w, systems.Options{})
	var ents []donburi.Entity
	recipes := []string{"capsule_walker", "arena_player", "fps_player"}
	checked := 0
	for round := 0; round < 40; round++ {
		ent, err := prefabs.Spawn(w, recipes[round%3], prefabs.At(mgl64.Vec3{float64(round % 7), 1, float64(round / 7)}),
			prefabs.Override(map[bool]string{true: "[climb]\nenabled = true", false: ""}[round%4 == 1]))
		if err != nil {
			t.Fatal(err)
		}
		ents = append(ents, ent)
		switch round % 5 {
		case 1:
			w.Remove(ents[round/2])
		case 2:
			if e := w.Entry(ents[round-1]); w.Valid(ents[round-1]) {
				e.AddComponent(tagComp)
			}
		case 3:
			if e := w.Entry(ents[round-2]); w.Valid(ents[round-2]) {
				e.RemoveComponent(tagComp)
				v := components.Body.GetValue(e)
				components.Body.Set(e, &v)
			}
		}
		p.Step()
		checked += p.CheckStorageFetch(t)
	}
	if checked < 200 {
		t.Fatalf("checked %d characters, want over 200", checked)
	}
}

// A standing character teleported by the game (SetValue on its Body)
// blocks the others where it now stands from the next tick: its capsule
// collider follows it (placeCharacter places a capsule again only when
// the character moved, and a teleport is a move). Walker b is put 3 m
// ahead of walker a, which then walks into it and stops at its capsule;
// b is put back where it stood, and a walks on through its old place.
func TestTeleportedCharacterBlocksWhereItStands(t *testing.T) {
	aw := newAPIWorld(t)
	put := func(x, z float64) {
		e := aw.w.Entry(aw.b)
		nb := components.Body.GetValue(e)
		nb.Position[0], nb.Position[2] = x, z
		nb.PrevPosition = nb.Position
		components.Body.SetValue(e, nb)
	}
	home := aw.body(aw.b).Position
	put(3, 0)
	walkA := func(n int) {
		for i := 0; i < n; i++ {
			systems.Submit(aw.w.Entry(aw.a), components.CommandData{Forward: 1})
			aw.p.Step()
		}
	}
	walkA(90)
	// capsule_walker: radius 0.3 m; the skin keeps a little more apart.
	if x := aw.body(aw.a).Position[0]; x > 3-0.6 || x < 3-0.7 {
		t.Fatalf("a stopped at x %.4f, want against b's capsule at 3 - 0.6 m", x)
	}
	put(home[0], home[2])
	walkA(60)
	if x := aw.body(aw.a).Position[0]; x < 5 {
		t.Fatalf("a at x %.4f after b went home: still blocked where b stood", x)
	}
}

// A KCC component swapped with ComponentType.Set for one whose Controller
// has another configuration (a larger skin) moves the character with that
// controller from the next tick on, as the same controller written into
// the component in place does: the tick's controllers are chosen from the
// components fetched that tick, not from the pointers of the last one.
func TestDonburiSetKCCController(t *testing.T) {
	swap := func(aw *apiWorld, set bool) {
		e := aw.w.Entry(aw.a)
		cfg := kcc.DefaultConfig()
		cfg.Offset = 0.1 // rests 0.1 m above the floor instead of the default skin
		ctrl := kcc.NewController(cfg)
		if set {
			v := components.KCC.GetValue(e)
			v.Controller = ctrl
			components.KCC.Set(e, &v)
		} else {
			components.KCC.Get(e).Controller = ctrl
		}
	}
	bySet, inPlace := newAPIWorld(t), newAPIWorld(t)
	swap(bySet, true)
	swap(inPlace, false)
	for i := 1; i <= 3; i++ {
		bySet.p.Step()
		inPlace.p.Step()
		sameBody(t, fmt.Sprintf("tick %d after the swap: Set against a write in place", i), bySet.body(bySet.a), inPlace.body(inPlace.a))
	}
	// capsule_walker: radius 0.3, half height 0.6: resting 0.9 m plus the
	// skin above the floor's top at y = 0.
	if y := bySet.body(bySet.a).Position[1]; y < 0.9+0.1-1e-3 {
		t.Fatalf("y %.4f: the walker does not rest on the new controller's 0.1 m skin", y)
	}
}
