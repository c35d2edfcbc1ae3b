package systems_test

import (
	"fmt"
	"math"
	"runtime"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/go-gl/mathgl/mgl64"
	"github.com/seedgames/motorkit/abilities"
	"github.com/seedgames/motorkit/components"
	"github.com/seedgames/motorkit/prefabs"
	"github.com/seedgames/motorkit/systems"
	"github.com/yohamta/donburi"
)

// The cost of the abilities: a tick of 1,000 characters of one recipe
// walking in circles on a floor whose far corner has ladders, water and
// one-way boxes (away from the characters).
//
//   - "enabled" is capsule_walker with every ability, "baseline" the same
//     recipe without abilities on the same level (the one-way platforms
//     are the level's: their contact rule is every character's), "level"
//     the baseline on the floor alone (what the level's one-way colliders
//     cost every character). Separate crowds differ by where the heap put
//     their parts too: two crowds of one recipe built one after the other
//     tick up to ±7% apart.
//   - "on/off" is one crowd of the abilities' recipe, its abilities
//     switched off between turns (each character's Config cleared) and on
//     again (restored): the same characters in the same memory, with and
//     without the abilities. .ci/budgets.sh holds BenchmarkAbilitiesCost's
//     on/off to 10%.
//
// Times are the stepping thread's CPU time where there is a clock for it
// (Linux), the crowds interleaved in turns of 10 or 20 ticks (each turn's
// first tick, on caches another crowd filled, not counted), and the
// ratios the median over the turns of each turn's pair: the machine is
// shared, and a slower spell slows both sides of a pair.

const abCostN = 1000

// abCostRecipe is capsule_walker with every ability: a recipe of its own,
// as a game writes one (a spawn with an Override builds its recipe anew,
// which scatters each character's parts over the heap and costs more than
// the abilities: spawned that way, capsule_walker with the tables all
// enabled = false ticks 4-5% slower than capsule_walker).
const abCostRecipe = "abtest_capsule_walker_abilities"

func init() {
	prefabs.RegisterRecipe(abCostRecipe, []byte("[body]\nposition = [0.0, 0.91, 0.0]\n\n[motor]\nkind = \"basic\"\n\n"+allAbilities), "abilities_bench_test.go")
}

// abCostLevel is a 120 m floor (x, z −20..100) and, in its corner at
// x, z 85..100, four ladders against a block, three pools (water on the
// floor) and three one-way slabs; with bare, the floor alone.
func abCostLevel(bare bool) string {
	var b strings.Builder
	b.WriteString("[[box]]\ncenter = [40.0, -0.5, 40.0]\nhalf = [60.0, 0.5, 60.0]\n")
	if bare {
		return b.String()
	}
	b.WriteString("[[box]]\ncenter = [96.0, 2.5, 92.0]\nhalf = [2.0, 2.5, 6.0]\n")
	for i := 0; i < 4; i++ {
		fmt.Fprintf(&b, "[[ladder]]\ncenter = [93.9, 2.5, %.1f]\nhalf = [0.1, 2.5, 0.5]\n", 87.0+3*float64(i))
	}
	for i := 0; i < 3; i++ {
		fmt.Fprintf(&b, "[[water]]\ncenter = [%.1f, 0.75, 98.0]\nhalf = [1.5, 0.75, 1.5]\n", 86.0+4*float64(i))
		fmt.Fprintf(&b, "[[box]]\ncenter = [%.1f, 1.0, 86.0]\nhalf = [1.5, 0.05, 1.0]\none_way = true\n", 86.0+4*float64(i))
	}
	return b.String()
}

