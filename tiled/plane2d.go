package tiled

import (
	"fmt"
	"strconv"

	"github.com/seedgames/motorkit/plane2d"
)

// Build2D converts the map into a 2D level of space by rules
// (plane2d.Rules), in map pixels. A tile's or an object's kind comes from
// the first of these names that rules give a kind: its kind property
// (rules.KindProperty, default "kind"),
// its class, its name (objects), its tile's class or "kind" property, and
// its layer's name; else rules.Other.
//
//   - Tile layers: the tiles of each kind merged into few rectangles
//     (slope tiles one by one).
//   - Objects with a kind: their rectangle (a tile object's image
//     bounds). Points, ellipses, polygons and rotated objects are left
//     out.
//   - Other objects whose class or name rules make a platform, a sensor
//     or a recipe: a moving platform (its "path" property is an object
//     reference to a polyline whose points the rectangle's centre
//     follows; "speed", "wait", "loop", "one_way"), a sensor (named by
//     its name, else its class) or a spawn at its bottom middle with its
//     properties named "table.key" as the recipe's overrides.
//
// Errors name the file, the layer and the object.
func (m *Map) Build2D(space plane2d.Space, rules plane2d.Rules) (*plane2d.Level, error) {
	out := &plane2d.Level{Space: space, Source: m.Source}
	for i := range m.Layers {
		l := &m.Layers[i]
		var err error
		switch l.Kind {
		case KindTiles:
			m.tiles2D(out, l, &rules)
		case KindObjects:
			err = m.objects2D(out, l, &rules)
		}
		if err != nil {
			return nil, fmt.Errorf("%s: layer %q: %w", m.Source, l.Name, err)
		}
	}
	return out, nil
}

// kindFrom returns the kind of the first name rules give one, else
// rules.Other.
func kindFrom(rules *plane2d.Rules, names ...string) (plane2d.Kind, bool) {
	for _, n := range names {
		if n == "" {
			continue
		}
		if k, ok := rules.Kinds[n]; ok {
			return k, k != 0
		}
		if k, ok := plane2d.ParseKind(n); ok {
			return k, true
		}
	}
	return rules.Other, rules.Other != 0
}

func propString(ps []Property, name string) string {
	if p, ok := lookup(ps, name); ok {
		return p.Value
	}
	return ""
}

// tileKind is the kind of a tile of layer l.
func (m *Map) tileKind(rules *plane2d.Rules, l *Layer, gid uint32) (plane2d.Kind, bool) {
	var class, kind string
	if _, t := m.Tile(gid); t != nil {
		class, kind = t.Class, propString(t.Properties, rules.Property())
	}
	return kindFrom(rules, kind, class, propString(l.Properties, rules.Property()), l.Name)
}

// tiles2D adds a tile layer's rectangles, kind by kind.
func (m *Map) tiles2D(out *plane2d.Level, l *Layer, rules *plane2d.Rules) {
	for k := plane2d.Solid; k <= plane2d.SlopeUpLeft; k++ {
		is := func(gid uint32) bool { kk, ok := m.tileKind(rules, l, gid); return ok && kk == k }
		if k == plane2d.SlopeUpRight || k == plane2d.SlopeUpLeft {
			// A slope is its tile: merged, two would be a gentler slope.
			w, h := float64(m.TileWidth), float64(m.TileHeight)
			for j, g := range l.GIDs {
				if g != 0 && is(g) {
					x, y := l.OffsetX+float64(j%l.Width)*w, l.OffsetY+float64(j/l.Width)*h
					out.Rects = append(out.Rects, plane2d.Rect{MinX: x, MinY: y, MaxX: x + w, MaxY: y + h, Kind: k, Name: l.Name})
				}
			}
			continue
		}
		for _, r := range l.Rects(m.TileWidth, m.TileHeight, is) {
			out.Rects = append(out.Rects, plane2d.Rect{MinX: r.MinX, MinY: r.MinY, MaxX: r.MaxX, MaxY: r.MaxY, Kind: k, Name: l.Name})
		}
	}
}

// bounds is an object's rectangle (px): a tile object's image is above
// its (X, Y), any other's below and right of it.
func (o *Object) bounds() plane2d.Rect {
	r := plane2d.Rect{MinX: o.X, MinY: o.Y, MaxX: o.X + o.Width, MaxY: o.Y + o.Height}
	if o.GID != 0 {
		r.MinY, r.MaxY = o.Y-o.Height, o.Y
	}
	return r
}

