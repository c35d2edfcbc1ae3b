package systems_test

import (
	"math"
	"sync/atomic"
	"testing"

	"github.com/go-gl/mathgl/mgl64"
	"github.com/seedgames/motorkit/components"
	"github.com/seedgames/motorkit/kcc"
	"github.com/seedgames/motorkit/prefabs"
	"github.com/seedgames/motorkit/systems"
	"github.com/yohamta/donburi"
)

// listenerScene is walkerPair (push_test.go) with a contact listener: A
// at x = 0 walks toward +x for 4 s, B stands at x = 2, CharacterCollisions
// on, the capsules free to overlap (teammates walk through each other).
func listenerScene(t *testing.T, a, b string, mk func(p *systems.Pipeline, ea, eb donburi.Entity) systems.ContactListener) (pa, pb []mgl64.Vec3) {
	t.Helper()
	return walkerPair(t, a, b, 0, 0, 240, mk, false)
}

// Teammates walk through each other: a listener that ignores the capsule
// of a character of the same team (both ways: B's own moves would push it
// out of A otherwise) lets A walk through B at full speed, 20 m in 4 s,
// and B stays where it stood. The same scene without the listener stops A
// at B.
func TestContactListenerTeammatesPassThrough(t *testing.T) {
	asked := 0
	team := func(p *systems.Pipeline, ea, eb donburi.Entity) systems.ContactListener {
		return systems.ContactListenerFunc(func(e donburi.Entity, ev kcc.ContactEvent) kcc.ContactAction {
			asked++
			if other, ok := p.CharacterOf(ev.Collider); ok && other != e && (other == ea || other == eb) {
				return kcc.ContactIgnore
			}
			return kcc.ContactAccept
		})
	}
	pa, pb := listenerScene(t, "", "", team)
	if x := pa[len(pa)-1][0]; x < 19 {
		t.Errorf("A got to x = %.3f, not through its teammate", x)
	}
	if d := pb[len(pb)-1].Sub(mgl64.Vec3{2, pb[len(pb)-1][1], 0}).Len(); d > 1e-9 {
		t.Errorf("B moved %.4f m", d)
	}
	if asked == 0 {
		t.Error("the listener was never asked")
	}
	none := func(*systems.Pipeline, donburi.Entity, donburi.Entity) systems.ContactListener {
		return systems.ContactListenerFunc(func(donburi.Entity, kcc.ContactEvent) kcc.ContactAction { return kcc.ContactAccept })
	}
	pa, _ = listenerScene(t, "", "", none)
	if x := pa[len(pa)-1][0]; x > 2-0.6+0.02 {
		t.Errorf("accepting every contact, A got to x = %.3f, past B", x)
	}
}

// A character may refuse to be pushed: A pushes (push_mask 1) and B
// answers ContactStop about A's capsule, so B stays put and A stops at B,
// as against a wall. When B accepts, the push is the one of
// TestCharactersPush: both at pushSpeed(1/2) = 3.111 m/s.
func TestContactListenerRefusesPush(t *testing.T) {
	const pusher = "[kcc]\npush_mask = 1\n"
	for _, c := range []struct {
		name   string
		answer kcc.ContactAction
		want   float64
	}{{"refused", kcc.ContactStop, 0}, {"accepted", kcc.ContactAccept, pushSpeed(0.5)}} {
		refuse := func(p *systems.Pipeline, ea, eb donburi.Entity) systems.ContactListener {
			return systems.ContactListenerFunc(func(e donburi.Entity, ev kcc.ContactEvent) kcc.ContactAction {
				if other, ok := p.CharacterOf(ev.Collider); e == eb && ok && other == ea {
					return c.answer
				}
				return kcc.ContactAccept
			})
		}
		pa, pb := listenerScene(t, pusher, "", refuse)
		if got := speed(pb, 60); math.Abs(got-c.want) > 0.02*c.want+1e-9 {
			t.Errorf("%s: B moves at %.4f m/s, want %.4f", c.name, got, c.want)
		}
		if got := speed(pa, 60); math.Abs(got-c.want) > 0.02*c.want+0.05 {
			t.Errorf("%s: A moves at %.4f m/s, want %.4f", c.name, got, c.want)
		}
		for i := range pa {
			if d := math.Hypot(pa[i][0]-pb[i][0], pa[i][2]-pb[i][2]); d < 0.6-0.01-1e-6 {
				t.Fatalf("%s, tick %d: the capsules overlap, axes %.4f m apart", c.name, i, d)
			}
		}
	}
}

