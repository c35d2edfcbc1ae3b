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

// Among a crowd the player pushes the walkers (push mask 1 over their
// layer 1); on a level without one it pushes nothing. The first walker
// starts at (-6, -6) along z = -6 towards +x; the player waits 0.4 s at
// (-4, -7) and then walks +z into its side as it passes: the walker is
// shoved 0.17 m off its line (then steers back), where a player that does
// not push only blocks it (0 m).
func TestPlayerPushesTheCrowd(t *testing.T) {
	off := func(push bool) float64 {
		s := newSession(t, Options{Level: "living", Motor: "arena"})
		k := components.KCC.Get(s.entry())
		if k.PushMask != 1 {
			t.Fatalf("player push mask %d on a crowd level, want 1", k.PushMask)
		}
		if !push {
			k.PushMask = 0
		}
		b := components.Body.Get(s.entry())
		b.Position[0], b.Position[2] = -4, -7
		b.PrevPosition = b.Position
		furthest := math.Inf(-1)
		for i := 0; i < 90; i++ {
			fwd := 0.0
			if i >= 24 {
				fwd = 1
			}
			s.Submit(components.CommandData{Forward: fwd}, components.ViewData{Yaw: math.Pi / 2}) // +z
			s.Advance(1.0 / 60)
			furthest = math.Max(furthest, s.CrowdBodies(nil)[0].Pos[2])
		}
		return furthest + 6
	}
	pushed, blocked := off(true), off(false)
	if pushed < 0.1 || blocked > 0.01 {
		t.Fatalf("the walker left its line by %.3f m pushed and %.3f m only blocked", pushed, blocked)
	}
	plain := newSession(t, Options{Level: DefaultLevel, Motor: "arena"})
	if k := components.KCC.Get(plain.entry()); k.PushMask != 0 {
		t.Fatalf("player push mask %d without a crowd, want 0", k.PushMask)
	}
}
