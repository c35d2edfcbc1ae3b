package match

import (
	"github.com/go-gl/mathgl/mgl64"
	"github.com/seedgames/motorkit/components"
	"github.com/seedgames/motorkit/flail"
	"github.com/seedgames/motorkit/kcc"
	"github.com/seedgames/motorkit/motors"
	"github.com/seedgames/motorkit/systems"
	"github.com/yohamta/donburi"
	"github.com/yohamta/donburi/filter"
)

// Options configure Install.
type Options struct {
	// Config is the flail tuning (flail.DefaultConfig when zero-valued
	// Mode is ""); it is validated.
	Config flail.Config
	// Seed drives every random decision of the match (pickups, spawn
	// points, bots).
	Seed uint64
	// Arena is the flail's view of the walls and obstacles (bounces, bot
	// wall avoidance, pickup placement), while the cars collide with the
	// world's kcc Level through the KCC stage. Leave it nil and use
	// InstallArena, which builds both from one level file, so they cannot
	// disagree; set it only for a level built in code (ArenaFromLevel of
	// the same LevelSpec). nil here: an open square of the config's arena
	// size with four walls.
	Arena *flail.Arena
}

// Game is a flail match installed on a pipeline. Its systems run in
// these stages, per tick:
//
//	accel:            flail.drive  bots submit their decision as FlailInput;
//	                               FlailInput -> Flail.Input; car velocity
//	                               v = (v + throttle*accel*u(aim)) / drag
//	kcc (built-in):                the car moves on the XZ plane, walls collide
//	rope:             flail.rope   throw/attract, flail and rope step, flail
//	                               bounce, the rope's pull on the car
//	rules:            flail.rules  pickups, drains, hit detection, contacts
//	                               (pushed cars move through the KCC),
//	                               respawn timers, bot decisions
//	cleanup (deferred):            kills applied (energy, drops, death),
//	                               respawns, leaderboard, snapshots
//
// A flail player entity has FlailInput, Body, KCC (PlaneTop, no gravity),
// Flail and Rope components (prefabs "flail_player" and "flail_bot"; bots
// add FlailBot).
type Game struct {
	p *systems.Pipeline
	// Rules is the match (also the world's FlailMatch resource).
	Rules *flail.Rules
	// Ph is the physics at the pipeline's tick rate.
	Ph flail.Physics

	carQuery *donburi.Query
	ents     []donburi.Entity
	agents   []flail.Agent

	driveEach, ropeEach, gatherEach, publishEach func(*donburi.Entry)
	apply                                        func(donburi.World)
	level                                        *kcc.World
}

// Install validates opts, creates the world's FlailMatch resource and
// registers the flail systems on p. Install it once per pipeline.
func Install(p *systems.Pipeline, opts Options) (*Game, error) {
	cfg := opts.Config
	if cfg.Mode == "" {
		cfg = flail.DefaultConfig()
	}
	if err := cfg.Validate("systems.Install"); err != nil {
		return nil, err
	}
	ph := cfg.Physics(p.TickRate())
	arena := opts.Arena
	if arena == nil {
		arena = flail.NewArena(cfg.Arena.Size/cfg.UnitsPerMeter/2, nil, true, 1)
	}
	g := &Game{p: p, Ph: ph, Rules: flail.NewRules(cfg, ph, arena, opts.Seed)}
	g.carQuery = donburi.NewQuery(filter.Contains(Flail, Rope, FlailInput,
		components.Body, components.KCC))
	g.driveEach = g.driveEntity
	g.ropeEach = g.ropeEntity
	g.gatherEach = g.gatherEntity
	g.publishEach = g.publishEntity
	g.apply = g.applyDeferred

	w := p.World()
	if e, ok := FlailMatch.First(w); ok {
		FlailMatch.SetValue(e, FlailMatchData{Rules: g.Rules})
	} else {
		e := w.Entry(w.Create(FlailMatch))
		FlailMatch.SetValue(e, FlailMatchData{Rules: g.Rules})
	}

	p.Add(systems.StageAccel, "flail.drive", func(w donburi.World, _ systems.Tick) { g.carQuery.Each(w, g.driveEach) })
	p.Add(systems.StageRope, "flail.rope", func(w donburi.World, _ systems.Tick) {
		g.level = components.LevelOf(w)
		g.carQuery.Each(w, g.ropeEach)
	})
	p.Add(systems.StageRules, "flail.rules", g.rulesStage)
	return g, nil
}

