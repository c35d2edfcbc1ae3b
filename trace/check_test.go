package trace_test

import (
	"errors"
	"path/filepath"
	"strings"
	"testing"

	"github.com/seedgames/motorkit/trace"
)

// TestReplayReportsFirstDivergence: replaying a recording under a changed
// config (a slower top speed) reports the first check tick at or after the
// first tick whose samples differ, derived here from the samples of both
// runs; a recording round-trips through its TOML with every hash matching.
func TestReplayReportsFirstDivergence(t *testing.T) {
	tr, err := trace.Load(filepath.Join("..", "testdata", "replays", "rpg.toml"))
	if err != nil {
		t.Fatal(err)
	}
	base, err := trace.Replay(tr)
	if err != nil {
		t.Fatal(err)
	}
	if err := base.Verify(); err != nil || base.Checks != len(tr.Check.Hashes) {
		t.Fatalf("unchanged replay: %v after %d checks", err, base.Checks)
	}
	changed, err := trace.Replay(tr, trace.WithOverride("[motor]\nmax_speed = 5.5\n"))
	if err != nil {
		t.Fatal(err)
	}
	first := -1
	for i := range base.Samples {
		a, b := base.Samples[i], changed.Samples[i]
		if a.Position != b.Position || a.Velocity != b.Velocity || a.Yaw != b.Yaw ||
			a.Grounded != b.Grounded || a.Crouched != b.Crouched {
			first = i + 1 // ticks count from 1
			break
		}
	}
	if first < 0 {
		t.Fatal("the override changed nothing")
	}
	every := tr.Check.Every
	want := (first + every - 1) / every * every
	var d *trace.Divergence
	if err := changed.Verify(); !errors.As(err, &d) {
		t.Fatalf("changed replay: Verify = %v, want a divergence", err)
	}
	if d.Tick != want || d.Every != every || d.Want == d.Got {
		t.Fatalf("divergence %+v, want tick %d (first differing tick %d, every %d)", d, want, first, every)
	}
	if !strings.Contains(d.Error(), "diverged") {
		t.Fatalf("error text %q", d.Error())
	}
	// Round trip: encode the recording, parse it back, replay: all match.
	data, err := tr.Encode()
	if err != nil {
		t.Fatal(err)
	}
	back, err := trace.Parse(data, "roundtrip.toml")
	if err != nil {
		t.Fatal(err)
	}
	again, err := trace.Replay(back)
	if err != nil || again.Verify() != nil || again.Checks != len(tr.Check.Hashes) {
		t.Fatalf("round trip: %v %v, %d checks", err, again.Verify(), again.Checks)
	}
}

// TestCheckValidation: malformed checks are load errors naming the key.
func TestCheckValidation(t *testing.T) {
	for _, tc := range []struct{ body, key string }{
		{"[check]\nevery = 0\nkind = \"entity\"\nhashes = []\n", "check.every"},
		{"[check]\nevery = 60\nkind = \"planet\"\nhashes = []\n", "check.kind"},
		{"[check]\nevery = 60\nkind = \"entity\"\nhashes = [\"xyz\"]\n", "check.hashes[0]"},
	} {
		_, err := trace.Parse([]byte("[[segment]]\nticks = 10\n"+tc.body), "bad.toml")
		if err == nil || !strings.Contains(err.Error(), tc.key) {
			t.Errorf("%q: error %v, want one naming %s", tc.body, err, tc.key)
		}
	}
}