// A one-way wall with workers: a listener lets walker A through a thin
// wall from its -x side (the contact normal, from the wall towards the
// capsule, points to -x) and holds every other character; walker B, on a
// parallel line, stops at it. Moved on two workers (the listener is asked
// from both), the result is the same bits as on one.
func TestContactListenerOneWayWallWorkers(t *testing.T) {
	run := func(workers int) (a, b mgl64.Vec3, asked int64) {
		w := worldWithLevel(t, "oneway", floor50+"[[box]]\ncenter = [3.0, 1.0, 0.0]\nhalf = [0.05, 1.0, 10.0]\n")
		var ents []donburi.Entity
		for i := 0; i < 8; i++ {
			e, err := prefabs.Spawn(w, "capsule_walker", prefabs.At(mgl64.Vec3{0, 0.91, float64(i) - 4}))
			if err != nil {
				t.Fatal(err)
			}
			ents = append(ents, e)
		}
		p := systems.NewPipeline(w, systems.Options{TickRate: 60, Workers: workers})
		defer p.Close()
		var n atomic.Int64
		p.SetContactListener(systems.ContactListenerFunc(func(e donburi.Entity, ev kcc.ContactEvent) kcc.ContactAction {
			n.Add(1)
			if e == ents[0] && ev.Collider == 1 && ev.Normal[0] < 0 {
				return kcc.ContactIgnore
			}
			return kcc.ContactAccept
		}))
		for i := 0; i < 120; i++ {
			for _, e := range ents {
				systems.Submit(w.Entry(e), components.CommandData{Forward: 1})
			}
			p.Step()
		}
		return components.Body.Get(w.Entry(ents[0])).Position, components.Body.Get(w.Entry(ents[1])).Position, n.Load()
	}
	a1, b1, n1 := run(1)
	a2, b2, n2 := run(2)
	if a1[0] < 5 {
		t.Errorf("A stopped at x = %.3f, not through the one-way wall at x = 3", a1[0])
	}
	if b1[0] > 3-0.05-0.3 {
		t.Errorf("B got to x = %.3f, through the wall", b1[0])
	}
	if a1 != a2 || b1 != b2 || n1 != n2 {
		t.Errorf("one worker: A %v B %v (%d questions); two: A %v B %v (%d)", a1, b1, n1, a2, b2, n2)
	}
}

// A tick with a contact listener allocates nothing once the scratch
// buffers have grown, on one worker and on two, and with character
// collisions and pushes.
func TestContactListenerAllocatesNothing(t *testing.T) {
	for _, opts := range []systems.Options{{Workers: 1}, {Workers: 2}, {CharacterCollisions: true}} {
		w := donburi.NewWorld()
		if _, err := prefabs.SpawnLevel(w, "course"); err != nil {
			t.Fatal(err)
		}
		var ents []donburi.Entity
		for i := 0; i < 64; i++ {
			pos := mgl64.Vec3{float64(i%8) * 0.7, 1.2, float64(i/8) * 0.7}
			e, err := prefabs.Spawn(w, "capsule_walker", prefabs.At(pos), prefabs.Facing(float64(i)*0.4),
				prefabs.Override("[kcc]\npush_mask = 1\n"))
			if err != nil {
				t.Fatal(err)
			}
			ents = append(ents, e)
		}
		opts.TickRate = 60
		p := systems.NewPipeline(w, opts)
		var asked atomic.Int64
		p.SetContactListener(systems.ContactListenerFunc(func(donburi.Entity, kcc.ContactEvent) kcc.ContactAction {
			asked.Add(1)
			return kcc.ContactAccept
		}))
		step := func() {
			for _, e := range ents {
				systems.Submit(w.Entry(e), components.CommandData{Forward: 1})
			}
			p.Step()
		}
		for i := 0; i < 60; i++ { // scratch buffers reach their size
			step()
		}
		if n := testing.AllocsPerRun(20, step); n != 0 {
			t.Errorf("%+v: %v allocations per tick", opts, n)
		}
		if asked.Load() == 0 {
			t.Errorf("%+v: the listener was never asked", opts)
		}
		p.Close()
	}
}

// The carry by a moving platform asks the listener too: on the living
// level's shuttle (3 m/s along z, deck at y = 1) a character rides toward
// a curtain across its way at z = 0 (y 1.4 to 3: the shuttle passes under
// it, a standing capsule does not). Accepting the curtain, the character
// is held at it (its feet at most its radius short of z = 0) while the deck
// goes on; a listener that ignores the curtain lets the carry through it as
// well as the move, and the character rides the 10 m run without drifting
// on the deck (under 1 mm, as TestLivingShuttleCarries).
func TestContactListenerCarryThrough(t *testing.T) {
	for _, answer := range []kcc.ContactAction{kcc.ContactAccept, kcc.ContactIgnore} {
		w, p, e := livingWalker(t, mgl64.Vec3{-10.4, 1 + 0.01 + 0.9, -4.6}, "")
		level := components.Level.Get(mustLevel(t, w)).World
		curtain := level.AddBox(mgl64.Vec3{-10, 2.2, 0}, mgl64.Vec3{2, 0.8, 0.05}, mgl64.Quat{W: 1})
		asked := 0
		p.SetContactListener(systems.ContactListenerFunc(func(who donburi.Entity, ev kcc.ContactEvent) kcc.ContactAction {
			if ev.Collider == curtain {
				asked++
				return answer
			}
			return kcc.ContactAccept
		}))
		p.Step()
		rel0 := components.Body.Get(e).Position.Sub(mover(t, w, 0))
		maxZ := math.Inf(-1)
		for i := 0; i < 300; i++ { // 1 s stop, then 10 m at 3 m/s (3.33 s)
			p.Step()
			maxZ = math.Max(maxZ, components.Body.Get(e).Position[2])
		}
		rel := components.Body.Get(e).Position.Sub(mover(t, w, 0))
		if asked == 0 {
			t.Errorf("%v: the listener was never asked about the curtain", answer)
		}
		switch answer {
		case kcc.ContactAccept:
			if maxZ > -0.3+1e-3 {
				t.Errorf("accepting the curtain: the character got to z = %.3f, through it", maxZ)
			}
		case kcc.ContactIgnore:
			if d := rel.Sub(rel0).Len(); d > 1e-3 || maxZ < 4 {
				t.Errorf("ignoring the curtain: drifted %.4f m on the deck, got to z = %.3f (want under 1 mm, past z = 4)", d, maxZ)
			}
		}
	}
}
