package play

import (
	"math"
	"path/filepath"
	"strings"
	"testing"

	"github.com/go-gl/mathgl/mgl64"
	"github.com/seedgames/motorkit/abilities"
	"github.com/seedgames/motorkit/components"
	"github.com/seedgames/motorkit/config"
	"github.com/seedgames/motorkit/kcc"
	"github.com/seedgames/motorkit/trace"
)

// The scripted runs of the abilities level (the traces
// testdata/shots/abilities_*.toml, which doc_shots.sh takes the
// screenshots of docs/playground.md#abilities from): each is replayed
// headless as the playground replays a -script, and must pass through its
// modes in order and end where the ability takes the player.

// abSample is the player after one tick of a scripted run.
type abSample struct {
	tick     uint64
	mode     abilities.Mode
	pos, vel mgl64.Vec3
	feet     float64 // the bottom of the capsule
	grounded bool
	ground   kcc.ColliderID
	held     kcc.ColliderID // kcc.NoCollider when holding nothing
	heldN    mgl64.Vec3
}

// runAbilityScene replays the trace testdata/shots/name.toml on its level
// with its prefab's motor, the abilities as the playground gives them
// (auto: on for that level), and returns every tick's sample.
func runAbilityScene(t *testing.T, name string) (*Session, []abSample) {
	t.Helper()
	tr, err := trace.Load(filepath.Join("..", "..", "testdata", "shots", name+".toml"))
	if err != nil {
		t.Fatal(err)
	}
	motor, _ := strings.CutSuffix(tr.Prefab, "_player")
	s := newSession(t, Options{Replay: ScriptRecording(tr, tr.Level, motor)})
	if !s.Abilities() {
		t.Fatalf("%s: no abilities on level %s", name, tr.Level)
	}
	var out []abSample
	for s.Replaying() {
		s.Runner.Step()
		st := s.State()
		if !st.HasAbilities {
			t.Fatalf("%s: tick %d: the player has no abilities", name, st.Tick)
		}
		k := &st.KCC
		smp := abSample{tick: st.Tick, mode: st.Abilities.Mode, pos: st.Body.Position, vel: st.Body.Velocity,
			feet:     st.Body.Position[1] - k.Shape.HalfHeight - k.Shape.Radius - k.Controller.Offset(),
			grounded: k.Grounded, ground: k.GroundCollider, held: kcc.NoCollider}
		if id, n, ok := st.Abilities.Held(); ok {
			smp.held, smp.heldN = id, n
		}
		out = append(out, smp)
	}
	return s, out
}

// modes returns the samples' modes with repeats run together.
func modes(ss []abSample) []abilities.Mode {
	var out []abilities.Mode
	for _, s := range ss {
		if len(out) == 0 || out[len(out)-1] != s.mode {
			out = append(out, s.mode)
		}
	}
	return out
}

func modeString(ms []abilities.Mode) string {
	var b strings.Builder
	for i, m := range ms {
		if i > 0 {
			b.WriteString(" -> ")
		}
		b.WriteString(m.String())
	}
	return b.String()
}

// passesThrough reports whether want is a subsequence of got.
func passesThrough(got, want []abilities.Mode) bool {
	i := 0
	for _, m := range got {
		if i < len(want) && m == want[i] {
			i++
		}
	}
	return i == len(want)
}

// checkModes fails t unless the run passes through want in order.
func checkModes(t *testing.T, ss []abSample, want ...abilities.Mode) {
	t.Helper()
	if got := modes(ss); !passesThrough(got, want) {
		t.Errorf("modes %s, want them to pass through %s", modeString(got), modeString(want))
	}
}

// ticksIn counts the ticks of mode m.
func ticksIn(ss []abSample, m abilities.Mode) int {
	n := 0
	for _, s := range ss {
		if s.mode == m {
			n++
		}
	}
	return n
}

// standsAt fails t unless the last sample stands (walk, grounded) with its
// feet at height y, within x0..x1 and z0..z1.
func standsAt(t *testing.T, s abSample, y, x0, x1, z0, z1 float64) {
	t.Helper()
	p := s.pos
	if s.mode != abilities.ModeWalk || !s.grounded || math.Abs(s.feet-y) > 0.05 ||
		p[0] < x0 || p[0] > x1 || p[2] < z0 || p[2] > z1 {
		t.Errorf("ends %s (grounded %v) at %v, feet %.3f; want walking with its feet at %v in x %v..%v, z %v..%v",
			s.mode, s.grounded, p, s.feet, y, x0, x1, z0, z1)
	}
}

