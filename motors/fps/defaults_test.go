package fps

import (
	"flag"
	"testing"

	"github.com/seedgames/motorkit/config"
	"github.com/seedgames/motorkit/internal/gendefaults"
)

var updateDefaults = flag.Bool("update-defaults", false, "write fps.toml from DefaultConfig (go generate)")

// TestDefaultTOMLIsGenerated: fps.toml is what gendefaults writes from
// DefaultConfig, the field comments and Validate's ranges.
func TestDefaultTOMLIsGenerated(t *testing.T) {
	s := gendefaults.Spec{Dir: ".", Type: "Config", Value: DefaultConfig(),
		Header: `FPS motor defaults (docs/motors/fps.md#knobs: the middle of every suggested range), generated
from DefaultConfig: do not edit. Units: m, s, m/s, m/s^2, degrees. Every key is optional: a file
or a recipe's [motor] table sets the ones it changes; unknown keys and values outside the
allowed range are rejected.`}
	for _, k := range config.Knobs(func() error { return DefaultConfig().Validate("") }) {
		s.Ranges = append(s.Ranges, gendefaults.Range(k))
	}
	if err := gendefaults.Check(s, "fps.toml", defaultTOML, *updateDefaults); err != nil {
		t.Fatal(err)
	}
}
