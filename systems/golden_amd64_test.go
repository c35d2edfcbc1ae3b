//go:build amd64 && !amd64.v3

package systems_test

// goldenPlatform: the hashes in testdata/golden_bits.txt were recorded
// with GOAMD64=v1 (the default). On arm64, and on amd64 built for v3,
// the compiler may fuse a*b+c into one fused multiply-add, which rounds
// once instead of twice: every run there is still deterministic, but its
// bits differ from these.
const goldenPlatform = true