func last(ss []abSample) abSample { return ss[len(ss)-1] }

// The deck's ladder: walk into it, climb at 2.5 m/s, climb off its top
// onto the deck (top 3 m, x = 20..26).
func TestAbilityScene_Ladder(t *testing.T) {
	_, ss := runAbilityScene(t, "abilities_ladder")
	checkModes(t, ss, abilities.ModeWalk, abilities.ModeClimb, abilities.ModeMantle, abilities.ModeWalk)
	for _, s := range ss {
		if s.mode == abilities.ModeClimb && s.vel[1] != 0 && math.Abs(s.vel[1]-abilities.DefaultClimb().Speed) > 1e-9 {
			t.Fatalf("tick %d: climbing at %v m/s, want %v", s.tick, s.vel[1], abilities.DefaultClimb().Speed)
		}
	}
	standsAt(t, last(ss), 3, 20, 26, -5, 3)
}

// The moving ladder: climb it, hold still on it while it slides along the
// deck's face (no sideways input: the ladder carries the climber), climb
// on and onto the deck.
func TestAbilityScene_MovingLadder(t *testing.T) {
	s, ss := runAbilityScene(t, "abilities_moving_ladder")
	checkModes(t, ss, abilities.ModeWalk, abilities.ModeClimb, abilities.ModeMantle, abilities.ModeWalk)
	var z0, z1 float64
	first := true
	for _, smp := range ss {
		if smp.mode != abilities.ModeClimb {
			continue
		}
		if !s.Moving(smp.held) || s.Surface(smp.held) != abilities.SurfaceLadder {
			t.Fatalf("tick %d: climbing collider %d, want the moving ladder", smp.tick, smp.held)
		}
		if first {
			z0, first = smp.pos[2], false
		}
		z1 = smp.pos[2]
	}
	if z1-z0 < 0.5 {
		t.Errorf("carried %.3f m along the deck while climbing, want at least 0.5 m", z1-z0)
	}
	standsAt(t, last(ss), 3, 20, 26, -5, 3)
}

// The pool: fall in and swim, dive deeper with crouch, float up to the
// surface (head above it), swim back and climb out onto the floor with a
// jump at the near wall.
func TestAbilityScene_Swim(t *testing.T) {
	s, ss := runAbilityScene(t, "abilities_swim")
	checkModes(t, ss, abilities.ModeWalk, abilities.ModeAir, abilities.ModeSwim, abilities.ModeMantle, abilities.ModeWalk)
	// Afloat on the way back (tick 300): the top of the capsule
	// head_above (0.25 m) over the surface at y = -0.4.
	k := components.KCC.Get(s.entry())
	smp := ss[299]
	top := smp.pos[1] + k.Shape.HalfHeight + k.Shape.Radius
	if smp.mode != abilities.ModeSwim || math.Abs(top-(-0.4+abilities.DefaultSwim().HeadAbove)) > 0.03 {
		t.Errorf("tick %d: %s with the head's top at %.3f, want swimming with it at %.3f", smp.tick, smp.mode, top, -0.4+abilities.DefaultSwim().HeadAbove)
	}
	// The dive (crouch, ticks 100-140) took it deeper than it floats.
	deepest := math.Inf(1)
	for _, d := range ss[100:140] {
		deepest = math.Min(deepest, d.pos[1])
	}
	if !(deepest < smp.pos[1]-0.3) {
		t.Errorf("the dive went down to %.3f, want at least 0.3 m under the floating %.3f", deepest, smp.pos[1])
	}
	standsAt(t, last(ss), 0, 6, 14, -1, 6)
}

// The ledge: jump at the 2.4 m block pressing lightly into it, hang from
// its edge for a second, then climb up onto it.
func TestAbilityScene_Ledge(t *testing.T) {
	_, ss := runAbilityScene(t, "abilities_ledge")
	checkModes(t, ss, abilities.ModeWalk, abilities.ModeAir, abilities.ModeHang, abilities.ModeMantle, abilities.ModeWalk)
	if n := ticksIn(ss, abilities.ModeHang); n < 60 {
		t.Errorf("hung %d ticks, want at least 60", n)
	}
	standsAt(t, last(ss), 2.4, 8.5, 11.5, -10.5, -5.5)
}

