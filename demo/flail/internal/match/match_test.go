package match

import (
	flailmatch "github.com/seedgames/motorkit/flail/match"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/go-gl/mathgl/mgl64"
	"github.com/seedgames/motorkit/flail"
	"github.com/seedgames/motorkit/trace"
)

func newMatch(t *testing.T, o Options) *flailmatch.Match {
	m, _ := newMatchRec(t, o)
	return m
}

func newMatchRec(t *testing.T, o Options) (*flailmatch.Match, *trace.Recorder) {
	t.Helper()
	cfg, err := Config("")
	if err != nil {
		t.Fatal(err)
	}
	o.Config = cfg
	m, rec, err := New(o)
	if err != nil {
		t.Fatal(err)
	}
	return m, rec
}

// script is a varied live input: steering in circles with throttle ramps,
// a throw every 97 ticks and a hold to attract.
func script(frame int) flail.Input {
	c := flail.Input{Aim: 0.05 * float64(frame), Throttle: 0.5 + 0.5*math.Sin(0.01*float64(frame))}
	switch k := frame % 97; {
	case k == 0:
		c.PrimaryPressed, c.PrimaryHeld = true, true
	case k == 40:
		c.PrimaryPressed, c.PrimaryHeld = true, true
	case k > 40 && k < 70:
		c.PrimaryHeld = true
	}
	return c
}

// run drives m with 60 Hz frames (the runner turns them into 40 Hz ticks,
// two ticks every three frames) for the given frames.
func run(m *flailmatch.Match, frames int, live bool) {
	for f := 0; f < frames; f++ {
		if live {
			m.Submit(script(f))
		}
		m.Advance(1.0 / 60)
	}
}

func TestConfigLayers(t *testing.T) {
	cfg, err := Config("")
	if err != nil {
		t.Fatal(err)
	}
	if cfg.Arena.Size != 4000 || cfg.Pickups.Target != 220 || cfg.Rope.RestLength != 80 {
		t.Fatalf("demo tuning not applied over the defaults: %+v %+v", cfg.Arena, cfg.Pickups)
	}
	dir := t.TempDir()
	good := filepath.Join(dir, "good.toml")
	os.WriteFile(good, []byte("[rope]\nrest_length = 120.0\n"), 0o644)
	cfg, err = Config(good)
	if err != nil || cfg.Rope.RestLength != 120 || cfg.Arena.Size != 4000 {
		t.Fatalf("user file: %v %+v", err, cfg.Rope)
	}
	bad := filepath.Join(dir, "bad.toml")
	os.WriteFile(bad, []byte("[rope]\nrest_lenght = 120.0\n"), 0o644)
	if _, err := Config(bad); err == nil || !strings.Contains(err.Error(), "rest_lenght") {
		t.Fatalf("unknown key not rejected with its name: %v", err)
	}
}

