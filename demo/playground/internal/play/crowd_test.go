package play

import (
	"math"
	"testing"

	"github.com/seedgames/motorkit/components"
)

// The living level's crowd: 10 walkers go round the 12 m square (48 m)
// while the player stands still; in 10 s each covers well over one side
// (they walk at 5 m/s, slowed where they queue behind each other), no two
// ever overlap deeper than the skin, and two sessions give the same bits.
func TestLivingCrowd(t *testing.T) {
	run := func() (uint64, []CrowdBody) {
		s := newSession(t, Options{Level: "living", Motor: "arena"})
		if n := len(s.CrowdBodies(nil)); n != 10 {
			t.Fatalf("%d walkers, want 10", n)
		}
		start := s.CrowdBodies(nil)
		travelled := make([]float64, len(start))
		prev := start
		for i := 0; i < 600; i++ {
			s.Submit(components.CommandData{}, components.ViewData{})
			s.Advance(1.0 / 60)
			now := s.CrowdBodies(nil)
			for a := range now {
				travelled[a] += now[a].Pos.Sub(prev[a].Pos).Len()
				for b := a + 1; b < len(now); b++ {
					d := math.Hypot(now[a].Pos[0]-now[b].Pos[0], now[a].Pos[2]-now[b].Pos[2])
					if d < 2*now[a].Radius-0.01-1e-6 {
						t.Fatalf("tick %d: walkers %d and %d %v m apart", i, a, b, d)
					}
				}
			}
			prev = now
		}
		for a, l := range travelled {
			if l < 12 {
				t.Fatalf("walker %d walked only %v m in 10 s", a, l)
			}
		}
		return s.StateHash(), prev
	}
	h1, _ := run()
	h2, _ := run()
	if h1 != h2 {
		t.Fatalf("state hashes %x and %x: not deterministic", h1, h2)
	}
}
