package systems_test

import (
	"math"
	"path/filepath"
	"testing"

	"github.com/go-gl/mathgl/mgl64"
	"github.com/seedgames/motorkit/abilities"
	"github.com/seedgames/motorkit/components"
	"github.com/seedgames/motorkit/prefabs"
	"github.com/seedgames/motorkit/systems"
	"github.com/seedgames/motorkit/trace"
	"github.com/yohamta/donburi"
)

// The abilities' acceptance traces, testdata/abilities/*.toml, replayed
// through the real pipeline (trace.Replay) with every recipe on the
// abilities' course, testdata/abilities/levels/course.toml (a trace names
// only the embedded levels: its level is "none" and the replay sets the
// course). Each test measures what the trace is about from its samples
// and the character's mode on every tick (the Abilities component, read
// after each tick) and checks it against the rules of the ability, as the
// closed-form tests (abilities_*_test.go) derive them: the climb speed and
// the ticks on the ladder and over its top, the swim's entry tick, float
// and surface speed, the hang's tick and height and the mantle's ticks,
// the slide's cap and the wall jumps' vectors, the drop through a one-way
// platform and its fall, and where each ends.

// abReplay is one replay of a trace of testdata/abilities with recipe:
// its samples, the mode after each tick and the character's dimensions.
type abReplay struct {
	res   *trace.Result
	modes []abilities.Mode
	d     dims
}

func replayAbilities(t *testing.T, name, recipe string) abReplay {
	t.Helper()
	tr, err := trace.Load(filepath.Join("..", "testdata", "abilities", name+".toml"))
	if err != nil {
		t.Fatal(err)
	}
	tr.Prefab = recipe
	var out abReplay
	res, err := trace.Replay(tr, trace.WithSetup(func(w donburi.World, p *systems.Pipeline) error {
		lv, err := prefabs.LoadLiving(filepath.Join("..", "testdata", "abilities", "levels", "course.toml"))
		if err != nil {
			return err
		}
		prefabs.SetLevelData(w, lv)
		e, ok := components.Abilities.First(w)
		if !ok {
			t.Fatalf("%s: %s spawned without abilities", name, recipe)
		}
		ent := e.Entity()
		p.Add(systems.StageCleanup, "abilities.mode", func(w donburi.World, _ systems.Tick) {
			out.modes = append(out.modes, components.Abilities.Get(w.Entry(ent)).Mode)
		})
		return nil
	}))
	if err != nil {
		t.Fatal(err)
	}
	out.res = res
	r := &abRig{t: t, w: res.World, p: res.Pipeline, e: res.Entity}
	out.d = r.dims()
	if len(out.modes) != len(res.Samples) {
		t.Fatalf("%d modes for %d samples", len(out.modes), len(res.Samples))
	}
	return out
}

// span returns the first and last tick of the first run of mode m at or
// after tick from (-1, -1 when none).
func (a abReplay) span(m abilities.Mode, from int) (first, last int) {
	first, last = -1, -1
	for i := from; i < len(a.modes); i++ {
		if a.modes[i] == m {
			if first < 0 {
				first = i
			}
			last = i
		} else if first >= 0 {
			break
		}
	}
	return first, last
}

// pos is the centre after tick i; before(i) the centre at the Begin of
// tick i.
func (a abReplay) pos(i int) mgl64.Vec3    { return a.res.Samples[i].Position }
func (a abReplay) before(i int) mgl64.Vec3 { return a.res.Samples[i-1].Position }

