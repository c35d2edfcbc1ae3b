package hybrid

import (
	"flag"
	"testing"

	"github.com/seedgames/motorkit/config"
	"github.com/seedgames/motorkit/internal/gendefaults"
)

var updateDefaults = flag.Bool("update-defaults", false, "write hybrid.toml from DefaultConfig (go generate)")

// TestDefaultTOMLIsGenerated: hybrid.toml is what gendefaults writes from
// DefaultConfig, the field comments and Validate's ranges.
func TestDefaultTOMLIsGenerated(t *testing.T) {
	s := gendefaults.Spec{Dir: ".", Type: "Config", Value: DefaultConfig(),
		Header: `Hybrid third-person motor defaults (docs/motors/hybrid.md, the design's MovementConfig),
generated from DefaultConfig: do not edit. Speeds m/s, accelerations m/s^2, times s, turn rates
deg/s. Every key is optional: a file or a recipe's [motor] table sets the ones it changes;
unknown keys and out-of-range values are rejected at load.`,
		Allowed: map[string]string{"min_rotation_speed_deg": "[0, rotation_speed_deg]"}}
	for _, k := range config.Knobs(func() error { return DefaultConfig().Validate("") }) {
		s.Ranges = append(s.Ranges, gendefaults.Range(k))
	}
	if err := gendefaults.Check(s, "hybrid.toml", defaultTOML, *updateDefaults); err != nil {
		t.Fatal(err)
	}
}
