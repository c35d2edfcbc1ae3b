package telemetry

import (
	"bytes"
	"math"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/go-gl/mathgl/mgl64"
)

func TestRingKeepsTheLastNInOrder(t *testing.T) {
	if NewRing(0).Cap() != DefaultTicks || DefaultTicks != 240 {
		t.Fatal("default ring length must be 240")
	}
	r := NewRing(5)
	if _, ok := r.Last(); ok || r.Len() != 0 {
		t.Fatal("empty ring")
	}
	for i := uint64(0); i < 12; i++ {
		r.Record(Record{Tick: i})
		want := int(i + 1)
		if want > 5 {
			want = 5
		}
		if r.Len() != want {
			t.Fatalf("after %d records Len %d, want %d", i+1, r.Len(), want)
		}
	}
	got := r.AppendTo(nil)
	for i, rec := range got {
		if rec.Tick != uint64(7+i) {
			t.Fatalf("order %v", got)
		}
	}
	if last, _ := r.Last(); last.Tick != 11 {
		t.Fatalf("last %d", last.Tick)
	}
	if r.At(-1) != (Record{}) || r.At(5) != (Record{}) {
		t.Fatal("out-of-range At must give the zero record")
	}
	r.Reset()
	if r.Len() != 0 {
		t.Fatal("reset")
	}
}

func TestReasonNames(t *testing.T) {
	r := ReasonGrounded | ReasonUICaptured
	if r.String() != "grounded|ui_captured" || Reason(0).String() != "none" ||
		(ReasonCoyote|ReasonConsumed).String() != "coyote|consumed" {
		t.Fatalf("%s", r)
	}
	if got := ReasonOf(Record{Grounded: true, CoyoteTicks: 2, UICaptured: true, Consumed: true}); got != 15 {
		t.Fatalf("ReasonOf %v", got)
	}
}

func TestDetectorFiresOnceWhenBufferOutlivesThreshold(t *testing.T) {
	if ThresholdTicks(DefaultThresholdSeconds, 60) != 15 || ThresholdTicks(0, 60) != 1 {
		t.Fatal("threshold conversion: 0.25 s at 60 Hz is 15 ticks")
	}
	d := Detector{Threshold: 3}
	// A buffer positive for exactly the threshold does not fire.
	for i := 0; i < 3; i++ {
		if d.Observe(&Record{BufferTicks: 5}) {
			t.Fatalf("fired at run %d", i+1)
		}
	}
	if d.Observe(&Record{BufferTicks: 0}) {
		t.Fatal("fired on an empty buffer")
	}
	// Four in a row fires on the fourth, once.
	fired := 0
	for i := 0; i < 10; i++ {
		if d.Observe(&Record{BufferTicks: 5}) {
			fired++
			if i != 3 {
				t.Fatalf("fired at run %d, want 4", i+1)
			}
		}
	}
	if fired != 1 || d.Run() != 10 {
		t.Fatalf("fired %d times, run %d", fired, d.Run())
	}
	// A consume ends the episode; a new one can fire again.
	d.Observe(&Record{BufferTicks: 5, Consumed: true})
	if d.Run() != 0 {
		t.Fatal("consume must reset the run")
	}
	for i := 0; i < 4; i++ {
		fired = 0
		if d.Observe(&Record{BufferTicks: 1}) {
			fired++
		}
	}
	if fired != 1 {
		t.Fatal("second episode did not fire")
	}
}

// stuckUI builds the records of a press buffered in the air whose buffer
// then freezes while the UI captures input (the freeze policy): the buffer
// stays at 8 for 30 ticks.
func stuckUI(rec *Recorder) []*Dump {
	var dumps []*Dump
	for i := uint64(0); i < 40; i++ {
		r := Record{Tick: 100 + i, Dt: 1.0 / 60, Steps: 1, Position: mgl64.Vec3{0, 2 - float64(i)*0.01, 0}}
		switch {
		case i < 5:
		case i == 5:
			r.JumpPressed, r.JumpDown, r.BufferTicks = true, true, 8
		case i < 35:
			r.UICaptured, r.BufferTicks, r.JumpDown = true, 8, true
		}
		if d := rec.Record(r); d != nil {
			dumps = append(dumps, d)
		}
	}
	return dumps
}

func TestRecorderDumpsAStuckBufferWithReasonsAndWritesReadableTOML(t *testing.T) {
	dir := t.TempDir()
	var seen []*Dump
	rec := NewRecorder(Options{Ticks: 32, Entity: 7, Dir: dir, OnDump: func(d *Dump) { seen = append(seen, d) }})
	dumps := stuckUI(rec)
	// Positive buffer from tick 105 on; the threshold is 15 ticks, so the
	// 16th positive tick (105+15 = 120) triggers, once.
	if len(dumps) != 1 || len(seen) != 1 || rec.Dumps() != 1 || rec.LastDump() != dumps[0] {
		t.Fatalf("dumps %d (callback %d)", len(dumps), len(seen))
	}
	d := dumps[0]
	if d.TriggerTick != 120 || d.StuckTicks != 16 || d.ThresholdTicks != 15 || d.Kind != KindStuckBuffer || d.Entity != 7 {
		t.Fatalf("dump header %+v", d)
	}
	if d.Flags != ReasonUICaptured || !d.UICaptured || d.Grounded || d.Coyote || d.Consumed ||
		!reflect.DeepEqual(d.Reasons, []string{"ui_captured"}) {
		t.Fatalf("reasons %v %v", d.Flags, d.Reasons)
	}
	if len(d.Ticks) != 21 || d.Ticks[0].Tick != 100 || d.Ticks[20].Tick != 120 || !d.Ticks[5].JumpPressed {
		t.Fatalf("dump holds %d ticks from %d", len(d.Ticks), d.Ticks[0].Tick)
	}
	if rec.Err() != nil {
		t.Fatal(rec.Err())
	}
	data, err := os.ReadFile(filepath.Join(dir, "jumpdump_e7_t120.toml"))
	if err != nil {
		t.Fatal(err)
	}
	text := string(data)
	for _, want := range []string{
		"# motorkit jump telemetry dump: entity 7, stuck_buffer at tick 120, reasons ui_captured",
		`reasons = ["ui_captured"]`, "ui_captured = true", "grounded = false", "[[tick]]",
		"buffer_ticks = 8", "jump_pressed = true", "trigger_tick = 120",
	} {
		if !strings.Contains(text, want) {
			t.Errorf("dump file lacks %q:\n%s", want, text[:400])
		}
	}
	back, err := ParseDump(data, "dump.toml")
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(back, d) {
		t.Fatalf("dump does not round-trip:\n%+v\n%+v", back, d)
	}
}

