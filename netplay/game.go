package netplay

import (
	"errors"
	"fmt"
	"math"

	"github.com/go-gl/mathgl/mgl64"
	"github.com/seedgames/motorkit/components"
	"github.com/seedgames/motorkit/prefabs"
	"github.com/seedgames/motorkit/systems"
	"github.com/yohamta/donburi"
	"github.com/yohamta/donburi/filter"
)

// MaxSeats is the most characters a Game seats: the size of a TickInput.
const MaxSeats = 16

// DefaultRecipes are the recipes a Game offers when GameOptions.Recipes is
// empty: prefabs' built-in player recipes (one per motor, named
// <kind>_player), sorted by name as prefabs.Library.Names lists them. A
// game that wants another order (its keys') gives its own list.
var DefaultRecipes = []string{"arena_player", "fps_player", "hybrid_player", "rpg_player"}

// SeatData marks a character as a seat's: Index is the seat (0 to
// MaxSeats-1), Recipe the index of its recipe in GameOptions.Recipes. It
// is part of the pipeline's state, so a rollback restores who sits where.
type SeatData struct {
	Index  uint8
	Recipe uint8
}

// Seat is the component of a seated character.
var Seat = donburi.NewComponentType[SeatData]()

// EventKind is what an Event does.
type EventKind uint8

// The events of a TickInput.
const (
	// Join seats a new character of Recipe at Seat's spawn place (a
	// character already there is replaced).
	Join EventKind = iota + 1
	// Leave removes Seat's character.
	Leave
	// Switch replaces Seat's character with one of Recipe that keeps its
	// feet position, velocity, view and ground contact (a player picking
	// another motor).
	Switch
)

// Event is a change of who plays, applied at the start of its tick, before
// the inputs.
type Event struct {
	Kind   EventKind
	Seat   uint8
	Recipe uint8
}

// TickInput is everything one tick of a Game needs from outside: the events
// at its start and each seat's command. Seats is the mask of the seats
// whose Inputs count (bit i for seat i), after the events.
type TickInput struct {
	Tick   uint64
	Events []Event
	Seats  uint16
	Inputs [MaxSeats]Command
	// Checksum, when HasChecksum, is the Game's Checksum after the tick:
	// the authority's, for a client to compare with its own.
	Checksum    uint64
	HasChecksum bool
}

// sameInputs reports whether f and g drive a tick alike: the same events,
// seats and inputs (the tick and checksum aside).
func (f *TickInput) sameInputs(g *TickInput) bool {
	if f.Seats != g.Seats || len(f.Events) != len(g.Events) {
		return false
	}
	for i := range f.Events {
		if f.Events[i] != g.Events[i] {
			return false
		}
	}
	for s := 0; s < MaxSeats; s++ {
		if f.Seats&(1<<s) != 0 && f.Inputs[s] != g.Inputs[s] {
			return false
		}
	}
	return true
}

// copyFrom makes f a copy of g, reusing f's event slice.
func (f *TickInput) copyFrom(g *TickInput) {
	ev := append(f.Events[:0], g.Events...)
	*f = *g
	f.Events = ev
}

// GameOptions configure a Game. Every peer of a match must use the same.
// Zero fields take their defaults, the values of DefaultGameOptions
// (docs/netplay.md has the table).
type GameOptions struct {
	// Level is a built-in level's name or a level file
	// (prefabs.LoadLiving).
	Level string
	// Recipes are the recipes seats may play, by index (at most 255).
	Recipes []string
	// TickRate is the pipeline's, rounded to 0.001 Hz.
	TickRate float64
}

// DefaultGameOptions returns the options a zero field of GameOptions
// takes.
func DefaultGameOptions() GameOptions {
	return GameOptions{Level: "course", Recipes: DefaultRecipes, TickRate: 60}
}

func (o *GameOptions) defaults() error {
	d := DefaultGameOptions()
	if o.Level == "" {
		o.Level = d.Level
	}
	if len(o.Recipes) == 0 {
		o.Recipes = d.Recipes
	}
	if len(o.Recipes) > 255 {
		return fmt.Errorf("netplay: %d recipes, at most 255", len(o.Recipes))
	}
	// A Welcome carries each name in at most 255 bytes (a longer one
	// made a welcome no client could decode).
	for _, n := range append([]string{o.Level}, o.Recipes...) {
		if len(n) > 255 {
			return fmt.Errorf("netplay: a level or recipe name of %d bytes, at most 255", len(n))
		}
	}
	if o.TickRate == 0 {
		o.TickRate = d.TickRate
	}
	// To the thousandth of a hertz a Welcome carries: the host runs the
	// rate its clients get (else no client could load its state).
	o.TickRate = math.Round(float64(o.TickRate*1000)) / 1000
	return nil
}

