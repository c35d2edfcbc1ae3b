package trace

import (
	"github.com/seedgames/motorkit/components"
	"github.com/seedgames/motorkit/systems"
	"github.com/yohamta/donburi"
	"math"
)

// Recorder captures the commands one entity's ticks actually see, as a
// trace that replays to bit-identical samples. Attach it to a pipeline with
// Attach; it records at the start of every tick (before the intent stage),
// after Submit has merged the frame's input, so frames that ran zero or
// several ticks are captured exactly as the simulation saw them.
type Recorder struct {
	tr     Trace
	ent    donburi.Entity
	last   *Segment
	frozen bool
}

// NewRecorder returns a recorder whose trace header (tick rate, prefab,
// level, override, spawn) is taken from header; its segments are ignored.
func NewRecorder(header Trace) *Recorder {
	h := header
	h.Segments = nil
	h.applyDefaults()
	return &Recorder{tr: h}
}

// Attach makes the recorder capture entity ent's commands on every tick of
// p, and sets the trace's tick rate to the pipeline's.
func (r *Recorder) Attach(p *systems.Pipeline, ent donburi.Entity) {
	r.ent = ent
	r.tr.TickRate = p.TickRate()
	p.AddBefore(systems.StageIntent, "trace.record", func(w donburi.World, _ systems.Tick) {
		if r.frozen || !w.Valid(ent) {
			return
		}
		e := w.Entry(ent)
		if !e.HasComponent(components.Command) || !e.HasComponent(components.View) {
			return
		}
		r.Record(*components.Command.Get(e), components.View.Get(e).Yaw)
	})
}

// Record appends one tick's command and view yaw. Attach calls it; call it
// yourself only when driving ticks by hand.
func (r *Recorder) Record(cmd components.CommandData, yaw float64) {
	y, a := yaw, cmd.AimAngle
	jp, jh := cmd.JumpPressed, cmd.JumpHeld
	pp, ph := cmd.PrimaryPressed, cmd.PrimaryHeld
	s := Segment{Ticks: 1, Forward: cmd.Forward, Strafe: cmd.Strafe,
		JumpPressed: &jp, JumpHeld: &jh, Sprint: cmd.Sprint, Walk: cmd.Walk,
		Crouch: cmd.Crouch, UICaptured: cmd.UICaptured, Yaw: &y, Aim: &a,
		Throttle: cmd.Throttle, PrimaryPressed: &pp, PrimaryHeld: &ph}
	if r.last != nil && sameCommand(r.last, &s) {
		r.last.Ticks++
		return
	}
	r.tr.Segments = append(r.tr.Segments, s)
	r.last = &r.tr.Segments[len(r.tr.Segments)-1]
}

// Stop ends recording; later ticks are not captured.
func (r *Recorder) Stop() { r.frozen = true }

// Trace returns a copy of the recorded trace.
func (r *Recorder) Trace() *Trace {
	t := r.tr
	t.Segments = append([]Segment(nil), r.tr.Segments...)
	return &t
}

func sameCommand(a, b *Segment) bool {
	return a.Forward == b.Forward && a.Strafe == b.Strafe &&
		eqB(a.JumpPressed, b.JumpPressed) && eqB(a.JumpHeld, b.JumpHeld) &&
		a.Sprint == b.Sprint && a.Walk == b.Walk && a.Crouch == b.Crouch &&
		a.UICaptured == b.UICaptured && eqF(a.Yaw, b.Yaw) && eqF(a.Aim, b.Aim) &&
		a.Throttle == b.Throttle && eqB(a.PrimaryPressed, b.PrimaryPressed) &&
		eqB(a.PrimaryHeld, b.PrimaryHeld)
}

func eqB(a, b *bool) bool { return (a == nil) == (b == nil) && (a == nil || *a == *b) }

// eqF compares bit patterns so that NaN never merges and -0 != +0 stays exact.
func eqF(a, b *float64) bool {
	if (a == nil) != (b == nil) {
		return false
	}
	return a == nil || math.Float64bits(*a) == math.Float64bits(*b)
}
