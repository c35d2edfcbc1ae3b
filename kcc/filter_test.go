package kcc

import (
	"fmt"
	"testing"

	"github.com/go-gl/mathgl/mgl64"
)

// A wall on layer 2: a controller whose mask leaves out layer 2 walks
// through it, one whose mask includes it is stopped by it; queries honour
// masks, excluded IDs and predicates alike.
func TestLayersAndFilters(t *testing.T) {
	w := flatWorld()
	wall := w.AddBox(mgl64.Vec3{1, 1, 0}, mgl64.Vec3{0.1, 1, 2}, mgl64.Quat{})
	if err := w.SetCollisionLayers(wall, 2, AllLayers); err != nil {
		t.Fatal(err)
	}
	walk := func(mask uint32, f *QueryFilter) float64 {
		cfg := DefaultConfig()
		cfg.CollisionMask = mask
		c := NewController(cfg)
		pos := mgl64.Vec3{0, restY(0), 0}
		for i := 0; i < 60; i++ {
			res := c.MoveWith(w, testShape, pos, mgl64.Vec3{3 * testDt, -testG * testDt * testDt, 0}, MoveOptions{Filter: f})
			pos = pos.Add(res.Translation)
		}
		return pos[0]
	}
	// 60 ticks at 3 m/s: 3 m when nothing blocks; the wall's face is at
	// x = 0.9, so a blocked capsule stops at 0.9 - radius - offset.
	blocked := 0.9 - testRadius - DefaultOffset
	for _, tc := range []struct {
		name string
		mask uint32
		f    *QueryFilter
		want float64
	}{
		{"default mask sees every layer", 0, nil, blocked},
		{"mask 1 ignores layer 2", 1, nil, 3},
		{"mask 2 sees layer 2", 2, nil, blocked},
		{"filter mask 1", 0, &QueryFilter{Mask: 1}, 3},
		{"excluded wall", 0, &QueryFilter{Exclude: []ColliderID{wall}}, 3},
		{"predicate refuses the wall", 0, &QueryFilter{Predicate: func(id ColliderID) bool { return id != wall }}, 3},
		{"predicate keeps everything", 0, &QueryFilter{Predicate: func(ColliderID) bool { return true }}, blocked},
	} {
		if x := walk(tc.mask, tc.f); x < tc.want-1e-6 || x > tc.want+1e-6 {
			t.Errorf("%s: walked to x %v, want %v", tc.name, x, tc.want)
		}
	}
	// Queries through World.Filtered.
	o, d := mgl64.Vec3{0, 1, 0}, mgl64.Vec3{1, 0, 0}
	if h, ok := w.RayCast(o, d, 5); !ok || h.Collider != wall {
		t.Fatalf("unfiltered ray: %+v %v", h, ok)
	}
	if h, ok := w.Filtered(&QueryFilter{Mask: 1}).RayCast(o, d, 5); ok {
		t.Fatalf("mask 1 ray hit %+v", h)
	}
	if _, ok := w.Filtered(&QueryFilter{Exclude: []ColliderID{wall}}).CastCapsule(testShape, mgl64.Vec3{0, restY(0), 0}, mgl64.Vec3{0, 1, 0}, mgl64.Vec3{2, 0, 0}, DefaultOffset); ok {
		t.Fatal("cast hit the excluded wall")
	}
	at := mgl64.Vec3{1, restY(0), 0}
	if !w.OverlapCapsule(testShape, at, 0) || w.Filtered(&QueryFilter{Mask: 1}).OverlapCapsuleAxis(testShape, at.Add(mgl64.Vec3{0, 0.1, 0}), mgl64.Vec3{0, 1, 0}, 0) {
		t.Fatal("overlap does not honour the mask")
	}
	// Layer 0: on no layer, seen by nothing.
	w.SetCollisionLayers(wall, 0, 0)
	if _, ok := w.RayCast(o, d, 5); ok {
		t.Fatal("a collider on no layer was hit")
	}
	if l, m, err := w.CollisionLayers(wall); l != 0 || m != 0 || err != nil {
		t.Fatalf("CollisionLayers: %v %v %v", l, m, err)
	}
}

