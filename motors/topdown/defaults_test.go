package topdown

import (
	"flag"
	"testing"

	"github.com/seedgames/motorkit/config"
	"github.com/seedgames/motorkit/internal/gendefaults"
)

var updateDefaults = flag.Bool("update-defaults", false, "write topdown.toml from DefaultConfig (go generate)")

// TestDefaultTOMLIsGenerated: topdown.toml is what gendefaults writes from
// DefaultConfig, the field comments and Validate's ranges.
func TestDefaultTOMLIsGenerated(t *testing.T) {
	s := gendefaults.Spec{Dir: ".", Type: "Config", Value: DefaultConfig(),
		Header: `Top-down motor defaults (package motors/topdown), generated from DefaultConfig: do not edit.
Every key is optional: a file or a recipe's [motor] table sets the ones it changes.`}
	for _, k := range config.Knobs(func() error { return DefaultConfig().Validate("") }) {
		s.Ranges = append(s.Ranges, gendefaults.Range(k))
	}
	if err := gendefaults.Check(s, "topdown.toml", defaultTOML, *updateDefaults); err != nil {
		t.Fatal(err)
	}
}
