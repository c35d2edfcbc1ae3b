package telemetry

import (
	"github.com/seedgames/motorkit/components"
	"github.com/seedgames/motorkit/systems"
	"github.com/yohamta/donburi"
	"github.com/yohamta/donburi/filter"
)

// Data is the telemetry component: the entity's recorder.
type Data struct {
	Rec *Recorder
}

// Component is the donburi component type holding an entity's Recorder.
var Component = donburi.NewComponentType[Data]()

// Attach gives entity e a recorder with options o (adding the component if
// needed) and returns it. Options.Entity defaults to the entity's id.
func Attach(e *donburi.Entry, o Options) *Recorder {
	if e == nil || !e.Valid() {
		return nil
	}
	if o.Entity == 0 {
		o.Entity = uint64(e.Entity().Id())
	}
	rec := NewRecorder(o)
	if !e.HasComponent(Component) {
		e.AddComponent(Component)
	}
	Component.Get(e).Rec = rec
	return rec
}

// Of returns e's recorder, or nil.
func Of(e *donburi.Entry) *Recorder {
	if e == nil || !e.Valid() || !e.HasComponent(Component) {
		return nil
	}
	return Component.Get(e).Rec
}

// Hook records one Record per tick for every entity with a recorder, a Body,
// a KCC and a JumpBuffer (Command and Intent are read when present). Add
// Hook.System after the KCC stage, where the tick's command edges, the
// consume flag and the moved body are all visible:
//
//	h := telemetry.NewHook()
//	h.Install(p) // p.AddAfter(systems.StageKCC, "telemetry", h.System)
//
// To fill Frame, FrameDt and Steps, drive the runner through h.Advance (or
// call h.BeginFrame before each runner.Advance).
type Hook struct {
	q       *donburi.Query
	frame   uint64
	frameDt float64
	steps   int
	cur     systems.Tick
	each    func(*donburi.Entry)
}

// NewHook returns a hook with its query cached.
func NewHook() *Hook {
	h := &Hook{q: donburi.NewQuery(filter.Contains(Component, components.Body, components.KCC, components.JumpBuffer))}
	h.each = h.record
	return h
}

// Install adds h.System to p after the KCC stage's built-in system.
func (h *Hook) Install(p *systems.Pipeline) {
	p.AddAfter(systems.StageKCC, "telemetry", h.System)
}

// BeginFrame tells the hook that a render frame of frameDt seconds starts
// and will run steps ticks.
func (h *Hook) BeginFrame(frameDt float64, steps int) {
	h.frame++
	h.frameDt = frameDt
	h.steps = steps
}

// Advance is runner.Advance(frameDt) with the frame reported to the hook
// first; it returns the ticks run.
func (h *Hook) Advance(r *systems.Runner, frameDt float64) int {
	h.BeginFrame(frameDt, r.StepsFor(frameDt))
	return r.Advance(frameDt)
}

// System is the pipeline system (a systems.Func).
func (h *Hook) System(w donburi.World, t systems.Tick) {
	h.cur = t
	h.q.Each(w, h.each)
}

func (h *Hook) record(e *donburi.Entry) {
	rec := Component.Get(e).Rec
	if rec == nil {
		return
	}
	body := components.Body.Get(e)
	k := components.KCC.Get(e)
	jb := components.JumpBuffer.Get(e)
	r := Record{
		Tick:        h.cur.N,
		Frame:       h.frame,
		Dt:          h.cur.Dt,
		FrameDt:     h.frameDt,
		Steps:       h.steps,
		BufferTicks: jb.BufferTicks,
		CoyoteTicks: jb.CoyoteTicks,
		Grounded:    k.Grounded,
		Consumed:    jb.ConsumedThisTick,
		RequestJump: jb.RequestJump,
		Position:    body.Position,
		Velocity:    body.Velocity,
	}
	if e.HasComponent(components.Command) {
		c := components.Command.Get(e)
		r.JumpDown, r.JumpPressed, r.UICaptured = c.JumpHeld, c.JumpPressed, c.UICaptured
	}
	rec.Record(r)
}
