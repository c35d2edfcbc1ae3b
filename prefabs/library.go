package prefabs

import (
	"embed"
	"fmt"
	"github.com/seedgames/motorkit/components"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"sync"

	"github.com/go-gl/mathgl/mgl64"
	"github.com/seedgames/motorkit/config"
	"github.com/yohamta/donburi"
)

//go:embed data/*.toml
var dataFS embed.FS

// Library is a set of named recipes, each decoded once and kept built:
// spawning decodes nothing. The zero value is not usable; use NewLibrary or
// Default.
type Library struct {
	mu      sync.RWMutex
	recipes map[string]*libRecipe
}

// libRecipe is a recipe's layers so far (for further layers: a file of
// overrides, a spawn's Override) and the recipe built from them.
type libRecipe struct {
	parts *recipeParts
	built *Recipe
}

// NewLibrary returns a library holding the embedded default recipes.
func NewLibrary() (*Library, error) {
	l := &Library{recipes: map[string]*libRecipe{}}
	entries, err := dataFS.ReadDir("data")
	if err != nil {
		return nil, err
	}
	for _, e := range entries {
		data, err := dataFS.ReadFile("data/" + e.Name())
		if err != nil {
			return nil, err
		}
		name := strings.TrimSuffix(e.Name(), ".toml")
		if err := l.AddRecipe(name, data, "prefabs/data/"+e.Name()); err != nil {
			return nil, err
		}
	}
	regMu.RLock()
	extra := append([]registeredRecipe(nil), recipeReg...)
	regMu.RUnlock()
	for _, r := range extra {
		if err := l.AddRecipe(r.name, r.data, r.source); err != nil {
			return nil, err
		}
	}
	return l, nil
}

type registeredRecipe struct {
	name, source string
	data         []byte
}

var recipeReg []registeredRecipe

// RegisterRecipe adds a recipe to every library made after the call
// (NewLibrary, and Default when first used): a package that brings its own
// recipe sections ships its recipes too (the flail game's flail_player and
// flail_bot). Packages call it from init. source names the recipe in errors.
// Registering a name twice, or a name of an embedded recipe, panics: it is a
// programming error found at start-up.
func RegisterRecipe(name string, data []byte, source string) {
	regMu.Lock()
	defer regMu.Unlock()
	if name == "" {
		panic("prefabs: RegisterRecipe with an empty name")
	}
	if _, err := dataFS.ReadFile("data/" + name + ".toml"); err == nil {
		panic("prefabs: RegisterRecipe: " + name + " is an embedded recipe")
	}
	for _, r := range recipeReg {
		if r.name == name {
			panic("prefabs: RegisterRecipe called twice for " + name)
		}
	}
	recipeReg = append(recipeReg, registeredRecipe{name: name, source: source, data: append([]byte(nil), data...)})
}

var (
	defaultOnce sync.Once
	defaultLib  *Library
	defaultErr  error
)

// Default returns the process-wide library of embedded recipes (plus any
// files loaded into it with LoadFile).
func Default() (*Library, error) {
	defaultOnce.Do(func() { defaultLib, defaultErr = NewLibrary() })
	return defaultLib, defaultErr
}

// Spawn spawns recipe name from the default library. See Library.Spawn.
func Spawn(w donburi.World, name string, opts ...Option) (donburi.Entity, error) {
	l, err := Default()
	if err != nil {
		return donburi.Null, err
	}
	return l.Spawn(w, name, opts...)
}

// Respawn spawns an entity from its origin with the default library: a
// systems.Spawner (see Library.Respawn).
func Respawn(w donburi.World, origin components.OriginData) (donburi.Entity, error) {
	l, err := Default()
	if err != nil {
		return donburi.Null, err
	}
	return l.Respawn(w, origin)
}

// LoadFile loads a user file into the default library. See Library.LoadFile.
func LoadFile(path string) error {
	l, err := Default()
	if err != nil {
		return err
	}
	return l.LoadFile(path)
}

