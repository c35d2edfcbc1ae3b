package rpg

import (
	"flag"
	"testing"

	"github.com/seedgames/motorkit/config"
	"github.com/seedgames/motorkit/internal/gendefaults"
)

var updateDefaults = flag.Bool("update-defaults", false, "write rpg.toml from DefaultConfig (go generate)")

// TestDefaultTOMLIsGenerated: rpg.toml is what gendefaults writes from
// DefaultConfig, the field comments and Validate's ranges.
func TestDefaultTOMLIsGenerated(t *testing.T) {
	s := gendefaults.Spec{Dir: ".", Type: "Config", Value: DefaultConfig(),
		Header: `RPG motor defaults (docs/motors/rpg.md, the design's "Suggested start"), generated from
DefaultConfig: do not edit. Times in seconds, speeds in m/s. Every key is optional: a file or a
recipe's [motor] table sets the ones it changes; unknown keys and out-of-range values are
rejected at load.`,
		Notes: map[string]string{"tau_decel_stop": "A value above 0 must also be in tau_decel's range."}}
	for _, k := range config.Knobs(func() error { return DefaultConfig().Validate("") }) {
		s.Ranges = append(s.Ranges, gendefaults.Range(k))
	}
	if err := gendefaults.Check(s, "rpg.toml", defaultTOML, *updateDefaults); err != nil {
		t.Fatal(err)
	}
}
