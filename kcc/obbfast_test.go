package kcc

import (
	"math"
	"math/rand"
	"testing"

	"github.com/go-gl/mathgl/mgl64"
)

// TestSegBoxIntoSameBits: the scalar segBoxInto gives segBox's result bit
// for bit, on aligned boxes (its own path) and rotated ones (delegated),
// for random segments: vertical ones over, beside and inside the box,
// axis-aligned ones, and arbitrary ones.
func TestSegBoxIntoSameBits(t *testing.T) {
	rng := rand.New(rand.NewSource(14))
	bits := func(v vec) [3]uint64 {
		return [3]uint64{math.Float64bits(v[0]), math.Float64bits(v[1]), math.Float64bits(v[2])}
	}
	for n := 0; n < 200000; n++ {
		var o obb
		o.c = vec{rng.Float64()*4 - 2, rng.Float64()*4 - 2, rng.Float64()*4 - 2}
		o.h = vec{rng.Float64()*2 + 0.01, rng.Float64()*2 + 0.01, rng.Float64()*2 + 0.01}
		q := mgl64.QuatIdent()
		if n%4 == 3 {
			q = mgl64.QuatRotate(rng.Float64()*6, vec{rng.Float64(), 1, rng.Float64()}.Normalize())
		}
		o.setAxes(q)
		p0 := vec{rng.Float64()*8 - 4, rng.Float64()*8 - 4, rng.Float64()*8 - 4}
		p1 := p0
		switch n % 3 {
		case 0:
			p1[1] += rng.Float64()*2 - 1
		case 1:
			p1[rng.Intn(3)] += rng.Float64()*2 - 1
		default:
			p1 = vec{rng.Float64()*8 - 4, rng.Float64()*8 - 4, rng.Float64()*8 - 4}
		}
		want := o.segBox(p0, p1)
		var got boxResult
		o.segBoxInto(&got, &p0, &p1)
		same := math.Float64bits(want.dist) == math.Float64bits(got.dist) &&
			bits(want.onTri) == bits(got.onTri) && bits(want.onSeg) == bits(got.onSeg) &&
			bits(want.normal) == bits(got.normal) && want.onFace == got.onFace && want.nfaces == got.nfaces
		for k := 0; same && k < want.nfaces; k++ {
			same = bits(want.faces[k]) == bits(got.faces[k])
		}
		if !same {
			t.Fatalf("case %d: box %+v segment %v-%v:\nsegBox     %+v\nsegBoxInto %+v", n, o, p0, p1, want, got)
		}
		if d := o.segBoxDist(&p0, &p1); math.Float64bits(d) != math.Float64bits(want.dist) {
			t.Fatalf("case %d: segBoxDist %v, segBox %v", n, d, want.dist)
		}
	}
}

// TestHfTriIntoSameBits: the in-place heightfield triangle equals the
// vector-form construction bit for bit.
func TestHfTriIntoSameBits(t *testing.T) {
	rng := rand.New(rand.NewSource(15))
	ref := func(a, b, c vec, id ColliderID) tri {
		n := cross(sub(b, a), sub(c, a))
		n = scale(n, 1/math.Sqrt(dot(n, n)))
		return tri{a: a, b: b, c: c, n: n, id: id,
			en: [3]vec{cross(n, sub(b, a)), cross(n, sub(c, b)), cross(n, sub(a, c))}}
	}
	for i := 0; i < 100000; i++ {
		x, z, cell := rng.Float64()*100-50, rng.Float64()*100-50, rng.Float64()*2+0.01
		a := vec{x, rng.Float64()*4 - 2, z}
		b := vec{x, rng.Float64()*4 - 2, z + cell}
		c := vec{x + cell, rng.Float64()*4 - 2, z + cell}
		var got tri
		hfTriInto(&got, &a, &b, &c, ColliderID(i))
		if want := ref(a, b, c, ColliderID(i)); want != got {
			t.Fatalf("%v %v %v: hfTriInto %+v, vector form %+v", a, b, c, got, want)
		}
	}
}

