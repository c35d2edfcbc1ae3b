package kcc

import (
	"fmt"
	"math"
	"testing"

	"github.com/go-gl/mathgl/mgl64"
)

// TestSensorsFollowTransforms checks that World.Sensors tests a moved mesh
// or heightfield sensor where its pose puts it, not where it was added.
func TestSensorsFollowTransforms(t *testing.T) {
	w := NewWorld()
	// As added: a 2 x 2 m vertical quad in the plane x = 0 (y 0..2, z -1..1).
	quad := []mgl64.Vec3{{0, 0, -1}, {0, 0, 1}, {0, 2, 1}, {0, 2, -1}}
	mesh, err := w.AddTriMesh(quad, []uint32{0, 1, 2, 0, 2, 3})
	if err != nil {
		t.Fatal(err)
	}
	// A flat 3 x 3-vertex heightfield at y = 0 from the origin.
	hf, err := w.AddHeightfield(mgl64.Vec3{}, 1, 3, 3, make([]float64, 9))
	if err != nil {
		t.Fatal(err)
	}
	for _, id := range []ColliderID{mesh, hf} {
		if err := w.SetSensor(id, true); err != nil {
			t.Fatal(err)
		}
	}
	// Rotating the quad by +90 deg about y maps (0, y, z) to (z, y, 0):
	// translated by (5, 0, 0) it spans x 4..6, y 0..2 in the plane z = 0.
	if err := w.SetTransform(mesh, mgl64.Vec3{5, 0, 0}, mgl64.QuatRotate(math.Pi/2, mgl64.Vec3{0, 1, 0})); err != nil {
		t.Fatal(err)
	}
	// The heightfield is lifted to y = 1 and moved 10 m along x.
	if err := w.SetTransform(hf, mgl64.Vec3{10, 1, 0}, mgl64.QuatIdent()); err != nil {
		t.Fatal(err)
	}
	r, h := testShape.Radius, testShape.HalfHeight
	cases := []struct {
		name string
		pos  mgl64.Vec3
		want []ColliderID
	}{
		// Capsule axis 0.25 m from the quad's plane: within the radius.
		{"beside moved quad", mgl64.Vec3{5, 1, r - 0.05}, []ColliderID{mesh}},
		// 0.05 m beyond the radius.
		{"off moved quad", mgl64.Vec3{5, 1, r + 0.05}, nil},
		// Where the quad was added (plane x = 0): nothing there now.
		{"old quad place", mgl64.Vec3{0.1, 1, -0.5}, nil},
		// Capsule bottom 0.01 m below the lifted heightfield surface y = 1.
		{"on moved field", mgl64.Vec3{10.5, 1 + h + r - 0.01, 0.5}, []ColliderID{hf}},
		// Bottom 0.01 m above it.
		{"above moved field", mgl64.Vec3{10.5, 1 + h + r + 0.01, 0.5}, nil},
		// Where the field was added (y = 0 at x 0..2); the old quad place
		// is also x = 0, so stay clear of it in x (x = 1.5, 1.5 m away).
		{"old field place", mgl64.Vec3{1.5, h + r - 0.01, 0.5}, nil},
	}
	var buf []ColliderID
	for _, c := range cases {
		buf = w.Sensors(testShape, c.pos, 1, buf[:0])
		if fmt.Sprint(buf) != fmt.Sprint(c.want) && !(len(buf) == 0 && len(c.want) == 0) {
			t.Errorf("%s: sensors %v, want %v", c.name, buf, c.want)
		}
	}
}

// TestSensorsSteadyStateAllocs checks that a tick of Sensors + tracker
// updates allocates nothing once the buffers have grown.
func TestSensorsSteadyStateAllocs(t *testing.T) {
	w := flatWorld()
	zone := w.AddBox(mgl64.Vec3{0, 1, 0}, mgl64.Vec3{1, 1, 1}, mgl64.Quat{})
	if err := w.SetSensor(zone, true); err != nil {
		t.Fatal(err)
	}
	pos := []mgl64.Vec3{{0, restY(0), 0}, {5, restY(0), 0}}
	var tr SensorTracker
	buf := make([]ColliderID, 0, 8)
	tick := func() {
		tr.Begin()
		for i := range pos {
			buf = w.Sensors(testShape, pos[i], 1, buf[:0])
			tr.Update(i, buf)
		}
	}
	tick()
	if a := testing.AllocsPerRun(100, tick); a != 0 {
		t.Fatalf("steady-state sensor tick allocates %v times", a)
	}
	// Character 0 stays in the zone, character 1 is outside it.
	if len(tr.Events) != 1 || tr.Events[0] != (SensorEvent{Character: 0, Sensor: zone, Kind: SensorStay}) {
		t.Fatalf("events %+v", tr.Events)
	}
}

