package systems_test

import (
	"math"
	"testing"

	"github.com/go-gl/mathgl/mgl64"
	"github.com/seedgames/motorkit/components"
	"github.com/seedgames/motorkit/internal/fieldcrowd"
	"github.com/seedgames/motorkit/prefabs"
	"github.com/seedgames/motorkit/systems"
	"github.com/yohamta/donburi"
)

// doorwayLevel is a floor and a wall across x = 0 (0.5 m thick, 3 m high)
// with a 1.5 m doorway at z in [-0.75, 0.75].
const doorwayLevel = `
[[box]]
center = [0.0, -0.5, 0.0]
half = [50.0, 0.5, 50.0]
[[box]]
center = [0.0, 1.5, -10.375]
half = [0.25, 1.5, 9.625]
[[box]]
center = [0.0, 1.5, 10.375]
half = [0.25, 1.5, 9.625]
`

// crowd runs 50 walkers (a 10 x 5 grid, 0.8 m apart, behind the wall)
// pushing at full speed towards +x through the doorway for ticks ticks
// with CharacterCollisions and the recipe override (for example a push
// mask), calling check after every tick; it returns the final positions.
func crowd(t testing.TB, override string, ticks int, check func(tick int, pos []mgl64.Vec3)) []mgl64.Vec3 {
	w := worldWithLevel(t, "doorway", doorwayLevel)
	var es []donburi.Entity
	for i := 0; i < 50; i++ {
		x := -2.0 - 0.8*float64(i%10)
		z := -1.6 + 0.8*float64(i/10)
		ent, err := prefabs.Spawn(w, "capsule_walker", prefabs.At(mgl64.Vec3{x, 0.91, z}), prefabs.Override(override))
		if err != nil {
			t.Fatal(err)
		}
		es = append(es, ent)
	}
	p := systems.NewPipeline(w, systems.Options{TickRate: 60, CharacterCollisions: true})
	pos := make([]mgl64.Vec3, len(es))
	for tick := 0; tick < ticks; tick++ {
		for _, ent := range es {
			systems.Submit(w.Entry(ent), components.CommandData{Forward: 1})
		}
		p.Step()
		for i, ent := range es {
			pos[i] = components.Body.Get(w.Entry(ent)).Position
		}
		if check != nil {
			check(tick, pos)
		}
	}
	return pos
}

// A 50-character crowd pushing through a 1.5 m doorway for 10 s at 60 Hz:
// no two capsules ever overlap by more than the skin (their axes stay at
// least 2r - offset apart), no position is ever NaN, characters get
// through the doorway, and a second run gives the same bits.
func TestCrowdThroughDoorway(t *testing.T) {
	for _, c := range []struct {
		name, override string
		min, max       int
	}{
		// They walk straight along +x: a capsule fits through the doorway
		// when its line |z| <= 0.75 - r = 0.45, which is the z = 0 row of
		// the grid (rows at z = -1.6, -0.8, 0, 0.8, 1.6): its 10
		// characters, one after the other; the others press against the
		// wall (blocking characters do not shove each other aside).
		{"blocking", "", 10, 10},
		// Pushing each other (push.go): the rows behind press the ones in
		// front into the wall, which holds them, so the same 10 get
		// through; no push squeezes a character through the wall or into
		// another.
		{"pushing", "[kcc]\npush_mask = 1\n", 10, 10},
	} {
		t.Run(c.name, func(t *testing.T) { crowdThroughDoorway(t, c.override, c.min, c.max) })
	}
}

func crowdThroughDoorway(t *testing.T, override string, minThrough, maxThrough int) {
	const r, half, skin = 0.3, 0.6, 0.01
	worst := math.Inf(1)
	first := crowd(t, override, 600, func(tick int, pos []mgl64.Vec3) {
		for i := range pos {
			if math.IsNaN(pos[i][0]+pos[i][1]+pos[i][2]) || math.IsInf(pos[i][0]+pos[i][1]+pos[i][2], 0) {
				t.Fatalf("tick %d: character %d at %v", tick, i, pos[i])
			}
			for j := i + 1; j < len(pos); j++ {
				d := fieldcrowd.AxisDistance(pos[i], pos[j], half)
				worst = math.Min(worst, d)
				if d < 2*r-skin-1e-6 {
					t.Fatalf("tick %d: characters %d and %d overlap: axes %v apart (min %v)", tick, i, j, d, 2*r-skin)
				}
			}
		}
	})
	through := 0
	for _, p := range first {
		if p[0] > 0.25+r {
			through++
		}
	}
	if through < minThrough || through > maxThrough {
		t.Fatalf("%d of 50 got through the doorway in 10 s, want %d to %d", through, minThrough, maxThrough)
	}
	second := crowd(t, override, 600, nil)
	for i := range first {
		if first[i] != second[i] {
			t.Fatalf("character %d: %v then %v: not deterministic", i, first[i], second[i])
		}
	}
	t.Logf("%d of 50 through; closest axes %.4f m (2r = %.2f)", through, worst, 2*r)
}

// BenchmarkCrowd50 is one tick of the 50-character crowd with characters
// blocking each other (after 2 s, when the crowd is packed at the door);
// BenchmarkCrowd50Pushing the same with characters pushing each other.
func BenchmarkCrowd50(b *testing.B) { benchCrowd(b, "") }

func BenchmarkCrowd50Pushing(b *testing.B) { benchCrowd(b, "[kcc]\npush_mask = 1\n") }

func benchCrowd(b *testing.B, override string) {
	w := worldWithLevel(b, "doorway", doorwayLevel)
	var es []donburi.Entity
	for i := 0; i < 50; i++ {
		ent, _ := prefabs.Spawn(w, "capsule_walker", prefabs.At(mgl64.Vec3{-2.0 - 0.8*float64(i%10), 0.91, -1.6 + 0.8*float64(i/10)}), prefabs.Override(override))
		es = append(es, ent)
	}
	p := systems.NewPipeline(w, systems.Options{TickRate: 60, CharacterCollisions: true})
	step := func() {
		for _, ent := range es {
			systems.Submit(w.Entry(ent), components.CommandData{Forward: 1})
		}
		p.Step()
	}
	for i := 0; i < 120; i++ {
		step()
	}
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		step()
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/50, "ns/character")
}
