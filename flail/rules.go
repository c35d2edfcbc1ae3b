package flail

import (
	"math"

	"github.com/go-gl/mathgl/mgl64"
	"github.com/seedgames/motorkit/detmath"
)

// Player is one flail player's game state: everything except the car body
// (which the caller owns: the ECS keeps it in the Body component and moves
// it through the KCC) and the rope nodes (Rope).
type Player struct {
	// ID identifies the player in events and the leaderboard (the ECS uses
	// the entity id). IDs must be unique within a match.
	ID uint64
	// Flail is the flail head.
	Flail FlailState
	// Energy is the player's score and flail size source.
	Energy float64
	// Alive is false while the car is destroyed and waiting to respawn.
	Alive bool
	// RespawnIn is the time (s) left before a dead player respawns.
	RespawnIn float64
	// Protected is the spawn protection (s) left: while positive the car
	// cannot be killed and its flail cannot kill.
	Protected float64
	// StillFor is how long (s) the car has been slower than still_speed.
	StillFor float64
	// Kills and Deaths count since joining.
	Kills, Deaths int
	// Input is the sanitized command of the current tick.
	Input Input
	// Snap is the published snapshot (see Quirks.StaleSnapshot); pending
	// holds the next one when the stale quirk is on.
	Snap    Snapshot
	pending Snapshot
	// radiusE is the energy Flail.Radius was last computed for.
	radiusE float64
}

// UpdateRadius recomputes Flail.Radius from Energy when the energy changed.
func (p *Player) UpdateRadius(ph *Physics) {
	if p.Energy != p.radiusE || p.Flail.Radius == 0 {
		p.Flail.Radius = ph.FlailRadius(p.Energy)
		p.radiusE = p.Energy
	}
}

// Snapshot is what observers (front end, network) see of a player.
type Snapshot struct {
	// Car and Flail are the positions (m).
	Car, Flail mgl64.Vec3
	// Angle and Radius (m) of the flail.
	Angle  float64
	Radius float64
	// Nodes[:NodeCount] are the rope node positions.
	Nodes     [MaxRopeNodes]mgl64.Vec3
	NodeCount int
	// Alive is the player's state.
	Alive bool
}

// Publish records the player's end-of-tick state into Snap. With the stale
// quirk, Snap gets the previous tick's state instead (the reference game's server sends
// before it simulates).
func (p *Player) Publish(car mgl64.Vec3, r *Rope, stale bool) {
	s := Snapshot{Car: car, Flail: p.Flail.Pos, Angle: p.Flail.Angle, Radius: p.Flail.Radius, Alive: p.Alive}
	s.NodeCount = copyNodes(&s.Nodes, r)
	if stale {
		p.Snap = p.pending
		p.pending = s
		return
	}
	p.Snap = s
}

func copyNodes(dst *[MaxRopeNodes]mgl64.Vec3, r *Rope) int {
	n := 0
	if r != nil {
		for i := range r.Nodes {
			if n == MaxRopeNodes {
				break
			}
			dst[n] = r.Nodes[i].Pos
			n++
		}
	}
	return n
}

// Agent is the rules' view of one player for a tick: a copy of its car and
// pointers to its state, rope and bot brain (nil for a human).
type Agent struct {
	// Car is a copy of the car's state (m, m/s).
	Car Point
	// P is the player's state (changed by the rules).
	P *Player
	// Rope is the player's rope (may be nil).
	Rope *Rope
	// Bot is the player's brain, nil for a human.
	Bot *Bot
}

// Kill is a detected kill, applied by ApplyKill. Indices refer to the agents
// slice given to Step; IDs survive structural changes.
type Kill struct {
	// Killer and Victim are agent indices of the Step call.
	Killer, Victim int
	// KillerID and VictimID are the players' IDs.
	KillerID, VictimID uint64
	// RelSpeed is the flail's speed relative to the victim car (m/s),
	// for information; Speed is the flail's own world-frame speed (m/s),
	// which decided the kill (above kill_speed).
	RelSpeed, Speed float64
	// Thrown is true when the killing flail was thrown (detached), false
	// when it was swung on its chain.
	Thrown bool
}

// agentInfo is the compact per-agent view the bots scan (contiguous, so a
// perception query does not chase pointers into component storage).
type agentInfo struct {
	carX, carZ, flailX, flailZ float64
	flailVX, flailVZ           float64
	energy                     float64
	alive, protected, lethal   bool
}

