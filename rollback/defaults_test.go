package rollback

import (
	"flag"
	"testing"

	"github.com/seedgames/motorkit/internal/gendefaults"
)

var updateDefaults = flag.Bool("update-defaults", false, "rewrite the Config table of docs/netplay.md from the Default constants")

// TestConfigTable: docs/netplay.md's table of Config is the one the
// Default constants and the field comments give (go test ./rollback -run
// TestConfigTable -update-defaults rewrites it); a session of a zero
// MaxPrediction and ChecksumInterval runs with them.
func TestConfigTable(t *testing.T) {
	def := Config{MaxPrediction: DefaultMaxPrediction, ChecksumInterval: DefaultChecksumInterval}
	table, err := gendefaults.RenderTable(gendefaults.TableSpec{Dir: ".", Type: "Config", Value: def,
		Units: map[string]string{"MaxPrediction": "ticks", "ChecksumInterval": "ticks"},
		Words: map[string]string{"Players": "required", "Local": "required", "InputSize": "required", "InputDelay": "0 ticks"}})
	if err != nil {
		t.Fatal(err)
	}
	if err := gendefaults.CheckDoc("../docs/netplay.md", "rollback.Config", table, *updateDefaults); err != nil {
		t.Error(err)
	}
	s, err := NewSession(newPoints(2), Config{Players: 2, Local: []int{0}, InputSize: pointsInputSize})
	if err != nil {
		t.Fatal(err)
	}
	if c := s.Config(); c.MaxPrediction != def.MaxPrediction || c.ChecksumInterval != def.ChecksumInterval {
		t.Errorf("a zero config runs with %+v, want %+v", c, def)
	}
}
