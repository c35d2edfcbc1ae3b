package sim

import (
	"fmt"
	"testing"
)

// goldenMatches are flailsim runs whose checksums (every car's, flail's and
// rope's state bits at the end) are the same on every platform: recorded on
// linux/amd64 and checked by CI on amd64 GOAMD64=v3, arm64 (qemu) and
// js/wasm (node). A deliberate change of the flail simulation re-records
// them (go test ./demo/flailsim/sim -run TestChecksumsEverywhere -v prints
// the new values) and says why in its commit.
var goldenMatches = []struct {
	bots, ticks int
	seed        uint64
	checksum    string
}{
	{50, 2000, 3, "5561f24b06f0dd42"},
	{20, 3000, 7, "d545e202e9f863d8"},
	{8, 1500, 42, "f68b1650273680cb"},
}

func TestChecksumsEverywhere(t *testing.T) {
	for _, g := range goldenMatches {
		ticks := g.ticks
		m, _, err := NewMatch(Options{Bots: g.bots, Seed: g.seed})
		if err != nil {
			t.Fatal(err)
		}
		for i := 0; i < ticks; i++ {
			m.Pipeline.Step()
		}
		got := fmt.Sprintf("%016x", m.Checksum())
		t.Logf("bots %d ticks %d seed %d: checksum %s", g.bots, ticks, g.seed, got)
		if got != g.checksum {
			t.Errorf("bots %d ticks %d seed %d: checksum %s, recorded %s", g.bots, ticks, g.seed, got, g.checksum)
		}
	}
}