// A sensor never blocks and reports enter, stay and exit of each
// character in a deterministic order; its mask chooses which character
// layers it reports.
func TestSensorsEnterStayExit(t *testing.T) {
	w := flatWorld()
	zone := w.AddBox(mgl64.Vec3{2, 1, 0}, mgl64.Vec3{0.5, 1, 2}, mgl64.Quat{})
	pickups := w.AddBox(mgl64.Vec3{2.2, 0.5, 0}, mgl64.Vec3{0.2, 0.2, 0.2}, mgl64.Quat{})
	for _, id := range []ColliderID{zone, pickups} {
		if err := w.SetSensor(id, true); err != nil {
			t.Fatal(err)
		}
	}
	w.SetCollisionLayers(pickups, 4, 1) // reports layer-1 characters only
	// Two characters walking along +x at 3 and 2 m/s for 2 s; character 1
	// is on layer 2, so the pickup does not see it.
	c := NewController(DefaultConfig())
	pos := []mgl64.Vec3{{0, restY(0), -1}, {0, restY(0), 1}}
	layers := []uint32{1, 2}
	speed := []float64{3, 2}
	var tr SensorTracker
	var buf []ColliderID
	var log []string
	for tick := 0; tick < 120; tick++ {
		tr.Begin()
		for i := range pos {
			res := c.Move(w, testShape, pos[i], mgl64.Vec3{speed[i] * testDt, -testG * testDt * testDt, 0})
			pos[i] = pos[i].Add(res.Translation)
			buf = w.Sensors(testShape, pos[i], layers[i], buf[:0])
			tr.Update(i, buf)
		}
		for _, e := range tr.Events {
			if e.Kind != SensorStay {
				log = append(log, fmt.Sprintf("%d %d %d %s", tick, e.Character, e.Sensor, e.Kind))
			}
		}
	}
	// Sensors never block: both walked their full distance.
	if pos[0][0] < 6-1e-6 || pos[1][0] < 4-1e-6 {
		t.Fatalf("a sensor blocked: %v", pos)
	}
	// Character 0 (z = -1, 3 m/s): the zone spans x 1.5..2.5, so with
	// radius 0.3 it is inside while x is in [1.2, 2.8]: ticks x=3(n+1)/60
	// -> enter at x >= 1.2 (n = 23), exit at x > 2.8 (n = 56). The pickup
	// (x 2.0..2.4, z -0.2..0.2) is 0.8 m from z = -1: beyond the radius.
	// Character 1 (z = 1, 2 m/s): zone from x >= 1.2 (n = 35) to x > 2.8
	// (n = 84); the pickup ignores layer 2.
	want := []string{
		"23 0 1 enter",
		"35 1 1 enter",
		"56 0 1 exit",
		"84 1 1 exit",
	}
	if fmt.Sprint(log) != fmt.Sprint(want) {
		t.Fatalf("events %v, want %v", log, want)
	}
	// A layer-1 character through the pickup gets it reported.
	buf = w.Sensors(testShape, mgl64.Vec3{2.2, restY(0), 0}, 1, buf[:0])
	if fmt.Sprint(buf) != fmt.Sprint([]ColliderID{zone, pickups}) {
		t.Fatalf("sensors at the pickup: %v", buf)
	}
	tr.Begin()
	tr.Update(0, buf)
	tr.Forget(0)
	if n := len(tr.Events); n != 4 || tr.Events[2].Kind != SensorExit {
		t.Fatalf("forget: %+v", tr.Events)
	}
}

// ExampleWorld_SetVelocity rides a lift: the world moves the lift each
// tick, the character is carried by World.Carry and then moves itself.
func ExampleWorld_SetVelocity() {
	w := NewWorld()
	lift := w.AddBox(mgl64.Vec3{0, -0.25, 0}, mgl64.Vec3{1, 0.25, 1}, mgl64.Quat{})
	w.SetVelocity(lift, mgl64.Vec3{0, 2, 0}, mgl64.Vec3{}) // 2 m/s up

	c := NewController(DefaultConfig())
	shape := Capsule{Radius: 0.3, HalfHeight: 0.6}
	pos := mgl64.Vec3{0, 0.91, 0} // feet 1 cm (the skin) above the deck
	res := c.Move(w, shape, pos, mgl64.Vec3{})
	const dt = 1.0 / 60
	for tick := 0; tick < 60; tick++ {
		w.Step(dt)
		if res.Grounded {
			d, _ := w.Carry(res.GroundCollider, pos, mgl64.Vec3{0, 1, 0})
			pos = pos.Add(d)
		}
		res = c.Move(w, shape, pos, mgl64.Vec3{0, -20 * dt * dt, 0})
		pos = pos.Add(res.Translation)
	}
	fmt.Printf("after 1 s: y = %.2f, grounded on the lift: %v\n", pos[1], res.Grounded && res.GroundCollider == lift)
	// Output: after 1 s: y = 2.91, grounded on the lift: true
}

// ExampleSensorTracker reports a character walking into a trigger zone.
func ExampleSensorTracker() {
	w := NewWorld()
	w.AddBox(mgl64.Vec3{0, -0.5, 0}, mgl64.Vec3{50, 0.5, 50}, mgl64.Quat{})
	zone := w.AddBox(mgl64.Vec3{1, 1, 0}, mgl64.Vec3{0.5, 1, 1}, mgl64.Quat{})
	w.SetSensor(zone, true)

	c := NewController(DefaultConfig())
	shape := Capsule{Radius: 0.3, HalfHeight: 0.6}
	pos := mgl64.Vec3{-1, 0.91, 0}
	var tr SensorTracker
	var in []ColliderID
	for tick := 0; tick < 60; tick++ {
		res := c.Move(w, shape, pos, mgl64.Vec3{0.05, 0, 0}) // 3 m/s at 60 Hz
		pos = pos.Add(res.Translation)
		tr.Begin()
		in = w.Sensors(shape, pos, DefaultLayer, in[:0])
		tr.Update(0, in)
		for _, e := range tr.Events {
			if e.Kind != SensorStay {
				fmt.Printf("tick %d: %s zone %d\n", tick, e.Kind, e.Sensor)
			}
		}
	}
	// Output:
	// tick 23: enter zone 1
	// tick 55: exit zone 1
}
