package ldtk

// Rect is a rectangle in a level (px, x right, y down): Min inclusive,
// Max exclusive.
type Rect struct {
	MinX, MinY, MaxX, MaxY int
}

// Rects returns the cells of an IntGrid layer holding any of values,
// merged into rectangles (level px, the layer's offset included): each
// cell is in exactly one rectangle, and none holds another cell. The
// merge is greedy: the longest run of such cells along a row, grown down
// while the rows below have the same run free, in row order then column
// order, so the same layer always gives the same rectangles. An open
// floor of any length is one rectangle, a wall one more; a level of
// 200 x 100 tiles is a few hundred. With no values, every non-empty cell
// counts.
func (l *Layer) Rects(values ...int) []Rect {
	w, h := l.Cols, l.Rows
	if len(l.Cells) != w*h || w == 0 || h == 0 {
		return nil
	}
	take := make([]bool, w*h)
	for k, v := range l.Cells {
		if v == 0 {
			continue
		}
		if len(values) == 0 {
			take[k] = true
			continue
		}
		for _, want := range values {
			if v == want {
				take[k] = true
				break
			}
		}
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
			// Grow down while the whole run below is still free.
			y1 := y + 1
			for ; y1 < h; y1++ {
				full := true
				for i := x; i < x1; i++ {
					if !take[y1*w+i] {
						full = false
						break
					}
				}
				if !full {
					break
				}
			}
			for yy := y; yy < y1; yy++ {
				for i := x; i < x1; i++ {
					take[yy*w+i] = false
				}
			}
			g := l.GridSize
			out = append(out, Rect{MinX: l.OffsetX + x*g, MinY: l.OffsetY + y*g, MaxX: l.OffsetX + x1*g, MaxY: l.OffsetY + y1*g})
			x = x1
		}
	}
	return out
}