func TestMatchRunsAt40Hz(t *testing.T) {
	m := newMatch(t, Options{Bots: 12, Seed: 3})
	if m.Players() != 13 || m.Flail(Me).Name != "You" || m.Bot(Me) != nil || m.Skill(3) != flail.SkillHard {
		t.Fatalf("players %d, me %q, skill(3) %v", m.Players(), m.Flail(Me).Name, m.Skill(3))
	}
	if m.Name(uint64(m.Cars[1])) != "Ada" || m.Index(uint64(m.Player)) != Me {
		t.Fatal("names/indices by ID")
	}
	// 300 frames of 1/60 s are 5 s: 200 ticks at 40 Hz.
	run(m, 300, true)
	if m.Ticks() != 200 {
		t.Fatalf("ticks after 300 frames = %d, want 200", m.Ticks())
	}
	// PrevPosition is the car one tick earlier: it differs from Position
	// after a moving tick (the script drives every tick).
	b := m.Body(Me)
	if b.Position == b.PrevPosition {
		t.Fatal("PrevPosition equals Position after a moving tick")
	}
	if m.Flail(Me).PrevFlail == m.Flail(Me).Flail.Pos {
		t.Fatal("PrevFlail equals the flail after a moving tick")
	}
	moved := 0
	for i := range m.Cars {
		if !flail.FiniteVec(m.Body(i).Position) || !flail.FiniteVec(m.Flail(i).Flail.Pos) {
			t.Fatalf("player %d state not finite", i)
		}
		if i > 0 && m.Body(i).Position != m.Body(i).PrevPosition {
			moved++
		}
	}
	if moved < 6 {
		t.Fatalf("only %d of 12 bots moving", moved)
	}
	// Every car stays inside the arena's walls (the KCC stage collides
	// with the demo level): |x|, |z| <= half - car radius (+ the skin).
	lim := m.Arena.Half - m.Game.Ph.CarRadius + 0.02
	for i := range m.Cars {
		p := m.Body(i).Position
		if math.Abs(p[0]) > lim || math.Abs(p[2]) > lim {
			t.Fatalf("player %d left the arena: %v", i, p)
		}
	}
}

func TestRecordReplayBitIdentical(t *testing.T) {
	a, rec := newMatchRec(t, Options{Bots: 8, Seed: 11, Record: true})
	thrown := 0
	for f := 0; f < 900; f++ {
		a.Submit(script(f))
		a.Advance(1.0 / 60)
		if a.Flail(Me).Flail.Thrown {
			thrown++
		}
	}
	// The script throws every 97 frames, so the replay has edges to get
	// right.
	if thrown == 0 {
		t.Fatal("the local flail was never thrown")
	}
	data, err := Recording(a, rec, "")
	if err != nil {
		t.Fatal(err)
	}
	meta, ok, err := ReadMeta(data)
	if err != nil || !ok || meta.Bots != 8 || meta.Seed != 11 || meta.Config != "" {
		t.Fatalf("meta %+v ok %v err %v", meta, ok, err)
	}
	tr, err := trace.Parse(data, "rec.toml")
	if err != nil {
		t.Fatal(err)
	}
	if tr.Ticks() != int(a.Ticks()) {
		t.Fatalf("trace has %d ticks, match ran %d", tr.Ticks(), a.Ticks())
	}
	if tr.Check == nil || tr.Check.Kind != "match" || len(tr.Check.Hashes) != int(a.Ticks())/trace.DefaultCheckEvery {
		t.Fatalf("recording's check %+v for %d ticks", tr.Check, a.Ticks())
	}
	verify := trace.NewChecker(tr.Check)
	b := newMatch(t, Options{Bots: meta.Bots, Seed: meta.Seed, Replay: tr, Verify: verify})
	// Replay at another frame rate (1/30 s frames): the per-tick commands
	// do not depend on how frames map to ticks.
	for b.Ticks() < a.Ticks() {
		b.Submit(flail.Input{Throttle: 1, Aim: 2}) // ignored while replaying
		b.Advance(1.0 / 30)
	}
	if b.Ticks() != a.Ticks() {
		t.Fatalf("replay ran %d ticks, recording %d", b.Ticks(), a.Ticks())
	}
	for i := range a.Cars {
		pa, pb := a.Flail(i), b.Flail(i)
		if *a.Body(i) != *b.Body(i) || pa.Flail.Point != pb.Flail.Point || pa.Energy != pb.Energy || pa.Kills != pb.Kills {
			t.Fatalf("player %d differs after replay: %v vs %v", i, a.Body(i).Position, b.Body(i).Position)
		}
		for k := range a.Rope(i).Nodes {
			if a.Rope(i).Nodes[k] != b.Rope(i).Nodes[k] {
				t.Fatalf("player %d rope node %d differs", i, k)
			}
		}
	}
	if b.Replaying() {
		t.Fatal("replay not finished")
	}
	if err := verify.Err(); err != nil || verify.Checks() != len(tr.Check.Hashes) {
		t.Fatalf("replay checks: %v after %d of %d", err, verify.Checks(), len(tr.Check.Hashes))
	}
	// The same recording replayed into another match (another seed) is
	// caught at the first check.
	other := trace.NewChecker(tr.Check)
	c := newMatch(t, Options{Bots: meta.Bots, Seed: meta.Seed + 1, Replay: tr, Verify: other})
	for c.Ticks() < a.Ticks() {
		c.Advance(1.0 / 30)
	}
	if d := other.Divergence(); d == nil || d.Tick != trace.DefaultCheckEvery {
		t.Fatalf("replay with another seed: divergence %v, want at tick %d", d, trace.DefaultCheckEvery)
	}
}

