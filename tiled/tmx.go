package tiled

import (
	"bytes"
	"compress/gzip"
	"compress/zlib"
	"encoding/base64"
	"encoding/binary"
	"encoding/xml"
	"fmt"
	"io"
	"path"
	"strconv"
	"strings"
)

// The XML of a map, as far as this package reads it.
type (
	tmxMap struct {
		Orientation string        `xml:"orientation,attr"`
		Width       int           `xml:"width,attr"`
		Height      int           `xml:"height,attr"`
		TileWidth   int           `xml:"tilewidth,attr"`
		TileHeight  int           `xml:"tileheight,attr"`
		Infinite    int           `xml:"infinite,attr"`
		Properties  []tmxProperty `xml:"properties>property"`
		Tilesets    []tmxTileset  `xml:"tileset"`
		Layers      []tmxLayer    `xml:",any"`
	}
	tmxProperty struct {
		Name  string `xml:"name,attr"`
		Type  string `xml:"type,attr"`
		Value string `xml:"value,attr"`
		Text  string `xml:",chardata"` // a multi-line string
	}
	tmxTileset struct {
		FirstGID   uint32 `xml:"firstgid,attr"`
		Source     string `xml:"source,attr"`
		Name       string `xml:"name,attr"`
		TileWidth  int    `xml:"tilewidth,attr"`
		TileHeight int    `xml:"tileheight,attr"`
		TileCount  int    `xml:"tilecount,attr"`
		Columns    int    `xml:"columns,attr"`
		Tiles      []struct {
			ID         int           `xml:"id,attr"`
			Type       string        `xml:"type,attr"`
			Class      string        `xml:"class,attr"`
			Properties []tmxProperty `xml:"properties>property"`
		} `xml:"tile"`
	}
	// tmxLayer is any child of a map or group: a layer, an object group,
	// an image layer or a group (XMLName says which).
	tmxLayer struct {
		XMLName    xml.Name
		Name       string        `xml:"name,attr"`
		Width      int           `xml:"width,attr"`
		Height     int           `xml:"height,attr"`
		OffsetX    float64       `xml:"offsetx,attr"`
		OffsetY    float64       `xml:"offsety,attr"`
		Properties []tmxProperty `xml:"properties>property"`
		Data       *tmxData      `xml:"data"`
		Objects    []tmxObject   `xml:"object"`
		Children   []tmxLayer    `xml:",any"`
	}
	tmxData struct {
		Encoding    string `xml:"encoding,attr"`
		Compression string `xml:"compression,attr"`
		Text        string `xml:",chardata"`
		Tiles       []struct {
			GID uint32 `xml:"gid,attr"`
		} `xml:"tile"`
		Chunks []struct{} `xml:"chunk"`
	}
	tmxObject struct {
		ID         int           `xml:"id,attr"`
		Name       string        `xml:"name,attr"`
		Type       string        `xml:"type,attr"`
		Class      string        `xml:"class,attr"`
		X          float64       `xml:"x,attr"`
		Y          float64       `xml:"y,attr"`
		Width      float64       `xml:"width,attr"`
		Height     float64       `xml:"height,attr"`
		Rotation   float64       `xml:"rotation,attr"`
		GID        uint32        `xml:"gid,attr"`
		Template   string        `xml:"template,attr"`
		Point      *struct{}     `xml:"point"`
		Ellipse    *struct{}     `xml:"ellipse"`
		Polygon    *tmxPoints    `xml:"polygon"`
		Polyline   *tmxPoints    `xml:"polyline"`
		Properties []tmxProperty `xml:"properties>property"`
	}
	tmxPoints struct {
		Points string `xml:"points,attr"`
	}
)