// Game is the simulation an online match runs on the authority and on
// every client: a pipeline on a level, with character collisions, whose
// characters are seated by Join events and driven by their seat's
// Command. Its state is the pipeline's (the Seat components included), so
// it saves, loads and rolls back as a whole, and Step is deterministic:
// the same state and TickInput give the same bits on every platform.
type Game struct {
	Pipeline *systems.Pipeline
	World    donburi.World
	opts     GameOptions
	level    components.LevelData
	seats    [MaxSeats]donburi.Entity // the seats' characters, donburi.Null when empty
	query    *donburi.Query
}

// NewGame builds a Game with no one seated.
func NewGame(o GameOptions) (*Game, error) {
	if err := o.defaults(); err != nil {
		return nil, err
	}
	lib, err := prefabs.Default()
	if err != nil {
		return nil, err
	}
	for _, r := range o.Recipes {
		if _, err := lib.Recipe(r); err != nil {
			return nil, fmt.Errorf("netplay: recipe %q: %w", r, err)
		}
	}
	lv, err := prefabs.LoadLiving(o.Level)
	if err != nil {
		return nil, err
	}
	g := &Game{World: donburi.NewWorld(), opts: o, level: lv}
	prefabs.SetLevelData(g.World, lv)
	g.Pipeline = systems.NewPipeline(g.World, systems.Options{TickRate: o.TickRate, CharacterCollisions: true})
	if err := systems.RegisterState(g.Pipeline, Seat); err != nil {
		return nil, err
	}
	g.Pipeline.SetSpawner(g.respawn)
	g.query = donburi.NewQuery(filter.Contains(Seat))
	return g, nil
}

// Options returns the game's options with their defaults.
func (g *Game) Options() GameOptions { return g.opts }

// Level returns the game's level.
func (g *Game) Level() components.LevelData { return g.level }

// respawn is the pipeline's Spawner: a seated character comes back from
// its recipe with its Seat component (LoadState then writes its values).
func (g *Game) respawn(w donburi.World, o components.OriginData) (donburi.Entity, error) {
	ent, err := prefabs.Respawn(w, o)
	if err != nil {
		return donburi.Null, err
	}
	w.Entry(ent).AddComponent(Seat)
	if g.level.OnSpawn != nil {
		g.level.OnSpawn(w.Entry(ent))
	}
	return ent, nil
}

// Ticks is the number of ticks run: the tick of the next TickInput.
func (g *Game) Ticks() uint64 { return g.Pipeline.Ticks() }

// Seats returns the mask of the occupied seats.
func (g *Game) Seats() uint16 {
	var m uint16
	for s, e := range g.seats {
		if e != donburi.Null {
			m |= 1 << s
		}
	}
	return m
}

// Character returns seat's character; false when the seat is empty.
func (g *Game) Character(seat int) (*donburi.Entry, bool) {
	if seat < 0 || seat >= MaxSeats || g.seats[seat] == donburi.Null || !g.World.Valid(g.seats[seat]) {
		return nil, false
	}
	return g.World.Entry(g.seats[seat]), true
}

// Recipe returns the recipe index seat plays; false when it is empty.
func (g *Game) Recipe(seat int) (int, bool) {
	e, ok := g.Character(seat)
	if !ok {
		return 0, false
	}
	return int(Seat.Get(e).Recipe), true
}

// SaveState appends the game's state to dst (systems.Pipeline.SaveState).
func (g *Game) SaveState(dst []byte) ([]byte, error) { return g.Pipeline.SaveState(dst) }

// LoadState puts the game in a saved state: a rewind, or a client's first
// state from the authority (into a Game with the same options).
func (g *Game) LoadState(b []byte) error {
	err := g.Pipeline.LoadState(b)
	g.findSeats()
	return err
}

// Checksum is the pipeline's.
func (g *Game) Checksum() uint64 { return g.Pipeline.Checksum() }

// findSeats rebuilds the seat table from the Seat components.
func (g *Game) findSeats() {
	g.seats = [MaxSeats]donburi.Entity{}
	g.query.Each(g.World, func(e *donburi.Entry) {
		if s := Seat.Get(e).Index; int(s) < MaxSeats {
			g.seats[s] = e.Entity()
		}
	})
}

// ErrTickInput reports a TickInput a Game cannot run: an event naming a seat or
// recipe out of range, or a tick other than the game's.
var ErrTickInput = errors.New("netplay: bad tick input")