// Rules runs the game rules over a match's agents each tick. It owns the
// pickups, the spatial grids, events and the leaderboard. A pure Sim or the
// ECS systems call Step in the rules stage and apply the detected kills and
// respawns afterwards (the ECS defers them to its cleanup stage).
type Rules struct {
	// Cfg is the match tuning and Ph its physics at the pipeline's rate.
	Cfg Config
	Ph  Physics
	// Arena holds the walls and obstacles.
	Arena *Arena
	// Pickups are the energy pickups on the field.
	Pickups *Pickups
	// Events collects and dispatches game events.
	Events Events
	// Board is the leaderboard after the last tick.
	Board Leaderboard
	// Tick counts Step calls.
	Tick uint64
	// Seed is the match seed; per-player streams derive from it.
	Seed uint64
	// Kills and Respawns are what Step detected this tick (agent indices).
	Kills    []Kill
	Respawns []int
	// CarWallMargin (m) is an extra gap the contact rules keep between a
	// pushed car and the walls. The ECS sets it to the cars' KCC skin so
	// the rules' view of the walls matches where the KCC stops a car.
	// NaN, negative or above the car radius counts as 0.
	CarWallMargin float64

	// Grid indexes the cars and PickGrid the pickups, rebuilt each Step;
	// FlailGrid indexes the flails for clashes (when enabled), with cells
	// of four car radii like the cars' contact grid.
	Grid, PickGrid, FlailGrid *Grid
	carGrid                   *Grid
	carPos, flailPos          []mgl64.Vec3
	alive, killed, active     []bool
	touched                   []uint8
	wFlail                    []float64
	info                      []agentInfo
	q                         []int32
	rng                       RNG

	killSpeed, carR, farDist, stillSpeed, scatter float64
}

// NewRules returns the rules for a match with the given config (validated
// by the caller), physics, arena and seed.
func NewRules(cfg Config, ph Physics, arena *Arena, seed uint64) *Rules {
	upm := cfg.UnitsPerMeter
	r := &Rules{Cfg: cfg, Ph: ph, Arena: arena, Seed: seed,
		Pickups:    NewPickups(&cfg, Derive(seed, 1<<32)),
		rng:        NewRNG(Derive(seed, 1<<33)),
		Grid:       NewGrid(arena.Half, cfg.Arena.GridCell/upm),
		PickGrid:   NewGrid(arena.Half, cfg.Arena.GridCell/upm),
		FlailGrid:  NewGrid(arena.Half, 4*cfg.Car.Radius/upm),
		carGrid:    NewGrid(arena.Half, 4*cfg.Car.Radius/upm),
		killSpeed:  cfg.Rules.KillSpeed / upm,
		carR:       cfg.Car.Radius / upm,
		farDist:    cfg.Rules.FarDistance / upm,
		stillSpeed: cfg.Rules.StillSpeed / upm,
		scatter:    cfg.Rules.DropScatter / upm,
	}
	r.Board.Reset(cfg.Rules.LeaderboardSize)
	return r
}

// SpawnPoint returns a random free position for a car.
func (r *Rules) SpawnPoint() mgl64.Vec3 {
	lim := r.Arena.Half - float64(2*r.carR)
	var x, z float64
	for try := 0; try < 16; try++ {
		x = r.rng.Range(-lim, lim)
		z = r.rng.Range(-lim, lim)
		if !r.Arena.Overlaps(x, z, float64(2*r.carR)) {
			break
		}
	}
	return mgl64.Vec3{x, 0, z}
}

// Reset (re)starts a player at pos: car still, flail and rope nodes at the
// car (docs/flail.md#quirks-and-their-switches: the flail starts on the car), start energy, spawn
// protection. It does not emit events.
func (r *Rules) Reset(p *Player, car *Point, rope *Rope, pos mgl64.Vec3) {
	*car = Point{Pos: pos}
	p.Flail = FlailState{Point: Point{Pos: pos}}
	if rope != nil {
		rope.Reset(pos)
	}
	p.Energy = r.Cfg.Rules.StartEnergy
	p.UpdateRadius(&r.Ph)
	p.Alive = true
	p.RespawnIn = 0
	p.Protected = r.Cfg.Rules.SpawnProtection
	p.StillFor = 0
	p.Input = Input{}
}

// Join starts a new player at a random spawn point and emits EventSpawn.
func (r *Rules) Join(p *Player, car *Point, rope *Rope) {
	r.Reset(p, car, rope, r.SpawnPoint())
	r.Events.Emit(Event{Tick: r.Tick, Kind: EventSpawn, Victim: p.ID, Energy: p.Energy})
}

// Respawn brings a dead player back at a random spawn point and emits
// EventRespawn.
func (r *Rules) Respawn(p *Player, car *Point, rope *Rope) {
	r.Reset(p, car, rope, r.SpawnPoint())
	r.Events.Emit(Event{Tick: r.Tick, Kind: EventRespawn, Victim: p.ID, Energy: p.Energy})
}