// TestAbilitiesTraceLadderClimb: testdata/abilities/ladder_climb.toml.
// The climb moves the capsule up 2.5 m/s·dt every tick on the ladder; it
// lasts ceil((L − h − r − y)/(speed·dt)) ticks from the centre y it
// starts at to the hands at the top (L = 5), the mantle
// ceil(D_up/0.05) + ceil(D_over/0.05) more, and the character stands on
// the block D_over beyond where it climbed.
func TestAbilitiesTraceLadderClimb(t *testing.T) {
	const L, speed = 5.0, 2.5
	for _, rc := range abRecipes {
		t.Run(rc, func(t *testing.T) {
			a := replayAbilities(t, "ladder_climb", rc)
			d := a.d
			c0, c1 := a.span(abilities.ModeClimb, 0)
			m0, m1 := a.span(abilities.ModeMantle, 0)
			w0, _ := a.span(abilities.ModeWalk, m1+1)
			if c0 < 1 || m0 != c1+1 || w0 != m1+1 {
				t.Fatalf("modes: climb %d..%d, mantle %d..%d, walk from %d: want climb, then mantle, then walk", c0, c1, m0, m1, w0)
			}
			for i := c0; i <= c1; i++ {
				if dy := a.pos(i)[1] - a.before(i)[1]; !within(dy, speed*d.dt, 1e-12) {
					t.Fatalf("climb tick %d: rose %.12f, want speed·dt %.12f", i, dy, speed*d.dt)
				}
			}
			climbed := a.pos(c1)[1] - a.before(c0)[1]
			if v := climbed / (float64(c1-c0+1) * d.dt); !within(v, speed, 1e-9) {
				t.Fatalf("mean climb speed %.12f, want %v", v, speed)
			}
			y0 := a.before(c0)[1]
			if n, want := c1-c0+1, ceilTicks(L-d.hr-y0, speed*d.dt); n != want {
				t.Fatalf("%d ticks on the ladder from y %.4f, want %d", n, y0, want)
			}
			up := L + d.off + mantleClear + d.hr - a.before(m0)[1]
			over := 2*d.r + d.off + 0.05
			if n, want := m1-m0+1, ceilTicks(up, 0.05)+ceilTicks(over, 0.05); n != want {
				t.Fatalf("%d ticks of mantle, want %d", n, want)
			}
			p, x := a.pos(w0), a.before(m0)[0]
			if !within(p[0], x+over, 1e-9) || p[1] < L+d.off+d.hr-1e-9 || p[1] > L+d.off+d.gtol+d.hr || !a.res.Samples[w0].Grounded {
				t.Fatalf("standing at %v grounded %v, want on the block at x %.4f", p, a.res.Samples[w0].Grounded, x+over)
			}
			t.Logf("climb ticks %d..%d (%d at %.4f m/s), mantle %d ticks, on the block at %.4f", c0, c1, c1-c0+1, speed, m1-m0+1, p)
		})
	}
}

// TestAbilitiesTraceSwim: testdata/abilities/swim.toml. Dropped from 5 m
// over the surface S = −0.3 the character swims from the tick
// floor(sqrt(2·5/g)/dt) + 1, is never grounded in the water, floats with
// its centre at S − (h + r − head_above), swims toward the edge at
// 3·(1 − (1 − a)^k) m/s after k ticks of forward, and climbs out onto the
// floor at the jump.
func TestAbilitiesTraceSwim(t *testing.T) {
	const S, drop, speed, fwd0, jump = -0.3, 5.0, 3.0, 180, 420
	for _, rc := range abRecipes {
		t.Run(rc, func(t *testing.T) {
			a := replayAbilities(t, "swim", rc)
			d := a.d
			s0, s1 := a.span(abilities.ModeSwim, 0)
			if want := int(math.Floor(math.Sqrt(2*drop/d.g)/d.dt)) + 1; s0 != want {
				t.Fatalf("swims from tick %d, want %d", s0, want)
			}
			if s1 != jump-1 || a.modes[jump] != abilities.ModeMantle {
				t.Fatalf("swim %d..%d, mode %v at the jump (tick %d): want swimming to the jump and a mantle out", s0, s1, a.modes[jump], jump)
			}
			for i := s0; i <= s1; i++ {
				if a.res.Samples[i].Grounded {
					t.Fatalf("tick %d: grounded in the water", i)
				}
			}
			aa := 1 - math.Exp(-4*d.dt)
			for k := 1; k <= 180; k++ {
				want := -speed * (1 - math.Pow(1-aa, float64(k)))
				if vz := a.res.Samples[fwd0+k-1].Velocity[2]; !within(vz, want, 1e-9) {
					t.Fatalf("%d ticks of forward: vz %.12f, want %.12f", k, vz, want)
				}
			}
			f := d.hr - 0.25
			if y := a.pos(jump - 1)[1]; !within(y, S-f, 1e-4) {
				t.Fatalf("floating at y %.6f before the jump, want S − f = %.6f", y, S-f)
			}
			w0, _ := a.span(abilities.ModeWalk, jump)
			p := a.pos(len(a.modes) - 1)
			if w0 < 0 || !within(p[1], d.standY, 1e-9) || p[2] > 10-d.r {
				t.Fatalf("after the climb out (walk from %d): at %v, want standing on the floor (y %.4f, z < %.2f)", w0, p, d.standY, 10-d.r)
			}
			t.Logf("swim ticks %d..%d, float at %.6f, %d ticks of mantle out, on the floor at %.3f", s0, s1, a.pos(jump - 1)[1], w0-jump, p)
		})
	}
}

