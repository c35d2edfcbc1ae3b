package config

import (
	"fmt"
	"log"
	"math"
	"sync"
)

// Warning is a value a loader accepts but that is probably a mistake, such
// as a radian-sized number under a key in degrees.
type Warning struct {
	Source string
	Key    string
	Line   int // 1-based, 0 when unknown
	Reason string
}

func (w Warning) String() string {
	src := w.Source
	if w.Line > 0 {
		src = fmt.Sprintf("%s:%d", src, w.Line)
	}
	return fmt.Sprintf("%s: key %q: %s", src, w.Key, w.Reason)
}

var (
	warnMu  sync.Mutex
	warnFor = defaultWarn
	// warned remembers the warnings given, so a recipe decoded at every
	// spawn warns once.
	warned = map[string]bool{}
)

func defaultWarn(w Warning) { log.Printf("warning: %s", w) }

// SetWarningHandler routes the warnings of every loader (Decode and the
// loaders built on it) to h, which a game can show where it shows errors;
// nil restores the default, a line on the standard logger. It returns the
// previous handler.
func SetWarningHandler(h func(Warning)) (previous func(Warning)) {
	warnMu.Lock()
	defer warnMu.Unlock()
	previous = warnFor
	if h == nil {
		h = defaultWarn
	}
	warnFor = h
	return previous
}

func warn(w Warning) {
	warnMu.Lock()
	id := w.String()
	if warned[id] || len(warned) > 10000 {
		warnMu.Unlock()
		return
	}
	warned[id] = true
	h := warnFor
	warnMu.Unlock()
	h(w)
}

// Degrees checks a value in degrees (or degrees per second) against the
// knob's typical range [lo, hi]: a value outside it whose size in radians
// would be inside it (8 for a turn rate of 458°/s, 0.74 for a 42° slope)
// is almost surely radians typed into a degree key. It is a warning through
// the warning handler, not an error (small degree values can be meant),
// naming the value in degrees it would be.
func (c *Checker) Degrees(key string, value, lo, hi float64) {
	deg := value * 180 / math.Pi
	if value >= lo && value <= hi || !(deg >= lo && deg <= hi) {
		return
	}
	warn(Warning{Source: c.Source, Key: key,
		Reason: fmt.Sprintf("%v looks like radians; in degrees that is %.4g (typical %v to %v)", value, deg, lo, hi)})
}
