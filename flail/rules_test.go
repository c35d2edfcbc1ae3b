package flail

import (
	"math"
	"testing"

	"github.com/go-gl/mathgl/mgl64"
)

// testRules returns rules at 40 Hz in an open 20 m arena without random
// pickup spawning, and n players placed far apart with start energy and no
// spawn protection.
func testRules(t *testing.T, n int) (*Rules, []Agent, []Player) {
	t.Helper()
	cfg := DefaultConfig()
	cfg.Pickups.Target = 0
	if err := cfg.Validate("test"); err != nil {
		t.Fatal(err)
	}
	ph := cfg.Physics(40)
	r := NewRules(cfg, ph, NewArena(10, nil, true, 1), 7)
	players := make([]Player, n)
	agents := make([]Agent, n)
	for i := range players {
		var car Point
		r.Reset(&players[i], &car, nil, mgl64.Vec3{-8 + 4*float64(i), 0, -8})
		players[i].ID = uint64(i + 1)
		players[i].Protected = 0
		agents[i] = Agent{Car: car, P: &players[i]}
	}
	return r, agents, players
}

func moving(a *Agent) { a.Car.Vel = mgl64.Vec3{1, 0, 0} } // not standing still

func TestPickupTouchGivesEnergy(t *testing.T) {
	r, ag, _ := testRules(t, 3)
	for i := range ag {
		moving(&ag[i])
	}
	// car radius 0.3 + pickup radius 0.15: touching within 0.45 m.
	r.Pickups.Add(Pickup{Pos: ag[0].Car.Pos.Add(mgl64.Vec3{0.44, 0, 0}), Energy: 7})
	r.Pickups.Add(Pickup{Pos: ag[1].Car.Pos.Add(mgl64.Vec3{-0.46, 0, 0}), Energy: 9})
	// one pickup between cars 1 and 2 (4 m apart, both touch it when they
	// are 0.4 m from it): the lower index wins.
	ag[2].Car.Pos = ag[1].Car.Pos.Add(mgl64.Vec3{0.8, 0, 0})
	r.Pickups.Add(Pickup{Pos: ag[1].Car.Pos.Add(mgl64.Vec3{0.4, 0, 0}), Energy: 5})
	r.Step(ag)
	if e := ag[0].P.Energy; e != 107 {
		t.Fatalf("car 0 energy %v, want 100+7", e)
	}
	if e := ag[1].P.Energy; e != 105 {
		t.Fatalf("car 1 energy %v, want 100+5 (the 0.46 m pickup is out of reach)", e)
	}
	if e := ag[2].P.Energy; e != 100 {
		t.Fatalf("car 2 energy %v: the shared pickup goes to the lower index", e)
	}
	if r.Pickups.Len() != 1 || r.Pickups.At(0).Energy != 9 {
		t.Fatalf("pickups left %+v", r.Pickups.All())
	}
}

func TestKillRules(t *testing.T) {
	r, ag, _ := testRules(t, 3)
	for i := range ag {
		moving(&ag[i])
	}
	ag[1].P.Energy = 1000
	// kill_speed 600 u/s = 6 m/s of the flail's own speed: car 0's flail
	// hits car 1 at -7 m/s (8 m/s relative: car 1 moves at 1 m/s along +x).
	ag[0].P.Flail.Pos = ag[1].Car.Pos
	ag[0].P.Flail.Vel = mgl64.Vec3{-7, 0, 0}
	// car 2's own flail sits on car 2, very fast: never a kill.
	ag[2].P.Flail.Pos = ag[2].Car.Pos
	ag[2].P.Flail.Vel = mgl64.Vec3{50, 0, 0}
	r.Step(ag)
	if len(r.Kills) != 1 || r.Kills[0].KillerID != 1 || r.Kills[0].VictimID != 2 || math.Abs(r.Kills[0].RelSpeed-8) > 1e-12 {
		t.Fatalf("kills %+v", r.Kills)
	}
	var got []Event
	r.Events.Subscribe(func(e Event) { got = append(got, e) })
	r.ApplyKill(ag[0].P, ag[1].P, ag[1].Car.Pos)
	// killer gains kill_share 0.5 of 1000; victim drops 0.3*1000 as 6 pickups.
	if ag[0].P.Energy != 600 || ag[0].P.Kills != 1 {
		t.Fatalf("killer %+v", ag[0].P)
	}
	if ag[1].P.Alive || ag[1].P.Energy != 0 || ag[1].P.Deaths != 1 || ag[1].P.RespawnIn != 3 {
		t.Fatalf("victim %+v", ag[1].P)
	}
	total := 0.0
	for _, p := range r.Pickups.All() {
		total += p.Energy
		if !p.Dropped || p.Pos.Sub(ag[1].Car.Pos).Len() > 1.5+1e-9 {
			t.Fatalf("drop %+v", p)
		}
	}
	if r.Pickups.Len() != 6 || math.Abs(total-300) > 1e-9 {
		t.Fatalf("%d drops worth %v, want 6 worth 300", r.Pickups.Len(), total)
	}
	if len(got) != 1 || got[0].Kind != EventKill || got[0].Killer != 1 || got[0].Victim != 2 || got[0].Energy != 500 {
		t.Fatalf("events %+v", got)
	}
	// applying again (a second flail hit the same tick) does nothing.
	r.ApplyKill(ag[2].P, ag[1].P, ag[1].Car.Pos)
	if ag[2].P.Kills != 0 || len(got) != 1 {
		t.Fatal("a dead victim was killed twice")
	}
	// just below kill speed: no kill.
	r2, b, _ := testRules(t, 2)
	b[0].P.Flail.Pos = b[1].Car.Pos
	b[0].P.Flail.Vel = mgl64.Vec3{5.99, 0, 0} // just below 6 m/s
	r2.Step(b)
	if len(r2.Kills) != 0 {
		t.Fatalf("slow hit killed: %+v", r2.Kills)
	}
	// spawn protection: a protected victim cannot be killed, a protected
	// attacker cannot kill.
	for _, prot := range []int{0, 1} {
		r3, c, _ := testRules(t, 2)
		c[prot].P.Protected = 1
		c[0].P.Flail.Pos = c[1].Car.Pos
		c[0].P.Flail.Vel = mgl64.Vec3{20, 0, 0}
		r3.Step(c)
		if len(r3.Kills) != 0 {
			t.Fatalf("protected player %d: kill %+v", prot, r3.Kills)
		}
	}
}

