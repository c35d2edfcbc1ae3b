package systems_test

import (
	"fmt"
	"math"
	"testing"

	"github.com/go-gl/mathgl/mgl64"
	"github.com/seedgames/motorkit/components"
	"github.com/seedgames/motorkit/kcc"
	"github.com/seedgames/motorkit/prefabs"
	"github.com/seedgames/motorkit/systems"
	"github.com/yohamta/donburi"
)

// pushScene spawns walker A at x = 0 walking toward +x and a standing
// walker B at (2, bz) on a flat floor, with CharacterCollisions; wallAt > 0
// puts a wall just past B. It runs ticks ticks, checks that the capsules
// never overlap, and returns both position histories.
func pushScene(t *testing.T, a, b string, bz, wallAt float64, ticks int) (pa, pb []mgl64.Vec3) {
	t.Helper()
	return walkerPair(t, a, b, bz, wallAt, ticks, nil, true)
}

// floor50 is a level's 100 m x 100 m floor box, its top at y = 0.
const floor50 = "[[box]]\ncenter = [0.0, -0.5, 0.0]\nhalf = [50.0, 0.5, 50.0]\n"

// worldWithLevel returns a new world whose level is built from the level
// TOML text (named name).
func worldWithLevel(t testing.TB, name, level string) donburi.World {
	t.Helper()
	kw, err := prefabs.BuildLevel([]byte(level), name+".toml")
	if err != nil {
		t.Fatal(err)
	}
	w := donburi.NewWorld()
	prefabs.SetLevel(w, kw, name)
	return w
}

// walkerPair is pushScene with a contact listener made by listen from the
// pipeline and the two walkers (nil: none), and the overlap check only
// when overlap is true.
func walkerPair(t *testing.T, a, b string, bz, wallAt float64, ticks int,
	listen func(p *systems.Pipeline, ea, eb donburi.Entity) systems.ContactListener, overlap bool) (pa, pb []mgl64.Vec3) {
	t.Helper()
	level := floor50
	if wallAt > 0 {
		level += fmt.Sprintf("[[box]]\ncenter = [%v, 1.5, 0.0]\nhalf = [0.25, 1.5, 5.0]\n", wallAt+0.25)
	}
	w := worldWithLevel(t, "push", level)
	ea, err := prefabs.Spawn(w, "capsule_walker", prefabs.At(mgl64.Vec3{0, 0.91, 0}), prefabs.Override(a))
	if err != nil {
		t.Fatal(err)
	}
	eb, err := prefabs.Spawn(w, "capsule_walker", prefabs.At(mgl64.Vec3{2, 0.91, bz}), prefabs.Override(b))
	if err != nil {
		t.Fatal(err)
	}
	p := systems.NewPipeline(w, systems.Options{TickRate: 60, CharacterCollisions: true})
	if listen != nil {
		p.SetContactListener(listen(p, ea, eb))
	}
	for i := 0; i < ticks; i++ {
		systems.Submit(w.Entry(ea), components.CommandData{Forward: 1})
		p.Step()
		pa = append(pa, components.Body.Get(w.Entry(ea)).Position)
		pb = append(pb, components.Body.Get(w.Entry(eb)).Position)
		if d := math.Hypot(pa[i][0]-pb[i][0], pa[i][2]-pb[i][2]); overlap && d < 0.6-0.01-1e-6 {
			t.Fatalf("tick %d: the capsules overlap, axes %.4f m apart", i, d)
		}
	}
	return pa, pb
}

// speed is the planar speed of a position history over its last n ticks.
func speed(ps []mgl64.Vec3, n int) float64 {
	a, b := ps[len(ps)-1-n], ps[len(ps)-1]
	return math.Hypot(b[0]-a[0], b[2]-a[2]) * 60 / float64(n)
}

// pushSpeed is the speed at which a basic-motor walker (5 m/s, ground
// accel 40 m/s², 60 Hz) pushes an idle one that gives way by the share
// phi = mA/(mA+mB), once they walk together (push.go). Per tick, in metres:
// A's move is V = 5/60; B's motor brakes its velocity by 40/60 m/s, a move
// of delta = 40/3600 less. A meets B at the gap g that B's own move opened
// and pushes it by s = phi*(V - g); B then has the push's velocity s/dt,
// brakes to s/dt - 40/60 and moves g = s - delta by itself the next tick.
// So s = phi*(V + delta - s), s = phi*(V+delta)/(1+phi), and both move
// D = g + s = 2s - delta a tick. When s <= delta the push is too slow to
// outlast B's brake: g = 0 and D = s = phi*V, the plain mass share.
func pushSpeed(phi float64) float64 {
	const v, delta = 5.0 / 60, 40.0 / 3600
	s := phi * (v + delta) / (1 + phi)
	if s <= delta {
		return phi * v * 60
	}
	return (2*s - delta) * 60
}

