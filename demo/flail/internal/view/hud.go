package view

import "github.com/go-gl/mathgl/mgl64"

// Minimap maps the square arena [-Half, Half]^2 (m) into a square of Size
// pixels whose top-left corner is at (X, Y).
type Minimap struct {
	X, Y, Size float64
	Half       float64
}

// Map returns the minimap pixel of world point p, clamped to the minimap.
func (m Minimap) Map(p mgl64.Vec3) (x, y float64) {
	h := m.Half
	if !(h > 0) {
		h = 1
	}
	u := clamp01((p[0] + h) / (2 * h))
	v := clamp01((p[2] + h) / (2 * h))
	return m.X + u*m.Size, m.Y + v*m.Size
}

func clamp01(x float64) float64 {
	if !(x > 0) {
		return 0
	}
	if x > 1 {
		return 1
	}
	return x
}

// FeedItem is one line of the kill feed.
type FeedItem struct {
	Text string
	// Mine marks lines about the local player (drawn highlighted).
	Mine bool
	// Age is the time (s) since the line was pushed.
	Age float64
}

// Feed is the kill feed: the newest lines first, at most Max lines, each
// shown for TTL seconds and faded out over its last Fade seconds.
type Feed struct {
	Max       int
	TTL, Fade float64
	Items     []FeedItem
}

// Push adds a line at the top, dropping the oldest beyond Max.
func (f *Feed) Push(text string, mine bool) {
	max := f.Max
	if max < 1 {
		max = 1
	}
	f.Items = append(f.Items, FeedItem{})
	copy(f.Items[1:], f.Items)
	f.Items[0] = FeedItem{Text: text, Mine: mine}
	if len(f.Items) > max {
		f.Items = f.Items[:max]
	}
}

// Tick ages every line by dt seconds (a negative or NaN dt counts as 0) and
// drops expired lines.
func (f *Feed) Tick(dt float64) {
	if !(dt > 0) {
		dt = 0
	}
	n := 0
	for _, it := range f.Items {
		it.Age += dt
		if it.Age < f.TTL {
			f.Items[n] = it
			n++
		}
	}
	f.Items = f.Items[:n]
}

// Opacity returns the line's opacity in [0, 1]: 1 until the last Fade
// seconds of its TTL, then linearly down to 0.
func (f *Feed) Opacity(it FeedItem) float64 {
	left := f.TTL - it.Age
	if !(f.Fade > 0) || left >= f.Fade {
		if !(left > 0) {
			return 0
		}
		return 1
	}
	return clamp01(left / f.Fade)
}
