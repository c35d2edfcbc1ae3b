package ldtk

import (
	"fmt"

	"github.com/seedgames/motorkit/plane2d"
)

// Build2D converts the level into a 2D level of space by rules
// (plane2d.Rules), in world pixels (the level's WorldX and WorldY added,
// so the levels of one world build side by side; Project.Build2D joins
// them):
//
//   - every IntGrid layer's cells, by the kind their value's name has,
//     merged into few rectangles (Layer.Rects);
//   - entities named in rules.Platforms: moving platforms along their
//     "path" points (cell centres), with their "speed", "wait", "loop"
//     and "one_way" fields;
//   - entities named in rules.Sensors: sensors, named by their "name"
//     field or the entity's name;
//   - every other entity: a spawn at its bottom middle, with the recipe
//     rules.RecipeOf gives and the fields named "table.key" as the
//     recipe's overrides.
//
// Errors name the file, the level, the layer and the entity.
func (l *Level) Build2D(space plane2d.Space, rules plane2d.Rules, source string) (*plane2d.Level, error) {
	out := &plane2d.Level{Space: space, Source: fmt.Sprintf("%s: level %q", source, l.Name)}
	ox, oy := float64(l.WorldX), float64(l.WorldY)
	for i := range l.Layers {
		ly := &l.Layers[i]
		switch ly.Kind {
		case KindIntGrid:
			for _, v := range ly.Values {
				k, ok := rules.KindOf(v.Name)
				if !ok {
					continue
				}
				for _, r := range rectsOf(ly, v.Value, k) {
					out.Rects = append(out.Rects, plane2d.Rect{MinX: ox + float64(r.MinX), MinY: oy + float64(r.MinY),
						MaxX: ox + float64(r.MaxX), MaxY: oy + float64(r.MaxY), Kind: k, Name: v.Name})
				}
			}
		case KindEntities:
			for j := range ly.Entities {
				if err := entity2D(out, &ly.Entities[j], ly, &rules, ox, oy); err != nil {
					return nil, fmt.Errorf("%s: layer %q: entity %d (%s): %w", out.Source, ly.Name, j, ly.Entities[j].Name, err)
				}
			}
		}
	}
	return out, nil
}

// rectsOf is the layer's cells of value v as rectangles: merged, or one
// by one for a slope (two slope cells merged would be a gentler slope).
func rectsOf(ly *Layer, v int, k plane2d.Kind) []Rect {
	if k != plane2d.SlopeUpRight && k != plane2d.SlopeUpLeft {
		return ly.Rects(v)
	}
	var out []Rect
	g := ly.GridSize
	for i, c := range ly.Cells {
		if c == v {
			x, y := ly.OffsetX+i%ly.Cols*g, ly.OffsetY+i/ly.Cols*g
			out = append(out, Rect{MinX: x, MinY: y, MaxX: x + g, MaxY: y + g})
		}
	}
	return out
}

// Build2D converts the named levels (all of them when none is named)
// into one 2D level, each at its place in the world.
func (p *Project) Build2D(space plane2d.Space, rules plane2d.Rules, names ...string) (*plane2d.Level, error) {
	out := &plane2d.Level{Space: space, Source: p.Source}
	found := 0
	for i := range p.Levels {
		l := &p.Levels[i]
		if len(names) > 0 && !containsName(names, l.Name) {
			continue
		}
		found++
		one, err := l.Build2D(space, rules, p.Source)
		if err != nil {
			return nil, err
		}
		out.Rects = append(out.Rects, one.Rects...)
		out.Platforms = append(out.Platforms, one.Platforms...)
		out.Spawns = append(out.Spawns, one.Spawns...)
	}
	if found < len(names) || found == 0 {
		return nil, fmt.Errorf("%s: levels %q: %d found", p.Source, names, found)
	}
	return out, nil
}

func containsName(names []string, n string) bool {
	for _, x := range names {
		if x == n {
			return true
		}
	}
	return false
}

// entity2D adds one entity to the level: a platform, a sensor or a spawn.
func entity2D(out *plane2d.Level, e *Entity, ly *Layer, rules *plane2d.Rules, ox, oy float64) error {
	x0 := ox + float64(e.X) - e.PivotX*float64(e.Width)
	y0 := oy + float64(e.Y) - e.PivotY*float64(e.Height)
	r := plane2d.Rect{MinX: x0, MinY: y0, MaxX: x0 + float64(e.Width), MaxY: y0 + float64(e.Height)}
	switch {
	case rules.IsPlatform(e.Name):
		return platform2D(out, e, ly, r, ox, oy)
	case rules.IsSensor(e.Name):
		r.Kind, r.Name = plane2d.Sensor, e.Name
		if s, ok := e.Field("name"); ok {
			if n, ok := s.Value.(string); ok && n != "" {
				r.Name = n
			}
		}
		out.Rects = append(out.Rects, r)
		return nil
	}
	var lines []plane2d.OverrideLine
	for _, f := range e.Fields {
		t, k, ok := plane2d.SplitField(f.Name)
		if !ok || f.Value == nil {
			continue
		}
		v := f.Value
		if n, ok := v.(float64); ok && f.Type == "Int" {
			v = int(n)
		}
		lines = append(lines, plane2d.OverrideLine{Table: t, Key: k, Value: v})
	}
	ov, err := plane2d.Override(lines)
	if err != nil {
		return err
	}
	out.Spawns = append(out.Spawns, plane2d.Spawn{Name: e.Name, Recipe: rules.RecipeOf(e.Name),
		X: (r.MinX + r.MaxX) / 2, Y: r.MaxY, Override: ov})
	return nil
}

// platform2D adds a moving platform entity: its rectangle now, then
// along its "path" points (cells: their centres carry the rectangle's
// centre).
func platform2D(out *plane2d.Level, e *Entity, ly *Layer, r plane2d.Rect, ox, oy float64) error {
	p := plane2d.NewPlatform(r)
	g := float64(ly.GridSize)
	for _, f := range e.Fields {
		if f.Name != "path" {
			if _, err := p.SetField(f.Name, f.Value); err != nil {
				return fmt.Errorf("field %w", err)
			}
			continue
		}
		pts, ok := f.Value.([]any)
		if !ok {
			return fmt.Errorf("field path is %T, want an array of points", f.Value)
		}
		for _, pt := range pts {
			m, ok := pt.(map[string]any)
			cx, okx := m["cx"].(float64)
			cy, oky := m["cy"].(float64)
			if !ok || !okx || !oky {
				return fmt.Errorf("field path: %v is not a point", pt)
			}
			p.Path = append(p.Path, [2]float64{ox + float64(ly.OffsetX) + (cx+0.5)*g, oy + float64(ly.OffsetY) + (cy+0.5)*g})
		}
	}
	if len(p.Path) < 2 {
		return fmt.Errorf("a moving platform needs a path field with at least one point")
	}
	out.Platforms = append(out.Platforms, p)
	return nil
}
