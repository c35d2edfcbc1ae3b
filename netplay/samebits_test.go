package netplay_test

import (
	"flag"
	"fmt"
	"path/filepath"
	"testing"

	"github.com/seedgames/motorkit/internal/goldenfile"
	"github.com/seedgames/motorkit/internal/scripted"
	"github.com/seedgames/motorkit/netplay"
	"github.com/seedgames/motorkit/rollback"
	"github.com/seedgames/motorkit/systems"
)

var updateGolden = flag.Bool("update-golden", false, "rewrite testdata/resim_bits.txt from this build")

// TestResimSameBits: a SyncTest of every recipe on the living and
// playground levels (character collisions, spawns and removals, every
// tick rolled back 8 ticks and run again) ends in the state recorded in
// testdata/resim_bits.txt, the same on every platform: .ci/crossplatform.sh
// runs it on amd64 (v1 and v3), arm64 and wasm, so a resimulation gives
// the same bits everywhere. Rewrite the file with
// go test ./netplay -run TestResimSameBits -update-golden, saying why.
func TestResimSameBits(t *testing.T) {
	levels := []string{"living", "playground"}
	got := map[string]string{}
	for _, level := range levels {
		s, err := scripted.New(scripted.Options{Level: level, Characters: 12, NoScript: true,
			Pipeline: systems.Options{CharacterCollisions: true}})
		if err != nil {
			t.Fatal(err)
		}
		sim := scripted.NewSim(s)
		rep, err := rollback.SyncTest(sim, rollback.SyncTestConfig{Players: 12, InputSize: netplay.CommandSize, Depth: 8, Ticks: 300}, scripted.Inputs)
		if err != nil {
			t.Fatalf("%s: %v: %s", level, err, s.Pipeline.StateDiff(rep.FirstState, rep.ResimState))
		}
		got[level] = fmt.Sprintf("%016x", s.Pipeline.Checksum())
	}
	path := filepath.Join("testdata", "resim_bits.txt")
	goldenfile.Check(t, path, "level checksum after a 300-tick SyncTest (netplay/samebits_test.go); rewrite with -update-golden", *updateGolden, "level", levels, got)
}