// TestAbilitiesTraceLedgeHangMantle: testdata/abilities/ledge_hang_mantle.toml.
// The jump (tick 40) hangs on the tick hangTick derives from the motor's
// jump, the top of the head at the edge (2.6 m) and held there, for the
// neutral segment; forward on tick 105 mantles in
// ceil(D_up/0.05) + ceil(D_over/0.05) ticks onto the ledge.
func TestAbilitiesTraceLedgeHangMantle(t *testing.T) {
	const J, M = 40, 105
	for _, rc := range abRecipes {
		t.Run(rc, func(t *testing.T) {
			a := replayAbilities(t, "ledge_hang_mantle", rc)
			d := a.d
			if !a.res.Samples[J].JumpConsumed {
				t.Fatalf("no jump on tick %d", J)
			}
			h0, h1 := a.span(abilities.ModeHang, 0)
			if want := hangTick(d, J, 0.4); h0 != want || h1 != M-1 {
				t.Fatalf("hang %d..%d, want from tick %d to %d", h0, h1, want, M-1)
			}
			for i := h0; i <= h1; i++ {
				if p := a.pos(i); !within(p[1]+d.hr, lgH, 1e-9) || p != a.pos(h0) {
					t.Fatalf("tick %d: hanging at %v, want the head's top at the edge %v, still", i, p, lgH)
				}
			}
			m0, m1 := a.span(abilities.ModeMantle, h1+1)
			up, over := 2*d.hr+d.off+mantleClear, 2*d.r+d.off+0.05
			if want := ceilTicks(up, 0.05) + ceilTicks(over, 0.05); m0 != M || m1-m0+1 != want {
				t.Fatalf("mantle %d..%d, want from %d for %d ticks", m0, m1, M, want)
			}
			p := a.pos(m1 + 1)
			if !within(p[0], a.pos(h0)[0]+over, 1e-9) || p[1] < lgH+d.off+d.hr-1e-9 || p[1] > lgH+d.off+d.gtol+d.hr {
				t.Fatalf("after the mantle at %v, want standing on the ledge at x %.4f", p, a.pos(h0)[0]+over)
			}
			t.Logf("hang from tick %d (%d ticks after the jump) for %d ticks, mantle %d ticks, on the ledge at %.3f", h0, h0-J, h1-h0+1, m1-m0+1, p)
		})
	}
}

