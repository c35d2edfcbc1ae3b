package platforms

import (
	"math"
	"testing"

	"github.com/go-gl/mathgl/mgl64"
	"github.com/seedgames/motorkit/kcc"
)

// A Set saved, played on, loaded and played again from the same tick opens
// its doors to the same bits; a state of another Set, or garbled bytes,
// are refused and change nothing.
func TestSetState(t *testing.T) {
	const dt = 1.0 / 60
	w := kcc.NewWorld()
	door := w.AddBox(mgl64.Vec3{}, mgl64.Vec3{0.1, 1, 1}, mgl64.Quat{})
	gate := w.AddBox(mgl64.Vec3{5, 0, 0}, mgl64.Vec3{0.1, 1, 1}, mgl64.Quat{})
	zone := w.AddBox(mgl64.Vec3{4, 0, 0}, mgl64.Vec3{0.5, 1, 1}, mgl64.Quat{})
	s := Set{Doors: []Door{
		{Collider: door, Open: mgl64.Vec3{0, 2.3, 0}, Speed: 1.7, Sensor: kcc.NoCollider, ClosedFor: 0.4, OpenFor: 1.1},
		{Collider: gate, Closed: mgl64.Vec3{5, 0, 0}, Open: mgl64.Vec3{0, 0, 3}, Speed: 2.9, Sensor: zone},
	}}
	if err := s.Validate(); err != nil {
		t.Fatal(err)
	}
	occ := func(tick uint64) Occupied {
		return func(kcc.ColliderID) bool { return tick%97 < 50 }
	}
	play := func(from, to uint64) []uint64 {
		var out []uint64
		for tick := from; tick < to; tick++ {
			if err := s.Apply(w, tick, dt, occ(tick)); err != nil {
				t.Fatal(err)
			}
			for i := range s.Doors {
				out = append(out, math.Float64bits(s.Doors[i].Openness()))
			}
		}
		return out
	}
	play(0, 70)
	saved := s.AppendState(nil)
	want := play(70, 300)
	if err := s.LoadState(saved); err != nil {
		t.Fatal(err)
	}
	got := play(70, 300)
	for i := range want {
		if got[i] != want[i] {
			t.Fatalf("value %d: %x, want %x", i, got[i], want[i])
		}
	}

	now := s.AppendState(nil)
	one := Set{Doors: s.Doors[:1]}
	nan := append([]byte(nil), saved...)
	copy(nan[5:], []byte{0, 0, 0, 0, 0, 0, 0xf8, 0x7f})
	above := append([]byte(nil), saved...)
	copy(above[5:], []byte{0, 0, 0, 0, 0, 0, 0xf0, 0x3f + 1})
	version := append([]byte{2}, saved[1:]...)
	for name, bad := range map[string][]byte{
		"another door count": one.AppendState(nil),
		"truncated":          saved[:len(saved)-1],
		"trailing":           append(append([]byte(nil), saved...), 0),
		"NaN":                nan,
		"above 1":            above,
		"version":            version,
		"empty":              nil,
	} {
		if err := s.LoadState(bad); err == nil {
			t.Errorf("%s: accepted", name)
		} else if string(s.AppendState(nil)) != string(now) {
			t.Errorf("%s: refused (%v) but changed the Set", name, err)
		}
	}
}
