//go:build !amd64 || amd64.v3

package kcc

// noFusedMultiplyAdd: see samebits_amd64_test.go.
const noFusedMultiplyAdd = false
