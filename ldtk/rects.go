package ldtk

import (
	"slices"

	"github.com/seedgames/motorkit/internal/tilemap"
)

// Rect is a rectangle in a level (px, x right, y down): Min inclusive,
// Max exclusive.
type Rect struct {
	MinX, MinY, MaxX, MaxY int
}

// Rects returns the cells of an IntGrid layer holding any of values,
// merged into rectangles (level px, the layer's offset included): each
// cell is in exactly one rectangle, and none holds another cell. The
// merge is greedy: the longest run of such cells along a row, grown down
// while the rows below have the same run, in row order then column order,
// so the same layer always gives the same rectangles. An open floor of
// any length is one rectangle, a wall one more; a level of 200 x 100
// tiles is a few hundred. With no values, every non-empty cell counts.
func (l *Layer) Rects(values ...int) []Rect {
	if len(l.Cells) != l.Cols*l.Rows {
		return nil
	}
	take := make([]bool, len(l.Cells))
	for k, v := range l.Cells {
		take[k] = v != 0 && (len(values) == 0 || slices.Contains(values, v))
	}
	g := l.GridSize
	var out []Rect
	for _, r := range tilemap.Merge(l.Cols, l.Rows, take) {
		out = append(out, Rect{MinX: l.OffsetX + r.X0*g, MinY: l.OffsetY + r.Y0*g, MaxX: l.OffsetX + r.X1*g, MaxY: l.OffsetY + r.Y1*g})
	}
	return out
}
