package detmath

import (
	"math"
	"testing"
)

// The benchmarks run each function next to the math package's on the same
// arguments, so the ratio is measured in one run.

var benchSink float64

func benchArgs() []float64 { return goldenArgs(1024, -6, 6)[20:] } // finite, moderate

func bench1(b *testing.B, f func(float64) float64) {
	args := benchArgs()
	b.ReportAllocs()
	b.ResetTimer()
	s := 0.0
	for i := 0; i < b.N; i++ {
		s += f(args[i&1023])
	}
	benchSink = s
}

func bench2(b *testing.B, f func(float64, float64) float64) {
	args := benchArgs()
	b.ReportAllocs()
	b.ResetTimer()
	s := 0.0
	for i := 0; i < b.N; i++ {
		s += f(args[i&1023], args[(i+7)&1023])
	}
	benchSink = s
}

func abs1(f func(float64) float64) func(float64) float64 {
	return func(x float64) float64 { return f(math.Abs(x)) }
}
func absFirst(f func(float64, float64) float64) func(float64, float64) float64 {
	return func(x, y float64) float64 { return f(math.Abs(x), y) }
}

func BenchmarkSin(b *testing.B)       { bench1(b, Sin) }
func BenchmarkMathSin(b *testing.B)   { bench1(b, math.Sin) }
func BenchmarkAtan2(b *testing.B)     { bench2(b, Atan2) }
func BenchmarkMathAtan2(b *testing.B) { bench2(b, math.Atan2) }
func BenchmarkExp(b *testing.B)       { bench1(b, Exp) }
func BenchmarkMathExp(b *testing.B)   { bench1(b, math.Exp) }
func BenchmarkLog(b *testing.B)       { bench1(b, abs1(Log)) }
func BenchmarkMathLog(b *testing.B)   { bench1(b, abs1(math.Log)) }
func BenchmarkPow(b *testing.B)       { bench2(b, absFirst(Pow)) }
func BenchmarkMathPow(b *testing.B)   { bench2(b, absFirst(math.Pow)) }
func BenchmarkHypot(b *testing.B)     { bench2(b, Hypot) }
func BenchmarkMathHypot(b *testing.B) { bench2(b, math.Hypot) }
func BenchmarkCbrt(b *testing.B)      { bench1(b, Cbrt) }
func BenchmarkMathCbrt(b *testing.B)  { bench1(b, math.Cbrt) }