// Step runs f: its events, then each seated character's command (its
// View set to the command's), then one pipeline tick, then the level's
// kill height (a character below it is put back at its seat's spawn
// place, at rest). A tick input for another tick, or an event out of range,
// is refused before anything changes.
func (g *Game) Step(f *TickInput) error {
	if f.Tick != g.Ticks() {
		return fmt.Errorf("%w: the input of tick %d, the game is at %d", ErrTickInput, f.Tick, g.Ticks())
	}
	for _, ev := range f.Events {
		if ev.Seat >= MaxSeats || int(ev.Recipe) >= len(g.opts.Recipes) || ev.Kind < Join || ev.Kind > Switch {
			return fmt.Errorf("%w: event %+v", ErrTickInput, ev)
		}
	}
	for _, ev := range f.Events {
		if err := g.apply(ev); err != nil {
			return err
		}
	}
	for s, ent := range g.seats {
		if ent == donburi.Null || f.Seats&(1<<s) == 0 {
			continue
		}
		if err := submitTo(g.World.Entry(ent), f.Inputs[s][:]); err != nil {
			return err
		}
	}
	g.Pipeline.Step()
	for s, ent := range g.seats {
		if ent == donburi.Null {
			continue
		}
		e := g.World.Entry(ent)
		if b := components.Body.Get(e); b.Position[1] < g.level.KillY {
			p := g.spawnPlace(s, components.KCC.Get(e))
			b.Position, b.PrevPosition, b.Velocity = p, p, mgl64.Vec3{}
		}
	}
	return nil
}

// spawnPlace is where seat s's character (of capsule k) stands at the
// start: the level's first spawn point (or the origin), seats in rows of
// four, 1.5 m apart, body centre above the feet.
func (g *Game) spawnPlace(s int, k *components.KCCData) mgl64.Vec3 {
	var feet mgl64.Vec3
	if len(g.level.Spawns) > 0 {
		feet = g.level.Spawns[0].Position
	}
	feet = feet.Add(mgl64.Vec3{float64(float64(s%4)*1.5) - 2.25, 0, float64(float64(s/4) * 1.5)})
	up := 1.0
	if k != nil {
		up = k.Shape.HalfHeight + k.Shape.Radius + k.Controller.Offset()
	}
	return feet.Add(mgl64.Vec3{0, up + 0.05, 0})
}

// apply runs one event.
func (g *Game) apply(ev Event) error {
	s := int(ev.Seat)
	old, had := g.Character(s)
	if ev.Kind == Leave {
		if had {
			g.World.Remove(old.Entity())
		}
		g.seats[s] = donburi.Null
		return nil
	}
	lib, err := prefabs.Default()
	if err != nil {
		return err
	}
	r, err := lib.Recipe(g.opts.Recipes[ev.Recipe])
	if err != nil {
		return err
	}
	if ev.Kind == Switch && had {
		// Keep the feet where they are, the velocity and the view.
		ob, ok := components.Body.Get(old), components.KCC.Get(old)
		feet := ob.Position[1] - ok.Shape.HalfHeight - ok.Shape.Radius
		dy := feet + r.KCC.HalfHeight + r.KCC.Radius - ob.Position[1]
		r.Body.Position = ob.Position.Add(mgl64.Vec3{0, dy, 0})
		r.Body.PrevPosition = ob.PrevPosition.Add(mgl64.Vec3{0, dy, 0})
		r.Body.Velocity = ob.Velocity
		r.View = *components.View.Get(old)
	} else {
		var yaw float64
		if len(g.level.Spawns) > 0 {
			yaw = g.level.Spawns[0].Yaw
		}
		r.View = components.ViewData{Yaw: yaw}
		feet := g.spawnPlace(s, nil).Sub(mgl64.Vec3{0, 1.05, 0})
		p := feet.Add(mgl64.Vec3{0, r.KCC.HalfHeight + r.KCC.Radius + 0.05, 0})
		r.Body.Position, r.Body.PrevPosition, r.Body.Velocity = p, p, mgl64.Vec3{}
	}
	ent, err := r.Spawn(g.World)
	if err != nil {
		return err
	}
	e := g.World.Entry(ent)
	e.AddComponent(Seat)
	*Seat.Get(e) = SeatData{Index: ev.Seat, Recipe: ev.Recipe}
	if g.level.OnSpawn != nil {
		g.level.OnSpawn(e)
	}
	if ev.Kind == Switch && had {
		ok, nk := components.KCC.Get(old), components.KCC.Get(e)
		nk.Grounded, nk.GroundNormal, nk.GroundState = ok.Grounded, ok.GroundNormal, ok.GroundState
		components.JumpBuffer.Get(e).WasGrounded = ok.Grounded
	}
	if had {
		g.World.Remove(old.Entity())
	}
	g.seats[s] = ent
	return nil
}
