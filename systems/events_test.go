package systems_test

import (
	"bytes"
	"math"
	"testing"

	"github.com/go-gl/mathgl/mgl64"
	"github.com/seedgames/motorkit/components"
	"github.com/seedgames/motorkit/kcc"
	"github.com/seedgames/motorkit/prefabs"
	"github.com/seedgames/motorkit/systems"
	"github.com/yohamta/donburi"
)

// eventsLevel: a floor (top y = 0); a wall whose face is at x = 3; a
// sensor over x in [1, 1.5]; at x = -10 a 3 x 0.5 x 3 m lift rising at
// 2 m/s from deck y = 0 to deck y = 1.5 after 0.5 s, under a slab whose
// bottom is at y = 3 (1.5 m of room for a 1.8 m capsule).
const eventsLevel = `
[[box]]
center = [0.0, -0.5, 0.0]
half = [40.0, 0.5, 40.0]

[[box]]
center = [3.5, 1.5, 0.0]
half = [0.5, 1.5, 5.0]

[[sensor]]
name = "gate"
center = [1.25, 1.0, 0.0]
half = [0.25, 1.0, 2.0]

[[box]]
center = [-10.0, 3.5, 0.0]
half = [4.0, 0.5, 4.0]

[[platform]]
half = [1.5, 0.25, 1.5]
waypoints = [[-10.0, -0.25, 0.0], [-10.0, 1.25, 0.0]]
wait = [0.5, 1000.0]
speed = 2.0
`

// eventsRun plays eventsLevel for ticks with a walker dropped from feet
// at y = 1.1 at x = 0 that walks +x into the wall, and a rider on the
// lift, with Options.Events when publish; with listen, a subscriber
// records every event. It returns the
// events, the pipeline's state at the end, the walker and the rider, and
// whether the rider is Crushed at the end.
func eventsRun(t *testing.T, ticks int, listen, publish bool) ([]systems.Event, []byte, donburi.Entity, donburi.Entity, bool) {
	t.Helper()
	w := donburi.NewWorld()
	lv, err := prefabs.BuildLivingLevel([]byte(eventsLevel), "events.toml")
	if err != nil {
		t.Fatal(err)
	}
	prefabs.SetLevelData(w, lv)
	walker, err := prefabs.Spawn(w, "capsule_walker", prefabs.At(mgl64.Vec3{0, 1.1 + 0.9, 0}))
	if err != nil {
		t.Fatal(err)
	}
	rider, err := prefabs.Spawn(w, "capsule_walker", prefabs.At(mgl64.Vec3{-10, 0.91, 0}))
	if err != nil {
		t.Fatal(err)
	}
	var got []systems.Event
	if listen {
		systems.Events.Subscribe(w, func(_ donburi.World, e systems.Event) { got = append(got, e) })
	}
	p := systems.NewPipeline(w, systems.Options{TickRate: 60, Events: publish})
	components.Command.Get(w.Entry(walker)).Forward = 1 // yaw 0: along +x
	for i := 0; i < ticks; i++ {
		p.Step()
	}
	state, err := p.SaveState(nil)
	if err != nil {
		t.Fatal(err)
	}
	return got, state, walker, rider, components.KCC.Get(w.Entry(rider)).Crushed
}

// TestCharacterEvents: the walker lands once (its fall of h = 1.1 m under
// gravity g ends at about sqrt(2gh), within one tick's g*dt), passes the
// sensor (entered, then exited), touches the wall once however long it
// presses on it; the rider lands once, and is crushed once when the lift
// leaves it less room than its height, KCCData.Crushed staying set for
// the rest of the squeeze. Nothing else is published, each event names
// the character's stable ID and entity, and the ticks are in order. A run
// without a subscriber, and one without Options.Events, end in the same
// state, bit for bit.
func TestCharacterEvents(t *testing.T) {
	const ticks = 240
	got, state, walker, rider, crushed := eventsRun(t, ticks, true, true)
	_, quiet, _, _, _ := eventsRun(t, ticks, false, true)
	_, off, _, _, _ := eventsRun(t, ticks, false, false)
	if !bytes.Equal(state, quiet) || !bytes.Equal(state, off) {
		t.Fatal("the state after the run differs with and without a subscriber, or without Options.Events")
	}
	if !crushed {
		t.Error("the rider is not Crushed at the end, the lift still pressing it under the slab")
	}
	count := map[donburi.Entity]map[systems.EventKind]int{walker: {}, rider: {}}
	last := uint64(0)
	for _, e := range got {
		t.Logf("tick %3d: %-14s id %d collider %d normal %.2f speed %.3f", e.Tick, e.Kind, e.ID, e.Collider, e.Normal, e.Speed)
		if e.Tick < last {
			t.Errorf("event of tick %d after one of tick %d", e.Tick, last)
		}
		last = e.Tick
		if count[e.Entity] == nil {
			t.Fatalf("event %v names entity %v, neither the walker nor the rider", e, e.Entity)
		}
		count[e.Entity][e.Kind]++
		switch e.Kind {
		case systems.EventLanded:
			if e.Entity == walker {
				const g, h = 20.0, 1.1 // capsule_walker's gravity (KCCData.Gravity), the feet's height
				want := math.Sqrt(2 * g * h)
				if math.Abs(e.Speed-want) > g/60 {
					t.Errorf("walker landed at %.3f m/s, want %.3f within %.3f", e.Speed, want, g/60)
				}
			}
			if e.Normal != (mgl64.Vec3{0, 1, 0}) || e.Collider == kcc.NoCollider {
				t.Errorf("landing on %d with normal %v, want the floor's up", e.Collider, e.Normal)
			}
		case systems.EventTouchedWall:
			if d := e.Normal.Sub(mgl64.Vec3{-1, 0, 0}).Len(); d > 1e-9 || e.Collider == kcc.NoCollider {
				t.Errorf("wall %d with normal %v, want the wall's -x", e.Collider, e.Normal)
			}
		}
	}
	want := map[donburi.Entity]map[systems.EventKind]int{
		walker: {systems.EventLanded: 1, systems.EventEnteredSensor: 1, systems.EventExitedSensor: 1, systems.EventTouchedWall: 1},
		rider:  {systems.EventLanded: 1, systems.EventCrushed: 1},
	}
	for e, kinds := range want {
		for kind, n := range kinds {
			if count[e][kind] != n {
				t.Errorf("entity %v: %d %q events, want %d", e, count[e][kind], kind, n)
			}
		}
		for kind, n := range count[e] {
			if kinds[kind] == 0 {
				t.Errorf("entity %v: %d unexpected %q events", e, n, kind)
			}
		}
	}
}