func TestRespawnAfterDelayWithProtection(t *testing.T) {
	s, err := NewSim(DefaultConfig(), 40, NewArena(20, nil, true, 1), 3)
	if err != nil {
		t.Fatal(err)
	}
	a, v := s.AddPlayer(), s.AddPlayer()
	s.Players[a].Energy = 500
	s.Rules.ApplyKill(&s.Players[a], &s.Players[v], s.Cars[v].Pos)
	var respawned []Event
	s.Rules.Events.Subscribe(func(e Event) {
		if e.Kind == EventRespawn {
			respawned = append(respawned, e)
		}
	})
	// respawn_delay 3 s = 120 ticks at 40 Hz (the timer counts down by
	// dt = 0.025 per tick; rounding may add one tick).
	for tick := 1; tick <= 122; tick++ {
		s.Step()
		if tick <= 119 && s.Players[v].Alive {
			t.Fatalf("respawned early at tick %d", tick)
		}
	}
	if !s.Players[v].Alive || len(respawned) != 1 || respawned[0].Victim != s.Players[v].ID {
		t.Fatalf("not respawned after 3 s: %+v %+v", s.Players[v], respawned)
	}
	p := s.Players[v]
	if p.Energy != 100 || p.Protected <= 0 || p.Protected > 2 {
		t.Fatalf("respawn state %+v", p)
	}
	if p.Flail.Pos != s.Cars[v].Pos || s.Cars[v].Vel != (mgl64.Vec3{}) {
		t.Fatalf("flail should restart on the car: %v vs %v", p.Flail.Pos, s.Cars[v].Pos)
	}
}

func TestEnergyDrains(t *testing.T) {
	r, ag, _ := testRules(t, 2)
	// car 0: flail thrown 6 m away (far_distance 5 m), moving; car 1 still.
	ag[0].P.Energy, ag[1].P.Energy = 1000, 1000
	moving(&ag[0])
	ag[0].P.Flail.Thrown = true
	ag[0].P.Flail.Pos = ag[0].Car.Pos.Add(mgl64.Vec3{6, 0, 0})
	for i := 0; i < 80; i++ { // 2 s
		r.Step(ag)
	}
	// far drain 0.1/s applied per tick: E *= (1 - 0.1/40) for 80 ticks.
	if want := 1000 * math.Pow(1-0.1/40, 80); math.Abs(ag[0].P.Energy-want) > 1e-9 {
		t.Fatalf("far drain: %v, want %v", ag[0].P.Energy, want)
	}
	// still: StillFor (summed 0.025 per tick) exceeds the 1 s grace on tick
	// 41, or on tick 40 when the float sum lands just above 1.0; then
	// 0.05/s per tick: 40 or 41 drained ticks out of 80.
	lo, hi := 1000*math.Pow(1-0.05/40, 41), 1000*math.Pow(1-0.05/40, 40)
	if e := ag[1].P.Energy; e < lo-1e-9 || e > hi+1e-9 {
		t.Fatalf("still drain: %v, want in [%v, %v]", e, lo, hi)
	}
	// drains stop at min_energy.
	ag[1].P.Energy = 100.01
	for i := 0; i < 400; i++ {
		r.Step(ag)
	}
	if ag[1].P.Energy != 100 {
		t.Fatalf("drained below the floor: %v", ag[1].P.Energy)
	}
}