func parseTMX(data []byte, source string, open func(rel string) ([]byte, error)) (*Map, error) {
	var x tmxMap
	if err := xml.Unmarshal(data, &x); err != nil {
		return nil, fmt.Errorf("%w: %s: %v", ErrFormat, source, err)
	}
	if x.Infinite != 0 {
		return nil, fmt.Errorf("%w: %s: an infinite map (chunks) is not read yet: save it with a fixed size", ErrFormat, source)
	}
	m := &Map{Source: source, Orientation: x.Orientation, Width: x.Width, Height: x.Height,
		TileWidth: x.TileWidth, TileHeight: x.TileHeight, Properties: props(x.Properties)}
	for i := range x.Tilesets {
		ts, err := tmxTilesetOf(&x.Tilesets[i], source, open)
		if err != nil {
			return nil, err
		}
		m.Tilesets = append(m.Tilesets, ts)
	}
	if err := m.addTMXLayers(x.Layers, "", 0, 0, open); err != nil {
		return nil, err
	}
	return m, nil
}

func tmxTilesetOf(t *tmxTileset, source string, open func(rel string) ([]byte, error)) (Tileset, error) {
	first := t.FirstGID
	if t.Source != "" {
		where := fmt.Sprintf("%s: tileset %s", source, t.Source)
		if open == nil {
			return Tileset{}, fmt.Errorf("%w: %s: no way to open it", ErrFormat, where)
		}
		data, err := open(t.Source)
		if err != nil {
			return Tileset{}, fmt.Errorf("tiled: %s: %w", where, err)
		}
		if strings.HasSuffix(t.Source, ".tsj") || strings.HasSuffix(t.Source, ".json") {
			ts, err := jsonTilesetOf(data, path.Join(path.Dir(source), t.Source))
			ts.FirstGID, ts.Source = first, t.Source
			return ts, err
		}
		var ext tmxTileset
		if err := xml.Unmarshal(data, &ext); err != nil {
			return Tileset{}, fmt.Errorf("%w: %s: %v", ErrFormat, path.Join(path.Dir(source), t.Source), err)
		}
		ext.FirstGID, ext.Source = first, t.Source
		t = &ext
	}
	ts := Tileset{FirstGID: t.FirstGID, Name: t.Name, Source: t.Source, TileWidth: t.TileWidth, TileHeight: t.TileHeight,
		TileCount: t.TileCount, Columns: t.Columns}
	for _, tile := range t.Tiles {
		if class := classOf(tile.Class, tile.Type); class != "" || len(tile.Properties) > 0 {
			ts.Tiles = append(ts.Tiles, Tile{ID: tile.ID, Class: class, Properties: props(tile.Properties)})
		}
	}
	return ts, nil
}

// addTMXLayers adds the layers of a map or group (in group, offset by
// ox, oy).
func (m *Map) addTMXLayers(ls []tmxLayer, group string, ox, oy float64, open func(rel string) ([]byte, error)) error {
	for i := range ls {
		x := &ls[i]
		switch x.XMLName.Local {
		case "group":
			name := x.Name
			if group != "" {
				name = group + "/" + x.Name
			}
			if err := m.addTMXLayers(x.Children, name, ox+x.OffsetX, oy+x.OffsetY, open); err != nil {
				return err
			}
			continue
		case "layer", "objectgroup", "imagelayer":
		default:
			continue // properties, tilesets, editor settings
		}
		l := Layer{Name: x.Name, Group: group, Width: x.Width, Height: x.Height, OffsetX: ox + x.OffsetX, OffsetY: oy + x.OffsetY,
			Properties: props(x.Properties)}
		where := fmt.Sprintf("%s: layer %q", m.Source, x.Name)
		switch x.XMLName.Local {
		case "layer":
			l.Kind = KindTiles
			gids, err := tmxGIDs(x.Data, where)
			if err != nil {
				return err
			}
			l.GIDs = gids
			if err := m.checkLayer(&l, where); err != nil {
				return err
			}
		case "objectgroup":
			l.Kind = KindObjects
			for k := range x.Objects {
				xo := &x.Objects[k]
				if xo.Template != "" {
					if err := m.applyTemplate(xo, where, open); err != nil {
						return err
					}
				}
				o, err := tmxObjectOf(xo, where)
				if err != nil {
					return err
				}
				l.Objects = append(l.Objects, o)
			}
		case "imagelayer":
			l.Kind = KindImage
		}
		m.Layers = append(m.Layers, l)
	}
	return nil
}

