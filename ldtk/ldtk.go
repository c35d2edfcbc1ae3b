package ldtk

import (
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path"
	"path/filepath"

	"github.com/seedgames/motorkit/internal/tilemap"
)

// Project is an LDtk project: its levels, in the project's order.
type Project struct {
	// Source names the project file, as errors name it.
	Source string
	// GridSize is the project's default grid size (px).
	GridSize int
	Levels   []Level
}

// Level is one level of a project.
type Level struct {
	Name string // LDtk's identifier
	IID  string
	// WorldX and WorldY place the level's top-left corner in the world;
	// Width and Height are its size (px).
	WorldX, WorldY, Width, Height int
	// Fields are the level's own custom fields.
	Fields []Field
	// Layers are the level's layer instances, from the top one (drawn
	// last) to the bottom one, as LDtk lists them.
	Layers []Layer
}

// Layer kinds, as LDtk names them.
const (
	KindIntGrid   = "IntGrid"
	KindEntities  = "Entities"
	KindTiles     = "Tiles"
	KindAutoLayer = "AutoLayer"
)

// Layer is a layer instance of a level.
type Layer struct {
	Name string
	// Kind is KindIntGrid, KindEntities, KindTiles or KindAutoLayer.
	Kind string
	// GridSize is the cell size (px); Cols and Rows the layer's size in
	// cells; OffsetX and OffsetY its offset in the level (px).
	GridSize, Cols, Rows int
	OffsetX, OffsetY     int
	// Cells are an IntGrid layer's values, row by row from the top (0:
	// empty); empty for the other kinds. Values are the values the
	// layer's definition names.
	Cells  []int
	Values []Value
	// Entities are an Entities layer's entity instances.
	Entities []Entity
}

// Value is a named IntGrid value of a layer's definition.
type Value struct {
	Value int
	Name  string
}

// Entity is an entity instance.
type Entity struct {
	Name string // its definition's identifier
	IID  string
	// X and Y are its pivot's position in the level (px); Width and
	// Height its size; PivotX and PivotY where the pivot is in it (0..1
	// from the top-left corner: LDtk's default is the bottom middle,
	// 0.5, 1).
	X, Y, Width, Height int
	PivotX, PivotY      float64
	Fields              []Field
}

// Field is a custom field of an entity or a level.
type Field struct {
	Name string
	// Type is LDtk's type name: Int, Float, String, Bool, Color, Point,
	// LocalEnum.NAME, EntityRef, Array<...>.
	Type string
	// Value is the field's value as JSON decodes it: float64 for a
	// number, string, bool, nil, []any for an array, map[string]any for a
	// point ({"cx", "cy"}) or an entity reference.
	Value any
}

// Layer returns the level's layer called name.
func (l *Level) Layer(name string) (*Layer, bool) {
	for i := range l.Layers {
		if l.Layers[i].Name == name {
			return &l.Layers[i], true
		}
	}
	return nil, false
}

// Level returns the project's level called name.
func (p *Project) Level(name string) (*Level, bool) {
	for i := range p.Levels {
		if p.Levels[i].Name == name {
			return &p.Levels[i], true
		}
	}
	return nil, false
}

// Value returns the value of the IntGrid value called name.
func (l *Layer) Value(name string) (int, bool) {
	for _, v := range l.Values {
		if v.Name == name {
			return v.Value, true
		}
	}
	return 0, false
}

// Field returns the entity's field called name.
func (e *Entity) Field(name string) (Field, bool) { return fieldOf(e.Fields, name) }

// Field returns the level's field called name.
func (l *Level) Field(name string) (Field, bool) { return fieldOf(l.Fields, name) }

func fieldOf(fs []Field, name string) (Field, bool) {
	for _, f := range fs {
		if f.Name == name {
			return f, true
		}
	}
	return Field{}, false
}

// ErrFormat is wrapped by every error about a file's contents.
var ErrFormat = errors.New("ldtk: bad project")

// Load reads the project file at path, and its separate level files
// (paths relative to it).
func Load(path string) (*Project, error) {
	return LoadFS(os.DirFS(filepath.Dir(path)), filepath.Base(path))
}

// LoadFS reads the project file name in fsys, and its separate level
// files (names relative to it).
func LoadFS(fsys fs.FS, name string) (*Project, error) {
	data, open, err := tilemap.Read(fsys, name)
	if err != nil {
		return nil, fmt.Errorf("ldtk: %w", err)
	}
	return Parse(data, name, open)
}

