package match_test

import (
	"testing"

	"github.com/seedgames/motorkit/components"
	"github.com/seedgames/motorkit/flail"
	"github.com/seedgames/motorkit/flail/match"
	"github.com/yohamta/donburi"
)

func newMatch(t *testing.T, seed uint64, bots int) *match.Match {
	t.Helper()
	m, err := match.NewMatch(match.MatchOptions{Seed: seed})
	if err != nil {
		t.Fatal(err)
	}
	me, err := m.SpawnPlayer("me", 0)
	if err != nil {
		t.Fatal(err)
	}
	m.Player = me
	for i := 0; i < bots; i++ {
		if _, err := m.SpawnPlayer("bot", flail.Skill(1+i%3)); err != nil {
			t.Fatal(err)
		}
	}
	return m
}

// The same options and inputs give the same match, bit for bit; another
// seed gives another one.
func TestMatchDeterministic(t *testing.T) {
	run := func(seed uint64) uint64 {
		m := newMatch(t, seed, 10)
		for i := 0; i < 400; i++ {
			m.Submit(flail.Input{Aim: 0.02 * float64(i), Throttle: 1, PrimaryPressed: i%90 == 0, PrimaryHeld: i%90 < 30})
			m.Pipeline.Step()
		}
		return m.Checksum()
	}
	a, b, c := run(7), run(7), run(8)
	if a != b {
		t.Errorf("same seed, checksums %016x and %016x", a, b)
	}
	if a == c {
		t.Errorf("seeds 7 and 8 gave the same match %016x", a)
	}
}

func TestMatchPlayers(t *testing.T) {
	m := newMatch(t, 1, 3)
	if m.Players() != 4 || m.Bots() != 3 || m.Skill(0) != 0 || m.Skill(1) != flail.SkillEasy {
		t.Fatalf("players %d bots %d skills %v %v", m.Players(), m.Bots(), m.Skill(0), m.Skill(1))
	}
	second := m.Cars[2]
	m.RemovePlayer(m.Cars[1])
	if m.Players() != 3 || m.Bots() != 2 || m.Cars[1] != second || m.Index(uint64(second)) != 1 {
		t.Fatalf("after removing player 1: cars %v, index of the next %d", m.Cars, m.Index(uint64(second)))
	}
	m.Pipeline.Step() // the removal runs in the cleanup stage
	if got := len(m.Entities()); got != 3 {
		t.Fatalf("%d flail players in the world after the removal, want 3", got)
	}
	if m.Name(12345) != "?" || m.Index(12345) != -1 {
		t.Error("an unknown ID has a name or an index")
	}
	// A replay needs a local player; Submit is ignored while one runs.
	empty, err := match.NewMatch(match.MatchOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if err := empty.Replay([]flail.Input{{}}); err == nil {
		t.Error("a replay without a local player was accepted")
	}
	cmds := make([]flail.Input, 10)
	for i := range cmds {
		cmds[i] = flail.Input{Aim: 1, Throttle: 1}
	}
	if err := m.Replay(cmds); err != nil {
		t.Fatal(err)
	}
	m.Submit(flail.Input{Aim: 2})
	if !m.Replaying() || components.View.Get(m.World.Entry(m.Player)).Yaw == 2 {
		t.Error("Submit steered the player during a replay")
	}
	if m.Player == donburi.Null {
		t.Fatal("no player")
	}
}

func TestMatchBadOptions(t *testing.T) {
	if _, err := match.NewMatch(match.MatchOptions{Rate: 5000}); err == nil {
		t.Error("rate 5000 Hz accepted")
	}
	if _, err := match.NewMatch(match.MatchOptions{Level: "no_such_level"}); err == nil {
		t.Error("an unknown level accepted")
	}
}
