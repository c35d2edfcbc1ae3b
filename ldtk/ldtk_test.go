package ldtk_test

import (
	"encoding/json"
	"errors"
	"fmt"
	"math/rand"
	"os"
	"strings"
	"testing"

	"github.com/seedgames/motorkit/ldtk"
)

// testdata holds two of LDtk's own sample projects, made in LDtk by its
// author (MIT licence: testdata/LICENSE-LDtk): a typical 2D platformer of
// four levels, and a project whose three levels are separate files.

// TestPlatformerSample reads LDtk's "Typical 2D platformer" sample: its
// four levels where LDtk places them, the IntGrid values of its
// Collisions layer by name, and the first level's entities with their
// fields (the values LDtk shows in its editor).
func TestPlatformerSample(t *testing.T) {
	p, err := ldtk.Load("testdata/Typical_2D_platformer_example.ldtk")
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, lv := range p.Levels {
		names = append(names, fmt.Sprintf("%s@%d,%d:%dx%d", lv.Name, lv.WorldX, lv.WorldY, lv.Width, lv.Height))
	}
	want := "Your_typical_2D_platformer@0,0:848x336 Top@352,-352:672x352 Bottom@80,336:464x256 World_Level_3@848,0:304x320"
	if got := strings.Join(names, " "); got != want {
		t.Fatalf("levels %s, want %s", got, want)
	}
	lv, _ := p.Level("Your_typical_2D_platformer")
	col, ok := lv.Layer("Collisions")
	if !ok || col.Kind != ldtk.KindIntGrid || col.Cols != 53 || col.Rows != 21 || col.GridSize != 16 {
		t.Fatalf("Collisions layer %+v", col)
	}
	for name, v := range map[string]int{"dirt": 1, "ladder": 2, "stone": 3} {
		if got, ok := col.Value(name); !ok || got != v {
			t.Errorf("value %q = %d, want %d", name, got, v)
		}
	}
	ents, _ := lv.Layer("Entities")
	if len(ents.Entities) != 7 {
		t.Fatalf("%d entities, want 7", len(ents.Entities))
	}
	player := ents.Entities[0]
	if player.Name != "Player" || player.X != 184 || player.Y != 208 || player.Width != 24 || player.Height != 24 ||
		player.PivotX != 0.5 || player.PivotY != 1 {
		t.Errorf("player %+v", player)
	}
	items, ok := player.Field("items")
	if !ok || fmt.Sprint(items.Value) != "[Knife Boots]" || items.Type != "Array<LocalEnum.Item>" {
		t.Errorf("player's items %+v", items)
	}
	door := ents.Entities[4]
	if locked, ok := door.Field("locked"); door.Name != "Door" || !ok || locked.Value != false {
		t.Errorf("door %+v", door)
	}
}

// TestRectsCoverTheCells: the wall cells (dirt and stone) of every level
// of the sample merge into rectangles that cover each wall cell exactly
// once and nothing else, far fewer than the cells.
func TestRectsCoverTheCells(t *testing.T) {
	p, err := ldtk.Load("testdata/Typical_2D_platformer_example.ldtk")
	if err != nil {
		t.Fatal(err)
	}
	for _, lv := range p.Levels {
		col, _ := lv.Layer("Collisions")
		dirt, _ := col.Value("dirt")
		stone, _ := col.Value("stone")
		rects := col.Rects(dirt, stone)
		walls := 0
		for _, v := range col.Cells {
			if v == dirt || v == stone {
				walls++
			}
		}
		checkCover(t, lv.Name, col, rects, func(v int) bool { return v == dirt || v == stone })
		t.Logf("%s: %d wall cells in %d rectangles", lv.Name, walls, len(rects))
		if len(rects) == 0 || len(rects) > walls/3 {
			t.Errorf("%s: %d wall cells in %d rectangles, want at most a third", lv.Name, walls, len(rects))
		}
	}
}

