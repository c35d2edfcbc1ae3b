package netops

import (
	"math"
	"slices"
	"sort"
)

// Percentile returns the q-quantile (0..1) of xs (0 for none): the
// smallest value with at least a fraction q of xs at or below it. xs is
// not changed.
func Percentile(xs []float64, q float64) float64 {
	if len(xs) == 0 {
		return 0
	}
	s := slices.Clone(xs)
	sort.Float64s(s)
	i := int(math.Ceil(float64(q*float64(len(s))))) - 1
	return s[max(0, min(i, len(s)-1))]
}
