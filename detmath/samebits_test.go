package detmath

import (
	"flag"
	"fmt"
	"hash"
	"hash/fnv"
	"math"
	"math/rand"
	"path/filepath"
	"testing"

	"github.com/go-gl/mathgl/mgl64"
	"github.com/seedgames/motorkit/internal/goldenfile"
)

var updateBits = flag.Bool("update-bits", false, "rewrite testdata/bits.txt")

// goldenArgs are the arguments of the cross-platform test: special values,
// then n pseudo-random ones built from integers only (rand's integer
// generator and explicitly rounded arithmetic), so that the arguments
// themselves are the same bits on every platform.
func goldenArgs(n int, lo, hi float64) []float64 {
	args := []float64{0, math.Copysign(0, -1), 1, -1, 0.5, 2, math.Pi, -math.Pi, math.Pi / 2, math.Pi / 4,
		1e-300, 5e-324, math.MaxFloat64, math.Inf(1), math.Inf(-1), math.NaN(), 709.78, -745.1, 1e6, 3e15}
	r := rand.New(rand.NewSource(7))
	for i := 0; i < n; i++ {
		f := float64(r.Int63n(1<<53)) / (1 << 53)
		args = append(args, lo+float64((hi-lo)*f))
	}
	return args
}

// bitsOf hashes the results of every function over the golden arguments.
func bitsOf() map[string]uint64 {
	hashes := map[string]hash.Hash64{}
	h := func(name string, vals ...float64) {
		s := hashes[name]
		if s == nil {
			s = fnv.New64a()
			hashes[name] = s
		}
		var b [8]byte
		for _, v := range vals {
			u := math.Float64bits(v)
			if math.IsNaN(v) {
				u = 0x7ff8000000000001 // any NaN
			}
			for i := range b {
				b[i] = byte(u >> (8 * i))
			}
			s.Write(b[:])
		}
	}
	small := goldenArgs(4000, -10, 10)
	wide := goldenArgs(2000, -1e7, 1e7)
	unit := goldenArgs(2000, -1, 1)
	pos := goldenArgs(2000, 0, 50)
	for _, x := range append(small, wide...) {
		s, c := Sincos(x)
		h("Sincos", s, c, Sin(x), Cos(x), Tan(x))
		h("Atan", Atan(x))
		h("Exp", Exp(x), Expm1(x))
		h("Log", Log(x), Log(math.Abs(x)))
		h("Cbrt", Cbrt(x))
	}
	for _, x := range unit {
		h("Asin", Asin(x), Acos(x))
	}
	for i := range small {
		y, x := small[i], wide[i%len(wide)]
		h("Atan2", Atan2(y, x), Atan2(x, y))
		h("Hypot", Hypot(y, x))
		h("Pow", Pow(pos[i%len(pos)], y), Pow(y, float64(i%9-4)))
	}
	for i := 0; i+7 < len(small); i += 7 {
		a := mgl64.Vec3{small[i], small[i+1], small[i+2]}
		b := mgl64.Vec3{small[i+3], small[i+4], small[i+5]}
		q := QuatNormalize(QuatMul(QuatRotate(small[i+6], Normalize(a)), QuatFromEulerXYZ(a[0], a[1], a[2])))
		v := Rotate(q, b)
		c := Cross(a, b)
		h("vec", Dot(a, b), Len(a), LenSqr(b), c[0], c[1], c[2], v[0], v[1], v[2], q.W, QuatLen(q),
			Len2(mgl64.Vec2{a[0], b[0]}), Dot2(mgl64.Vec2{a[1], a[2]}, mgl64.Vec2{b[1], b[2]}))
	}
	out := map[string]uint64{}
	for k, s := range hashes {
		out[k] = s.Sum64()
	}
	return out
}

// TestSameBitsEverywhere: the results of every function over a fixed set of
// arguments hash to the values recorded in testdata/bits.txt. CI runs this
// on amd64 (GOAMD64 v1 and v3), arm64 under qemu and js/wasm under node;
// one file for all of them is the claim.
func TestSameBitsEverywhere(t *testing.T) {
	hashes := bitsOf()
	keys := sortedKeys(hashes)
	got := map[string]string{}
	for _, k := range keys {
		got[k] = fmt.Sprintf("%016x", hashes[k])
	}
	path := filepath.Join("testdata", "bits.txt")
	goldenfile.Check(t, path, "detmath result hashes, the same on every platform (samebits_test.go)", *updateBits, "hash of", keys, got)
}

func sortedKeys(m map[string]uint64) []string {
	var ks []string
	for k := range m {
		ks = append(ks, k)
	}
	for i := 1; i < len(ks); i++ {
		for j := i; j > 0 && ks[j] < ks[j-1]; j-- {
			ks[j], ks[j-1] = ks[j-1], ks[j]
		}
	}
	return ks
}