// Parse reads a project from data, which came from source (errors name
// it); open reads a separate level file by its path relative to the
// project (nil: a project with separate levels is an error).
func Parse(data []byte, source string, open func(rel string) ([]byte, error)) (*Project, error) {
	var pj projectJSON
	if err := json.Unmarshal(data, &pj); err != nil {
		return nil, fmt.Errorf("%w: %s: %v", ErrFormat, source, err)
	}
	if pj.JSONVersion == "" {
		return nil, fmt.Errorf("%w: %s: no jsonVersion: not an LDtk project", ErrFormat, source)
	}
	p := &Project{Source: source, GridSize: pj.DefaultGridSize}
	values := map[int][]Value{} // by layer definition uid
	for _, d := range pj.Defs.Layers {
		for _, v := range d.IntGridValues {
			values[d.UID] = append(values[d.UID], Value{Value: v.Value, Name: v.Identifier})
		}
	}
	levels := pj.Levels
	if len(pj.Worlds) > 0 && len(levels) == 0 {
		// A multi-world project ("worlds" with their levels).
		for _, w := range pj.Worlds {
			levels = append(levels, w.Levels...)
		}
	}
	for i := range levels {
		lj := &levels[i]
		from := source
		if lj.LayerInstances == nil && lj.ExternalRelPath != "" {
			if open == nil {
				return nil, fmt.Errorf("%w: %s: level %q is in a separate file, %s, and there is no way to open it", ErrFormat, source, lj.Identifier, lj.ExternalRelPath)
			}
			ext, err := open(lj.ExternalRelPath)
			if err != nil {
				return nil, fmt.Errorf("ldtk: %s: level %q: %w", source, lj.Identifier, err)
			}
			from = path.Join(path.Dir(source), lj.ExternalRelPath)
			*lj = levelJSON{}
			if err := json.Unmarshal(ext, lj); err != nil {
				return nil, fmt.Errorf("%w: %s: %v", ErrFormat, from, err)
			}
		}
		lv, err := lj.level(from, values)
		if err != nil {
			return nil, err
		}
		p.Levels = append(p.Levels, lv)
	}
	return p, nil
}

// The JSON of a project, as far as this package reads it.
type (
	projectJSON struct {
		JSONVersion     string `json:"jsonVersion"`
		DefaultGridSize int    `json:"defaultGridSize"`
		Defs            struct {
			Layers []struct {
				UID           int `json:"uid"`
				IntGridValues []struct {
					Value      int    `json:"value"`
					Identifier string `json:"identifier"`
				} `json:"intGridValues"`
			} `json:"layers"`
		} `json:"defs"`
		Levels []levelJSON `json:"levels"`
		Worlds []struct {
			Levels []levelJSON `json:"levels"`
		} `json:"worlds"`
	}
	levelJSON struct {
		Identifier      string      `json:"identifier"`
		IID             string      `json:"iid"`
		WorldX          int         `json:"worldX"`
		WorldY          int         `json:"worldY"`
		PxWid           int         `json:"pxWid"`
		PxHei           int         `json:"pxHei"`
		ExternalRelPath string      `json:"externalRelPath"`
		FieldInstances  []fieldJSON `json:"fieldInstances"`
		LayerInstances  []layerJSON `json:"layerInstances"`
	}
	layerJSON struct {
		Identifier      string       `json:"__identifier"`
		Type            string       `json:"__type"`
		CWid            int          `json:"__cWid"`
		CHei            int          `json:"__cHei"`
		GridSize        int          `json:"__gridSize"`
		PxTotalOffsetX  int          `json:"__pxTotalOffsetX"`
		PxTotalOffsetY  int          `json:"__pxTotalOffsetY"`
		LayerDefUID     int          `json:"layerDefUid"`
		IntGridCsv      []int        `json:"intGridCsv"`
		EntityInstances []entityJSON `json:"entityInstances"`
	}
	entityJSON struct {
		Identifier     string      `json:"__identifier"`
		IID            string      `json:"iid"`
		Pivot          []float64   `json:"__pivot"`
		Px             []int       `json:"px"`
		Width          int         `json:"width"`
		Height         int         `json:"height"`
		FieldInstances []fieldJSON `json:"fieldInstances"`
	}
	fieldJSON struct {
		Identifier string `json:"__identifier"`
		Type       string `json:"__type"`
		Value      any    `json:"__value"`
	}
)

