package tiled

import (
	"encoding/json"
	"fmt"
	"path"
	"strconv"
)

// The JSON of a map (Tiled's JSON export), as far as this package reads
// it.
type (
	jsonMap struct {
		Type        string         `json:"type"`
		Orientation string         `json:"orientation"`
		Width       int            `json:"width"`
		Height      int            `json:"height"`
		TileWidth   int            `json:"tilewidth"`
		TileHeight  int            `json:"tileheight"`
		Infinite    bool           `json:"infinite"`
		Properties  []jsonProperty `json:"properties"`
		Tilesets    []jsonTileset  `json:"tilesets"`
		Layers      []jsonLayer    `json:"layers"`
	}
	jsonProperty struct {
		Name  string `json:"name"`
		Type  string `json:"type"`
		Value any    `json:"value"`
	}
	jsonTileset struct {
		FirstGID   uint32 `json:"firstgid"`
		Source     string `json:"source"`
		Name       string `json:"name"`
		TileWidth  int    `json:"tilewidth"`
		TileHeight int    `json:"tileheight"`
		TileCount  int    `json:"tilecount"`
		Columns    int    `json:"columns"`
		Tiles      []struct {
			ID         int            `json:"id"`
			Type       string         `json:"type"`
			Class      string         `json:"class"`
			Properties []jsonProperty `json:"properties"`
		} `json:"tiles"`
	}
	jsonLayer struct {
		Type        string          `json:"type"`
		Name        string          `json:"name"`
		Width       int             `json:"width"`
		Height      int             `json:"height"`
		OffsetX     float64         `json:"offsetx"`
		OffsetY     float64         `json:"offsety"`
		Encoding    string          `json:"encoding"`
		Compression string          `json:"compression"`
		Data        json.RawMessage `json:"data"`
		Chunks      json.RawMessage `json:"chunks"`
		Objects     []jsonObject    `json:"objects"`
		Layers      []jsonLayer     `json:"layers"`
		Properties  []jsonProperty  `json:"properties"`
	}
	jsonObject struct {
		ID         int            `json:"id"`
		Name       string         `json:"name"`
		Type       string         `json:"type"`
		Class      string         `json:"class"`
		X          float64        `json:"x"`
		Y          float64        `json:"y"`
		Width      float64        `json:"width"`
		Height     float64        `json:"height"`
		Rotation   float64        `json:"rotation"`
		GID        uint32         `json:"gid"`
		Point      bool           `json:"point"`
		Ellipse    bool           `json:"ellipse"`
		Polygon    []Point        `json:"polygon"`
		Polyline   []Point        `json:"polyline"`
		Properties []jsonProperty `json:"properties"`
	}
)

func parseJSON(data []byte, source string, open func(rel string) ([]byte, error)) (*Map, error) {
	var j jsonMap
	if err := json.Unmarshal(data, &j); err != nil {
		return nil, fmt.Errorf("%w: %s: %v", ErrFormat, source, err)
	}
	if j.Type != "map" {
		return nil, fmt.Errorf("%w: %s: type %q: not a Tiled map (want \"map\")", ErrFormat, source, j.Type)
	}
	if j.Infinite {
		return nil, fmt.Errorf("%w: %s: an infinite map (chunks) is not read yet: save it with a fixed size", ErrFormat, source)
	}
	m := &Map{Source: source, Orientation: j.Orientation, Width: j.Width, Height: j.Height, TileWidth: j.TileWidth,
		TileHeight: j.TileHeight, Properties: jsonProps(j.Properties)}
	for i := range j.Tilesets {
		t := &j.Tilesets[i]
		if t.Source == "" {
			m.Tilesets = append(m.Tilesets, t.tileset())
			continue
		}
		where := fmt.Sprintf("%s: tileset %s", source, t.Source)
		if open == nil {
			return nil, fmt.Errorf("%w: %s: no way to open it", ErrFormat, where)
		}
		data, err := open(t.Source)
		if err != nil {
			return nil, fmt.Errorf("tiled: %s: %w", where, err)
		}
		var ts Tileset
		if path.Ext(t.Source) == ".tsx" {
			ts, err = tmxTilesetOf(&tmxTileset{Source: t.Source, FirstGID: t.FirstGID}, source, func(string) ([]byte, error) { return data, nil })
		} else {
			ts, err = jsonTilesetOf(data, path.Join(path.Dir(source), t.Source))
		}
		if err != nil {
			return nil, err
		}
		ts.FirstGID, ts.Source = t.FirstGID, t.Source
		m.Tilesets = append(m.Tilesets, ts)
	}
	if err := m.addJSONLayers(j.Layers, "", 0, 0); err != nil {
		return nil, err
	}
	return m, nil
}