// Characters that push (push.go), at pushSpeed: 3.111 m/s for equal
// masses, 4.730 for a ten times lighter B, 5*70/770 = 0.4545 for a ten
// times heavier one (its brake outlasts the push). A keeps its 5 m/s
// velocity (B gives way), so the two stay in contact. B, hit 0.1 m off its
// axis, is pushed aside (its z grows) while A slides past it. A wall holds
// B and stops A; without a push mask (the default), or when B is not on a
// layer A pushes, A stops at B. The capsules never overlap (pushScene
// checks every tick).
func TestCharactersPush(t *testing.T) {
	const pusher = "[kcc]\npush_mask = 1\n"
	for _, c := range []struct {
		name, a, b string
		want       float64
	}{
		{"equal masses", pusher, "", pushSpeed(0.5)},
		{"lighter", pusher + "mass = 700.0\n", "", pushSpeed(700.0 / 770)},
		{"heavier", pusher, "[kcc]\nmass = 700.0\n", pushSpeed(70.0 / 770)},
	} {
		pa, pb := pushScene(t, c.a, c.b, 0, 0, 240)
		if got := speed(pb, 60); math.Abs(got-c.want) > 0.02*c.want {
			t.Errorf("%s: B pushed at %.4f m/s, want %.4f", c.name, got, c.want)
		}
		if got := speed(pa, 60); math.Abs(got-c.want) > 0.02*c.want {
			t.Errorf("%s: A walks at %.4f m/s, want %.4f", c.name, got, c.want)
		}
	}
	pa, pb := pushScene(t, pusher, "", 0.1, 0, 240)
	if pb[len(pb)-1][2] < 0.2 || pa[len(pa)-1][0] < 10 {
		t.Errorf("glancing push: B at %v (not pushed aside), A at %v", pb[len(pb)-1], pa[len(pa)-1])
	}
	for _, c := range []struct {
		name, a, b string
		wallAt     float64
	}{
		{"held by a wall", pusher, "", 3},
		{"no push mask", "", "", 0},
		{"not on a pushed layer", pusher, "[kcc]\npush_layers = 2\n", 0},
	} {
		pa, pb := pushScene(t, c.a, c.b, 0, c.wallAt, 240)
		if got := speed(pa, 60); got > 0.05 {
			t.Errorf("%s: A still walks at %.4f m/s", c.name, got)
		}
		if c.wallAt == 0 && math.Abs(pb[len(pb)-1][0]-2) > 1e-9 {
			t.Errorf("%s: B moved to %v", c.name, pb[len(pb)-1])
		}
		if c.wallAt > 0 && pb[len(pb)-1][0] > c.wallAt-0.3 {
			t.Errorf("%s: B at %v, through the wall at x = %v", c.name, pb[len(pb)-1], c.wallAt)
		}
	}
}

// A line of three walkers that all push (A walks, B and C stand, touching
// in a row): A's push moves B, which first pushes C (push.go), each by its
// own mass share. Per tick A asks B for half its move; B asks C for half
// of that and, blocked by C, moves as far as C: a quarter. So B gave A
// half of the push, A keeps v_A/4 + (v_A - v_A/4)/2 = 5/8 of its velocity
// and its motor adds accel*dt = 40/60 m/s back: v_A = 5/8 v_A + 2/3, v_A =
// 16/9 m/s, and the line moves at v_A/4 = 4/9 = 0.4444 m/s.
func TestPushedCharactersPushOn(t *testing.T) {
	w := worldWithLevel(t, "line", floor50)
	var es []donburi.Entity
	for i := 0; i < 3; i++ {
		e, err := prefabs.Spawn(w, "capsule_walker", prefabs.At(mgl64.Vec3{float64(i), 0.91, 0}), prefabs.Override("[kcc]\npush_mask = 1\n"))
		if err != nil {
			t.Fatal(err)
		}
		es = append(es, e)
	}
	p := systems.NewPipeline(w, systems.Options{TickRate: 60, CharacterCollisions: true})
	var c []mgl64.Vec3
	for i := 0; i < 240; i++ {
		systems.Submit(w.Entry(es[0]), components.CommandData{Forward: 1})
		p.Step()
		c = append(c, components.Body.Get(w.Entry(es[2])).Position)
	}
	if got := speed(c, 60); math.Abs(got-4.0/9) > 1e-3 {
		t.Fatalf("the line moves at %.4f m/s, want 4/9 = %.4f", got, 4.0/9)
	}
}

