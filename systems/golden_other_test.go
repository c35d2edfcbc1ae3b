//go:build !amd64 || amd64.v3

package systems_test

// goldenPlatform: see golden_amd64_test.go.
const goldenPlatform = false
