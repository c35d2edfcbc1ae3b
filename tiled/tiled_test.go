package tiled_test

import (
	"bytes"
	"compress/gzip"
	"compress/zlib"
	"encoding/base64"
	"encoding/binary"
	"errors"
	"fmt"
	"os"
	"strings"
	"testing"

	"github.com/seedgames/motorkit/tiled"
)

// testdata/sticker-knight is Tiled's own "Sticker Knight" platformer
// example (by @ponywolf, public domain: its README.md), made in Tiled:
// a map of object layers whose tiles come from an image-collection
// tileset file, objects placed from templates, and a UI screen in Tiled's
// JSON export.

// TestStickerKnight reads the example's sandbox map: its 11 object
// layers in order, the 18 objects marked bodyType = static (ground and
// the level's bounds), the hero placed from its template (name, class,
// size and tile from hero.tx), and a cloud drawn flipped (its tile ID
// with Tiled's horizontal-flip flag).
func TestStickerKnight(t *testing.T) {
	m, err := tiled.Load("testdata/sticker-knight/sandbox.tmx")
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	static := 0
	for _, l := range m.Layers {
		names = append(names, l.Name)
		if l.Kind != tiled.KindObjects {
			t.Errorf("layer %q is a %s, want an object layer", l.Name, l.Kind)
		}
		for _, o := range l.Objects {
			if p, ok := o.Property("bodyType"); ok && p.Value == "static" {
				static++
			}
		}
	}
	want := "static,parallax clouds,parallax background,background,ground,castle,castledeco,shading,game,above,bounds"
	if got := strings.Join(names, ","); got != want {
		t.Errorf("layers %s, want %s", got, want)
	}
	if static != 18 {
		t.Errorf("%d static bodies, want 18", static)
	}
	if m.Width != 79 || m.Height != 45 || m.TileWidth != 32 || len(m.Tilesets) != 1 || m.Tilesets[0].Source != "objs.tsx" {
		t.Errorf("map %dx%d of %d px, tilesets %+v", m.Width, m.Height, m.TileWidth, m.Tilesets)
	}
	game, _ := m.Layer("game")
	hero := game.Objects[0]
	if hero.Name != "hero" || hero.Class != "hero" || hero.Width != 128 || hero.Height != 160 || hero.GID != 22 || hero.X != 45 {
		t.Errorf("hero %+v", hero)
	}
	clouds, _ := m.Layer("parallax clouds")
	flipped := clouds.Objects[1].GID
	if flipped&tiled.FlipHorizontal == 0 || tiled.TileGID(flipped) != 7 {
		t.Errorf("flipped cloud's gid %#x, want tile 7 flipped horizontally", flipped)
	}
	if ts, _ := m.Tile(flipped); ts == nil || ts.Name != "objs" {
		t.Errorf("the cloud's tileset %+v", ts)
	}
}

// TestStickerKnightJSON reads the example's title screen, saved in Tiled's
// JSON format with its tileset inside it.
func TestStickerKnightJSON(t *testing.T) {
	m, err := tiled.Load("testdata/sticker-knight/title.json")
	if err != nil {
		t.Fatal(err)
	}
	objects := 0
	for _, l := range m.Layers {
		objects += len(l.Objects)
	}
	if len(m.Layers) != 6 || objects != 14 || m.Width != 38 || m.Height != 26 || len(m.Tilesets) != 1 || m.Tilesets[0].Name != "ui" {
		t.Errorf("%d layers, %d objects, %dx%d, tilesets %+v", len(m.Layers), objects, m.Width, m.Height, m.Tilesets)
	}
}

// grid is a 6 x 4 tile layer: a floor, a wall and a ledge (tile 1 solid,
// tile 2 a ladder), and the same GIDs in each of Tiled's encodings.
var grid = []uint32{
	0, 0, 0, 0, 0, 1,
	0, 1, 1, 0, 2, 1,
	0, 0, 0, 0, 2, 1,
	1, 1, 1, 1, 1, 1,
}