func TestCommandsFromHandTrace(t *testing.T) {
	tr, err := trace.Parse([]byte(`tick_rate = 40
prefab = "flail_player"
level = "none"
[[segment]]
ticks = 3
aim_deg = 90
throttle = 1
primary = "tap"
[[segment]]
ticks = 2
primary = "hold"
`), "hand.toml")
	if err != nil {
		t.Fatal(err)
	}
	c, err := Inputs(tr)
	if err != nil {
		t.Fatal(err)
	}
	if len(c) != 5 {
		t.Fatalf("%d commands", len(c))
	}
	// Tap: down on the first tick only, with its edge; hold: the edge on
	// the first held tick; aim carries over into the second segment.
	want := [5][2]bool{{true, true}, {false, false}, {false, false}, {true, true}, {true, false}}
	for i, w := range want {
		if c[i].PrimaryHeld != w[0] || c[i].PrimaryPressed != w[1] {
			t.Errorf("tick %d: held %v pressed %v, want %v", i, c[i].PrimaryHeld, c[i].PrimaryPressed, w)
		}
		if math.Abs(c[i].Aim-math.Pi/2) > 1e-15 {
			t.Errorf("tick %d aim %v", i, c[i].Aim)
		}
	}
	if c[0].Throttle != 1 || c[3].Throttle != 0 {
		t.Errorf("throttle %v %v", c[0].Throttle, c[3].Throttle)
	}
	tr.TickRate = 60
	if _, err := Inputs(tr); err == nil {
		t.Fatal("a 60 Hz trace must be rejected")
	}
}

func TestReadMetaErrors(t *testing.T) {
	if _, ok, err := ReadMeta([]byte("tick_rate = 40\n")); ok || err != nil {
		t.Fatalf("plain trace: ok %v err %v", ok, err)
	}
	for _, bad := range []string{"# flaildemo bots=x", "# flaildemo bots=99999", "# flaildemo what=1", "# flaildemo seed=-1"} {
		if _, _, err := ReadMeta([]byte(bad + "\n")); err == nil {
			t.Errorf("%q accepted", bad)
		}
	}
}

