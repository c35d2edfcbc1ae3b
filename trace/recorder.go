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

	// state hashes: every checkEvery recorded ticks, checkHash's value
	checkEvery int
	checkKind  string
	checkHash  func() uint64
	ticks      int

	carOf func(*donburi.Entry) Car
}

// CarFrom makes Attach record the car input that f reads from the entity
// (a game steered by heading, such as the flail game: its match.RecordCar);
// call it before Attach. Without it the recorded car input is zero.
func (r *Recorder) CarFrom(f func(e *donburi.Entry) Car) { r.carOf = f }

// CheckEvery sets the spacing and the state hash of the trace's Check; call
// it before Attach. By default (or with a nil hash) the check is kind
// "entity", EntityHash of the recorded entity, every DefaultCheckEvery ticks
// (or every ticks). kind names the hash for the replayer. every < 0 turns
// the check off.
func (r *Recorder) CheckEvery(every int, kind string, hash func() uint64) {
	r.checkEvery, r.checkKind, r.checkHash = every, kind, hash
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
		var car Car
		if r.carOf != nil {
			car = r.carOf(e)
		}
		r.Record(*components.Command.Get(e), car, components.View.Get(e).Yaw)
	})
	if r.checkHash == nil && r.checkEvery >= 0 {
		if r.checkEvery == 0 {
			r.checkEvery = DefaultCheckEvery
		}
		r.checkKind = "entity"
		r.checkHash = func() uint64 {
			if !p.World().Valid(ent) {
				return 0
			}
			return EntityHash(p.World().Entry(ent))
		}
	}
	p.Add(systems.StageCleanup, "trace.check", func(donburi.World, systems.Tick) { r.AfterTick() })
}

// AfterTick counts a recorded tick and, every CheckEvery ticks, appends the
// state hash to the trace's Check. Attach calls it at the end of every tick;
// call it yourself (after CheckEvery) when calling Record by hand.
func (r *Recorder) AfterTick() {
	if r.frozen || r.checkEvery <= 0 || r.checkHash == nil {
		return
	}
	r.ticks++
	if r.ticks%r.checkEvery == 0 {
		if r.tr.Check == nil {
			r.tr.Check = &Check{Every: r.checkEvery, Kind: r.checkKind}
		}
		r.tr.Check.Hashes = append(r.tr.Check.Hashes, FormatHash(r.checkHash()))
	}
}

// Record appends one tick's command, car input and view yaw. Attach calls
// it; call it yourself only when driving ticks by hand.
func (r *Recorder) Record(cmd components.CommandData, car Car, yaw float64) {
	y, a := yaw, car.Aim
	jp, jh := cmd.JumpPressed, cmd.JumpHeld
	pp, ph := car.PrimaryPressed, car.PrimaryHeld
	s := Segment{Ticks: 1, Forward: cmd.Forward, Strafe: cmd.Strafe,
		JumpPressed: &jp, JumpHeld: &jh, Sprint: cmd.Sprint, Walk: cmd.Walk,
		Crouch: cmd.Crouch, UICaptured: cmd.UICaptured, Yaw: &y, Aim: &a,
		Throttle: car.Throttle, PrimaryPressed: &pp, PrimaryHeld: &ph}
	if cmd.DashPressed { // written only when pressed: most games never dash
		dp := true
		s.DashPressed = &dp
	}
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
	if r.tr.Check != nil {
		c := *r.tr.Check
		c.Hashes = append([]string(nil), c.Hashes...)
		t.Check = &c
	}
	return &t
}

func sameCommand(a, b *Segment) bool {
	return a.Forward == b.Forward && a.Strafe == b.Strafe &&
		eqB(a.JumpPressed, b.JumpPressed) && eqB(a.JumpHeld, b.JumpHeld) &&
		a.Sprint == b.Sprint && a.Walk == b.Walk && a.Crouch == b.Crouch &&
		a.UICaptured == b.UICaptured && eqF(a.Yaw, b.Yaw) && eqF(a.Aim, b.Aim) &&
		a.Throttle == b.Throttle && eqB(a.PrimaryPressed, b.PrimaryPressed) &&
		eqB(a.PrimaryHeld, b.PrimaryHeld) && eqB(a.DashPressed, b.DashPressed)
}

func eqB(a, b *bool) bool { return (a == nil) == (b == nil) && (a == nil || *a == *b) }

// eqF compares bit patterns so that NaN never merges and -0 != +0 stays exact.
func eqF(a, b *float64) bool {
	if (a == nil) != (b == nil) {
		return false
	}
	return a == nil || math.Float64bits(*a) == math.Float64bits(*b)
}
