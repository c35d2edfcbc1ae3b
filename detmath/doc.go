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
// Accuracy, measured by the tests against the exact value (math/big at
// 320 bits, rounded once) on random arguments, in ulps (units in the last
// place; 0 would be correctly rounded):
//
//	Sin, Cos, Sincos, Tan*  ≤ 1 for any finite x (exact reduction beyond 8e5)
//	Atan, Atan2             ≤ 1
//	Asin, Acos              ≤ 2
//	Exp, Log, Pow, Hypot    ≤ 1
//	Expm1                   ≤ 2
//	Cbrt                    ≤ 1
//	(* Tan is Sin/Cos: ≤ 2)
//
// The math package, for comparison, is off by 527 ulp for Sin of 3.5e16,
// by up to 7e4 ulp for Acos near 1 and by more than 15 for some Pow.
// Special values (NaN, ±Inf, ±0) follow the math package's documented
// cases. Speed on amd64 (bench_test.go, next to the math package in the
// same run): Sin 1.2x, Atan2 1.6x, Exp 1.0x, Log 1.0x of the math package's
// time; Pow and Hypot faster; Cbrt 5x (it is called once per car a tick).
//
// The vector functions (Dot, Len, Normalize, Scale, Cross, Rotate, quaternion
// products) take go-gl/mathgl's mgl64 types and compute what mgl64's
// methods compute, in the same order, with every product rounded: on amd64
// v1 they return exactly what mgl64 returns, and on every platform the same.
package detmath