func TestLinksAndKillHook(t *testing.T) {
	m := newMatch(t, Options{Bots: 3, Seed: 5})
	// Put the local player's chain in a known shape: car at 0, node 1 m
	// along +X, flail 2.5 m along +X (links of 1.0 m and 1.5 m).
	m.Body(Me).Position = mgl64.Vec3{0, 0, 0}
	m.Rope(Me).Nodes[0].Pos = mgl64.Vec3{1, 0, 0}
	m.Flail(Me).Flail.Pos = mgl64.Vec3{2.5, 0, 0}
	var links [flail.MaxRopeNodes + 1]flailmatch.Link
	n := m.Links(Me, &links)
	if n != 2 {
		t.Fatalf("%d links", n)
	}
	// rest = 80 u / 100 u/m = 0.8 m; extension = 0.2 m and 0.7 m;
	// impulse = K*Rate*x = 0.1*40*x = 0.8 and 2.8 m/s.
	for i, want := range [2][2]float64{{0.2, 0.8}, {0.7, 2.8}} {
		if math.Abs(links[i].Extension-want[0]) > 1e-12 || math.Abs(links[i].Impulse-want[1]) > 1e-12 {
			t.Errorf("link %d: %+v, want ext %v impulse %v", i, links[i], want[0], want[1])
		}
	}
	killer := m.Nearest(Me)
	if killer < 1 {
		t.Fatalf("nearest = %d", killer)
	}
	m.KillPlayer(killer, Me)
	m.Runner.Step()
	if m.Flail(Me).Alive || m.Flail(killer).Kills != 1 {
		t.Fatalf("kill hook: alive %v kills %d", m.Flail(Me).Alive, m.Flail(killer).Kills)
	}
	found := false
	for _, e := range m.Events() {
		if e.Kind == flail.EventKill && m.Index(e.Victim) == Me && m.Index(e.Killer) == killer {
			found = true
		}
	}
	if !found {
		t.Fatal("no kill event")
	}
	// Respawn after rules.respawn_delay = 3 s = 120 ticks.
	for i := 0; i < 121; i++ {
		m.Runner.Step()
	}
	if !m.Flail(Me).Alive {
		t.Fatal("no respawn after the delay")
	}
}

func TestArenaCorners(t *testing.T) {
	m := newMatch(t, Options{})
	a := m.Arena
	if a.Half != 20 || len(a.Boxes) != 13 {
		t.Fatalf("half %v, %d boxes; want 20 m, 4 walls + 9 obstacles", a.Half, len(a.Boxes))
	}
	// The outer walls' inner faces are at +-half.
	if w := a.Boxes[1]; w.Center[0]-w.HalfX != a.Half {
		t.Fatalf("east wall inner face at %v", w.Center[0]-w.HalfX)
	}
	// Every corner of every obstacle is on the box's boundary: a tiny
	// circle there overlaps the box, one pushed outward does not touch it.
	for _, b := range a.Boxes[4:] {
		for _, c := range Corners(b) {
			out := c.Add(c.Sub(b.Center).Normalize().Mul(0.05))
			one := flail.NewArena(a.Half, []flail.Box{b}, false, 1)
			if !one.Overlaps(c[0], c[2], 0.01) || one.Overlaps(out[0], out[2], 0.01) {
				t.Fatalf("corner %v of box %+v not on its boundary", c, b)
			}
		}
	}
}

func TestAutopilotPlays(t *testing.T) {
	m := newMatch(t, Options{Bots: 4, Seed: 2})
	var ap Autopilot
	e0 := m.Flail(Me).Energy
	thrown := false
	for f := 0; f < 1200; f++ { // 20 s of 60 Hz frames
		m.Submit(ap.Input(m))
		m.Advance(1.0 / 60)
		thrown = thrown || m.Flail(Me).Flail.Thrown
	}
	// Seeking pickups of 5..15 energy for 20 s gains energy; the throw
	// schedule detaches the flail at least once.
	if !(m.Flail(Me).Energy > e0) || !thrown {
		t.Fatalf("autopilot: energy %v (start %v), thrown %v", m.Flail(Me).Energy, e0, thrown)
	}
}

func TestRankMatchesLeaderboard(t *testing.T) {
	m := newMatch(t, Options{Bots: 14, Seed: 9})
	run(m, 900, true)
	rows := m.Rules.Board.Rows()
	if len(rows) == 0 {
		t.Fatal("empty leaderboard")
	}
	// The leaderboard is recomputed in the cleanup stage of each tick from
	// the same energies, so every listed player's Rank is its row + 1.
	for k, e := range rows {
		if r := m.Rank(m.Index(e.ID)); r != k+1 {
			t.Fatalf("row %d (%s): Rank %d", k, m.Name(e.ID), r)
		}
	}
	for i := range m.Cars {
		if !m.Flail(i).Alive && m.Rank(i) != 0 {
			t.Fatalf("dead player %d ranked", i)
		}
	}
}