// Pipeline returns the pipeline the game is installed on.
func (g *Game) Pipeline() *systems.Pipeline { return g.p }

// Remove queues the removal of a flail player (a player leaving mid-match):
// in the cleanup stage the entity is removed and EventRemoved is emitted.
// A kill of it detected in the same tick is dropped when the removal was
// queued first (for example between ticks) and applied first otherwise.
func (g *Game) Remove(ent donburi.Entity) {
	g.p.Defer(func(w donburi.World) {
		if !w.Valid(ent) {
			return
		}
		g.Rules.Remove(uint64(ent))
		w.Remove(ent)
	})
}

func (g *Game) driveEntity(e *donburi.Entry) {
	fd := Flail.Get(e)
	if fd.Alive && e.HasComponent(FlailBot) {
		// the bot's decision (taken in the last rules stage) is its input.
		SubmitInput(e, FlailBot.Get(e).Next())
	}
	body := components.Body.Get(e)
	buf := FlailInput.Get(e)
	fd.Input = buf.Input.Sanitized()
	buf.PrimaryPressed, buf.Pending = false, false // the edge is consumed
	if !fd.Alive {
		body.Velocity = mgl64.Vec3{}
		return
	}
	v := body.Velocity
	if !motors.FiniteVec(v) {
		v = mgl64.Vec3{}
	}
	v = g.Ph.CarVelocity(v, fd.Input)
	v[1] = 0
	body.Velocity = v
}

func (g *Game) ropeEntity(e *donburi.Entry) {
	fd := Flail.Get(e)
	rd := Rope.Get(e)
	fd.PrevFlail = fd.Flail.Pos
	for i := range rd.Nodes {
		if i < len(rd.PrevNodes) {
			rd.PrevNodes[i] = rd.Nodes[i].Pos
		}
	}
	if !fd.Alive {
		return
	}
	body := components.Body.Get(e)
	car := flail.Point{Pos: body.Position, Vel: body.Velocity}
	pull := g.Ph.StepPlayerFlail(g.Rules.Arena, &car, body.PrevPosition, &fd.Player, &rd.Rope)
	if pull.DVel != (mgl64.Vec3{}) {
		body.Velocity = body.Velocity.Add(mgl64.Vec3{pull.DVel[0], 0, pull.DVel[2]})
	}
	g.moveCar(e, body, pull.DPos)
}

// moveCar moves a car by d on the XZ plane through its KCC against the level
// (walls still hold), or directly when it has no controller.
func (g *Game) moveCar(e *donburi.Entry, body *components.BodyData, d mgl64.Vec3) {
	d = mgl64.Vec3{d[0], 0, d[2]}
	if d == (mgl64.Vec3{}) || !motors.FiniteVec(d) {
		return
	}
	k := components.KCC.Get(e)
	if k.Controller != nil && g.level != nil {
		res := k.Controller.Move(g.level, k.Shape, body.Position, d)
		if tr := res.Translation; motors.FiniteVec(tr) {
			body.Position = body.Position.Add(mgl64.Vec3{tr[0], 0, tr[2]})
		}
	} else {
		body.Position = body.Position.Add(d)
	}
}

func (g *Game) gatherEntity(e *donburi.Entry) { g.ents = append(g.ents, e.Entity()) }

