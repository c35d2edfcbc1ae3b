package flail

import (
	"github.com/go-gl/mathgl/mgl64"
)

// StepPlayerFlail runs one player's part of a tick after its car has moved
// (docs/flail.md#exact-mode-default-the-reference-server-reproduced steps 3-5): the throw state machine on p.Input, the flail and
// rope step in the physics' mode, then the flail's bounce off the arena's
// walls (arena may be nil). carStart is the car's position before it moved.
// It returns what the rope did to the car, for the caller to apply.
func (ph *Physics) StepPlayerFlail(arena *Arena, car *Point, carStart mgl64.Vec3, p *Player, rope *Rope) CarPull {
	ph.UpdateThrow(&p.Flail, p.Input)
	pull := ph.StepFlail(car, carStart, &p.Flail, rope, p.Input)
	if arena != nil {
		arena.Collide(&p.Flail.Point, p.Flail.Radius, ph.Restitution)
	}
	if !FiniteVec(pull.DPos) || !FiniteVec(pull.DVel) {
		pull = CarPull{}
	}
	return pull
}

// Sim is a complete match without an ECS: cars moved by the reference game's step and
// pushed out of the arena's boxes, flails, ropes, rules and bots. It is the
// pure reference the ECS systems mirror, and what the package's tests and
// benchmarks run. Players are kept in join order.
type Sim struct {
	// Ph is the physics at the Sim's rate; Rules the match rules.
	Ph    Physics
	Rules *Rules
	// Cars, Players, Ropes, Bots and IsBot are parallel per-player
	// slices in join order (Bots[i] is only used when IsBot[i]).
	Cars    []Point
	Players []Player
	Ropes   []Rope
	Bots    []Bot
	IsBot   []bool

	agents []Agent
	start  []mgl64.Vec3
	nextID uint64
	seed   uint64
}

// NewSim validates cfg and returns an empty match at rate Hz in arena.
func NewSim(cfg Config, rate float64, arena *Arena, seed uint64) (*Sim, error) {
	if err := cfg.Validate("flail.Sim"); err != nil {
		return nil, err
	}
	ph := cfg.Physics(rate)
	return &Sim{Ph: ph, Rules: NewRules(cfg, ph, arena, seed), seed: seed}, nil
}

func (s *Sim) add(bot bool, skill Skill) int {
	s.nextID++
	i := len(s.Players)
	s.Players = append(s.Players, Player{ID: s.nextID})
	s.Cars = append(s.Cars, Point{})
	s.Ropes = append(s.Ropes, NewRope(s.Ph.Nodes, mgl64.Vec3{}))
	s.IsBot = append(s.IsBot, bot)
	s.Bots = append(s.Bots, NewBot(skill, Derive(s.seed, s.nextID)))
	s.Rules.Join(&s.Players[i], &s.Cars[i], &s.Ropes[i])
	return i
}

// AddPlayer adds a human-controlled player at a random spawn point and
// returns its index.
func (s *Sim) AddPlayer() int { return s.add(false, SkillNormal) }

// AddBot adds a bot of the given skill and returns its index.
func (s *Sim) AddBot(skill Skill) int { return s.add(true, skill) }

// SetInput sets a human player's input for the following Steps (ignored
// for bots and bad indices). The PrimaryPressed edge is consumed by one
// Step; the levels stay until the next SetInput.
func (s *Sim) SetInput(i int, in Input) {
	if i >= 0 && i < len(s.Players) && !s.IsBot[i] {
		s.Players[i].Input = in
	}
}

// Remove takes player i out of the match (keeping the others' order) and
// emits EventRemoved.
func (s *Sim) Remove(i int) {
	if i < 0 || i >= len(s.Players) {
		return
	}
	s.Rules.Remove(s.Players[i].ID)
	s.Players = append(s.Players[:i], s.Players[i+1:]...)
	s.Cars = append(s.Cars[:i], s.Cars[i+1:]...)
	s.Ropes = append(s.Ropes[:i], s.Ropes[i+1:]...)
	s.Bots = append(s.Bots[:i], s.Bots[i+1:]...)
	s.IsBot = append(s.IsBot[:i], s.IsBot[i+1:]...)
}

// Agents returns this tick's agent views (valid until the next Step).
func (s *Sim) Agents() []Agent { return s.agents }

// Step runs one tick: per player the car, flail and rope step (docs/flail.md#exact-mode-default-the-reference-server-reproduced
// order), then the rules, kills, respawns, leaderboard and snapshots.
func (s *Sim) Step() {
	s.stepPhysics()
	s.stepRules()
}

// stepPhysics is Step's per-player physics part; it fills s.agents.
func (s *Sim) stepPhysics() {
	n := len(s.Players)
	if cap(s.agents) < n {
		s.agents = make([]Agent, n, n+n/2)
		s.start = make([]mgl64.Vec3, n, n+n/2)
	}
	s.agents, s.start = s.agents[:n], s.start[:n]
	ph := &s.Ph
	arena := s.Rules.Arena
	for i := 0; i < n; i++ {
		p := &s.Players[i]
		car := &s.Cars[i]
		if s.IsBot[i] {
			p.Input = s.Bots[i].Next()
		}
		p.Input = p.Input.Sanitized()
		if p.Alive {
			s.start[i] = car.Pos
			ph.StepCar(car, p.Input)
			arena.Collide(car, ph.CarRadius, 0)
			pull := ph.StepPlayerFlail(arena, car, s.start[i], p, &s.Ropes[i])
			if pull != (CarPull{}) {
				pull.ApplyTo(car)
				arena.Collide(car, ph.CarRadius, 0)
			}
		}
		p.Input.PrimaryPressed = false // the edge is consumed
		var bot *Bot
		if s.IsBot[i] {
			bot = &s.Bots[i]
		}
		s.agents[i] = Agent{Car: *car, P: p, Rope: &s.Ropes[i], Bot: bot}
	}
}

// stepRules is Step's rules part: rules, contacts, kills, respawns,
// leaderboard, snapshots.
func (s *Sim) stepRules() {
	n := len(s.Players)
	stale := s.Ph.Quirks.StaleSnapshot
	r := s.Rules
	r.Step(s.agents)
	for i := 0; i < n; i++ {
		s.Cars[i] = s.agents[i].Car // the contact rules may have moved it
	}
	for _, k := range r.Kills {
		r.ApplyDetected(k, s.agents[k.Killer].P, s.agents[k.Victim].P, s.Cars[k.Victim].Pos)
	}
	for _, i := range r.Respawns {
		r.Respawn(&s.Players[i], &s.Cars[i], &s.Ropes[i])
		s.agents[i].Car = s.Cars[i]
	}
	r.UpdateBoard(s.agents)
	for i := 0; i < n; i++ {
		s.Players[i].Publish(s.Cars[i].Pos, &s.Ropes[i], stale)
	}
}
