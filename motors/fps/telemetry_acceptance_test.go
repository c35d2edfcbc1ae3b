package fps_test

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/seedgames/motorkit/systems"
	"github.com/seedgames/motorkit/telemetry"
	"github.com/seedgames/motorkit/trace"
	"github.com/yohamta/donburi"
)

// TestAcceptanceTelemetryDump replays the UI-freeze scenario with the
// telemetry hook installed: a press 2 ticks before landing, then the UI
// captures input for 30 ticks under the freeze policy, so the jump buffer
// stays positive (9, frozen) with no consume. The stuck-buffer threshold is
// 0.25 s = 15 ticks: the press tick p is the first positive tick, so the
// 16th, p+15, triggers one dump. By then the character has landed (tick
// p+2) and the UI holds focus: reasons grounded and ui_captured.
func TestAcceptanceTelemetryDump(t *testing.T) {
	tr, press, release := uiFreezeTrace(t)
	dir := t.TempDir()
	var rec *telemetry.Recorder
	res := replay(t, tr, trace.WithSetup(func(w donburi.World, p *systems.Pipeline) error {
		e, ok := firstPlayer(w)
		if !ok {
			return fmt.Errorf("no player")
		}
		rec = telemetry.Attach(e, telemetry.Options{TickRate: 60, Dir: dir, Entity: 1})
		telemetry.NewHook().Install(p)
		return nil
	}))
	if rec.Ring().Len() != len(res.Samples) {
		t.Fatalf("ring holds %d ticks, replay ran %d", rec.Ring().Len(), len(res.Samples))
	}
	if rec.Dumps() != 1 {
		t.Fatalf("%d dumps, want 1", rec.Dumps())
	}
	trigger := press + telemetry.ThresholdTicks(telemetry.DefaultThresholdSeconds, 60)
	name := fmt.Sprintf("jumpdump_e1_t%d.toml", trigger)
	data, err := os.ReadFile(filepath.Join(dir, name))
	if err != nil {
		t.Fatal(err)
	}
	text := string(data)
	for _, want := range []string{
		fmt.Sprintf("stuck_buffer at tick %d, reasons grounded|ui_captured", trigger),
		`kind = "stuck_buffer"`, `reasons = ["grounded", "ui_captured"]`,
		"grounded = true", "coyote = false", "ui_captured = true", "consumed = false",
		"threshold_ticks = 15", "stuck_ticks = 16",
	} {
		if !strings.Contains(text, want) {
			t.Errorf("dump lacks %q", want)
		}
	}
	d, err := telemetry.ParseDump(data, name)
	if err != nil {
		t.Fatal(err)
	}
	if d.TriggerTick != uint64(trigger) || d.Flags != telemetry.ReasonGrounded|telemetry.ReasonUICaptured {
		t.Fatalf("dump header %+v", d)
	}
	if len(d.Ticks) != trigger+1 || d.Ticks[0].Tick != 0 {
		t.Fatalf("dump holds %d ticks from %d, want every tick 0..%d", len(d.Ticks), d.Ticks[0].Tick, trigger)
	}
	p := d.Ticks[press]
	if !p.JumpPressed || !p.JumpDown || p.BufferTicks != rules.BufferTicks+1 || p.Grounded || p.Consumed || p.UICaptured {
		t.Fatalf("press record %+v", p)
	}
	for _, r := range d.Ticks[press+1:] {
		if !r.UICaptured || r.BufferTicks != rules.BufferTicks+1 || r.Consumed || r.JumpPressed {
			t.Fatalf("captured record %+v: want the buffer frozen at %d", r, rules.BufferTicks+1)
		}
	}
	if last := d.Ticks[trigger]; !last.Grounded || last.Velocity.Len() != 0 {
		t.Fatalf("trigger record %+v", last)
	}
	// The freeze policy then jumps on the release tick, which ends the
	// episode without a second dump.
	if c := consumes(res); !eqInts(c, release) {
		t.Fatalf("consumed on %v, want [%d]", c, release)
	}
}

func firstPlayer(w donburi.World) (*donburi.Entry, bool) {
	return donburi.NewQuery(filterPlayer).First(w)
}