// tmxTemplate is an object template file (.tx).
type tmxTemplate struct {
	Tileset *tmxTileset `xml:"tileset"`
	Object  tmxObject   `xml:"object"`
}

// applyTemplate fills what the object x placed from a template leaves
// out with the template's (name, class, size, tile, shape, the
// properties it does not set itself), its tile mapped to the map's
// tileset of the same file.
func (m *Map) applyTemplate(x *tmxObject, where string, open func(rel string) ([]byte, error)) error {
	where = fmt.Sprintf("%s: object %d: template %s", where, x.ID, x.Template)
	if open == nil {
		return fmt.Errorf("%w: %s: no way to open it", ErrFormat, where)
	}
	data, err := open(x.Template)
	if err != nil {
		return fmt.Errorf("tiled: %s: %w", where, err)
	}
	var t tmxTemplate
	if err := xml.Unmarshal(data, &t); err != nil {
		return fmt.Errorf("%w: %s: %v", ErrFormat, where, err)
	}
	o := &t.Object
	if x.GID == 0 && o.GID != 0 {
		if t.Tileset == nil {
			return fmt.Errorf("%w: %s: a tile object with no tileset", ErrFormat, where)
		}
		// The template's tileset, by its path from the map's folder.
		src := path.Join(path.Dir(x.Template), t.Tileset.Source)
		for i := range m.Tilesets {
			if ts := &m.Tilesets[i]; ts.Source != "" && path.Clean(ts.Source) == src {
				x.GID = o.GID&flipFlags | (ts.FirstGID + TileGID(o.GID) - t.Tileset.FirstGID)
			}
		}
		if x.GID == 0 {
			return fmt.Errorf("%w: %s: its tileset %s is not one of the map's", ErrFormat, where, src)
		}
	}
	if x.Name == "" {
		x.Name = o.Name
	}
	if x.Type == "" && x.Class == "" {
		x.Type, x.Class = o.Type, o.Class
	}
	if x.Width == 0 && x.Height == 0 {
		x.Width, x.Height = o.Width, o.Height
	}
	if x.Point == nil && x.Ellipse == nil && x.Polygon == nil && x.Polyline == nil {
		x.Point, x.Ellipse, x.Polygon, x.Polyline = o.Point, o.Ellipse, o.Polygon, o.Polyline
	}
	for _, p := range o.Properties {
		found := false
		for _, q := range x.Properties {
			found = found || q.Name == p.Name
		}
		if !found {
			x.Properties = append(x.Properties, p)
		}
	}
	return nil
}

// tmxGIDs decodes a tile layer's data.
func tmxGIDs(d *tmxData, where string) ([]uint32, error) {
	if d == nil {
		return nil, fmt.Errorf("%w: %s: no data", ErrFormat, where)
	}
	if len(d.Chunks) > 0 {
		return nil, fmt.Errorf("%w: %s: chunks (an infinite map) are not read yet", ErrFormat, where)
	}
	switch d.Encoding {
	case "":
		gids := make([]uint32, len(d.Tiles))
		for i, t := range d.Tiles {
			gids[i] = t.GID
		}
		return gids, nil
	case "csv":
		return csvGIDs(d.Text, where)
	case "base64":
		return base64GIDs(d.Text, d.Compression, where)
	}
	return nil, fmt.Errorf("%w: %s: data encoding %q (want csv or base64)", ErrFormat, where, d.Encoding)
}