// maxCells bounds a layer's cells (a damaged size must not allocate
// without bound): 16 million, a 4096 x 4096 grid.
const maxCells = 1 << 24

func (lj *levelJSON) level(source string, values map[int][]Value) (Level, error) {
	lv := Level{Name: lj.Identifier, IID: lj.IID, WorldX: lj.WorldX, WorldY: lj.WorldY, Width: lj.PxWid, Height: lj.PxHei,
		Fields: fields(lj.FieldInstances)}
	where := fmt.Sprintf("%s: level %q", source, lj.Identifier)
	if lj.PxWid < 0 || lj.PxHei < 0 {
		return lv, fmt.Errorf("%w: %s: size %d x %d px", ErrFormat, where, lj.PxWid, lj.PxHei)
	}
	for i := range lj.LayerInstances {
		l, err := lj.LayerInstances[i].layer(where, values)
		if err != nil {
			return lv, err
		}
		lv.Layers = append(lv.Layers, l)
	}
	return lv, nil
}

func (j *layerJSON) layer(where string, values map[int][]Value) (Layer, error) {
	l := Layer{Name: j.Identifier, Kind: j.Type, GridSize: j.GridSize, Cols: j.CWid, Rows: j.CHei,
		OffsetX: j.PxTotalOffsetX, OffsetY: j.PxTotalOffsetY}
	where = fmt.Sprintf("%s: layer %q", where, j.Identifier)
	if j.CWid < 0 || j.CHei < 0 || j.GridSize <= 0 || int64(j.CWid)*int64(j.CHei) > maxCells {
		return l, fmt.Errorf("%w: %s: %d x %d cells of %d px", ErrFormat, where, j.CWid, j.CHei, j.GridSize)
	}
	if j.Type == KindIntGrid || len(j.IntGridCsv) > 0 {
		if n := j.CWid * j.CHei; len(j.IntGridCsv) != n {
			return l, fmt.Errorf("%w: %s: intGridCsv has %d cells, want %d x %d = %d", ErrFormat, where, len(j.IntGridCsv), j.CWid, j.CHei, n)
		}
		l.Values = values[j.LayerDefUID]
		for k, v := range j.IntGridCsv {
			if v != 0 && !hasValue(l.Values, v) {
				return l, fmt.Errorf("%w: %s: cell (%d, %d) has value %d, which the layer does not define", ErrFormat, where, k%j.CWid, k/j.CWid, v)
			}
		}
		l.Cells = j.IntGridCsv
	}
	for i := range j.EntityInstances {
		e, err := j.EntityInstances[i].entity(where, i)
		if err != nil {
			return l, err
		}
		l.Entities = append(l.Entities, e)
	}
	return l, nil
}

func hasValue(vs []Value, v int) bool {
	for _, x := range vs {
		if x.Value == v {
			return true
		}
	}
	return false
}

func (j *entityJSON) entity(where string, i int) (Entity, error) {
	e := Entity{Name: j.Identifier, IID: j.IID, Width: j.Width, Height: j.Height, PivotX: 0.5, PivotY: 1,
		Fields: fields(j.FieldInstances)}
	if len(j.Px) != 2 {
		return e, fmt.Errorf("%w: %s: entity %q (#%d): px has %d coordinates, want 2", ErrFormat, where, j.Identifier, i, len(j.Px))
	}
	e.X, e.Y = j.Px[0], j.Px[1]
	if len(j.Pivot) == 2 {
		e.PivotX, e.PivotY = j.Pivot[0], j.Pivot[1]
	}
	if j.Width < 0 || j.Height < 0 || !(e.PivotX >= 0 && e.PivotX <= 1 && e.PivotY >= 0 && e.PivotY <= 1) {
		return e, fmt.Errorf("%w: %s: entity %q (#%d) at px (%d, %d): size %d x %d, pivot (%v, %v)", ErrFormat, where, j.Identifier, i, e.X, e.Y, j.Width, j.Height, e.PivotX, e.PivotY)
	}
	return e, nil
}

func fields(js []fieldJSON) []Field {
	var out []Field
	for _, f := range js {
		out = append(out, Field{Name: f.Identifier, Type: f.Type, Value: f.Value})
	}
	return out
}