// Remove emits EventRemoved for a player leaving the match.
func (r *Rules) Remove(id uint64) {
	r.Events.Emit(Event{Tick: r.Tick, Kind: EventRemoved, Victim: id})
}

func (r *Rules) clampEnergy(e float64) float64 { return r.Ph.ClampEnergy(e) }

// Step runs one tick of rules over agents (in a deterministic order chosen
// by the caller): timers, pickup spawning and collection, energy drains,
// hit detection (recorded in Kills), due respawns (recorded in Respawns),
// flail radii and bot decisions. It clears the previous tick's events.
func (r *Rules) Step(agents []Agent) {
	r.Tick++
	r.Events.Begin()
	r.Kills = r.Kills[:0]
	r.Respawns = r.Respawns[:0]
	n := len(agents)
	if cap(r.carPos) < n {
		r.carPos = make([]mgl64.Vec3, n, n+n/2)
		r.alive = make([]bool, n, n+n/2)
		r.killed = make([]bool, n, n+n/2)
	}
	r.carPos, r.alive, r.killed = r.carPos[:n], r.alive[:n], r.killed[:n]
	for i := range agents {
		r.drain(agents, i)
	}
	r.Grid.Build(r.carPos, r.alive)
	r.collect(agents)
	for i := range agents {
		r.hits(agents, i)
	}
	// contacts between the survivors: cars, flails against other cars,
	// flail clashes (agents' cars are updated; callers write them back).
	r.collide(agents)
	for i := range agents {
		agents[i].P.UpdateRadius(&r.Ph)
	}
	r.think(agents)
}

// drain is agent i's timers and energy drains of the tick: its respawn
// countdown when dead, else its spawn protection, and the drains for
// standing still and for a thrown flail far away.
func (r *Rules) drain(agents []Agent, i int) {
	dt := r.Ph.Dt
	rc := &r.Cfg.Rules
	a := &agents[i]
	p := a.P
	r.carPos[i] = a.Car.Pos
	r.alive[i] = p.Alive
	r.killed[i] = false
	if !Finite(p.Energy) {
		p.Energy = rc.MinEnergy
	}
	p.Energy = r.clampEnergy(p.Energy)
	if !p.Alive {
		p.RespawnIn -= dt
		if !(p.RespawnIn > 0) {
			r.Respawns = append(r.Respawns, i)
		}
		return
	}
	if p.Protected > 0 {
		p.Protected = math.Max(0, p.Protected-dt)
	}
	sp := detmath.Hypot(a.Car.Vel[0], a.Car.Vel[2])
	if sp < r.stillSpeed {
		p.StillFor += dt
	} else {
		p.StillFor = 0
	}
	drain := 0.0
	if p.StillFor > rc.StillGrace {
		drain += rc.StillDrain
	}
	if p.Flail.Thrown {
		dx, dz := p.Flail.Pos[0]-a.Car.Pos[0], p.Flail.Pos[2]-a.Car.Pos[2]
		if float64(dx*dx)+float64(dz*dz) > float64(r.farDist*r.farDist) {
			drain += rc.FarDrain
		}
	}
	if drain > 0 && p.Energy > rc.MinEnergy {
		p.Energy = math.Max(rc.MinEnergy, p.Energy-float64(p.Energy*drain*dt))
	}
}

// collect is the pickups of the tick: dropped ones expire, new ones
// spawn, then each is collected by the lowest-index touching car.
func (r *Rules) collect(agents []Agent) {
	r.Pickups.Age(r.Ph.Dt)
	r.Pickups.Spawn(r.Arena)
	reach := r.carR + r.Pickups.Radius
	for i := r.Pickups.Len() - 1; i >= 0; i-- {
		pp := r.Pickups.pos[i]
		r.q = r.Grid.Query(pp[0], pp[2], reach, r.q[:0])
		best := -1
		for _, j := range r.q {
			c := r.carPos[j]
			dx, dz := c[0]-pp[0], c[2]-pp[2]
			if float64(dx*dx)+float64(dz*dz) <= float64(reach*reach) && (best < 0 || int(j) < best) {
				best = int(j)
			}
		}
		if best >= 0 {
			p := agents[best].P
			p.Energy = r.clampEnergy(p.Energy + r.Pickups.items[i].Energy)
			r.Pickups.Remove(i)
		}
	}
}