// TestAbilitiesTraceWallSlideJump: testdata/abilities/wall_slide_jump.toml.
// Three slides, on A, B and A again (against each face), never falling
// faster than slide_speed (2 m/s) and at exactly that once it is reached;
// the wall jumps of ticks 46 and 87 leave at (∓7·cos 50°, 7·sin 50° − g·dt);
// the run ends on the floor against A.
func TestAbilitiesTraceWallSlideJump(t *testing.T) {
	const slide = 2.0
	th := 50 * math.Pi / 180
	for _, rc := range abRecipes {
		t.Run(rc, func(t *testing.T) {
			a := replayAbilities(t, "wall_slide_jump", rc)
			d := a.d
			faces := []float64{22 - d.r - d.off, 20 + d.r + d.off, 22 - d.r - d.off}
			from := 0
			for k, face := range faces {
				s0, s1 := a.span(abilities.ModeWallSlide, from)
				if s0 < 0 {
					t.Fatalf("slide %d never began", k)
				}
				capped := false
				for i := s0; i <= s1; i++ {
					s := a.res.Samples[i]
					if !within(s.Position[0], face, 1e-9) || s.Velocity[1] < -slide {
						t.Fatalf("slide %d, tick %d: at %v falling %v, want against the wall at x %v, no faster than %v", k, i, s.Position, -s.Velocity[1], face, slide)
					}
					capped = capped || s.Velocity[1] == -slide
				}
				if !capped && k < 2 {
					t.Fatalf("slide %d (%d..%d) never reached slide_speed", k, s0, s1)
				}
				from = s1 + 1
				t.Logf("slide %d: ticks %d..%d", k, s0, s1)
			}
			for k, j := range []int{46, 87} {
				nx := []float64{-1, 1}[k]
				v := a.res.Samples[j].Velocity
				if !within(v[0], nx*7*math.Cos(th), 1e-9) || !within(v[1], 7*math.Sin(th)-d.g*d.dt, 1e-9) || a.modes[j] != abilities.ModeAir {
					t.Fatalf("wall jump on tick %d: velocity %v mode %v, want (%.4f, %.4f) in the air", j, v, a.modes[j], nx*7*math.Cos(th), 7*math.Sin(th)-d.g*d.dt)
				}
			}
			last := len(a.modes) - 1
			if p := a.pos(last); a.modes[last] != abilities.ModeWalk || !within(p[0], faces[2], 1e-9) || p[1] < d.standY-1e-9 || p[1] > d.standY+d.gtol {
				t.Fatalf("ends in mode %v at %v, want on the floor against A", a.modes[last], p)
			}
		})
	}
}

// TestAbilitiesTraceOneWayDrop: testdata/abilities/oneway_drop.toml. The
// jump goes up through the thin one-way platform's side and lands on its
// top (0.6 m); crouch + jump on tick 91 drops through it: mode air from
// that tick, the feet fall freely from where they stood and the character
// walks on the floor from the tick whose move takes the feet within the
// ground tolerance of it: 91 + the least k with
// feet(91) − g(k·dt)²/2 ≤ skin + tolerance.
func TestAbilitiesTraceOneWayDrop(t *testing.T) {
	const top, D = 0.6, 91
	for _, rc := range abRecipes {
		t.Run(rc, func(t *testing.T) {
			a := replayAbilities(t, "oneway_drop", rc)
			d := a.d
			s := a.res.Samples[D-1]
			f0 := s.Position[1] - d.hr
			if !s.Grounded || f0 < top+d.off-1e-9 || f0 > top+d.off+d.gtol {
				t.Fatalf("before the drop: feet at %.6f grounded %v, want standing on the platform's top %v", f0, s.Grounded, top)
			}
			if a.modes[D] != abilities.ModeAir || a.modes[D-1] != abilities.ModeWalk {
				t.Fatalf("modes %v, %v around the press, want walk then air", a.modes[D-1], a.modes[D])
			}
			k := 1
			for ; f0-d.g*math.Pow(float64(k)*d.dt, 2)/2 > d.off+d.gtol; k++ {
			}
			w0, _ := a.span(abilities.ModeWalk, D)
			if w0 != D+k {
				t.Fatalf("walks on the floor from tick %d, want %d (a fall of %d ticks)", w0, D+k, k)
			}
			if y := a.pos(len(a.modes) - 1)[1]; !within(y, d.standY, 1e-9) {
				t.Fatalf("ends at y %.6f, want on the floor at %.6f", y, d.standY)
			}
			t.Logf("on the platform's top (feet %.4f), dropped on tick %d, on the floor from tick %d", f0, D, w0)
		})
	}
}