// Names returns the recipe names, sorted.
func (l *Library) Names() []string {
	l.mu.RLock()
	defer l.mu.RUnlock()
	out := make([]string, 0, len(l.recipes))
	for k := range l.recipes {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

// AddRecipe adds (or replaces) recipe name from one recipe file's text,
// decoding and validating it fully (every section and the motor
// configuration) once.
func (l *Library) AddRecipe(name string, data []byte, source string) error {
	d, err := config.ParseDocument(data, source)
	if err != nil {
		return err
	}
	parts := newParts()
	if err := parts.apply(d); err != nil {
		return err
	}
	built, err := parts.build(name, source)
	if err != nil {
		return err
	}
	l.mu.Lock()
	l.recipes[name] = &libRecipe{parts: parts, built: built}
	l.mu.Unlock()
	return nil
}

// LoadFile loads a user file of recipe overrides. The file holds one table
// per recipe, [prefab.NAME], whose keys are decoded over the existing
// recipe of that name (any field may be overridden; a [motor] kind other
// than the recipe's starts from that kind's defaults) or define a new
// recipe. Every recipe the file touches is built and validated before
// anything changes; errors name the file, the line and the key.
//
//	[prefab.arena_player.motor]
//	friction = 7.0
func (l *Library) LoadFile(path string) error {
	data, err := os.ReadFile(path)
	if err != nil {
		return err
	}
	return l.LoadTOML(data, filepath.Base(path))
}

// LoadTOML is LoadFile on text already read; source names it in errors.
func (l *Library) LoadTOML(data []byte, source string) error {
	d, err := config.ParseDocument(data, source)
	if err != nil {
		return err
	}
	top, _ := d.Keys()
	for _, k := range top {
		if k != "prefab" {
			return d.Error([]string{k}, "unknown key (a prefab file holds [prefab.NAME] tables)")
		}
	}
	names, err := d.Keys("prefab")
	if err != nil {
		return &config.Error{Source: source, Key: "prefab", Reason: "must be a table of recipes", Line: d.Line("prefab")}
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	staged := make(map[string]*libRecipe, len(names))
	for _, n := range names {
		parts := newParts()
		if r, ok := l.recipes[n]; ok {
			parts = r.parts.clone()
		}
		if err := parts.apply(d, "prefab", n); err != nil {
			return fmt.Errorf("prefab %q: %w", n, err)
		}
		built, err := parts.build(n, source)
		if err != nil {
			return fmt.Errorf("prefab %q: %w", n, err)
		}
		staged[n] = &libRecipe{parts: parts, built: built}
	}
	for _, n := range names {
		l.recipes[n] = staged[n]
	}
	return nil
}

// Option changes one Spawn.
type Option func(*spawnOpts)

type spawnOpts struct {
	pos      *mgl64.Vec3
	feet     *mgl64.Vec3
	yaw      *float64
	override []string
}

// At places the spawned body's centre at pos instead of the recipe's (to
// stand it on a level's spawn point, whose position is the feet's, use
// AtSpawnPoint).
func At(pos mgl64.Vec3) Option { return func(o *spawnOpts) { p := pos; o.pos, o.feet = &p, nil } }

// AtSpawnPoint stands the spawned character on sp, a level's spawn point
// (components.LevelData.Spawns): its feet at sp.Position (the capsule's
// centre its half height, radius and skin above them, as the recipe's
// [kcc] table sizes it) and facing sp.Yaw. A Facing option after it turns
// it again.
func AtSpawnPoint(sp components.SpawnPoint) Option {
	return func(o *spawnOpts) {
		f, y := sp.Position, sp.Yaw
		o.feet, o.pos, o.yaw = &f, nil, &y
	}
}

// Facing sets the view yaw (radians) instead of the recipe's.
func Facing(yaw float64) Option { return func(o *spawnOpts) { y := yaw; o.yaw = &y } }

// Override merges recipe TOML (same layout as a recipe file) over the
// recipe for this spawn only, e.g. Override("[motor]\nfriction = 8").
func Override(tomlText string) Option {
	return func(o *spawnOpts) { o.override = append(o.override, tomlText) }
}

// Recipe returns the built recipe name with opts applied, without
// spawning. Games use it to inspect settings. Without an Override option it
// is the library's recipe, built once (a copy: changing it changes no
// spawn); each Override is decoded over it and the result built anew.
func (l *Library) Recipe(name string, opts ...Option) (*Recipe, error) {
	l.mu.RLock()
	lr, ok := l.recipes[name]
	l.mu.RUnlock()
	if !ok {
		return nil, fmt.Errorf("prefabs: unknown recipe %q (known: %s)", name, strings.Join(l.Names(), ", "))
	}
	var o spawnOpts
	for _, f := range opts {
		f(&o)
	}
	r := lr.built
	if len(o.override) > 0 {
		parts := lr.parts.clone()
		source := lr.built.Source
		for i, text := range o.override {
			d, err := config.ParseDocument([]byte(text), fmt.Sprintf("override %d of %s", i+1, name))
			if err != nil {
				return nil, err
			}
			if err := parts.apply(d); err != nil {
				return nil, err
			}
			source = fmt.Sprintf("%s (with override %d)", lr.built.Source, i+1)
		}
		var err error
		if r, err = parts.build(name, source); err != nil {
			return nil, err
		}
		r.overrides = o.override
	}
	c := *r
	if o.feet != nil {
		p := o.feet.Add(mgl64.Vec3{0, c.KCC.HalfHeight + c.KCC.Radius + c.KCC.Offset, 0})
		o.pos = &p
	}
	if o.pos != nil {
		c.Body.Position = *o.pos
		c.Body.PrevPosition = *o.pos
	}
	if o.yaw != nil {
		c.View.Yaw = *o.yaw
	}
	return &c, nil
}

// Respawn spawns an entity from its origin (the recipe name and overrides
// a spawn of this library recorded in its components.Origin): a
// systems.Spawner, for a pipeline that loads a state holding characters
// its world lacks (systems.Pipeline.SetSpawner). The position and view
// are the recipe's; the state loaded next sets them.
func (l *Library) Respawn(w donburi.World, origin components.OriginData) (donburi.Entity, error) {
	opts := make([]Option, len(origin.Overrides))
	for i, text := range origin.Overrides {
		opts[i] = Override(text)
	}
	return l.Spawn(w, origin.Recipe, opts...)
}

// Spawn creates one entity from recipe name. Call it outside a tick, or
// from a function queued with systems.Pipeline.Defer.
func (l *Library) Spawn(w donburi.World, name string, opts ...Option) (donburi.Entity, error) {
	r, err := l.Recipe(name, opts...)
	if err != nil {
		return donburi.Null, err
	}
	return r.Spawn(w)
}