func encoded(enc, comp string) string {
	raw := make([]byte, 4*len(grid))
	for i, g := range grid {
		binary.LittleEndian.PutUint32(raw[4*i:], g)
	}
	switch {
	case enc == "csv":
		var s []string
		for _, g := range grid {
			s = append(s, fmt.Sprint(g))
		}
		return strings.Join(s, ",")
	case comp == "zlib":
		var b bytes.Buffer
		w := zlib.NewWriter(&b)
		w.Write(raw)
		w.Close()
		raw = b.Bytes()
	case comp == "gzip":
		var b bytes.Buffer
		w := gzip.NewWriter(&b)
		w.Write(raw)
		w.Close()
		raw = b.Bytes()
	}
	return base64.StdEncoding.EncodeToString(raw)
}

const tileset = `<tileset firstgid="1" name="blocks" tilewidth="16" tileheight="16" tilecount="4" columns="4">
  <tile id="0" class="solid"/><tile id="1" type="ladder"><properties><property name="climb" type="bool" value="true"/></properties></tile>
 </tileset>`

func tmx(data string) string {
	return `<?xml version="1.0" encoding="UTF-8"?>
<map version="1.10" orientation="orthogonal" width="6" height="4" tilewidth="16" tileheight="16" infinite="0">
 ` + tileset + `
 <group name="world" offsetx="8"><layer name="walls" width="6" height="4">` + data + `</layer></group>
</map>`
}

// TestEncodings: a tile layer reads the same in CSV, base64, base64 with
// zlib or gzip, and XML tiles, in a group (its name and offset carried),
// in XML and in JSON; a tile's class (or, before Tiled 1.9, type) and
// properties come from its tileset.
func TestEncodings(t *testing.T) {
	var xmlTiles strings.Builder
	for _, g := range grid {
		fmt.Fprintf(&xmlTiles, `<tile gid="%d"/>`, g)
	}
	maps := map[string]string{
		"csv":         tmx(`<data encoding="csv">` + encoded("csv", "") + `</data>`),
		"base64":      tmx(`<data encoding="base64">` + encoded("base64", "") + `</data>`),
		"base64-zlib": tmx(`<data encoding="base64" compression="zlib">` + encoded("base64", "zlib") + `</data>`),
		"base64-gzip": tmx(`<data encoding="base64" compression="gzip">` + encoded("base64", "gzip") + `</data>`),
		"xml":         tmx(`<data>` + xmlTiles.String() + `</data>`),
		"json":        jsonMap(`"data":[` + strings.ReplaceAll(strings.Trim(fmt.Sprint(grid), "[]"), " ", ",") + `]`),
		"json-base64": jsonMap(`"encoding":"base64","compression":"zlib","data":"` + encoded("base64", "zlib") + `"`),
	}
	for name, text := range maps {
		src := "map.tmx"
		if strings.HasPrefix(name, "json") {
			src = "map.tmj"
		}
		m, err := tiled.Parse([]byte(text), src, nil)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		l, ok := m.Layer("walls")
		if !ok || l.Group != "world" || l.OffsetX != 8 || fmt.Sprint(l.GIDs) != fmt.Sprint(grid) {
			t.Fatalf("%s: layer %+v", name, l)
		}
		_, solid := m.Tile(1)
		_, ladder := m.Tile(2)
		climb, _ := ladder.Property("climb")
		if solid == nil || solid.Class != "solid" || ladder.Class != "ladder" || climb.Value != "true" || climb.Type != "bool" {
			t.Errorf("%s: tiles %+v %+v", name, solid, ladder)
		}
	}
}

func jsonMap(data string) string {
	return `{"type":"map","orientation":"orthogonal","width":6,"height":4,"tilewidth":16,"tileheight":16,"infinite":false,
 "tilesets":[{"firstgid":1,"name":"blocks","tilewidth":16,"tileheight":16,"tilecount":4,"columns":4,
   "tiles":[{"id":0,"class":"solid"},{"id":1,"type":"ladder","properties":[{"name":"climb","type":"bool","value":true}]}]}],
 "layers":[{"type":"group","name":"world","offsetx":8,"layers":[{"type":"tilelayer","name":"walls","width":6,"height":4,` + data + `}]}]}`
}

