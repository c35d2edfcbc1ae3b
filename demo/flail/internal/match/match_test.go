package match

import (
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/seedgames/motorkit/components"
	"github.com/seedgames/motorkit/flail"
	"github.com/seedgames/motorkit/trace"
)

func newMatch(t *testing.T, o Options) *Match {
	t.Helper()
	cfg, err := Config("")
	if err != nil {
		t.Fatal(err)
	}
	o.Config = cfg
	m, err := New(o)
	if err != nil {
		t.Fatal(err)
	}
	return m
}

// script is a varied live input: steering in circles with throttle ramps,
// a throw every 97 ticks and a hold to attract.
func script(frame int) components.CommandData {
	c := components.CommandData{AimAngle: 0.05 * float64(frame), Throttle: 0.5 + 0.5*math.Sin(0.01*float64(frame))}
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
func run(m *Match, frames int, live bool) {
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
	if len(m.Sim.Players) != 13 || len(m.Cars) != 13 || m.Names[0] != "You" {
		t.Fatalf("players %d cars %d", len(m.Sim.Players), len(m.Cars))
	}
	// 300 frames of 1/60 s are 5 s: 200 ticks at 40 Hz.
	run(m, 300, true)
	if m.Ticks() != 200 {
		t.Fatalf("ticks after 300 frames = %d, want 200", m.Ticks())
	}
	// Bodies mirror the cars; PrevPosition is the car one tick earlier,
	// which differs from Position by the last tick's velocity*dt unless a
	// wall pushed it (the local player moved most ticks).
	b := m.Body(Me)
	if b.Position != m.Sim.Cars[Me].Pos || b.Velocity != m.Sim.Cars[Me].Vel {
		t.Fatal("body does not mirror the car")
	}
	if b.Position == b.PrevPosition {
		t.Fatal("PrevPosition equals Position after a moving tick")
	}
	for i := range m.Sim.Players {
		if !flail.FiniteVec(m.Body(i).Position) {
			t.Fatalf("player %d position not finite", i)
		}
	}
	// The bots moved away from their spawn points.
	moved := 0
	for i := 1; i < len(m.Cars); i++ {
		if m.Body(i).Position != m.Body(i).PrevPosition {
			moved++
		}
	}
	if moved < 6 {
		t.Fatalf("only %d of 12 bots moving", moved)
	}
}

func TestRecordReplayBitIdentical(t *testing.T) {
	a := newMatch(t, Options{Bots: 8, Seed: 11, Record: true})
	run(a, 900, true)
	data, err := a.Recording("")
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
	b := newMatch(t, Options{Bots: meta.Bots, Seed: meta.Seed, Replay: tr})
	// Replay at another frame rate (1/30 s frames): the per-tick commands
	// do not depend on how frames map to ticks.
	for b.Ticks() < a.Ticks() {
		b.Submit(components.CommandData{Throttle: 1, AimAngle: 2}) // ignored while replaying
		b.Advance(1.0 / 30)
	}
	if b.Ticks() != a.Ticks() {
		t.Fatalf("replay ran %d ticks, recording %d", b.Ticks(), a.Ticks())
	}
	for i := range a.Sim.Players {
		pa, pb := a.Sim.Players[i], b.Sim.Players[i]
		if a.Sim.Cars[i] != b.Sim.Cars[i] || pa.Flail.Point != pb.Flail.Point || pa.Energy != pb.Energy || pa.Kills != pb.Kills {
			t.Fatalf("player %d differs after replay: %v vs %v", i, a.Sim.Cars[i].Pos, b.Sim.Cars[i].Pos)
		}
	}
	// The local player did throw (the script presses primary every 97
	// ticks), so the replay exercised the edges.
	if a.Sim.Players[Me].Flail == (flail.FlailState{}) {
		t.Fatal("local flail never moved")
	}
	if b.Replaying() {
		t.Fatal("replay not finished")
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
	c, err := Commands(tr)
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
		if math.Abs(c[i].AimAngle-math.Pi/2) > 1e-15 {
			t.Errorf("tick %d aim %v", i, c[i].AimAngle)
		}
	}
	if c[0].Throttle != 1 || c[3].Throttle != 0 {
		t.Errorf("throttle %v %v", c[0].Throttle, c[3].Throttle)
	}
	tr.TickRate = 60
	if _, err := Commands(tr); err == nil {
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
	s := m.Sim
	// Put the local player's chain in a known shape: car at 0, node 1 m
	// along +X, flail 2.5 m along +X (links of 1.0 m and 1.5 m).
	s.Cars[Me].Pos = [3]float64{0, 0, 0}
	s.Ropes[Me].Nodes[0].Pos = [3]float64{1, 0, 0}
	s.Players[Me].Flail.Pos = [3]float64{2.5, 0, 0}
	var links [flail.MaxRopeNodes + 1]Link
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
	if s.Players[Me].Alive || s.Players[killer].Kills != 1 {
		t.Fatalf("kill hook: alive %v kills %d", s.Players[Me].Alive, s.Players[killer].Kills)
	}
	evs := m.Events()
	found := false
	for _, e := range evs {
		if e.Kind == flail.EventKill && m.Index(e.Victim) == Me && m.Index(e.Killer) == killer {
			found = true
		}
	}
	if !found {
		t.Fatalf("no kill event in %+v", evs)
	}
	// Respawn after rules.respawn_delay = 3 s = 120 ticks.
	for i := 0; i < 121; i++ {
		m.Runner.Step()
	}
	if !s.Players[Me].Alive {
		t.Fatal("no respawn after the delay")
	}
}

func TestArenaCorners(t *testing.T) {
	cfg, _ := Config("")
	a := Arena(cfg)
	if a.Half != 20 {
		t.Fatalf("half %v, want 20 m", a.Half)
	}
	// Every corner of every obstacle is on the box's boundary: a tiny
	// circle there overlaps the box, one pushed outward does not touch it.
	for _, b := range a.Boxes[:9] {
		for _, c := range Corners(b) {
			out := c.Add(c.Sub(b.Center).Normalize().Mul(0.05))
			one := flail.NewArena(a.Half, []flail.Box{b}, false, 1)
			if !one.Overlaps(c[0], c[2], 0.01) || one.Overlaps(out[0], out[2], 0.01) {
				t.Fatalf("corner %v of box %+v not on its boundary", c, b)
			}
		}
	}
}
