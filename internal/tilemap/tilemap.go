// Package tilemap is what the map loaders (ldtk, tiled) share: reading a
// map file and the files beside it, and merging the marked cells of a
// grid into few rectangles (a level's solid tiles become a few boxes,
// not one per tile).
package tilemap

import (
	"io/fs"
	"path"
)

// Read reads the file name in fsys, and returns with it a function that
// reads a file by its path relative to it (a tileset, a level file).
func Read(fsys fs.FS, name string) (data []byte, open func(rel string) ([]byte, error), err error) {
	data, err = fs.ReadFile(fsys, name)
	dir := path.Dir(name)
	return data, func(rel string) ([]byte, error) { return fs.ReadFile(fsys, path.Join(dir, rel)) }, err
}

// Rect is a rectangle of cells: columns X0 to X1 and rows Y0 to Y1, the
// ends excluded.
type Rect struct{ X0, Y0, X1, Y1 int }

// Merge returns the cells of a w x h grid (row by row from the top) where
// take is true, as rectangles: each such cell in exactly one, no other
// cell in any. The merge is greedy: the longest run of such cells along a
// row, grown down while the rows below have the whole run, in row order
// then column order, so a grid always gives the same rectangles. It
// clears take. A take of the wrong length gives none.
func Merge(w, h int, take []bool) []Rect {
	if w <= 0 || h <= 0 || len(take) != w*h {
		return nil
	}
	var out []Rect
	for y := 0; y < h; y++ {
		for x := 0; x < w; {
			if !take[y*w+x] {
				x++
				continue
			}
			x1 := x
			for x1 < w && take[y*w+x1] {
				x1++
			}
			y1 := y + 1
			for ; y1 < h && all(take[y1*w+x:y1*w+x1]); y1++ {
			}
			for yy := y; yy < y1; yy++ {
				clear(take[yy*w+x : yy*w+x1])
			}
			out = append(out, Rect{x, y, x1, y1})
			x = x1
		}
	}
	return out
}

func all(row []bool) bool {
	for _, b := range row {
		if !b {
			return false
		}
	}
	return true
}
