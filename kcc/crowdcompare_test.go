package kcc_test

import (
	"fmt"
	"math"
	"runtime"
	"testing"
	"time"

	"github.com/go-gl/mathgl/mgl64"
	"github.com/seedgames/motorkit/internal/fieldcrowd"
	"github.com/seedgames/motorkit/kcc"
)

// The open-field crowd of systems/crowdfield_test.go (fieldCrowd) through
// kcc alone, with the plain caller of tools/kcccompare/crowd.mjs, which
// plays the same crowd through Jolt's CharacterVirtual: the kcc rows of
// "Crowds side by side with Jolt" in docs/kcc.md. Capsules (radius 0.3,
// half height 0.6) 1 m apart on a square grid, standing on a floor box,
// even columns walking +x and odd ones -x at 5 m/s with a sideways weave
// of 5 m/s times fieldcrowd.Weave(tick) along the character's right.

const fieldDt, fieldGravity = 1.0 / 60, 20.0

// kccField is the open field in a kcc.World: a floor box and a capsule
// collider per character, moved through Controller.MoveWith group by group, phase by phase
// (World.PlanCrowd) on workers goroutines, a Controller each.
type kccField struct {
	n, side, workers int
	w                *kcc.World
	ids              []kcc.ColliderID
	filters          []kcc.QueryFilter
	ctrls            []*kcc.Controller
	members          []kcc.CrowdMember
	plan             kcc.CrowdPlan
	start, pos, move []mgl64.Vec3
	dir, vy          []float64
	grounded         []bool
	tick, escapes    int
}

func newKCCField(n, workers int) *kccField {
	f := &kccField{n: n, workers: workers, w: kcc.NewWorld()}
	f.start, f.side = fieldcrowd.Start(n)
	f.w.AddBox(mgl64.Vec3{0, -0.5, 0}, mgl64.Vec3{200, 0.5, 200}, mgl64.Quat{})
	for i, p := range f.start {
		f.ids = append(f.ids, f.w.AddCapsule(walkerShape, p))
		f.dir = append(f.dir, fieldcrowd.Dir(i, f.side))
	}
	f.pos = append([]mgl64.Vec3(nil), f.start...)
	f.move = make([]mgl64.Vec3, n)
	f.vy = make([]float64, n)
	f.grounded = make([]bool, n)
	f.members = make([]kcc.CrowdMember, n)
	f.filters = make([]kcc.QueryFilter, n)
	for i, id := range f.ids {
		f.filters[i].Exclude = f.ids[i : i+1 : i+1]
		f.members[i].Collider = id
	}
	for i := 0; i < workers; i++ {
		f.ctrls = append(f.ctrls, kcc.NewController(kcc.DefaultConfig()))
	}
	return f
}

// step plays one tick: every character's move (walk, weave and the
// vertical velocity of crowd.mjs's caller: one tick of gravity added to
// the vertical velocity of the last move, zeroed while grounded) and its
// reach as the pipeline plans it (systems.planCrowd: the move's length plus
// the skin and slack across, a step up and on the ground a snap down and
// a slope's lift along Up), the crowd planned, its groups moved phase by phase, the crowd
// ended.
func (f *kccField) step() {
	weave := fieldcrowd.Weave(uint64(f.tick))
	cfg := f.ctrls[0]
	for i := range f.members {
		v := mgl64.Vec3{f.dir[i] * fieldcrowd.Speed, f.vy[i] - fieldGravity*fieldDt, f.dir[i] * fieldcrowd.Speed * weave}
		f.move[i] = v.Mul(fieldDt)
		m := f.move[i].Len()
		planar := m + cfg.Offset() + 0.005
		along := cfg.StepHeight()
		if f.grounded[i] {
			along += 3*m + cfg.SnapDistance()
		}
		f.members[i].Reach = mgl64.Vec3{planar, planar + along, planar}
	}
	if err := f.w.PlanCrowd(f.members, &f.plan); err != nil {
		panic(err)
	}
	for i := range f.filters {
		f.filters[i].Crowd = f.plan.ViewOf(f.ids[i]) // each member's queries see its island
	}
	movePlan(&f.plan, f.workers, f.moveOne)
	f.escapes += f.plan.Escapes(f.w)
	f.tick++
}

// moveOne moves character i with worker g's Controller.
func (f *kccField) moveOne(g int, i int32) {
	res := f.ctrls[g].MoveWith(f.w, walkerShape, f.pos[i], f.move[i], kcc.MoveOptions{Filter: &f.filters[i]})
	f.pos[i] = f.pos[i].Add(res.Translation)
	f.vy[i] = res.Translation[1] / fieldDt
	if res.Grounded {
		f.vy[i] = 0
	}
	f.grounded[i] = res.Grounded
	if err := f.w.SetTransform(f.ids[i], f.pos[i], mgl64.Quat{}); err != nil {
		panic(err)
	}
}

