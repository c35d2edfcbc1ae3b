package flail

import (
	"math"
	"reflect"
	"testing"

	"github.com/go-gl/mathgl/mgl64"
)

func botSim(t testing.TB, bots int, seed uint64, half float64) *Sim {
	s, err := NewSim(DefaultConfig(), 40, NewArena(half, []Box{{Center: mgl64.Vec3{5, 0, 5}, HalfX: 1.5, HalfZ: 1.5}}, true, 1), seed)
	if err != nil {
		t.Fatal(err)
	}
	for i := 0; i < bots; i++ {
		s.AddBot(Skill(1 + i%3))
	}
	return s
}

type simState struct {
	Cars    []Point
	Players []Player
	Ropes   [][]Point
	Pickups []Pickup
	Board   []Entry
}

func stateOf(s *Sim) simState {
	st := simState{Cars: append([]Point(nil), s.Cars...), Players: append([]Player(nil), s.Players...),
		Pickups: append([]Pickup(nil), s.Rules.Pickups.All()...), Board: append([]Entry(nil), s.Rules.Board.Rows()...)}
	for _, r := range s.Ropes {
		st.Ropes = append(st.Ropes, append([]Point(nil), r.Nodes...))
	}
	return st
}

func TestBotsDeterministic(t *testing.T) {
	run := func(seed uint64) (simState, int) {
		s := botSim(t, 150, seed, 30)
		kills := 0
		s.Rules.Events.Subscribe(func(e Event) {
			if e.Kind == EventKill {
				kills++
			}
		})
		for i := 0; i < 1500; i++ {
			s.Step()
		}
		return stateOf(s), kills
	}
	a, ka := run(42)
	b, kb := run(42)
	if !reflect.DeepEqual(a, b) || ka != kb {
		t.Fatal("same seed, different match")
	}
	c, _ := run(43)
	if reflect.DeepEqual(a.Cars, c.Cars) {
		t.Fatal("different seeds gave the same match")
	}
	if ka == 0 {
		t.Fatal("no kills in 1500 ticks of 150 bots: the game does not play")
	}
	t.Logf("150 bots, 1500 ticks: %d kills", ka)
}

func TestBotSeeksEnergy(t *testing.T) {
	s := botSim(t, 1, 5, 20)
	s.Rules.Pickups = NewPickups(&s.Rules.Cfg, 1) // empty field, no spawns below
	s.Rules.Pickups.target = 0
	s.Cars[0].Pos = mgl64.Vec3{-10, 0, -10}
	s.Rules.Pickups.Add(Pickup{Pos: mgl64.Vec3{-4, 0, -7}, Energy: 50})
	for i := 0; i < 200 && s.Rules.Pickups.Len() > 0; i++ {
		s.Step()
	}
	if s.Rules.Pickups.Len() != 0 || s.Players[0].Energy < 150-1e-9 {
		t.Fatalf("bot did not collect the pickup 6.7 m away in 5 s: energy %v", s.Players[0].Energy)
	}
}

func TestBotFleesStrongerFlail(t *testing.T) {
	s := botSim(t, 1, 6, 20)
	h := s.AddPlayer()
	s.Players[h].Energy = 5000
	s.Players[h].UpdateRadius(&s.Ph)
	s.Cars[0].Pos = mgl64.Vec3{0, 0, 0}
	s.Cars[h].Pos = mgl64.Vec3{3, 0, 0}
	s.Players[h].Flail.Pos = mgl64.Vec3{2, 0, 0}
	s.Ropes[h].Reset(mgl64.Vec3{2.5, 0, 0})
	s.Bots[0].Cooldown = 0
	for i := 0; i < 20; i++ {
		s.Step()
	}
	if s.Bots[0].Mode != BotFlee || s.Bots[0].Target != s.Players[h].ID {
		t.Fatalf("mode %v target %d", s.Bots[0].Mode, s.Bots[0].Target)
	}
	if s.Cars[0].Pos[0] > -1 {
		t.Fatalf("bot did not run away from the flail at +x: %v", s.Cars[0].Pos)
	}
}

