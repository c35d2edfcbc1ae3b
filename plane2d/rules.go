package plane2d

import (
	"fmt"

	"github.com/seedgames/motorkit/prefabs"
	"math"
	"strconv"
	"strings"
)

// Rules say what a map's tiles and entities are to the characters; the
// map loaders (packages ldtk and tiled) read them.
type Rules struct {
	// Kinds maps a tile's name to its kind: an LDtk IntGrid value's
	// identifier, a Tiled tile's class or, for a whole layer, the layer's
	// name. A name that is a kind's own ("solid", "one_way", "ladder",
	// "water", "sensor", "slope_up_right", "slope_up_left") needs no entry.
	Kinds map[string]Kind
	// KindProperty is the Tiled property whose value names a tile's,
	// object's or layer's kind (default "kind"; Sticker Knight's maps say
	// bodyType = "static").
	KindProperty string
	// Other is the kind of a tile whose name is neither in Kinds nor a
	// kind's name: 0 (the default) leaves it out of the level.
	Other Kind
	// Recipes maps an entity's name to the prefab recipe it spawns. An
	// entity whose name is a registered recipe needs no entry; any other
	// is a spawn point only (Level.Spawns with no recipe).
	Recipes map[string]string
	// Sensors are the entity names that are sensors: their rectangle,
	// named by the entity's "name" field, else its own name.
	Sensors []string
	// Platforms are the entity names that are moving platforms: their
	// rectangle moves along their "path" field (points), at their
	// "speed" (px/s), waiting "wait" seconds at each point, round a
	// "loop" or back and forth, "one_way" or solid.
	Platforms []string
}

// KindOf returns the kind of a tile named name, and whether it has one.
func (r *Rules) KindOf(name string) (Kind, bool) {
	if k, ok := r.Kinds[name]; ok {
		return k, k != 0
	}
	if k, ok := ParseKind(name); ok {
		return k, true
	}
	return r.Other, r.Other != 0
}

// Property returns KindProperty, or "kind" when it is empty.
func (r *Rules) Property() string {
	if r.KindProperty == "" {
		return "kind"
	}
	return r.KindProperty
}

// RecipeOf returns the recipe an entity named name spawns: its entry in
// Recipes, else name when it is a recipe of prefabs.Default's library,
// else "" (a spawn point only).
func (r *Rules) RecipeOf(name string) string {
	if rec, ok := r.Recipes[name]; ok {
		return rec
	}
	if lib, err := prefabs.Default(); err == nil && contains(lib.Names(), name) {
		return name
	}
	return ""
}

// IsSensor reports whether entities named name are sensors.
func (r *Rules) IsSensor(name string) bool { return contains(r.Sensors, name) }

// IsPlatform reports whether entities named name are moving platforms.
func (r *Rules) IsPlatform(name string) bool { return contains(r.Platforms, name) }

func contains(s []string, x string) bool {
	for _, v := range s {
		if v == x {
			return true
		}
	}
	return false
}

// OverrideLine is one recipe key an entity's field sets: Table and Key
// (a field named "motor.max_run" is table "motor", key "max_run") and the
// value (float64, int, bool or string).
type OverrideLine struct {
	Table, Key string
	Value      any
}

// SplitField returns the table and key of a field named "table.key", and
// whether it is such a name.
func SplitField(name string) (table, key string, ok bool) {
	t, k, ok := strings.Cut(name, ".")
	if !ok || t == "" || k == "" || strings.ContainsAny(k, ".[] \"") || strings.ContainsAny(t, "[] \"") {
		return "", "", false
	}
	return t, k, true
}

// Override returns recipe TOML setting lines, grouped by table in the
// order the tables first appear.
func Override(lines []OverrideLine) (string, error) {
	var tables []string
	for _, l := range lines {
		if !contains(tables, l.Table) {
			tables = append(tables, l.Table)
		}
	}
	var b strings.Builder
	for _, t := range tables {
		fmt.Fprintf(&b, "[%s]\n", t)
		for _, l := range lines {
			if l.Table != t {
				continue
			}
			v, err := tomlValue(l.Value)
			if err != nil {
				return "", fmt.Errorf("%s.%s: %w", l.Table, l.Key, err)
			}
			fmt.Fprintf(&b, "%s = %s\n", l.Key, v)
		}
	}
	return b.String(), nil
}

// tomlValue writes one TOML value.
func tomlValue(v any) (string, error) {
	switch x := v.(type) {
	case bool:
		return strconv.FormatBool(x), nil
	case int:
		return strconv.Itoa(x), nil
	case float64:
		if math.IsNaN(x) || math.IsInf(x, 0) {
			return "", fmt.Errorf("value %v is not finite", x)
		}
		s := strconv.FormatFloat(x, 'g', -1, 64)
		if !strings.ContainsAny(s, ".eE") {
			s += ".0"
		}
		return s, nil
	case string:
		return strconv.Quote(x), nil
	}
	return "", fmt.Errorf("value %v (%T) is not a number, bool or string", v, v)
}