// TestCrowdCompareField plays the open field of 200 characters through
// kcc alone for 3 s on one and two goroutines: the same bits, no escape
// from a planned reach, no two capsules closer than 2r - skin, and the
// characters meet (some touch during the run).
func TestCrowdCompareField(t *testing.T) {
	const n, ticks = 200, 180
	const skin = 0.01
	var first []mgl64.Vec3
	for _, workers := range []int{1, 2} {
		f := newKCCField(n, workers)
		worst, touched := math.Inf(1), 0
		for tick := 0; tick < ticks; tick++ {
			f.step()
			c, k := fieldcrowd.Meet(f.pos, walkerShape.HalfHeight)
			worst, touched = math.Min(worst, c), max(touched, k)
			if worst < 2*walkerShape.Radius-skin-1e-6 {
				t.Fatalf("%d goroutines, tick %d: capsules overlap: axes %.4f m apart", workers, tick, worst)
			}
		}
		if f.escapes != 0 {
			t.Fatalf("%d goroutines: %d escapes", workers, f.escapes)
		}
		if touched == 0 {
			t.Fatalf("%d goroutines: nobody touched anybody", workers)
		}
		t.Logf("%d goroutines: closest axes %.4f m, at most %d touching, walked %.2f m", workers, worst, touched, fieldcrowd.Walked(f.start, f.pos, f.side))
		if first == nil {
			first = append([]mgl64.Vec3(nil), f.pos...)
			continue
		}
		for i := range f.pos {
			if f.pos[i] != first[i] {
				t.Fatalf("character %d at %v on two goroutines, %v on one", i, f.pos[i], first[i])
			}
		}
	}
}

// BenchmarkCrowdCompare plays the open field through kcc alone at 100, 500
// and 2,000 characters on one and two goroutines in one run, as crowd.mjs
// plays it through Jolt: 60 ticks of warm-up, then every b.N round 10
// timed ticks of each crowd in turn (-benchtime 12x: crowd.mjs's 120
// ticks), so a change in the machine's speed hits them alike. Reported per
// crowd: µs per character-tick (us/char-tick:block-N-wW) and, outside the
// timed ticks, the closest axes of two characters over the timed ticks
// (closest-m:…), the share of characters touching another, mean over the
// timed ticks (touching-%:…), how far the paired characters walked along
// their walk direction by the end (walked-m:…), the share grounded at the
// end (grounded-%:…), and the escapes from the planned reaches (escapes,
// all crowds: 0).
func BenchmarkCrowdCompare(b *testing.B) {
	type conf struct{ n, workers int }
	var confs []conf
	for _, n := range []int{100, 500, 2000} {
		for _, workers := range []int{1, 2} {
			confs = append(confs, conf{n, workers})
		}
	}
	fields := make([]*kccField, len(confs))
	for k, c := range confs {
		fields[k] = newKCCField(c.n, c.workers)
		for j := 0; j < 60; j++ {
			fields[k].step()
		}
		fields[k].escapes = 0
	}
	runtime.GC()
	spent := make([]time.Duration, len(confs))
	ticks := make([]int, len(confs))
	closest := make([]float64, len(confs))
	touching := make([]int, len(confs))
	for k := range closest {
		closest[k] = math.Inf(1)
	}
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		for k, f := range fields {
			for j := 0; j < 10; j++ {
				start := time.Now()
				f.step()
				spent[k] += time.Since(start)
				ticks[k]++
				b.StopTimer()
				c, t := fieldcrowd.Meet(f.pos, walkerShape.HalfHeight)
				closest[k] = math.Min(closest[k], c)
				touching[k] += t
				b.StartTimer()
			}
		}
	}
	b.StopTimer()
	escapes := 0
	for k, c := range confs {
		f := fields[k]
		tag := fmt.Sprintf("block-%d-w%d", c.n, c.workers)
		b.ReportMetric(float64(spent[k].Nanoseconds())/float64(ticks[k])/float64(c.n)/1000, "us/char-tick:"+tag)
		b.ReportMetric(closest[k], "closest-m:"+tag)
		b.ReportMetric(100*float64(touching[k])/float64(ticks[k])/float64(c.n), "touching-%:"+tag)
		b.ReportMetric(fieldcrowd.Walked(f.start, f.pos, f.side), "walked-m:"+tag)
		grounded := 0
		for _, g := range f.grounded {
			if g {
				grounded++
			}
		}
		b.ReportMetric(100*float64(grounded)/float64(c.n), "grounded-%:"+tag)
		escapes += f.escapes
	}
	b.ReportMetric(float64(escapes), "escapes")
}