// FuzzSensorsMovingColliders turns fuzzed colliders into sensors, removes
// some, moves the rest and checks that World.Sensors and a SensorTracker
// stay consistent: ids strictly increasing, only live sensors, every
// previously reported sensor either stays or exits, and Move never
// blocked by a sensor reports NaN.
func FuzzSensorsMovingColliders(f *testing.F) {
	f.Add([]byte{128, 60, 128, 200, 100, 20, 0, 90, 0, 90, 30, 200, 30, 0}, uint8(0b1011), 1.0, 0.5, 1.0/60)
	f.Add([]byte{10, 20, 30, 40, 50, 60, 70, 200, 10, 100, 90, 10, 250, 3}, uint8(0xff), math.NaN(), 1e300, 0.25)
	f.Add([]byte{90, 0, 90, 30, 200, 30, 0}, uint8(0b0110), -2.0, 0.0, math.Inf(1))
	f.Fuzz(func(t *testing.T, layout []byte, bits uint8, vx, spin, dt float64) {
		w := fuzzWorld(layout)
		n := w.NumColliders()
		for id := 0; id < n; id++ {
			b := bits >> (uint(id) % 8)
			if b&1 != 0 {
				w.SetSensor(ColliderID(id), true)
			}
			if id > 0 && b&2 != 0 && id%3 == 0 {
				w.RemoveCollider(ColliderID(id))
			}
			w.SetVelocity(ColliderID(id), mgl64.Vec3{vx, 0, -vx}, mgl64.Vec3{0, spin, 0})
		}
		c := NewController(DefaultConfig())
		pos := mgl64.Vec3{0, 8, 0}
		var tr SensorTracker
		var buf []ColliderID
		for i := 0; i < 20; i++ {
			w.Step(dt)
			res := c.Move(w, testShape, pos, mgl64.Vec3{0.05, -0.2, 0.03})
			if !finiteVec(res.Translation) {
				t.Fatalf("step %d: non-finite translation %v", i, res.Translation)
			}
			pos = pos.Add(res.Translation)
			buf = w.Sensors(testShape, pos, 1, buf[:0])
			for k, id := range buf {
				if k > 0 && id <= buf[k-1] {
					t.Fatalf("step %d: sensors not increasing: %v", i, buf)
				}
				if _, _, err := w.Transform(id); err != nil {
					t.Fatalf("step %d: reported sensor %d: %v", i, id, err)
				}
			}
			tr.Begin()
			tr.Update(0, buf)
			enterOrStay := 0
			for _, e := range tr.Events {
				if e.Kind != SensorExit {
					enterOrStay++
				}
			}
			if enterOrStay != len(buf) {
				t.Fatalf("step %d: %d enter/stay events for %d sensors", i, enterOrStay, len(buf))
			}
		}
	})
}

// A SensorTracker saved, updated, loaded and updated again gives the same
// events; bytes that are not its state are refused and change nothing; a
// state of fewer characters keeps the others' storage for when they come
// back.
func TestSensorTrackerState(t *testing.T) {
	var tr SensorTracker
	lists := [][]ColliderID{{1, 4}, {}, {2}, {0, 1, 2, 3, 9}}
	tr.Begin()
	for i, l := range lists {
		tr.Update(i, l)
	}
	saved := tr.AppendState(nil)
	play := func() string {
		out := ""
		for k := 0; k < 3; k++ {
			tr.Begin()
			for i := range lists {
				tr.Update(i, lists[(i+k+1)%len(lists)])
			}
			out += fmt.Sprint(tr.Events)
		}
		return out
	}
	want := play()
	if err := tr.LoadState(saved); err != nil {
		t.Fatal(err)
	}
	if got := play(); got != want {
		t.Fatalf("after LoadState: %s, want %s", got, want)
	}

	now := tr.AppendState(nil)
	for name, bad := range map[string][]byte{
		"empty":     nil,
		"truncated": saved[:len(saved)-2],
		"trailing":  append(append([]byte(nil), saved...), 0),
		"version":   append([]byte{9}, saved[1:]...),
		"unsorted":  (&SensorTracker{prev: [][]ColliderID{{3, 2}}}).AppendState(nil),
		"negative":  (&SensorTracker{prev: [][]ColliderID{{-1}}}).AppendState(nil),
	} {
		if err := tr.LoadState(bad); err == nil {
			t.Errorf("%s: accepted", name)
		} else if string(tr.AppendState(nil)) != string(now) {
			t.Errorf("%s: refused (%v), but the tracker changed", name, err)
		}
	}

	// Back to one character, then the others return: no allocation.
	one := (&SensorTracker{prev: [][]ColliderID{{1}}}).AppendState(nil)
	if a := testing.AllocsPerRun(10, func() {
		if err := tr.LoadState(one); err != nil {
			t.Fatal(err)
		}
		tr.Begin()
		for i, l := range lists {
			tr.Update(i, l)
		}
	}); a != 0 {
		t.Errorf("%v allocations", a)
	}
}
