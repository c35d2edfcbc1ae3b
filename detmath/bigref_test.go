package detmath

import (
	"math"
	"math/big"
)

// Reference values computed with math/big at 320 bits and rounded once to
// float64: the exact answer, for measuring true errors in ulps. Slow
// (tens of microseconds a call), so the tests use fewer arguments here than
// against the math package.

const refPrec = 320

func bf(x float64) *big.Float { return new(big.Float).SetPrec(refPrec).SetFloat64(x) }
func bnew() *big.Float        { return new(big.Float).SetPrec(refPrec) }

func refPi() *big.Float {
	bigOnce.Do(initBig)
	p := bnew().Set(bigPiOv2)
	return p.Mul(p, bf(2))
}

// refExp: e^x = (e^(x/2^k))^(2^k), Taylor series for the small argument.
func refExp(x *big.Float) *big.Float {
	const prec = refPrec + 64
	k := 0
	r := new(big.Float).SetPrec(prec).Set(x)
	lim := big.NewFloat(0x1p-12)
	for new(big.Float).Abs(r).Cmp(lim) > 0 {
		r.Quo(r, big.NewFloat(2))
		k++
	}
	sum := new(big.Float).SetPrec(prec).SetInt64(1)
	term := new(big.Float).SetPrec(prec).SetInt64(1)
	for n := int64(1); n < 60; n++ {
		term.Mul(term, r)
		term.Quo(term, new(big.Float).SetPrec(prec).SetInt64(n))
		sum.Add(sum, term)
	}
	for ; k > 0; k-- {
		sum.Mul(sum, sum)
	}
	return bnew().Set(sum)
}

// refLog by Newton's iteration on e^y = x from the math package's value.
func refLog(x float64) *big.Float {
	y := bf(math.Log(x))
	bx := bf(x)
	for i := 0; i < 4; i++ {
		e := refExp(y)
		num := bnew().Sub(bx, e)
		den := bnew().Add(bx, e)
		num.Quo(num, den)
		num.Mul(num, bf(2))
		y.Add(y, num)
	}
	return y
}

// refSinCos: reduce modulo 2π exactly, then Taylor series.
func refSinCos(x float64) (s, c *big.Float) {
	bigOnce.Do(initBig)
	twoPi := new(big.Float).SetPrec(bigPrec).Mul(bigPiOv2, big.NewFloat(4))
	t := new(big.Float).SetPrec(bigPrec).SetFloat64(x)
	q := new(big.Float).SetPrec(bigPrec).Quo(t, twoPi)
	qi, _ := q.Int(nil)
	t.Sub(t, new(big.Float).SetPrec(bigPrec).Mul(new(big.Float).SetPrec(bigPrec).SetInt(qi), twoPi))
	r := bnew().Set(t)
	s, c = bnew(), bf(1)
	term := bf(1)
	for n := int64(1); n < 120; n++ {
		term.Mul(term, r)
		term.Quo(term, bnew().SetInt64(n))
		switch n % 4 {
		case 1:
			s.Add(s, term)
		case 2:
			c.Sub(c, term)
		case 3:
			s.Sub(s, term)
		case 0:
			c.Add(c, term)
		}
	}
	return s, c
}

// refAtan: halve the angle with atan x = 2·atan(x/(1+√(1+x²))) until x is
// small, then the Taylor series.
func refAtan(x *big.Float) *big.Float {
	r := bnew().Set(x)
	k := 0
	lim := big.NewFloat(0x1p-10)
	for bnew().Abs(r).Cmp(lim) > 0 {
		d := bnew().Mul(r, r)
		d.Add(d, bf(1))
		d.Sqrt(d)
		d.Add(d, bf(1))
		r.Quo(r, d)
		k++
	}
	r2 := bnew().Mul(r, r)
	sum := bnew().Set(r)
	pow := bnew().Set(r)
	for n := int64(1); n < 60; n++ {
		pow.Mul(pow, r2)
		term := bnew().Quo(pow, bnew().SetInt64(2*n+1))
		if n%2 == 1 {
			sum.Sub(sum, term)
		} else {
			sum.Add(sum, term)
		}
	}
	return sum.Mul(sum, bnew().SetMantExp(bf(1), k))
}

func refAtan2(y, x float64) *big.Float {
	a := refAtan(bnew().Quo(bf(y), bf(x)))
	if x < 0 {
		if y >= 0 {
			a.Add(a, refPi())
		} else {
			a.Sub(a, refPi())
		}
	}
	return a
}

func f64(b *big.Float) float64 { f, _ := b.Float64(); return f }

// Reference functions, rounded once to float64.
var reference = map[string]func(x, y float64) float64{
	"Sin": func(x, _ float64) float64 { s, _ := refSinCos(x); return f64(s) },
	"Cos": func(x, _ float64) float64 { _, c := refSinCos(x); return f64(c) },
	"Tan": func(x, _ float64) float64 {
		s, c := refSinCos(x)
		return f64(s.Quo(s, c))
	},
	"Atan":  func(x, _ float64) float64 { return f64(refAtan(bf(x))) },
	"Atan2": func(y, x float64) float64 { return f64(refAtan2(y, x)) },
	"Asin": func(x, _ float64) float64 {
		d := bnew().Mul(bf(x), bf(x))
		d.Sub(bf(1), d)
		return f64(refAtan(bnew().Quo(bf(x), d.Sqrt(d))))
	},
	"Acos": func(x, _ float64) float64 {
		d := bnew().Mul(bf(x), bf(x))
		d.Sub(bf(1), d)
		d.Sqrt(d)
		a := refAtan(bnew().Quo(d, bf(x)))
		if x < 0 {
			a.Add(a, refPi())
		}
		return f64(a)
	},
	"Exp":   func(x, _ float64) float64 { return f64(refExp(bf(x))) },
	"Expm1": func(x, _ float64) float64 { e := refExp(bf(x)); return f64(e.Sub(e, bf(1))) },
	"Log":   func(x, _ float64) float64 { return f64(refLog(x)) },
	"Pow": func(x, y float64) float64 {
		l := refLog(x)
		return f64(refExp(l.Mul(l, bf(y))))
	},
	"Hypot": func(x, y float64) float64 {
		s := bnew().Mul(bf(x), bf(x))
		s.Add(s, bnew().Mul(bf(y), bf(y)))
		return f64(s.Sqrt(s))
	},
	"Cbrt": func(x, _ float64) float64 {
		t := bf(math.Cbrt(x))
		bx := bf(x)
		for i := 0; i < 4; i++ { // t ← t - (t³-x)/(3t²)
			t2 := bnew().Mul(t, t)
			num := bnew().Mul(t2, t)
			num.Sub(num, bx)
			num.Quo(num, t2.Mul(t2, bf(3)))
			t.Sub(t, num)
		}
		return f64(t)
	},
}
