// Package tiled reads maps made in Tiled (https://www.mapeditor.org): a
// map in Tiled's XML format (.tmx) with its tilesets inside it or in
// separate files (.tsx), or in its JSON export (.tmj, .json, with .tsj
// tilesets), and what a game needs from it to build its collision world
// and spawn its characters: tile layers (the tiles' global IDs, their
// tilesets' per-tile classes and properties), object layers (rectangles,
// points, ellipses, polygons and tile objects with their classes and
// properties), group layers flattened into their children, and the map's
// properties.
//
// Tiled's coordinates are kept: pixels, x to the right, y down. A tile
// object's (x, y) is its bottom-left corner, as Tiled stores it; any
// other object's is its top-left corner.
//
// A tile layer's tiles that a game says are solid merge into few
// rectangles (Layer.Rects). Every error names the file, the layer and the
// tile or object. Tile data may be CSV, base64, or base64 compressed with
// zlib or gzip (Tiled's defaults); zstd, which the Go standard library
// does not read, and infinite maps (chunks) are refused with an error
// that says so.
//
// The package is separate so that a game that does not load Tiled maps
// does not build it. No Go parser of Tiled's formats is served by this
// project's module proxy; the formats are documented
// (https://doc.mapeditor.org/en/stable/reference/tmx-map-format/) and
// this package reads them with encoding/xml and encoding/json.
package tiled

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"github.com/seedgames/motorkit/internal/tilemap"
)

// Map is a Tiled map.
type Map struct {
	// Source names the map file, as errors name it.
	Source string
	// Orientation is "orthogonal", "isometric", "staggered" or
	// "hexagonal".
	Orientation string
	// Width and Height are the map's size in tiles, TileWidth and
	// TileHeight its grid (px).
	Width, Height, TileWidth, TileHeight int
	Properties                           []Property
	Tilesets                             []Tileset
	// Layers are the map's layers from the bottom one (drawn first) up,
	// a group's children in its place.
	Layers []Layer
}

// Tileset is a tileset of a map.
type Tileset struct {
	// FirstGID is the global ID of its first tile in the map.
	FirstGID uint32
	Name     string
	// Source is the tileset file, relative to the map ("" when inside
	// it).
	Source                                    string
	TileWidth, TileHeight, TileCount, Columns int
	// Tiles are the tiles with a class or properties.
	Tiles []Tile
}

// Tile is a tile of a tileset with a class or properties.
type Tile struct {
	ID         int // local to its tileset
	Class      string
	Properties []Property
}

// Layer kinds.
const (
	KindTiles   = "tilelayer"
	KindObjects = "objectgroup"
	KindImage   = "imagelayer"
)

// Layer is a tile, object or image layer.
type Layer struct {
	Name string
	// Kind is KindTiles, KindObjects or KindImage.
	Kind string
	// Group is the names of the group layers it is in, outermost first,
	// joined by "/" ("" at the top).
	Group string
	// Width and Height are a tile layer's size in tiles; OffsetX and
	// OffsetY the layer's offset (px, its groups' included).
	Width, Height    int
	OffsetX, OffsetY float64
	// GIDs are a tile layer's global tile IDs, row by row from the top
	// (0: empty), with Tiled's flip flags in the top bits (see TileGID).
	GIDs       []uint32
	Objects    []Object
	Properties []Property
}

// Object is an object of an object layer.
type Object struct {
	ID          int
	Name, Class string
	// X and Y place it (px): a tile object's bottom-left corner, any
	// other's top-left. Rotation is in degrees, clockwise.
	X, Y, Width, Height, Rotation float64
	// GID is a tile object's tile (with flip flags), 0 for the others.
	GID            uint32
	Point, Ellipse bool
	// Polygon and Polyline are their points relative to (X, Y).
	Polygon, Polyline []Point
	Properties        []Property
}

// Point is a point of a polygon or polyline (px).
type Point struct{ X, Y float64 }

// Property is a custom property: its type (string, int, float, bool,
// color, file, object, or a custom class) and its value as Tiled writes
// it.
type Property struct {
	Name, Type, Value string
}

// The flip flags of a global tile ID; TileGID strips them.
const (
	FlipHorizontal = 0x80000000
	FlipVertical   = 0x40000000
	FlipDiagonal   = 0x20000000
	RotatedHex120  = 0x10000000
	flipFlags      = FlipHorizontal | FlipVertical | FlipDiagonal | RotatedHex120
)

// TileGID returns the global tile ID in gid without its flip flags.
func TileGID(gid uint32) uint32 { return gid &^ flipFlags }

// ErrFormat is wrapped by every error about a file's contents.
var ErrFormat = errors.New("tiled: bad map")

// Load reads the map file at path (.tmx, or JSON: .tmj, .json) and its
// tileset files (paths relative to it).
func Load(path string) (*Map, error) {
	return LoadFS(os.DirFS(filepath.Dir(path)), filepath.Base(path))
}

// LoadFS reads the map file name in fsys and its tileset files (names
// relative to it).
func LoadFS(fsys fs.FS, name string) (*Map, error) {
	data, open, err := tilemap.Read(fsys, name)
	if err != nil {
		return nil, fmt.Errorf("tiled: %w", err)
	}
	return Parse(data, name, open)
}

