package kcc

import (
	"math"
	"math/rand"
	"testing"
)

// climbRef is climbInto in vector form, the reference its scalar
// arithmetic must match bit for bit.
func (c *Controller) climbRef(r, n vec, onGround bool) (vec, bool) {
	up := c.cfg.Up
	cn := dot(n, up)
	if !onGround || c.nplanes != 1 || cn < c.cosMaxClimb {
		return r, false
	}
	h := madd(r, up, -dot(r, up))
	dn := dot(n, h)
	if dn >= 0 {
		return r, false
	}
	lifted := madd(h, up, -dn/cn)
	if c.cfg.FloorConstantSpeed || cn < cos45-1e-9 {
		want := length(madd(r, up, -math.Min(dot(r, up), 0)))
		lifted = scale(lifted, want/length(lifted))
	}
	return lifted, true
}

// TestClimbIntoSameBits compares climbInto and setLeaving with their
// vector forms on random requests, ground normals and Up axes, with and
// without FloorConstantSpeed and a raised climb limit.
func TestClimbIntoSameBits(t *testing.T) {
	rng := rand.New(rand.NewSource(29))
	rv := func(s float64) vec {
		return vec{s * (2*rng.Float64() - 1), s * (2*rng.Float64() - 1), s * (2*rng.Float64() - 1)}
	}
	applied := 0
	for i := 0; i < 200000; i++ {
		cfg := DefaultConfig()
		cfg.FloorConstantSpeed = i%2 == 0
		if i%3 == 0 {
			cfg.MaxSlopeClimbAngle = 65 * math.Pi / 180
		}
		if i%5 == 0 {
			cfg.Up = normalizeOr(rv(1), vec{0, 1, 0})
		}
		c := NewController(cfg)
		c.nplanes = 1
		if i%17 == 0 {
			c.nplanes = 2
		}
		up := c.cfg.Up
		n := normalizeOr(madd(rv(1), up, 1+rng.Float64()), up)
		r := rv(math.Pow(10, float64(rng.Intn(6)-4)))
		if i%7 == 0 {
			r = madd(r, up, -dot(r, up)) // a horizontal request
		}
		onGround := i%11 != 0
		want, wok := c.climbRef(r, n, onGround)
		got := r
		gok := c.climbInto(&got, &r, &n, onGround)
		if gok != wok || (gok && got != want) {
			t.Fatalf("case %d: climbInto %v %v, vector form %v %v", i, got, gok, want, wok)
		}
		if gok {
			applied++
		}
		l := c.setLeaving(&r)
		wantL := normalizeOr(madd(r, up, -dot(r, up)), vec{})
		if c.leaving != wantL || l != length(madd(r, up, -dot(r, up))) {
			t.Fatalf("case %d: setLeaving %v (%v), vector form %v", i, c.leaving, l, wantL)
		}
	}
	if applied < 20000 {
		t.Fatalf("only %d of the cases climbed", applied)
	}
}