func TestManualDumpAndBadNumbers(t *testing.T) {
	rec := NewRecorder(Options{Ticks: 4, ThresholdTicks: 100})
	if rec.DumpNow() != nil {
		t.Fatal("dump of an empty ring")
	}
	rec.Record(Record{Tick: 1, Grounded: true, Consumed: true, Velocity: mgl64.Vec3{math.NaN(), math.Inf(1), 0}, Position: mgl64.Vec3{math.Inf(-1), 0, 0}})
	d := rec.DumpNow()
	if d == nil || d.Kind != KindManual || d.Flags != ReasonGrounded|ReasonConsumed || rec.Threshold() != 100 {
		t.Fatalf("manual dump %+v", d)
	}
	if d.Ticks[0].Velocity != (mgl64.Vec3{}) || d.Ticks[0].Position != (mgl64.Vec3{}) {
		t.Fatalf("non-finite values stored: %+v", d.Ticks[0])
	}
	var b bytes.Buffer
	if err := d.WriteTOML(&b); err != nil || strings.Contains(b.String(), "NaN") || strings.Contains(b.String(), "nan") {
		t.Fatalf("%v\n%s", err, b.String())
	}
	if _, err := ParseDump([]byte("entity = 1\nbogus = 2\n"), "x.toml"); err == nil {
		t.Fatal("unknown key accepted")
	}
	if _, err := d.WriteFile(filepath.Join(t.TempDir(), "f", "\x00bad")); err == nil {
		t.Fatal("bad dir accepted")
	}
}

func BenchmarkRecorderRecord(b *testing.B) {
	rec := NewRecorder(Options{})
	r := Record{Dt: 1.0 / 60, Steps: 1, Grounded: true, Velocity: mgl64.Vec3{1, 0, 0}}
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		r.Tick = uint64(i)
		r.BufferTicks = i & 7 // never stuck: no dump
		rec.Record(r)
	}
}

// BenchmarkBaselineArrayWrite is the baseline for BenchmarkRecorderRecord:
// storing the same record into a plain array slot with a wrapping index.
func BenchmarkBaselineArrayWrite(b *testing.B) {
	var buf [DefaultTicks]Record
	r := Record{Dt: 1.0 / 60, Steps: 1, Grounded: true, Velocity: mgl64.Vec3{1, 0, 0}}
	j := 0
	for i := 0; i < b.N; i++ {
		r.Tick = uint64(i)
		r.BufferTicks = i & 7
		buf[j] = r
		if j++; j == len(buf) {
			j = 0
		}
	}
	if buf[0].Dt == 0 && b.N > 0 {
		b.Fatal("not written")
	}
}

func TestAppendOverlay(t *testing.T) {
	r := Record{Tick: 36, Frame: 12, Steps: 1, Dt: 1.0 / 60, FrameDt: 1.0 / 60, JumpDown: true,
		BufferTicks: 9, Grounded: true, UICaptured: true, Velocity: mgl64.Vec3{0, -0.4, 0}}
	got := string(AppendOverlay(nil, &r))
	want := "tick 36 frame 12 steps 1 dt 0.0167 frame_dt 0.0167 | space down - | buffer 9 coyote 0 | grounded - - ui | vel 0.00 -0.40 0.00"
	if got != want {
		t.Fatalf("overlay\n got %q\nwant %q", got, want)
	}
	r = Record{JumpPressed: true, RequestJump: true, Consumed: true}
	if got := string(AppendOverlay(nil, &r)); !strings.Contains(got, "| space - pressed |") || !strings.Contains(got, "| - request consumed - |") {
		t.Fatalf("overlay %q", got)
	}
	buf := make([]byte, 0, 256)
	if n := testing.AllocsPerRun(100, func() { buf = AppendOverlay(buf[:0], &r) }); n != 0 {
		t.Fatalf("AppendOverlay allocates %v times", n)
	}
}

func FuzzParseDump(f *testing.F) {
	var b bytes.Buffer
	d := &Dump{Entity: 1, Kind: KindManual, Flags: ReasonGrounded, Ticks: []Record{{Tick: 3, Grounded: true}}}
	d.fillFlags()
	if err := d.WriteTOML(&b); err != nil {
		f.Fatal(err)
	}
	f.Add(b.Bytes())
	f.Add([]byte("[[tick]]\nposition = [1, 2]\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		d, err := ParseDump(data, "fuzz.toml")
		if err != nil {
			return
		}
		var out bytes.Buffer
		if err := d.WriteTOML(&out); err != nil {
			t.Fatalf("a parsed dump does not write: %v", err)
		}
	})
}
