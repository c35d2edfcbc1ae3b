package game

import (
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"testing"
)

var updateLevel = flag.Bool("update-level", false, "write level/platformer.ldtk from the map in levelgen_test.go")

// The demo's LDtk project is written by this generator from the maps
// below, on the schema of LDtk's own sample project (ldtk/testdata,
// MIT): its top-level settings, layer and entity definitions and level
// and layer instances are the sample's, with our identifiers, values and
// cells. Open it in LDtk to edit it; TestLevelFileIsGenerated then fails
// until the maps here are updated to match, or run with -update-level
// to rewrite it from them.

// The IntGrid values of the Collisions layer (their identifiers are the
// kinds plane2d.Rules names, spikes and goal are sensors) and their map
// characters.
var intGridValues = []struct {
	value int
	id    string
	color string
	char  byte
}{
	{1, "solid", "#733E39", '#'},
	{2, "one_way", "#C28569", '='},
	{3, "ladder", "#8B9BB4", 'H'},
	{4, "water", "#3978A8", '~'},
	{5, "spikes", "#E43B44", '^'},
	{6, "slope_up_right", "#9E4539", '/'},
	{7, "slope_up_left", "#9E4539", '\\'},
	{8, "goal", "#FEE761", 'G'},
}

// sideMap is the platformer level, 16 px tiles, y down. P: the hero's
// feet (the Hero entity), M: a moving platform's left end (the
// MovingPlatform entity, 3 tiles wide, moving 7 tiles right and back).
// Left to right: the start under a block to bump the head on; a slope up
// to a plateau and down; a pit of spikes under a one-way platform; a
// ladder up to a ledge with one-way platforms beside it; a pool; a shaft
// climbed by wall jumps; a pit crossed on the moving platform; the goal.
var sideMap = []string{
	"#                                                                                              #",
	"#                                                                                              #",
	"#                                                                                              #",
	"#                                                                                              #",
	"#                                                                                              #",
	"#                                                                    #                         #",
	"#                                                                    #                         #",
	"#                                                                    #                         #",
	"#                                                                    #    ######               #",
	"#                                                                    #    #                    #",
	"#                                                                    #    #                    #",
	"#                                            H#########              #    #                    #",
	"#                                            H      ====             #    #                    #",
	"#                                            H                       #    #                    #",
	"#                                            H                       #    #                    #",
	"#                                            H   ====                #    #                    #",
	"#        ##                                  H                       #    #                    #",
	"#                  /#######\\       ====      H                       #    #                    #",
	"#                 /#########\\                H                            #    M               #",
	"#  P             /###########\\               H                            #                 G  #",
	"################################          ############~~~~~~~~~~################          ######",
	"################################^^^^^^^^^^############~~~~~~~~~~################          ######",
	"########################################################~~~~~~##################          ######",
	"################################################################################          ######",
}

// topMap is the top-down scene: a walled yard seen from above with
// blocks, a pond and spikes. T: the top-down hero (the TopHero entity).
var topMap = []string{
	"##############################",
	"#                            #",
	"#   T                        #",
	"#            ###             #",
	"#            ###      ~~~~   #",
	"#                     ~~~~   #",
	"#    ##                      #",
	"#    ##          ^^^         #",
	"#                            #",
	"#          ######            #",
	"#                       ##   #",
	"#   ~~~                 ##   #",
	"#   ~~~                      #",
	"#                   G        #",
	"#                            #",
	"##############################",
}

func mapCells(rows []string) (cells []int, w, h int, ents [][3]int, err error) {
	h, w = len(rows), len(rows[0])
	for r, row := range rows {
		if len(row) != w {
			return nil, 0, 0, nil, fmt.Errorf("row %d is %d wide, want %d", r, len(row), w)
		}
		for c := 0; c < w; c++ {
			v := 0
			switch ch := row[c]; ch {
			case ' ':
			case 'P', 'M', 'T':
				ents = append(ents, [3]int{int(ch), c, r})
			default:
				for _, iv := range intGridValues {
					if iv.char == ch {
						v = iv.value
					}
				}
				if v == 0 {
					return nil, 0, 0, nil, fmt.Errorf("row %d col %d: unknown %q", r, c, ch)
				}
			}
			cells = append(cells, v)
		}
	}
	return cells, w, h, ents, nil
}