func csvGIDs(text, where string) ([]uint32, error) {
	var gids []uint32
	for i, f := range strings.Split(text, ",") {
		f = strings.TrimSpace(f)
		if f == "" && i > 0 {
			continue // a trailing comma
		}
		g, err := strconv.ParseUint(f, 10, 32)
		if err != nil {
			return nil, fmt.Errorf("%w: %s: tile %d of the CSV data: %q is not a tile ID", ErrFormat, where, i, f)
		}
		gids = append(gids, uint32(g))
	}
	return gids, nil
}

// maxData bounds decompressed tile data (maxTiles IDs of 4 bytes).
const maxData = 4 * maxTiles

func base64GIDs(text, compression, where string) ([]uint32, error) {
	raw, err := base64.StdEncoding.DecodeString(strings.TrimSpace(text))
	if err != nil {
		return nil, fmt.Errorf("%w: %s: base64 data: %v", ErrFormat, where, err)
	}
	var r io.Reader
	switch compression {
	case "":
	case "zlib":
		r, err = zlib.NewReader(bytes.NewReader(raw))
	case "gzip":
		r, err = gzip.NewReader(bytes.NewReader(raw))
	case "zstd":
		return nil, fmt.Errorf("%w: %s: zstd-compressed data is not read (the Go standard library has no zstd): save the map with zlib, gzip or CSV", ErrFormat, where)
	default:
		return nil, fmt.Errorf("%w: %s: data compression %q", ErrFormat, where, compression)
	}
	if err != nil {
		return nil, fmt.Errorf("%w: %s: %s data: %v", ErrFormat, where, compression, err)
	}
	if r != nil {
		if raw, err = io.ReadAll(io.LimitReader(r, maxData+1)); err != nil {
			return nil, fmt.Errorf("%w: %s: %s data: %v", ErrFormat, where, compression, err)
		}
	}
	if len(raw)%4 != 0 || len(raw) > maxData {
		return nil, fmt.Errorf("%w: %s: %d bytes of tile data, not whole 4-byte tile IDs", ErrFormat, where, len(raw))
	}
	gids := make([]uint32, len(raw)/4)
	for i := range gids {
		gids[i] = binary.LittleEndian.Uint32(raw[4*i:])
	}
	return gids, nil
}

func tmxObjectOf(x *tmxObject, where string) (Object, error) {
	o := Object{ID: x.ID, Name: x.Name, Class: classOf(x.Class, x.Type), X: x.X, Y: x.Y, Width: x.Width, Height: x.Height, Rotation: x.Rotation,
		GID: x.GID, Point: x.Point != nil, Ellipse: x.Ellipse != nil, Properties: props(x.Properties)}
	var err error
	if x.Polygon != nil {
		o.Polygon, err = pointsOf(x.Polygon.Points)
	}
	if err == nil && x.Polyline != nil {
		o.Polyline, err = pointsOf(x.Polyline.Points)
	}
	if err != nil {
		return o, fmt.Errorf("%w: %s: object %d (%q): %v", ErrFormat, where, x.ID, x.Name, err)
	}
	return o, nil
}

// pointsOf reads Tiled's "x1,y1 x2,y2 ..." points.
func pointsOf(s string) ([]Point, error) {
	var out []Point
	for _, p := range strings.Fields(s) {
		xs, ys, ok := strings.Cut(p, ",")
		x, err1 := strconv.ParseFloat(xs, 64)
		y, err2 := strconv.ParseFloat(ys, 64)
		if !ok || err1 != nil || err2 != nil {
			return nil, fmt.Errorf("point %q is not x,y", p)
		}
		out = append(out, Point{x, y})
	}
	return out, nil
}

func props(ps []tmxProperty) []Property {
	var out []Property
	for _, p := range ps {
		v := p.Value
		if v == "" && p.Text != "" {
			v = p.Text
		}
		out = append(out, property(p.Name, p.Type, v))
	}
	return out
}