// A hard bot circling a weak, still target whips its flail into it: the
// target dies within 20 s (the whole point of the attack behaviour).
func TestHardBotWhipsWeakerTarget(t *testing.T) {
	s, err := NewSim(DefaultConfig(), 40, NewArena(20, nil, true, 1), 8)
	if err != nil {
		t.Fatal(err)
	}
	s.Rules.Pickups = NewPickups(&s.Rules.Cfg, 1)
	s.Rules.Pickups.target = 0
	b := s.AddBot(SkillHard)
	v := s.AddPlayer()
	s.Players[b].Energy = 800
	s.Cars[b].Pos = mgl64.Vec3{-5, 0, 0}
	s.Cars[v].Pos = mgl64.Vec3{5, 0, 0}
	s.Players[v].Protected = 0
	s.Players[b].Protected = 0
	died := -1
	s.Rules.Events.Subscribe(func(e Event) {
		if e.Kind == EventKill && died < 0 {
			died = int(s.Rules.Tick)
		}
	})
	for i := 0; i < 800 && died < 0; i++ {
		s.SetInput(v, Input{})
		s.Step()
	}
	if died < 0 {
		t.Fatalf("hard bot never killed the still target (mode %v)", s.Bots[b].Mode)
	}
	t.Logf("still target killed at tick %d", died)
}

func TestBotsStayOffWalls(t *testing.T) {
	s := botSim(t, 200, 9, 25)
	near := 0
	for i := 0; i < 2000; i++ {
		s.Step()
		if i%100 == 99 {
			for j := range s.Cars {
				p := s.Cars[j].Pos
				if s.Players[j].Alive && math.Max(math.Abs(p[0]), math.Abs(p[2])) > 24 {
					near++
				}
			}
		}
	}
	// 20 samples x 200 bots: fewer than 5% of samples within 1 m of a wall
	// (the band is 8% of the arena's area).
	if frac := float64(near) / (20 * 200); frac > 0.05 {
		t.Fatalf("%.1f%% of bot samples hug the walls", 100*frac)
	}
}

// Skill levels matter: over long matches (three seeds) hard bots trade
// better than easy ones: more kills per death. (Under the fair-fight rules
// a kill needs a lethal whip or throw and many kills come from the chaos of
// contacts, so the kill/death ratio, not the raw kill count, is what skill
// buys.)
func TestSkillLevelsDiffer(t *testing.T) {
	kills, deaths := map[Skill]int{}, map[Skill]int{}
	for seed := uint64(10); seed < 13; seed++ {
		s := botSim(t, 120, seed, 25)
		bySkill := map[uint64]Skill{}
		for i := range s.Players {
			bySkill[s.Players[i].ID] = s.Bots[i].Skill
		}
		s.Rules.Events.Subscribe(func(e Event) {
			if e.Kind == EventKill {
				kills[bySkill[e.Killer]]++
				deaths[bySkill[e.Victim]]++
			}
		})
		for i := 0; i < 4000; i++ {
			s.Step()
		}
	}
	kd := func(s Skill) float64 { return float64(kills[s]) / math.Max(1, float64(deaths[s])) }
	t.Logf("kills/deaths by skill: easy %d/%d = %.2f, normal %d/%d = %.2f, hard %d/%d = %.2f",
		kills[SkillEasy], deaths[SkillEasy], kd(SkillEasy), kills[SkillNormal], deaths[SkillNormal], kd(SkillNormal),
		kills[SkillHard], deaths[SkillHard], kd(SkillHard))
	if !(kd(SkillHard) > 1.1*kd(SkillEasy)) || !(deaths[SkillHard] < deaths[SkillEasy]) {
		t.Fatal("hard bots do not trade clearly better than easy ones")
	}
}

func TestParseSkill(t *testing.T) {
	for _, s := range []Skill{SkillEasy, SkillNormal, SkillHard} {
		got, err := ParseSkill(s.String())
		if err != nil || got != s {
			t.Fatalf("%v: %v %v", s, got, err)
		}
	}
	if _, err := ParseSkill("godlike"); err == nil {
		t.Fatal("bad skill accepted")
	}
	if b := NewBot(Skill(99), 1); b.Skill != SkillNormal {
		t.Fatal("bad skill not defaulted")
	}
}