func (g *Game) rulesStage(w donburi.World, _ systems.Tick) {
	g.ents = g.ents[:0]
	g.carQuery.Each(w, g.gatherEach)
	// deterministic order: by entity, whatever the storage order.
	for i := 1; i < len(g.ents); i++ {
		for j := i; j > 0 && g.ents[j] < g.ents[j-1]; j-- {
			g.ents[j], g.ents[j-1] = g.ents[j-1], g.ents[j]
		}
	}
	n := len(g.ents)
	if cap(g.agents) < n {
		g.agents = make([]flail.Agent, n, n+n/2)
	}
	g.agents = g.agents[:n]
	skin := 0.0
	for i, ent := range g.ents {
		e := w.Entry(ent)
		body := components.Body.Get(e)
		fd := Flail.Get(e)
		fd.ID = uint64(ent)
		a := flail.Agent{Car: flail.Point{Pos: body.Position, Vel: body.Velocity},
			P: &fd.Player, Rope: &Rope.Get(e).Rope}
		if e.HasComponent(FlailBot) {
			a.Bot = &FlailBot.Get(e).Bot
		}
		g.agents[i] = a
		if k := components.KCC.Get(e); k.Controller != nil && k.Controller.Offset() > skin {
			skin = k.Controller.Offset()
		}
	}
	// the contact rules keep pushed cars a KCC skin off the walls.
	if skin > g.Ph.CarRadius {
		skin = g.Ph.CarRadius
	}
	g.Rules.CarWallMargin = skin
	g.Rules.Step(g.agents)
	// the contact rules may have pushed cars: move them by the correction
	// through the KCC (walls hold) and take the new velocity.
	g.level = components.LevelOf(w)
	for i, ent := range g.ents {
		a := &g.agents[i]
		e := w.Entry(ent)
		body := components.Body.Get(e)
		if a.Car.Pos != body.Position {
			g.moveCar(e, body, a.Car.Pos.Sub(body.Position))
		}
		if a.Car.Vel != body.Velocity && motors.FiniteVec(a.Car.Vel) {
			body.Velocity = mgl64.Vec3{a.Car.Vel[0], 0, a.Car.Vel[2]}
		}
	}
	// pointers into component storage are not kept past this stage.
	for i := range g.agents {
		g.agents[i] = flail.Agent{}
	}
	g.p.Defer(g.apply)
}

// applyDeferred runs in the cleanup stage: kills, respawns, leaderboard,
// snapshots. Entities removed meanwhile are skipped.
func (g *Game) applyDeferred(w donburi.World) {
	r := g.Rules
	for _, k := range r.Kills {
		ke, ve := donburi.Entity(k.KillerID), donburi.Entity(k.VictimID)
		if !w.Valid(ke) || !w.Valid(ve) {
			continue
		}
		killer := Flail.Get(w.Entry(ke))
		vEntry := w.Entry(ve)
		victim := Flail.Get(vEntry)
		vb := components.Body.Get(vEntry)
		r.ApplyDetected(k, &killer.Player, &victim.Player, vb.Position)
		vb.Velocity = mgl64.Vec3{}
	}
	for _, i := range r.Respawns {
		if i >= len(g.ents) || !w.Valid(g.ents[i]) {
			continue
		}
		e := w.Entry(g.ents[i])
		fd := Flail.Get(e)
		if fd.Alive {
			continue
		}
		rd := Rope.Get(e)
		body := components.Body.Get(e)
		var car flail.Point
		r.Respawn(&fd.Player, &car, &rd.Rope)
		y := body.Position[1]
		for i := range rd.Nodes {
			rd.Nodes[i].Pos[1] = y
		}
		fd.Flail.Pos[1] = y
		body.Position = mgl64.Vec3{car.Pos[0], y, car.Pos[2]}
		body.PrevPosition = body.Position
		body.Velocity = mgl64.Vec3{}
		fd.PrevFlail = fd.Flail.Pos
		for i := range rd.PrevNodes {
			rd.PrevNodes[i] = fd.Flail.Pos
		}
	}
	r.Board.Reset(r.Cfg.Rules.LeaderboardSize)
	g.carQuery.Each(w, g.publishEach)
}

func (g *Game) publishEntity(e *donburi.Entry) {
	fd := Flail.Get(e)
	if fd.Alive {
		g.Rules.Board.Offer(flail.Entry{ID: uint64(e.Entity()), Energy: fd.Energy, Kills: fd.Kills})
	}
	fd.Publish(components.Body.Get(e).Position, &Rope.Get(e).Rope, g.Ph.Quirks.StaleSnapshot)
}