// The chimney: slide down the right wall, jump to the left one, slide,
// and so on: four slides on alternate walls, never falling faster than
// the slide speed, each starting higher than the one before; then a drop
// to the floor.
func TestAbilityScene_Wall(t *testing.T) {
	_, ss := runAbilityScene(t, "abilities_wall")
	checkModes(t, ss, abilities.ModeWalk, abilities.ModeAir, abilities.ModeWallSlide, abilities.ModeAir,
		abilities.ModeWallSlide, abilities.ModeAir, abilities.ModeWallSlide, abilities.ModeAir, abilities.ModeWallSlide,
		abilities.ModeAir, abilities.ModeWalk)
	var starts []abSample
	for i, s := range ss {
		if s.mode != abilities.ModeWallSlide {
			continue
		}
		if s.vel[1] < -abilities.DefaultWall().SlideSpeed-1e-9 {
			t.Fatalf("tick %d: sliding down at %v m/s, faster than %v", s.tick, -s.vel[1], abilities.DefaultWall().SlideSpeed)
		}
		if i > 0 && ss[i-1].mode != abilities.ModeWallSlide {
			starts = append(starts, s)
		}
	}
	if len(starts) != 4 {
		t.Fatalf("%d slides, want 4", len(starts))
	}
	for i := 1; i < len(starts); i++ {
		a, b := starts[i-1], starts[i]
		if a.held == b.held || a.heldN.Dot(b.heldN) > -0.99 {
			t.Errorf("slides %d and %d on colliders %d and %d (normals %v, %v), want the facing walls in turn", i-1, i, a.held, b.held, a.heldN, b.heldN)
		}
		if !(b.pos[1] > a.pos[1]) {
			t.Errorf("slide %d starts at %.3f m, not above slide %d's %.3f m", i, b.pos[1], i-1, a.pos[1])
		}
	}
	standsAt(t, last(ss), 0, 18, 24, -12.2, -9.8)
}

// The one-way platform: walk in under it, jump up through it and stand
// on it, then crouch + jump to drop through it to the floor.
func TestAbilityScene_OneWay(t *testing.T) {
	s, ss := runAbilityScene(t, "abilities_oneway")
	checkModes(t, ss, abilities.ModeWalk, abilities.ModeAir, abilities.ModeWalk, abilities.ModeAir, abilities.ModeWalk)
	on := 0
	for _, smp := range ss {
		if smp.grounded && s.Surface(smp.ground) == abilities.SurfaceOneWay && math.Abs(smp.feet-0.75) < 0.05 {
			on++
		}
	}
	if on < 40 {
		t.Errorf("stood on the one-way platform %d ticks, want at least 40", on)
	}
	// Down through it, not off its side: under it at the end.
	standsAt(t, last(ss), 0, 4.5, 7.5, -1.5, 1.5)
}

// TestAbilitiesSetting: auto gives a player the abilities on a level with
// ladders, water or one-way platforms and not elsewhere; on and off force
// them; a recording keeps the setting in force and replays it.
func TestAbilitiesSetting(t *testing.T) {
	for _, c := range []struct {
		level, setting string
		want           bool
	}{
		{"abilities", "", true}, {"abilities", AbilitiesAuto, true}, {"abilities", AbilitiesOff, false},
		{"playground", "", false}, {"living", AbilitiesAuto, false}, {"playground", AbilitiesOn, true},
	} {
		s := newSession(t, Options{Level: c.level, Abilities: c.setting})
		e := s.entry()
		has := e.HasComponent(components.Abilities) && components.Abilities.Get(e).Config.Any()
		if s.Abilities() != c.want || has != c.want {
			t.Errorf("%s with -abilities %q: abilities %v (component %v), want %v", c.level, c.setting, s.Abilities(), has, c.want)
		}
	}
	if _, err := New(Options{Abilities: "maybe"}); err == nil {
		t.Error("-abilities maybe accepted")
	}
	// Recorded on the playground course with them on, replayed: on.
	s := newSession(t, Options{Level: "playground", Abilities: AbilitiesOn, Record: true})
	run(s, 30, 1.0/60, components.CommandData{Forward: 1}, 0)
	rec := s.Recording()
	if rec.Meta.Abilities != AbilitiesOn || !strings.Contains(rec.Trace.Override, "[climb]") {
		t.Fatalf("recording: abilities %q, override %q", rec.Meta.Abilities, rec.Trace.Override)
	}
	r := newSession(t, Options{Replay: rec})
	if !r.Abilities() {
		t.Error("the replay of a recording with abilities has none")
	}
}

