package main

import (
	"bytes"
	"encoding/json"
	"math"
	"testing"
)

// TestLongScenes checks that the exported long-move scenes are those of
// kcc/bench_long_test.go and that the export carries what long.mjs needs.
func TestLongScenes(t *testing.T) {
	all := longScenes()
	timeLong(all, defaultCompareConfig(), 0)
	want := map[string]struct {
		tris int     // triangles of the scene's geometry
		dist float64 // requested horizontal length of the move
	}{
		// 224^2 cells x 2; 317^2 cells x 2; 150 x 100 cells x 2.
		"LongMoveMesh100k10m":        {100352, 10},
		"LongMoveMesh100k50m":        {100352, 50},
		"LongMoveHeightfield100k10m": {200978, 10},
		"LongMoveHeightfield100k50m": {200978, 50},
		"SlideWall30k":               {30000, 6.0 / 60},
	}
	if len(all) != len(want) {
		t.Fatalf("%d long scenes, want %d", len(all), len(want))
	}
	for _, s := range all {
		w, ok := want[s.Bench]
		if !ok {
			t.Fatalf("unexpected scene %q", s.Bench)
		}
		tris := 0
		for _, m := range s.Meshes {
			tris += len(m.I) / 3
		}
		if tris != w.tris {
			t.Errorf("%s: %d triangles, want %d", s.Bench, tris, w.tris)
		}
		// One 60 Hz tick of gravity (-20 m/s^2) as the vertical request.
		if h := math.Hypot(s.Move[0], s.Move[2]); math.Abs(h-w.dist) > 1e-12 || math.Abs(s.Move[1]+20.0/3600) > 1e-15 {
			t.Errorf("%s: move %v, want %v m horizontally and %v down", s.Bench, s.Move, w.dist, 20.0/3600)
		}
		// kcc's move travels its length: the bumps' few-degree slopes and
		// the wall's seams cost under 0.1% (as TestLongMovesLand). Along
		// the wall only the component parallel to it (x) survives.
		got, exp := math.Hypot(s.KCC.Translation[0], s.KCC.Translation[2]), w.dist
		if s.Bench == "SlideWall30k" {
			exp = s.Move[0]
		}
		if math.Abs(got-exp) > 1e-3*exp {
			t.Errorf("%s: kcc moved %v m horizontally, want %v", s.Bench, got, exp)
		}
	}
	// The long moves start at rest on the bumps at (-20, -20): the ground
	// there is 0.05 sin(-20) cos(-20) = -0.01863 m and nearly flat
	// (slope < 3 degrees), so the centre sits offset + half + radius above
	// it, within 1 mm (the contact is slightly off the axis).
	ground := bump(-20, -20)
	for _, s := range all[:4] {
		if s.Start[0] != -20 || s.Start[2] != -20 || math.Abs(s.Start[1]-(ground+offset+half+radius)) > 1e-3 {
			t.Errorf("%s: start %v, want resting at (-20, %v, -20)", s.Bench, s.Start, ground+offset+half+radius)
		}
	}
	if hf := all[2].Heightfield; hf == nil || hf.Cols != 318 || hf.Rows != 318 || len(hf.Heights) != 318*318 {
		t.Errorf("heightfield scene lacks its samples: %+v", all[2].Heightfield != nil)
	}

	// Each geometry travels once; without geometry, none.
	for _, geometry := range []bool{true, false} {
		var buf bytes.Buffer
		if err := writeLong(&buf, longScenes(), geometry); err != nil {
			t.Fatal(err)
		}
		var out struct{ Scenes []longScene }
		if err := json.Unmarshal(buf.Bytes(), &out); err != nil {
			t.Fatal(err)
		}
		withGeom := 0
		for _, s := range out.Scenes {
			if s.Meshes != nil {
				withGeom++
			}
		}
		if want := map[bool]int{true: 3, false: 0}[geometry]; withGeom != want {
			t.Errorf("geometry=%v: %d scenes carry meshes, want %d", geometry, withGeom, want)
		}
	}
}