// checkCover fails unless rects cover exactly the cells of l where in is
// true, each once.
func checkCover(t *testing.T, name string, l *ldtk.Layer, rects []ldtk.Rect, in func(int) bool) {
	t.Helper()
	g := l.GridSize
	count := make([]int, len(l.Cells))
	for _, r := range rects {
		if r.MinX >= r.MaxX || r.MinY >= r.MaxY || (r.MinX-l.OffsetX)%g != 0 || (r.MaxY-l.OffsetY)%g != 0 {
			t.Fatalf("%s: rectangle %+v is not whole cells", name, r)
		}
		for y := (r.MinY - l.OffsetY) / g; y < (r.MaxY-l.OffsetY)/g; y++ {
			for x := (r.MinX - l.OffsetX) / g; x < (r.MaxX-l.OffsetX)/g; x++ {
				count[y*l.Cols+x]++
			}
		}
	}
	for k, v := range l.Cells {
		want := 0
		if in(v) {
			want = 1
		}
		if count[k] != want {
			t.Fatalf("%s: cell (%d, %d) of value %d is in %d rectangles, want %d", name, k%l.Cols, k/l.Cols, v, count[k], want)
		}
	}
}

// TestSeparateLevelFiles reads LDtk's "SeparateLevelFiles" sample: the
// project lists three levels whose layers are in .ldtkl files beside it.
func TestSeparateLevelFiles(t *testing.T) {
	p, err := ldtk.Load("testdata/SeparateLevelFiles.ldtk")
	if err != nil {
		t.Fatal(err)
	}
	if len(p.Levels) != 3 {
		t.Fatalf("%d levels, want 3", len(p.Levels))
	}
	for _, lv := range p.Levels {
		l, ok := lv.Layer("IntGrid")
		if !ok || len(l.Cells) != 15*15 {
			t.Fatalf("level %s: IntGrid layer %v with %d cells, want 225", lv.Name, ok, len(l.Cells))
		}
	}
	if _, err := ldtk.Parse(mustRead(t, "testdata/SeparateLevelFiles.ldtk"), "SeparateLevelFiles.ldtk", nil); err == nil ||
		!strings.Contains(err.Error(), "World_Level_0") {
		t.Errorf("separate levels with no way to open them: %v", err)
	}
}

// TestErrorsNameWhere: a damaged project is refused with an error naming
// the file, the level, the layer and the cell or entity.
func TestErrorsNameWhere(t *testing.T) {
	for _, c := range []struct {
		name, layer, want string
	}{
		{"short grid", `{"__identifier":"Walls","__type":"IntGrid","__cWid":3,"__cHei":2,"__gridSize":16,"layerDefUid":1,"intGridCsv":[1,1,1]}`,
			`bad.ldtk: level "L1": layer "Walls": intGridCsv has 3 cells, want 3 x 2 = 6`},
		{"unknown value", `{"__identifier":"Walls","__type":"IntGrid","__cWid":2,"__cHei":2,"__gridSize":16,"layerDefUid":1,"intGridCsv":[1,0,0,7]}`,
			`layer "Walls": cell (1, 1) has value 7, which the layer does not define`},
		{"entity without px", `{"__identifier":"Things","__type":"Entities","__cWid":1,"__cHei":1,"__gridSize":16,"entityInstances":[{"__identifier":"Player","px":[3]}]}`,
			`layer "Things": entity "Player" (#0): px has 1 coordinates, want 2`},
		{"huge layer", `{"__identifier":"Walls","__type":"IntGrid","__cWid":100000,"__cHei":100000,"__gridSize":16,"layerDefUid":1}`,
			`layer "Walls": 100000 x 100000 cells of 16 px`},
	} {
		data := `{"jsonVersion":"1.5.3","defaultGridSize":16,"defs":{"layers":[{"uid":1,"intGridValues":[{"value":1,"identifier":"wall"}]}]},
			"levels":[{"identifier":"L1","pxWid":48,"pxHei":32,"layerInstances":[` + c.layer + `]}]}`
		_, err := ldtk.Parse([]byte(data), "bad.ldtk", nil)
		if err == nil || !errors.Is(err, ldtk.ErrFormat) || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: %v, want an ErrFormat naming %q", c.name, err, c.want)
		}
	}
	if _, err := ldtk.Parse([]byte(`{"levels":[]}`), "x.json", nil); err == nil || !strings.Contains(err.Error(), "not an LDtk project") {
		t.Errorf("a JSON file that is not a project: %v", err)
	}
	if _, err := ldtk.Load("testdata/missing.ldtk"); err == nil {
		t.Error("a missing file loaded")
	}
}

func mustRead(t testing.TB, path string) []byte {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return data
}