// TestRects: the solid tiles of the grid merge into three rectangles (the
// wall, full height; the ledge; the floor up to the wall), the group's
// offset included, and the ladders into one.
func TestRects(t *testing.T) {
	m, err := tiled.Parse([]byte(tmx(`<data encoding="csv">`+encoded("csv", "")+`</data>`)), "map.tmx", nil)
	if err != nil {
		t.Fatal(err)
	}
	l, _ := m.Layer("walls")
	isClass := func(class string) func(uint32) bool {
		return func(g uint32) bool { _, tile := m.Tile(g); return tile != nil && tile.Class == class }
	}
	solid := fmt.Sprint(l.Rects(m.TileWidth, m.TileHeight, isClass("solid")))
	if want := "[{88 0 104 64} {24 16 56 32} {8 48 88 64}]"; solid != want {
		t.Errorf("solid rectangles %s, want %s", solid, want)
	}
	if ladders := fmt.Sprint(l.Rects(m.TileWidth, m.TileHeight, isClass("ladder"))); ladders != "[{72 16 88 48}]" {
		t.Errorf("ladder rectangles %s", ladders)
	}
}

// TestErrorsNameWhere: damaged maps are refused with an error naming
// the file, the layer and the tile or object; zstd data and infinite maps
// with one saying they are not read.
func TestErrorsNameWhere(t *testing.T) {
	for _, c := range []struct{ name, data, want string }{
		{"short", `<data encoding="csv">1,0,1</data>`, `map.tmx: layer "walls": 3 tiles of data, want 6 x 4 = 24`},
		{"bad csv", `<data encoding="csv">1,x,1</data>`, `layer "walls": tile 1 of the CSV data: "x" is not a tile ID`},
		{"no tileset", `<data encoding="csv">` + strings.Replace(encoded("csv", ""), "2", "9", 1) + `</data>`,
			`layer "walls": tile (4, 1) has global ID 9, in no tileset of the map`},
		{"zstd", `<data encoding="base64" compression="zstd">AAAA</data>`, `zstd-compressed data is not read`},
		{"bad base64", `<data encoding="base64">@@@</data>`, `layer "walls": base64 data`},
	} {
		_, err := tiled.Parse([]byte(tmx(c.data)), "map.tmx", nil)
		if err == nil || !errors.Is(err, tiled.ErrFormat) || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: %v, want an ErrFormat naming %q", c.name, err, c.want)
		}
	}
	infinite := strings.Replace(tmx(`<data encoding="csv">0</data>`), `infinite="0"`, `infinite="1"`, 1)
	if _, err := tiled.Parse([]byte(infinite), "map.tmx", nil); err == nil || !strings.Contains(err.Error(), "infinite map") {
		t.Errorf("infinite map: %v", err)
	}
	ext := strings.Replace(tmx(`<data encoding="csv">0</data>`), tileset, `<tileset firstgid="1" source="gone.tsx"/>`, 1)
	if _, err := tiled.Parse([]byte(ext), "map.tmx", func(string) ([]byte, error) { return nil, os.ErrNotExist }); err == nil ||
		!strings.Contains(err.Error(), "map.tmx: tileset gone.tsx") {
		t.Errorf("missing tileset: %v", err)
	}
	if _, err := tiled.Parse([]byte(`{"type":"tileset"}`), "x.json", nil); err == nil || !strings.Contains(err.Error(), "not a Tiled map") {
		t.Errorf("a tileset as a map: %v", err)
	}
}

// FuzzParse: any bytes, as XML or JSON, give a map or an error, never a
// panic, and a tile layer's GIDs match its size.
func FuzzParse(f *testing.F) {
	f.Add([]byte(tmx(`<data encoding="csv">`+encoded("csv", "")+`</data>`)), true)
	f.Add([]byte(tmx(`<data encoding="base64" compression="zlib">`+encoded("base64", "zlib")+`</data>`)), true)
	f.Add([]byte(jsonMap(`"data":[1,2]`)), false)
	f.Fuzz(func(t *testing.T, data []byte, isXML bool) {
		src := "fuzz.tmj"
		if isXML {
			src = "fuzz.tmx"
		}
		m, err := tiled.Parse(data, src, func(string) ([]byte, error) { return data, nil })
		if err != nil {
			return
		}
		for i := range m.Layers {
			l := &m.Layers[i]
			if l.Kind == tiled.KindTiles && len(l.GIDs) != l.Width*l.Height {
				t.Fatalf("layer %q: %d GIDs for %d x %d", l.Name, len(l.GIDs), l.Width, l.Height)
			}
			l.Rects(16, 16, func(uint32) bool { return true })
		}
	})
}
