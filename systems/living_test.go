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

// The living level through the real pipeline at 60 Hz with the walker
// prefab (gravity 20 m/s², the KCC stage's caller): platforms from
// prefabs/levels/living.toml move in the "platforms" system and carry the
// characters standing on them.

func livingWalker(t *testing.T, at mgl64.Vec3, override string) (donburi.World, *systems.Pipeline, *donburi.Entry) {
	t.Helper()
	w := donburi.NewWorld()
	if _, err := prefabs.SpawnLevel(w, "living"); err != nil {
		t.Fatal(err)
	}
	opts := []prefabs.Option{prefabs.At(at)}
	if override != "" {
		opts = append(opts, prefabs.Override(override))
	}
	ent, err := prefabs.Spawn(w, "capsule_walker", opts...)
	if err != nil {
		t.Fatal(err)
	}
	return w, systems.NewPipeline(w, systems.Options{TickRate: 60}), w.Entry(ent)
}

// mover returns the pose of the level's i-th mover.
func mover(t *testing.T, w donburi.World, i int) mgl64.Vec3 {
	lv := components.Level.Get(mustLevel(t, w))
	p, _, err := lv.World.Transform(lv.Movers.Movers[i].Collider)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

func mustLevel(t *testing.T, w donburi.World) *donburi.Entry {
	e, ok := components.Level.First(w)
	if !ok {
		t.Fatal("no level")
	}
	return e
}

// Standing on the shuttle (3 m/s along z with 1 s stops, deck at y = 1)
// for 10 s: grounded on every tick, the position relative to the deck
// drifts less than 1 mm, and the shuttle went back and forth (its period
// is 2·(10 m / 3 m/s) + 2·1 s = 8.67 s).
func TestLivingShuttleCarries(t *testing.T) {
	start := mgl64.Vec3{-10.4, 1 + 0.01 + 0.9, -4.6}
	w, p, e := livingWalker(t, start, "")
	p.Step()
	rel0 := components.Body.Get(e).Position.Sub(mover(t, w, 0))
	minZ, maxZ := math.Inf(1), math.Inf(-1)
	for i := 0; i < 600; i++ {
		p.Step()
		k := components.KCC.Get(e)
		if !k.Grounded {
			t.Fatalf("tick %d: not grounded on the shuttle", i)
		}
		pos := components.Body.Get(e).Position
		minZ, maxZ = math.Min(minZ, pos[2]), math.Max(maxZ, pos[2])
	}
	rel := components.Body.Get(e).Position.Sub(mover(t, w, 0))
	if d := rel.Sub(rel0).Len(); d > 1e-3 {
		t.Fatalf("drifted %v m relative to the shuttle in 10 s", d)
	}
	if maxZ-minZ < 9.9 {
		t.Fatalf("carried over %v m of z, want the full 10 m run", maxZ-minZ)
	}
}

// Riding the lift from the floor to y = 6 (2 m/s, 2 s stops): grounded on
// every tick, feet within the skin and ground tolerance of the deck.
func TestLivingLift(t *testing.T) {
	w, p, e := livingWalker(t, mgl64.Vec3{10, 0.91, 0}, "")
	for i := 0; i < 60*8; i++ { // 2 s wait, 3 s up, 2 s wait, part of the way down
		p.Step()
		k := components.KCC.Get(e)
		deck := mover(t, w, 1)[1] + 0.25
		feet := components.Body.Get(e).Position[1] - 0.9
		if !k.Grounded || feet-deck < -1e-6 || feet-deck > 0.02+1e-6 {
			t.Fatalf("tick %d: grounded %v, feet %v m above the deck", i, k.Grounded, feet-deck)
		}
		if i == 60*6 && math.Abs(deck-6) > 1e-9 {
			t.Fatalf("deck at %v after 6 s, want 6", deck)
		}
	}
}

// Jumping off the moving shuttle with each leave policy: add_velocity and
// add_upward_velocity keep the shuttle's 3 m/s along z (Godot's
// add_upward_velocity drops only a downward part; the shuttle moves
// horizontally), do_nothing keeps none of it.
func TestLivingLeavePolicy(t *testing.T) {
	for _, c := range []struct {
		policy string
		vz     float64
	}{{"add_velocity", 3}, {"add_upward_velocity", 3}, {"do_nothing", 0}} {
		_, p, e := livingWalker(t, mgl64.Vec3{-10, 1.91, -4.6}, "[kcc]\nplatform_on_leave = \""+c.policy+"\"")
		for i := 0; i < 90; i++ { // 1 s stop, then moving for 0.5 s
			p.Step()
		}
		if !components.KCC.Get(e).Grounded {
			t.Fatal("not on the shuttle before the jump")
		}
		systems.Submit(e, components.CommandData{JumpPressed: true, JumpHeld: true})
		p.Step()
		k := components.KCC.Get(e)
		v := components.Body.Get(e).Velocity
		if k.Grounded || math.Abs(v[2]-c.vz) > 1e-9 {
			t.Fatalf("%s: grounded %v, velocity %v after the jump, want vz %v", c.policy, k.Grounded, v, c.vz)
		}
	}
	// An unknown policy is a recipe error naming the key.
	w := donburi.NewWorld()
	prefabs.SpawnLevel(w, "living")
	if _, err := prefabs.Spawn(w, "capsule_walker", prefabs.Override("[kcc]\nplatform_on_leave = \"fly\"")); err == nil {
		t.Fatal("unknown platform_on_leave accepted")
	}
}

// On the turntable (30°/s) a character standing 2 m from its axis goes
// round with it, and with turn_with_platform its view turns too: after
// 6 s, 180° around, view yaw changed by π (yaw grows clockwise from above,
// the turntable turns counter-clockwise: -π).
func TestLivingTurntableTurnsView(t *testing.T) {
	_, p, e := livingWalker(t, mgl64.Vec3{2, 0.5 + 0.91, 12}, "[kcc]\nturn_with_platform = true")
	p.Step()
	yaw0 := components.View.Get(e).Yaw
	for i := 0; i < 360; i++ {
		p.Step()
		if !components.KCC.Get(e).Grounded {
			t.Fatalf("tick %d: fell off the turntable", i)
		}
	}
	pos := components.Body.Get(e).Position
	if d := math.Hypot(pos[0]-(-2), pos[2]-12); d > 2e-3 {
		t.Fatalf("after half a turn at %v, want (-2, _, 12) (off by %v)", pos, d)
	}
	if dy := components.View.Get(e).Yaw - yaw0; math.Abs(dy+math.Pi) > 1e-6 {
		t.Fatalf("view turned %v rad, want -pi", dy)
	}
}

// Walking into the door zone opens the door (it slides up at 3 m/s and
// lets the character through the doorway); the sensors system reports the
// zone's enter and exit for the entity, in order.
func TestLivingDoorAndSensors(t *testing.T) {
	w, p, e := livingWalker(t, mgl64.Vec3{0, 0.91, -8}, "")
	lv := components.Level.Get(mustLevel(t, w))
	zone := lv.SensorNames["door_zone"]
	var log []string
	for i := 0; i < 240; i++ {
		systems.Submit(e, components.CommandData{Forward: 1}) // forward: yaw 0 is +X
		components.View.Get(e).Yaw = -math.Pi / 2             // face -z
		p.Step()
		for _, ev := range lv.Sensors.Events {
			if ev.Kind != kcc.SensorStay {
				log = append(log, fmt.Sprintf("%d %v", ev.Sensor, ev.Kind))
			}
		}
	}
	pos := components.Body.Get(e).Position
	if pos[2] > -16 {
		t.Fatalf("did not get through the doorway: at %v", pos)
	}
	want := fmt.Sprint([]string{fmt.Sprintf("%d enter", zone), fmt.Sprintf("%d exit", zone)})
	if fmt.Sprint(log) != want {
		t.Fatalf("sensor events %v, want %v", log, want)
	}
	if err := p.PlatformError(); err != nil {
		t.Fatal(err)
	}
}

// Jumping off the descending lift (2 m/s down from t = 7 s to 10 s):
// add_velocity adds the lift's -2 m/s to the jump, add_upward_velocity drops
// that downward part (Godot's meaning: full jump height off a descending
// platform), so its vertical velocity is exactly 2 m/s higher.
func TestLeaveAddUpwardDropsOnlyDownward(t *testing.T) {
	vy := map[string]float64{}
	for _, policy := range []string{"add_velocity", "add_upward_velocity"} {
		_, p, e := livingWalker(t, mgl64.Vec3{10, 0.91, 0}, "[kcc]\nplatform_on_leave = \""+policy+"\"")
		for i := 0; i < 480; i++ { // 8 s: the lift is 1 s into its descent
			p.Step()
		}
		if !components.KCC.Get(e).Grounded {
			t.Fatalf("%s: not on the lift at 8 s (at %v)", policy, components.Body.Get(e).Position)
		}
		systems.Submit(e, components.CommandData{JumpPressed: true, JumpHeld: true})
		p.Step()
		v := components.Body.Get(e).Velocity
		if components.KCC.Get(e).Grounded || math.Abs(v[0]) > 1e-9 || math.Abs(v[2]) > 1e-9 {
			t.Fatalf("%s: after the jump grounded %v, velocity %v", policy, components.KCC.Get(e).Grounded, v)
		}
		vy[policy] = v[1]
	}
	if d := vy["add_upward_velocity"] - vy["add_velocity"]; math.Abs(d-2) > 1e-9 {
		t.Fatalf("vertical velocity add_upward %v, add_velocity %v: difference %v, want the lift's 2 m/s", vy["add_upward_velocity"], vy["add_velocity"], d)
	}
}