// TestSegTriIntoSameBits: the scalar segTriInto gives segTri's result bit
// for bit for random triangles and segments: vertical capsule segments
// above, below and through the face, beside its edges, and arbitrary ones.
func TestSegTriIntoSameBits(t *testing.T) {
	rng := rand.New(rand.NewSource(16))
	bits := func(v vec) [3]uint64 {
		return [3]uint64{math.Float64bits(v[0]), math.Float64bits(v[1]), math.Float64bits(v[2])}
	}
	rv := func(s float64) vec {
		return vec{(rng.Float64()*2 - 1) * s, (rng.Float64()*2 - 1) * s, (rng.Float64()*2 - 1) * s}
	}
	for n := 0; n < 300000; n++ {
		a, b, c := rv(2), rv(2), rv(2)
		if n%2 == 0 { // ground-like: flat-ish triangles
			a[1], b[1], c[1] = a[1]*0.1, b[1]*0.1, c[1]*0.1
		}
		tr, ok := makeTri(a, b, c, ColliderID(n))
		if !ok {
			continue
		}
		p0 := rv(3)
		p1 := p0
		switch n % 3 {
		case 0:
			p1[1] += rng.Float64() * 2
		case 1:
			p1 = add(p0, scale(tr.n, rng.Float64()-0.5))
		default:
			p1 = rv(3)
		}
		want := segTriVector(p0, p1, &tr)
		var got segTriResult
		segTriInto(&got, &p0, &p1, &tr)
		if math.Float64bits(want.dist) != math.Float64bits(got.dist) || bits(want.onTri) != bits(got.onTri) ||
			bits(want.onSeg) != bits(got.onSeg) || bits(want.normal) != bits(got.normal) || want.onFace != got.onFace {
			t.Fatalf("case %d: tri %v %v %v segment %v-%v:\nvector form %+v\nsegTriInto  %+v", n, a, b, c, p0, p1, want, got)
		}
	}
}

// TestSolveSameBits: the scalar crease solve equals the vector form
// (kept here as the reference) bit for bit, for random plane sets of one
// to four planes and random requests.
func TestSolveSameBits(t *testing.T) {
	rng := rand.New(rand.NewSource(17))
	c := NewController(DefaultConfig())
	feasible := func(x vec, tol float64) bool {
		for i := 0; i < c.nplanes; i++ {
			if dot(x, c.planes[i]) < -tol {
				return false
			}
		}
		return true
	}
	ref := func(r vec) vec {
		rl := length(r)
		tol := 1e-9 * rl
		if feasible(r, tol) {
			return r
		}
		best := vec{}
		bestD := dot(r, r)
		for i := 0; i < c.nplanes; i++ {
			n := c.planes[i]
			cand := madd(r, n, -dot(r, n))
			if d := dot(sub(r, cand), sub(r, cand)); d < bestD && feasible(cand, tol) {
				best, bestD = cand, d
			}
		}
		for i := 0; i < c.nplanes; i++ {
			for j := i + 1; j < c.nplanes; j++ {
				e := cross(c.planes[i], c.planes[j])
				el := length(e)
				if el < 1e-6 {
					continue
				}
				e = scale(e, 1/el)
				cand := scale(e, dot(r, e))
				if d := dot(sub(r, cand), sub(r, cand)); d < bestD && feasible(cand, tol) {
					best, bestD = cand, d
				}
			}
		}
		return best
	}
	for n := 0; n < 200000; n++ {
		c.nplanes = 1 + rng.Intn(4)
		for i := 0; i < c.nplanes; i++ {
			c.planes[i] = vec{rng.Float64()*2 - 1, rng.Float64()*2 - 1, rng.Float64()*2 - 1}.Normalize()
		}
		r := vec{rng.Float64()*2 - 1, rng.Float64()*2 - 1, rng.Float64()*2 - 1}
		want, got := ref(r), c.solve(r)
		for i := 0; i < 3; i++ {
			if math.Float64bits(want[i]) != math.Float64bits(got[i]) {
				t.Fatalf("planes %v request %v: solve %v, vector form %v", c.planes[:c.nplanes], r, got, want)
			}
		}
	}
}
