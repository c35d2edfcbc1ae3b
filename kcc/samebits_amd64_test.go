//go:build amd64 && !amd64.v3

package kcc

// noFusedMultiplyAdd: the compiler rounds every product and sum here
// (GOAMD64 v1/v2). On arm64, and on amd64 built for v3, it may fuse a*b+c
// into one fused multiply-add depending on how an expression is written,
// so the scalar routines and their vector forms, each deterministic, can
// differ in the last bit.
const noFusedMultiplyAdd = true