// bigLevel is a 200 x 100 tile platformer level of 16 px tiles, as LDtk
// writes one: a floor three tiles thick, walls at both ends, and 200
// seeded platforms 3 to 12 tiles long, solid or one-way, with a Player
// entity.
func bigLevel(seed int64) []byte {
	const w, h = 200, 100
	rng := rand.New(rand.NewSource(seed))
	cells := make([]int, w*h)
	for y := 0; y < h; y++ {
		for x := 0; x < w; x++ {
			if y >= h-3 || x == 0 || x == w-1 {
				cells[y*w+x] = 1
			}
		}
	}
	for i := 0; i < 200; i++ {
		x, y, n, kind := 1+rng.Intn(w-14), 5+rng.Intn(h-10), 3+rng.Intn(10), 1+rng.Intn(2) // solid or one-way
		for k := 0; k < n; k++ {
			cells[y*w+x+k] = kind
		}
	}
	level := map[string]any{"identifier": "Big", "pxWid": w * 16, "pxHei": h * 16, "layerInstances": []any{
		map[string]any{"__identifier": "Entities", "__type": "Entities", "__cWid": w, "__cHei": h, "__gridSize": 16,
			"entityInstances": []any{map[string]any{"__identifier": "Player", "px": []int{32, (h - 3) * 16}, "__pivot": []float64{0.5, 1}, "width": 16, "height": 24}}},
		map[string]any{"__identifier": "Collisions", "__type": "IntGrid", "__cWid": w, "__cHei": h, "__gridSize": 16, "layerDefUid": 1, "intGridCsv": cells},
	}}
	project := map[string]any{"jsonVersion": "1.5.3", "defaultGridSize": 16,
		"defs":   map[string]any{"layers": []any{map[string]any{"uid": 1, "intGridValues": []any{map[string]any{"value": 1, "identifier": "solid"}, map[string]any{"value": 2, "identifier": "one_way"}}}}},
		"levels": []any{level}}
	data, _ := json.Marshal(project)
	return data
}

// TestBigLevelFewRects: the 200 x 100 tile level's 20,000 cells make at
// most a few hundred rectangles: about one per platform (two where one
// platform crosses another), three for the floor and the walls.
func TestBigLevelFewRects(t *testing.T) {
	p, err := ldtk.Parse(bigLevel(1), "big.ldtk", nil)
	if err != nil {
		t.Fatal(err)
	}
	col, _ := p.Levels[0].Layer("Collisions")
	solid := col.Rects(1)
	oneWay := col.Rects(2)
	checkCover(t, "big", col, solid, func(v int) bool { return v == 1 })
	t.Logf("200 x 100 tiles: %d solid and %d one-way rectangles", len(solid), len(oneWay))
	if len(solid)+len(oneWay) > 300 {
		t.Errorf("%d rectangles, want at most 300", len(solid)+len(oneWay))
	}
}

// BenchmarkLoadBigLevel parses the 200 x 100 tile level and merges its
// solid cells (the budget: 20 ms); BenchmarkDecodeBigLevel is the
// same-run baseline of encoding/json decoding the same bytes into generic
// values.
func BenchmarkLoadBigLevel(b *testing.B) {
	data := bigLevel(1)
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		p, err := ldtk.Parse(data, "big.ldtk", nil)
		if err != nil {
			b.Fatal(err)
		}
		col, _ := p.Levels[0].Layer("Collisions")
		if len(col.Rects(1)) == 0 {
			b.Fatal("no rectangles")
		}
	}
}

func BenchmarkDecodeBigLevel(b *testing.B) {
	data := bigLevel(1)
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		var v any
		if err := json.Unmarshal(data, &v); err != nil {
			b.Fatal(err)
		}
	}
}

// FuzzParse: any bytes give a project or an error, never a panic, and a
// project's IntGrid layers have as many cells as their size says.
func FuzzParse(f *testing.F) {
	f.Add(mustRead(f, "testdata/SeparateLevelFiles/World_Level_0.ldtkl"))
	f.Add([]byte(`{"jsonVersion":"1","levels":[{"identifier":"L","layerInstances":[{"__type":"IntGrid","__cWid":2,"__cHei":1,"__gridSize":8,"intGridCsv":[0,0]}]}]}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		p, err := ldtk.Parse(data, "fuzz.ldtk", func(string) ([]byte, error) { return data, nil })
		if err != nil {
			return
		}
		for _, lv := range p.Levels {
			for i := range lv.Layers {
				l := &lv.Layers[i]
				if l.Cells != nil && len(l.Cells) != l.Cols*l.Rows {
					t.Fatalf("layer %q: %d cells for %d x %d", l.Name, len(l.Cells), l.Cols, l.Rows)
				}
				l.Rects()
			}
		}
	})
}