// hits is agent i's flail's kills of the tick: another player's car it
// touches while the flail's own world-frame speed is above kill_speed (a
// car driving into a still flail does not die: the collision rules push
// it off).
func (r *Rules) hits(agents []Agent, i int) {
	a := &agents[i]
	p := a.P
	if !p.Alive || p.Protected > 0 {
		return
	}
	fr := p.Flail.Radius
	fp := p.Flail.Pos
	hr := fr + r.carR
	speed := detmath.Hypot(p.Flail.Vel[0], p.Flail.Vel[2])
	if !(speed > r.killSpeed) {
		return
	}
	r.q = r.Grid.Query(fp[0], fp[2], hr, r.q[:0])
	for _, j := range r.q {
		if int(j) == i || r.killed[j] {
			continue
		}
		b := &agents[j]
		if b.P.Protected > 0 {
			continue
		}
		c := b.Car.Pos
		dx, dz := c[0]-fp[0], c[2]-fp[2]
		if float64(dx*dx)+float64(dz*dz) > float64(hr*hr) {
			continue
		}
		rel := detmath.Hypot(p.Flail.Vel[0]-b.Car.Vel[0], p.Flail.Vel[2]-b.Car.Vel[2])
		r.killed[j] = true
		r.Kills = append(r.Kills, Kill{Killer: i, Victim: int(j), KillerID: p.ID, VictimID: b.P.ID,
			RelSpeed: rel, Speed: speed, Thrown: p.Flail.Thrown})
	}
}

// think has the bots decide next tick's input with this tick's grids.
func (r *Rules) think(agents []Agent) {
	n := len(agents)
	if cap(r.info) < n {
		r.info = make([]agentInfo, n, n+n/2)
	}
	r.info = r.info[:n]
	for i := range agents {
		a := &agents[i]
		p := a.P
		fv := p.Flail.Vel
		r.info[i] = agentInfo{carX: a.Car.Pos[0], carZ: a.Car.Pos[2], flailX: p.Flail.Pos[0], flailZ: p.Flail.Pos[2],
			flailVX: fv[0], flailVZ: fv[2], energy: p.Energy, alive: p.Alive && !r.killed[i], protected: p.Protected > 0,
			lethal: float64(fv[0]*fv[0])+float64(fv[2]*fv[2]) > float64(r.killSpeed*r.killSpeed)}
	}
	r.PickGrid.Build(r.Pickups.pos, nil)
	for i := range agents {
		if agents[i].Bot != nil && agents[i].P.Alive {
			agents[i].Bot.Think(r, agents, i)
		}
	}
}

// ApplyKill applies a kill: the killer gains kill_share of the victim's
// energy, the victim drops drop_share of it as pickups around its car, dies
// (energy 0, respawn timer set) and EventKill is emitted (Thrown taken from
// the killer's flail now). It does nothing if the victim is already dead or
// killer == victim. Apply kills detected by Step with ApplyDetected.
func (r *Rules) ApplyKill(killer, victim *Player, victimCar mgl64.Vec3) {
	if killer == nil {
		return
	}
	r.applyKill(killer, victim, victimCar, killer.Flail.Thrown)
}

// ApplyDetected applies the kill k found by Step (ApplyKill with the
// thrown/swung flag recorded at detection, so a killer killed in the same
// tick still reports how it killed).
func (r *Rules) ApplyDetected(k Kill, killer, victim *Player, victimCar mgl64.Vec3) {
	r.applyKill(killer, victim, victimCar, k.Thrown)
}

func (r *Rules) applyKill(killer, victim *Player, victimCar mgl64.Vec3, thrown bool) {
	if killer == nil || victim == nil || killer == victim || !victim.Alive {
		return
	}
	rc := &r.Cfg.Rules
	e := victim.Energy
	gain := float64(e * rc.KillShare)
	killer.Energy = r.clampEnergy(killer.Energy + gain)
	killer.UpdateRadius(&r.Ph)
	killer.Kills++
	r.Pickups.Drop(r.Arena, victimCar, float64(e*rc.DropShare), rc.DropCount, r.scatter)
	victim.Alive = false
	victim.Energy = 0
	victim.Deaths++
	victim.RespawnIn = rc.RespawnDelay
	victim.Flail.Thrown, victim.Flail.Attracting = false, false
	victim.Input = Input{}
	r.Events.Emit(Event{Tick: r.Tick, Kind: EventKill, Killer: killer.ID, Victim: victim.ID, Energy: gain, Thrown: thrown})
}

// UpdateBoard recomputes the leaderboard from the living agents.
func (r *Rules) UpdateBoard(agents []Agent) {
	r.Board.Reset(r.Cfg.Rules.LeaderboardSize)
	for i := range agents {
		p := agents[i].P
		if p.Alive {
			r.Board.Offer(Entry{ID: p.ID, Energy: p.Energy, Kills: p.Kills})
		}
	}
}
