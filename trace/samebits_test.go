package trace_test

import (
	"flag"
	"fmt"
	"hash/fnv"
	"math"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/seedgames/motorkit/flail/match"
	"github.com/seedgames/motorkit/internal/goldenfile"
	"github.com/seedgames/motorkit/systems"
	"github.com/seedgames/motorkit/trace"
	"github.com/yohamta/donburi"
)

var updateReplays = flag.Bool("update-replays", false,
	"rewrite testdata/replays (recorded replays and the trace golden hashes) from this build")

// allTraces lists every trace file of the repository's testdata, by motor.
func allTraces(t *testing.T) []string {
	t.Helper()
	var out []string
	for _, dir := range []string{"foundation", "arena", "rpg", "hybrid", "fps", "flail", "platformer"} {
		m, err := filepath.Glob(filepath.Join("..", "testdata", dir, "*.toml"))
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, m...)
	}
	sort.Strings(out)
	if len(out) < 40 {
		t.Fatalf("found only %d traces", len(out))
	}
	return out
}

// replay replays tr; the flail game's traces (prefab flail_player) get the
// game's systems installed, as the game does.
func replay(tr *trace.Trace, opts ...trace.Option) (*trace.Result, error) {
	if strings.HasPrefix(tr.Prefab, "flail") {
		opts = append(opts, trace.WithSetup(func(w donburi.World, p *systems.Pipeline) error {
			_, err := match.Install(p, match.Options{Seed: 1})
			return err
		}), trace.WithSubmit(match.ReplayCar))
	}
	return trace.Replay(tr, opts...)
}

// samplesHash hashes the bits of every sample's position, velocity, yaw,
// grounded, crouched and jump flags.
func samplesHash(res *trace.Result) uint64 {
	h := fnv.New64a()
	var b [8]byte
	put := func(f float64) {
		u := math.Float64bits(f)
		for i := range b {
			b[i] = byte(u >> (8 * i))
		}
		h.Write(b[:])
	}
	flag := func(v bool) {
		if v {
			put(1)
		} else {
			put(0)
		}
	}
	for _, s := range res.Samples {
		for i := 0; i < 3; i++ {
			put(s.Position[i])
			put(s.Velocity[i])
		}
		put(s.Yaw)
		flag(s.Grounded)
		flag(s.Crouched)
		flag(s.RequestJump)
		flag(s.JumpConsumed)
	}
	return h.Sum64()
}

// TestTraceGoldenBits: every trace of every motor replays to the sample
// bits recorded in testdata/replays/golden_bits.txt, one file for every
// platform (CI runs it on amd64 v1 and v3, arm64 and wasm).
func TestTraceGoldenBits(t *testing.T) {
	path := filepath.Join("..", "testdata", "replays", "golden_bits.txt")
	got := map[string]string{}
	var names []string
	for _, f := range allTraces(t) {
		tr, err := trace.Load(f)
		if err != nil {
			t.Fatal(err)
		}
		res, err := replay(tr)
		if err != nil {
			t.Fatalf("%s: %v", f, err)
		}
		name := filepath.Base(filepath.Dir(f)) + "/" + filepath.Base(f)
		names = append(names, name)
		got[name] = fmt.Sprintf("%016x", samplesHash(res))
	}
	goldenfile.Check(t, path, "trace sample hashes, the same on every platform (trace/samebits_test.go)", *updateReplays, "samples hash of", names, got)
}

// recordedReplays are one recorded replay per motor, with state hashes
// every 30 ticks, made by this test with -update-replays.
var recordedReplays = map[string]string{
	"basic.toml":  "foundation/mixed.toml",
	"arena.toml":  "arena/course_run.toml",
	"rpg.toml":    "rpg/traverse_course.toml",
	"hybrid.toml": "hybrid/ledge_run.toml",
	"fps.toml":    "fps/slope_jump.toml",
	"flail.toml":  "flail/throw_attract.toml",
}

// TestRecordedReplaysMatch: the recorded replay files, recorded once on
// linux/amd64, replay with every state hash matching on this platform.
func TestRecordedReplaysMatch(t *testing.T) {
	var names []string
	for n := range recordedReplays {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, name := range names {
		path := filepath.Join("..", "testdata", "replays", name)
		if *updateReplays {
			src, err := trace.Load(filepath.Join("..", "testdata", recordedReplays[name]))
			if err != nil {
				t.Fatal(err)
			}
			rec := trace.NewRecorder(*src)
			rec.CheckEvery(30, "entity", nil) // replaced by Attach's default hash
			if strings.HasPrefix(src.Prefab, "flail") {
				rec.CarFrom(match.RecordCar)
			}
			if _, err := replay(src, trace.WithRecorder(rec)); err != nil {
				t.Fatal(err)
			}
			if err := rec.Trace().Save(path); err != nil {
				t.Fatal(err)
			}
		}
		tr, err := trace.Load(path)
		if err != nil {
			t.Fatal(err)
		}
		res, err := replay(tr)
		if err != nil {
			t.Fatal(err)
		}
		if err := res.Verify(); err != nil {
			t.Errorf("%s: %v", name, err)
		}
		if tr.Check == nil || res.Checks != len(tr.Check.Hashes) || res.Checks < 3 {
			t.Errorf("%s: compared %d state hashes of the recording's %v", name, res.Checks, tr.Check)
		}
	}
}