// TestAbilityKnobs: the panel's ability knobs are every key each table's
// validator checks, with its range, plus the enabled switches; setting one
// changes the player's own configuration in place (its mode goes on), keeps
// it over a motor switch, and is recorded and replayed.
func TestAbilityKnobs(t *testing.T) {
	s := newSession(t, Options{Level: "abilities", Motor: "rpg", Record: true})
	ks := s.AbilityKnobs()
	want := map[string]config.Knob{}
	for _, v := range []func() error{
		func() error { return abilities.DefaultClimb().Validate("") },
		func() error { return abilities.DefaultSwim().Validate("") },
		func() error { return abilities.DefaultLedge().Validate("") },
		func() error { return abilities.DefaultWall().Validate("") },
		func() error { return abilities.DefaultDropThrough().Validate("") },
	} {
		for _, k := range config.Knobs(v) {
			want[k.Key] = k
		}
	}
	got := map[string]PanelKnob{}
	for _, k := range ks {
		if !k.Ability {
			t.Errorf("%s: not marked as an ability knob", k.Key)
		}
		got[k.Key] = k
	}
	for key, k := range want {
		if g, ok := got[key]; !ok || g.Min != k.Min || g.Max != k.Max {
			t.Errorf("knob %s: got %+v, want range [%v, %v]", key, g, k.Min, k.Max)
		}
	}
	for _, table := range []string{"climb", "swim", "ledge", "wall", "drop_through"} {
		if k, ok := got[table+".enabled"]; !ok || k.Value != 1 || !k.Int {
			t.Errorf("%s.enabled: %+v", table, k)
		}
	}
	if len(got) != len(want)+5 {
		t.Errorf("%d knobs, want %d", len(got), len(want)+5)
	}
	cfg := components.Abilities.Get(s.entry()).Config
	run(s, 10, 1.0/60, components.CommandData{}, 0)
	if err := s.SetAbilityKnob(got["climb.speed"].Knob, 4); err != nil {
		t.Fatal(err)
	}
	if err := s.SetAbilityKnob(got["wall.enabled"].Knob, 0); err != nil {
		t.Fatal(err)
	}
	if err := s.SetAbilityKnob(got["swim.drag_rate"].Knob, 1e9); err != nil { // clamped to its range
		t.Fatal(err)
	}
	if components.Abilities.Get(s.entry()).Config != cfg || cfg.Climb.Speed != 4 || cfg.Wall.Enabled || cfg.Swim.DragRate != got["swim.drag_rate"].Max {
		t.Fatalf("after the changes: %+v", *cfg)
	}
	if err := s.SwitchMotor("fps"); err != nil {
		t.Fatal(err)
	}
	c2 := components.Abilities.Get(s.entry()).Config
	if c2.Climb.Speed != 4 || c2.Wall.Enabled {
		t.Errorf("after a motor switch: climb speed %v, wall enabled %v", c2.Climb.Speed, c2.Wall.Enabled)
	}
	run(s, 10, 1.0/60, components.CommandData{}, 0)
	r := newSession(t, Options{Replay: s.Recording()})
	for r.Replaying() {
		r.Runner.Step()
	}
	r.Runner.Step()
	c3 := components.Abilities.Get(r.entry()).Config
	if r.Motor() != "fps" || c3.Climb.Speed != 4 || c3.Wall.Enabled || c3.Swim.DragRate != got["swim.drag_rate"].Max {
		t.Errorf("replayed: motor %s, %+v", r.Motor(), *c3)
	}
	if err := newSession(t, Options{Level: "playground"}).SetAbilityKnob(got["climb.speed"].Knob, 3); err == nil {
		t.Error("an ability knob set on a player without abilities")
	}
}