// objects2D adds an object layer's objects.
func (m *Map) objects2D(out *plane2d.Level, l *Layer, rules *plane2d.Rules) error {
	for i := range l.Objects {
		o := &l.Objects[i]
		var tileClass, tileKind string
		if o.GID != 0 {
			if _, t := m.Tile(o.GID); t != nil {
				tileClass, tileKind = t.Class, propString(t.Properties, rules.Property())
			}
		}
		shape := !o.Point && !o.Ellipse && len(o.Polygon) == 0 && len(o.Polyline) == 0
		r := o.bounds()
		switch {
		case rules.IsPlatform(o.Class) || rules.IsPlatform(o.Name):
			if err := platformObject(out, l, o, r); err != nil {
				return fmt.Errorf("object %d (%q): %w", o.ID, o.Name, err)
			}
		case rules.IsSensor(o.Class) || rules.IsSensor(o.Name):
			if shape && o.Rotation == 0 {
				r.Kind, r.Name = plane2d.Sensor, o.Name
				if r.Name == "" {
					r.Name = o.Class
				}
				out.Rects = append(out.Rects, r)
			}
		case rules.RecipeOf(o.Name) != "" || rules.RecipeOf(o.Class) != "":
			if err := spawnObject(out, o, r, rules); err != nil {
				return fmt.Errorf("object %d (%q): %w", o.ID, o.Name, err)
			}
		default:
			k, ok := kindFrom(rules, propString(o.Properties, rules.Property()), o.Class, o.Name, tileKind, tileClass, propString(l.Properties, rules.Property()), l.Name)
			if ok && shape && o.Rotation == 0 && o.Width > 0 && o.Height > 0 {
				r.Kind, r.Name = k, o.Name
				out.Rects = append(out.Rects, r)
			}
		}
	}
	return nil
}

// spawnObject adds a spawn: feet at the bottom middle (a point's own
// place), the recipe of its name or class, its "table.key" properties as
// overrides.
func spawnObject(out *plane2d.Level, o *Object, r plane2d.Rect, rules *plane2d.Rules) error {
	rec := rules.RecipeOf(o.Name)
	if rec == "" {
		rec = rules.RecipeOf(o.Class)
	}
	var lines []plane2d.OverrideLine
	for _, p := range o.Properties {
		t, k, ok := plane2d.SplitField(p.Name)
		if !ok {
			continue
		}
		v, err := propValue(p)
		if err != nil {
			return err
		}
		lines = append(lines, plane2d.OverrideLine{Table: t, Key: k, Value: v})
	}
	ov, err := plane2d.Override(lines)
	if err != nil {
		return err
	}
	x, y := (r.MinX+r.MaxX)/2, r.MaxY
	if o.Point {
		x, y = o.X, o.Y
	}
	name := o.Name
	if name == "" {
		name = o.Class
	}
	out.Spawns = append(out.Spawns, plane2d.Spawn{Name: name, Recipe: rec, X: x, Y: y, Override: ov})
	return nil
}

// propValue is a property's value as its type says.
func propValue(p Property) (any, error) {
	switch p.Type {
	case "int":
		n, err := strconv.Atoi(p.Value)
		return n, err
	case "float":
		return strconv.ParseFloat(p.Value, 64)
	case "bool":
		return strconv.ParseBool(p.Value)
	}
	return p.Value, nil
}

// platformObject adds a moving platform: its rectangle, then its centre
// along the polyline its "path" property refers to.
func platformObject(out *plane2d.Level, l *Layer, o *Object, r plane2d.Rect) error {
	p := plane2d.NewPlatform(r)
	for _, pr := range o.Properties {
		if pr.Name != "path" {
			v, err := propValue(pr)
			if err != nil {
				return fmt.Errorf("property %s: %w", pr.Name, err)
			}
			if _, err := p.SetField(pr.Name, v); err != nil {
				return fmt.Errorf("property %w", err)
			}
			continue
		}
		id, err := strconv.Atoi(pr.Value)
		if err != nil {
			return fmt.Errorf("property path %q is not an object reference", pr.Value)
		}
		line := findObject(l, id)
		if line == nil || len(line.Polyline)+len(line.Polygon) == 0 {
			return fmt.Errorf("property path: object %d is no polyline of this layer", id)
		}
		for _, pt := range append(line.Polyline, line.Polygon...) {
			p.Path = append(p.Path, [2]float64{line.X + pt.X, line.Y + pt.Y})
		}
	}
	if len(p.Path) < 2 {
		return fmt.Errorf("a moving platform needs a path property (a polyline)")
	}
	out.Platforms = append(out.Platforms, p)
	return nil
}

func findObject(l *Layer, id int) *Object {
	for i := range l.Objects {
		if l.Objects[i].ID == id {
			return &l.Objects[i]
		}
	}
	return nil
}
