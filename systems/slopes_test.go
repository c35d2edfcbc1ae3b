package systems_test

import (
	"fmt"
	"math"
	"path/filepath"
	"strings"
	"testing"

	"github.com/go-gl/mathgl/mgl64"
	"github.com/seedgames/motorkit/trace"
)

// Speeds on slopes (docs/architecture.md#speeds-on-slopes), by replaying
// the traces of testdata/slopes through the real pipeline for every recipe:
// full stick up, down and across the 10°, 25° and 40° ramps of the "slopes"
// level. The speeds are measured over the middle of the ramp (steady state)
// as the distance between the first and last tick there over the time:
// along the ground (3D) and planar (XZ).
//
// What each motor caps, and the expected numbers for a flat-ground speed s
// and a slope angle a:
//   - along the ground (arena, fps, rpg, basic): the motor aims its planar
//     velocity at the planar part of the ground-tangent direction, which the
//     KCC stage lifts back onto the slope: along = s on every slope; planar
//     = s·cos a straight up or down, s across.
//   - planar (hybrid: the design's velocity.x/z): planar = s; along =
//     s/cos a straight up or down, s across.
//   - hybrid with [kcc] floor_constant_speed = true: along = s, planar =
//     s·cos a up or down.
// Downhill equals uphill: on walkable ground below the slide angle the
// stored velocity is planar and gravity adds nothing.

type slopeSpeeds struct{ along, planar float64 }

// slopeWindow reports whether a sample is in the middle of the ramp for the
// trace's direction (away from the foot, the top and the approach).
func slopeWindow(dir string, deg float64, p mgl64.Vec3) bool {
	run := 24 * math.Cos(deg*math.Pi/180)
	z0 := map[float64]float64{10: 0, 25: 40, 40: 80}[deg]
	switch dir {
	case "up":
		return p[0] > 5+0.3*run && p[0] < 5+0.8*run
	case "down":
		return p[0] > 5+0.2*run && p[0] < 5+0.65*run
	default:
		return p[2] > z0-3 && p[2] < z0+9
	}
}

func slopeReplay(t *testing.T, recipe, dir string, deg float64, override string) slopeSpeeds {
	t.Helper()
	tr, err := trace.Load(filepath.Join("..", "testdata", "slopes", fmt.Sprintf("%s_%.0f.toml", dir, deg)))
	if err != nil {
		t.Fatal(err)
	}
	tr.Prefab, tr.Override = recipe, override
	res, err := trace.Replay(tr)
	if err != nil {
		t.Fatal(err)
	}
	first, last := -1, -1
	for i, s := range res.Samples {
		if i > 30 && slopeWindow(dir, deg, s.Position) {
			if first < 0 {
				first = i
			}
			last = i
		} else if first >= 0 {
			break
		}
	}
	if first < 0 || last-first < 30 {
		t.Fatalf("%s %s %v°: %d ticks on the middle of the ramp (ended at %v)", recipe, dir, deg, last-first, res.Samples[len(res.Samples)-1].Position)
	}
	for _, s := range res.Samples[first : last+1] {
		if !s.Grounded {
			t.Fatalf("%s %s %v°: airborne at tick %d on the ramp", recipe, dir, deg, s.Tick)
		}
	}
	d := res.Samples[last].Position.Sub(res.Samples[first].Position)
	dt := float64(last-first) / tr.TickRate
	return slopeSpeeds{along: d.Len() / dt, planar: math.Hypot(d[0], d[2]) / dt}
}

func TestSpeedsOnSlopes(t *testing.T) {
	for _, c := range []struct {
		recipe, override string
		flat             float64 // the recipe's ground speed at full stick
		alongCapped      bool
	}{
		{"capsule_walker", "", 5, true}, // basic max_speed
		{"arena_player", "", 8, true},   // arena max ground speed
		{"rpg_player", "", 6, true},     // rpg max_speed
		{"fps_player", "", 3.5, true},   // fps walk speed
		{"hybrid_player", "", 3, false}, // hybrid run tier
		{"hybrid_player", "[kcc]\nfloor_constant_speed = true\n", 3, true},
	} {
		var table strings.Builder
		for _, deg := range []float64{10, 25, 40} {
			cos := math.Cos(deg * math.Pi / 180)
			for _, dir := range []string{"up", "down", "across"} {
				got := slopeReplay(t, c.recipe, dir, deg, c.override)
				want := slopeSpeeds{c.flat, c.flat}
				switch {
				case dir == "across":
				case c.alongCapped:
					want.planar = c.flat * cos
				default:
					want.along = c.flat / cos
				}
				fmt.Fprintf(&table, " %s %2.0f°: %.4f/%.4f", dir, deg, got.along, got.planar)
				// Tolerance: the mean over the window of a motion that is
				// exact tick by tick up to the ground normal's rounding.
				if math.Abs(got.along-want.along) > 1e-3*c.flat || math.Abs(got.planar-want.planar) > 1e-3*c.flat {
					t.Errorf("%s %s %s %v°: along %.4f planar %.4f m/s, want %.4f and %.4f",
						c.recipe, c.override, dir, deg, got.along, got.planar, want.along, want.planar)
				}
			}
		}
		t.Logf("%s %q (along/planar m/s):%s", c.recipe, c.override, table.String())
	}
}