// abCostCrowd is abCostN characters of recipe (with ov over it) on a 2 m
// grid over x 0..78, z 0..48, each walking a circle of about 4 m (forward
// and a turning view), ticked 60 times to a steady state.
func abCostCrowd(t testing.TB, recipe, ov string, bare bool) *systems.Pipeline {
	t.Helper()
	w := donburi.NewWorld()
	prefabs.SetLevelData(w, abLevel(t, abCostLevel(bare)))
	var opts []prefabs.Option
	if ov != "" {
		opts = append(opts, prefabs.Override(ov))
	}
	for i := 0; i < abCostN; i++ {
		pos := mgl64.Vec3{float64(i%40) * 2, 1, float64(i/40) * 2}
		if _, err := prefabs.Spawn(w, recipe, append(opts, prefabs.At(pos), prefabs.Facing(float64(i%11)*0.5))...); err != nil {
			t.Fatal(err)
		}
	}
	p := systems.NewPipeline(w, systems.Options{TickRate: 60})
	p.AddBefore(systems.StageIntent, "bench.input", func(w donburi.World, _ systems.Tick) {
		components.Command.Each(w, func(e *donburi.Entry) {
			c := components.Command.Get(e)
			c.Forward, c.Strafe, c.Pending = 1, 0, true
			components.View.Get(e).Yaw += 0.02
		})
	})
	for i := 0; i < 60; i++ {
		p.Step()
	}
	runtime.GC()
	return p
}

// abCostVariants are the separate crowds compared: with every ability,
// without (the baseline), and without on the floor alone.
func abCostVariants(t testing.TB) (names []string, pipes []*systems.Pipeline) {
	return []string{"enabled", "baseline", "level"}, []*systems.Pipeline{
		abCostCrowd(t, abCostRecipe, "", false),
		abCostCrowd(t, "capsule_walker", "", false),
		abCostCrowd(t, "capsule_walker", "", true),
	}
}

// BenchmarkAbilitiesTick is a tick of the 1,000 characters of each
// variant (ns/op is a tick; allocs/op must be 0).
func BenchmarkAbilitiesTick(b *testing.B) {
	names, pipes := abCostVariants(b)
	for i, name := range names {
		p := pipes[i]
		b.Run(name, func(b *testing.B) {
			for range 60 { // its caches again, after the other crowds
				p.Step()
			}
			b.ReportAllocs()
			for b.Loop() {
				p.Step()
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/abCostN, "ns/character-tick")
		})
	}
}

// BenchmarkAbilitiesCost interleaves the three crowds (abInterleave) and
// the on/off crowd (abToggled), and reports ms per tick of each and the
// ratios enabled/baseline, baseline/level and on/off.
func BenchmarkAbilitiesCost(b *testing.B) {
	names, pipes := abCostVariants(b)
	tg := newAbToggled(b)
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	clock := abClock()
	rounds := make([][]float64, b.N)
	toggled := make([][]float64, b.N)
	for i := range rounds {
		rounds[i], toggled[i] = make([]float64, len(pipes)), make([]float64, 2)
	}
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		abInterleave(pipes, i, 20, clock, rounds[i])
		tg.turns(i, 20, clock, toggled[i])
	}
	b.StopTimer()
	med, medT := abMedians(rounds), abMedians(toggled)
	for i, name := range names {
		b.ReportMetric(med[i]/1e6, "ms/tick:"+name)
	}
	b.ReportMetric(medT[0]/1e6, "ms/tick:on")
	b.ReportMetric(medT[1]/1e6, "ms/tick:off")
	b.ReportMetric(abMedianRatio(rounds, 0, 1), "enabled/baseline")
	b.ReportMetric(abMedianRatio(rounds, 1, 2), "baseline/level")
	b.ReportMetric(abMedianRatio(toggled, 0, 1), "on/off")
}

// abToggled is the on/off crowd: the abilities' recipe, each character's
// Config kept to switch its abilities off (cleared: the KCC stage reads
// it every tick) and on again.
type abToggled struct {
	p    *systems.Pipeline
	abs  []*components.AbilitiesData
	cfgs []*abilities.Config
}

func newAbToggled(t testing.TB) *abToggled {
	tg := &abToggled{p: abCostCrowd(t, abCostRecipe, "", false)}
	components.Abilities.Each(tg.p.World(), func(e *donburi.Entry) {
		ab := components.Abilities.Get(e)
		tg.abs = append(tg.abs, ab)
		tg.cfgs = append(tg.cfgs, ab.Config)
	})
	if len(tg.abs) != abCostN {
		t.Fatalf("%d characters with abilities", len(tg.abs))
	}
	return tg
}

