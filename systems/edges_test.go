package systems_test

import (
	"testing"

	"github.com/go-gl/mathgl/mgl64"
	"github.com/seedgames/motorkit/components"
	"github.com/seedgames/motorkit/prefabs"
	"github.com/seedgames/motorkit/systems"
	"github.com/yohamta/donburi"
)

// TestEdgesClearedAfterEveryReader: a command's edges (DashPressed and
// Pending here) submitted before a tick are seen by whatever of the game's
// runs in that tick after the characters' moves (a system of the rules
// stage, one added before the cleanup, an event handler), and cleared after
// the tick, for a character and for an entity that has a Command and is no
// character. The pipeline clears a character's edges at the end of its move
// when nothing after the moves can read them, and in the cleanup otherwise:
// a reader that missed the edge would mean the first way was taken wrongly.
func TestEdgesClearedAfterEveryReader(t *testing.T) {
	cases := []struct {
		name   string
		events bool
		add    func(p *systems.Pipeline, read systems.Func) error
	}{
		{"no reader", false, nil},
		{"rules system", false, func(p *systems.Pipeline, read systems.Func) error {
			return p.Add(systems.StageRules, "read", read)
		}},
		{"system before the cleanup", false, func(p *systems.Pipeline, read systems.Func) error {
			return p.AddBefore(systems.StageCleanup, "read", read)
		}},
		{"event handler", true, nil},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			w := donburi.NewWorld()
			if _, err := prefabs.SpawnLevel(w, "flat"); err != nil {
				t.Fatal(err)
			}
			// Dropped from 0.5 m above its standing height: it lands in the
			// run, for the event handler.
			walker, err := prefabs.Spawn(w, "capsule_walker", prefabs.At(mgl64.Vec3{0, 1.41, 0}))
			if err != nil {
				t.Fatal(err)
			}
			other := w.Create(components.Command)
			p := systems.NewPipeline(w, systems.Options{TickRate: 60, Events: tc.events})
			t.Cleanup(p.Close)
			reads, missed := 0, 0
			read := func(w donburi.World, _ systems.Tick) {
				for _, e := range []donburi.Entity{walker, other} {
					reads++
					if c := components.Command.Get(w.Entry(e)); !c.DashPressed || !c.Pending {
						missed++
					}
				}
			}
			if tc.add != nil {
				if err := tc.add(p, read); err != nil {
					t.Fatal(err)
				}
			}
			if tc.events {
				systems.Events.Subscribe(w, func(w donburi.World, e systems.Event) {
					if e.Kind == systems.EventLanded {
						read(w, systems.Tick{})
					}
				})
			}
			for tick := 0; tick < 60; tick++ {
				for _, e := range []donburi.Entity{walker, other} {
					systems.Submit(w.Entry(e), components.CommandData{Forward: 0.5, DashPressed: true})
				}
				p.Step()
				for _, e := range []donburi.Entity{walker, other} {
					if c := components.Command.Get(w.Entry(e)); c.DashPressed || c.Pending {
						t.Fatalf("tick %d: entity %v's edges are left after the tick: %+v", tick, e, *c)
					}
				}
			}
			if (tc.add != nil || tc.events) && reads == 0 {
				t.Fatal("the reader never ran")
			}
			if missed != 0 {
				t.Fatalf("%d of %d reads after the moves missed the tick's edges", missed, reads)
			}
		})
	}
}