func jsonTilesetOf(data []byte, source string) (Tileset, error) {
	var t jsonTileset
	if err := json.Unmarshal(data, &t); err != nil {
		return Tileset{}, fmt.Errorf("%w: %s: %v", ErrFormat, source, err)
	}
	return t.tileset(), nil
}

func (t *jsonTileset) tileset() Tileset {
	ts := Tileset{FirstGID: t.FirstGID, Name: t.Name, TileWidth: t.TileWidth, TileHeight: t.TileHeight, TileCount: t.TileCount, Columns: t.Columns}
	for _, tile := range t.Tiles {
		if class := classOf(tile.Class, tile.Type); class != "" || len(tile.Properties) > 0 {
			ts.Tiles = append(ts.Tiles, Tile{ID: tile.ID, Class: class, Properties: jsonProps(tile.Properties)})
		}
	}
	return ts
}

func (m *Map) addJSONLayers(ls []jsonLayer, group string, ox, oy float64) error {
	for i := range ls {
		j := &ls[i]
		if j.Type == "group" {
			name := j.Name
			if group != "" {
				name = group + "/" + j.Name
			}
			if err := m.addJSONLayers(j.Layers, name, ox+j.OffsetX, oy+j.OffsetY); err != nil {
				return err
			}
			continue
		}
		l := Layer{Name: j.Name, Kind: j.Type, Group: group, Width: j.Width, Height: j.Height, OffsetX: ox + j.OffsetX,
			OffsetY: oy + j.OffsetY, Properties: jsonProps(j.Properties)}
		where := fmt.Sprintf("%s: layer %q", m.Source, j.Name)
		switch j.Type {
		case KindTiles:
			if len(j.Chunks) > 0 {
				return fmt.Errorf("%w: %s: chunks (an infinite map) are not read yet", ErrFormat, where)
			}
			gids, err := jsonGIDs(j, where)
			if err != nil {
				return err
			}
			l.GIDs = gids
			if err := m.checkLayer(&l, where); err != nil {
				return err
			}
		case KindObjects:
			for _, o := range j.Objects {
				l.Objects = append(l.Objects, Object{ID: o.ID, Name: o.Name, Class: classOf(o.Class, o.Type), X: o.X, Y: o.Y, Width: o.Width,
					Height: o.Height, Rotation: o.Rotation, GID: o.GID, Point: o.Point, Ellipse: o.Ellipse,
					Polygon: o.Polygon, Polyline: o.Polyline, Properties: jsonProps(o.Properties)})
			}
		case KindImage:
		default:
			return fmt.Errorf("%w: %s: layer type %q", ErrFormat, where, j.Type)
		}
		m.Layers = append(m.Layers, l)
	}
	return nil
}

// jsonGIDs decodes a tile layer's data: an array of IDs, or a base64
// string (compressed or not).
func jsonGIDs(j *jsonLayer, where string) ([]uint32, error) {
	if j.Encoding == "base64" {
		var s string
		if err := json.Unmarshal(j.Data, &s); err != nil {
			return nil, fmt.Errorf("%w: %s: base64 data: %v", ErrFormat, where, err)
		}
		return base64GIDs(s, j.Compression, where)
	}
	var gids []uint32
	if err := json.Unmarshal(j.Data, &gids); err != nil {
		return nil, fmt.Errorf("%w: %s: data: %v", ErrFormat, where, err)
	}
	return gids, nil
}

func jsonProps(ps []jsonProperty) []Property {
	var out []Property
	for _, p := range ps {
		v := ""
		switch x := p.Value.(type) {
		case string:
			v = x
		case bool:
			v = strconv.FormatBool(x)
		case float64:
			v = strconv.FormatFloat(x, 'g', -1, 64)
		case nil:
		default:
			b, _ := json.Marshal(x) // a class property: its members as JSON
			v = string(b)
		}
		out = append(out, property(p.Name, p.Type, v))
	}
	return out
}