func TestLeaderboardTopTen(t *testing.T) {
	r, ag, _ := testRules(t, 14)
	for i := range ag {
		ag[i].P.Energy = float64(100 + 10*(i%7)) // ties between i and i+7
	}
	ag[6].P.Alive = false
	r.UpdateBoard(ag)
	rows := r.Board.Rows()
	if len(rows) != 10 {
		t.Fatalf("%d rows", len(rows))
	}
	// energies 160 (ids 7 dead, 14), 150 (6, 13), 140 (5, 12), 130 (4, 11), 120 (3, 10), ...
	want := []uint64{14, 6, 13, 5, 12, 4, 11, 3, 10, 2}
	for i, row := range rows {
		if row.ID != want[i] {
			t.Fatalf("row %d id %d, want %d (%+v)", i, row.ID, want[i], rows)
		}
	}
}

func TestHugeAndNaNEnergyAreClamped(t *testing.T) {
	r, ag, _ := testRules(t, 2)
	ag[0].P.Energy = 1e300
	ag[1].P.Energy = math.NaN()
	r.Step(ag)
	if ag[0].P.Energy != r.Cfg.Rules.MaxEnergy || ag[1].P.Energy != r.Cfg.Rules.MinEnergy {
		t.Fatalf("energies %v %v", ag[0].P.Energy, ag[1].P.Energy)
	}
	if rad := ag[0].P.Flail.Radius; !Finite(rad) || rad != r.Ph.FlailRadius(r.Cfg.Rules.MaxEnergy) {
		t.Fatalf("radius %v", rad)
	}
	// a huge pickup cannot overflow energy either.
	moving(&ag[1])
	r.Pickups.Add(Pickup{Pos: ag[1].Car.Pos, Energy: math.Inf(1)})
	r.Step(ag)
	if e := ag[1].P.Energy; !Finite(e) || e > r.Cfg.Rules.MaxEnergy {
		t.Fatalf("energy %v", e)
	}
}

func TestPlayerRemovedMidMatch(t *testing.T) {
	s, err := NewSim(DefaultConfig(), 40, NewArena(15, nil, true, 1), 11)
	if err != nil {
		t.Fatal(err)
	}
	for i := 0; i < 30; i++ {
		s.AddBot(Skill(1 + i%3))
	}
	var removed []uint64
	s.Rules.Events.Subscribe(func(e Event) {
		if e.Kind == EventRemoved {
			removed = append(removed, e.Victim)
		}
	})
	for tick := 0; tick < 1200; tick++ {
		if tick%100 == 50 {
			id := s.Players[3].ID
			s.Remove(3)
			if len(removed) == 0 || removed[len(removed)-1] != id {
				t.Fatal("no EventRemoved")
			}
		}
		s.Step()
	}
	if len(s.Players) != 30-12 || len(removed) != 12 {
		t.Fatalf("%d players left, %d removals", len(s.Players), len(removed))
	}
	for _, row := range s.Rules.Board.Rows() {
		for _, id := range removed {
			if row.ID == id {
				t.Fatalf("removed player %d on the leaderboard", id)
			}
		}
	}
	for i := range s.Players {
		if !FiniteVec(s.Cars[i].Pos) || !Finite(s.Players[i].Energy) {
			t.Fatal("non-finite state")
		}
	}
	s.Remove(-1)
	s.Remove(1000) // bad indices are ignored
}

func TestDroppedPickupsExpire(t *testing.T) {
	r, ag, _ := testRules(t, 2)
	r.Pickups.Drop(r.Arena, mgl64.Vec3{5, 0, 5}, 60, 6, 1)
	r.Pickups.Add(Pickup{Pos: mgl64.Vec3{-5, 0, 5}, Energy: 3}) // a spawned one never expires
	// drop_lifetime 20 s = 800 ticks at 40 Hz (one more for rounding).
	for i := 0; i < 799; i++ {
		r.Step(ag)
	}
	if r.Pickups.Len() != 7 {
		t.Fatalf("%d pickups before 20 s", r.Pickups.Len())
	}
	r.Step(ag)
	r.Step(ag)
	if r.Pickups.Len() != 1 || r.Pickups.At(0).Dropped {
		t.Fatalf("drops did not expire: %+v", r.Pickups.All())
	}
}

func TestSimConsumesPressEdge(t *testing.T) {
	s, err := NewSim(DefaultConfig(), 40, NewArena(15, nil, true, 1), 12)
	if err != nil {
		t.Fatal(err)
	}
	h := s.AddPlayer()
	s.SetInput(h, Input{Throttle: 1, PrimaryPressed: true, PrimaryHeld: true})
	s.Step()
	if !s.Players[h].Flail.Thrown {
		t.Fatal("press did not throw")
	}
	s.Step() // still held, no new press: no attraction
	if s.Players[h].Flail.Attracting {
		t.Fatal("a single press was seen twice")
	}
}
