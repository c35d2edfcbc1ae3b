package arena

import (
	"flag"
	"fmt"
	"strconv"
	"testing"

	"github.com/seedgames/motorkit/config"
	"github.com/seedgames/motorkit/internal/gendefaults"
)

var updateDefaults = flag.Bool("update-defaults", false, "write arena.toml from DefaultConfig (go generate)")

// TestDefaultTOMLIsGenerated: arena.toml is what gendefaults writes from
// DefaultConfig, the field comments and Validate's ranges; the keys whose
// defaults are multiples of W say so.
func TestDefaultTOMLIsGenerated(t *testing.T) {
	d := DefaultConfig()
	s := gendefaults.Spec{Dir: ".", Type: "Config", Value: d,
		Header: `Arena motor "Golden Angle" defaults (docs/motors/arena.md#knobs, tables A-E): the design's
"Suggested start" column through W = max_speed, generated from DefaultConfig: do not edit.
Units: m/s for speeds, 1/s for the *_rate accelerations (times the wish speed) and friction,
degrees for *_deg keys (converted to radians at load), seconds for *_time keys (whole ticks at
the running rate). Keys left out take their defaults; when a file sets max_speed, the defaults
marked "x max_speed" follow the new W.
Recommended tuning order (docs/motors/arena.md#tuning-order): ground feel (ground_accel_rate,
friction, stop_speed) -> frictionless jump (soft) + jump_buffer_time -> air accel rate ->
Golden Angle (theta_target_deg, g_min/g_peak, blend speeds) -> corridor shaping last, minimally.`,
		Notes: map[string]string{},
	}
	for _, k := range wRelative {
		ratio := *k.field(&d) / d.MaxSpeed
		s.Notes[k.key] = fmt.Sprintf("Default %s x max_speed.", strconv.FormatFloat(ratio, 'g', 4, 64))
	}
	for _, k := range config.Knobs(func() error { return d.Validate("") }) {
		s.Ranges = append(s.Ranges, gendefaults.Range(k))
	}
	if err := gendefaults.Check(s, "arena.toml", defaultTOML, *updateDefaults); err != nil {
		t.Fatal(err)
	}
}