func TestLevelFileIsGenerated(t *testing.T) {
	got, err := generateLevel()
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join("level", "platformer.ldtk")
	if *updateLevel {
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	have, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(have, got) {
		t.Fatalf("%s is not what the maps in levelgen_test.go generate: run go test -run TestLevelFileIsGenerated -update-level", path)
	}
}

// generateLevel writes the project on the sample's schema.
func generateLevel() ([]byte, error) {
	data, err := os.ReadFile(filepath.Join("..", "..", "..", "ldtk", "testdata", "Typical_2D_platformer_example.ldtk"))
	if err != nil {
		return nil, err
	}
	var sample map[string]any
	if err := json.Unmarshal(data, &sample); err != nil {
		return nil, err
	}
	uid := 100
	next := func() int { uid++; return uid }
	iid := func(n int) string { return fmt.Sprintf("6d6f746f-726b-4974-8000-%012x", n) }

	defs := sample["defs"].(map[string]any)
	var collDef, entDef map[string]any
	for _, l := range defs["layers"].([]any) {
		m := l.(map[string]any)
		switch m["identifier"] {
		case "Collisions":
			collDef = clone(m)
		case "Entities":
			entDef = clone(m)
		}
	}
	var values []any
	for _, v := range intGridValues {
		values = append(values, map[string]any{"value": v.value, "identifier": v.id, "color": v.color, "tile": nil, "groupUid": 0})
	}
	collDef["uid"], collDef["intGridValues"], collDef["intGridValuesGroups"], collDef["autoRuleGroups"] = 1, values, []any{}, []any{}
	collDef["uiColor"] = nil
	entDef["uid"] = 2
	var playerDef, mobDef map[string]any
	var boolField map[string]any
	for _, e := range defs["entities"].([]any) {
		m := e.(map[string]any)
		switch m["identifier"] {
		case "Player":
			playerDef = clone(m)
		case "Mob":
			mobDef = clone(m)
		case "Door":
			boolField = clone(m["fieldDefs"].([]any)[0].(map[string]any))
		}
	}
	plain := func(d map[string]any, id string, w, h int, color string) map[string]any {
		d["identifier"], d["uid"], d["width"], d["height"], d["color"] = id, next(), w, h, color
		d["renderMode"], d["tilesetId"], d["tileRect"], d["fieldDefs"] = "Rectangle", nil, nil, []any{}
		return d
	}
	pathField := clone(mobDef["fieldDefs"].([]any)[1].(map[string]any))
	topTmpl := clone(playerDef)
	hero := plain(playerDef, "Hero", 16, 22, "#63C74D")
	topHero := plain(topTmpl, "TopHero", 12, 12, "#4F9DE8")
	platform := plain(mobDef, "MovingPlatform", 48, 16, "#C0CBDC")
	var fields []any
	field := func(tmpl map[string]any, id, typ, kind string) map[string]any {
		f := clone(tmpl)
		f["identifier"], f["uid"], f["__type"], f["type"] = id, next(), typ, kind
		fields = append(fields, f)
		return f
	}
	pf := field(pathField, "path", "Array<Point>", "F_Point")
	sf := field(boolField, "speed", "Float", "F_Float")
	wf := field(boolField, "wait", "Float", "F_Float")
	platform["fieldDefs"] = fields
	defs["layers"] = []any{entDef, collDef}
	defs["entities"] = []any{hero, platform, topHero}
	defs["tilesets"], defs["enums"], defs["externalEnums"], defs["levelFields"] = []any{}, []any{}, []any{}, []any{}

	tmplLevel := sample["levels"].([]any)[0].(map[string]any)
	var levels []any
	worldX := 0
	for _, lm := range []struct {
		name string
		rows []string
	}{{"Side", sideMap}, {"TopDown", topMap}} {
		cells, w, h, ents, err := mapCells(lm.rows)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", lm.name, err)
		}
		lvl := clone(tmplLevel)
		levelUID := next()
		lx := worldX
		lvl["identifier"], lvl["iid"], lvl["uid"], lvl["worldX"], lvl["worldY"] = lm.name, iid(levelUID), levelUID, lx, 0
		lvl["pxWid"], lvl["pxHei"], lvl["fieldInstances"], lvl["__neighbours"] = w*16, h*16, []any{}, []any{}
		worldX += w*16 + 64
		var entLayer, collLayer map[string]any
		for _, li := range tmplLevel["layerInstances"].([]any) {
			m := li.(map[string]any)
			switch m["__identifier"] {
			case "Entities":
				entLayer = clone(m)
			case "Collisions":
				collLayer = clone(m)
			}
		}
		layer := func(m map[string]any, def map[string]any) {
			m["__cWid"], m["__cHei"], m["layerDefUid"], m["levelId"] = w, h, def["uid"], levelUID
			m["iid"], m["__tilesetDefUid"], m["__tilesetRelPath"] = iid(next()), nil, nil
			m["autoLayerTiles"], m["gridTiles"], m["intGridCsv"], m["entityInstances"] = []any{}, []any{}, []any{}, []any{}
		}
		layer(collLayer, collDef)
		collLayer["intGridCsv"] = cells
		layer(entLayer, entDef)
		var insts []any
		for _, e := range ents {
			def, fi := hero, []any{}
			wid, hei := 16, 22
			px := []int{e[1]*16 + 8, e[2]*16 + 16}
			switch e[0] {
			case 'T':
				def, wid, hei = topHero, 12, 12
			case 'M':
				def, wid, hei = platform, 48, 16
				px = []int{e[1]*16 + 24, e[2]*16 + 16}
				fi = []any{
					fieldInst(pf, []any{map[string]any{"cx": e[1] + 8, "cy": e[2]}}, []any{map[string]any{"id": "V_String", "params": []any{fmt.Sprintf("%d,%d", e[1]+8, e[2])}}}),
					fieldInst(sf, 48.0, []any{map[string]any{"id": "V_Float", "params": []any{48.0}}}),
					fieldInst(wf, 0.5, []any{map[string]any{"id": "V_Float", "params": []any{0.5}}}),
				}
			}
			insts = append(insts, map[string]any{"__identifier": def["identifier"], "__grid": []int{e[1], e[2]},
				"__pivot": []float64{0.5, 1}, "__tags": []any{}, "__tile": nil, "__smartColor": def["color"],
				"iid": iid(next()), "width": wid, "height": hei, "defUid": def["uid"], "px": px,
				"fieldInstances": fi, "__worldX": lx + px[0], "__worldY": px[1]})
		}
		entLayer["entityInstances"] = insts
		lvl["layerInstances"] = []any{entLayer, collLayer}
		levels = append(levels, lvl)
	}

	sample["iid"] = iid(1)
	sample["levels"], sample["worlds"], sample["toc"] = levels, []any{}, []any{}
	sample["nextUid"] = next()
	sample["externalLevels"], sample["exportTiled"] = false, false
	var out bytes.Buffer
	enc := json.NewEncoder(&out)
	enc.SetIndent("", "\t")
	if err := enc.Encode(sample); err != nil {
		return nil, err
	}
	return out.Bytes(), nil
}

func fieldInst(def map[string]any, v any, real []any) map[string]any {
	return map[string]any{"__identifier": def["identifier"], "__type": def["__type"], "__value": v,
		"__tile": nil, "defUid": def["uid"], "realEditorValues": real}
}

// clone deep-copies a JSON value.
func clone(m map[string]any) map[string]any {
	b, _ := json.Marshal(m)
	var out map[string]any
	_ = json.Unmarshal(b, &out)
	return out
}
