package systems_test

import (
	"math"
	"testing"

	"github.com/go-gl/mathgl/mgl64"
	"github.com/seedgames/motorkit/components"
	"github.com/seedgames/motorkit/internal/fieldcrowd"
	"github.com/seedgames/motorkit/kcc"
	"github.com/seedgames/motorkit/prefabs"
	"github.com/seedgames/motorkit/systems"
	"github.com/yohamta/donburi"
)

// FuzzCharactersPush plays up to four walkers that push each other (random
// places, masses including hostile ones, push layers and masks, commands,
// and with listen > 0 a contact listener that answers ContactStop or
// ContactAccept by the mover and the collider, refusing and allowing
// pushes) on a floor with a wall: no position or velocity is ever
// non-finite, and no two capsules ever come closer than 2r - skin.
func FuzzCharactersPush(f *testing.F) {
	f.Add([]byte{0, 10, 200, 1, 1, 60, 20, 90, 2, 1, 120, 5, 30, 1, 3}, 1.0, 70.0, uint8(60), uint8(0))
	f.Add([]byte{255, 0, 255, 3, 3, 128, 128, 128, 3, 3}, math.NaN(), 1e300, uint8(120), uint8(0))
	f.Add([]byte{10, 10, 10, 1, 0, 12, 10, 10, 0, 1}, -5.0, 0.0, uint8(90), uint8(0))
	f.Add([]byte{0, 10, 200, 1, 1, 60, 20, 90, 2, 1, 120, 5, 30, 1, 3}, 1.0, 70.0, uint8(60), uint8(5))
	f.Add([]byte{10, 10, 10, 1, 1, 12, 10, 10, 1, 1}, 70.0, 7.0, uint8(90), uint8(2))
	f.Fuzz(func(t *testing.T, layout []byte, mass0, mass1 float64, ticks, listen uint8) {
		w := worldWithLevel(t, "push", "[[box]]\ncenter = [0.0, -0.5, 0.0]\nhalf = [20.0, 0.5, 20.0]\n"+
			"[[box]]\ncenter = [4.0, 1.5, 0.0]\nhalf = [0.25, 1.5, 6.0]\n")
		var es []donburi.Entity
		var ps []mgl64.Vec3
		for i := 0; i+5 <= len(layout) && len(es) < 4; i += 5 {
			b := layout[i : i+5]
			pos := mgl64.Vec3{float64(b[0])/255*6 - 3, 0.91, float64(b[1])/255*6 - 3}
			ok := true
			for _, q := range ps {
				if math.Hypot(pos[0]-q[0], pos[2]-q[2]) < 0.7 {
					ok = false
				}
			}
			if !ok {
				continue
			}
			ent, err := prefabs.Spawn(w, "capsule_walker", prefabs.At(pos), prefabs.Facing(float64(b[2])/255*2*math.Pi))
			if err != nil {
				t.Fatal(err)
			}
			k := components.KCC.Get(w.Entry(ent))
			k.PushLayers, k.PushMask = uint32(b[3]), uint32(b[4])
			k.Mass = []float64{mass0, mass1, float64(b[2]), 70}[len(es)]
			es = append(es, ent)
			ps = append(ps, pos)
		}
		if len(es) < 2 {
			return
		}
		p := systems.NewPipeline(w, systems.Options{TickRate: 60, CharacterCollisions: true})
		if listen > 0 {
			p.SetContactListener(systems.ContactListenerFunc(func(e donburi.Entity, ev kcc.ContactEvent) kcc.ContactAction {
				if (int(e.Id())*7+int(ev.Collider)*3+int(listen))%3 == 0 {
					return kcc.ContactStop
				}
				return kcc.ContactAccept
			}))
		}
		for tick := 0; tick < int(ticks)%180+1; tick++ {
			for i, ent := range es {
				b := layout[(tick+i)%len(layout)]
				systems.Submit(w.Entry(ent), components.CommandData{Forward: float64(b&3) - 1, Strafe: float64(b>>2&3) - 1.5})
			}
			p.Step()
			for i, ent := range es {
				b := components.Body.Get(w.Entry(ent))
				if !motorsFinite(b.Position) || !motorsFinite(b.Velocity) {
					t.Fatalf("tick %d: character %d at %v with %v", tick, i, b.Position, b.Velocity)
				}
				for j := i + 1; j < len(es); j++ {
					o := components.Body.Get(w.Entry(es[j])).Position
					if d := fieldcrowd.AxisDistance(b.Position, o, 0.6); d < 0.6-0.01-1e-6 {
						t.Fatalf("tick %d: characters %d and %d overlap, axes %.4f m apart", tick, i, j, d)
					}
				}
			}
		}
	})
}

func motorsFinite(v mgl64.Vec3) bool {
	return !math.IsNaN(v[0]+v[1]+v[2]) && !math.IsInf(v[0]+v[1]+v[2], 0)
}
