package prefabs

import (
	"embed"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"sync"

	"github.com/BurntSushi/toml"
	"github.com/go-gl/mathgl/mgl64"
	"github.com/seedgames/motorkit/config"
	"github.com/yohamta/donburi"
)

//go:embed data/*.toml
var dataFS embed.FS

// Library is a set of named recipes. The zero value is not usable; use
// NewLibrary or Default.
type Library struct {
	mu      sync.RWMutex
	recipes map[string]recipeSrc
}

type recipeSrc struct {
	tree   map[string]any
	source string
}

// NewLibrary returns a library holding the embedded default recipes.
func NewLibrary() (*Library, error) {
	l := &Library{recipes: map[string]recipeSrc{}}
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
// validating it fully (every section and the motor config).
func (l *Library) AddRecipe(name string, data []byte, source string) error {
	tree, err := parseTree(data, source)
	if err != nil {
		return err
	}
	if _, err := buildRecipe(tree, source); err != nil {
		return locate(err, data, source)
	}
	l.mu.Lock()
	l.recipes[name] = recipeSrc{tree: tree, source: source}
	l.mu.Unlock()
	return nil
}

// LoadFile loads a user file of recipe overrides. The file holds one table
// per recipe, [prefab.NAME], whose keys are merged over the existing recipe
// of that name (any field may be overridden) or define a new recipe. The
// merged recipes are validated before anything changes; errors name the
// file and the key.
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
	tree, err := parseTree(data, source)
	if err != nil {
		return err
	}
	for k := range tree {
		if k != "prefab" {
			return &config.Error{Source: source, Key: k, Reason: "unknown key (a prefab file holds [prefab.NAME] tables)"}
		}
	}
	pt, ok := tree["prefab"].(map[string]any)
	if !ok && tree["prefab"] != nil {
		return &config.Error{Source: source, Key: "prefab", Reason: "must be a table of recipes"}
	}
	names := make([]string, 0, len(pt))
	for n := range pt {
		names = append(names, n)
	}
	sort.Strings(names)
	l.mu.Lock()
	defer l.mu.Unlock()
	staged := make(map[string]recipeSrc, len(names))
	for _, n := range names {
		over, ok := pt[n].(map[string]any)
		if !ok {
			return &config.Error{Source: source, Key: "prefab." + n, Reason: "must be a table"}
		}
		base := map[string]any{}
		if r, ok := l.recipes[n]; ok {
			base = deepCopy(r.tree)
		}
		merged := mergeTree(base, over)
		if _, err := buildRecipe(merged, source); err != nil {
			return fmt.Errorf("prefab %q: %w", n, locate(err, data, source, "prefab", n))
		}
		staged[n] = recipeSrc{tree: merged, source: source}
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
	yaw      *float64
	override []string
}

// At places the spawned body's centre at pos instead of the recipe's.
func At(pos mgl64.Vec3) Option { return func(o *spawnOpts) { p := pos; o.pos = &p } }

// Facing sets the view yaw (radians) instead of the recipe's.
func Facing(yaw float64) Option { return func(o *spawnOpts) { y := yaw; o.yaw = &y } }

// Override merges recipe TOML (same layout as a recipe file) over the
// recipe for this spawn only, e.g. Override("[motor]\nfriction = 8").
func Override(tomlText string) Option {
	return func(o *spawnOpts) { o.override = append(o.override, tomlText) }
}

// Recipe returns the fully merged, validated recipe name with opts'
// overrides applied, without spawning. Games use it to inspect settings.
func (l *Library) Recipe(name string, opts ...Option) (*Recipe, error) {
	l.mu.RLock()
	src, ok := l.recipes[name]
	l.mu.RUnlock()
	if !ok {
		return nil, fmt.Errorf("prefabs: unknown recipe %q (known: %s)", name, strings.Join(l.Names(), ", "))
	}
	var o spawnOpts
	for _, f := range opts {
		f(&o)
	}
	tree := src.tree
	source := src.source
	for i, text := range o.override {
		ot, err := parseTree([]byte(text), fmt.Sprintf("override %d of %s", i+1, name))
		if err != nil {
			return nil, err
		}
		tree = mergeTree(deepCopy(tree), ot)
		source = fmt.Sprintf("%s (with override %d)", src.source, i+1)
	}
	r, err := buildRecipe(tree, source)
	if err != nil {
		return nil, err
	}
	r.Name = name
	if o.pos != nil {
		r.Body.Position = *o.pos
	}
	if o.yaw != nil {
		r.View.Yaw = *o.yaw
	}
	return r, nil
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

func parseTree(data []byte, source string) (map[string]any, error) {
	tree := map[string]any{}
	if _, err := toml.Decode(string(data), &tree); err != nil {
		return nil, config.AsError(err, source)
	}
	return tree, nil
}

// mergeTree merges over into base (tables recursively, everything else
// replaced) and returns base.
func mergeTree(base, over map[string]any) map[string]any {
	for k, v := range over {
		if vt, ok := v.(map[string]any); ok {
			if bt, ok := base[k].(map[string]any); ok {
				base[k] = mergeTree(bt, vt)
				continue
			}
			base[k] = deepCopy(vt)
			continue
		}
		base[k] = v
	}
	return base
}

func deepCopy(m map[string]any) map[string]any {
	out := make(map[string]any, len(m))
	for k, v := range m {
		if t, ok := v.(map[string]any); ok {
			out[k] = deepCopy(t)
		} else {
			out[k] = v
		}
	}
	return out
}

func encodeTable(t map[string]any) ([]byte, error) {
	if t == nil {
		return nil, nil
	}
	return config.Encode(t)
}