func (tg *abToggled) set(on bool) {
	for i, ab := range tg.abs {
		ab.Config = nil
		if on {
			ab.Config = tg.cfgs[i]
		}
	}
}

// turns plays a turn of t ticks with the abilities on and one with them
// off (off first on odd rounds), and writes ns per tick of each to out
// (on, off), as abInterleave does. It ends with them on.
func (tg *abToggled) turns(round, t int, clock func() time.Duration, out []float64) {
	one := []*systems.Pipeline{tg.p}
	var ns [1]float64
	for k := 0; k < 2; k++ {
		on := (k == 0) == (round%2 == 0)
		tg.set(on)
		abInterleave(one, 0, t, clock, ns[:])
		if on {
			out[0] = ns[0]
		} else {
			out[1] = ns[0]
		}
	}
	tg.set(true)
}

// abInterleave ticks each pipeline t ticks in turn, the order reversed on
// odd rounds, and writes ns per tick of each, by clock, to out. Each turn
// begins with a tick that is not measured: a crowd run after another
// starts on caches the other filled, and its first tick pays for it.
func abInterleave(pipes []*systems.Pipeline, round, t int, clock func() time.Duration, out []float64) {
	for k := range pipes {
		j := k
		if round%2 == 1 {
			j = len(pipes) - 1 - k
		}
		pipes[j].Step()
		start := clock()
		for i := 0; i < t; i++ {
			pipes[j].Step()
		}
		out[j] = float64((clock() - start).Nanoseconds()) / float64(t)
	}
}

// abClock is the clock of the measurements: the calling thread's CPU
// time where there is one (threadTime: Linux), so that another process
// taking the machine's cores is not charged to a crowd; else the wall
// clock. The pipelines run on the calling goroutine (one worker): lock it
// to its thread while measuring.
func abClock() func() time.Duration {
	if _, ok := threadTime(); ok {
		return func() time.Duration { d, _ := threadTime(); return d }
	}
	start := time.Now()
	return func() time.Duration { return time.Since(start) }
}

func abMedians(rounds [][]float64) []float64 {
	if len(rounds) == 0 {
		return nil
	}
	out := make([]float64, len(rounds[0]))
	for k := range out {
		var v []float64
		for _, r := range rounds {
			v = append(v, r[k])
		}
		out[k] = median(v)
	}
	return out
}

// abMedianRatio is the median over the rounds of round's a over its b:
// each round's two crowds ran back to back, so a change of the shared
// machine's speed between rounds cancels out.
func abMedianRatio(rounds [][]float64, a, b int) float64 {
	var v []float64
	for _, r := range rounds {
		v = append(v, r[a]/r[b])
	}
	return median(v)
}

func median(v []float64) float64 {
	if len(v) == 0 {
		return math.NaN()
	}
	s := slices.Clone(v)
	slices.Sort(s)
	if len(s)%2 == 1 {
		return s[len(s)/2]
	}
	return (s[len(s)/2-1] + s[len(s)/2]) / 2
}

// TestAbilitiesCost: a steady-state tick of the 1,000 walkers allocates
// nothing, with every ability and without (a crowd of the recipe without
// them). What the abilities cost in time is BenchmarkAbilitiesCost's on/off
// ratio, held to 10% by .ci/budgets.sh, not here: a busy machine does not
// fail this test.
func TestAbilitiesCost(t *testing.T) {
	tg := newAbToggled(t)
	base := abCostCrowd(t, "capsule_walker", "", false)
	for name, p := range map[string]*systems.Pipeline{"with abilities": tg.p, "without": base} {
		if a := testing.AllocsPerRun(20, p.Step); a != 0 {
			t.Errorf("%s: a steady-state tick of %d walkers allocates %v times", name, abCostN, a)
		}
	}
}
