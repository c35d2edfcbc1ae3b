package match

import (
	"fmt"

	flailmatch "github.com/seedgames/motorkit/flail/match"

	"github.com/seedgames/motorkit/flail"
	"github.com/seedgames/motorkit/prefabs"
	"github.com/seedgames/motorkit/systems"
	"github.com/yohamta/donburi"
)

// NewEmpty builds a match without players: the world, the pipeline at
// TickRate with the flail game on the demo arena, and the runner. A server
// room adds and removes players with SpawnPlayer and RemovePlayer; a network
// client uses it as the mirror it draws. Player is donburi.Null until set.
func NewEmpty(cfg flail.Config, seed uint64) (*Match, error) {
	if err := cfg.Validate("match options"); err != nil {
		return nil, err
	}
	w := donburi.NewWorld()
	p := systems.NewPipeline(w, systems.Options{TickRate: TickRate})
	arena, err := installArena(w, cfg)
	if err != nil {
		return nil, err
	}
	g, err := flailmatch.Install(p, flailmatch.Options{Config: cfg, Seed: seed, Arena: arena})
	if err != nil {
		return nil, err
	}
	m := &Match{World: w, Pipeline: p, Game: g, Rules: g.Rules, Arena: arena, Config: cfg,
		seed: seed, index: map[donburi.Entity]int{}}
	m.Runner = systems.NewRunner(p, systems.RunnerOptions{MaxStepsPerFrame: 5, MaxFrameDt: 0.25})
	g.Rules.Events.Subscribe(func(ev flail.Event) { m.events = append(m.events, ev) })
	return m, nil
}

// SpawnPlayer adds a player named name at a free spawn point: a bot of the
// given skill (prefab "flail_bot"), or a player driven by Submit-ed
// commands when skill is 0 (prefab "flail_player"). Its index is
// Players()-1. Call it between ticks.
func (m *Match) SpawnPlayer(name string, skill flail.Skill) (donburi.Entity, error) {
	recipe := "flail_player"
	over := fmt.Sprintf("[flail]\nname = %q\n", name)
	if skill != 0 {
		recipe = "flail_bot"
		over += fmt.Sprintf("[flail_bot]\nskill = %q\n", skill.String())
	}
	e, err := flailmatch.Spawn(m.World, recipe, prefabs.Override(over))
	if err != nil {
		return donburi.Null, err
	}
	m.add(e)
	if skill != 0 {
		m.bots++
	}
	return e, nil
}

// RemovePlayer takes player e out of the match: it leaves Cars at once (the
// indices of the players after it shift down by one) and its entity is
// removed in the cleanup stage of the next tick (flailmatch.Game.Remove).
// Unknown entities are ignored.
func (m *Match) RemovePlayer(e donburi.Entity) {
	if m.forget(e) {
		m.Game.Remove(e)
	}
}

// DropPlayer is RemovePlayer for a match that is never stepped (a network
// client's mirror): the entity is removed at once, without events.
func (m *Match) DropPlayer(e donburi.Entity) {
	if m.forget(e) && m.World.Valid(e) {
		m.World.Remove(e)
	}
}

// forget takes e out of Cars and the index.
func (m *Match) forget(e donburi.Entity) bool {
	i, ok := m.index[e]
	if !ok {
		return false
	}
	if m.World.Valid(e) && m.World.Entry(e).HasComponent(flailmatch.FlailBot) {
		m.bots--
	}
	m.Cars = append(m.Cars[:i], m.Cars[i+1:]...)
	delete(m.index, e)
	for k := i; k < len(m.Cars); k++ {
		m.index[m.Cars[k]] = k
	}
	return true
}
