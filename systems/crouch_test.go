package systems_test

import (
	"testing"

	"github.com/go-gl/mathgl/mgl64"
	"github.com/seedgames/motorkit/components"
	"github.com/seedgames/motorkit/kcc"
	"github.com/seedgames/motorkit/prefabs"
	"github.com/seedgames/motorkit/systems"
	"github.com/yohamta/donburi"
)

// crouchUnderBeam plays hybrid_player (capsule 1.8 m tall, 0.9 m
// crouched) crouching and walking +x from x = 0 for 2 s at its crouch
// speed (1 m/s: it ends under the beam, whose x span 1..3 widened by the
// 0.3 m radius is 0.7..3.3), then standing still with crouch released for
// 1 s. With beam, a box from y = 1.2 to 1.5 spans the way: the crouched
// capsule (top at 0.91) passes under it, the standing one (top at 1.81)
// does not fit. It returns the tick the character stood up (-1: never)
// and the contacts the listener was asked about while not sweeping.
func crouchUnderBeam(t *testing.T, beam, collisions bool, answer kcc.ContactAction) (stood int, asked []kcc.ContactEvent) {
	t.Helper()
	level := floor50
	if beam {
		level += "[[box]]\ncenter = [2.0, 1.35, 0.0]\nhalf = [1.0, 0.15, 2.0]\n"
	}
	w := worldWithLevel(t, "beam", level)
	e, err := prefabs.Spawn(w, "hybrid_player", prefabs.At(mgl64.Vec3{0, 0.91, 0}))
	if err != nil {
		t.Fatal(err)
	}
	// A second character 3 m away: with CharacterCollisions, capsules in
	// the level besides the crouching one's own.
	if _, err := prefabs.Spawn(w, "hybrid_player", prefabs.At(mgl64.Vec3{0, 0.91, 3})); err != nil {
		t.Fatal(err)
	}
	p := systems.NewPipeline(w, systems.Options{TickRate: 60, CharacterCollisions: collisions})
	p.SetContactListener(systems.ContactListenerFunc(func(who donburi.Entity, ev kcc.ContactEvent) kcc.ContactAction {
		if who != e || ev.Collider != 1 {
			return kcc.ContactAccept
		}
		if !ev.Sweep {
			asked = append(asked, ev)
		}
		return answer
	}))
	stood = -1
	for i := 0; i < 180; i++ {
		cmd := components.CommandData{}
		if i < 120 {
			cmd = components.CommandData{Forward: 1, Crouch: true}
		}
		systems.Submit(w.Entry(e), cmd)
		p.Step()
		k := components.KCC.Get(w.Entry(e))
		if i == 119 {
			if x := components.Body.Get(w.Entry(e)).Position[0]; !k.Crouched || x < 0.7 || x > 3.3 {
				t.Fatalf("after 2 s: crouched %v at x = %.3f, want crouched under the beam (0.7..3.3)", k.Crouched, x)
			}
		}
		if i >= 120 && !k.Crouched && stood < 0 {
			stood = i
			if k.Shape.HalfHeight != 0.6 {
				t.Errorf("stood up with half height %v, want 0.6", k.Shape.HalfHeight)
			}
		}
	}
	return stood, asked
}

// A crouched character stands up on the first tick crouch is released
// when the standing capsule fits, whether CharacterCollisions is on or off:
// with it on, the character's own capsule collider (still crouched size)
// is not an obstacle to standing up (it was: such a character never stood
// up again).
func TestStandUpWhenRoom(t *testing.T) {
	for _, collisions := range []bool{false, true} {
		if stood, _ := crouchUnderBeam(t, false, collisions, kcc.ContactAccept); stood != 120 {
			t.Errorf("collisions %v: stood up on tick %d, want 120 (the release)", collisions, stood)
		}
	}
}

// Under a beam the character stays crouched; when the contact listener
// ignores the beam (a one-way platform it may stand into), the room check
// asks the listener about it (not sweeping) and the character stands up on
// the release tick.
func TestStandUpAsksListener(t *testing.T) {
	for _, collisions := range []bool{false, true} {
		stood, asked := crouchUnderBeam(t, true, collisions, kcc.ContactAccept)
		if stood >= 0 {
			t.Errorf("collisions %v, beam accepted: stood up on tick %d under it", collisions, stood)
		}
		if len(asked) == 0 {
			t.Errorf("collisions %v, beam accepted: the listener was never asked about the beam while standing up", collisions)
		}
		stood, asked = crouchUnderBeam(t, true, collisions, kcc.ContactIgnore)
		if stood != 120 {
			t.Errorf("collisions %v, beam ignored: stood up on tick %d, want 120", collisions, stood)
		}
		if len(asked) == 0 || asked[0].Distance > 0 {
			t.Errorf("collisions %v, beam ignored: asked %v, want an overlap (distance <= 0) with the beam", collisions, asked)
		}
	}
}