// Parse reads a map from data, which came from source (errors name it;
// a name ending in .tmx, or data starting with '<', is XML, any other
// JSON); open reads a tileset file by its path relative to the map (nil:
// a map with tileset files is an error).
func Parse(data []byte, source string, open func(rel string) ([]byte, error)) (*Map, error) {
	trimmed := strings.TrimSpace(string(data[:min(len(data), 64)]))
	if strings.HasSuffix(source, ".tmx") || strings.HasPrefix(trimmed, "<") {
		return parseTMX(data, source, open)
	}
	return parseJSON(data, source, open)
}

// Tile returns the tileset of the global tile gid (flip flags ignored)
// and, when it has a class or properties, the tile.
func (m *Map) Tile(gid uint32) (*Tileset, *Tile) {
	gid = TileGID(gid)
	var ts *Tileset
	for i := range m.Tilesets {
		if t := &m.Tilesets[i]; t.FirstGID <= gid && (ts == nil || t.FirstGID > ts.FirstGID) {
			ts = t
		}
	}
	if ts == nil || gid == 0 {
		return nil, nil
	}
	id := int(gid - ts.FirstGID)
	for i := range ts.Tiles {
		if ts.Tiles[i].ID == id {
			return ts, &ts.Tiles[i]
		}
	}
	return ts, nil
}

// Layer returns the layer called name (its own name, not its group's).
func (m *Map) Layer(name string) (*Layer, bool) {
	for i := range m.Layers {
		if m.Layers[i].Name == name {
			return &m.Layers[i], true
		}
	}
	return nil, false
}

// Property returns the object's property called name.
func (o *Object) Property(name string) (Property, bool) { return lookup(o.Properties, name) }

// Property returns the layer's property called name.
func (l *Layer) Property(name string) (Property, bool) { return lookup(l.Properties, name) }

// Property returns the tile's property called name.
func (t *Tile) Property(name string) (Property, bool) { return lookup(t.Properties, name) }

// Property returns the map's property called name.
func (m *Map) Property(name string) (Property, bool) { return lookup(m.Properties, name) }

// classOf is an object's or tile's class: class, or, as Tiled before 1.9
// wrote it, typ.
func classOf(class, typ string) string {
	if class == "" {
		return typ
	}
	return class
}

// property is a property as read: a missing type is Tiled's default,
// string.
func property(name, typ, value string) Property {
	if typ == "" {
		typ = "string"
	}
	return Property{Name: name, Type: typ, Value: value}
}

func lookup(props []Property, name string) (Property, bool) {
	for _, p := range props {
		if p.Name == name {
			return p, true
		}
	}
	return Property{}, false
}

// Rect is a rectangle (px, x right, y down): Min inclusive, Max
// exclusive.
type Rect struct {
	MinX, MinY, MaxX, MaxY float64
}

// Rects returns the tiles of a tile layer for which solid is true,
// merged into rectangles (map px, the layer's offset included, on the
// map's tileW x tileH grid): each such tile in exactly one, no other tile
// in any; the merge is greedy and always gives the same rectangles (see
// ldtk.Layer.Rects). solid gets each non-empty tile's global ID with its
// flip flags.
func (l *Layer) Rects(tileW, tileH int, solid func(gid uint32) bool) []Rect {
	if l.Kind != KindTiles || len(l.GIDs) != l.Width*l.Height {
		return nil
	}
	take := make([]bool, len(l.GIDs))
	for k, g := range l.GIDs {
		take[k] = g != 0 && solid(g)
	}
	var out []Rect
	w, h := float64(tileW), float64(tileH)
	for _, r := range tilemap.Merge(l.Width, l.Height, take) {
		out = append(out, Rect{MinX: l.OffsetX + float64(r.X0)*w, MinY: l.OffsetY + float64(r.Y0)*h,
			MaxX: l.OffsetX + float64(r.X1)*w, MaxY: l.OffsetY + float64(r.Y1)*h})
	}
	return out
}

// maxTiles bounds a tile layer (a damaged size must not allocate without
// bound): 16 million, a 4096 x 4096 map.
const maxTiles = 1 << 24

// checkLayer checks a tile layer's GIDs against its size and the map's
// tilesets.
func (m *Map) checkLayer(l *Layer, where string) error {
	if l.Width < 0 || l.Height < 0 || int64(l.Width)*int64(l.Height) > maxTiles {
		return fmt.Errorf("%w: %s: %d x %d tiles", ErrFormat, where, l.Width, l.Height)
	}
	if n := l.Width * l.Height; len(l.GIDs) != n {
		return fmt.Errorf("%w: %s: %d tiles of data, want %d x %d = %d", ErrFormat, where, len(l.GIDs), l.Width, l.Height, n)
	}
	for k, g := range l.GIDs {
		if g == 0 {
			continue
		}
		if ts, _ := m.Tile(g); ts == nil || (ts.TileCount > 0 && TileGID(g)-ts.FirstGID >= uint32(ts.TileCount)) {
			return fmt.Errorf("%w: %s: tile (%d, %d) has global ID %d, in no tileset of the map", ErrFormat, where, k%l.Width, k/l.Width, TileGID(g))
		}
	}
	return nil
}
