package telemetry_test

import (
	"testing"

	"github.com/go-gl/mathgl/mgl64"
	"github.com/seedgames/motorkit/components"
	"github.com/seedgames/motorkit/motors/fps"
	"github.com/seedgames/motorkit/systems"
	"github.com/seedgames/motorkit/telemetry"
	"github.com/yohamta/donburi"
)

// spawnFaller creates an FPS character without a level: the KCC stage only
// integrates gravity, so the character is airborne on every tick.
func spawnFaller(t testing.TB, w donburi.World) *donburi.Entry {
	t.Helper()
	m, err := fps.New(fps.DefaultConfig())
	if err != nil {
		t.Fatal(err)
	}
	e := w.Entry(w.Create(components.Command, components.View, components.Motor, components.Intent,
		components.JumpBuffer, components.Body, components.KCC))
	components.Motor.Get(e).Motor = m
	g, js, mf := m.Vertical()
	k := components.KCC.Get(e)
	k.Gravity, k.JumpSpeed, k.MaxFallSpeed = g, js, mf
	components.Body.Get(e).Position = mgl64.Vec3{0, 100, 0}
	return e
}

// A press buffered in the air followed by a UI capture freezes the buffer
// (CaptureFreeze, the default policy): the buffer stays positive with no
// consume, so the hook's recorder dumps once, on the 16th positive tick,
// with the ui_captured reason.
func TestHookRecordsEveryTickAndDumpsAFrozenBuffer(t *testing.T) {
	w := donburi.NewWorld()
	p := systems.NewPipeline(w, systems.Options{TickRate: 60})
	r := systems.NewRunner(p, systems.RunnerOptions{})
	h := telemetry.NewHook()
	h.Install(p)
	e := spawnFaller(t, w)
	rec := telemetry.Attach(e, telemetry.Options{TickRate: 60})
	if telemetry.Of(e) != rec || rec.Threshold() != 15 {
		t.Fatal("attach")
	}

	// Frame 0: one tick, nothing pressed. Frame 1: press jump (two ticks
	// in this frame). Then the UI captures input for 40 frames of one tick.
	h.Advance(r, 1.0/60)
	systems.Submit(e, components.CommandData{JumpPressed: true, JumpHeld: true})
	if n := h.Advance(r, 2.0/60); n != 2 {
		t.Fatalf("frame ran %d ticks", n)
	}
	for i := 0; i < 40; i++ {
		systems.Submit(e, components.CommandData{JumpHeld: true, UICaptured: true})
		h.Advance(r, 1.0/60)
	}
	ring := rec.Ring()
	if ring.Len() != 43 {
		t.Fatalf("recorded %d ticks, want 43", ring.Len())
	}
	press := ring.At(1)
	if !press.JumpPressed || press.Steps != 2 || press.Frame != 2 || press.Grounded || press.Consumed ||
		press.BufferTicks != fps.DefaultConfig().JumpRules(60).BufferTicks+1 {
		t.Fatalf("press tick %+v", press)
	}
	if ring.At(2).JumpPressed {
		t.Fatal("the edge was seen by two ticks")
	}
	if rec.Dumps() != 1 {
		t.Fatalf("dumps %d, want 1", rec.Dumps())
	}
	d := rec.LastDump()
	// The buffer is positive from tick 1 (the press) on: 9 on tick 1, 8 on
	// tick 2, then frozen at 8 while captured. The 16th positive tick is 16.
	if d.TriggerTick != 16 || d.Flags != telemetry.ReasonUICaptured {
		t.Fatalf("dump at tick %d reasons %s", d.TriggerTick, d.Flags)
	}
	last := d.Ticks[len(d.Ticks)-1]
	if !last.UICaptured || last.BufferTicks != 8 || last.Velocity[1] >= 0 {
		t.Fatalf("trigger record %+v", last)
	}
}

func BenchmarkHookTick(b *testing.B) {
	w := donburi.NewWorld()
	p := systems.NewPipeline(w, systems.Options{TickRate: 60})
	h := telemetry.NewHook()
	h.Install(p)
	e := spawnFaller(b, w)
	telemetry.Attach(e, telemetry.Options{})
	for i := 0; i < 300; i++ {
		p.Step()
	}
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		h.System(w, systems.Tick{N: uint64(i), Dt: 1.0 / 60, Rate: 60})
	}
}