// A push goes across the pusher's own Up (its controller's), not across
// +Y whatever the Up: two walkers whose controllers have Up = +X, in no
// gravity, 1 m apart along y; A moves along +y (across its Up) at 3 m/s
// and pushes B along +y only. Before pushes followed each character's Up,
// the push was the move's xz part, here nothing, and A stopped at B.
func TestPushAcrossOwnUp(t *testing.T) {
	w := worldWithLevel(t, "far", floor50)
	const over = "[kcc]\npush_mask = 1\ngravity = 0.0\n"
	ea, err := prefabs.Spawn(w, "capsule_walker", prefabs.At(mgl64.Vec3{0, 20, 0}), prefabs.Override(over))
	if err != nil {
		t.Fatal(err)
	}
	eb, err := prefabs.Spawn(w, "capsule_walker", prefabs.At(mgl64.Vec3{0, 21, 0}), prefabs.Override(over))
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range []donburi.Entity{ea, eb} {
		k := components.KCC.Get(w.Entry(e))
		cfg := k.Controller.Config()
		cfg.Up = mgl64.Vec3{1, 0, 0}
		k.Controller = kcc.NewController(cfg)
	}
	p := systems.NewPipeline(w, systems.Options{TickRate: 60, CharacterCollisions: true})
	b0 := components.Body.Get(w.Entry(eb)).Position
	for tick := 0; tick < 60; tick++ {
		components.Body.Get(w.Entry(ea)).Velocity = mgl64.Vec3{0, 3, 0}
		p.Step()
		a, b := components.Body.Get(w.Entry(ea)).Position, components.Body.Get(w.Entry(eb)).Position
		// Both capsules lie along x (their Up): their axes are apart by
		// the distance in the yz plane.
		if d := math.Hypot(a[1]-b[1], a[2]-b[2]); d < 0.6-0.01-1e-6 {
			t.Fatalf("tick %d: capsules overlap (axes %.4f m apart)", tick, d)
		}
	}
	b := components.Body.Get(w.Entry(eb))
	if moved := b.Position[1] - b0[1]; moved < 1 {
		t.Fatalf("B moved %.4f m along y in 1 s, want it pushed (A walked 3 m)", moved)
	}
	if b.Position[0] != b0[0] || b.Position[2] != b0[2] {
		t.Fatalf("B left its line: %v from %v", b.Position, b0)
	}
	if b.Velocity[1] <= 0 {
		t.Fatalf("B's velocity %v: a pushed character keeps the push's velocity", b.Velocity)
	}
}

// TestCrowdControllerReplacedMidGame: among colliding characters (the
// crowd's planning assigns the controllers' slots with its fetch), a
// character whose KCCData.Controller a game replaces moves with the new
// one from the next tick. Two walkers pressed against a wall (its face at
// x = 2) by their velocity, on 1 and 2 workers: with the default skin the
// first stands 0.01 m from the wall; its controller replaced by one of
// skin 0.05, it stands 0.05 m from it (the capsule's radius 0.3 from its
// axis), as its move's cast stops Offset before the wall.
func TestCrowdControllerReplacedMidGame(t *testing.T) {
	const level = floor50 + "[[box]]\ncenter = [2.5, 1.0, 0.0]\nhalf = [0.5, 1.0, 5.0]\n"
	for _, workers := range []int{1, 2} {
		w := worldWithLevel(t, "wall", level)
		var es []donburi.Entity
		for _, z := range []float64{0, 3} {
			e, err := prefabs.Spawn(w, "capsule_walker", prefabs.At(mgl64.Vec3{0, 0.91, z}))
			if err != nil {
				t.Fatal(err)
			}
			es = append(es, e)
		}
		p := systems.NewPipeline(w, systems.Options{TickRate: 60, Workers: workers, CharacterCollisions: true})
		gap := func() float64 { return 2 - components.Body.Get(w.Entry(es[0])).Position[0] - 0.3 }
		press := func(ticks int) {
			for i := 0; i < ticks; i++ {
				for _, e := range es {
					components.Body.Get(w.Entry(e)).Velocity = mgl64.Vec3{3, 0, 0}
				}
				p.Step()
			}
		}
		press(60)
		if g := gap(); math.Abs(g-0.01) > 1e-3 {
			t.Fatalf("%d workers: %.4f m from the wall with the default skin, want 0.01", workers, g)
		}
		k := components.KCC.Get(w.Entry(es[0]))
		cfg := k.Controller.Config()
		cfg.Offset = 0.05
		k.Controller = kcc.NewController(cfg)
		press(30)
		if g := gap(); math.Abs(g-0.05) > 1e-3 {
			t.Fatalf("%d workers: %.4f m from the wall after the skin became 0.05, want 0.05", workers, g)
		}
		p.Close()
	}
}
