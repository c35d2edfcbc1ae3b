// Package detmath is the floating-point math of the simulation: functions
// that return the same bits on every platform Go targets (amd64 with any
// GOAMD64 level, arm64, wasm), so that a match, a replay and a client's
// prediction agree everywhere.
//
// The math package cannot promise that. Its Sin, Atan2, Exp, Pow, Hypot ...
// are not correctly rounded, some have per-architecture assembly, and its
// pure-Go ones are compiled with fused multiply-adds where the target has
// them (arm64, amd64 v3), which round once where the source rounds twice.
// Here every function is plain Go in which every product is converted
// explicitly (float64(x*y)), which the Go specification says rounds and so
// forbids fusion; only +, -, *, /, math.Sqrt and exact bit operations are
// used, and IEEE 754 pins those down bit for bit.
//
// Accuracy against the math package, measured by the tests on millions of
// arguments (see accuracy_test.go; ulp = unit in the last place):
//
//	Sin, Cos, Sincos  ≤ 1 ulp for |x| < 1e6; exact argument reduction beyond
//	Atan, Atan2       ≤ 1 ulp
//	Acos, Asin        ≤ 2 ulp
//	Exp, Log          ≤ 1 ulp
//	Expm1             ≤ 2 ulp
//	Pow               ≤ 1 ulp + |y·ln x| ulp (exp of a rounded logarithm)
//	Hypot, Cbrt       ≤ 1 ulp
//
// Special values (NaN, ±Inf, ±0) follow the math package's documented
// cases. Speed: within 1.5x of the math package on amd64 (bench_test.go).
//
// The vector functions (Dot, Len, Normalize, Scale, Cross, Rotate, quaternion
// products) take go-gl/mathgl's mgl64 types and compute what mgl64's
// methods compute, in the same order, with every product rounded: on amd64
// v1 they return exactly what mgl64 returns, and on every platform the same.
package detmath
